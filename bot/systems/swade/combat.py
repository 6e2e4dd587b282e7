"""SWADE attacks: Fighting, Shooting and throwing, wild attacks, rate of fire, area and
suppressive fire, finishing moves, and the benny rerolls of an attack or its damage
(RULES-NOTES SW-10..SW-12, SW-18, SW-21..SW-25, SW-4/SW-35). Pure.

Dice order of :func:`attack`: the attack trait roll (every trait die with its aces, then
the wild die), then for each hit in order: its damage roll (Strength die, weapon dice,
raise die) and whatever applying it rolls (SW-13 Vigor and injury, or the nonlethal 1d6),
then a disarm Strength roll if one is due.

Benny rerolls (SW-4/SW-35): :func:`reroll_attack` and :func:`reroll_damage` redo the last
single-target attack from the state before it; the area attack, suppressive fire and
attacks on objects run as replayable maneuvers
(:func:`bot.systems.swade.maneuvers.reroll_maneuver`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.dice.source import DiceError, DiceSource
from bot.dice.swade import TraitResult, damage_roll, parse_damage, trait_roll
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.actions import take_action
from bot.systems.swade.bounds import require_record
from bot.systems.swade.conditions import condition_name
from bot.systems.swade.damage import (
    apply_hit,
    damage_object,
    find_combatant,
    hit_events,
    incapacitation_reroll_offer,
    pending_soak_offer,
    require_control,
    restore,
    snapshot,
    soak_offer,
    trait_reroll_hook,
)
from bot.systems.swade.injury import attribute_roll
from bot.systems.swade.maneuvers import ActionRolls, Roll, maneuver, run_maneuver
from bot.systems.swade.modifiers import (
    AMMO_BY_ROF,
    BOUND,
    CALLED_SHOT_DAMAGE,
    COVER_MODS,
    DISTRACTED,
    MAX_GANG_UP,
    PRONE,
    SHOTGUN_DICE,
    STUNNED,
    VULNERABLE,
    AttackOptions,
    Modifier,
    add_timed_condition,
    aim_modifier,
    has_condition,
    is_armed,
    is_vulnerable,
    joker_damage_bonus,
    option_modifiers,
    power_light_modifiers,
    roll_trait,
    state_trait_modifiers,
    total,
)
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait, Weapon
from bot.systems.swade.weapons import weapon_phrase

# --- the attack plan: everything decided before the dice ---------------------------------


@dataclass
class AttackPlan:
    """What an attack rolls and against what, from the state and the options (SW-10)."""

    skill: str
    die: int
    unskilled: bool
    melee: bool
    tn: int
    tn_parts: list[Modifier]
    modifiers: list[Modifier]
    damage_sides: list[int]
    damage_mods: list[Modifier]
    ap: int
    ignore_armor: bool
    rof: int
    wild_die: int | None
    bystander_face: int  # SW-25: a failed trait die at or under this face hits a bystander
    ammo: int  # seed 003 ammunition per rate of fire
    weapon_name: str | None = None
    weapon_text: dict[str, Any] = field(default_factory=dict)  # SW-44: how replies name it
    notes: list[Event] = field(default_factory=list)  # how an option was read (gang up)


def find_weapon(c: SwadeCombatant, name: str | None) -> Weapon | None:
    if name is None:
        return None
    for w in c.weapons:
        if w.name.casefold() == name.casefold():
            return w
    raise RuleError("swade_combat.error.unknown_weapon", name=name, combatant=c.name)


def _skill_trait(c: SwadeCombatant, skill: str) -> Trait | None:
    return c.skills.get(skill)


def _parry_tn(target: SwadeCombatant) -> tuple[int, list[Modifier]]:
    """SW-10/SW-21: TN = Parry, +4 when Defending, -2 when prone."""
    parts: list[Modifier] = [("swade_combat.tn.parry", target.parry)]
    if target.defending:
        parts.append(("swade_combat.tn.defend", 4))
    if has_condition(target, PRONE):
        parts.append(("swade_combat.tn.prone", -2))
    return total(parts), parts


def _target_modifiers(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, *, melee: bool, armed: bool
) -> list[Modifier]:
    """What the target's state gives: Vulnerable +2 (SW-17, not with The Drop), prone
    -4 to ranged attacks from 3+ steps and unarmed defender +2 (SW-21), a power's
    Shroud -1 or Glow against darkness +1 (SW-41)."""
    mods: list[Modifier] = []
    if is_vulnerable(target, state) and not options.the_drop:
        mods.append(("swade_combat.mod.target_vulnerable", 2))
    if not melee and has_condition(target, PRONE) and not options.target_adjacent:
        mods.append(("swade_combat.mod.target_prone", -4))
    if melee and armed and not is_armed(target):
        mods.append(("swade_combat.mod.unarmed_defender", 2))
    mods += power_light_modifiers(target, dark=options.illumination != "normal")  # SW-41
    return mods


def _damage_plan(
    state: SwadeState,
    attacker: SwadeCombatant,
    w: Weapon | None,
    options: AttackOptions,
    *,
    melee: bool,
    wild: bool,
) -> tuple[list[int], list[Modifier]]:
    """SW-11 damage dice as written on the weapon (``Str+d8``: Strength die first; no
    weapon: Strength), or shotgun dice by range (SW-23); the bonuses: Joker, wild attack
    (SW-18), head/vitals (SW-22), charge and The Drop (seed 003)."""
    strength = attacker.attributes.get("strength", Trait())
    notation = options.damage or (w.damage if w is not None and w.damage else "Str")
    mods: list[Modifier] = []
    if options.shotgun:
        sides = list(SHOTGUN_DICE.get(options.range, [6]))
    else:
        try:
            spec = parse_damage(notation, strength=strength.die)
        except DiceError as exc:
            raise RuleError("swade_combat.error.bad_damage", damage=notation) from exc
        sides = list(spec.dice_sides)
        if spec.modifier:
            mods.append(("swade_combat.dmg.weapon", spec.modifier))
        if strength.bonus and notation.strip().lower()[:3] in {"str", "fue"}:
            mods.append(("swade_combat.dmg.strength_bonus", strength.bonus))
    if joker_damage_bonus(attacker, state):
        mods.append(("swade_combat.dmg.joker", 2))
    if wild:
        mods.append(("swade_combat.dmg.wild_attack", 2))
    called = CALLED_SHOT_DAMAGE.get(options.called_shot, 0)
    if called:
        mods.append(("swade_combat.dmg.called_shot", called))
    if options.charge and melee:
        mods.append(("swade_combat.dmg.charge", 4))
    if options.the_drop:
        mods.append(("swade_combat.dmg.the_drop", 4))
    return sides, mods


def plan_attack(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant | None,
    *,
    weapon: str | None,
    skill: str | None,
    options: AttackOptions,
    wild: bool = False,
) -> AttackPlan:
    """SW-10: Fighting against Parry; Shooting (Athletics to throw) against TN 4 with the
    range band (or against Parry when shooting while engaged, seed 003). Gathers the
    state's modifiers (SW-6, Vulnerable target, prone, unarmed defender, aim, support)
    and the declared ones (:func:`option_modifiers`), and the damage (SW-11, SW-18,
    SW-22, seed 003 shotguns, mounted charge, The Drop). ``target`` None is an area
    attack (SW-25): TN 4, no target modifiers, and cover protects as armour instead of
    a penalty (seed 003 "Área de efecto")."""
    w = find_weapon(attacker, weapon)
    melee = (w is None or not w.range) and not options.thrown
    if wild and not melee:
        raise RuleError("swade_combat.error.wild_attack_melee_only")
    notes = _gang_up_notes(options, melee=melee)
    skill_name = skill or ("fighting" if melee else "athletics" if options.thrown else "shooting")
    trait = _skill_trait(attacker, skill_name)
    mods: list[Modifier] = []
    if melee and options.mounted:
        riding = _skill_trait(attacker, "riding")
        # seed 003: the rider attacks with the lower of Fighting and Riding
        if trait is None or riding is None:
            trait = None
        elif (riding.die, riding.bonus) < (trait.die, trait.bonus):
            trait = riding
    unskilled = trait is None
    die = trait.die if trait is not None else 4
    if trait is not None and trait.bonus:
        mods.append(("swade_combat.mod.trait_bonus", trait.bonus))

    rof = options.rof
    max_rof = w.rof if w is not None and not melee else 1
    if rof > max_rof:
        raise RuleError("swade_combat.error.rof_too_high", rof=rof, max=max_rof)

    if target is not None and (melee or options.engaged):
        tn, tn_parts = _parry_tn(target)
    else:
        tn, tn_parts = 4, [("swade_combat.tn.base", 4)]

    mods += state_trait_modifiers(attacker, state, acting=not options.free_attack)
    declared = option_modifiers(options, melee=melee)
    if target is None:
        declared = [m for m in declared if m[0] != "swade_combat.mod.cover"]
    mods += declared
    if not melee and (options.aimed or attacker.aiming):
        mods.append(aim_modifier(declared))
    if wild:
        mods.append(("swade_combat.mod.wild_attack", 2))  # SW-18
    if melee and has_condition(attacker, PRONE):
        mods.append(("swade_combat.mod.attacker_prone", -2))  # SW-21
    if target is not None:
        mods += _target_modifiers(state, target, options, melee=melee, armed=w is not None)
    sides, damage_mods = _damage_plan(state, attacker, w, options, melee=melee, wild=wild)

    ranged_trait = not melee and skill_name in {"shooting", "athletics"}
    bystander_face = 0
    if ranged_trait:
        bystander_face = 2 if rof >= 2 or options.shotgun else 1
    ammo = 0
    if not melee and not options.thrown and w is not None and w.shots is not None:
        ammo = AMMO_BY_ROF[rof]
    return AttackPlan(
        skill=skill_name,
        die=die,
        unskilled=unskilled,
        melee=melee,
        tn=tn,
        tn_parts=tn_parts,
        modifiers=mods,
        damage_sides=sides,
        damage_mods=damage_mods,
        ap=(w.ap if w is not None else 0) + options.ap,
        ignore_armor=options.called_shot == "unarmored",
        rof=rof,
        wild_die=6 if attacker.wild_card else None,
        bystander_face=bystander_face,
        ammo=ammo,
        weapon_name=w.name if w is not None else None,
        weapon_text=weapon_phrase(w, None if options.shotgun else options.damage),
        notes=notes,
    )


def _gang_up_notes(options: AttackOptions, *, melee: bool) -> list[Event]:
    """SW-21 gang up: +1 Fighting per extra adjacent attacker, at most +4. More than 4
    is capped at +4 and the reply says so; on a ranged attack it is refused (gang up
    is a melee rule), never ignored silently."""
    if not options.gang_up:
        return []
    if not melee:
        raise RuleError("swade_combat.error.gang_up_ranged", given=options.gang_up)
    if options.gang_up > MAX_GANG_UP:
        return [
            Event(
                key="swade_combat.note.gang_up_capped",
                params={"given": options.gang_up, "max": MAX_GANG_UP},
            )
        ]
    return []


def roll_attack(plan: AttackPlan, dice: DiceSource) -> TraitResult:
    """The attack's trait roll: ``plan.rof`` trait dice (rate of fire) and the wild die."""
    return trait_roll(
        dice,
        plan.die,
        modifier=total(plan.modifiers),
        tn=plan.tn,
        wild_die=plan.wild_die,
        unskilled=plan.unskilled,
        trait_dice=plan.rof,
    )


