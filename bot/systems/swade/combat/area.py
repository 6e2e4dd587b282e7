"""SWADE area attacks without a map (RULES-NOTES SW-25; seed 003 "Área de efecto",
"Desviación", "Evasión"): a template touching at most 2, 3 or 4 targets, one attack roll
against TN 4, each target's own damage with cover as armour, evasion, and the deviation
of a miss. Also what every attack on several targets or on an object shares (who may
make it, its roll's event, a target's damage). Runs as a replayable maneuver: a benny
rerolls its trait rolls (:func:`bot.systems.swade.maneuvers.reroll_maneuver`). Pure.
"""

from __future__ import annotations

from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat.plan import (
    AttackPlan,
    damage_dice,
    damage_event,
    headline,
    plan_attack,
    require_can_attack,
    roll_attack,
    spend_and_mark,
)
from bot.systems.swade.damage import apply_hit, hit_events
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers import ActionRolls, Roll, maneuver, roll_evasion, run_maneuver
from bot.systems.swade.modifiers import COVER_MODS, AttackOptions
from bot.systems.swade.state import SwadeCombatant, SwadeState

TEMPLATE_TARGETS: dict[str, int] = {"small": 2, "medium": 3, "cone": 3, "large": 4}
DEVIATION_MULTIPLIER: dict[str, int] = {"short": 1, "medium": 2, "long": 3, "extreme": 4}
Template = Literal["small", "medium", "large", "cone"]


def area_targets(
    state: SwadeState, target_ids: list[str], template: Template, *, chosen: bool = True
) -> list[SwadeCombatant]:
    """The targets under ``template`` (SW-25: at most :data:`TEMPLATE_TARGETS` of them),
    refused naming the template (it may come from the weapon's notes, not the command;
    ``chosen``: the action may name a larger one, which suppressive fire's cannot)."""
    limit = TEMPLATE_TARGETS[template]
    if not target_ids or len(target_ids) > limit or len(set(target_ids)) != len(target_ids):
        source = "action" if chosen else "fixed"
        raise RuleError(
            "swade.combat.error.template_targets", max=limit, template=template, source=source
        )
    targets = [find_combatant(state, tid) for tid in target_ids]
    for t in targets:
        if t.dead:
            raise RuleError("swade.combat.error.target_dead", name=t.name)
    return targets


def ready_attacker(state: SwadeState, attacker_id: str) -> SwadeCombatant:
    """The attacker, if it may attack (:func:`~bot.systems.swade.combat.plan.require_can_attack`)."""
    attacker = find_combatant(state, attacker_id)
    require_can_attack(attacker)
    return attacker


def area_roll_event(
    attacker: SwadeCombatant, plan: AttackPlan, roll: Roll, key: str, names: list[str]
) -> Event:
    return Event(
        key=headline(key, roll.total, plan.tn, critical=roll.critical_failure),
        params={
            "attacker": attacker.name,
            "targets": ", ".join(names),
            "skill": f"swade.combat.skill.{plan.skill}",
            "weapon": plan.weapon_text,
            "tn": plan.tn,
            "modifiers": [list(m) for m in plan.modifiers],
            "total": roll.total,
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
        },
        dice=roll.to_view(),
    )


def apply_area_hit(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    rolls: ActionRolls,
    *,
    raises: int,
    extra_armor: int = 0,
    nonlethal: bool = False,
) -> list[Event]:
    """One target's own damage roll (SW-11) applied by SW-12 (``extra_armor``: cover
    as armour, seed 003). The roll is recorded (``rolls.damage``) so a benny rerolls
    the damage of the whole attack, as a power's (SW-35; seed 001: "Se vuelve a tirar
    todo el daño causado por un ataque")."""
    dmg, view, kept = rolls.damage.roll(
        target.id, target.name, lambda d: damage_dice(plan, raises, d)
    )
    hit = apply_hit(
        state,
        target,
        dmg,
        rolls.dice,
        ap=plan.ap,
        extra_armor=extra_armor,
        nonlethal=nonlethal,
        attacker_id=attacker.id,
    )
    reroll = {"kind": "damage", "action": "reroll_maneuver_damage", "rerollable": True}
    return [
        *kept,
        damage_event(attacker, target, plan, dmg, view, reroll=reroll, kept_previous=bool(kept)),
        *hit_events(target, hit),
    ]


