"""Dread S-20 advanced melee (DS-10): grapple, knock down, escape, headbutt, disarm,
push, standing up, letting go. Stun is ``combat.attack(..., stun=True)``.

Dice order: the attacker's roll first (d20, bonus d4s, penalty d4s), then the opposing
roll (Fortaleza) when the rule has one, then armour for damage.
"""

from __future__ import annotations

from bot.dice.ds20 import DSRoll
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20._common import (
    action_penalty,
    controlled,
    copy,
    find_weapon,
    require_able,
    require_no_pending,
    result_suffix,
    roll_event,
    roll_skill,
    use_action,
)
from bot.systems.ds20.combat import (
    attack_event,
    check_attack,
    open_on_hit,
    roll_attack,
    start_attack,
)
from bot.systems.ds20.state import (
    ACROBACIA,
    DESTREZA,
    FORTALEZA,
    PELEA,
    SKILL_OF_KIND,
    DS20State,
    DSCombatant,
)
from bot.systems.ds20.units import HEADBUTT, units


def _pelea_maneuver(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    attacker_id: str,
    target_id: str,
    *,
    bonus: int,
    penalty: int,
    back: bool,
) -> tuple[DS20State, DSCombatant, DSCombatant, DSRoll]:
    """The Pelea roll that opens a grapple, a knock-down or a push (DS-10): a free
    attacker (not held itself) spends an action, loses its aim and its technique, and
    rolls with the melee bonuses and penalties (DS-1, DS-9). Works on a copy."""
    new, attacker, target = start_attack(state, actor, attacker_id, target_id)
    use_action(new, attacker)
    hit = roll_attack(
        dice,
        attacker,
        target,
        PELEA,
        melee=True,
        bonus=bonus,
        penalty=penalty,
        called=None,
        back=back,
    )
    return new, attacker, target, hit.roll


def grapple(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    knock_down: bool = False,
    bonus: int = 0,
    penalty: int = 0,
    back: bool = False,
    surprise: bool = False,
) -> Outcome:
    """DS-10 Apresar: a Pelea roll; on a success the target may defend (dodge, or block
    with Pelea: a block with more success avoids the hold, without damage). Held, the
    target can only try to escape or headbutt. ``knock_down``: throw the target to the
    floor instead of holding it (no damage; also defendable)."""
    new, attacker, target, roll = _pelea_maneuver(
        state, actor, dice, attacker_id, target_id, bonus=bonus, penalty=penalty, back=back
    )
    maneuver = "knock_down" if knock_down else "grapple"
    events = [attack_event(f"ds20.{maneuver}.{result_suffix(roll)}", roll, attacker, target)]
    offers = open_on_hit(
        new,
        dice,
        roll,
        events,
        surprise=surprise,
        maneuver=maneuver,
        attacker_id=attacker.id,
        target_id=target.id,
        weapon="",
        kind="pelea",
    )
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key=f"log.ds20.{maneuver}", params={"target": target.name}),
    )