def _roll_summary(roll: TraitResult) -> dict[str, Any]:
    """What a later reroll needs of the kept roll (JSON-safe)."""
    return {
        "results": [
            {
                "total": k.total,
                "success": k.success,
                "raises": k.raises,
                "natural": roll.trait_rolls[k.index].natural,
            }
            for k in roll.kept
        ],
        "critical_failure": roll.critical_failure,
        "total": roll.total,
        "view": roll.to_view(),
    }


# --- resolution --------------------------------------------------------------------------


def _spend_and_mark(
    state: SwadeState,
    attacker: SwadeCombatant,
    plan: AttackPlan,
    options: AttackOptions,
    *,
    wild: bool,
) -> None:
    """Effects of making the attack whatever it rolls: ammunition (seed 003 table), aim
    and support spent or lost (SW-24), Vulnerable after a wild attack (SW-18) or after shooting
    out of a melee (seed 003)."""
    if plan.ammo:
        w = find_weapon(attacker, plan.weapon_name)
        assert w is not None and w.shots is not None
        if w.shots < plan.ammo:
            raise RuleError("swade_combat.error.out_of_ammo", weapon=w.name, shots=w.shots)
        w.shots -= plan.ammo
    attacker.aiming = False  # SW-24: spent by a ranged attack, lost by any other action
    attacker.support_bonus = 0
    if wild or (options.engaged and options.shoot_out_of_melee):
        add_timed_condition(state, attacker, VULNERABLE)


