"""SWADE tactical maneuvers (RULES-NOTES SW-24): Trick, Push, Support and Aim. Trick,
Push and Support run as replayable maneuvers (benny rerolls:
:func:`bot.systems.swade.maneuvers.reroll_maneuver`). Pure.
"""

from __future__ import annotations

from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.actions import take_action
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.maneuvers.replay import (
    actor_and_target,
    check_starter,
    maneuver,
    require_can_act,
    run_maneuver,
)
from bot.systems.swade.maneuvers.rolls import (
    ActionRolls,
    opposed_pair,
    roll_event,
    vulnerable_bonus,
)
from bot.systems.swade.modifiers import (
    BOUND,
    DISTRACTED,
    MAX_SUPPORT,
    PRONE,
    VULNERABLE,
    Modifier,
    add_condition,
    add_timed_condition,
    end_hold,
    has_condition,
)
from bot.systems.swade.state import SwadeState

# SW-24 Trick: the defender resists with the attribute the trick's skill is linked to.
LINKED_ATTRIBUTE: dict[str, str] = {
    "athletics": "agility",
    "fighting": "agility",
    "shooting": "agility",
    "stealth": "agility",
    "riding": "agility",
    "thievery": "agility",
    "taunt": "smarts",
    "notice": "smarts",
    "gambling": "smarts",
    "survival": "smarts",
    "intimidation": "spirit",
    "persuasion": "spirit",
    "performance": "spirit",
}


def trick(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    target_id: str,
    skill: str,
    effect: Literal["distracted", "vulnerable"],
    attribute: str | None = None,
) -> Outcome:
    """SW-24 Trick: the actor's ``skill`` opposed by the target's linked attribute
    (``attribute`` overrides :data:`LINKED_ATTRIBUTE`). Success: the target is
    Distracted or Vulnerable (the actor's choice) until the end of its next turn; a
    raise also makes it Shaken."""
    check_starter(state, actor, actor_id)
    params = {
        "actor_id": actor_id,
        "target_id": target_id,
        "skill": skill,
        "effect": effect,
        "attribute": attribute,
    }
    return run_maneuver(
        state, dice, "trick", params, owner_id=actor_id, involved=[actor_id, target_id]
    )


