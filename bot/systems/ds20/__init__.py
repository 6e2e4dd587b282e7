"""Dread S-20 (seed 004, RULES-NOTES DS-1..DS-11): state, the Spanish stat line, and the
pure rules. Every rules function takes ``(state, actor, [dice], ...)`` and returns an
:class:`~bot.systems.base.Outcome` with a new state; user mistakes raise
:class:`~bot.systems.base.RuleError`.

Modules: ``state`` (models), ``statline`` (sheet parser, format in its docstring),
``wounds`` (DS-6, DS-8, DS-9, no dice), ``initiative`` (DS-3), ``turns`` (DS-4, turn
start, first aid),
``combat`` (attacks and defence: DS-5, DS-10), ``damage`` (damage, armour: DS-6, DS-7,
stun), ``melee`` (DS-10),
``firearms`` (DS-11).
"""

from bot.systems.ds20.combat import attack, cancel_pending, defend
from bot.systems.ds20.damage import inflict
from bot.systems.ds20.firearms import aim, clear_jam, range_penalty, reload, shoot
from bot.systems.ds20.initiative import roll_initiative, swap_initiative
from bot.systems.ds20.melee import disarm, escape, grapple, headbutt, push, release, stand_up
from bot.systems.ds20.state import DS20State, DSCombatant, DSWeapon, PendingAttack
from bot.systems.ds20.statline import parse_statline
from bot.systems.ds20.turns import (
    add_combatant,
    declare_actions,
    edit_combatant,
    endure_pain,
    first_aid,
    grave_roll,
    next_turn,
    remove_combatant,
    run,
    use_technique,
)
from bot.systems.ds20.wounds import (
    can_run,
    movement_m,
    record_wound,
    wound_boxes,
    wound_level,
    wound_penalty,
)

__all__ = [
    "DS20State",
    "DSCombatant",
    "DSWeapon",
    "PendingAttack",
    "add_combatant",
    "aim",
    "attack",
    "can_run",
    "cancel_pending",
    "clear_jam",
    "declare_actions",
    "defend",
    "disarm",
    "edit_combatant",
    "endure_pain",
    "escape",
    "first_aid",
    "grapple",
    "grave_roll",
    "headbutt",
    "inflict",
    "movement_m",
    "next_turn",
    "parse_statline",
    "push",
    "range_penalty",
    "record_wound",
    "release",
    "reload",
    "remove_combatant",
    "roll_initiative",
    "run",
    "shoot",
    "stand_up",
    "swap_initiative",
    "use_technique",
    "wound_boxes",
    "wound_level",
    "wound_penalty",
]
