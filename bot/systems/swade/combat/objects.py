"""SWADE attacks on objects (RULES-NOTES SW-11; seed 003 "Romper cosas"): Parry 2 for a
stationary object in melee, TN 4 at range; the damage neither aces nor gets the raise
die, and the object breaks when it matches or beats its Hardness. Runs as a replayable
maneuver (benny rerolls: :func:`bot.systems.swade.maneuvers.reroll_maneuver`). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import DamageResult, damage_roll
from bot.systems.base import Actor, Event, Outcome
from bot.systems.swade.combat.area import area_roll_event, ready_attacker
from bot.systems.swade.combat.plan import plan_attack, roll_attack, spend_and_mark
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers import ActionRolls, maneuver, run_maneuver
from bot.systems.swade.modifiers import AttackOptions, total
from bot.systems.swade.state import SwadeState


def attack_object(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    hardness: int,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
    parry: int = 2,
    object_name: str = "",
) -> Outcome:
    """SW-11 "Romper cosas": attack an object: in melee its Parry is 2 when it is
    stationary (``parry``), at range TN 4. On a hit the damage neither aces nor gets the
    raise die, and the object breaks when the damage matches or beats its Hardness
    (Consistencia). Reading (core rules, the seeds are silent): AP lowers the Hardness.
    Dice: the attack roll, then the damage dice."""
    require_control(actor, find_combatant(state, attacker_id))
    params = {
        "attacker_id": attacker_id,
        "hardness": hardness,
        "weapon": weapon,
        "skill": skill,
        "options": (options or AttackOptions()).model_dump(mode="json"),
        "parry": parry,
        "object_name": object_name,
    }
    return run_maneuver(
        state, dice, "attack_object", params, owner_id=attacker_id, involved=[attacker_id]
    )


@maneuver("attack_object")
def _attack_object(
    new: SwadeState, rolls: ActionRolls, p: dict[str, Any]
) -> tuple[list[Event], Event]:
    opts = AttackOptions.model_validate(p["options"])
    attacker = ready_attacker(new, p["attacker_id"])
    plan = plan_attack(new, attacker, None, weapon=p["weapon"], skill=p["skill"], options=opts)
    if plan.melee:
        plan.tn, plan.tn_parts = p["parry"], [("swade.combat.tn.parry", p["parry"])]
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    spend_and_mark(new, attacker, plan, opts, wild=False)
    name = p["object_name"]
    events = [area_roll_event(attacker, plan, roll, "swade.combat.object.roll", [name])]
    if roll.success:
        effective = max(0, p["hardness"] - plan.ap)
        hit = damage_object(
            rolls.dice, plan.damage_sides, modifier=total(plan.damage_mods), hardness=effective
        )
        events.append(
            Event(
                key="swade.combat.object.broken" if hit.broken else "swade.combat.object.holds",
                params={"object": name, "damage": hit.roll.total, "hardness": effective},
                dice=hit.roll.to_view(),
            )
        )
    else:
        events.append(Event(key="swade.combat.object.miss", params={"object": name}))
    return events, Event(key="log.swade.attack_object", params={"name": attacker.name})


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    roll: DamageResult
    hardness: int
    broken: bool


def damage_object(
    dice: DiceSource, dice_sides: list[int], *, modifier: int = 0, hardness: int
) -> ObjectDamage:
    """SW-11 "Romper cosas": damage to an object neither aces nor gets the raise die; the
    object breaks when the damage matches or beats its Hardness (Consistencia)."""
    roll = damage_roll(dice, dice_sides, modifier=modifier, raise_die=False, aces=False)
    return ObjectDamage(roll, hardness, roll.total >= hardness)
