"""SWADE damage: applying a hit (SW-12, SW-13), soaking it (SW-14), the benny reroll of
SW-13's Vigor roll, and removing Shaken with a benny (SW-15). Pure. (Bleeding-out rolls
at the start of a turn belong to the turn sequence, ``turns``; Fatigue is
:mod:`bot.systems.swade.fatigue`, damage to objects :mod:`bot.systems.swade.combat.objects`,
what every benny reroll shares :mod:`bot.systems.swade.rerolls`.)

A hit leaves ``last_hit`` on the target: the damage, what it did and the target's
fields before it, so :func:`soak` can undo exactly that hit's wounds and Shaken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.toughness import wounds_for  # SW-12, shared with /roll's 2d6t6
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.encounter_rules import find_combatant, require_control, require_gm
from bot.systems.swade.injury import (
    IncapacitationResult,
    Injury,
    attribute_roll,
    incapacitation_roll,
    resolve_incapacitation,
)
from bot.systems.swade.modifiers import end_hold
from bot.systems.swade.record_bounds import require_record, restored_fields
from bot.systems.swade.rerolls import (
    combatant_json,
    reroll_vigor,
    trait_reroll_hook,
    vigor_record,
    vigor_reroll_offer,
)
from bot.systems.swade.state import HIT_FIELDS, SwadeCombatant, SwadeState

# The target fields a hit may change; soak restores them from the snapshot.
_HIT_FIELDS = set(HIT_FIELDS)


def _hit_fields(c: SwadeCombatant) -> dict[str, Any]:
    """``c``'s fields a hit may change, as JSON (``model_dump``'s, issue 32)."""
    return combatant_json(c, include=_HIT_FIELDS)


HitOutcome = Literal["no_effect", "shaken", "wounded", "incapacitated"]


# --- SW-12 ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit applied to a target (SW-12)."""

    damage: int
    toughness: int  # effective Toughness after AP, ignored armour and obstacles
    excess: int
    wounds: int  # wounds this hit dealt (before any cap by the wound track)
    shaken: bool  # this hit left the target Shaken
    outcome: HitOutcome
    incapacitation: IncapacitationResult | None = None
    knocked_out_hours: int | None = None
    hold_events: tuple[Event, ...] = ()  # SW-34: Shaken or incapacitated ends a Hold

    def to_params(self) -> dict[str, Any]:
        return {
            "damage": self.damage,
            "toughness": self.toughness,
            "excess": self.excess,
            "wounds": self.wounds,
            "shaken": self.shaken,
            "outcome": self.outcome,
        }


def effective_toughness(
    target: SwadeCombatant, *, ap: int = 0, ignore_armor: bool = False, extra_armor: int = 0
) -> int:
    """SW-12: AP lowers only the armour part of Toughness; an unarmoured-spot called shot
    ignores the armour (SW-22); an obstacle hit through cover adds its armour (SW-23)."""
    armor = 0 if ignore_armor else max(0, target.armor - ap)
    return target.toughness - target.armor + armor + extra_armor


