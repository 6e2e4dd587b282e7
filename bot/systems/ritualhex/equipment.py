"""Equipping, stowing, dropping, picking up and handing over equipment (seed 002
'Equipamiento'; RH-7, RH-9). Pure.

In combat these are taken at one's opportunity and pay AP like any action (RH-7), except
dropping, which is free and does not end the opportunity. Only equipment with an AP
cost can be handled in combat; without one it is equipped or stowed out of combat only
(before the first round or after the combat: ``phase`` "setup" or "over"), at no cost.
Parts in waiting cannot be used to equip, stow or drop (RH-7).
Reading: these actions open no reaction chain.
"""

from __future__ import annotations

import math

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.lookup import first_named
from bot.systems.ritualhex.rounds import (
    advance,
    check_control,
    get_combatant,
    pay_ap,
)
from bot.systems.ritualhex.state import Equipment, RHCombatant, RitualHexState
from bot.systems.ritualhex.words import limb_term, part_term
from bot.systems.words import fold


def _in_combat(state: RitualHexState) -> bool:
    return state.phase == "round"


def _acting(state: RitualHexState, actor: Actor, actor_id: str) -> RHCombatant:
    c = get_combatant(state, actor_id)
    check_control(actor, c)
    if _in_combat(state):
        if state.chain:
            raise RuleError("ritualhex.error.chain_open")
        if state.multi_attack is not None:
            raise RuleError("ritualhex.error.follow_up_attack_only", name=c.name, gender=c.gender)
        if actor_id not in state.acting:
            names = ", ".join(x.name for x in state.combatants if x.id in state.acting)
            raise RuleError("ritualhex.error.not_your_opportunity", name=c.name, acting=names)
        if c.waiting > 0:
            raise RuleError(
                "ritualhex.error.body_waiting", name=c.name, gender=c.gender, waiting=c.waiting
            )
    return c


def _find(items: list[Equipment], name: str, *, worn: bool | None) -> Equipment | None:
    """The item ``name`` names, as typed or without the quotes around it and the
    punctuation after it ("guardar daga." stows the Daga: :func:`first_named`)."""
    return first_named(
        (item for item in items if worn is None or bool(item.worn_on) == worn),
        name,
        lambda item, wanted: fold(item.name) == wanted,
    )


def _needs_cost(state: RitualHexState, item: Equipment) -> None:
    if _in_combat(state) and item.cost <= 0:
        raise RuleError("ritualhex.error.item_out_of_combat_only", item=item.name)


def _free_parts(c: RHCombatant, item: Equipment, parts: list[str] | None) -> list[str]:
    """Seed: the parts needed must be free and active (and not waiting, RH-7)."""
    chosen: list[str] = []
    for kind in item.needs:
        candidates = [
            p.key
            for p in c.parts
            if p.kind == kind
            and p.key not in chosen
            and c.item_on(p.key) is None
            and c.part_active(p.key)
            and p.waiting == 0
        ]
        candidates.sort(key=lambda k: 0 if parts and k in parts else 1)
        if not candidates:
            raise RuleError(
                "ritualhex.error.no_free_part",
                name=c.name,
                item=item.name,
                part=part_term(kind, kind),
            )
        chosen.append(candidates[0])
    return chosen


def _no_waiting_parts(c: RHCombatant, item: Equipment) -> None:
    for key in item.worn_on:
        part = c.part(key)
        if part is not None and part.waiting > 0:
            raise RuleError("ritualhex.error.limb_waiting", name=c.name, limb=limb_term(c, key))


def _finish(
    state: RitualHexState, c: RHCombatant, cost: int, key: str, item: Equipment, *, ends: bool
) -> Outcome:
    events: list[Event] = []
    if _in_combat(state) and cost:
        pay_ap(c, cost)
        c.prep = 0
    events.append(
        Event(
            key=key,
            params={"name": c.name, "item": item.name, "cost": cost, "ap_level": c.ap_level},
        )
    )
    if _in_combat(state) and ends:
        advance(state, events)
    return Outcome(state=state, events=events, summary=events[0])


