"""SWADE suppressive fire (RULES-NOTES SW-25; seeds 000/003 "Fuego de supresión"): a
weapon with RoF 2+ covers a medium template; success leaves every target Distracted, a
raise also hits them. Runs as a replayable maneuver (benny rerolls:
:func:`bot.systems.swade.maneuvers.reroll_maneuver`). Pure.
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat.area import (
    apply_area_hit,
    area_roll_event,
    area_targets,
    ready_attacker,
    run_on_targets,
)
from bot.systems.swade.combat.plan import find_weapon, plan_attack, roll_attack, spend_and_mark
from bot.systems.swade.conditions import condition_name
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers import ActionRolls, maneuver
from bot.systems.swade.modifiers import AMMO_BY_ROF, DISTRACTED, AttackOptions, add_timed_condition
from bot.systems.swade.state import SwadeState


def suppressive_fire(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_ids: list[str],
    weapon: str,
    options: AttackOptions | None = None,
) -> Outcome:
    """SW-25 suppressive fire (seeds 000/003): a weapon with RoF 2+ covers a medium
    template (3 targets without a map); one Shooting roll against TN 4 with recoil.
    Success: every target is Distracted; a raise: the targets are also hit (damage,
    at most as many targets as the weapon's RoF, in the order given). Ammunition: the
    seed 003 amount for the weapon's full RoF. Reading: one total for all targets
    (per-target cover is the GM's) and no raise die on the damage (the raise is what
    makes it hit)."""
    require_control(actor, find_combatant(state, attacker_id))
    params = {
        "attacker_id": attacker_id,
        "target_ids": list(target_ids),
        "weapon": weapon,
        "options": (options or AttackOptions())
        .model_copy(update={"rof": 1})
        .model_dump(mode="json"),
    }
    return run_on_targets(state, dice, "suppressive_fire", params, attacker_id, target_ids)


@maneuver("suppressive_fire")
def _suppressive_fire(
    new: SwadeState, rolls: ActionRolls, p: dict[str, Any]
) -> tuple[list[Event], Event]:
    opts = AttackOptions.model_validate(p["options"])
    attacker = ready_attacker(new, p["attacker_id"])
    w = find_weapon(attacker, p["weapon"])
    assert w is not None
    if not w.range or w.rof < 2:
        raise RuleError("swade.combat.error.suppressive_needs_rof", weapon=w.name)
    targets = area_targets(new, p["target_ids"], "medium", chosen=False)
    plan = plan_attack(new, attacker, None, weapon=w.name, skill=None, options=opts)
    plan.modifiers.append(("swade.combat.mod.recoil", -2))
    plan.ammo = AMMO_BY_ROF[w.rof] if w.shots is not None else 0
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    spend_and_mark(new, attacker, plan, opts, wild=False)
    names = [t.name for t in targets]
    events = [area_roll_event(attacker, plan, roll, "swade.combat.suppressive.roll", names)]
    if not roll.success:
        events.append(Event(key="swade.combat.suppressive.miss", params={}))
    for i, target in enumerate(targets if roll.success else []):
        events += add_timed_condition(new, target, DISTRACTED)
        events.append(
            Event(
                key="swade.combat.suppressive.distracted",
                params={
                    "name": target.name,
                    "condition_name": condition_name("distracted", target.gender),
                },
            )
        )
        if roll.raises >= 1 and i < w.rof and not target.dead:
            events += apply_area_hit(new, attacker, target, plan, rolls, raises=0)
    return events, Event(key="log.swade.suppressive_fire", params={"name": attacker.name})
