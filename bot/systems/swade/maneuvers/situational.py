"""SWADE situational rules of SW-25 (seeds 000/003): the finishing move against a
helpless victim, and evasion (Agility -2 against an attack that allows it; area attacks
roll it for every target themselves). Evasion runs as a replayable maneuver, a reaction
that is not an action of the turn (SW-36). Pure.
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.actions import take_action
from bot.systems.swade.encounter_rules import find_combatant
from bot.systems.swade.maneuvers.replay import (
    actor_and_target,
    check_starter,
    maneuver,
    run_maneuver,
)
from bot.systems.swade.maneuvers.rolls import ActionRolls, roll_event
from bot.systems.swade.modifiers import BOUND, Modifier
from bot.systems.swade.state import SwadeCombatant, SwadeState

EVASION_PENALTY = -2  # SW-25


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
    check_starter(state, actor, attacker_id)
    new = state.model_copy(deep=True)
    me, target = actor_and_target(new, attacker_id, target_id)
    if target.dead:
        raise RuleError("swade.combat.error.target_dead", name=target.name)
    if not is_helpless(target):
        raise RuleError("swade.combat.error.not_helpless", name=target.name)
    counted = take_action(new, me)  # SW-36
    target.dead = True
    target.incapacitated = True
    target.bleeding_out = False
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(
                key="swade.combat.finishing_move",
                params={"attacker": me.name, "target": target.name},
            ),
        ],
        summary=Event(
            key="log.swade.finishing_move", params={"name": me.name, "target": target.name}
        ),
    )


def evade(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-25 evasion: against an attack that allows it, Agility -2; success avoids it
    completely. (Area attacks that allow evasion roll it for every target themselves,
    :func:`bot.systems.swade.combat.area_attack`.)"""
    check_starter(state, actor, combatant_id)
    params = {"combatant_id": combatant_id}
    return run_maneuver(
        state,
        dice,
        "evade",
        params,
        owner_id=combatant_id,
        involved=[combatant_id],
        action=False,  # a reaction (SW-36: not counted, no multi-action penalty)
    )


@maneuver("evade")
def _evade(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    c = find_combatant(new, p["combatant_id"])
    _, event = roll_evasion(rolls, new, c)
    return [event], f"evade {c.name}"


def roll_evasion(
    rolls: ActionRolls, state: SwadeState, c: SwadeCombatant, *, phase: int = 0
) -> tuple[bool, Event]:
    """SW-25 evasion: ``c`` rolls Agility -2 (:data:`EVASION_PENALTY`); a success avoids
    the attack or power completely. Returns whether it did, and the roll's event.
    ``phase`` 1 inside an attack or a cast (:class:`~.rolls.ActionRolls`)."""
    penalty: Modifier = ("swade.combat.mod.evasion", EVASION_PENALTY)
    roll, mods = rolls.roll(c, state, "agility", extra=[penalty], phase=phase)
    key = "swade.combat.evade.success" if roll.success else "swade.combat.evade.failure"
    return roll.success, roll_event(key, c, roll, mods)