def _hits(
    summary: dict[str, Any], plan: AttackPlan, options: AttackOptions
) -> tuple[list[tuple[int, int]], int]:
    """The hits of a rolled attack as (raises, obstacle armour), and the bystanders hit.
    One hit per successful trait die (rate of fire). SW-23: a die that missed only
    because of cover hits with the obstacle's armour added. SW-25: a failed Shooting or
    throwing die showing a natural 1 (1-2 with RoF 2+ or a shotgun) hits a bystander."""
    cover = -COVER_MODS[options.cover]
    hits: list[tuple[int, int]] = []
    bystanders = 0
    for r in summary["results"]:
        if r["success"]:
            hits.append((r["raises"], 0))
        elif (
            not summary["critical_failure"]
            and options.obstacle_armor
            and cover
            and r["total"] + cover >= plan.tn
        ):
            hits.append((0, options.obstacle_armor))
        elif r["natural"] <= plan.bystander_face:
            bystanders += 1
    return hits, bystanders


Damage = list[tuple[int, dict[str, Any] | None]]


def _roll_damage(plan: AttackPlan, raises: int, dice: DiceSource) -> tuple[int, dict[str, Any]]:
    """SW-11: the plan's damage dice, each acing, +1d6 for a raise."""
    roll = damage_roll(
        dice, plan.damage_sides, modifier=total(plan.damage_mods), raise_die=raises > 0
    )
    return roll.total, roll.to_view()