def apply_hit(
    state: SwadeState,
    target: SwadeCombatant,
    damage: int,
    dice: DiceSource,
    *,
    ap: int = 0,
    ignore_armor: bool = False,
    extra_armor: int = 0,
    nonlethal: bool = False,
    attacker_id: str | None = None,
) -> Hit:
    """SW-12/SW-13 on ``target`` (mutated: call it on a copied state). An Extra is
    incapacitated by any wound; a Wild Card by a wound beyond its last (``max_wounds``,
    3), and then runs SW-13 at once (Vigor, injury table, bleeding out). Nonlethal
    (SW-25): instead of SW-13 it is knocked out for 1d6 hours. Records ``last_hit``.
    Dice: SW-13's Vigor roll and injury table, or the nonlethal 1d6."""
    before = _hit_fields(target)
    toughness = effective_toughness(
        target, ap=ap, ignore_armor=ignore_armor, extra_armor=extra_armor
    )
    excess = damage - toughness
    wounds, shaken = wounds_for(excess, already_shaken=target.shaken, cap=state.settings.wound_cap)
    incap: IncapacitationResult | None = None
    knocked_out: int | None = None
    outcome: HitOutcome = "no_effect"
    if shaken:
        target.shaken = True
        outcome = "shaken"
    if wounds:
        outcome = "wounded"
        new_total = target.wounds + wounds
        if not target.wild_card or new_total > target.max_wounds:
            outcome = "incapacitated"
            target.wounds = min(new_total, target.max_wounds) if target.wild_card else new_total
            target.incapacitated = True
            if nonlethal:
                knocked_out = dice.roll(6)
                target.knocked_out_hours = knocked_out
            elif target.wild_card:
                pre_roll = _hit_fields(target)
                incap = incapacitation_roll(target, state, dice)
                _record_incapacitation(target, incap, pre_roll)
        else:
            target.wounds = new_total
    hold_events = tuple(end_hold(state, target)) if shaken or wounds else ()
    target.last_hit = {
        "attacker_id": attacker_id,
        "damage": damage,
        "toughness": toughness,
        "wounds": wounds,
        "shaken": shaken,
        "outcome": outcome,
        "soaked": 0,
        "before": before,
    }
    return Hit(damage, toughness, excess, wounds, shaken, outcome, incap, knocked_out, hold_events)


def hit_events(target: SwadeCombatant, hit: Hit) -> list[Event]:
    """The events describing a hit: damage against Toughness and the outcome, then
    SW-13's Vigor roll and injury, or the nonlethal knock-out."""
    params = {"target": target.name, **hit.to_params()}
    events = [Event(key=f"swade.combat.hit.{hit.outcome}", params=params), *hit.hold_events]
    if hit.knocked_out_hours is not None:
        events.append(
            Event(
                key="swade.combat.hit.knocked_out",
                params={"target": target.name, "hours": hit.knocked_out_hours},
            )
        )
    if hit.incapacitation is not None:
        events += incapacitation_events(target, hit.incapacitation, table_rolled=True)
    return events


def incapacitation_events(
    target: SwadeCombatant, inc: IncapacitationResult, *, table_rolled: bool
) -> list[Event]:
    """SW-13: the Vigor roll's outcome, then (when the injury table was rolled now) the
    table's 2d6 and its sub-table die, shown (seed 003 "Tabla de lesiones")."""
    events = [_incapacitation_event(target, inc)]
    if table_rolled and inc.injury is not None:
        events.append(
            Event(
                key="swade.combat.injury.table",
                params={
                    "target": target.name,
                    "injury": f"swade.combat.injury.{inc.injury.id}",
                },
                dice=inc.injury.to_view(),
            )
        )
    return events


def _incapacitation_event(target: SwadeCombatant, inc: IncapacitationResult) -> Event:
    return Event(
        key=f"swade.combat.incapacitation.{inc.outcome}",
        params={
            "target": target.name,
            "gender": target.gender,
            "injury": f"swade.combat.injury.{inc.injury.id}" if inc.injury else "",
            "modifiers": [list(m) for m in inc.modifiers],
            "reroll": trait_reroll_hook(
                inc.vigor, action="reroll_incapacitation", combatant_id=target.id
            ),
        },
        dice=inc.vigor.to_view(),
    )


def soak_offer(target: SwadeCombatant, hit: Hit) -> Offer | None:
    """After a hit that wounds a Wild Card, SW-14: its controller (``None``: the GM) may
    spend a benny to soak."""
    if hit.wounds == 0 or not target.wild_card:
        return None
    return Offer.to_player_of(
        target, "soak", "swade.combat.offer.soak", data={"target_id": target.id, **hit.to_params()}
    )


def pending_soak_offer(target: SwadeCombatant, attacker_id: str | None) -> Offer | None:
    """The soak offer for ``target``'s last hit when ``attacker_id`` dealt it and it
    wounded a Wild Card (for rules that apply a hit inside a replayable maneuver)."""
    hit = target.last_hit
    if hit is None or hit.get("attacker_id") != attacker_id:
        return None
    if not hit["wounds"] or not target.wild_card:
        return None
    keys = ("damage", "toughness", "wounds", "shaken", "outcome")
    return Offer.to_player_of(
        target,
        "soak",
        "swade.combat.offer.soak",
        data={"target_id": target.id, **{k: hit[k] for k in keys}},
    )


