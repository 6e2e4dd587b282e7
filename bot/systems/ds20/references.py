"""What a removed Dread S-20 combatant leaves behind, cleared (issue 21). Pure."""

from __future__ import annotations

from bot.systems.ds20.state import DS20State


def clear_references(state: DS20State, combatant_id: str) -> None:
    """Forget ``combatant_id`` everywhere (mutates ``state``, a copy, the combatant
    already gone from ``combatants``): the attack waiting for its defence (DS-5) when it
    is the attacker or the target, the grapple it holds or is held in (DS-10), and its
    place in the initiative order (DS-3; the turn in progress stays the current one, and
    if it was the removed one's, ``next_turn`` starts the next)."""
    pending = state.pending
    if pending and combatant_id in (pending.attacker_id, pending.target_id):
        state.pending = None
    for o in state.combatants:
        if o.grappled_by == combatant_id:
            o.grappled_by = None
        if o.grappling == combatant_id:
            o.grappling = None
    if combatant_id in state.turn_order:
        current = state.current_id
        index = state.turn_order.index(combatant_id)
        state.turn_order.remove(combatant_id)
        if current == combatant_id:
            state.current = index - 1
        elif current is not None:
            state.current = state.turn_order.index(current)