def _resolve(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    options: AttackOptions,
    summary: dict[str, Any],
    dice: DiceSource,
    *,
    damage: Damage | None = None,
) -> tuple[list[Event], list[Offer], list[int]]:
    """Apply a rolled attack: each hit's damage (SW-11; ``damage`` gives kept totals)
    applied by SW-12, a disarm roll (SW-22); the soak offer for the last wounding hit."""
    events: list[Event] = []
    offers: list[Offer] = []
    hits, bystanders = _hits(summary, plan, options)
    if summary["critical_failure"]:
        events.append(Event(key="swade_combat.attack.critical_failure", params={}))
    elif not hits:
        events.append(Event(key="swade_combat.attack.miss", params={"target": target.name}))
    if bystanders:
        events.append(Event(key="swade_combat.attack.bystanders", params={"count": bystanders}))
    rolled: list[int] = []
    for i, (raises, extra_armor) in enumerate(hits):
        if target.dead:
            break
        if extra_armor:
            events.append(
                Event(
                    key="swade_combat.attack.obstacle",
                    params={"target": target.name, "armor": extra_armor},
                )
            )
        if damage is not None and i < len(damage):
            dmg, dmg_view = damage[i]
        else:
            dmg, dmg_view = _roll_damage(plan, raises, dice)
        rolled.append(dmg)
        events.append(
            Event(
                key="swade_combat.damage.roll",
                params={
                    "attacker": attacker.name,  # whose roll (issue 27: masked when hidden)
                    "target": target.name,
                    "damage": dmg,
                    "modifiers": [list(m) for m in plan.damage_mods],
                    "ap": plan.ap,
                    "kept_previous": dmg_view is None,
                    "reroll": {
                        "kind": "damage",
                        "action": "reroll_damage",
                        "attacker_id": attacker.id,
                        "rerollable": True,
                    },
                },
                dice=dmg_view,
            )
        )
        hit = apply_hit(
            state,
            target,
            dmg,
            dice,
            ap=plan.ap,
            ignore_armor=plan.ignore_armor,
            extra_armor=extra_armor,
            nonlethal=options.nonlethal,
            attacker_id=attacker.id,
        )
        events += hit_events(target, hit)
        offer = soak_offer(target, hit)
        if offer is not None:
            offers = [offer]  # soak applies to the last hit (SW-14)
        if hit.incapacitation is not None:
            # SW-4/SW-35: the Wild Card's SW-13 Vigor roll may be rerolled with a benny.
            reroll = incapacitation_reroll_offer(target)
            if reroll is not None:
                offers = [*offers, reroll]
        if (
            options.disarm
            and options.called_shot in {"limb", "hand"}
            and hit.outcome != "no_effect"
        ):
            events.append(_disarm_roll(state, target, options, dice))
        if options.the_drop and hit.outcome in {"shaken", "wounded"}:
            events.append(_knockout_roll(state, target, options, dice))
    return events, offers, rolled


def _disarm_roll(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, dice: DiceSource
) -> Event:
    """SW-22 / seed 003 "Desarmar": a defender Shaken or wounded by a called shot to a
    limb rolls Strength (-2 arm, -4 hand) or drops what it holds."""
    penalty = (
        ("swade_combat.mod.disarm_arm", -2)
        if options.called_shot == "limb"
        else ("swade_combat.mod.disarm_hand", -4)
    )
    roll, mods = attribute_roll(target, state, dice, "strength", extra=[penalty])
    key = "swade_combat.disarm.holds" if roll.success else "swade_combat.disarm.drops"
    return Event(
        key=key,
        params={
            "target": target.name,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, action="disarm"),
        },
        dice=roll.to_view(),
    )


def _knockout_roll(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, dice: DiceSource
) -> Event:
    """Seed 003 "Superioridad": a victim Shaken or wounded by an attack with The Drop
    rolls Vigor (-2 for a head shot) or is knocked out (incapacitated)."""
    extra = [("swade_combat.mod.head", -2)] if options.called_shot == "head" else []
    roll, mods = roll_trait(target, state, dice, "vigor", extra=extra)
    if not roll.success:
        target.incapacitated = True
    return Event(
        key="swade_combat.the_drop.awake" if roll.success else "swade_combat.the_drop.knocked_out",
        params={
            "target": target.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, action="knockout", combatant_id=target.id),
        },
        dice=roll.to_view(),
    )


def _check_can_attack(
    attacker: SwadeCombatant, target: SwadeCombatant, options: AttackOptions
) -> None:
    if attacker.dead or attacker.incapacitated:
        raise RuleError("swade_combat.error.cannot_act", name=attacker.name)
    if attacker.shaken or has_condition(attacker, STUNNED):
        raise RuleError("swade_combat.error.shaken_or_stunned", name=attacker.name)
    if has_condition(attacker, BOUND):
        raise RuleError("swade_combat.error.bound", name=attacker.name)  # SW-20
    if attacker.defending and not options.free_attack:
        raise RuleError("swade_combat.error.defending", name=attacker.name)  # SW-21
    if target.dead:
        raise RuleError("swade_combat.error.target_dead", name=target.name)
    if attacker.id == target.id:
        raise RuleError("swade_combat.error.self_target")


