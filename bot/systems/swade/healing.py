"""Healing in combat (RULES-NOTES SW-43): the Healing skill, or a healing power
(:func:`bot.systems.swade.powers.cast`). Pure.

:func:`heal` is the action (``/act action:heal``); it runs as a replayable maneuver, so a
benny rerolls the Healing roll with ``maneuvers.reroll_maneuver`` (SW-4: never a critical
failure). :func:`apply_healing` is what a success does, shared by the skill and the
healing powers.

Readings (not settled by the seeds or RULES-NOTES), chosen here:

- "Wounded in the last hour": the bot cannot know when a wound was taken; every wound of
  the encounter counts. A target with no wounds that is not incapacitated has nothing to
  heal (refused, so no action is spent).
- The roll takes the target's wound penalty (SW-43), as its own trait rolls would take
  it (at most -3, Nerves of Steel included), besides the healer's own modifiers; healing
  oneself takes one's wound penalty once.
- On an Incapacitated target a success stabilises it (Bleeding Out ends, SW-43) and
  removes wounds like on anyone; a target incapacitated by wounds whose wounds the roll
  reduces is no longer Incapacitated (one unconscious from Fatigue or knocked out for
  hours stays so). SW-13 injuries stay (the GM's).
- Healing is an action of the healer's turn (SW-36), unskilled at d4-2 (SW-5).
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat.plan import headline
from bot.systems.swade.conditions import WOUNDS, condition_name, trait_modifiers
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.fatigue import FATIGUE_INCAPACITATED
from bot.systems.swade.maneuvers import ActionRolls, maneuver, require_can_act, run_maneuver
from bot.systems.swade.modifiers import Modifier, roll_trait, trait_and_modifiers
from bot.systems.swade.state import SwadeCombatant, SwadeState

HEALING_SKILL = "healing"
TARGET_WOUNDS = "swade.powers.mod.target_wounds"


def target_wound_penalty(
    state: SwadeState, healer: SwadeCombatant, targets: list[SwadeCombatant]
) -> list[Modifier]:
    """SW-43: the wound penalty of the most wounded target other than the healer (its own
    is already in its roll), as the target's own trait rolls would take it."""
    worst = 0
    for t in targets:
        if t.id != healer.id:
            worst = min([worst, *(v for k, v in trait_modifiers(t, state) if k == WOUNDS)])
    return [(TARGET_WOUNDS, worst)] if worst else []


def needs_healing(c: SwadeCombatant) -> bool:
    return c.wounds > 0 or c.incapacitated or c.bleeding_out


def apply_healing(state: SwadeState, target: SwadeCombatant, raises: int) -> list[Event]:
    """SW-43 after a successful healing roll with ``raises``: a Bleeding Out target is
    stabilised; one wound per success and raise is removed; a target incapacitated by
    wounds gets up when its wounds go down (module docstring). Mutates ``target``."""
    events: list[Event] = []
    if target.bleeding_out:
        target.bleeding_out = False
        events.append(Event(key="swade.powers.heal.stabilised", params={"target": target.name}))
    healed = min(1 + max(raises, 0), target.wounds)
    target.wounds -= healed
    if healed:
        events.append(
            Event(
                key="swade.powers.heal.wounds",
                params={"target": target.name, "healed": healed, "wounds": target.wounds},
            )
        )
    elif not events:
        events.append(Event(key="swade.powers.heal.nothing", params={"target": target.name}))
    knocked_out = target.fatigue >= FATIGUE_INCAPACITATED or target.knocked_out_hours is not None
    if healed and target.incapacitated and not knocked_out and not target.dead:
        target.incapacitated = False
        up = {
            "target": target.name,
            "condition_name": condition_name("incapacitated", target.gender),
        }
        events.append(Event(key="swade.powers.heal.up", params=up))
    return events


def heal(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    healer_id: str,
    target_id: str,
    via: str = "skill",
) -> Outcome:
    """SW-43: ``healer_id`` heals ``target_id`` with the Healing skill (``via="skill"``)
    or with a healing power (``via``: its name, cast as
    :func:`bot.systems.swade.powers.cast` does, Power Points and all). The roll takes the
    target's wound penalty; a success removes one wound per success and raise and
    stabilises a Bleeding Out target (:func:`apply_healing`). Offers the benny reroll of
    the roll (not after a critical failure)."""
    healer = find_combatant(state, healer_id)
    require_control(actor, healer)
    target = find_combatant(state, target_id)
    if target.dead:
        raise RuleError("swade.combat.error.target_dead", name=target.name)
    if not needs_healing(target):
        raise RuleError("swade.powers.error.nothing_to_heal", name=target.name)
    if via != "skill":
        from bot.systems.swade import power_lookup, powers

        power = power_lookup.resolve_power(state, healer, via).definition
        if power is None or "heal" not in power.kinds():
            raise RuleError("swade.powers.error.not_healing", power=via)
        return powers.cast(state, actor, dice, healer.id, via, [target.id])
    params = {"healer_id": healer.id, "target_id": target.id}
    return run_maneuver(
        state,
        dice,
        "heal",
        params,
        owner_id=healer.id,
        involved=list(dict.fromkeys([healer.id, target.id])),
    )


@maneuver("heal")
def _heal(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    healer = find_combatant(new, p["healer_id"])
    require_can_act(healer)
    target = find_combatant(new, p["target_id"])
    extra = target_wound_penalty(new, healer, [target])
    trait, mods = trait_and_modifiers(healer, new, HEALING_SKILL, extra=extra, acting=True)
    roll = rolls.roll_with(
        healer,
        lambda d: roll_trait(healer, new, d, HEALING_SKILL, extra=extra, acting=True)[0],
        mods=mods,
    )
    healer.support_bonus = 0  # SW-24: spent by the roll, kept or new
    events = [
        Event(
            key=headline("swade.powers.heal.roll", roll.total, 4, critical=roll.critical_failure),
            params={
                "healer": healer.name,
                "gender": healer.gender,
                "target": target.name,
                "own": healer.id == target.id,  # issue 29: "se atiende sus propias heridas"
                "modifiers": [list(m) for m in mods],
                "total": roll.total,
                "unskilled": trait is None,
                "kept_previous": roll.kept_previous,
                "reroll": roll.hook,
            },
            dice=roll.to_view(),
        )
    ]
    if roll.success:
        events += apply_healing(new, target, roll.raises)
    else:
        events.append(
            Event(
                key="swade.powers.heal.failure",
                params={"target": target.name, "gender": target.gender},
            )
        )
    return events, Event(key="log.swade.heal", params={"name": healer.name, "target": target.name})
