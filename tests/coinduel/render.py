"""How the coin-flip duel is drawn: its board, its sheet card, its coin, its end."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.board import Board, BoardContext
from bot.render.sheets import Card
from bot.render.systems import Renderers
from bot.systems.encounter import Encounter
from tests.coinduel.system import Duellist, DuelState


def _lives(c: Duellist) -> str:
    return "❤" * c.lives if c.lives else "✖"


def board(encounter: Encounter, lang: str, compact: bool, context: BoardContext) -> Board:
    state: DuelState = encounter.state
    lines = [f"{c.name} {_lives(c)}" for c in state.combatants]
    return Board(
        title=t("board.title", lang, name=encounter.name or t("system.coinduel", lang)),
        description="\n".join(lines) or t("board.empty", lang),
    )


def card(sheet: Duellist | dict[str, Any], lang: str) -> Card:
    duellist = Duellist.model_validate(sheet)
    title = t("sheet.title", lang, name=duellist.name, system=t("system.coinduel", lang))
    return Card(title=title, fields=[(t("coinduel.card.lives", lang), str(duellist.lives))])


def coin(view: dict[str, Any], lang: str) -> str:
    return "🪙 " + t("coinduel.heads" if view.get("heads") else "coinduel.tails", lang)


def summary(state: DuelState, lang: str) -> str:
    standing = [c.name for c in state.combatants if c.lives > 0]
    return t("coinduel.summary", lang, names=", ".join(standing) or "—")


RENDERERS = Renderers(board=board, card=card, dice={"coin": coin}, summary=summary)
