"""Dread S-20 firearms (DS-11, damage per DS-6): shots are never dodged or blocked and
resolve at once, except the extra bullets of an emptied magazine, which the target may
try to dodge (``combat.defend`` with "dodge" or "none").

Dice order of ``shoot``: a full burst's Fortaleza roll first; the attack roll (d20,
bonus d4s, penalty d4s); on a hit the extra-bullet d4s, then the armour roll; on a
disaster the table's d20, and for a stray bullet one die choosing the new victim among
the others (dN, in the order they were added) and the re-rolled shot.

Modifier units: range (one penalty per doubling of the effective range; beyond 5x an
automatic miss), cover (obstructed 1, heavily covered 2), a called shot (1), aim (one
bonus per aim action, at most 3), emptying the magazine (N), a three-round burst (1),
a full burst (N, only 2 if the Fortaleza roll succeeds), declared extra actions (DS-4),
wounds one less than for melee (DS-9). A hit's damage adds every penalty back (DS-6).
"""

from __future__ import annotations

from typing import Literal

from bot.dice.ds20 import DSRoll, Units, adjust_margin
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.ds20._common import (
    action_penalty,
    controlled,
    copy,
    every_action_rolls,
    find_weapon,
    require_able,
    require_no_pending,
    result_suffix,
    roll_event,
    roll_skill,
    use_action,
)
from bot.systems.ds20.combat import (
    AttackRoll,
    attack_event,
    can_defend,
    open_on_hit,
    roll_attack,
    start_attack,
)
from bot.systems.ds20.damage import deal_damage
from bot.systems.ds20.state import (
    ARMAS_FUEGO,
    FORTALEZA,
    BodyPart,
    DS20State,
    DSCombatant,
    DSWeapon,
)
from bot.systems.ds20.units import AIM, COVER, EMPTY, RANGE, units

Cover = Literal["none", "obstructed", "heavy"]
Burst = Literal["three", "full"]

# DS-11: penalties a weapon may take per turn to empty its magazine.
EMPTY_LIMIT: dict[str, int] = {
    "sniper": 0,
    "revolver": 1,
    "shotgun": 1,
    "pistol": 2,
    "assault": 4,
    "other": 0,
}
COVER_PENALTY: dict[str, int] = {"none": 0, "obstructed": 1, "heavy": 2}
MAX_AIM = 3
MAJOR_JAM_ACTIONS = 5
THREE_ROUND_DAMAGE = 3


def range_penalty(range_m: int, effective_m: int) -> int | None:
    """DS-11: one penalty per doubling of the effective range (within it: none; up to
    2x: one; up to 4x: two; up to 5x: three). ``None``: beyond 5x, an automatic miss."""
    if range_m > 5 * effective_m:
        return None
    units, reach = 0, effective_m
    while range_m > reach:
        units += 1
        reach *= 2
    return units


def shot_damage(roll: DSRoll) -> int:
    """DS-6: a firearm hit's damage ignores the roll's penalties (they are added back,
    then DS-2 applies as for the roll)."""
    return adjust_margin(roll.d20, roll.raw_margin + sum(roll.penalty_dice))


def _check_weapon(c: DSCombatant, w: DSWeapon) -> None:
    if w.jam is not None:
        raise RuleError("ds20.error.jammed", name=c.name, weapon=w.name)
    if w.ammo is not None and w.ammo < 1:
        raise RuleError("ds20.error.no_ammo", name=c.name, weapon=w.name)


