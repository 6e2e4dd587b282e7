"""SWADE opposed rolls as the table reads them (RULES-NOTES SW-7, SW-37). Pure.

SW-37: each roll of an opposed pair says whose it is and is read against the
opponent's total, not against TN 4: :func:`opposed_views` adds to each roll's dice
view who it is against, that total, and whether it won (the initiator's raises are
full steps of 4 over the defender's total; ties go to the defender). The renderer
prints "against Goblin 1's 3 — wins with 1 raise" instead of "(TN 4) — success".

SW-37: someone who cannot act does not contest an opposed roll that needs an action:
:func:`cannot_contest` says who (Incapacitated or dead, Stunned, or Bound when the
roll needs movement).
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.dice.swade import OpposedResult, opposed
from bot.systems.swade.conditions import condition_name, has_condition
from bot.systems.swade.state import SwadeCombatant, SwadeState


class RollLike(Protocol):
    @property
    def total(self) -> int: ...

    @property
    def critical_failure(self) -> bool: ...


def opposed_views(
    initiator: RollLike,
    initiator_view: dict[str, Any],
    initiator_name: str,
    defender: RollLike,
    defender_view: dict[str, Any],
    defender_name: str,
) -> tuple[dict[str, Any], dict[str, Any], OpposedResult]:
    """SW-7 on two rolls, and a copy of each dice view saying against whom and whose
    total it was read, and how it went for its roller."""
    result = opposed(
        initiator.total,
        defender.total,
        initiator_critical=initiator.critical_failure,
        defender_critical=defender.critical_failure,
    )
    won = result.winner == "initiator"
    a_view = {
        **initiator_view,
        "opposed": {
            "role": "initiator",
            "against": defender_name,
            "against_total": defender.total,
            "won": won,
            "raises": result.raises,
        },
    }
    d_view = {
        **defender_view,
        "opposed": {
            "role": "defender",
            "against": initiator_name,
            "against_total": initiator.total,
            "won": not won,
            "raises": 0,
        },
    }
    return a_view, d_view, result


def cannot_contest(
    c: SwadeCombatant, state: SwadeState, *, movement: bool
) -> dict[str, Any] | None:
    """SW-37: why ``c`` cannot contest an opposed roll that needs an action (the i18n
    key of its condition), or None. ``movement``: the roll needs moving (an interrupt's
    Athletics), which a Bound character cannot do."""
    if c.dead or c.incapacitated:
        return condition_name("incapacitated", c.gender)
    if has_condition(c, "stunned", state.settings):
        return condition_name("stunned", c.gender)
    if movement and has_condition(c, "bound", state.settings):
        return condition_name("bound", c.gender)
    return None
