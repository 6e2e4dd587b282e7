"""SWADE damage: applying a hit (SW-12, SW-13), soaking it (SW-14), removing Shaken with
a benny (SW-15), fatigue (seeds 000/003) and damage to objects (SW-11). Pure.
(Bleeding-out rolls at the start of a turn belong to the turn sequence, ``turns``.)

A hit leaves ``last_hit`` on the target: the damage, what it did and the target's
fields before it, so :func:`soak` can undo exactly that hit's wounds and Shaken.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import DamageResult, TraitResult, damage_roll, trait_roll
from bot.dice.toughness import wounds_for  # SW-12, shared with /roll's 2d6t6
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.bounds import require_record, restored, restored_fields
from bot.systems.swade.encounter_rules import find_combatant, require_control, require_gm
from bot.systems.swade.injury import (
    IncapacitationResult,
    Injury,
    attribute_roll,
    incapacitation_roll,
    resolve_incapacitation,
)
from bot.systems.swade.modifiers import end_hold
from bot.systems.swade.state import HIT_FIELDS, SNAPSHOT_EXCLUDE, SwadeCombatant, SwadeState

# The target fields a hit may change; soak restores them from the snapshot.
_HIT_FIELDS = set(HIT_FIELDS)

HitOutcome = Literal["no_effect", "shaken", "wounded", "incapacitated"]


# --- snapshots and reroll hooks (lookup and permissions: encounter_rules) -----------------


_SNAPSHOT_EXCLUDE = set(SNAPSHOT_EXCLUDE)


def snapshot(state: SwadeState, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The combatants ``ids`` as JSON, to put back with :func:`restore` (benny rerolls)."""
    return {
        cid: find_combatant(state, cid).model_dump(mode="json", exclude=_SNAPSHOT_EXCLUDE)
        for cid in ids
    }


def restore(state: SwadeState, before: dict[str, dict[str, Any]]) -> SwadeState:
    """A copy of ``state`` with the snapshotted combatants as they were: their reroll
    records and who they are stay as they are now, and each copy must be within every
    bound (issue 28: :func:`bot.systems.swade.bounds.restored`; a record is checked
    whole first, :func:`~bot.systems.swade.bounds.require_record`)."""
    new = state.model_copy(deep=True)
    for key, snap in before.items():
        current = find_combatant(new, key)
        was = restored(current, snap)
        new.combatants = [was if c.id == was.id else c for c in new.combatants]
    return new


def trait_reroll_hook(roll: TraitResult, **call: Any) -> dict[str, Any]:
    """SW-4/SW-35: what a benny reroll needs to redo this trait roll and keep the better.
    ``rerollable`` is False on a critical failure (it cannot be rerolled)."""
    return {
        "kind": "trait",
        "die": roll.die,
        "modifier": roll.modifier - roll.bonus,
        "bonus": roll.bonus,
        "tn": roll.tn,
        "wild_die": roll.wild_roll.sides if roll.wild_roll is not None else None,
        "trait_dice": len(roll.trait_rolls),
        "previous_total": roll.total,
        "rerollable": not roll.critical_failure,
        **call,
    }


def reroll_trait(dice: DiceSource, hook: dict[str, Any]) -> tuple[TraitResult, bool]:
    """SW-4/SW-35: redo the trait roll a hook describes (same die, modifiers, TN, wild
    die, trait dice). Returns the new roll and whether it is better than the previous
    total (the caller keeps the better). A critical failure cannot be rerolled."""
    if not hook.get("rerollable", False):
        raise RuleError("swade_combat.error.critical_failure_no_reroll")
    roll = trait_roll(
        dice,
        int(hook["die"]),
        modifier=int(hook["modifier"]),
        bonus=int(hook.get("bonus", 0)),
        tn=int(hook["tn"]),
        wild_die=hook["wild_die"],
        trait_dice=int(hook["trait_dice"]),
    )
    return roll, roll.total > int(hook["previous_total"])


