"""The check run once the cogs are loaded (``ComodinBot.setup_hook``) and by the
conformance test: every move a user types (:class:`bot.systems.plugin.Move`) answers a
command the cogs declare, and takes only options that command has (otherwise those
fields could never arrive); every system with moves is drawn (its renderers have a
board, a sheet card and an end summary). A failure stops the bot at start, naming the
system and what is missing."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.render.systems import renderers
from bot.systems import catalogue


def _command(
    tree: app_commands.CommandTree[Any], name: str
) -> app_commands.Command[Any, ..., Any] | None:
    """The tree's slash command for a move's ``command`` ("react:dodge" is /react dodge)."""
    path = name.split(":")
    found: Any = tree.get_command(path[0])
    for part in path[1:]:
        if not isinstance(found, app_commands.Group):
            return None
        found = found.get_command(part)
    return found if isinstance(found, app_commands.Command) else None


def command_problems(tree: app_commands.CommandTree[Any]) -> list[str]:
    """Every move a user types must answer a command the tree has, and take only options
    that command declares (else those fields could never arrive)."""
    found: list[str] = []
    for plugin in catalogue.plugins():
        for move in plugin.moves:
            if not move.typed:
                continue
            command = _command(tree, move.command)
            if command is None:
                found.append(f"{plugin.system}: no command /{move.command.replace(':', ' ')}")
                continue
            declared = {p.name for p in command.parameters}
            for option in move.options.model_fields:
                if option not in declared:
                    found.append(
                        f"{plugin.system}: /{move.command.replace(':', ' ')} has no option "
                        f"{option!r} (its move takes it)"
                    )
    return found


def renderer_problems() -> list[str]:
    """Every system has a board, a sheet card and an end summary."""
    found: list[str] = []
    for plugin in catalogue.plugins():
        drawn = renderers(plugin.system)
        for part in ("board", "card", "summary"):
            if getattr(drawn, part) is None:
                found.append(f"{plugin.system}: its renderers have no {part}")
    return found


def check_commands(tree: app_commands.CommandTree[Any]) -> None:
    """Raise :class:`~bot.systems.catalogue.PluginError` listing :func:`command_problems`
    and :func:`renderer_problems`."""
    found = command_problems(tree) + renderer_problems()
    if found:
        raise catalogue.PluginError("; ".join(found))