def headline(key: str, total: int, tn: int, *, critical: bool) -> str:
    """The key of an attack roll's first line. SW-3: a critical failure fails whatever
    its total, so when the total reaches the TN the line must not read like a hit: the
    ``<key>_critical`` variant says it is a critical failure and the total does not
    count. (Below the TN it already reads as the miss it is.)"""
    return f"{key}_critical" if critical and total >= tn else key


def _kept_event(
    what: Literal["attack", "damage"],
    who: SwadeCombatant,
    rolled: int,
    kept: int,
    view: dict[str, Any],
    mods: list[Modifier],
) -> Event:
    """SW-35: a reroll (its dice and modifiers shown) that did not beat the earlier
    roll, which stands."""
    params: dict[str, Any] = {"name": who.name, "rolled": rolled, "kept": kept}
    if mods:
        params["modifiers"] = [list(m) for m in mods]
    return Event(key=f"swade_combat.reroll.{what}_kept", params=params, dice=view)


def _attack_event(
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    summary: dict[str, Any],
    *,
    wild: bool,
    kept_previous: bool = False,
) -> Event:
    key = "swade_combat.attack.wild_roll" if wild else "swade_combat.attack.roll"
    return Event(
        key=headline(key, summary["total"], plan.tn, critical=summary["critical_failure"]),
        params={
            "attacker": attacker.name,
            "target": target.name,
            "skill": f"swade_combat.skill.{plan.skill}",
            "weapon": plan.weapon_text,
            "tn": plan.tn,
            "tn_parts": [list(p) for p in plan.tn_parts],
            "modifiers": [list(m) for m in plan.modifiers],
            "total": summary["total"],
            "hits": sum(1 for r in summary["results"] if r["success"]),
            "unskilled": plan.unskilled,
            "kept_previous": kept_previous,
            "reroll": {
                "kind": "trait",
                "action": "reroll_attack",
                "attacker_id": attacker.id,
                "die": plan.die,
                "modifier": total(plan.modifiers),
                "tn": plan.tn,
                "wild_die": plan.wild_die,
                "unskilled": plan.unskilled,
                "trait_dice": plan.rof,
                "previous_total": summary["total"],
                "rerollable": not summary["critical_failure"],
            },
        },
        dice=summary["view"],
    )


def _reroll_offers(
    attacker: SwadeCombatant, summary: dict[str, Any], rolled: list[int]
) -> list[Offer]:
    """SW-4/SW-35: a benny may reroll the attack (never a critical failure) or its damage."""
    offers = []
    if not summary["critical_failure"]:
        offers.append(
            Offer(
                action="reroll_attack",
                label_key="swade_combat.offer.reroll_attack",
                user_id=attacker.controller_id,
                combatant_id=attacker.id,
                data={"attacker_id": attacker.id},
            )
        )
    if rolled:
        offers.append(
            Offer(
                action="reroll_damage",
                label_key="swade_combat.offer.reroll_damage",
                user_id=attacker.controller_id,
                combatant_id=attacker.id,
                data={"attacker_id": attacker.id},
            )
        )
    return offers


def _restore(state: SwadeState, previous: dict[str, Any]) -> SwadeState:
    """A copy of ``state`` with the attacker and target as they were before the attack."""
    return restore(state, previous["before"])


def _run(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    params: dict[str, Any],
    *,
    previous: dict[str, Any] | None = None,
    mode: Literal["new", "reroll_attack", "reroll_damage"] = "new",
) -> Outcome:
    new = state.model_copy(deep=True) if previous is None else _restore(state, previous)
    attacker = find_combatant(new, params["attacker_id"])
    require_control(actor, attacker)
    target = find_combatant(new, params["target_id"])
    options = AttackOptions.model_validate(params["options"])
    wild = bool(params["wild"])
    if previous is None:
        _check_can_attack(attacker, target, options)
    before = snapshot(new, [attacker.id, target.id])
    # SW-36: one action of the turn (a benny reroll redoes the same one).
    counted = take_action(new, attacker, free=options.free_attack, replay=previous is not None)
    plan = plan_attack(
        new,
        attacker,
        target,
        weapon=params["weapon"],
        skill=params["skill"],
        options=options,
        wild=wild,
    )
    kept_previous = False
    damage: Damage | None = None
    # A benny reroll that does not beat the earlier roll still shows its dice, and says
    # the earlier one stands (SW-35): otherwise the player sees the same roll again.
    events: list[Event] = [*counted, *(plan.notes if previous is None else [])]
    if mode == "reroll_damage":
        assert previous is not None
        summary = previous["roll"]
        damage = []
        for i, (raises, _) in enumerate(_hits(summary, plan, options)[0]):
            fresh = _roll_damage(plan, raises, dice)
            old = previous["damage"][i] if i < len(previous["damage"]) else None
            if old is not None and old >= fresh[0]:
                damage.append((old, None))
                events.append(
                    _kept_event("damage", target, fresh[0], old, fresh[1], plan.damage_mods)
                )
            else:
                damage.append(fresh)
    else:
        summary = _roll_summary(roll_attack(plan, dice))
        # SW-4: a critical failure on the reroll must be accepted; otherwise SW-35 keeps
        # the better roll (and its damage).
        rerolled_critical = summary["critical_failure"]
        if (
            previous is not None
            and not rerolled_critical
            and previous["roll"]["total"] >= summary["total"]
        ):
            events.append(
                _kept_event(
                    "attack",
                    attacker,
                    summary["total"],
                    previous["roll"]["total"],
                    summary["view"],
                    plan.modifiers,
                )
            )
            summary = previous["roll"]
            damage = [(d, None) for d in previous["damage"]]
            kept_previous = True
    _spend_and_mark(new, attacker, plan, options, wild=wild)
    events.append(
        _attack_event(attacker, target, plan, summary, wild=wild, kept_previous=kept_previous)
    )
    hit_events_, offers, rolled = _resolve(
        new, attacker, target, plan, options, summary, dice, damage=damage
    )
    events += hit_events_
    attacker.last_attack = {"params": params, "before": before, "roll": summary, "damage": rolled}
    return Outcome(
        state=new,
        events=events,
        offers=_reroll_offers(attacker, summary, rolled) + offers,
        summary=Event(
            key="log.swade.wild_attack" if wild else "log.swade.attack",
            params={"attacker": attacker.name, "target": target.name},
        ),
    )


