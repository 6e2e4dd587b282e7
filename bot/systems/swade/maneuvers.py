"""SWADE maneuvers (RULES-NOTES SW-21, SW-24, SW-25; seeds 000/003): Defend, Trick,
Push, Support, Aim, multi-action declaration, finishing move, evasion. Pure.

Every trait roll here exposes a ``reroll`` hook in its event (SW-4/SW-35) with the
roll's parameters; ``rerollable`` is False after a critical failure.
"""

from __future__ import annotations

from typing import Literal

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, opposed
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.damage import find_combatant, require_control, trait_reroll_hook
from bot.systems.swade.modifiers import (
    BOUND,
    DISTRACTED,
    MAX_SUPPORT,
    PRONE,
    VULNERABLE,
    Modifier,
    add_condition,
    add_timed_condition,
    has_condition,
    is_vulnerable,
    roll_trait,
)
from bot.systems.swade.state import SwadeCombatant, SwadeState

MAX_ACTIONS = 3  # SW-6

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


def _event(
    key: str, who: SwadeCombatant, roll: TraitResult, mods: list[Modifier], **p: object
) -> Event:
    return Event(
        key=key,
        params={
            "name": who.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, combatant_id=who.id),
            **p,
        },
        dice=roll.to_view(),
    )


def _against(target: SwadeCombatant, state: SwadeState) -> list[Modifier]:
    """SW-17: actions against a Vulnerable character get +2."""
    return [("swade_combat.mod.target_vulnerable", 2)] if is_vulnerable(target, state) else []


def _actor_and_target(
    state: SwadeState, actor: Actor, actor_id: str, target_id: str
) -> tuple[SwadeCombatant, SwadeCombatant]:
    me = find_combatant(state, actor_id)
    require_control(actor, me)
    target = find_combatant(state, target_id)
    if me.id == target.id:
        raise RuleError("swade_combat.error.self_target")
    _require_can_act(me)
    return me, target


def _require_can_act(c: SwadeCombatant) -> None:
    if c.dead or c.incapacitated:
        raise RuleError("swade_combat.error.cannot_act", name=c.name)
    if c.shaken:
        raise RuleError("swade_combat.error.shaken_or_stunned", name=c.name)
    if c.defending:
        raise RuleError("swade_combat.error.defending", name=c.name)


# --- SW-21 Defend ------------------------------------------------------------------------


