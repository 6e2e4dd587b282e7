"""The board: one embed per encounter, re-rendered after every change.

Each system's renderers (:mod:`bot.render.systems`, named by its plugin in the catalogue)
draw its board; a renderer returns the embed as a dict plus the board's buttons as
``(label_key, action)``. This module fits
the result to Discord's limits (one message, edited in place: cut with a visible count,
:func:`bot.render.fit.fit_single`) and builds the discord.py objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import t
from bot.render.fit import fit_single
from bot.render.limits import within_limits
from bot.render.systems import renderers
from bot.render.waiting import board_line
from bot.systems.encounter import Encounter

BOARD_COLOUR = 0x2C3E50


@dataclass
class Board:
    title: str
    description: str = ""
    fields: list[tuple[str, str, bool]] = field(default_factory=list)  # name, value, inline
    footer: str = ""
    buttons: list[tuple[str, str]] = field(default_factory=list)  # (label_key, action)

    def to_dict(self) -> dict[str, Any]:
        embed: dict[str, Any] = {
            "title": self.title,
            "description": self.description,
            "color": BOARD_COLOUR,
        }
        if self.fields:
            embed["fields"] = [{"name": n, "value": v, "inline": i} for n, v, i in self.fields]
        if self.footer:
            embed["footer"] = {"text": self.footer}
        return embed


@dataclass
class BoardContext:
    """What the board shows besides the encounter state: benny pools by holder key
    (as the bennies ledger names them) and the owners' display names by user id.
    ``reveal``: the GM's private view (``/combatant show``), where hidden combatants'
    numbers are shown too; the channel's board never reveals them (issue 18)."""

    pools: dict[str, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    reveal: bool = False

    def masked(self, c: Any) -> bool:
        """Whether ``c`` (a combatant, or a combatant's view with ``hidden``) is shown in
        words only."""
        hidden = c.get("hidden", False) if isinstance(c, dict) else getattr(c, "hidden", False)
        return bool(hidden) and not self.reveal


def hidden_health(lang: str, *, out: bool, wounded: bool, gender: str | None = None) -> str:
    """A hidden combatant's health in a word: out (of the fight), wounded or unhurt; in
    Spanish "herida"/"ilesa" for a combatant whose gender is given as ``f`` (issue 18:
    the catalogue selects on ``gender``)."""
    if out:
        return t("board.hidden.out", lang)
    key = "board.hidden.wounded" if wounded else "board.hidden.unhurt"
    return t(key, lang, gender=gender)


def _generic(encounter: Encounter, lang: str, compact: bool, context: BoardContext) -> Board:
    names = [c.name for c in encounter.state.combatants]
    return Board(
        title=t("board.title", lang, name=encounter.name or t(f"system.{encounter.system}", lang)),
        description="\n".join(names) or t("board.empty", lang),
    )


def render_board(
    encounter: Encounter, lang: str, context: BoardContext | None = None
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The board embed (as a dict within Discord's limits) and its buttons. A system's
    renderer gets ``compact=True`` when the full layout would not fit."""
    context = context or BoardContext()
    renderer = renderers(encounter.system).board or _generic
    waiting = board_line(encounter, lang)  # issue 27: "Waiting on: @Ana (...)"
    board = _waiting_first(renderer(encounter, lang, False, context), waiting)
    embed = board.to_dict()
    if not within_limits(embed):
        board = _waiting_first(renderer(encounter, lang, True, context), waiting)
        embed = board.to_dict()
    return fit_single(embed, lang), board.buttons


def _waiting_first(board: Board, line: str | None) -> Board:
    """The board with what the table waits on as its description's first line."""
    if line is not None:
        board.description = f"{line}\n{board.description}" if board.description else line
    return board


def board_embed(
    encounter: Encounter, lang: str, context: BoardContext | None = None
) -> tuple[discord.Embed, list[tuple[str, str]]]:
    data, buttons = render_board(encounter, lang, context)
    return discord.Embed.from_dict(data), buttons