def attack(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
) -> Outcome:
    """SW-10/SW-11/SW-12: attack ``target_id`` with ``weapon`` (a name on the attacker's
    sheet; ``None``: unarmed, Strength damage) or a given skill. Rolls the attack with
    every modifier listed by name, then damage for each hit, applied by SW-12; offers a
    benny reroll of the attack (not after a critical failure, SW-4) and of the damage,
    and soak to a wounded Wild Card (SW-14)."""
    params = _attack_params(attacker_id, target_id, weapon, skill, options, wild=False)
    return _run(state, actor, dice, params)


def wild_attack(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
) -> Outcome:
    """SW-18 Wild Attack: a melee attack at +2 Fighting and +2 damage; the attacker is
    Vulnerable until the end of its next turn."""
    params = _attack_params(attacker_id, target_id, weapon, skill, options, wild=True)
    return _run(state, actor, dice, params)


def _attack_params(
    attacker_id: str,
    target_id: str,
    weapon: str | None,
    skill: str | None,
    options: AttackOptions | None,
    *,
    wild: bool,
) -> dict[str, Any]:
    """What ``last_attack`` keeps to run the attack again (benny rerolls, SW-35)."""
    return {
        "attacker_id": attacker_id,
        "target_id": target_id,
        "weapon": weapon,
        "skill": skill,
        "options": (options or AttackOptions()).model_dump(mode="json"),
        "wild": wild,
    }


def _previous_attack(state: SwadeState, attacker_id: str) -> dict[str, Any]:
    attacker = find_combatant(state, attacker_id)
    if attacker.last_attack is None:
        raise RuleError("swade_combat.error.no_attack_to_reroll", name=attacker.name)
    return require_record(state, attacker, "last_attack")  # issue 28: never trusted


def reroll_attack(state: SwadeState, actor: Actor, dice: DiceSource, attacker_id: str) -> Outcome:
    """SW-4/SW-35: a benny rerolls the attacker's last attack roll; the better roll is
    kept (ties keep the first) and the attack is resolved again from the state before
    it. A critical failure cannot be rerolled. The ledger charges the benny."""
    previous = _previous_attack(state, attacker_id)
    if previous["roll"]["critical_failure"]:
        raise RuleError("swade_combat.error.critical_failure_no_reroll")
    return _run(state, actor, dice, previous["params"], previous=previous, mode="reroll_attack")


def reroll_damage(state: SwadeState, actor: Actor, dice: DiceSource, attacker_id: str) -> Outcome:
    """SW-35: a benny rerolls the damage of the attacker's last attack; each hit keeps
    the better of its two damage totals, and the hits are applied again from the state
    before the attack (the attack roll stays)."""
    previous = _previous_attack(state, attacker_id)
    if not previous["damage"]:
        raise RuleError("swade_combat.error.no_damage_to_reroll")
    return _run(state, actor, dice, previous["params"], previous=previous, mode="reroll_damage")


# --- SW-25: area attacks and suppressive fire ---------------------------------------------

TEMPLATE_TARGETS: dict[str, int] = {"small": 2, "medium": 3, "cone": 3, "large": 4}
DEVIATION_MULTIPLIER: dict[str, int] = {"short": 1, "medium": 2, "long": 3, "extreme": 4}
Template = Literal["small", "medium", "large", "cone"]


