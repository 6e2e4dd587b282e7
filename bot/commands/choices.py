"""Fixed choices of the shared options (range bands, cover, lighting, sides); the game
systems a command can name, and which systems a shared command or option is for, built
from the catalogue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.systems import catalogue
from bot.systems.plugin import Plugin

RANGE = [app_commands.Choice(name=_(n), value=n) for n in ("short", "medium", "long", "extreme")]
# Cover's "medium" has a name of its own: in Spanish the cover is "media" (la cobertura),
# the range "medio" (el alcance). English shows both as "medium"; a language the bot has
# no text for shows "medium cover".
COVER = [
    app_commands.Choice(name=_(name), value=value)
    for name, value in (
        ("light", "light"),
        ("medium cover", "medium"),
        ("heavy", "heavy"),
        ("near_total", "near_total"),
    )
]
LIGHT = [app_commands.Choice(name=_(n), value=n) for n in ("dim", "dark", "pitch_black")]
SIDES = [
    app_commands.Choice(name=_("heroes"), value="heroes"),
    app_commands.Choice(name=_("foes"), value="foes"),
]


def system_choices() -> list[app_commands.Choice[str]]:
    """Every system in the catalogue, by its title (translated as ``cmd.<title>``).

    Read when a cog's module runs: discord.py runs an extension's module afresh each time
    it loads it, so a system installed in the catalogue before the bot starts (the tests'
    coin-flip duel) is offered, with no change to any cog."""
    return [app_commands.Choice(name=_(p.title), value=p.system) for p in catalogue.plugins()]


def for_systems(text: str, which: Callable[[Plugin[Any]], bool]) -> _:
    """A description followed by the systems it is for, when not every one: ``"Dodge
    the attack against you (Dread S-20)"``. The systems are the catalogue's that
    ``which`` holds for, read when the cog's module runs (as :func:`system_choices`);
    the translation is ``cmd.<text>``'s and each system's ``cmd.<title>``
    (:func:`bot.i18n.catalog.command_text`)."""
    plugins = catalogue.plugins()
    titles = [p.title for p in plugins if which(p)]
    if not titles or len(titles) == len(plugins):
        return _(text)
    return _(f"{text} ({', '.join(titles)})")


def answering(text: str, command: str, option: str | None = None) -> _:
    """:func:`for_systems`: the systems that answer ``command`` (and take its
    ``option``)."""

    def answers(plugin: Plugin[Any]) -> bool:
        move = plugin.move(command)
        return move is not None and (option is None or option in move.options.model_fields)

    return for_systems(text, answers)
