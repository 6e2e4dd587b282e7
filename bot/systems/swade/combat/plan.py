"""SWADE attacks, before the dice: what an attack rolls and against what (RULES-NOTES
SW-10, SW-11, SW-18, SW-21..SW-23; seed 003 shotguns, mounted attacks, The Drop), who may
attack (SW-15/SW-16/SW-20/SW-21), and what making it spends (ammunition, aim, support).
Shared by the single attack (:mod:`.attack`), area attacks and suppressive fire
(:mod:`.area`, :mod:`.suppressive`) and attacks on objects (:mod:`.objects`). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.dice.source import DiceError, DiceSource
from bot.dice.swade import (
    DamageResult,
    TraitResult,
    damage_roll,
    parse_damage,
    strength_based,
    trait_roll,
)
from bot.systems.base import Event, RuleError
from bot.systems.swade.modifiers import (
    AMMO_BY_ROF,
    BOUND,
    CALLED_SHOT_DAMAGE,
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
    state_trait_modifiers,
    total,
)
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait, Weapon
from bot.systems.swade.weapons import (
    RANGED_SKILLS,
    is_ranged,
    is_thrown,
    strikes,
    weapon_phrase,
)

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
    raise RuleError(
        "swade.combat.error.unknown_weapon", name=name, combatant=c.name, gender=c.gender
    )


def _skill_trait(c: SwadeCombatant, skill: str) -> Trait | None:
    return c.skills.get(skill)


def _parry_tn(target: SwadeCombatant) -> tuple[int, list[Modifier]]:
    """SW-10/SW-21: TN = Parry, +4 when Defending, -2 when prone."""
    parts: list[Modifier] = [("swade.combat.tn.parry", target.parry)]
    if target.defending:
        parts.append(("swade.combat.tn.defend", 4))
    if has_condition(target, PRONE):
        parts.append(("swade.combat.tn.prone", -2))
    return total(parts), parts


def _target_modifiers(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, *, melee: bool, armed: bool
) -> list[Modifier]:
    """What the target's state gives: Vulnerable +2 (SW-17, not with The Drop), prone
    -4 to ranged attacks from 3+ steps and unarmed defender +2 (SW-21), a power's
    Shroud -1 or Glow against darkness +1 (SW-41)."""
    mods: list[Modifier] = []
    if is_vulnerable(target, state) and not options.the_drop:
        mods.append(("swade.combat.mod.target_vulnerable", 2))
    if not melee and has_condition(target, PRONE) and not options.target_adjacent:
        mods.append(("swade.combat.mod.target_prone", -4))
    if melee and armed and not is_armed(target):
        mods.append(("swade.combat.mod.unarmed_defender", 2))
    mods += power_light_modifiers(target, dark=options.illumination != "normal")  # SW-41
    return mods


_UNRATED = Trait()  # an attribute the sheet does not give: d4 (frozen, so shared)


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
    strength = attacker.attributes.get("strength", _UNRATED)
    notation = options.damage or (w.damage if w is not None and w.damage else "Str")
    mods: list[Modifier] = []
    if options.shotgun:
        sides = list(SHOTGUN_DICE.get(options.range, [6]))
    else:
        try:
            spec = parse_damage(notation, strength=strength.die)
        except DiceError as exc:
            raise RuleError("swade.combat.error.bad_damage", damage=notation) from exc
        sides = list(spec.dice_sides)
        if spec.modifier:
            mods.append(("swade.combat.dmg.weapon", spec.modifier))
        if strength.bonus and strength_based(notation):
            mods.append(("swade.combat.dmg.strength_bonus", strength.bonus))
    if joker_damage_bonus(attacker, state):
        mods.append(("swade.combat.dmg.joker", 2))
    if wild:
        mods.append(("swade.combat.dmg.wild_attack", 2))
    called = CALLED_SHOT_DAMAGE.get(options.called_shot, 0)
    if called:
        mods.append(("swade.combat.dmg.called_shot", called))
    if options.charge and melee:
        mods.append(("swade.combat.dmg.charge", 4))
    if options.the_drop:
        mods.append(("swade.combat.dmg.the_drop", 4))
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
    melee = _is_melee(w, skill, options)
    if wild and not melee:
        raise RuleError("swade.combat.error.wild_attack_melee_only")
    notes = _gang_up_notes(options, melee=melee)
    # SW-10: Athletics to throw, said (``thrown``) or read from the weapon (is_thrown).
    thrown = not melee and (options.thrown or (w is not None and is_thrown(w)))
    skill_name = skill or ("fighting" if melee else "athletics" if thrown else "shooting")
    if skill is None and thrown and not options.thrown and w is not None:
        notes.append(Event(key="swade.combat.note.thrown", params={"weapon": w.name}))
    trait = _attack_trait(attacker, skill_name, options, melee=melee)
    mods: list[Modifier] = []
    if trait is not None and trait.bonus:
        mods.append(("swade.combat.mod.trait_bonus", trait.bonus))

    rof = options.rof
    max_rof = w.rof if w is not None and not melee else 1
    if rof > max_rof:
        raise RuleError("swade.combat.error.rof_too_high", rof=rof, max=max_rof)

    if target is not None and (melee or options.engaged):
        tn, tn_parts = _parry_tn(target)
    else:
        tn, tn_parts = 4, [("swade.combat.tn.base", 4)]

    mods += _attack_modifiers(state, attacker, target, options, melee=melee, wild=wild, w=w)
    sides, damage_mods = _damage_plan(state, attacker, w, options, melee=melee, wild=wild)
    return AttackPlan(
        skill=skill_name,
        die=trait.die if trait is not None else 4,
        unskilled=trait is None,
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
        bystander_face=_bystander_face(skill_name, options, melee=melee),
        ammo=_ammo(w, options, shot=not melee and not thrown),
        weapon_name=w.name if w is not None else None,
        weapon_text=weapon_phrase(w, None if options.shotgun else options.damage),
        notes=notes,
    )


def _is_melee(w: Weapon | None, skill: str | None, options: AttackOptions) -> bool:
    """SW-10/SW-44: a throw said (``thrown``) is ranged; else the skill named decides
    (Shooting or Athletics: ranged; any other: melee, refused with a weapon that cannot
    strike, :func:`~bot.systems.swade.weapons.strikes`); else the weapon's range (a
    dagger that can be thrown comes here as ``skill`` Fighting when the command did not
    say it throws: ``moves.attack``); without a weapon, melee."""
    if options.thrown:
        return False
    if skill is not None:
        melee = skill not in RANGED_SKILLS
        if melee and w is not None and not strikes(w):
            raise RuleError("swade.combat.error.not_a_melee_weapon", weapon=w.name)
        return melee
    return not is_ranged(w) if w is not None else True


def _attack_trait(
    attacker: SwadeCombatant, skill_name: str, options: AttackOptions, *, melee: bool
) -> Trait | None:
    """The trait the attack rolls (``None``: unskilled, SW-5)."""
    trait = _skill_trait(attacker, skill_name)
    if melee and options.mounted:
        riding = _skill_trait(attacker, "riding")
        # seed 003: the rider attacks with the lower of Fighting and Riding
        if trait is None or riding is None:
            trait = None
        elif (riding.die, riding.bonus) < (trait.die, trait.bonus):
            trait = riding
    return trait


def _attack_modifiers(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant | None,
    options: AttackOptions,
    *,
    melee: bool,
    wild: bool,
    w: Weapon | None,
) -> list[Modifier]:
    """The attacker's state (SW-6), the declared options (cover is armour, not a
    penalty, against an area), aim (SW-24), wild attack (SW-18), a prone attacker
    (SW-21), and the target's (:func:`_target_modifiers`)."""
    mods = list(state_trait_modifiers(attacker, state, acting=not options.free_attack))
    declared = option_modifiers(options, melee=melee)
    if target is None:
        declared = [m for m in declared if m[0] != "swade.combat.mod.cover"]
    mods += declared
    if not melee and (options.aimed or attacker.aiming):
        mods.append(aim_modifier(declared))
    if wild:
        mods.append(("swade.combat.mod.wild_attack", 2))  # SW-18
    if melee and has_condition(attacker, PRONE):
        mods.append(("swade.combat.mod.attacker_prone", -2))  # SW-21
    if target is not None:
        mods += _target_modifiers(state, target, options, melee=melee, armed=w is not None)
    return mods


