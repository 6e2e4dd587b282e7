"""A benny on a power's damage (SW-35; seed 001: "Repetir una tirada de daño: Se vuelve
a tirar todo el daño causado por un ataque"). Pure.

The cast is replayed from the state before it (``maneuvers.run_maneuver`` with
``reroll_damage``): the activation and every evasion or resisting roll stay as they
were, each damage is rolled again and the better of the two totals counts (ties keep
the first), then the hits are applied afresh, with the soak offers for the Wild Cards
they wound (SW-14).
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers import run_maneuver
from bot.systems.swade.powers import with_soak_offers
from bot.systems.swade.record_bounds import require_record
from bot.systems.swade.state import SwadeState


def reroll_maneuver_damage(
    state: SwadeState, actor: Actor, dice: DiceSource, *, owner_id: str
) -> Outcome:
    """SW-35: a benny rerolls every damage roll of ``owner_id``'s last maneuver (a
    power's damage): its controller or the GM asks; the ledger charges the benny."""
    owner = find_combatant(state, owner_id)
    last: dict[str, Any] = {}
    if owner.last_maneuver is not None:  # issue 28: a record is never trusted
        last = require_record(state, owner, "last_maneuver")
    if not last.get("damage"):
        raise RuleError("swade.combat.error.no_damage_to_reroll")
    require_control(actor, owner)
    params: dict[str, Any] = dict(last["params"])
    out = run_maneuver(
        state,
        dice,
        str(last["action"]),
        params,
        owner_id=owner_id,
        involved=list(last["involved"]),
        previous=last,
        action=str(last["action"]) != "evade",
        reroll_damage=True,
    )
    return with_soak_offers(out, owner_id, list(params.get("target_ids", [])))
