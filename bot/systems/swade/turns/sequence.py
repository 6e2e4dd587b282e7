"""SWADE turn sequence (RULES-NOTES SW-30, SW-31, SW-34): the GM's deal and the next
turn, what comes after a turn ends (an interrupted turn resuming, a queued holder, the
next card, or a new round), and the Holds that Shaken or Stunned ended. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.common import copied, owned_where, raw_items
from bot.systems.swade.conditions import has_condition, lose_hold
from bot.systems.swade.deck import card_label, parse_card
from bot.systems.swade.encounter_rules import find_combatant, require_gm
from bot.systems.swade.state import Card, SwadeState
from bot.systems.swade.turns.deal import deal_round
from bot.systems.swade.turns.slots import (
    can_act,
    current_combatant,
    dealable,
    leader_of,
    peek_members,
    slot_gender,
    slot_label,
    slot_members,
    slot_name,
)
from bot.systems.swade.turns.start import end_turn, start_turn


def begin_hold_turn(state: SwadeState, leader_id: str, events: list[Event]) -> None:
    """A holder takes its turn now (SW-34): no start-of-turn rolls (its turn had started
    when it went on Hold; Shaken or Stunned would have ended the Hold)."""
    for m in slot_members(state, leader_id):
        m.on_hold = False
        m.hold_round = None
    state.hold_queue = [h for h in state.hold_queue if h != leader_id]
    state.active = leader_id
    if leader_id not in state.acted:
        state.acted.append(leader_id)
    events.append(Event(key="swade.hold.acts", params=slot_label(state, leader_id)))


def settle_holds(state: SwadeState) -> list[Event]:
    """SW-34: a holder who became Shaken, Stunned or incapacitated (however it happened,
    e.g. by damage) has lost its Hold. Run at the start of every turn action."""
    events: list[Event] = []
    losing = owned_where(
        state.combatants,
        lambda c: (
            c.on_hold
            and (c.shaken or not can_act(c) or has_condition(c, "stunned", state.settings))
        ),
    )
    for c in losing:
        lose_hold(state, c, events)
    return events


def _holders(state: SwadeState) -> list[str]:
    seen: list[str] = []
    for c in raw_items(state.combatants):
        if c.on_hold and can_act(c):
            lid = leader_of(state, c)
            if lid not in seen:
                seen.append(lid)
    return seen


def advance(
    state: SwadeState,
    dice: DiceSource,
    events: list[Event],
    offers: list[Offer],
    *,
    allow_deal: bool,
) -> None:
    """Start whatever comes after the ended turn: an interrupted turn resumes, a queued
    holder acts, or the next card's turn starts; at the end of the cards, wait for the
    holders or deal the next round."""
    while True:
        if state.suspended is not None:
            state.active, state.suspended = state.suspended, None
            resumed = {
                **slot_label(state, state.active),
                "gender": slot_gender(state, state.active),
            }
            events.append(Event(key="swade.turn.resume", params=resumed))
            return
        if state.hold_queue:
            begin_hold_turn(state, state.hold_queue[0], events)
            return
        state.current += 1
        if state.current >= len(state.turn_order):
            state.current = len(state.turn_order)
            holders = _holders(state)
            if holders:
                names = ", ".join(slot_name(state, h) for h in holders)
                events.append(Event(key="swade.round.holders", params={"combatants": names}))
                return
            if not allow_deal:
                events.append(Event(key="swade.round.over", params={"round": state.round}))
                return
            _deal_and_start(state, dice, events, offers)
            return
        leader_id = state.turn_order[state.current]
        members = peek_members(state, leader_id)
        if not members or leader_id in state.acted or any(m.on_hold for m in members):
            continue  # gone, done, or holding (SW-34)
        if not any(dealable(m) and m.card is not None for m in members):
            continue
        if start_turn(state, dice, leader_id, events, offers):
            return
        end_turn(state, leader_id, events)


def _deal_and_start(
    state: SwadeState,
    dice: DiceSource,
    events: list[Event],
    offers: list[Offer],
    *,
    ambushers: list[str] | None = None,
    victims: list[str] | None = None,
    hand_cards: Mapping[str, Card] | None = None,
) -> None:
    """Deal a new round (:func:`deal_round`) and start its first turn."""
    deal_round(state, dice, events, ambushers=ambushers, victims=victims, hand_cards=hand_cards)
    advance(state, dice, events, offers, allow_deal=False)


def close_turns(state: SwadeState, events: list[Event]) -> None:
    """End the turns in progress (an interrupted one too) before a new round."""
    for lid in (state.active, state.suspended):
        if lid is not None:
            end_turn(state, lid, events)
    state.active = state.suspended = None


def deal(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    surprise: list[str] | None = None,
    victims: list[str] | None = None,
    cards: Mapping[str, str] | None = None,
) -> Outcome:
    """GM: start a new round (ending any turn in progress): deal every slot a card
    (SW-31, SW-32 edge draws, reshuffling first only after a Joker round), award Joker
    bennies (SW-33), and start the first turn.

    ``surprise``: the ambushers (names or ids), first round only (SW-34). ``victims``:
    who rolls Notice (default: every side the ambushers are not on). ``cards``: combatant
    (name or id) -> card text for tables dealing a physical deck (``deck.parse_card``);
    those combatants take that card and draw nothing.
    """
    require_gm(actor)
    if surprise and state.round != 0:
        raise RuleError("swade.surprise.not_first_round")
    if not any(dealable(c) for c in state.combatants):
        raise RuleError("swade.deal.nobody")
    new = state.model_copy(deep=True)
    ambushers = [find_combatant(new, a).id for a in surprise] if surprise else None
    victim_ids = [find_combatant(new, v).id for v in victims] if victims is not None else None
    hand: dict[str, Card] = {}
    for who, text in (cards or {}).items():
        card = parse_card(text)
        if card in hand.values():
            raise RuleError("swade.card.in_use", card=card_label(card), combatant=who)
        hand[find_combatant(new, who).id] = card
    events: list[Event] = settle_holds(new)
    offers: list[Offer] = []
    close_turns(new, events)
    _deal_and_start(
        new, dice, events, offers, ambushers=ambushers, victims=victim_ids, hand_cards=hand
    )
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.deal", params={"round": new.round}),
    )


def next_turn(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
    """End the turn in progress (SW-17 expiries) and start the next one (SW-15, SW-16
    rolls...). The GM, or the controller of the combatant whose turn it is. Before the
    first deal, or when only holders are left, the GM's ``next`` deals a new round."""
    leader = current_combatant(state)
    if leader is not None:
        if not any(
            m.controlled_by(actor.user_id, is_gm=actor.is_gm)
            for m in peek_members(state, leader.id)  # read only
        ):
            raise RuleError(
                "swade.perm.not_yours",
                combatant=slot_name(state, leader.id),
                gender=slot_gender(state, leader.id),
            )
    else:
        require_gm(actor)
    if state.round == 0 and not any(dealable(c) for c in state.combatants):
        raise RuleError("swade.deal.nobody")
    new = copied(state)  # model_copy(deep=True) without its wrapper (issue 32)
    events: list[Event] = settle_holds(new)
    offers: list[Offer] = []
    if new.round == 0:
        _deal_and_start(new, dice, events, offers)
    elif new.active is not None:
        end_turn(new, new.active, events)
        advance(new, dice, events, offers, allow_deal=True)
    elif new.current >= len(new.turn_order):  # the cards are done; holders passed
        _deal_and_start(new, dice, events, offers)
    else:
        advance(new, dice, events, offers, allow_deal=True)
    summary = (
        Event(key="log.next", params={"name": slot_name(new, new.active)})
        if new.active
        else Event(key="log.next_nobody")
    )
    return Outcome(state=new, events=events, offers=offers, summary=summary)
