"""SWADE reloading (seeds 000/003 "Recarga"): the bot tracks a weapon's rounds, and
reloading is an action of the turn (RULES-NOTES SW-36). Pure.
"""

from __future__ import annotations

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.actions import take_action
from bot.systems.swade.combat.plan import find_weapon
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.state import SwadeState


def reload_weapon(
    state: SwadeState, actor: Actor, *, combatant_id: str, weapon: str, shots: int
) -> Outcome:
    """Seed 003 "Recarga": loading clips, magazines or loose rounds costs an action per
    item (arrows and sling stones are free once per attack); the bot only tracks the
    rounds: the weapon now holds ``shots``. It counts as one action of the turn (SW-36)."""
    if shots < 0:
        raise RuleError("swade.combat.error.bad_shots", shots=shots)
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    w = find_weapon(c, weapon)
    assert w is not None
    counted = take_action(new, c)  # SW-36: reloading is an action (seed 000 "Recarga")
    w.shots = shots
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(
                key="swade.combat.reload", params={"name": c.name, "weapon": w.name, "shots": shots}
            ),
        ],
        summary=Event(key="log.swade.reload", params={"name": c.name, "weapon": w.name}),
    )
