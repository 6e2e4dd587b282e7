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
from bot.render.systems import dice_owner
from bot.systems.base import Event, read_summary


def translate_value(value: Any, lang: str) -> Any:
    if isinstance(value, str) and "." in value and value in catalog(lang):
        return t(value, lang)
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return ", ".join(str(translate_value(v, lang)) for v in value)
    if isinstance(value, bool):
        return t("word.yes" if value else "word.no", lang)
    return value


def dice_text(event: Event, lang: str) -> str:
    """The event's roll: every die, after the lines its system prints above it (a SWADE
    roll's modifiers by name and its TN's parts)."""
    assert event.dice is not None
    owner = dice_owner(str(event.dice.get("kind", "")))
    notes = owner.roll_notes(event, lang) if owner and owner.roll_notes else []
    return "\n".join([*notes, format_dice(event.dice, lang)])


def event_line(event: Event, lang: str) -> str:
    params = {k: translate_value(v, lang) for k, v in event.params.items()}
    line = t(event.key, lang, **params)
    if event.dice:
        line += "\n" + dice_text(event, lang)
    return line


def event_lines(events: list[Event], lang: str) -> list[str]:
    return [event_line(e, lang) for e in events]


def summary_text(stored: str, lang: str) -> str:
    """What an action was (its summary as the undo table keeps it) in ``lang``: the
    event rendered, or the plain text older rows keep."""
    summary = read_summary(stored)
    return event_line(summary, lang) if isinstance(summary, Event) else summary
