"""SWADE start and end of a turn (RULES-NOTES SW-15..SW-17, SW-21, SW-41, SW-42): Defend
ends, Lingering Damage, the bleeding-out, Stunned and Shaken rolls, and the benny
reroll of a start-of-turn Vigor roll (SW-4/SW-35); at the end, what lasts until then
expires. Pure.
"""

from __future__ import annotations

from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.conditions import (
    apply_condition,
    clear_condition,
    condition_params,
    expire_at_turn_end,
    has_condition,
)
from bot.systems.swade.deck import card_label
from bot.systems.swade.effects import expire_effects, reminders
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.power_effects import expire_maintained, fire_lingering
from bot.systems.swade.record_bounds import require_record
from bot.systems.swade.rerolls import (
    reroll_vigor,
    trait_reroll_hook,
    vigor_record,
    vigor_reroll_offer,
)
from bot.systems.swade.state import TURN_VIGOR_FIELDS, SwadeCombatant, SwadeState
from bot.systems.swade.turns.rolls import reflexes, roll_trait, turn_roll_event
from bot.systems.swade.turns.slots import (
    can_act,
    dealable,
    peek,
    peek_members,
    slot_label,
    slot_members_needing,
)

TurnVigor = Literal["bleeding", "stunned"]
# The fields each start-of-turn Vigor roll may change (a benny reroll restores them).
_TURN_VIGOR_FIELDS = TURN_VIGOR_FIELDS


def _vigor_fields(c: SwadeCombatant, kind: TurnVigor) -> dict[str, Any]:
    return c.model_dump(include=_TURN_VIGOR_FIELDS[kind], mode="json")


def _bleeding_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """Bleeding out: Vigor at the start of the turn; failure dies, success keeps
    bleeding, a raise stabilises (core SWADE; Hard to Kill ignores wound penalties)."""
    hard = "hard_to_kill" in c.edges or "improved_hard_to_kill" in c.edges
    result, mods = roll_trait(state, dice, c, "vigor", ignore_wounds=hard)
    before = _vigor_fields(c, "bleeding")
    events = _resolve_bleeding(c, result, mods)
    _record_turn_vigor(state, c, "bleeding", result, mods, before, offers)
    return events


def _resolve_bleeding(c: SwadeCombatant, result: TraitResult, mods: list) -> list[Event]:
    if not result.success:
        c.dead = True
        c.bleeding_out = False
        return [turn_roll_event("swade.bleeding.died", c, result, mods)]
    if result.raises >= 1:
        c.bleeding_out = False
        return [turn_roll_event("swade.bleeding.stable", c, result, mods)]
    return [turn_roll_event("swade.bleeding.still", c, result, mods)]


def _stunned_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """SW-16: Vigor; success ends Stunned and leaves it Vulnerable until the end of its
    next turn (SW-17, counted from this turn in progress); a raise ends both."""
    result, mods = roll_trait(state, dice, c, "vigor", extra=reflexes(c))
    before = _vigor_fields(c, "stunned")
    events = _resolve_stunned(state, c, result, mods)
    _record_turn_vigor(state, c, "stunned", result, mods, before, offers)
    return events


def _resolve_stunned(
    state: SwadeState, c: SwadeCombatant, result: TraitResult, mods: list
) -> list[Event]:
    if not result.success:
        still = turn_roll_event("swade.stunned.still", c, result, mods)
        still.params["gender"] = c.gender  # "she cannot move or act" (the catalogue's select)
        return [still]
    events = [turn_roll_event("swade.stunned.recovered", c, result, mods)]
    clear_condition(state, c, "stunned")
    if result.raises >= 1:
        if any(x.name == "vulnerable" for x in c.conditions):
            events += clear_condition(state, c, "vulnerable")
    else:
        events += apply_condition(state, c, "vulnerable")
    return events


def _record_turn_vigor(
    state: SwadeState,
    c: SwadeCombatant,
    kind: TurnVigor,
    result: TraitResult,
    mods: list,
    before: dict[str, Any],
    offers: list[Offer],
    *,
    leader: str | None = None,
) -> None:
    """Keep what a benny reroll of a start-of-turn Vigor roll needs (SW-4/SW-35), and
    offer it to the controller (``None``: the GM) unless the roll was a critical failure
    (it cannot be rerolled) or a raise (the best result: nothing left to gain).
    ``leader``: the turn's slot (default: the turn in progress)."""
    c.last_turn_vigor = {
        "kind": kind,
        "round": state.round,
        "leader": leader if leader is not None else state.active,
        "hook": trait_reroll_hook(result, action="reroll_turn_start", combatant_id=c.id),
        "critical_failure": result.critical_failure,
        "raises": result.raises if result.success else -1,
        "modifiers": [list(m) for m in mods],
        "before": before,
        "after": _vigor_fields(c, kind),
    }
    if result.critical_failure or (result.success and result.raises >= 1):
        return
    offers.append(_turn_vigor_offer(c))


