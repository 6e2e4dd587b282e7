"""Dread S-20 damage (DS-6, DS-7, DS-8, DS-10 stun): a hit's wound level from the damage
and the weapon's MHL/MHG, the armour roll, a stun that knocks out, the accumulated
wounds; a hit whose defence is settled (grapple and knock-down have their effect
instead), and the GM's damage from outside an attack. Pure.

Dice order: the armour roll of whoever takes the damage (d20 only).
"""

from __future__ import annotations

from bot.dice.ds20 import roll_under
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20._common import copy, require_gm, result_suffix, roll_event
from bot.systems.ds20.state import BodyPart, DS20State, DSCombatant, PendingAttack
from bot.systems.ds20.wounds import SEVERITY_HL, record_severity, severity_text, wound_severity


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
