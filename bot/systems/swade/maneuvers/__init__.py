"""SWADE maneuvers, one module per rule (RULES-NOTES SW-6, SW-21, SW-24, SW-25; seeds
000/003), and the benny reroll of a maneuver's trait rolls (SW-4/SW-35). Pure.

- :mod:`.rolls`: a maneuver's trait rolls, kept or rolled again, and their events.
- :mod:`.replay`: who may start one, the registry, running and replaying a maneuver.
- :mod:`.defend`: Defend (SW-21).
- :mod:`.tactics`: Trick, Push, Support, Aim (SW-24).
- :mod:`.multi_action`: declaring multi-action (SW-6/SW-36).
- :mod:`.situational`: the finishing move and evasion (SW-25).

Rerolls: a maneuver records its trait rolls in order on the combatant who started it
(``last_maneuver``), with the involved combatants as they were before. Every roll's
event carries a ``reroll`` hook (``action: reroll_maneuver``, ``owner_id``,
``index``; ``rerollable`` False after a critical failure). :func:`reroll_maneuver`
puts the combatants back, replays the maneuver keeping the rolls made before the
rerolled one and the other side of its opposed roll, rolls that one again and keeps
the better total (ties keep the first; a critical failure on the reroll stands, SW-4),
and rolls whatever follows from it afresh. :func:`reroll_maneuver_damage` replays it
keeping every trait roll and rolls each damage again (SW-35, :mod:`bot.systems.swade.damage_rolls`).
"""

from bot.systems.swade.maneuvers.defend import defend
from bot.systems.swade.maneuvers.multi_action import declare_multi_action
from bot.systems.swade.maneuvers.replay import (
    Maneuver,
    maneuver,
    registered,
    require_can_act,
    reroll_maneuver,
    reroll_maneuver_damage,
    run_maneuver,
)
from bot.systems.swade.maneuvers.rolls import (
    ActionRolls,
    Roll,
    kept_event,
    opposed_pair,
    roll_event,
    vulnerable_bonus,
)
from bot.systems.swade.maneuvers.situational import (
    EVASION_PENALTY,
    evade,
    finishing_move,
    is_helpless,
    roll_evasion,
)
from bot.systems.swade.maneuvers.tactics import LINKED_ATTRIBUTE, aim, push, support, trick

__all__ = [
    "EVASION_PENALTY",
    "LINKED_ATTRIBUTE",
    "ActionRolls",
    "Maneuver",
    "Roll",
    "aim",
    "declare_multi_action",
    "defend",
    "evade",
    "finishing_move",
    "is_helpless",
    "kept_event",
    "maneuver",
    "opposed_pair",
    "push",
    "registered",
    "require_can_act",
    "reroll_maneuver",
    "reroll_maneuver_damage",
    "roll_evasion",
    "roll_event",
    "run_maneuver",
    "support",
    "trick",
    "vulnerable_bonus",
]
