"""SWADE Defend (RULES-NOTES SW-21): +4 Parry until its next turn, no other action but
moving. Pure.
"""

from __future__ import annotations

from bot.systems.base import Actor, Event, Outcome
from bot.systems.swade.actions import take_action
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers.replay import require_can_act
from bot.systems.swade.state import SwadeState


def defend(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-21 Defend: +4 Parry until its next turn (cleared at the start of that turn by
    the turn sequence); it takes no other action but moving (not running)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    require_can_act(c)
    counted = take_action(new, c)  # SW-36
    c.defending = True
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(
                key="swade.combat.defend",
                params={"name": c.name, "gender": c.gender, "parry": c.parry + 4},
            ),
        ],
        summary=Event(key="log.swade.defend", params={"name": c.name}),
    )
