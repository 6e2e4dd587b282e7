"""The catalogue of game systems: the one place a system is listed. Pure.

Everything that depends on which systems exist asks here: the encounter's state model
(:mod:`bot.systems.encounter`), ``/encounter start``'s choices, the dispatcher that hands
a command to the channel's system (``bot/commands/dispatch.py``), and the render layer,
which draws a system with the renderers its plugin names (``bot/render/systems.py``).

Each plugin is checked when it is loaded (:func:`bot.systems.plugin.problems`): a
missing core move or a plugin without renderers stops the bot at start, not a player in
the middle of a fight. The check of its options against the commands the cogs declare
runs when the command tree is built (``bot/commands/dispatch.py``,
``check_commands``).

A system outside ``bot/`` (the coin-flip duel the tests use) is added with
:func:`install` and taken away with :func:`uninstall`; nothing else changes.
"""

from __future__ import annotations

from typing import Any

from bot.i18n.catalog import add_locales, remove_locales
from bot.systems.base import RuleError
from bot.systems.ds20.plugin import PLUGIN as DS20
from bot.systems.plugin import Plugin, problems
from bot.systems.ritualhex.plugin import PLUGIN as RITUALHEX
from bot.systems.swade.plugin import PLUGIN as SWADE

BUILT_IN: tuple[Plugin[Any], ...] = (SWADE, RITUALHEX, DS20)
DEFAULT_SYSTEM = SWADE.system


class PluginError(Exception):
    """A plugin that cannot work: what is wrong, for its developer."""


_PLUGINS: dict[str, Plugin[Any]] = {}
_changes = 0  # bumped on every install and uninstall (caches of the render layer)


def _load(plugin: Plugin[Any]) -> None:
    found = problems(plugin)
    if found:
        raise PluginError("; ".join(found))
    if plugin.system in _PLUGINS:
        raise PluginError(f"{plugin.system}: listed twice")
    _PLUGINS[plugin.system] = plugin


for _plugin in BUILT_IN:
    _load(_plugin)


def plugins() -> list[Plugin[Any]]:
    """Every system, the built-in ones first, in the order they are listed."""
    return list(_PLUGINS.values())


def systems() -> list[str]:
    return list(_PLUGINS)


def plugin(system: str) -> Plugin[Any]:
    """The plugin of ``system``; a ``RuleError`` naming the known ones otherwise."""
    try:
        return _PLUGINS[system]
    except KeyError:
        raise RuleError(
            "encounter.unknown_system", system=system, systems=", ".join(_PLUGINS)
        ) from None


def changes() -> int:
    """How many times the catalogue changed (installs and uninstalls) since start."""
    return _changes


def install(plugin: Plugin[Any]) -> None:
    """Add a system from outside ``bot/`` (checked like the built-in ones)."""
    global _changes
    _load(plugin)
    if plugin.locales is not None:
        add_locales(plugin.locales)
    _changes += 1


def uninstall(system: str) -> None:
    """Take away a system :func:`install` added."""
    global _changes
    if any(p.system == system for p in BUILT_IN):
        raise PluginError(f"{system} is built in")
    plugin = _PLUGINS.pop(system)
    if plugin.locales is not None:
        remove_locales(plugin.locales)
    _changes += 1
