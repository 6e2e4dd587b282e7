"""How the offline table reads what a line types for an option, as Discord's client would
send it: names in either language (``/tirar expresión:``), a choice by its value or its
name in either language, numbers and yes/no. A value it cannot read is a line error that
names the option and gives an example of that same option, in the reader's language
(``alcance:corto``, ``range:short``)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import OptionExample, OptionNames, catalog, command_word
from bot.play.lines import LineError
from bot.systems.words import fold

YES = ("true", "yes", "sí", "si", "1", "on")
NO = ("false", "no", "0", "off")


def read_value(param: app_commands.Parameter, raw: str) -> Any:
    """``raw`` as the option's value: a choice's value, an int or float, a bool, or the
    text itself."""
    kind = param.type
    if param.choices:
        for choice in param.choices:
            names = {str(choice.value).lower(), choice.name.lower()}
            names.add(command_word(choice.name, "es").lower())
            if raw.lower() in names:
                return choice.value
        raise LineError(
            "play.err.choice",
            option=OptionNames([param.name]),
            value=raw,
            allowed=OptionNames(c.name for c in param.choices),
            example=OptionExample(param.name, param.choices[0].name),
        )
    option = OptionNames([param.name])
    try:
        if kind is discord.AppCommandOptionType.integer:
            return int(raw)
        if kind is discord.AppCommandOptionType.number:
            return float(raw)
    except ValueError:
        example = OptionExample(param.name, str(number_in_range(param)))
        raise LineError("play.err.number", option=option, value=raw, example=example) from None
    if kind is discord.AppCommandOptionType.boolean:
        if raw.lower() in YES:
            return True
        if raw.lower() in NO:
            return False
        example = OptionExample(param.name, "word.yes")
        raise LineError("play.err.boolean", option=option, value=raw, example=example)
    return raw


def number_in_range(param: app_commands.Parameter) -> int:
    """A number the option takes, for an example: 3, or the bound nearest it."""
    low = param.min_value if param.min_value is not None else 3
    high = param.max_value if param.max_value is not None else 3
    return int(min(max(3, low), high))


@functools.cache
def _english_names() -> dict[str, tuple[str, ...]]:
    """Lower-cased Spanish command text -> the English names it translates (built once:
    scanning the whole catalogue for every word of every line was most of a line's cost)."""
    found: dict[str, list[str]] = {}
    for key, text in catalog("es").items():
        if key.startswith("cmd."):
            found.setdefault(fold(text), []).append(key[4:])
    return {text: tuple(names) for text, names in found.items()}


def english(word: str, among: Iterable[str] | None = None) -> str:
    """Command, subcommand and option names may be typed in Spanish (the localized name).
    Two English names may share a Spanish one (``jugador``: player, controller); with
    ``among``, the one the command actually has wins. Accents are optional
    (``expresion`` is ``expresión``), as when typing in Discord's search."""
    lowered = word.lower()
    names = list(_english_names().get(fold(word), ()))
    if among is not None:
        wanted = set(among)
        names = [n for n in names if n in wanted] or names
    return names[0] if names else lowered
