"""SWADE Hold and interrupts (RULES-NOTES SW-34, SW-7, SW-37): going on Hold, acting
from Hold, and interrupting the combatant acting now with an opposed Athletics roll. Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.conditions import has_condition, in_turn
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.opposed import cannot_contest, opposed_views
from bot.systems.swade.state import SwadeState
from bot.systems.swade.turns.rolls import roll_trait, turn_roll_event
from bot.systems.swade.turns.sequence import advance, begin_hold_turn, settle_holds
from bot.systems.swade.turns.slots import (
    can_act,
    leader_of,
    slot_gender,
    slot_label,
    slot_members,
    slot_name,
)


def hold(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-34: on its own card turn, a combatant (or its group) goes on Hold, keeping its
    card to act later this round or the next; the next turn starts. A Shaken or Stunned
    character cannot go on Hold (either would end it at once)."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    lid = leader_of(state, c)
    on_card = 0 <= state.current < len(state.turn_order) and state.turn_order[state.current] == lid
    if state.active != lid or not on_card or state.suspended is not None:
        raise RuleError("swade.hold.not_your_turn", combatant=c.name, gender=c.gender)
    if c.shaken or has_condition(c, "stunned", state.settings):
        raise RuleError("swade.hold.shaken", combatant=c.name)
    new = state.model_copy(deep=True)
    events = settle_holds(new)
    for m in slot_members(new, lid):
        if can_act(m):
            m.on_hold, m.hold_round = True, new.round
    new.active = None
    events.append(Event(key="swade.hold.start", params=slot_label(new, lid)))
    offers: list[Offer] = []
    advance(new, dice, events, offers, allow_deal=True)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.hold", params={"name": c.name}),
    )


def act_from_hold(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-34: a holder acts without interrupting: at once if no turn is in progress,
    otherwise right after the turn in progress ends."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    new = state.model_copy(deep=True)
    events = settle_holds(new)
    if not find_combatant(new, c.id).on_hold:
        raise RuleError("swade.hold.not_on_hold", combatant=c.name, gender=c.gender)
    lid = leader_of(new, find_combatant(new, c.id))
    if new.active is None:
        begin_hold_turn(new, lid, events)
    elif lid not in new.hold_queue:
        new.hold_queue.append(lid)
        events.append(
            Event(
                key="swade.hold.queued",
                params={**slot_label(new, lid), "after": slot_name(new, new.active)},
            )
        )
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.act_from_hold", params={"name": c.name}),
    )


def interrupt(
    state: SwadeState, actor: Actor, dice: DiceSource, holder_id: str, target_id: str
) -> Outcome:
    """SW-34: a holder interrupts the combatant acting now by winning an opposed Athletics
    roll (SW-7: the holder initiates and rolls first, the target wins ties). Win: the
    holder acts now and the interrupted turn resumes after. Loss: the holder acts right
    after the interrupted turn. SW-37: a target that cannot act (Incapacitated,
    Stunned, or Bound: the race needs moving) does not contest: the interrupt succeeds
    with no roll. Each roll is read against the other's total."""
    holder = find_combatant(state, holder_id)
    require_control(actor, holder)
    target = find_combatant(state, target_id)
    if not in_turn(state, target):
        raise RuleError("swade.interrupt.not_acting", combatant=target.name)
    if state.suspended is not None:
        raise RuleError("swade.interrupt.busy")
    new = state.model_copy(deep=True)
    settled = settle_holds(new)
    holder = find_combatant(new, holder.id)
    if not holder.on_hold:
        raise RuleError("swade.hold.not_on_hold", combatant=holder.name, gender=holder.gender)
    target = find_combatant(new, target.id)
    lid = leader_of(new, holder)
    params = {**slot_label(new, lid), "target": target.name}
    helpless = cannot_contest(target, new, movement=True)
    if helpless is not None:
        # SW-37: it cannot act, so it does not contest: the interrupt succeeds, no roll.
        new.suspended = new.active
        new.active = None
        begin_hold_turn(new, lid, [])
        uncontested = Event(
            key="swade.interrupt.uncontested",
            params={**params, "target_gender": target.gender, "condition": helpless},
        )
        return Outcome(
            state=new,
            events=[*settled, uncontested],
            summary=Event(
                key="log.swade.interrupt", params={"holder": holder.name, "target": target.name}
            ),
        )
    mine, mine_mods = roll_trait(new, dice, holder, "athletics")
    theirs, their_mods = roll_trait(new, dice, target, "athletics")
    mine_view, their_view, result = opposed_views(
        mine, mine.to_view(), holder.name, theirs, theirs.to_view(), target.name
    )
    events = [
        *settled,
        turn_roll_event("swade.interrupt.roll", holder, mine, mine_mods, view=mine_view),
        turn_roll_event("swade.interrupt.roll", target, theirs, their_mods, view=their_view),
    ]
    if result.winner == "initiator":
        new.suspended = new.active
        new.active = None
        begin_hold_turn(new, lid, [])
        events.append(Event(key="swade.interrupt.won", params=params))
    else:
        new.hold_queue = [lid, *[h for h in new.hold_queue if h != lid]]
        lost = {**params, "gender": slot_gender(new, lid)}
        events.append(Event(key="swade.interrupt.lost", params=lost))
    return Outcome(
        state=new,
        events=events,
        summary=Event(
            key="log.swade.interrupt", params={"holder": holder.name, "target": target.name}
        ),
    )
