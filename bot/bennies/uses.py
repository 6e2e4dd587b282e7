"""The ways to spend a benny (SW-35) and the state changes the ledger itself owns. Pure.

The rules of each use live in ``bot.systems.swade`` (``combat.reroll_attack``,
``combat.reroll_damage``, ``damage.soak``, ``damage.unshake_with_benny``,
``turns.redraw_card``, ``powers.recover_power_points``); this module adds the one that
has no SWADE rules function — the GM Wild Card's own pool — as functions of
``(state, ...)`` that return a new state (never mutating the input).
"""

from __future__ import annotations

from typing import Literal

from bot.bennies.holders import GM_WILD_CARD_DEFAULT, is_gm_wild_card
from bot.systems.base import RuleError
from bot.systems.swade.bounds import BENNIES
from bot.systems.swade.state import SwadeCombatant, SwadeState

Use = Literal["reroll", "damage", "soak", "unshake", "card", "power", "story"]
USES: tuple[Use, ...] = ("reroll", "damage", "soak", "unshake", "card", "power", "story")


def _find(state: SwadeState, combatant_id: str) -> SwadeCombatant:
    for c in state.combatants:
        if c.id == combatant_id:
            return c
    raise RuleError("bennies.error.unknown_combatant", name=combatant_id)


def take_wild_card_benny(state: SwadeState, combatant_id: str) -> SwadeState:
    """SW-35: a GM Wild Card spends from its own pool (the encounter state); the
    ``bennies.error.empty`` error when it has none left."""
    new = state.model_copy(deep=True)
    c = _find(new, combatant_id)
    if c.bennies <= 0:
        raise RuleError("bennies.error.empty", holder=c.name)
    c.bennies -= 1
    return new


def give_wild_card_bennies(state: SwadeState, combatant_id: str, count: int) -> SwadeState:
    """Add ``count`` bennies to a GM Wild Card's own pool (``/bennies give``), within its
    bound (issue 28: ``swade.bounds.BENNIES``, what a sheet may say; giving again and
    again took it past any import's bound)."""
    new = state.model_copy(deep=True)
    c = _find(new, combatant_id)
    if c.bennies + count > BENNIES[1]:
        raise RuleError(
            "bennies.error.pool_full", name=c.name, max=BENNIES[1], count=c.bennies, adding=count
        )
    c.bennies += count
    return new


def seed_wild_card_pools(state: SwadeState, ids: list[str]) -> tuple[SwadeState, dict[str, int]]:
    """SW-35: each GM Wild Card in ``ids`` gets its own pool for the session: the number
    its sheet gave (``Benis: N``, ``/combatant edit bennies:N``), or 2 when that is 0.
    Returns the new state and the pool each one now has."""
    new = state.model_copy(deep=True)
    given: dict[str, int] = {}
    for c in new.combatants:
        if c.id in ids and is_gm_wild_card(c):
            if c.bennies <= 0:
                c.bennies = GM_WILD_CARD_DEFAULT
            given[c.id] = c.bennies
    return new, given