def vigor_record(c: SwadeCombatant, last: dict[str, object] | None) -> dict[str, Any]:
    """``c``'s recorded Vigor roll (SW-13 incapacitation, SW-16 start of turn) that a
    benny may reroll: refused when there is none, or when it was a critical failure
    (SW-4)."""
    if last is None:
        raise RuleError("swade_combat.error.no_vigor_to_reroll", name=c.name)
    if last["critical_failure"]:
        raise RuleError("swade_combat.error.critical_failure_no_reroll")
    return last


def reroll_vigor(
    c: SwadeCombatant, last: dict[str, Any], dice: DiceSource, fields: Iterable[str]
) -> tuple[TraitResult, bool, list[Event]]:
    """SW-4/SW-35: reroll the Vigor roll ``last`` records, keeping the better (ties keep
    the first); a critical failure on the reroll stands. Returns the new roll, whether
    it counts, and the events saying so. When it counts, ``c``'s ``fields`` are put back
    as they were before the first roll, for the caller to resolve the roll again."""
    hook: dict[str, Any] = dict(last["hook"])
    roll, better = reroll_trait(dice, hook)
    counts = better or roll.critical_failure
    events = [
        Event(
            key="swade_combat.vigor_reroll.rolled",
            params={
                "name": c.name,
                "total": roll.total,
                "previous": hook["previous_total"],
                "modifiers": list(last.get("modifiers") or []),
            },
            dice=None if counts else roll.to_view(),  # the outcome's event shows them
        )
    ]
    if not counts:
        events.append(
            Event(
                key="swade_combat.vigor_reroll.kept_first",
                params={"name": c.name, "total": hook["previous_total"]},
            )
        )
        return roll, False, events
    if roll.critical_failure:  # SW-4: it must be accepted
        events.append(Event(key="swade_combat.vigor_reroll.critical", params={"name": c.name}))
    pre_roll = restored_fields(c, dict(last["before"]), frozenset(fields))
    for name in fields:
        setattr(c, name, getattr(pre_roll, name))
    return roll, True, events


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
    before = target.model_dump(include=_HIT_FIELDS, mode="json")
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
                pre_roll = target.model_dump(include=_HIT_FIELDS, mode="json")
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
    events = [Event(key=f"swade_combat.hit.{hit.outcome}", params=params), *hit.hold_events]
    if hit.knocked_out_hours is not None:
        events.append(
            Event(
                key="swade_combat.hit.knocked_out",
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
                key="swade_combat.injury.table",
                params={
                    "target": target.name,
                    "injury": f"swade_combat.injury.{inc.injury.id}",
                },
                dice=inc.injury.to_view(),
            )
        )
    return events


