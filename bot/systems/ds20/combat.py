"""Dread S-20 melee attacks and defence (DS-5, DS-10 modifiers), and what every attack
shares (who may make it, its roll, the hit opening the defence). Damage and armour:
:mod:`bot.systems.ds20.damage`.

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

from dataclasses import dataclass
from typing import Any, Literal

from bot.dice.ds20 import DSRoll, Units
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
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
from bot.systems.ds20.damage import deal_damage, resolve_hit
from bot.systems.ds20.state import (
    ACROBACIA,
    SKILL_OF_KIND,
    BodyPart,
    DS20State,
    DSCombatant,
    DSWeapon,
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


# --- what every attack shares: who may make it, its roll, the hit ------------------------


def start_attack(
    state: DS20State, actor: Actor, attacker_id: str, target_id: str
) -> tuple[DS20State, DSCombatant, DSCombatant]:
    """A copy of ``state`` with an attack ready to start, its attacker and target: no
    attack awaits a defence, the actor controls an able attacker that nobody holds (a
    held one may only headbutt, DS-10), and the target is another combatant, alive."""
    require_no_pending(state)
    new = copy(state)
    attacker = controlled(new, actor, attacker_id)
    target = new.get(target_id)
    check_attack(new, attacker, target)
    if attacker.grappled_by:
        raise RuleError("ds20.error.grappled", name=attacker.name, gender=attacker.gender)
    return new, attacker, target


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """An attack's roll, the technique that was active for it (its damage counts on a
    hit), and the units it was rolled with (a stray bullet is rolled again with them)."""

    roll: DSRoll
    technique: Technique | None
    bonus: Units
    penalty: Units


def roll_attack(
    dice: DiceSource,
    attacker: DSCombatant,
    target: DSCombatant,
    skill: str,
    *,
    melee: bool,
    bonus: int,
    penalty: int,
    called: BodyPart | None,
    back: bool,
    more_bonus: Units = (),
    more_penalty: Units = (),
    firearm: bool = False,
) -> AttackRoll:
    """The attack roll (DS-1) with its units by source (:func:`attack_units`, then what
    the rule adds: ``more_bonus``, ``more_penalty``); wounds are added by the roll
    (DS-9). The attacker loses its aim (DS-11) and its active technique."""
    bonus_units, penalty_units = attack_units(
        attacker, target, melee=melee, bonus=bonus, penalty=penalty, called=called, back=back
    )
    bonus_units += more_bonus
    penalty_units += more_penalty
    tech = active_technique(attacker)
    attacker.active_technique = None
    attacker.aim = 0
    roll = roll_skill(
        dice, attacker, skill, bonus=bonus_units, penalty=penalty_units, firearm=firearm
    )
    return AttackRoll(roll, tech, bonus_units, penalty_units)


def attack_event(
    key: str, roll: DSRoll, attacker: DSCombatant, target: DSCombatant, **params: object
) -> Event:
    """The event of an attack roll (``key``: ``ds20.<rule>.<result>``), naming both
    sides."""
    return roll_event(key, roll, name=attacker.name, target=target.name, **params)


def open_on_hit(
    state: DS20State,
    dice: DiceSource,
    roll: DSRoll,
    events: list[Event],
    *,
    surprise: bool,
    defences: tuple[str, ...] = MELEE_DEFENCES,
    **pending: Any,
) -> list[Offer]:
    """A successful attack roll opens the attack that ``pending`` describes
    (:func:`open_attack`: resolved at once, or awaiting the defender's answer, DS-5);
    its events go to ``events``, and the defence offers are returned. A miss: none."""
    if not roll.success:
        return []
    opened = PendingAttack(margin=roll.margin, roll=roll.to_view(), **pending)
    more, offers = open_attack(state, dice, opened, surprise=surprise, defences=defences)
    events.extend(more)
    return offers


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
    new, attacker, target = start_attack(state, actor, attacker_id, target_id)
    w = find_weapon(attacker, weapon, ("pelea", "cc"))
    if stun:
        called = "cabeza"
    use_action(new, attacker)
    hit = roll_attack(
        dice,
        attacker,
        target,
        SKILL_OF_KIND[w.kind],
        melee=True,
        bonus=bonus,
        penalty=penalty,
        called=called,
        back=back,
    )
    # The reply names the weapon and its damage (SW-44's care).
    events = [
        attack_event(
            f"ds20.attack.{result_suffix(hit.roll)}",
            hit.roll,
            attacker,
            target,
            weapon=w.name,
            mhl=w.mhl,
            mhg=w.mhg,
        )
    ]
    offers = open_on_hit(
        new,
        dice,
        hit.roll,
        events,
        surprise=surprise,
        maneuver="stun" if stun else "attack",
        attacker_id=attacker.id,
        target_id=target.id,
        weapon=w.name,
        kind=w.kind,
        damage_bonus=hit.technique.damage if hit.technique else 0,
        called=called,
    )
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
    if kind == "none":
        return _no_defence(new, dice, pending, defender)

    penalty = units((DEFENCES, 2 * defender.defences), (PRONE, 1 if defender.prone else 0))
    block_weapon = None
    if kind == "dodge":
        roll = roll_skill(dice, defender, ACROBACIA, penalty=penalty)
    else:
        block_weapon = _block_weapon(defender, pending, weapon)
        roll = roll_skill(dice, defender, SKILL_OF_KIND[pending.kind], penalty=penalty)
    defender.defences += 1
    new.pending = None
    events = [
        roll_event(
            f"ds20.defence.{kind}.{result_suffix(roll)}",
            roll,
            name=defender.name,
            attack_margin=pending.margin,
            defences=defender.defences,
        )
    ]
    if kind == "dodge":
        events += _dodge(new, dice, pending, defender, roll)
        summary = Event(key="log.ds20.dodge", params={"name": defender.name})
    else:
        events += _block(new, dice, pending, defender, attacker, roll, block_weapon)
        summary = Event(key="log.ds20.block", params={"name": defender.name})
    return Outcome(state=new, events=events, summary=summary)


def _no_defence(
    state: DS20State, dice: DiceSource, pending: PendingAttack, defender: DSCombatant
) -> Outcome:
    """DS-5 "none": the attack goes on whole."""
    state.pending = None
    damage = pending.extra_damage if pending.maneuver == "bullets" else pending.margin
    events = [Event(key="ds20.defence.none", params={"name": defender.name})]
    events.extend(resolve_hit(state, dice, pending, damage))
    return Outcome(
        state=state,
        events=events,
        summary=Event(key="log.ds20.no_defence", params={"name": defender.name}),
    )


def _block_weapon(
    defender: DSCombatant, pending: PendingAttack, weapon: str | None
) -> DSWeapon | None:
    """DS-5: Armas C.C. is blocked only with a C.C. weapon; Pelea with Pelea. A blocked
    grapple does no damage back, so it needs no weapon on the sheet."""
    if pending.kind == "cc":
        return find_weapon(defender, weapon, ("cc",))
    if pending.maneuver not in ("grapple", "knock_down"):
        return find_weapon(defender, weapon, ("pelea",))
    return None


def _dodge(
    state: DS20State, dice: DiceSource, pending: PendingAttack, defender: DSCombatant, roll: DSRoll
) -> list[Event]:
    """DS-5 dodge: a disaster knocks the dodger down; a greater margin than the
    attack's avoids it; against extra bullets (DS-11) the margin only lowers their
    damage, and the dodger loses its next movement."""
    events: list[Event] = []
    if roll.disaster:
        defender.prone = True
        events.append(Event(key="ds20.fell_prone", params={"name": defender.name}))
    if pending.maneuver == "bullets":
        defender.no_move_next_turn = True
        reduced = max(0, pending.extra_damage - max(0, roll.margin))
        events.extend(resolve_hit(state, dice, pending, reduced))
    elif roll.margin > pending.margin:
        events.append(Event(key="ds20.defence.dodged", params={"name": defender.name}))
    else:
        events.extend(resolve_hit(state, dice, pending, pending.margin))
    return events


def _block(
    state: DS20State,
    dice: DiceSource,
    pending: PendingAttack,
    defender: DSCombatant,
    attacker: DSCombatant,
    roll: DSRoll,
    block_weapon: DSWeapon | None,
) -> list[Event]:
    """DS-5 block: its margin (a failed block: none) comes off the attack's; below 0,
    the blocker deals the difference to the attacker with its weapon (a blocked
    grapple or knock-down is just avoided)."""
    events: list[Event] = []
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
                    state,
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
        events.extend(resolve_hit(state, dice, pending, remaining))
    return events


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