def shoot(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    bonus: int = 0,
    penalty: int = 0,
    range_m: int | None = None,
    cover: Cover = "none",
    called: BodyPart | None = None,
    empty: int = 0,
    burst: Burst | None = None,
    back: bool = False,
    surprise: bool = False,
) -> Outcome:
    """DS-11: a shot as the attacker's action (see the module docstring).

    ``empty`` = N: vaciar el cargador, N penalties, +Nd4 damage on a hit. The weapon's
    class limits the penalties per turn (precisión 0, revólver and escopeta 1,
    semiautomática 2, asalto 4). Extra bullets spent = the damage bonus, which cannot
    exceed the bullets left after the first (the seed's example: 2d4 rolling 6 spends 6
    extra bullets). ``burst`` "three" (automatic weapons): one penalty, +3 damage, 3
    extra bullets. ``burst`` "full": N = ``empty`` declared penalties, a Fortaleza roll
    first, and on its success only 2 of them count for the attack. Reading: both kinds
    of burst count their declared penalties against the weapon's per-turn limit."""
    new, attacker, target = start_attack(state, actor, attacker_id, target_id)
    w = find_weapon(attacker, weapon, ("fuego",))
    declared = _declared_penalties(attacker, w, empty, burst)
    use_action(new, attacker)
    events: list[Event] = []

    range_units = range_penalty(range_m, w.range_m) if range_m is not None and w.range_m else 0
    if range_units is None:  # beyond 5x the effective range
        return _out_of_range(new, attacker, target, w, range_m or 0)
    empty_units = _empty_units(dice, new, attacker, declared, burst, events)
    shot = roll_attack(
        dice,
        attacker,
        target,
        ARMAS_FUEGO,
        melee=False,
        bonus=bonus,
        penalty=penalty,
        called=called,
        back=back,
        more_bonus=units((AIM, attacker.aim)),
        more_penalty=units(
            (RANGE, range_units), (COVER, COVER_PENALTY[cover]), (EMPTY, empty_units)
        ),
        firearm=True,
    )
    roll = shot.roll
    _spend(w, 1)
    events.append(_shot_event(roll, attacker, target, w))
    offers: list[Offer] = []
    if roll.disaster:
        events.extend(_disaster(new, dice, attacker, target, w, shot.bonus, shot.penalty))
    elif roll.success:
        offers = _hit(
            new, dice, attacker, target, w, shot, declared, burst, called, surprise, events
        )
    return Outcome(
        state=new,
        events=[*events, *_ammo_left(w)],
        offers=offers,
        summary=Event(key="log.ds20.shoot", params={"target": target.name}),
    )


def _shot_event(roll: DSRoll, attacker: DSCombatant, target: DSCombatant, w: DSWeapon) -> Event:
    """The shot's roll; the reply names the weapon and its damage (SW-44's care)."""
    return attack_event(
        f"ds20.shot.{result_suffix(roll)}",
        roll,
        attacker,
        target,
        weapon=w.name,
        mhl=w.mhl,
        mhg=w.mhg,
    )


def _ammo_left(w: DSWeapon) -> list[Event]:
    """The bullets left in a weapon that counts them."""
    if w.ammo is None:
        return []
    return [
        Event(key="ds20.ammo", params={"weapon": w.name, "ammo": w.ammo, "magazine": w.magazine})
    ]


def _declared_penalties(attacker: DSCombatant, w: DSWeapon, empty: int, burst: Burst | None) -> int:
    """DS-11: the penalties declared to empty the magazine or fire a burst, within the
    weapon's per-turn limit; a jammed or empty weapon does not fire."""
    _check_weapon(attacker, w)
    if empty < 0 or (burst == "three" and empty) or (burst == "full" and empty < 1):
        raise RuleError("ds20.error.bad_burst")
    if burst is not None and not w.automatic:
        raise RuleError("ds20.error.not_automatic", weapon=w.name)
    declared = 1 if burst == "three" else empty
    limit = EMPTY_LIMIT[w.fire_class or "other"]
    if declared and attacker.empty_used + declared > limit:
        raise RuleError(
            "ds20.error.empty_limit", weapon=w.name, limit=limit, used=attacker.empty_used
        )
    return declared


def _out_of_range(
    state: DS20State, attacker: DSCombatant, target: DSCombatant, w: DSWeapon, range_m: int
) -> Outcome:
    """DS-11: beyond 5x the effective range the shot misses without a roll (the bullet
    is spent, the aim lost)."""
    assert w.range_m is not None
    attacker.aim = 0
    _spend(w, 1)
    event = Event(
        key="ds20.shot.out_of_range",
        params={
            "name": attacker.name,
            "target": target.name,
            "range": range_m,
            "limit": 5 * w.range_m,
        },
    )
    return Outcome(
        state=state,
        events=[event],
        summary=Event(key="log.ds20.shoot", params={"target": target.name}),
    )


def _empty_units(
    dice: DiceSource,
    state: DS20State,
    attacker: DSCombatant,
    declared: int,
    burst: Burst | None,
    events: list[Event],
) -> int:
    """DS-11: the declared penalties the shot takes, counted against the weapon's limit
    for the turn; a full burst rolls Fortaleza first, and on a success only 2 of them
    count."""
    if state.current_id is not None:  # the limit is per turn (DS-11)
        attacker.empty_used += declared
    if burst != "full":
        return declared
    steady = roll_skill(dice, attacker, FORTALEZA)
    events.append(roll_event("ds20.shot.burst_roll", steady, name=attacker.name))
    return min(declared, 2) if steady.success else declared


