"""Events as text in the reader's language.

An event is an i18n key with parameters. A parameter whose value is itself a catalogue
key (it contains a dot and the catalogue has it: ``"swade.cond.shaken"``) is translated
first, so rules can name conditions, weapons and outcomes without knowing the language.
A parameter holding a list of keys/strings is translated item by item and joined.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import catalog, t
from bot.render.dice import format_dice
from bot.systems.base import Event


def translate_value(value: Any, lang: str) -> Any:
    if isinstance(value, str) and "." in value and value in catalog(lang):
        return t(value, lang)
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return ", ".join(str(translate_value(v, lang)) for v in value)
    if isinstance(value, bool):
        return t("word.yes" if value else "word.no", lang)
    return value


def event_line(event: Event, lang: str) -> str:
    params = {k: translate_value(v, lang) for k, v in event.params.items()}
    line = t(event.key, lang, **params)
    if event.dice:
        line += "\n" + format_dice(event.dice, lang)
    return line


def event_lines(events: list[Event], lang: str) -> list[str]:
    return [event_line(e, lang) for e in events]
