"""A GM Wild Card's own pool of bennies (SW-35), kept in the encounter state: taken,
given and seeded for a session, as functions of ``(state, ...)`` that return a new state
(never changing the one they are given). The bennies service reaches them through the
plugin (``Plugin.bennies``, :mod:`bot.systems.bennies`); what each use of a benny buys
is :data:`bot.systems.swade.moves.bennies.SPENDS`. Pure.
"""

from __future__ import annotations

from bot.systems.base import RuleError
from bot.systems.swade.bounds import BENNIES
from bot.systems.swade.state import SwadeCombatant, SwadeState

GM_WILD_CARD_DEFAULT = 2  # SW-35: a GM Wild Card's own pool when its sheet gives none


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
            "bennies.error.pool_full",
            name=c.name,
            gender=c.gender,
            max=BENNIES[1],
            count=c.bennies,
            adding=count,
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
        if c.id in ids and c.wild_card and not c.is_pc:  # a GM Wild Card
            if c.bennies <= 0:
                c.bennies = GM_WILD_CARD_DEFAULT
            given[c.id] = c.bennies
    return new, given