def apply_damage(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    target_id: str,
    damage: int,
    ap: int = 0,
    ignore_armor: bool = False,
    nonlethal: bool = False,
) -> Outcome:
    """SW-12: apply a damage total to a target (the GM's ``/damage`` and every attack).
    Returns the new state, the outcome events and, when the hit wounded, a soak offer."""
    require_gm(actor)
    new = state.model_copy(deep=True)
    target = find_combatant(new, target_id)
    hit = apply_hit(
        new, target, damage, dice, ap=ap, ignore_armor=ignore_armor, nonlethal=nonlethal
    )
    offers = [
        o
        for o in (
            soak_offer(target, hit),
            incapacitation_reroll_offer(target) if hit.incapacitation else None,
        )
        if o is not None
    ]
    return Outcome(
        state=new,
        events=hit_events(target, hit),
        offers=offers,
        summary=Event(key="log.swade.damage", params={"name": target.name, "damage": damage}),
    )


# --- SW-13 incapacitation Vigor: benny reroll (SW-4, SW-35) --------------------------------


def _record_incapacitation(
    target: SwadeCombatant, inc: IncapacitationResult, pre_roll: dict[str, Any]
) -> None:
    """Keep what a benny reroll of SW-13's Vigor roll needs: the roll (as a reroll hook,
    its ``previous_total`` the total that counts), the injury rolled, and the target's
    hit fields before and after the roll."""
    injury = inc.injury
    target.last_incapacitation = {
        "hook": trait_reroll_hook(inc.vigor, action="reroll_incapacitation"),
        "total": inc.vigor.total,
        "critical_failure": inc.vigor.critical_failure,
        "outcome": inc.outcome,
        "modifiers": [list(m) for m in inc.modifiers],
        "injury": None
        if injury is None
        else {"id": injury.id, "table_roll": list(injury.table_roll), "sub_roll": injury.sub_roll},
        "before": pre_roll,
        "after": _hit_fields(target),
    }


def incapacitation_reroll_offer(target: SwadeCombatant) -> Offer | None:
    """SW-4/SW-35 "Repetir Vigor (beni)" after ``target``'s SW-13 Vigor roll, for its
    controller (``None``: the GM). Not after a critical failure (it cannot be rerolled),
    nor after a raise (the best result: a reroll could change nothing)."""
    last = target.last_incapacitation
    if last is None or last["critical_failure"] or last["outcome"] == "injured_24h":
        return None
    return vigor_reroll_offer(target, "reroll_incapacitation")


