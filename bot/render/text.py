"""Events as text in the reader's language.

An event is an i18n key with parameters. A parameter that names a catalogue entry
(``"swade.condition.name.shaken"``) is translated where the event's template marks it
``{condition_name:key}`` (``bot.i18n.catalog``), so rules can name conditions, skills and
outcomes without knowing the language. Every other parameter is shown as given: a name a
user typed is never looked up, even when it reads like a key (issue 21). Lists are
joined with commas; booleans read yes/no. A parameter that is a phrase the rules built,
``{"key": ..., "params": {...}}`` (never text a user typed: that is always a string), is
written in the reader's language with its own parameters read the same way ("with
Battle axe (Str+d10)", SW-44).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import CommandName, OptionNames, shown, t
from bot.i18n.catalog import entry, is_phrase, text_of
from bot.i18n.message import Joined
from bot.render.dice import format_dice
from bot.render.systems import dice_owner
from bot.systems.base import Event, read_summary

_AS_GIVEN = frozenset({str, int, float, type(None)})


def translate_value(value: Any, lang: str) -> Any:
    """A parameter not marked ``:key``: lists of strings joined, booleans as yes/no,
    anything else (user text included) as it is; a command by the reader's name for it."""
    if type(value) in _AS_GIVEN:  # the most common, first (no subclass: CommandName)
        return value
    if is_phrase(value):  # then an attack's weapon
        return phrase_text(value, lang)
    if isinstance(value, CommandName | OptionNames):
        return shown(value, lang)
    if isinstance(value, list) and value and all(is_phrase(v) for v in value):
        return ", ".join(phrase_text(v, lang) for v in value)
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return Joined(value)
    if isinstance(value, bool):
        return t("word.yes" if value else "word.no", lang)
    return value


def phrase_text(value: dict[str, Any], lang: str) -> str:
    key = value["key"]
    return text_of(key, lang, _shown_params(key, value["params"], lang))


def render_params(key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The parameters of an event or error ready for ``t(key, lang, **...)``: those the
    template marks ``:key`` are left for ``t`` to look up, and those it counts or selects
    on stay values (a list counts its items once joined); the rest go through
    :func:`translate_value`. A parameter the template does not read is passed on as it
    is (issue 32: an attack's roll carries its reroll hook and modifiers, which only its
    dice lines show: translating them was half the cost of its line). Every parameter
    is translated when what the template reads is not known: a key ``t`` finds in the
    other language or under its new name."""
    return dict(_shown_params(key, params, lang))


def _shown_params(key: str, params: dict[str, Any], lang: str) -> Mapping[str, Any]:
    """:func:`render_params` for ``t`` to read (issue 32): only the parameters the text
    reads are looked at, and ``params`` itself is given when none of them changes (the
    usual line: names and numbers), so nothing is copied."""
    found = entry(key, lang)
    if found is None:  # what the text reads is not known: every parameter translated
        return {
            k: v if type(v) in _AS_GIVEN else translate_value(v, lang) for k, v in params.items()
        }
    changed: dict[str, Any] | None = None
    for k in found.reads:
        v = params.get(k, _ABSENT)
        if (
            type(v) in _AS_GIVEN
            or v is _ABSENT
            or k in found.marked
            or (k in found.chosen and not isinstance(v, list | tuple))
        ):
            continue
        if changed is None:
            changed = dict(params)
        changed[k] = translate_value(v, lang)
    return params if changed is None else changed


_ABSENT = object()


def dice_text(event: Event, lang: str) -> str:
    """The event's roll: every die, after the lines its system prints above it (a SWADE
    roll's modifiers by name and its TN's parts)."""
    view = event.dice
    assert view is not None
    kind = str(view.get("kind", ""))
    owner = dice_owner(kind)
    notes = owner.roll_notes(event, lang) if owner is not None and owner.roll_notes else None
    shown = format_dice(view, lang)
    return "\n".join([*notes, shown]) if notes else shown


def event_line(event: Event, lang: str) -> str:
    line = text_of(event.key, lang, _shown_params(event.key, event.params, lang))
    if event.dice:
        line += "\n" + dice_text(event, lang)
    return line


def event_lines(events: list[Event], lang: str) -> list[str]:
    return [event_line(e, lang) for e in events]


# An event whose key ends so is a reminder (a custom effect ending this turn): the bot
# sends it as its own message to its user (``bot/commands/reminders.py``).
REMINDER = "effect.reminder"


def is_reminder(event: Event) -> bool:
    return event.key.endswith(REMINDER)


def result_lines(events: list[Event], lang: str) -> list[str]:
    """An action's result as its reply shows it: every event but the reminders, which
    their own message says (an end is announced once)."""
    return [event_line(e, lang) for e in events if not is_reminder(e)]


def summary_text(stored: str, lang: str) -> str:
    """What an action was (its summary as the undo table keeps it) in ``lang``: the
    event rendered, or the plain text older rows keep."""
    summary = read_summary(stored)
    return event_line(summary, lang) if isinstance(summary, Event) else summary