def _hit(
    state: DS20State,
    dice: DiceSource,
    attacker: DSCombatant,
    target: DSCombatant,
    w: DSWeapon,
    shot: AttackRoll,
    declared: int,
    burst: Burst | None,
    called: BodyPart | None,
    surprise: bool,
    events: list[Event],
) -> list[Offer]:
    """A hit (DS-6: its penalties added back, and the technique's damage), with the
    extra bullets of an emptied magazine or a burst: the target may dodge those
    (``combat.defend``), unless it cannot defend or is surprised; else the damage now."""
    damage = shot_damage(shot.roll) + (shot.technique.damage if shot.technique else 0)
    extra = _extra_bullets(dice, w, declared, burst)
    if extra:
        events.append(
            Event(
                key="ds20.shot.extra_bullets",
                params={"name": attacker.name, "bullets": extra, "damage": extra},
            )
        )
    if extra and can_defend(target) and not surprise:
        return open_on_hit(
            state,
            dice,
            shot.roll,
            events,
            surprise=False,
            defences=("dodge", "none"),
            maneuver="bullets",
            attacker_id=attacker.id,
            target_id=target.id,
            weapon=w.name,
            kind="fuego",
            called=called,
            base_damage=damage,
            extra_damage=extra,
        )
    events.extend(
        deal_damage(
            state,
            dice,
            target,
            damage + extra,
            w.mhl,
            w.mhg,
            weapon=w.name,
            called=called,
            attacker=attacker.name,
        )
    )
    return []


def _extra_bullets(dice: DiceSource, w: DSWeapon, declared: int, burst: Burst | None) -> int:
    """DS-11: a three-round burst's 3, or the emptied magazine's Nd4, as many bullets as
    are left after the first; they are spent."""
    extra = 0
    if burst == "three":
        extra = THREE_ROUND_DAMAGE
    elif declared:
        extra_dice = [dice.roll(4) for _ in range(declared)]
        extra = sum(extra_dice)
    if w.ammo is not None:
        extra = min(extra, w.ammo)
    _spend(w, extra)
    return extra


def _spend(w: DSWeapon, bullets: int) -> None:
    if w.ammo is not None:
        w.ammo = max(0, w.ammo - bullets)


def _disaster(
    state: DS20State,
    dice: DiceSource,
    attacker: DSCombatant,
    target: DSCombatant,
    w: DSWeapon,
    bonus_units: Units,
    penalty_units: Units,
) -> list[Event]:
    """DS-11 disaster table (d20): 1 major jam and the weapon is damaged; 2-5 major jam
    (revolvers: only a miss, 1 included); 6-10 minor jam; 11-20 stray bullet: a random
    other combatant is the new victim and the shot is rolled again against it (reading:
    a second disaster there is just a miss)."""
    d20 = dice.roll(20)
    params = {"name": attacker.name, "weapon": w.name, "d20": d20}
    if d20 <= 5:
        if w.fire_class == "revolver":
            return [Event(key="ds20.jam.revolver_miss", params=params)]
        w.jam, w.jam_progress = "major", 0
        events = [Event(key="ds20.jam.major", params=params)]
        if d20 == 1:
            w.damaged = True
            events.append(Event(key="ds20.jam.damaged", params=params))
        return events
    if d20 <= 10:
        w.jam = "minor"
        return [Event(key="ds20.jam.minor", params=params)]
    others = [
        c for c in state.combatants if c.id not in (attacker.id, target.id) and c.health != "dead"
    ]
    if not others:
        return [Event(key="ds20.stray.lost", params=params)]
    victim = others[dice.roll(len(others)) - 1]
    events = [Event(key="ds20.stray.victim", params={**params, "victim": victim.name})]
    again = roll_skill(
        dice, attacker, ARMAS_FUEGO, bonus=bonus_units, penalty=penalty_units, firearm=True
    )
    events.append(
        roll_event(
            f"ds20.stray.{result_suffix(again)}", again, name=attacker.name, target=victim.name
        )
    )
    if again.success:
        events.extend(
            deal_damage(
                state,
                dice,
                victim,
                shot_damage(again),
                w.mhl,
                w.mhg,
                weapon=w.name,
                attacker=attacker.name,
            )
        )
    return events


def _hurried_roll(
    dice: DiceSource | None, c: DSCombatant, keys: tuple[str, str], **params: object
) -> tuple[bool, list[Event]]:
    """DS-4: an action that normally needs no roll needs one when more than 2 actions
    were declared (:func:`every_action_rolls`): Armas de Fuego with the turn's action
    penalties. Returns (it worked, the roll's event, ``keys`` = success, failure).
    Without that, it just works."""
    if not every_action_rolls(c):
        return True, []
    if dice is None:
        raise ValueError("a hurried action needs dice")
    roll = roll_skill(dice, c, ARMAS_FUEGO, penalty=action_penalty(c), firearm=True)
    key = keys[0] if roll.success else keys[1]
    return roll.success, [roll_event(key, roll, name=c.name, **params)]