def escape(state: DS20State, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """DS-10 Zafarse: an action; opposed Fortaleza against the grappler. Reading of
    "tirada enfrentada exitosa": the escapee must succeed, and beat the grappler's
    margin unless the grappler failed; a tie keeps the hold."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if not c.grappled_by:
        raise RuleError("ds20.error.not_grappled", name=c.name)
    holder = new.get(c.grappled_by)
    use_action(new, c)
    c.aim = 0
    mine = roll_skill(dice, c, FORTALEZA, penalty=action_penalty(c))
    theirs = roll_skill(dice, holder, FORTALEZA)
    freed = mine.success and (not theirs.success or mine.margin > theirs.margin)
    events = [
        roll_event("ds20.escape.roll", mine, name=c.name),
        roll_event("ds20.escape.hold_roll", theirs, name=holder.name),
    ]
    if freed:
        c.grappled_by = None
        holder.grappling = None
        events.append(Event(key="ds20.escape.free", params={"name": c.name}))
    else:
        events.append(Event(key="ds20.escape.held", params={"name": c.name, "by": holder.name}))
    return Outcome(
        state=new, events=events, summary=Event(key="log.escape", params={"name": c.name})
    )


def headbutt(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    weapon: str | None = None,
    bonus: int = 0,
    penalty: int = 0,
    arms_free: bool = False,
) -> Outcome:
    """DS-10 Cabezazo: a grappled character attacks its grappler with Pelea and one
    penalty; the grappler cannot defend unless its arms are free (``arms_free``)."""
    require_no_pending(state)
    new = copy(state)
    attacker = controlled(new, actor, attacker_id)
    if not attacker.grappled_by:
        raise RuleError("ds20.error.not_grappled", name=attacker.name)
    target = new.get(attacker.grappled_by)
    check_attack(new, attacker, target)
    w = find_weapon(attacker, weapon, ("pelea",))
    use_action(new, attacker)
    hit = roll_attack(
        dice,
        attacker,
        target,
        PELEA,
        melee=True,
        bonus=bonus,
        penalty=penalty,
        called=None,
        back=False,
        more_penalty=units((HEADBUTT, 1)),
    )
    events = [attack_event(f"ds20.headbutt.{result_suffix(hit.roll)}", hit.roll, attacker, target)]
    offers = open_on_hit(
        new,
        dice,
        hit.roll,
        events,
        surprise=not arms_free,
        maneuver="attack",
        attacker_id=attacker.id,
        target_id=target.id,
        weapon=w.name,
        kind="pelea",
        damage_bonus=hit.technique.damage if hit.technique else 0,
    )
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.ds20.headbutt", params={"target": target.name}),
    )


def disarm(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    target_weapon: str | None = None,
    bonus: int = 0,
    penalty: int = 0,
) -> Outcome:
    """DS-10 Desarmar: a called attack (one penalty); the holder keeps the weapon by
    subtracting its Fortaleza margin (when it succeeds) from the attack's. If the
    attack still stands (0 or more), the weapon falls to the floor."""
    new, attacker, target = start_attack(state, actor, attacker_id, target_id)
    w = find_weapon(attacker, weapon, ("pelea", "cc"))
    held = find_weapon(target, target_weapon, ("cc", "fuego", "pelea"))
    if held.kind == "pelea":
        raise RuleError("ds20.error.nothing_to_disarm", name=target.name)
    use_action(new, attacker)
    roll = roll_attack(
        dice,
        attacker,
        target,
        SKILL_OF_KIND[w.kind],
        melee=True,
        bonus=bonus,
        penalty=penalty,
        called="brazos",
        back=False,
    ).roll
    events = [attack_event(f"ds20.disarm.{result_suffix(roll)}", roll, attacker, target)]
    if roll.success:
        keep = roll_skill(dice, target, FORTALEZA)
        remaining = roll.margin - (keep.margin if keep.success else 0)
        events.append(roll_event("ds20.disarm.keep_roll", keep, name=target.name))
        if remaining >= 0:
            held.dropped = True
            events.append(
                Event(key="ds20.disarm.dropped", params={"name": target.name, "weapon": held.name})
            )
        else:
            events.append(
                Event(key="ds20.disarm.kept", params={"name": target.name, "weapon": held.name})
            )
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.disarm", params={"target": target.name}),
    )


def push(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    wall_m: int | None = None,
    bonus: int = 0,
    penalty: int = 0,
) -> Outcome:
    """DS-10 Empujar: Pelea against the victim's Fortaleza; the final margin (the
    attack's minus the Fortaleza margin when that succeeds) is the metres pushed. More
    than half the victim's Destreza (rounded up) knocks it down at the end. A wall at
    ``wall_m`` metres stops it and the metres left become fall damage points (the GM
    applies them with ``damage.inflict``, the seed giving no MHL/MHG for falls). A
    push makes the victim lose its aim (DS-11)."""
    new, attacker, target, roll = _pelea_maneuver(
        state, actor, dice, attacker_id, target_id, bonus=bonus, penalty=penalty, back=False
    )
    events = [attack_event(f"ds20.push.{result_suffix(roll)}", roll, attacker, target)]
    if not roll.success:
        return Outcome(
            state=new,
            events=events,
            summary=Event(key="log.ds20.push", params={"target": target.name}),
        )
    resist = roll_skill(dice, target, FORTALEZA)
    events.append(roll_event("ds20.push.resist_roll", resist, name=target.name))
    metres = max(0, roll.margin - (resist.margin if resist.success else 0))
    moved = metres if wall_m is None else min(metres, max(0, wall_m))
    crash = metres - moved
    if metres > 0:
        target.aim = 0
    events.append(Event(key="ds20.push.moved", params={"name": target.name, "metres": moved}))
    if metres > -(-target.scores.get(DESTREZA, 0) // 2) and not target.prone:
        target.prone = True
        events.append(Event(key="ds20.fell_prone", params={"name": target.name}))
    if crash > 0:
        events.append(Event(key="ds20.push.wall", params={"name": target.name, "damage": crash}))
    return Outcome(
        state=new, events=events, summary=Event(key="log.ds20.push", params={"target": target.name})
    )


def stand_up(
    state: DS20State,
    actor: Actor,
    dice: DiceSource,
    combatant_id: str,
    *,
    with_action: bool = False,
) -> Outcome:
    """DS-10: standing up costs 2 m of movement, or an action with a successful
    Acrobacia roll. A grappled character cannot stand up."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if not c.prone:
        raise RuleError("ds20.error.not_prone", name=c.name)
    if c.grappled_by:
        raise RuleError("ds20.error.grappled", name=c.name, gender=c.gender)
    if new.current_id is not None and new.current_id != c.id:
        raise RuleError("ds20.error.not_your_turn", name=c.name, gender=c.gender)
    if not with_action:
        c.prone = False
        return Outcome(
            state=new,
            events=[Event(key="ds20.stand_up.move", params={"name": c.name})],
            summary=Event(key="log.ds20.stand", params={"name": c.name}),
        )
    use_action(new, c)
    c.aim = 0
    roll = roll_skill(dice, c, ACROBACIA, penalty=action_penalty(c))
    if roll.success:
        c.prone = False
    key = f"ds20.stand_up.{'success' if roll.success else 'failure'}"
    return Outcome(
        state=new,
        events=[roll_event(key, roll, name=c.name)],
        summary=Event(key="log.ds20.stand", params={"name": c.name}),
    )


def release(state: DS20State, actor: Actor, combatant_id: str) -> Outcome:
    """The grappler lets its victim go (free)."""
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    if not c.grappling:
        raise RuleError("ds20.error.not_grappling", name=c.name)
    victim = new.get(c.grappling)
    victim.grappled_by = None
    c.grappling = None
    return Outcome(
        state=new,
        events=[Event(key="ds20.grapple.released", params={"name": c.name, "target": victim.name})],
        summary=Event(key="log.release", params={"target": victim.name}),
    )
