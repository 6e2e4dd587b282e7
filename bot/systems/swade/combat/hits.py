"""SWADE: what a rolled single-target attack does (RULES-NOTES SW-11, SW-12, SW-14,
SW-22, SW-23, SW-25; seed 003 "Desarmar", "Superioridad"): one hit per successful trait
die, a miss that cover turned into a hit on the obstacle's armour, bystanders hit by a
failed shot, each hit's damage applied by SW-12 with its soak offer, and the disarm and
knock-out rolls a hit may call for. Pure.
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Event, Offer
from bot.systems.swade.combat.plan import AttackPlan, Damage, damage_event, roll_damage
from bot.systems.swade.damage import (
    Hit,
    apply_hit,
    hit_events,
    incapacitation_reroll_offer,
    soak_offer,
)
from bot.systems.swade.encounter_rules import find_combatant
from bot.systems.swade.injury import attribute_roll
from bot.systems.swade.modifiers import COVER_MODS, AttackOptions, roll_trait
from bot.systems.swade.rerolls import trait_reroll_hook
from bot.systems.swade.state import SwadeCombatant, SwadeState


def hits_of(
    summary: dict[str, Any], plan: AttackPlan, options: AttackOptions
) -> tuple[list[tuple[int, int]], int]:
    """The hits of a rolled attack as (raises, obstacle armour), and the bystanders hit.
    One hit per successful trait die (rate of fire). SW-23: a die that missed only
    because of cover hits with the obstacle's armour added. SW-25: a failed Shooting or
    throwing die showing a natural 1 (1-2 with RoF 2+ or a shotgun) hits a bystander."""
    cover = -COVER_MODS[options.cover]
    hits: list[tuple[int, int]] = []
    bystanders = 0
    for r in summary["results"]:
        if r["success"]:
            hits.append((r["raises"], 0))
        elif (
            not summary["critical_failure"]
            and options.obstacle_armor
            and cover
            and r["total"] + cover >= plan.tn
        ):
            hits.append((0, options.obstacle_armor))
        elif r["natural"] <= plan.bystander_face:
            bystanders += 1
    return hits, bystanders


def resolve_hits(
    state: SwadeState,
    attacker: SwadeCombatant,
    target: SwadeCombatant,
    plan: AttackPlan,
    options: AttackOptions,
    summary: dict[str, Any],
    dice: DiceSource,
    *,
    damage: Damage | None = None,
) -> tuple[list[Event], list[Offer], list[int]]:
    """Apply a rolled attack: each hit's damage (SW-11; ``damage`` gives kept totals)
    applied by SW-12, a disarm roll (SW-22); the soak offer for the last wounding hit.
    ``target`` may still be shared with the state before (issue 32: a miss, SW-10,
    changes nothing of it): a hit owns it first (:func:`find_combatant` by its id)."""
    events: list[Event] = []
    offers: list[Offer] = []
    hits, bystanders = hits_of(summary, plan, options)
    if summary["critical_failure"]:
        events.append(Event(key="swade.combat.attack.critical_failure", params={}))
    elif not hits:
        events.append(Event(key="swade.combat.attack.miss", params={"target": target.name}))
    if bystanders:
        events.append(Event(key="swade.combat.attack.bystanders", params={"count": bystanders}))
    rolled: list[int] = []
    reroll = {
        "kind": "damage",
        "action": "reroll_damage",
        "attacker_id": attacker.id,
        "rerollable": True,
    }
    if hits and not target.dead:
        target = find_combatant(state, target.id)  # copied if still shared
    for i, (raises, extra_armor) in enumerate(hits):
        if target.dead:
            break
        if extra_armor:
            events.append(
                Event(
                    key="swade.combat.attack.obstacle",
                    params={"target": target.name, "armor": extra_armor},
                )
            )
        if damage is not None and i < len(damage):
            dmg, dmg_view = damage[i]
        else:
            dmg, dmg_view = roll_damage(plan, raises, dice)
        rolled.append(dmg)
        events.append(
            damage_event(
                attacker, target, plan, dmg, dmg_view, reroll=reroll, kept_previous=dmg_view is None
            )
        )
        hit = apply_hit(
            state,
            target,
            dmg,
            dice,
            ap=plan.ap,
            ignore_armor=plan.ignore_armor,
            extra_armor=extra_armor,
            nonlethal=options.nonlethal,
            attacker_id=attacker.id,
        )
        events += hit_events(target, hit)
        offers = _hit_offers(target, hit, offers)
        events += _after_hit(state, target, hit, options, dice)
    return events, offers, rolled


def _hit_offers(target: SwadeCombatant, hit: Hit, offers: list[Offer]) -> list[Offer]:
    """The soak offer of the last wounding hit (SW-14), and the benny reroll of a Wild
    Card's SW-13 Vigor roll (SW-4/SW-35)."""
    offer = soak_offer(target, hit)
    if offer is not None:
        offers = [offer]  # soak applies to the last hit (SW-14)
    if hit.incapacitation is not None:
        # SW-4/SW-35: the Wild Card's SW-13 Vigor roll may be rerolled with a benny.
        reroll = incapacitation_reroll_offer(target)
        if reroll is not None:
            offers = [*offers, reroll]
    return offers


def _after_hit(
    state: SwadeState, target: SwadeCombatant, hit: Hit, options: AttackOptions, dice: DiceSource
) -> list[Event]:
    """The rolls a hit calls for: disarm (SW-22), knocked out by The Drop (seed 003)."""
    events: list[Event] = []
    if options.disarm and options.called_shot in {"limb", "hand"} and hit.outcome != "no_effect":
        events.append(_disarm_roll(state, target, options, dice))
    if options.the_drop and hit.outcome in {"shaken", "wounded"}:
        events.append(_knockout_roll(state, target, options, dice))
    return events


def _disarm_roll(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, dice: DiceSource
) -> Event:
    """SW-22 / seed 003 "Desarmar": a defender Shaken or wounded by a called shot to a
    limb rolls Strength (-2 arm, -4 hand) or drops what it holds."""
    penalty = (
        ("swade.combat.mod.disarm_arm", -2)
        if options.called_shot == "limb"
        else ("swade.combat.mod.disarm_hand", -4)
    )
    roll, mods = attribute_roll(target, state, dice, "strength", extra=[penalty])
    key = "swade.combat.disarm.holds" if roll.success else "swade.combat.disarm.drops"
    return Event(
        key=key,
        params={
            "target": target.name,
            "gender": target.gender,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, action="disarm"),
        },
        dice=roll.to_view(),
    )


def _knockout_roll(
    state: SwadeState, target: SwadeCombatant, options: AttackOptions, dice: DiceSource
) -> Event:
    """Seed 003 "Superioridad": a victim Shaken or wounded by an attack with The Drop
    rolls Vigor (-2 for a head shot) or is knocked out (incapacitated)."""
    extra = [("swade.combat.mod.head", -2)] if options.called_shot == "head" else []
    roll, mods = roll_trait(target, state, dice, "vigor", extra=extra)
    if not roll.success:
        target.incapacitated = True
    return Event(
        key="swade.combat.the_drop.awake" if roll.success else "swade.combat.the_drop.knocked_out",
        params={
            "target": target.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, action="knockout", combatant_id=target.id),
        },
        dice=roll.to_view(),
    )