def _area_targets(state: SwadeState, target_ids: list[str], limit: int) -> list[SwadeCombatant]:
    if not target_ids or len(target_ids) > limit or len(set(target_ids)) != len(target_ids):
        raise RuleError("swade_combat.error.template_targets", max=limit)
    targets = [find_combatant(state, tid) for tid in target_ids]
    for t in targets:
        if t.dead:
            raise RuleError("swade_combat.error.target_dead", name=t.name)
    return targets


def _area_attacker(state: SwadeState, attacker_id: str) -> SwadeCombatant:
    attacker = find_combatant(state, attacker_id)
    if attacker.dead or attacker.incapacitated:
        raise RuleError("swade_combat.error.cannot_act", name=attacker.name)
    if attacker.shaken or has_condition(attacker, STUNNED):
        raise RuleError("swade_combat.error.shaken_or_stunned", name=attacker.name)
    if has_condition(attacker, BOUND):
        raise RuleError("swade_combat.error.bound", name=attacker.name)
    if attacker.defending:
        raise RuleError("swade_combat.error.defending", name=attacker.name)
    return attacker


def _area_roll_event(
    attacker: SwadeCombatant, plan: AttackPlan, roll: Roll, key: str, names: list[str]
) -> Event:
    return Event(
        key=headline(key, roll.total, plan.tn, critical=roll.critical_failure),
        params={
            "attacker": attacker.name,
            "targets": ", ".join(names),
            "skill": f"swade_combat.skill.{plan.skill}",
            "weapon": plan.weapon_text,
            "tn": plan.tn,
            "modifiers": [list(m) for m in plan.modifiers],
            "total": roll.total,
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
        },
        dice=roll.to_view(),
    )


def _damage_event(
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    dmg: int,
    view: dict[str, Any],
) -> Event:
    return Event(
        key="swade_combat.damage.roll",
        params={
            "attacker": attacker.name,  # whose roll (issue 27: masked when hidden)
            "target": target.name,
            "damage": dmg,
            "modifiers": [list(m) for m in plan.damage_mods],
            "ap": plan.ap,
            "kept_previous": False,
            "reroll": {"kind": "damage", "rerollable": False},
        },
        dice=view,
    )


def _apply_area_hit(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    dice: DiceSource,
    *,
    raises: int,
    extra_armor: int = 0,
    nonlethal: bool = False,
) -> list[Event]:
    dmg, view = _roll_damage(plan, raises, dice)
    hit = apply_hit(
        state,
        target,
        dmg,
        dice,
        ap=plan.ap,
        extra_armor=extra_armor,
        nonlethal=nonlethal,
        attacker_id=attacker.id,
    )
    return [_damage_event(attacker, target, plan, dmg, view), *hit_events(target, hit)]


def _with_soak_offers(out: Outcome, attacker_id: str, target_ids: list[str]) -> Outcome:
    for tid in target_ids:
        offer = pending_soak_offer(find_combatant(out.state, tid), attacker_id)
        if offer is not None:
            out.offers.append(offer)
    return out


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
    avoids it. On a miss a round template deviates 1d6 steps (thrown) or 2d6
    (``launched``), times 2/3/4 at medium/long/extreme range, in the 1d12 clock
    direction; the GM places it (it cannot deviate more than half the distance).
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
    involved = [attacker_id, *[t for t in dict.fromkeys(target_ids) if t != attacker_id]]
    out = run_maneuver(state, dice, "area_attack", params, owner_id=attacker_id, involved=involved)
    return _with_soak_offers(out, attacker_id, list(target_ids))


@maneuver("area_attack")
def _area_attack(
    new: SwadeState, rolls: ActionRolls, p: dict[str, Any]
) -> tuple[list[Event], Event]:
    opts = AttackOptions.model_validate(p["options"])
    attacker = _area_attacker(new, p["attacker_id"])
    targets = _area_targets(new, p["target_ids"], TEMPLATE_TARGETS[p["template"]])
    plan = plan_attack(new, attacker, None, weapon=p["weapon"], skill=p["skill"], options=opts)
    if plan.melee:
        raise RuleError("swade_combat.error.area_needs_ranged")
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    _spend_and_mark(new, attacker, plan, opts, wild=False)
    names = [t.name for t in targets]
    events = [_area_roll_event(attacker, plan, roll, "swade_combat.area.roll", names)]
    if roll.success:
        cover_armor = -COVER_MODS[opts.cover]
        for target in targets:
            if p["evasion"]:
                penalty: Modifier = ("swade_combat.mod.evasion", -2)
                ev, ev_mods = rolls.roll(target, new, "agility", extra=[penalty], phase=1)
                key = "swade_combat.evade.success" if ev.success else "swade_combat.evade.failure"
                events.append(_roll_event(key, target, ev, ev_mods))
                if ev.success:
                    continue
            events += _apply_area_hit(
                new,
                attacker,
                target,
                plan,
                rolls.dice,
                raises=roll.raises,
                extra_armor=cover_armor,
                nonlethal=opts.nonlethal,
            )
    elif p["template"] != "cone":
        count = 2 if p["launched"] else 1
        base = sum(rolls.dice.roll(6) for _ in range(count))
        steps = base * DEVIATION_MULTIPLIER[opts.range]
        clock = rolls.dice.roll(12)
        events.append(
            Event(key="swade_combat.area.deviates", params={"steps": steps, "clock": clock})
        )
    else:
        events.append(Event(key="swade_combat.area.miss", params={}))
    return events, Event(
        key="log.swade.area_attack", params={"name": attacker.name, "template": p["template"]}
    )


