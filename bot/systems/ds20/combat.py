"""Dread S-20 melee attacks, defence and damage (DS-5, DS-6, DS-7, DS-10 modifiers).

``attack`` rolls and, on a hit, leaves a :class:`PendingAttack` for the defender's
answer (``defend`` with "dodge", "block" or "none"), unless it is a surprise attack or
the target cannot defend: then the damage is resolved at once.

Dice order: the attack roll (d20, bonus d4s, penalty d4s); on ``defend`` the defence
roll; then the armour roll of whoever takes the damage (d20 only).

Modifiers counted as units (each 1d4, DS-1): bonus for an attack from behind or against
a grappled target (DS-10, one, not both), for a melee attack against a prone target,
for the active technique; penalty for each declared extra action (DS-4), a called shot
(one), an attacker on the floor (melee), and wounds (DS-9, added by the roll).
"""

from __future__ import annotations

from typing import Literal

from bot.dice.ds20 import Units, roll_under
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20._common import (
    action_penalty,
    controlled,
    copy,
    defence_offers,
    find_weapon,
    require_able,
    require_gm,
    require_no_pending,
    result_suffix,
    roll_event,
    roll_skill,
    use_action,
)
from bot.systems.ds20.state import (
    ACROBACIA,
    SKILL_OF_KIND,
    BodyPart,
    DS20State,
    DSCombatant,
    PendingAttack,
    Technique,
)
from bot.systems.ds20.units import (
    BEHIND,
    CALLED,
    DEFENCES,
    GIVEN,
    GRAPPLED,
    PRONE,
    PRONE_TARGET,
    TECHNIQUE,
    units,
)
from bot.systems.ds20.wounds import (
    SEVERITY_HL,
    record_severity,
    severity_text,
    wound_severity,
)

DefenceKind = Literal["dodge", "block", "none"]
MELEE_DEFENCES: tuple[str, ...] = ("dodge", "block", "none")


def active_technique(c: DSCombatant) -> Technique | None:
    if c.active_technique is None:
        return None
    return next((t for t in c.techniques if t.name == c.active_technique), None)


def attack_units(
    attacker: DSCombatant,
    target: DSCombatant,
    *,
    melee: bool,
    bonus: int,
    penalty: int,
    called: BodyPart | None,
    back: bool,
) -> tuple[Units, Units]:
    """The bonus and penalty units of an attack by source, wounds aside (see module
    docstring)."""
    tech = active_technique(attacker)
    grappled = bool(target.grappled_by) and not back
    bonus_units = units(
        (GIVEN, bonus),
        (BEHIND, 1 if back else 0),
        (GRAPPLED, 1 if grappled else 0),
        (PRONE_TARGET, 1 if melee and target.prone else 0),
        (TECHNIQUE, tech.bonus if tech else 0),
    )
    penalty_units = units(
        (GIVEN, penalty),
        *action_penalty(attacker),
        (CALLED, 1 if called else 0),
        (PRONE, 1 if melee and attacker.prone else 0),
    )
    return bonus_units, penalty_units


def can_defend(target: DSCombatant) -> bool:
    return target.health != "dead" and not target.unconscious


def check_attack(state: DS20State, attacker: DSCombatant, target: DSCombatant) -> None:
    require_able(attacker)
    if attacker.id == target.id:
        raise RuleError("ds20.error.self_target", name=attacker.name, gender=attacker.gender)
    if target.health == "dead":
        raise RuleError("ds20.error.dead", name=target.name)