def _own_item(
    state: RitualHexState, actor: Actor, actor_id: str, item: str, *, worn: bool
) -> tuple[RitualHexState, RHCombatant, Equipment]:
    """A copy of ``state``, who acts (:func:`_acting`) and its item of that name
    (``worn``: one it has equipped, else one it carries), if handling it costs AP now."""
    state = state.model_copy(deep=True)
    c = _acting(state, actor, actor_id)
    found = _find(c.equipment, item, worn=worn)
    if found is None:
        raise RuleError("ritualhex.error.no_such_item", name=c.name, gender=c.gender, item=item)
    _needs_cost(state, found)
    return state, c, found


def _take(
    c: RHCombatant, found: Equipment, parts: list[str] | None, source: list[Equipment]
) -> None:
    """``c`` takes ``found`` from ``source`` (the ground, an ally) onto free parts (RH-9)."""
    worn = _free_parts(c, found, parts)
    source.remove(found)
    found.worn_on = worn
    c.equipment.append(found)


def equip(
    state: RitualHexState,
    actor: Actor,
    *,
    actor_id: str,
    item: str,
    parts: list[str] | None = None,
) -> Outcome:
    """Equip a carried item on free, active parts, paying its AP cost in combat (RH-9)."""
    state, c, found = _own_item(state, actor, actor_id, item, worn=False)
    found.worn_on = _free_parts(c, found, parts)
    return _finish(state, c, found.cost, "ritualhex.equipped", found, ends=True)


def stow(state: RitualHexState, actor: Actor, *, actor_id: str, item: str) -> Outcome:
    """Stow an equipped item for half its AP cost, rounded up (RH-9)."""
    state, c, found = _own_item(state, actor, actor_id, item, worn=True)
    _no_waiting_parts(c, found)
    found.worn_on = []
    return _finish(state, c, math.ceil(found.cost / 2), "ritualhex.stowed", found, ends=True)


def drop(state: RitualHexState, actor: Actor, *, actor_id: str, item: str) -> Outcome:
    """Drop an equipped item to the ground: free, and the opportunity goes on (RH-9)."""
    state, c, found = _own_item(state, actor, actor_id, item, worn=True)
    _no_waiting_parts(c, found)
    c.equipment.remove(found)
    found.worn_on = []
    state.ground.append(found)
    return _finish(state, c, 0, "ritualhex.dropped", found, ends=False)


def pick_up(
    state: RitualHexState,
    actor: Actor,
    *,
    actor_id: str,
    item: str,
    parts: list[str] | None = None,
) -> Outcome:
    """Take an item from the ground and equip it, paying its equip cost (RH-9)."""
    state = state.model_copy(deep=True)
    c = _acting(state, actor, actor_id)
    found = _find(state.ground, item, worn=None)
    if found is None:
        raise RuleError("ritualhex.error.not_on_ground", item=item)
    _needs_cost(state, found)
    _take(c, found, parts, state.ground)
    return _finish(state, c, found.cost, "ritualhex.picked_up", found, ends=True)


def take_from(
    state: RitualHexState,
    actor: Actor,
    *,
    actor_id: str,
    giver_id: str,
    item: str,
    parts: list[str] | None = None,
) -> Outcome:
    """Take an item from a willing ally, paying its equip cost; the giver pays nothing
    (RH-9). The caller asks the giver's consent: here the actor must control the giver
    too, or be the GM."""
    state = state.model_copy(deep=True)
    c = _acting(state, actor, actor_id)
    giver = get_combatant(state, giver_id)
    if giver.id == c.id or giver.side != c.side or not giver.active:
        raise RuleError("ritualhex.error.not_an_ally", name=giver.name)
    if not giver.controlled_by(actor.user_id, is_gm=actor.is_gm):
        # RH-9: a *willing* ally; the giver's player agrees, and the GM makes the hand-over.
        raise RuleError(
            "ritualhex.error.take_needs_consent",
            name=giver.name,
            gender=giver.gender,
            item=item,
            taker=c.name,
        )
    found = _find(giver.equipment, item, worn=None)
    if found is None:
        raise RuleError(
            "ritualhex.error.no_such_item", name=giver.name, gender=giver.gender, item=item
        )
    _needs_cost(state, found)
    _take(c, found, parts, giver.equipment)
    return _finish(state, c, found.cost, "ritualhex.taken", found, ends=True)