def aim(
    state: DS20State, actor: Actor, combatant_id: str, dice: DiceSource | None = None
) -> Outcome:
    """DS-11 Apuntar: an action; the next action, if it is a shot, gets one bonus per
    consecutive aim (at most 3). Any other action, a wound or a push loses it. DS-4:
    with more than 2 actions declared it needs an Armas de Fuego roll (reading: the
    skill of the weapon being aimed), and a failed roll gives no bonus. Dice: that
    roll."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if c.aim >= MAX_AIM:
        raise RuleError("ds20.error.aim_max", name=c.name, limit=MAX_AIM)
    use_action(new, c)
    worked, events = _hurried_roll(
        dice, c, ("ds20.hurried.aim.success", "ds20.hurried.aim.failure")
    )
    if worked:
        c.aim += 1
        events.append(Event(key="ds20.aim", params={"name": c.name, "aim": c.aim}))
    return Outcome(
        state=new, events=events, summary=Event(key="log.ds20.aim", params={"name": c.name})
    )


def _firearm_in_hand(
    state: DS20State, actor: Actor, combatant_id: str, weapon: str | None
) -> tuple[DS20State, DSCombatant, DSWeapon]:
    """A copy of ``state``, the able combatant ``actor`` controls, and its firearm (the
    one named, else the first in hand): what reloading and clearing a jam work on."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    return new, c, find_weapon(c, weapon, ("fuego",))


def reload(
    state: DS20State,
    actor: Actor,
    combatant_id: str,
    weapon: str | None = None,
    dice: DiceSource | None = None,
) -> Outcome:
    """Change the magazine (an action): the weapon is full again. DS-4: with more than
    2 actions declared it needs an Armas de Fuego roll, and a failure leaves the
    magazine as it was (the action is spent). Dice: that roll."""
    new, c, w = _firearm_in_hand(state, actor, combatant_id, weapon)
    if w.magazine is None:
        raise RuleError("ds20.error.no_magazine", weapon=w.name)
    use_action(new, c)
    c.aim = 0
    worked, events = _hurried_roll(
        dice, c, ("ds20.hurried.reload.success", "ds20.hurried.reload.failure"), weapon=w.name
    )
    if worked:
        w.ammo = w.magazine
        events.append(
            Event(key="ds20.reload", params={"name": c.name, "weapon": w.name, "ammo": w.ammo})
        )
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.reload", params={"name": c.name, "weapon": w.name}),
    )


def clear_jam(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    combatant_id: str,
    weapon: str | None = None,
) -> Outcome:
    """DS-11: a minor jam takes one action (no roll; DS-4: an Armas de Fuego roll with
    more than 2 actions declared, and a failure leaves it jammed). A major jam takes 5
    successful actions in a row; reading: each is an Armas de Fuego roll, and a failure
    starts the count again."""
    new, c, w = _firearm_in_hand(state, actor, combatant_id, weapon)
    if w.jam is None:
        raise RuleError("ds20.error.not_jammed", weapon=w.name)
    use_action(new, c)
    c.aim = 0
    if w.jam == "minor":
        worked, events = _hurried_roll(
            dice, c, ("ds20.hurried.jam.success", "ds20.hurried.jam.failure"), weapon=w.name
        )
        if worked:
            w.jam = None
            events.append(Event(key="ds20.jam.cleared", params={"name": c.name, "weapon": w.name}))
        return Outcome(
            state=new,
            events=events,
            summary=Event(key="log.ds20.clear_jam", params={"name": c.name, "weapon": w.name}),
        )
    roll = roll_skill(dice, c, ARMAS_FUEGO, penalty=action_penalty(c), firearm=True)
    w.jam_progress = w.jam_progress + 1 if roll.success else 0
    events = [
        roll_event(
            f"ds20.jam.work.{'success' if roll.success else 'failure'}",
            roll,
            name=c.name,
            weapon=w.name,
            progress=w.jam_progress,
            needed=MAJOR_JAM_ACTIONS,
        )
    ]
    if w.jam_progress >= MAJOR_JAM_ACTIONS:
        w.jam, w.jam_progress = None, 0
        events.append(Event(key="ds20.jam.cleared", params={"name": c.name, "weapon": w.name}))
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.clear_jam", params={"name": c.name, "weapon": w.name}),
    )