def deal_damage(
    state: DS20State,
    dice: DiceSource,
    target: DSCombatant,
    damage: int,
    mhl: int,
    mhg: int,
    *,
    weapon: str,
    called: BodyPart | None = None,
    stun: bool = False,
    armour: bool = True,
    attacker: str = "",
) -> list[Event]:
    """DS-6 wound level from damage and the weapon's MHL/MHG; DS-7 armour roll (only if
    the armour covers the called part, when the shot was called); DS-10 stun; then
    DS-8 accumulation. Losing aim when wounded (DS-11). Mutates ``target``. ``attacker``:
    whose weapon it is (issue 27: a hidden one's MHL/MHG reach players masked)."""
    severity = wound_severity(damage, mhl, mhg)
    events = [
        Event(
            key="ds20.damage",
            params={
                "attacker": attacker,
                "name": target.name,
                "damage": damage,
                "weapon": weapon,
                "mhl": mhl,
                "mhg": mhg,
                "wound": severity_text(severity),
            },
        )
    ]
    armor = target.armor
    covered = armor is not None and (called is None or not armor.parts or called in armor.parts)
    if armour and armor is not None and armor.score > 0 and covered:
        roll = roll_under(dice, armor.score)
        lowered = 0
        if roll.success:
            lowered = (1 + armor.extra) * (2 if roll.spectacular else 1)
        severity = max(0, severity - lowered)
        events.append(
            roll_event(
                f"ds20.armour.{result_suffix(roll)}",
                roll,
                name=target.name,
                lowered=lowered,
                wound=severity_text(severity),
            )
        )
    if stun and severity >= SEVERITY_HL:
        severity -= 1
        target.unconscious = True
        target.prone = True
        events.append(
            Event(
                key="ds20.stunned", params={"name": target.name, "wound": severity_text(severity)}
            )
        )
    if severity > 0:
        target.aim = 0
    events.extend(record_severity(target, severity))
    if target.health == "dead":
        _release_grapples(state, target)
    elif target.unconscious and target.grappling:
        state.get(target.grappling).grappled_by = None
        target.grappling = None
    return events


def _release_grapples(state: DS20State, c: DSCombatant) -> None:
    for o in state.combatants:
        if o.grappled_by == c.id:
            o.grappled_by = None
        if o.grappling == c.id:
            o.grappling = None
    c.grappled_by = c.grappling = None


def resolve_hit(
    state: DS20State, dice: DiceSource, pending: PendingAttack, damage: int
) -> list[Event]:
    """Apply a hit whose defence (if any) is settled: damage = the remaining margin plus
    technique points (DS-6); grapple and knock down have their effect instead."""
    attacker = state.get(pending.attacker_id)
    target = state.get(pending.target_id)
    if pending.maneuver == "grapple":
        target.grappled_by = attacker.id
        attacker.grappling = target.id
        return [
            Event(key="ds20.grapple.held", params={"name": attacker.name, "target": target.name})
        ]
    if pending.maneuver == "knock_down":
        target.prone = True
        return [
            Event(key="ds20.knock_down.down", params={"name": attacker.name, "target": target.name})
        ]
    if pending.maneuver == "bullets":
        weapon = next(w for w in attacker.weapons if w.name == pending.weapon)
        return deal_damage(
            state,
            dice,
            target,
            pending.base_damage + damage,
            weapon.mhl,
            weapon.mhg,
            weapon=weapon.name,
            called=pending.called,
            attacker=attacker.name,
        )
    weapon = next(w for w in attacker.weapons if w.name == pending.weapon)
    return deal_damage(
        state,
        dice,
        target,
        damage + pending.damage_bonus,
        weapon.mhl,
        weapon.mhg,
        weapon=weapon.name,
        called=pending.called,
        stun=pending.maneuver == "stun",
        attacker=attacker.name,
    )


def open_attack(
    state: DS20State,
    dice: DiceSource,
    pending: PendingAttack,
    *,
    surprise: bool,
    defences: tuple[str, ...] = MELEE_DEFENCES,
) -> tuple[list[Event], list]:
    """After a successful attack roll: resolve at once when the target cannot defend
    (surprise, unconscious: DS-10), else leave the attack pending with defence offers."""
    target = state.get(pending.target_id)
    if surprise or not can_defend(target):
        key = "ds20.attack.no_defence"
        events = [Event(key=key, params={"target": target.name})]
        damage = pending.extra_damage if pending.maneuver == "bullets" else pending.margin
        events.extend(resolve_hit(state, dice, pending, damage))
        return events, []
    state.pending = pending
    # The prompt names only the defences the buttons offer (extra bullets: dodge or
    # nothing, DS-5/DS-11).
    key = "ds20.attack.awaiting_defence" if "block" in defences else "ds20.attack.awaiting_dodge"
    return (
        [Event(key=key, params={"target": target.name})],
        defence_offers(target, defences),
    )