def _incapacitation_event(target: SwadeCombatant, inc: IncapacitationResult) -> Event:
    return Event(
        key=f"swade_combat.incapacitation.{inc.outcome}",
        params={
            "target": target.name,
            "injury": f"swade_combat.injury.{inc.injury.id}" if inc.injury else "",
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
    return Offer(
        action="soak",
        label_key="swade_combat.offer.soak",
        user_id=target.controller_id,
        combatant_id=target.id,
        data={"target_id": target.id, **hit.to_params()},
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
    return Offer(
        action="soak",
        label_key="swade_combat.offer.soak",
        user_id=target.controller_id,
        combatant_id=target.id,
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
        "after": target.model_dump(include=_HIT_FIELDS, mode="json"),
    }


def incapacitation_reroll_offer(target: SwadeCombatant) -> Offer | None:
    """SW-4/SW-35 "Repetir Vigor (beni)" after ``target``'s SW-13 Vigor roll, for its
    controller (``None``: the GM). Not after a critical failure (it cannot be rerolled),
    nor after a raise (the best result: a reroll could change nothing)."""
    last = target.last_incapacitation
    if last is None or last["critical_failure"] or last["outcome"] == "injured_24h":
        return None
    return vigor_reroll_offer(target, "reroll_incapacitation")


def vigor_reroll_offer(c: SwadeCombatant, action: str) -> Offer:
    """The "Repetir Vigor (beni)" button for ``c``'s controller (``None``: the GM);
    ``action`` names the rules that reroll that Vigor roll."""
    return Offer(
        action=action,
        label_key="swade_combat.offer.reroll_vigor",
        user_id=c.controller_id,
        combatant_id=c.id,
        data={"combatant_id": c.id},
    )


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
    if c.model_dump(include=_HIT_FIELDS, mode="json") != last["after"]:
        raise RuleError("swade_combat.error.vigor_reroll_stale", name=c.name)
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
        raise RuleError("swade_combat.error.nothing_to_soak", name=target.name)
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
        key="swade_combat.soak.result",
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
            Offer(
                action="soak",
                label_key="swade_combat.offer.soak_reroll",
                user_id=target.controller_id,
                combatant_id=target.id,
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
        raise RuleError("swade_combat.error.not_shaken", name=c.name)
    c.shaken = False
    return Outcome(
        state=new,
        events=[Event(key="swade_combat.unshaken_benny", params={"name": c.name})],
        summary=Event(key="log.swade.unshake", params={"name": c.name}),
    )


# --- fatigue (seeds 000/003) -------------------------------------------------------------

FATIGUE_INCAPACITATED = 3


def apply_fatigue(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str, levels: int = 1
) -> Outcome:
    """Seed 003 "Fatigado": Fatigued (-1), Exhausted (-2), then incapacitated: unconscious
    for 2d6 hours. The GM applies it (hazards, powers with the Fatigue modifier...).
    Dice: the 2d6 hours when it incapacitates."""
    require_gm(actor)
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events = gain_fatigue(c, dice, levels)
    return Outcome(
        state=new, events=events, summary=Event(key="log.swade.fatigue", params={"name": c.name})
    )


def gain_fatigue(
    c: SwadeCombatant, dice: DiceSource, levels: int = 1, *, can_incapacitate: bool = True
) -> list[Event]:
    """Seed 000/003 (SW-43): ``c`` (mutated) takes ``levels`` of Fatigue: Fatigued,
    Exhausted, then incapacitated and unconscious for 2d6 hours. ``can_incapacitate``
    False (SW-41's Fatigue modifier): it stops at Exhausted. Dice: the 2d6 hours."""
    top = FATIGUE_INCAPACITATED if can_incapacitate else FATIGUE_INCAPACITATED - 1
    c.fatigue = max(c.fatigue, min(c.fatigue + max(levels, 0), top))
    events = [Event(key="swade_combat.fatigue.level", params={"name": c.name, "level": c.fatigue})]
    if c.fatigue >= FATIGUE_INCAPACITATED and not c.incapacitated:
        hours = dice.roll(6) + dice.roll(6)
        c.incapacitated = True
        c.knocked_out_hours = hours
        events.append(
            Event(key="swade_combat.fatigue.unconscious", params={"name": c.name, "hours": hours})
        )
    return events


def recover_fatigue(state: SwadeState, actor: Actor, *, combatant_id: str) -> Outcome:
    """Seed 003: one level of fatigue recovers per hour (unless the source says
    otherwise). Recovering from the incapacitating level wakes the character."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    if c.fatigue == 0:
        raise RuleError("swade_combat.error.not_fatigued", name=c.name)
    if c.fatigue == FATIGUE_INCAPACITATED and not c.dead:
        # Wakes up, unless wounds keep it down (an Extra's wound, bleeding out). Reading:
        # a Wild Card incapacitated by both wounds and fatigue is the GM's to settle.
        c.incapacitated = (not c.wild_card and c.wounds > 0) or c.bleeding_out
        c.knocked_out_hours = None
    c.fatigue -= 1
    return Outcome(
        state=new,
        events=[
            Event(key="swade_combat.fatigue.level", params={"name": c.name, "level": c.fatigue})
        ],
        summary=Event(key="log.swade.recover_fatigue", params={"name": c.name}),
    )


# --- SW-11 breaking things --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    roll: DamageResult
    hardness: int
    broken: bool


def damage_object(
    dice: DiceSource, dice_sides: list[int], *, modifier: int = 0, hardness: int
) -> ObjectDamage:
    """SW-11 "Romper cosas": damage to an object neither aces nor gets the raise die; the
    object breaks when the damage matches or beats its Hardness (Consistencia)."""
    roll = damage_roll(dice, dice_sides, modifier=modifier, raise_die=False, aces=False)
    return ObjectDamage(roll, hardness, roll.total >= hardness)
