"""SWADE multi-action (RULES-NOTES SW-6, SW-36; seed 000 "Múltiples Acciones"): how many
actions a combatant declares for its turn (:mod:`bot.systems.swade.actions` counts
them). Pure.
"""

from __future__ import annotations

from bot.systems.base import Actor, Event, Outcome
from bot.systems.swade.actions import declare
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.state import SwadeState


def declare_multi_action(
    state: SwadeState, actor: Actor, combatant_id: str, actions: int
) -> Outcome:
    """SW-6/SW-36 multi-action: up to 3 actions in the combatant's turn, -2 to all of
    them per action beyond the first (-2 for two, -4 for three), declared before the
    first action (after it only the GM may, as a logged override). See
    :mod:`bot.systems.swade.actions`."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    events = declare(new, actor, c, actions)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.multi_action", params={"name": c.name, "actions": actions}),
    )