def reroll_turn_start(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str
) -> Outcome:
    """SW-4/SW-35 on SW-16 and bleeding out: a benny rerolls the combatant's last
    start-of-turn Vigor roll (Stunned or bleeding out; same die, modifiers and wild die).
    The better total counts (ties keep the first); a critical failure cannot be
    rerolled, and one that comes up on the reroll stands. When the new roll counts, the
    roll is resolved again from the fields before the first one (Stunned: the
    conditions; bleeding out: dead and bleeding out). Reading: only in the round of that
    turn, a Stunned roll only while that turn is in progress, and only while nothing has
    changed those fields since. Dice: the reroll. The bennies ledger charges the benny."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    last = vigor_record(c, c.last_turn_vigor)
    require_record(new, c, "last_turn_vigor")  # issue 28: never trusted
    kind: TurnVigor = "stunned" if last["kind"] == "stunned" else "bleeding"
    stale = (
        last["round"] != new.round
        or (kind == "stunned" and new.active != last["leader"])
        or _vigor_fields(c, kind) != last["after"]
    )
    if stale:
        raise RuleError("swade.combat.error.vigor_reroll_stale", name=c.name)
    roll, counts, events = reroll_vigor(c, last, dice, _TURN_VIGOR_FIELDS[kind])
    offers: list[Offer] = []
    if not counts:
        if int(last["raises"]) < 1:
            offers.append(_turn_vigor_offer(c))
    else:
        mods = [tuple(m) for m in last["modifiers"]]
        if kind == "stunned":
            events += _resolve_stunned(new, c, roll, mods)
        else:
            events += _resolve_bleeding(c, roll, mods)
        leader = last["leader"]
        _record_turn_vigor(
            new,
            c,
            kind,
            roll,
            mods,
            dict(last["before"]),
            offers,
            leader=leader if isinstance(leader, str) else None,
        )
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.reroll_turn_start", params={"name": c.name}),
    )


def _turn_vigor_offer(c: SwadeCombatant) -> Offer:
    return vigor_reroll_offer(c, "reroll_turn_start")


def _shaken_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """SW-15: Spirit; success ends Shaken, failure leaves only free actions this turn (a
    benny still removes it: offered to the controller, or the GM)."""
    result, mods = roll_trait(state, dice, c, "spirit", extra=reflexes(c))
    if result.success:
        c.shaken = False
        return [turn_roll_event("swade.shaken.recovered", c, result, mods)]
    offers.append(Offer.to_player_of(c, "swade.unshake", "swade.offer.unshake"))
    return [turn_roll_event("swade.shaken.still", c, result, mods)]


# --- turn start / end ----------------------------------------------------------------


def start_turn(
    state: SwadeState, dice: DiceSource, leader_id: str, events: list[Event], offers: list[Offer]
) -> bool:
    """Start the card turn of a slot (module docstring). Returns whether anyone in it can
    act after the start-of-turn rolls."""
    state.active = leader_id
    state.acted.append(leader_id)
    card = (peek(state, leader_id) or find_combatant(state, leader_id)).card  # read only
    events.append(
        Event(
            key="swade.turn.start",
            params={**slot_label(state, leader_id), "card": card_label(card) if card else ""},
        )
    )
    for m in peek_members(state, leader_id):
        events += reminders(m)  # custom effects ending this turn (issue 18)
    for m in slot_members_needing(state, leader_id, lambda m: _starts_something(state, m)):
        if m.defending:  # SW-21: Defend lasts until its next turn
            m.defending = False
            events.append(
                Event(
                    key="swade.condition.expired",
                    params=condition_params(m, "defending"),
                )
            )
        if m.lingering:  # SW-41 Lingering Damage, before the recovery rolls
            was_down = m.incapacitated
            hurt, follow_ups = fire_lingering(state, dice, m)
            events += hurt
            offers += follow_ups
            if m.incapacitated and not was_down:
                continue  # SW-13 was rolled just now
        if m.bleeding_out:
            events += _bleeding_roll(state, dice, m, offers)
            continue
        if has_condition(m, "stunned", state.settings):
            events += _stunned_roll(state, dice, m, offers)
        if m.shaken:
            events += _shaken_roll(state, dice, m, offers)
    return any(can_act(m) and m.card is not None for m in peek_members(state, leader_id))


def _starts_something(state: SwadeState, m: SwadeCombatant) -> bool:
    """Whether the start of its turn may change ``m`` (:func:`start_turn`): dealt in,
    and Defending, Lingering Damage due, bleeding out, Stunned or Shaken."""
    if not dealable(m) or m.card is None:
        return False
    return (
        m.defending
        or bool(m.lingering)
        or m.bleeding_out
        or has_condition(m, "stunned", state.settings)
        or m.shaken
    )


def _ends_something(m: SwadeCombatant) -> bool:
    """Whether the end of its turn may change ``m`` (:func:`end_turn`): a condition (to
    count down or end), a timed custom effect, a power maintained for some rounds."""
    return (
        bool(m.conditions)
        or any(e.turns_left for e in m.effects)
        or any(a.rounds_left is not None for a in m.maintaining)
    )


def end_turn(state: SwadeState, leader_id: str, events: list[Event]) -> None:
    """End a slot's turn: SW-17 expiries, custom effects and SW-42 maintained powers for
    each member."""
    for m in slot_members_needing(state, leader_id, _ends_something):
        events += expire_at_turn_end(state, m)
        events += expire_effects(m)  # custom effects (issue 18)
        events += expire_maintained(state, m)
    if state.active == leader_id:
        state.active = None
