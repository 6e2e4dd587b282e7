"""The sheet card (issue 16): what the bot understood from a pasted sheet, in the reader's
language, after every save, add and edit and on ``/character show``. One renderer per
system (``swade``, ``ritualhex``, ``ds20``); this module fits the card to Discord's
limits, keeping the warning line (the text the parser did not use, the defaults it
applied) whole while it shortens the rest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import t
from bot.render.limits import DESCRIPTION, FIELD_NAME, FIELD_VALUE, TITLE, clip, within_limits
from bot.systems.sheets import Note, SheetReading

CARD_COLOUR = 0x27AE60
WARNING_COLOUR = 0xE67E22


@dataclass
class Card:
    title: str
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""


CardRenderer = Callable[[Any, str], Card]
_RENDERERS: dict[str, CardRenderer] = {}


def register_card(system: str, renderer: CardRenderer) -> None:
    _RENDERERS[system] = renderer


def warnings(
    reading: SheetReading[Any] | None, lang: str, note: Callable[[Note, str], str]
) -> list[tuple[str, str]]:
    """The warning line: every piece of text not used, quoted, and every default named."""
    if reading is None:
        return []
    out = []
    if reading.unused:
        pieces = " · ".join(f"«{piece}»" for piece in reading.unused)
        out.append((t("sheet.unused", lang, n=len(reading.unused)), pieces))
    if reading.defaults:
        out.append((t("sheet.defaults", lang), "\n".join(note(n, lang) for n in reading.defaults)))
    return out


def _total(embed: dict[str, Any]) -> int:
    size = len(embed.get("title", "")) + len(embed.get("description", ""))
    size += len((embed.get("footer") or {}).get("text", ""))
    return size + sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))


def fit(card: Card) -> dict[str, Any]:
    """The card as an embed dict within Discord's limits: the longest ordinary fields
    are cut first, the warnings last of all (issue 16: nothing dropped silently)."""
    fields = [(clip(n, FIELD_NAME), clip(v or "—", FIELD_VALUE)) for n, v in card.fields]
    notes = [(clip(n, FIELD_NAME), clip(v, FIELD_VALUE)) for n, v in card.warnings]
    fields = fields[: 25 - len(notes)]
    embed: dict[str, Any] = {
        "title": clip(card.title, TITLE),
        "description": clip(card.description, DESCRIPTION),
        "color": WARNING_COLOUR if notes else CARD_COLOUR,
    }
    if card.footer:
        embed["footer"] = {"text": clip(card.footer, 2048)}

    def build() -> dict[str, Any]:
        all_fields = [*fields, *notes]
        return {
            **embed,
            "fields": [{"name": n, "value": v, "inline": False} for n, v in all_fields],
        }

    out = build()
    while not within_limits(out):
        longest = max(range(len(fields)), key=lambda i: len(fields[i][1]), default=None)
        if longest is not None and len(fields[longest][1]) > 40:
            name, value = fields[longest]
            fields[longest] = (name, clip(value, len(value) // 2))
        elif len(embed["description"]) > 40:
            embed["description"] = clip(embed["description"], len(embed["description"]) // 2)
        else:
            notes = [(n, clip(v, max(1, len(v) // 2))) for n, v in notes]
        out = build()
    return out


def sheet_card_dict(
    system: str, sheet: BaseModel | dict[str, Any], reading: SheetReading[Any] | None, lang: str
) -> dict[str, Any]:
    """The card of ``sheet`` (the system's combatant, or its saved dict) with
    ``reading``'s warnings."""
    card = _RENDERERS[system](sheet, lang)
    card.warnings = warnings(reading, lang, note)
    card.footer = t("sheet.footer", lang)
    return fit(card)


def sheet_card(
    system: str, sheet: BaseModel | dict[str, Any], reading: SheetReading[Any] | None, lang: str
) -> discord.Embed:
    return discord.Embed.from_dict(sheet_card_dict(system, sheet, reading, lang))


from bot.render.sheets import ds20, ritualhex, swade  # noqa: E402, F401  (they register)
from bot.render.sheets.notes import note  # noqa: E402
