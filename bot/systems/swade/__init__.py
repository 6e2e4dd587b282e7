"""Savage Worlds (SWADE): encounter state, stat blocks, the action deck, turns and
conditions. The combat rules live in their own modules (``combat``, ``damage``...)."""

from bot.systems.swade.conditions import (
    CONDITIONS,
    add_condition,
    condition_ends_key,
    effective_conditions,
    has_condition,
    remove_condition,
    trait_modifiers,
)
from bot.systems.swade.deck import card_label, parse_card
from bot.systems.swade.encounter_rules import (
    add_combatants,
    edit_combatant,
    find_combatant,
    join,
    remove_combatant,
)
from bot.systems.swade.statblock import parse_statblock
from bot.systems.swade.turns import (
    act_from_hold,
    current_combatant,
    deal,
    hold,
    interrupt,
    next_turn,
    redraw_card,
    set_card,
    slot_members,
    slot_name,
)

__all__ = [
    "CONDITIONS",
    "act_from_hold",
    "add_combatants",
    "add_condition",
    "card_label",
    "condition_ends_key",
    "current_combatant",
    "deal",
    "edit_combatant",
    "effective_conditions",
    "find_combatant",
    "has_condition",
    "hold",
    "interrupt",
    "join",
    "next_turn",
    "parse_card",
    "parse_statblock",
    "redraw_card",
    "remove_combatant",
    "remove_condition",
    "set_card",
    "slot_members",
    "slot_name",
    "trait_modifiers",
]