def _bystander_face(skill_name: str, options: AttackOptions, *, melee: bool) -> int:
    """SW-25: a failed Shooting or throwing die at or under this face hits a bystander
    (1; 1-2 with RoF 2+ or a shotgun); 0 for any other attack."""
    if melee or skill_name not in {"shooting", "athletics"}:
        return 0
    return 2 if options.rof >= 2 or options.shotgun else 1


def _ammo(w: Weapon | None, options: AttackOptions, *, shot: bool) -> int:
    """Seed 003: the rounds a shot spends by its rate of fire (a weapon that counts them);
    none unless it is a ``shot``: not melee, not thrown (SW-10, :func:`is_thrown`)."""
    if shot and w is not None and w.shots is not None:
        return AMMO_BY_ROF[options.rof]
    return 0


def _gang_up_notes(options: AttackOptions, *, melee: bool) -> list[Event]:
    """SW-21 gang up: +1 Fighting per extra adjacent attacker, at most +4. More than 4
    is capped at +4 and the reply says so; on a ranged attack it is refused (gang up
    is a melee rule), never ignored silently."""
    if not options.gang_up:
        return []
    if not melee:
        raise RuleError("swade.combat.error.gang_up_ranged", given=options.gang_up)
    if options.gang_up > MAX_GANG_UP:
        return [
            Event(
                key="swade.combat.note.gang_up_capped",
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


def spend_and_mark(
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
            raise RuleError("swade.combat.error.out_of_ammo", weapon=w.name, shots=w.shots)
        w.shots -= plan.ammo
    attacker.aiming = False  # SW-24: spent by a ranged attack, lost by any other action
    attacker.support_bonus = 0
    if wild or (options.engaged and options.shoot_out_of_melee):
        add_timed_condition(state, attacker, VULNERABLE)


Damage = list[tuple[int, dict[str, Any] | None]]


def damage_dice(plan: AttackPlan, raises: int, dice: DiceSource) -> DamageResult:
    """SW-11: the plan's damage dice, each acing, +1d6 for a raise."""
    return damage_roll(
        dice, plan.damage_sides, modifier=total(plan.damage_mods), raise_die=raises > 0
    )


def roll_damage(plan: AttackPlan, raises: int, dice: DiceSource) -> tuple[int, dict[str, Any]]:
    """SW-11: the plan's damage roll (:func:`damage_dice`): its total and dice."""
    roll = damage_dice(plan, raises, dice)
    return roll.total, roll.to_view()


def headline(key: str, total: int, tn: int, *, critical: bool) -> str:
    """The key of an attack roll's first line. SW-3: a critical failure fails whatever
    its total, so when the total reaches the TN the line must not read like a hit: the
    ``<key>_critical`` variant says it is a critical failure and the total does not
    count. (Below the TN it already reads as the miss it is.)"""
    return f"{key}_critical" if critical and total >= tn else key


def require_can_attack(attacker: SwadeCombatant, *, free_attack: bool = False) -> None:
    """Who may attack: not dead or incapacitated, not Shaken or Stunned (SW-15/SW-16),
    not Bound (SW-20), not Defending (SW-21) unless it is a free attack."""
    if attacker.dead or attacker.incapacitated:
        raise RuleError("swade.combat.error.cannot_act", name=attacker.name)
    if attacker.shaken or has_condition(attacker, STUNNED):
        raise RuleError("swade.combat.error.shaken_or_stunned", name=attacker.name)
    if has_condition(attacker, BOUND):
        raise RuleError(  # SW-20
            "swade.combat.error.bound", name=attacker.name, gender=attacker.gender
        )
    if attacker.defending and not free_attack:
        raise RuleError("swade.combat.error.defending", name=attacker.name)  # SW-21


def damage_event(
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    dmg: int,
    view: dict[str, Any] | None,
    *,
    reroll: dict[str, Any],
    kept_previous: bool = False,
) -> Event:
    """A hit's damage roll (SW-11): its total, modifiers and AP; ``reroll`` says whether
    a benny may reroll it (SW-35); ``kept_previous``: a reroll kept the earlier total."""
    return Event(
        key="swade.combat.damage.roll",
        params={
            "attacker": attacker.name,  # whose roll (issue 27: masked when hidden)
            "target": target.name,
            "damage": dmg,
            "modifiers": [list(m) for m in plan.damage_mods],
            "ap": plan.ap,
            "kept_previous": kept_previous,
            "reroll": reroll,
        },
        dice=view,
    )