def attack(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    bonus: int = 0,
    penalty: int = 0,
    called: BodyPart | None = None,
    back: bool = False,
    surprise: bool = False,
    stun: bool = False,
) -> Outcome:
    """A melee attack (Pelea or Armas C.C.) as the attacker's action. ``bonus`` and
    ``penalty`` are extra units the GM grants (poor light...). ``called`` aims at a body
    part (one penalty; armour only if it covers that part). ``back``: an attack right
    after one from the opposite side (DS-10, one bonus). ``surprise``: no defence.
    ``stun`` (DS-10): a called attack to the head that knocks out on an HL or worse."""
    require_no_pending(state)
    new = copy(state)
    attacker = controlled(new, actor, attacker_id)
    target = new.get(target_id)
    check_attack(new, attacker, target)
    if attacker.grappled_by:
        raise RuleError("ds20.error.grappled", name=attacker.name)
    w = find_weapon(attacker, weapon, ("pelea", "cc"))
    if stun:
        called = "cabeza"
    use_action(new, attacker)
    attacker.aim = 0
    bonus_units, penalty_units = attack_units(
        attacker, target, melee=True, bonus=bonus, penalty=penalty, called=called, back=back
    )
    tech = active_technique(attacker)
    attacker.active_technique = None
    roll = roll_skill(
        dice, attacker, SKILL_OF_KIND[w.kind], bonus=bonus_units, penalty=penalty_units
    )
    events = [
        roll_event(
            f"ds20.attack.{result_suffix(roll)}",
            roll,
            name=attacker.name,
            target=target.name,
            weapon=w.name,
            mhl=w.mhl,  # the reply names the weapon and its damage (SW-44's care)
            mhg=w.mhg,
        )
    ]
    offers: list = []
    if roll.success:
        pending = PendingAttack(
            maneuver="stun" if stun else "attack",
            attacker_id=attacker.id,
            target_id=target.id,
            weapon=w.name,
            kind=w.kind,
            margin=roll.margin,
            damage_bonus=tech.damage if tech else 0,
            called=called,
            roll=roll.to_view(),
        )
        more, offers = open_attack(new, dice, pending, surprise=surprise)
        events.extend(more)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.ds20.attack", params={"target": target.name}),
    )