def run_on_targets(
    state: SwadeState,
    dice: DiceSource,
    name: str,
    params: dict[str, Any],
    attacker_id: str,
    target_ids: list[str],
) -> Outcome:
    """Run the attack maneuver ``name`` of ``attacker_id`` on ``target_ids`` (a benny
    reroll puts them all back as they were), with the soak offers of those it wounded
    (SW-14, :func:`~bot.systems.swade.maneuvers.run_maneuver`)."""
    involved = [attacker_id, *[t for t in dict.fromkeys(target_ids) if t != attacker_id]]
    return run_maneuver(state, dice, name, params, owner_id=attacker_id, involved=involved)


def area_attack(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_ids: list[str],
    template: Template,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
    launched: bool = False,
    evasion: bool = False,
) -> Outcome:
    """SW-25 area attack without a map: a small template touches at most 2 targets, a
    medium one or a cone 3, a large one 4. One attack roll against TN 4; on a hit each
    target takes its own damage roll, and cover protects as armour (seed 003). With
    ``evasion`` (attacks that allow it) each target first rolls Agility -2 and a success
    avoids it. On a miss a round template deviates 1d6 steps when thrown (the attack
    rolls Athletics, SW-10: a grenade, :func:`~bot.systems.swade.weapons.is_thrown`) or
    2d6 when launched (anything shot: Shooting; or said, ``launched``; seed 003 "Desvío":
    "1d6 en armas arrojadas, como granadas, y 2d6 en proyectiles"), times 2/3/4 at
    medium/long/extreme range, in the 1d12 clock direction; the GM places it (it cannot
    deviate more than half the distance).
    Dice: attack roll; then per target its evasion roll, damage, and SW-13 rolls; or
    the deviation dice and the d12. Its trait rolls may be rerolled with a benny
    (:func:`bot.systems.swade.maneuvers.reroll_maneuver`)."""
    require_control(actor, find_combatant(state, attacker_id))
    params = {
        "attacker_id": attacker_id,
        "target_ids": list(target_ids),
        "template": template,
        "weapon": weapon,
        "skill": skill,
        "options": (options or AttackOptions()).model_dump(mode="json"),
        "launched": launched,
        "evasion": evasion,
    }
    return run_on_targets(state, dice, "area_attack", params, attacker_id, target_ids)


@maneuver("area_attack")
def _area_attack(
    new: SwadeState, rolls: ActionRolls, p: dict[str, Any]
) -> tuple[list[Event], Event]:
    opts = AttackOptions.model_validate(p["options"])
    attacker = ready_attacker(new, p["attacker_id"])
    targets = area_targets(new, p["target_ids"], p["template"])
    plan = plan_attack(new, attacker, None, weapon=p["weapon"], skill=p["skill"], options=opts)
    if plan.melee:
        raise RuleError("swade.combat.error.area_needs_ranged")
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    spend_and_mark(new, attacker, plan, opts, wild=False)
    names = [t.name for t in targets]
    events = [
        *plan.notes,  # how the skill was read (a thrown weapon: Athletics)
        area_roll_event(attacker, plan, roll, "swade.combat.area.roll", names),
    ]
    if roll.success:
        cover_armor = -COVER_MODS[opts.cover]
        for target in targets:
            if p["evasion"]:
                evaded, event = roll_evasion(rolls, new, target, phase=1)
                events.append(event)
                if evaded:
                    continue
            events += apply_area_hit(
                new,
                attacker,
                target,
                plan,
                rolls,
                raises=roll.raises,
                extra_armor=cover_armor,
                nonlethal=opts.nonlethal,
            )
    elif p["template"] != "cone":
        count = 2 if p["launched"] or plan.skill != "athletics" else 1
        base = sum(rolls.dice.roll(6) for _ in range(count))
        steps = base * DEVIATION_MULTIPLIER[opts.range]
        clock = rolls.dice.roll(12)
        events.append(
            Event(key="swade.combat.area.deviates", params={"steps": steps, "clock": clock})
        )
    else:
        events.append(Event(key="swade.combat.area.miss", params={}))
    return events, Event(
        key="log.swade.area_attack", params={"name": attacker.name, "template": p["template"]}
    )
