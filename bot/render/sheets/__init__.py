"""The sheet card (issue 16): what the bot understood from a pasted sheet, in the reader's
language, after every save, add and edit and on ``/character show``. One renderer per
system (its ``Renderers.card``, :mod:`bot.render.systems`); the warning line (the text the parser did not
use, the defaults it applied) comes last, and the reply's fitting pages a long card."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import discord
from pydantic import BaseModel

from bot.i18n import t
from bot.render.plain import plain
from bot.render.sheets.notes import note
from bot.render.systems import renderers
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


def warnings(
    reading: SheetReading[Any] | None, lang: str, note: Callable[[Note, str], str]
) -> list[tuple[str, str]]:
    """The warning line: every piece of text not used, quoted, and every default named."""
    if reading is None:
        return []
    out = []
    if reading.unused:
        pieces = " · ".join(f"«{plain(piece)}»" for piece in reading.unused)  # issue 21
        out.append((t("sheet.unused", lang, n=len(reading.unused)), pieces))
    if reading.defaults:
        out.append((t("sheet.defaults", lang), "\n".join(note(n, lang) for n in reading.defaults)))
    return out


def as_embed(card: Card) -> dict[str, Any]:
    """The card as an embed dict, the warnings last. It is not cut here: the one fitting
    module (:mod:`bot.render.fit`, through every reply) pages it, so nothing on the card
    is lost and the warning line stays whole (issues 15 and 16)."""
    fields = [*card.fields, *card.warnings]
    embed: dict[str, Any] = {
        "title": card.title,
        "description": card.description,
        "color": WARNING_COLOUR if card.warnings else CARD_COLOUR,
        "fields": [{"name": n, "value": v or "—", "inline": False} for n, v in fields],
    }
    if card.footer:
        embed["footer"] = {"text": card.footer}
    return embed


def sheet_card_dict(
    system: str, sheet: BaseModel | dict[str, Any], reading: SheetReading[Any] | None, lang: str
) -> dict[str, Any]:
    """The card of ``sheet`` (the system's combatant, or its saved dict) with
    ``reading``'s warnings."""
    drawn = renderers(system)
    if drawn.card is None:
        raise LookupError(f"{system} has no sheet card")
    card = drawn.card(sheet, lang)
    card.warnings = warnings(reading, lang, partial(note, ids=drawn.note_ids))
    card.footer = card.footer or t("sheet.footer", lang)  # a system may say its own
    return as_embed(card)


def sheet_card(
    system: str, sheet: BaseModel | dict[str, Any], reading: SheetReading[Any] | None, lang: str
) -> discord.Embed:
    return discord.Embed.from_dict(sheet_card_dict(system, sheet, reading, lang))