def _roll_event(key: str, who: SwadeCombatant, roll: Roll, mods: list[Modifier]) -> Event:
    return Event(
        key=key,
        params={
            "name": who.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
        },
        dice=roll.to_view(),
    )


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
    involved = [attacker_id, *[t for t in dict.fromkeys(target_ids) if t != attacker_id]]
    out = run_maneuver(
        state, dice, "suppressive_fire", params, owner_id=attacker_id, involved=involved
    )
    return _with_soak_offers(out, attacker_id, list(target_ids))


@maneuver("suppressive_fire")
def _suppressive_fire(
    new: SwadeState, rolls: ActionRolls, p: dict[str, Any]
) -> tuple[list[Event], Event]:
    opts = AttackOptions.model_validate(p["options"])
    attacker = _area_attacker(new, p["attacker_id"])
    w = find_weapon(attacker, p["weapon"])
    assert w is not None
    if not w.range or w.rof < 2:
        raise RuleError("swade_combat.error.suppressive_needs_rof", weapon=w.name)
    targets = _area_targets(new, p["target_ids"], TEMPLATE_TARGETS["medium"])
    plan = plan_attack(new, attacker, None, weapon=w.name, skill=None, options=opts)
    plan.modifiers.append(("swade_combat.mod.recoil", -2))
    plan.ammo = AMMO_BY_ROF[w.rof] if w.shots is not None else 0
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    _spend_and_mark(new, attacker, plan, opts, wild=False)
    names = [t.name for t in targets]
    events = [_area_roll_event(attacker, plan, roll, "swade_combat.suppressive.roll", names)]
    if not roll.success:
        events.append(Event(key="swade_combat.suppressive.miss", params={}))
    for i, target in enumerate(targets if roll.success else []):
        events += add_timed_condition(new, target, DISTRACTED)
        events.append(
            Event(
                key="swade_combat.suppressive.distracted",
                params={
                    "name": target.name,
                    "condition_name": condition_name("distracted", target.gender),
                },
            )
        )
        if roll.raises >= 1 and i < w.rof and not target.dead:
            events += _apply_area_hit(new, attacker, target, plan, rolls.dice, raises=0)
    return events, Event(key="log.swade.suppressive_fire", params={"name": attacker.name})


# --- SW-11 breaking things ------------------------------------------------------------------


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
    attacker = _area_attacker(new, p["attacker_id"])
    plan = plan_attack(new, attacker, None, weapon=p["weapon"], skill=p["skill"], options=opts)
    if plan.melee:
        plan.tn, plan.tn_parts = p["parry"], [("swade_combat.tn.parry", p["parry"])]
    roll = rolls.roll_with(attacker, lambda d: roll_attack(plan, d), mods=plan.modifiers)
    _spend_and_mark(new, attacker, plan, opts, wild=False)
    name = p["object_name"]
    events = [_area_roll_event(attacker, plan, roll, "swade_combat.object.roll", [name])]
    if roll.success:
        effective = max(0, p["hardness"] - plan.ap)
        hit = damage_object(
            rolls.dice, plan.damage_sides, modifier=total(plan.damage_mods), hardness=effective
        )
        events.append(
            Event(
                key="swade_combat.object.broken" if hit.broken else "swade_combat.object.holds",
                params={"object": name, "damage": hit.roll.total, "hardness": effective},
                dice=hit.roll.to_view(),
            )
        )
    else:
        events.append(Event(key="swade_combat.object.miss", params={"object": name}))
    return events, Event(key="log.swade.attack_object", params={"name": attacker.name})


# --- seed 000/003 "Recarga" -------------------------------------------------------------------


def reload_weapon(
    state: SwadeState, actor: Actor, *, combatant_id: str, weapon: str, shots: int
) -> Outcome:
    """Seed 003 "Recarga": loading clips, magazines or loose rounds costs an action per
    item (arrows and sling stones are free once per attack); the bot only tracks the
    rounds: the weapon now holds ``shots``. It counts as one action of the turn (SW-36)."""
    if shots < 0:
        raise RuleError("swade_combat.error.bad_shots", shots=shots)
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    w = find_weapon(c, weapon)
    assert w is not None
    counted = take_action(new, c)  # SW-36: reloading is an action (seed 000 "Recarga")
    w.shots = shots
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(
                key="swade_combat.reload", params={"name": c.name, "weapon": w.name, "shots": shots}
            ),
        ],
        summary=Event(key="log.swade.reload", params={"name": c.name, "weapon": w.name}),
    )
