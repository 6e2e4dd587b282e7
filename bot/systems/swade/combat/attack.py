"""SWADE single-target attacks (RULES-NOTES SW-10..SW-12, SW-18, SW-44): the attack and
the wild attack, and the benny rerolls of an attack or its damage (SW-4/SW-35). Pure.

Dice order of :func:`attack`: the attack trait roll (every trait die with its aces, then
the wild die), then for each hit in order: its damage roll (Strength die, weapon dice,
raise die) and whatever applying it rolls (SW-13 Vigor and injury, or the nonlethal 1d6),
then a disarm Strength roll if one is due.

Benny rerolls (SW-4/SW-35): :func:`reroll_attack` and :func:`reroll_damage` redo the last
single-target attack from the state before it; the area attack, suppressive fire and
attacks on objects run as replayable maneuvers
(:func:`bot.systems.swade.maneuvers.reroll_maneuver`).
"""

from __future__ import annotations

from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.common import copied
from bot.systems.swade.actions import take_action
from bot.systems.swade.combat.hits import hits_of, resolve_hits
from bot.systems.swade.combat.plan import (
    AttackPlan,
    Damage,
    headline,
    plan_attack,
    require_can_attack,
    roll_attack,
    roll_damage,
    spend_and_mark,
)
from bot.systems.swade.encounter_rules import (
    find_combatant,
    peek_combatant,
    refuse_self_target,
    require_control,
)
from bot.systems.swade.modifiers import AttackOptions, Modifier, options_json, total
from bot.systems.swade.record_bounds import require_record
from bot.systems.swade.rerolls import restore, snapshot_of
from bot.systems.swade.state import SwadeCombatant, SwadeState


def _roll_summary(roll: TraitResult) -> dict[str, Any]:
    """What a later reroll needs of the kept roll (JSON-safe)."""
    view = roll.to_view()
    return {
        "results": [
            {
                "total": k.total,
                "success": k.success,
                "raises": k.raises,
                "natural": roll.trait_rolls[k.index].natural,
            }
            for k in roll.kept
        ],
        "critical_failure": roll.critical_failure,
        "total": view["total"],
        "view": view,
    }


def _check_can_attack(
    attacker: SwadeCombatant, target: SwadeCombatant, options: AttackOptions, *, wild: bool
) -> None:
    require_can_attack(attacker, free_attack=options.free_attack)
    if target.dead:
        raise RuleError("swade.combat.error.target_dead", name=target.name)
    refuse_self_target(attacker, target, "wildattack" if wild else "attack")


def _kept_event(
    what: Literal["attack", "damage"],
    who: SwadeCombatant,
    rolled: int,
    kept: int,
    view: dict[str, Any],
    mods: list[Modifier],
) -> Event:
    """SW-35: a reroll (its dice and modifiers shown) that did not beat the earlier
    roll, which stands."""
    params: dict[str, Any] = {"name": who.name, "rolled": rolled, "kept": kept}
    if mods:
        params["modifiers"] = [list(m) for m in mods]
    return Event(key=f"swade.combat.reroll.{what}_kept", params=params, dice=view)


def _attack_event(
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    summary: dict[str, Any],
    *,
    wild: bool,
    kept_previous: bool = False,
) -> Event:
    key = "swade.combat.attack.wild_roll" if wild else "swade.combat.attack.roll"
    return Event(
        key=headline(key, summary["total"], plan.tn, critical=summary["critical_failure"]),
        params={
            "attacker": attacker.name,
            "target": target.name,
            "skill": f"swade.combat.skill.{plan.skill}",
            "weapon": plan.weapon_text,
            "tn": plan.tn,
            "tn_parts": [list(p) for p in plan.tn_parts],
            "modifiers": [list(m) for m in plan.modifiers],
            "total": summary["total"],
            "hits": sum(1 for r in summary["results"] if r["success"]),
            "unskilled": plan.unskilled,
            "kept_previous": kept_previous,
            "reroll": {
                "kind": "trait",
                "action": "reroll_attack",
                "attacker_id": attacker.id,
                "die": plan.die,
                "modifier": total(plan.modifiers),
                "tn": plan.tn,
                "wild_die": plan.wild_die,
                "unskilled": plan.unskilled,
                "trait_dice": plan.rof,
                "previous_total": summary["total"],
                "rerollable": not summary["critical_failure"],
            },
        },
        dice=summary["view"],
    )