@maneuver("trick")
def _trick(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, target = actor_and_target(new, p["actor_id"], p["target_id"])
    skill, effect = p["skill"], p["effect"]
    resist = p["attribute"] or LINKED_ATTRIBUTE.get(skill)
    if resist is None:
        raise RuleError("swade.combat.error.trick_attribute", skill=skill)
    a_roll, a_mods = rolls.roll(me, new, skill, extra=vulnerable_bonus(target, new), acting=True)
    d_roll, d_mods = rolls.roll(target, new, resist)
    a_view, d_view, result = opposed_pair(a_roll, me, d_roll, target)
    events = [
        roll_event(
            "swade.combat.trick.roll",
            me,
            a_roll,
            a_mods,
            view=a_view,
            skill=f"swade.combat.skill.{skill}",
        ),
        roll_event("swade.combat.trick.resist", target, d_roll, d_mods, view=d_view),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade.combat.trick.fails", params={"target": target.name}))
    else:
        events += add_timed_condition(
            new, target, DISTRACTED if effect == "distracted" else VULNERABLE
        )
        shaken = result.raises >= 1
        if shaken and not target.shaken:
            target.shaken = True
            events += end_hold(new, target)  # SW-34
        events.append(
            Event(
                key="swade.combat.trick.succeeds",
                params={
                    "target": target.name,
                    "effect": f"swade.combat.condition.{effect}",
                    "shaken": shaken,
                },
            )
        )
    return events, Event(key="log.swade.trick", params={"name": me.name, "target": target.name})


def push(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    target_id: str,
    moved: bool = False,
    actor_shield: int = 0,
    target_shield: int = 0,
) -> Outcome:
    """SW-24 Push: opposed Strength, +2 for the attacker if it moved 2 or more steps;
    both add their shield's Parry bonus (seed 003). Success: the target moves back 1
    step (2 on a raise) and rolls Athletics (-2 after a raise) or falls prone."""
    check_starter(state, actor, actor_id)
    params = {
        "actor_id": actor_id,
        "target_id": target_id,
        "moved": moved,
        "actor_shield": actor_shield,
        "target_shield": target_shield,
    }
    return run_maneuver(
        state, dice, "push", params, owner_id=actor_id, involved=[actor_id, target_id]
    )


@maneuver("push")
def _push(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, target = actor_and_target(new, p["actor_id"], p["target_id"])
    if has_condition(me, BOUND):  # SW-20: no physical action but escaping
        raise RuleError("swade.combat.error.bound", name=me.name, gender=me.gender)
    summary = Event(key="log.swade.push", params={"name": me.name, "target": target.name})
    a_extra = vulnerable_bonus(target, new)
    if p["moved"]:
        a_extra.append(("swade.combat.mod.push_moved", 2))
    if p["actor_shield"]:
        a_extra.append(("swade.combat.mod.shield", p["actor_shield"]))
    d_extra: list[Modifier] = (
        [("swade.combat.mod.shield", p["target_shield"])] if p["target_shield"] else []
    )
    a_roll, a_mods = rolls.roll(me, new, "strength", extra=a_extra, acting=True)
    d_roll, d_mods = rolls.roll(target, new, "strength", extra=d_extra)
    a_view, d_view, result = opposed_pair(a_roll, me, d_roll, target)
    events = [
        roll_event("swade.combat.push.roll", me, a_roll, a_mods, view=a_view),
        roll_event("swade.combat.push.resist", target, d_roll, d_mods, view=d_view),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade.combat.push.fails", params={"target": target.name}))
        return events, summary
    raise_ = result.raises >= 1
    steps = 2 if raise_ else 1
    events.append(
        Event(key="swade.combat.push.moved", params={"target": target.name, "steps": steps})
    )
    penalty: list[Modifier] = [("swade.combat.mod.push_raise", -2)] if raise_ else []
    keep, keep_mods = rolls.roll(target, new, "athletics", extra=penalty, phase=1)
    if keep.success:
        events.append(
            roll_event(
                "swade.combat.push.keeps_footing", target, keep, keep_mods, gender=target.gender
            )
        )
    else:
        add_condition(target, PRONE)
        events.append(roll_event("swade.combat.push.falls_prone", target, keep, keep_mods))
    return events, summary


def support(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    ally_id: str,
    skill: str,
) -> Outcome:
    """SW-24 Support: a skill roll to help an ally: success +1, raise +2, a critical
    failure -2, on the ally's next trait roll; supports add up to at most +4."""
    check_starter(state, actor, actor_id)
    params = {"actor_id": actor_id, "ally_id": ally_id, "skill": skill}
    return run_maneuver(
        state, dice, "support", params, owner_id=actor_id, involved=[actor_id, ally_id]
    )


@maneuver("support")
def _support(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, ally = actor_and_target(new, p["actor_id"], p["ally_id"])
    roll, mods = rolls.roll(me, new, p["skill"], acting=True)
    if roll.critical_failure:
        given = -2
    elif roll.success:
        given = 2 if roll.raises else 1
    else:
        given = 0
    ally.support_bonus = min(ally.support_bonus + given, MAX_SUPPORT)
    events = [
        roll_event(
            "swade.combat.support.roll", me, roll, mods, skill=f"swade.combat.skill.{p['skill']}"
        ),
        Event(
            key="swade.combat.support.result",
            params={
                "ally": ally.name,
                "gender": ally.gender,
                "given": given,
                "bonus": ally.support_bonus,
            },
        ),
    ]
    return events, Event(key="log.swade.support", params={"name": me.name, "target": ally.name})


def aim(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-24 Aim: the character spends its turn without moving or acting; its next
    ranged attack ignores up to 4 points of range, cover, called-shot, scale and speed
    penalties, or gets +2 (see :func:`bot.systems.swade.modifiers.aim_modifier`)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    require_can_act(c)
    counted = take_action(new, c)  # SW-36
    c.aiming = True
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(key="swade.combat.aim", params={"name": c.name, "gender": c.gender}),
        ],
        summary=Event(key="log.swade.aim", params={"name": c.name}),
    )