def reroll_incapacitation(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str
) -> Outcome:
    """SW-4/SW-13/SW-35: a benny rerolls the Wild Card's last incapacitation Vigor roll
    (same die, modifiers and wild die). The better total counts (ties keep the first);
    a critical failure cannot be rerolled, and one that comes up on the reroll stands
    (the Wild Card dies). When the new roll counts, SW-13 is resolved again from the
    fields before the first roll. Reading: the benny rerolls the trait roll only, so the
    injury table result stands and only its duration (permanent and bleeding out, until
    healed, 24 hours) follows the new result. Only while nothing has changed the target
    since (a soak, another hit...). Dice: the reroll. The bennies ledger charges the
    benny."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    last = vigor_record(c, c.last_incapacitation)
    require_record(new, c, "last_incapacitation")  # issue 28: never trusted
    if _hit_fields(c) != last["after"]:
        raise RuleError("swade.combat.error.vigor_reroll_stale", name=c.name)
    roll, counts, events = reroll_vigor(c, last, dice, _HIT_FIELDS)
    if counts:
        kept: dict[str, Any] | None = last["injury"]
        injury = (
            None
            if kept is None
            else Injury(
                kept["id"], (kept["table_roll"][0], kept["table_roll"][1]), kept["sub_roll"]
            )
        )
        mods = [(str(k), int(v)) for k, v in last.get("modifiers") or []]
        inc = resolve_incapacitation(c, roll, dice, injury=injury, modifiers=mods)
        _record_incapacitation(c, inc, dict(last["before"]))
        # The injury table result stands (the benny rerolls the Vigor roll only).
        events += incapacitation_events(c, inc, table_rolled=kept is None)
    offer = incapacitation_reroll_offer(c)
    return Outcome(
        state=new,
        events=events,
        offers=[offer] if offer else [],
        summary=Event(key="log.swade.reroll_incapacitation", params={"name": c.name}),
    )


# --- SW-14 soak ------------------------------------------------------------------------


def soak(state: SwadeState, actor: Actor, dice: DiceSource, target_id: str) -> Outcome:
    """SW-14: the target rolls Vigor against its last hit; each success and raise cancels
    one of that hit's wounds, and cancelling them all cancels the hit's Shaken too. The
    wound penalties of that hit do not apply (the roll uses the fields before the hit).
    Calling it again for the same hit is the benny reroll of the soak roll: the best
    result counts. The benny itself is spent by the bennies ledger, not here."""
    new = state.model_copy(deep=True)
    target = find_combatant(new, target_id)
    require_control(actor, target)
    hit = target.last_hit
    if hit is None or not hit["wounds"]:
        raise RuleError("swade.combat.error.nothing_to_soak", name=target.name)
    require_record(new, target, "last_hit")  # issue 28: never trusted
    dealt = int(hit["wounds"])  # type: ignore[call-overload]
    before: dict[str, Any] = dict(hit["before"])  # type: ignore[call-overload]
    pre_hit = restored_fields(target, before, HIT_FIELDS)
    vigor, mods = attribute_roll(pre_hit, new, dice, "vigor")
    cancelled_now = 1 + vigor.raises if vigor.success else 0
    best = min(dealt, max(int(hit["soaked"]), cancelled_now))  # type: ignore[call-overload]
    remaining = dealt - best
    _resolve_soak(target, pre_hit, remaining)
    target.last_hit = {**hit, "soaked": best}
    event = Event(
        key="swade.combat.soak.result",
        params={
            "target": target.name,
            "cancelled": best,
            "remaining": remaining,
            "shaken": target.shaken,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(vigor, action="soak", target_id=target.id),
        },
        dice=vigor.to_view(),
    )
    offers = []
    if remaining and not vigor.critical_failure:
        offers.append(
            Offer.to_player_of(
                target,
                "soak",
                "swade.combat.offer.soak_reroll",
                data={"target_id": target.id, "cancelled": best},
            )
        )
    return Outcome(
        state=new,
        events=[event],
        offers=offers,
        summary=Event(key="log.swade.soak", params={"name": target.name}),
    )


def _resolve_soak(target: SwadeCombatant, pre_hit: SwadeCombatant, remaining: int) -> None:
    """Set ``target``'s hit fields as if the hit had dealt only ``remaining`` wounds."""
    still_incapacitated = remaining > 0 and (
        not target.wild_card or pre_hit.wounds + remaining > target.max_wounds
    )
    if still_incapacitated:
        return  # the hit's incapacitation (and SW-13's result) stands
    for name in _HIT_FIELDS:
        setattr(target, name, getattr(pre_hit, name))
    if remaining:
        target.wounds = pre_hit.wounds + remaining
        target.shaken = True


# --- SW-15 ------------------------------------------------------------------------------


def unshake_with_benny(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-15: a benny removes Shaken at any moment, even on another's turn. Only removes
    Shaken; the bennies ledger charges the benny."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    if not c.shaken:
        raise RuleError("swade.combat.error.not_shaken", name=c.name)
    c.shaken = False
    return Outcome(
        state=new,
        events=[Event(key="swade.combat.unshaken_benny", params={"name": c.name})],
        summary=Event(key="log.swade.unshake", params={"name": c.name}),
    )