def _reroll_offers(
    attacker: SwadeCombatant, summary: dict[str, Any], rolled: list[int]
) -> list[Offer]:
    """SW-4/SW-35: a benny may reroll the attack (never a critical failure) or its damage."""
    offers = []
    if not summary["critical_failure"]:
        offers.append(
            Offer.to_player_of(
                attacker,
                "reroll_attack",
                "swade.combat.offer.reroll_attack",
                data={"attacker_id": attacker.id},
            )
        )
    if rolled:
        offers.append(
            Offer.to_player_of(
                attacker,
                "reroll_damage",
                "swade.combat.offer.reroll_damage",
                data={"attacker_id": attacker.id},
            )
        )
    return offers


def _restore(state: SwadeState, previous: dict[str, Any]) -> SwadeState:
    """A copy of ``state`` with the attacker and target as they were before the attack."""
    return restore(state, previous["before"])


def _run(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    params: dict[str, Any],
    *,
    previous: dict[str, Any] | None = None,
    mode: Literal["new", "reroll_attack", "reroll_damage"] = "new",
    options: AttackOptions | None = None,
) -> Outcome:
    """The attack ``params`` describe (:func:`_attack_params`); ``options``: the ones
    its ``"options"`` were dumped from (a new attack: not read back, issue 32)."""
    # copied(): what model_copy(deep=True) does, without its wrapper (issue 32).
    new = copied(state) if previous is None else _restore(state, previous)
    attacker = find_combatant(new, params["attacker_id"])
    require_control(actor, attacker)
    # Issue 32: read, not copied; a hit owns it (resolve_hits), a miss leaves it shared.
    target = peek_combatant(new, params["target_id"])
    if options is None:  # a reroll: the options as the record keeps them
        options = AttackOptions.model_validate(params["options"])
    wild = bool(params["wild"])
    if previous is None:
        _check_can_attack(attacker, target, options, wild=wild)
    before = snapshot_of([attacker, target])
    # SW-36: one action of the turn (a benny reroll redoes the same one).
    counted = take_action(new, attacker, free=options.free_attack, replay=previous is not None)
    plan = plan_attack(
        new,
        attacker,
        target,
        weapon=params["weapon"],
        skill=params["skill"],
        options=options,
        wild=wild,
    )
    # A benny reroll that does not beat the earlier roll still shows its dice, and says
    # the earlier one stands (SW-35): otherwise the player sees the same roll again.
    events: list[Event] = [*counted, *(plan.notes if previous is None else [])]
    if mode == "reroll_damage":
        assert previous is not None
        summary, kept_previous = previous["roll"], False
        damage: Damage | None = _reroll_damage(plan, options, previous, target, dice, events)
    else:
        summary, damage, kept_previous = _roll_or_keep(plan, attacker, previous, dice, events)
    spend_and_mark(new, attacker, plan, options, wild=wild)
    events.append(
        _attack_event(attacker, target, plan, summary, wild=wild, kept_previous=kept_previous)
    )
    hit_events_, offers, rolled = resolve_hits(
        new, attacker, target, plan, options, summary, dice, damage=damage
    )
    events += hit_events_
    attacker.last_attack = {"params": params, "before": before, "roll": summary, "damage": rolled}
    return Outcome(
        state=new,
        events=events,
        offers=_reroll_offers(attacker, summary, rolled) + offers,
        summary=Event(
            key="log.swade.wild_attack" if wild else "log.swade.attack",
            params={"attacker": attacker.name, "target": target.name},
        ),
    )


def _roll_or_keep(
    plan: AttackPlan,
    attacker: SwadeCombatant,
    previous: dict[str, Any] | None,
    dice: DiceSource,
    events: list[Event],
) -> tuple[dict[str, Any], Damage | None, bool]:
    """The attack roll, its damage (``None``: to be rolled) and whether an earlier roll
    was kept. SW-4: a critical failure on the reroll must be accepted; otherwise SW-35
    keeps the better roll (and its damage), and ``events`` gets the reroll that lost."""
    summary = _roll_summary(roll_attack(plan, dice))
    if (
        previous is None
        or summary["critical_failure"]
        or previous["roll"]["total"] < summary["total"]
    ):
        return summary, None, False
    events.append(
        _kept_event(
            "attack",
            attacker,
            summary["total"],
            previous["roll"]["total"],
            summary["view"],
            plan.modifiers,
        )
    )
    return previous["roll"], [(d, None) for d in previous["damage"]], True


