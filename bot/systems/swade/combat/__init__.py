"""SWADE attacks, one module per rule (RULES-NOTES SW-10..SW-12, SW-18, SW-21..SW-25,
SW-4/SW-35). Pure.

- :mod:`.plan`: what an attack rolls and against what, who may attack, what it spends.
- :mod:`.attack`: the single-target attack and wild attack, and their benny rerolls.
- :mod:`.hits`: what a rolled single-target attack does (damage, bystanders, disarm).
- :mod:`.area`: area attacks without a map (templates, evasion, deviation).
- :mod:`.suppressive`: suppressive fire.
- :mod:`.objects`: attacks on objects ("Romper cosas").
- :mod:`.reload`: reloading ("Recarga").

The area attack, suppressive fire and attacks on objects run as replayable maneuvers
(:func:`bot.systems.swade.maneuvers.reroll_maneuver`); importing this package registers
them.
"""

from bot.systems.swade.combat.area import DEVIATION_MULTIPLIER, TEMPLATE_TARGETS, area_attack
from bot.systems.swade.combat.attack import attack, reroll_attack, reroll_damage, wild_attack
from bot.systems.swade.combat.objects import attack_object
from bot.systems.swade.combat.plan import AttackPlan, find_weapon, headline, plan_attack
from bot.systems.swade.combat.reload import reload_weapon
from bot.systems.swade.combat.suppressive import suppressive_fire

__all__ = [
    "DEVIATION_MULTIPLIER",
    "TEMPLATE_TARGETS",
    "AttackPlan",
    "area_attack",
    "attack",
    "attack_object",
    "find_weapon",
    "headline",
    "plan_attack",
    "reload_weapon",
    "reroll_attack",
    "reroll_damage",
    "suppressive_fire",
    "wild_attack",
]