def defend(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-21 Defend: +4 Parry until its next turn (cleared at the start of that turn by
    the turn sequence); it takes no other action but moving (not running)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    _require_can_act(c)
    c.defending = True
    return Outcome(
        state=new,
        events=[Event(key="swade_combat.defend", params={"name": c.name, "parry": c.parry + 4})],
        summary=f"defend {c.name}",
    )


# --- SW-24 ----------------------------------------------------------------------------------


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
    new = state.model_copy(deep=True)
    me, target = _actor_and_target(new, actor, actor_id, target_id)
    resist = attribute or LINKED_ATTRIBUTE.get(skill)
    if resist is None:
        raise RuleError("swade_combat.error.trick_attribute", skill=skill)
    a_roll, a_mods = roll_trait(me, new, dice, skill, extra=_against(target, new))
    d_roll, d_mods = roll_trait(target, new, dice, resist)
    result = opposed(
        a_roll.total,
        d_roll.total,
        initiator_critical=a_roll.critical_failure,
        defender_critical=d_roll.critical_failure,
    )
    events = [
        _event("swade_combat.trick.roll", me, a_roll, a_mods, skill=f"swade_combat.skill.{skill}"),
        _event("swade_combat.trick.resist", target, d_roll, d_mods),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade_combat.trick.fails", params={"target": target.name}))
    else:
        add_timed_condition(new, target, DISTRACTED if effect == "distracted" else VULNERABLE)
        shaken = result.raises >= 1
        if shaken:
            target.shaken = True
        events.append(
            Event(
                key="swade_combat.trick.succeeds",
                params={
                    "target": target.name,
                    "effect": f"swade_combat.condition.{effect}",
                    "shaken": shaken,
                },
            )
        )
    return Outcome(state=new, events=events, summary=f"trick {me.name} -> {target.name}")


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
    new = state.model_copy(deep=True)
    me, target = _actor_and_target(new, actor, actor_id, target_id)
    if has_condition(me, BOUND):  # SW-20: no physical action but escaping
        raise RuleError("swade_combat.error.bound", name=me.name)
    a_extra = _against(target, new)
    if moved:
        a_extra.append(("swade_combat.mod.push_moved", 2))
    if actor_shield:
        a_extra.append(("swade_combat.mod.shield", actor_shield))
    d_extra: list[Modifier] = [("swade_combat.mod.shield", target_shield)] if target_shield else []
    a_roll, a_mods = roll_trait(me, new, dice, "strength", extra=a_extra)
    d_roll, d_mods = roll_trait(target, new, dice, "strength", extra=d_extra)
    result = opposed(
        a_roll.total,
        d_roll.total,
        initiator_critical=a_roll.critical_failure,
        defender_critical=d_roll.critical_failure,
    )
    events = [
        _event("swade_combat.push.roll", me, a_roll, a_mods),
        _event("swade_combat.push.resist", target, d_roll, d_mods),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade_combat.push.fails", params={"target": target.name}))
        return Outcome(state=new, events=events, summary=f"push {me.name} -> {target.name}")
    raise_ = result.raises >= 1
    steps = 2 if raise_ else 1
    events.append(
        Event(key="swade_combat.push.moved", params={"target": target.name, "steps": steps})
    )
    penalty: list[Modifier] = [("swade_combat.mod.push_raise", -2)] if raise_ else []
    keep, keep_mods = roll_trait(target, new, dice, "athletics", extra=penalty)
    if keep.success:
        events.append(_event("swade_combat.push.keeps_footing", target, keep, keep_mods))
    else:
        add_condition(target, PRONE)
        events.append(_event("swade_combat.push.falls_prone", target, keep, keep_mods))
    return Outcome(state=new, events=events, summary=f"push {me.name} -> {target.name}")


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
    new = state.model_copy(deep=True)
    me, ally = _actor_and_target(new, actor, actor_id, ally_id)
    roll, mods = roll_trait(me, new, dice, skill)
    if roll.critical_failure:
        given = -2
    elif roll.success:
        given = 2 if roll.raises else 1
    else:
        given = 0
    ally.support_bonus = min(ally.support_bonus + given, MAX_SUPPORT)
    events = [
        _event("swade_combat.support.roll", me, roll, mods, skill=f"swade_combat.skill.{skill}"),
        Event(
            key="swade_combat.support.result",
            params={"ally": ally.name, "given": given, "bonus": ally.support_bonus},
        ),
    ]
    return Outcome(state=new, events=events, summary=f"support {me.name} -> {ally.name}")


def aim(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-24 Aim: the character spends its turn without moving or acting; its next
    ranged attack ignores up to 4 points of range, cover, called-shot, scale and speed
    penalties, or gets +2 (see :func:`bot.systems.swade.modifiers.aim_modifier`)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    _require_can_act(c)
    c.aiming = True
    return Outcome(
        state=new,
        events=[Event(key="swade_combat.aim", params={"name": c.name})],
        summary=f"aim {c.name}",
    )


# --- SW-6 / SW-25 ------------------------------------------------------------------------


def declare_multi_action(
    state: SwadeState, actor: Actor, combatant_id: str, actions: int
) -> Outcome:
    """SW-6 multi-action: up to 3 actions a turn, -2 to all of them per action beyond the
    first (-2 for two, -4 for three). Applies to the combatant's rolls this round."""
    if not 1 <= actions <= MAX_ACTIONS:
        raise RuleError("swade_combat.error.actions_range", max=MAX_ACTIONS)
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    c.actions_declared = actions
    c.actions_round = new.round
    return Outcome(
        state=new,
        events=[
            Event(
                key="swade_combat.multi_action",
                params={"name": c.name, "actions": actions, "penalty": -2 * (actions - 1)},
            )
        ],
        summary=f"multi-action {c.name} {actions}",
    )


def is_helpless(c: SwadeCombatant) -> bool:
    """Seed 000 "Golpe de gracia": completely helpless (bound, unconscious...): here
    incapacitated, knocked out or Bound."""
    return (
        c.incapacitated
        or c.knocked_out_hours is not None
        or any(x.name == BOUND for x in c.conditions)
    )


def finishing_move(state: SwadeState, actor: Actor, *, attacker_id: str, target_id: str) -> Outcome:
    """SW-25 finishing move: an attack with a lethal weapon against a helpless victim is
    an automatic success that kills it (seeds 000/003). No dice."""
    new = state.model_copy(deep=True)
    me, target = _actor_and_target(new, actor, attacker_id, target_id)
    if target.dead:
        raise RuleError("swade_combat.error.target_dead", name=target.name)
    if not is_helpless(target):
        raise RuleError("swade_combat.error.not_helpless", name=target.name)
    target.dead = True
    target.incapacitated = True
    target.bleeding_out = False
    return Outcome(
        state=new,
        events=[
            Event(
                key="swade_combat.finishing_move",
                params={"attacker": me.name, "target": target.name},
            )
        ],
        summary=f"finishing move {me.name} -> {target.name}",
    )


def evade(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-25 evasion: against an attack that allows it, Agility -2; success avoids it
    completely. (Area attacks that allow evasion roll it for every target themselves,
    :func:`bot.systems.swade.combat.area_attack`.)"""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    roll, mods = evasion_roll(c, new, dice)
    key = "swade_combat.evade.success" if roll.success else "swade_combat.evade.failure"
    return Outcome(state=new, events=[_event(key, c, roll, mods)], summary=f"evade {c.name}")


def evasion_roll(
    c: SwadeCombatant, state: SwadeState, dice: DiceSource
) -> tuple[TraitResult, list[Modifier]]:
    """SW-25: Agility -2 against TN 4. Mutates ``c`` (support spent)."""
    return roll_trait(c, state, dice, "agility", extra=[("swade_combat.mod.evasion", -2)])