def _reroll_damage(
    plan: AttackPlan,
    options: AttackOptions,
    previous: dict[str, Any],
    target: SwadeCombatant,
    dice: DiceSource,
    events: list[Event],
) -> Damage:
    """SW-35: each hit of the earlier roll rolls its damage again and keeps the better
    (``None`` view: the earlier total stands, and ``events`` shows the reroll)."""
    damage: Damage = []
    for i, (raises, _) in enumerate(hits_of(previous["roll"], plan, options)[0]):
        fresh = roll_damage(plan, raises, dice)
        old = previous["damage"][i] if i < len(previous["damage"]) else None
        if old is not None and old >= fresh[0]:
            damage.append((old, None))
            events.append(_kept_event("damage", target, fresh[0], old, fresh[1], plan.damage_mods))
        else:
            damage.append(fresh)
    return damage


def attack(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
) -> Outcome:
    """SW-10/SW-11/SW-12: attack ``target_id`` with ``weapon`` (a name on the attacker's
    sheet; ``None``: unarmed, Strength damage) or a given skill. Rolls the attack with
    every modifier listed by name, then damage for each hit, applied by SW-12; offers a
    benny reroll of the attack (not after a critical failure, SW-4) and of the damage,
    and soak to a wounded Wild Card (SW-14)."""
    options = options or AttackOptions()
    params = _attack_params(attacker_id, target_id, weapon, skill, options, wild=False)
    return _run(state, actor, dice, params, options=options)


def wild_attack(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    weapon: str | None = None,
    skill: str | None = None,
    options: AttackOptions | None = None,
) -> Outcome:
    """SW-18 Wild Attack: a melee attack at +2 Fighting and +2 damage; the attacker is
    Vulnerable until the end of its next turn."""
    options = options or AttackOptions()
    params = _attack_params(attacker_id, target_id, weapon, skill, options, wild=True)
    return _run(state, actor, dice, params, options=options)


def _attack_params(
    attacker_id: str,
    target_id: str,
    weapon: str | None,
    skill: str | None,
    options: AttackOptions,
    *,
    wild: bool,
) -> dict[str, Any]:
    """What ``last_attack`` keeps to run the attack again (benny rerolls, SW-35)."""
    return {
        "attacker_id": attacker_id,
        "target_id": target_id,
        "weapon": weapon,
        "skill": skill,
        "options": options_json(options),
        "wild": wild,
    }


def _previous_attack(state: SwadeState, attacker_id: str) -> dict[str, Any]:
    attacker = find_combatant(state, attacker_id)
    if attacker.last_attack is None:
        raise RuleError("swade.combat.error.no_attack_to_reroll", name=attacker.name)
    return require_record(state, attacker, "last_attack")  # issue 28: never trusted


def reroll_attack(state: SwadeState, actor: Actor, dice: DiceSource, attacker_id: str) -> Outcome:
    """SW-4/SW-35: a benny rerolls the attacker's last attack roll; the better roll is
    kept (ties keep the first) and the attack is resolved again from the state before
    it. A critical failure cannot be rerolled. The ledger charges the benny."""
    previous = _previous_attack(state, attacker_id)
    if previous["roll"]["critical_failure"]:
        raise RuleError("swade.combat.error.critical_failure_no_reroll")
    return _run(state, actor, dice, previous["params"], previous=previous, mode="reroll_attack")


def reroll_damage(state: SwadeState, actor: Actor, dice: DiceSource, attacker_id: str) -> Outcome:
    """SW-35: a benny rerolls the damage of the attacker's last attack; each hit keeps
    the better of its two damage totals, and the hits are applied again from the state
    before the attack (the attack roll stays)."""
    previous = _previous_attack(state, attacker_id)
    if not previous["damage"]:
        raise RuleError("swade.combat.error.no_damage_to_reroll")
    return _run(state, actor, dice, previous["params"], previous=previous, mode="reroll_damage")