def defend(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    defender_id: str,
    kind: DefenceKind,
    weapon: str | None = None,
) -> Outcome:
    """DS-5, the defender's answer to the pending attack.

    - "dodge": Acrobacia; the attack has no effect if the dodge's margin is greater than
      the attack's. A disaster also knocks the dodger down. Against extra bullets
      (DS-11) a dodge's margin reduces only their damage, and the dodger loses its next
      movement.
    - "block": the attacker's kind of roll (Pelea blocks Pelea; Armas C.C., with a C.C.
      weapon, blocks Armas C.C.). The block's margin is subtracted from the attack's;
      if that leaves less than 0 the blocker deals the difference to the attacker with
      its weapon (a blocked grapple or knock-down is just avoided). Reading: a failed
      block subtracts nothing.
    - "none": the attack goes on whole.

    Each defence after the first since the defender's turn started adds two penalties,
    cumulative; a defender on the floor has one penalty (DS-10)."""
    if state.pending is None:
        raise RuleError("ds20.error.no_pending_attack")
    if state.pending.target_id != defender_id:
        raise RuleError("ds20.error.not_the_target", name=state.get(defender_id).name)
    new = copy(state)
    pending = new.pending
    assert pending is not None
    defender = controlled(new, actor, defender_id)
    attacker = new.get(pending.attacker_id)
    if kind == "block" and pending.maneuver == "bullets":
        raise RuleError("ds20.error.cannot_block_shots")
    events: list[Event] = []
    if kind == "none":
        new.pending = None
        damage = pending.extra_damage if pending.maneuver == "bullets" else pending.margin
        events.append(Event(key="ds20.defence.none", params={"name": defender.name}))
        events.extend(resolve_hit(new, dice, pending, damage))
        return Outcome(
            state=new,
            events=events,
            summary=Event(key="log.ds20.no_defence", params={"name": defender.name}),
        )

    penalty = units((DEFENCES, 2 * defender.defences), (PRONE, 1 if defender.prone else 0))
    if kind == "dodge":
        roll = roll_skill(dice, defender, ACROBACIA, penalty=penalty)
    else:
        # DS-5: Armas C.C. is blocked only with a C.C. weapon; Pelea with Pelea. A
        # blocked grapple does no damage back, so it needs no weapon on the sheet.
        block_weapon = None
        if pending.kind == "cc":
            block_weapon = find_weapon(defender, weapon, ("cc",))
        elif pending.maneuver not in ("grapple", "knock_down"):
            block_weapon = find_weapon(defender, weapon, ("pelea",))
        roll = roll_skill(dice, defender, SKILL_OF_KIND[pending.kind], penalty=penalty)
    defender.defences += 1
    new.pending = None
    events.append(
        roll_event(
            f"ds20.defence.{kind}.{result_suffix(roll)}",
            roll,
            name=defender.name,
            attack_margin=pending.margin,
            defences=defender.defences,
        )
    )

    if kind == "dodge":
        if roll.disaster:
            defender.prone = True
            events.append(Event(key="ds20.fell_prone", params={"name": defender.name}))
        if pending.maneuver == "bullets":
            defender.no_move_next_turn = True
            reduced = max(0, pending.extra_damage - max(0, roll.margin))
            events.extend(resolve_hit(new, dice, pending, reduced))
        elif roll.margin > pending.margin:
            events.append(Event(key="ds20.defence.dodged", params={"name": defender.name}))
        else:
            events.extend(resolve_hit(new, dice, pending, pending.margin))
        return Outcome(
            state=new,
            events=events,
            summary=Event(key="log.ds20.dodge", params={"name": defender.name}),
        )

    remaining = pending.margin - roll.margin if roll.success else pending.margin
    if remaining < 0:
        if block_weapon is None:
            events.append(Event(key="ds20.defence.avoided", params={"name": defender.name}))
        else:
            events.append(
                Event(
                    key="ds20.defence.block_back",
                    params={"name": defender.name, "target": attacker.name, "damage": -remaining},
                )
            )
            events.extend(
                deal_damage(
                    new,
                    dice,
                    attacker,
                    -remaining,
                    block_weapon.mhl,
                    block_weapon.mhg,
                    weapon=block_weapon.name,
                    attacker=defender.name,
                )
            )
    else:
        events.append(
            Event(
                key="ds20.defence.blocked", params={"name": defender.name, "remaining": remaining}
            )
        )
        events.extend(resolve_hit(new, dice, pending, remaining))
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.block", params={"name": defender.name}),
    )


def inflict(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    target_id: str,
    damage: int,
    mhl: int,
    mhg: int,
    armour: bool = True,
) -> Outcome:
    """The GM applies damage from outside an attack (a fall, a push into a wall, fire):
    wound level by MHL/MHG (DS-6), armour (DS-7) unless ``armour`` is False, DS-8."""
    require_gm(actor)
    if damage < 0 or not 0 < mhl < mhg:
        raise RuleError("ds20.error.bad_damage")
    new = copy(state)
    target = new.get(target_id)
    events = deal_damage(new, dice, target, damage, mhl, mhg, weapon="-", armour=armour)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.inflict", params={"name": target.name}),
    )


def cancel_pending(state: DS20State, actor: Actor) -> Outcome:
    """The GM drops an attack awaiting defence (it never happened)."""
    require_gm(actor)
    if state.pending is None:
        raise RuleError("ds20.error.no_pending_attack")
    new = copy(state)
    new.pending = None
    return Outcome(
        state=new,
        events=[Event(key="ds20.pending.cancelled")],
        summary=Event(key="log.ds20.cancel"),
    )
