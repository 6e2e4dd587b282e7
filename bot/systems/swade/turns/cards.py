"""SWADE cards given by hand and redrawn (RULES-NOTES SW-30, SW-31, SW-33, SW-35): the
GM setting a card for tables dealing a physical deck, and the benny that draws a new
one. Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.deck import (
    card_key,
    card_label,
    discard,
    draw_with_edges,
    parse_card,
    take_from_deck,
)
from bot.systems.swade.encounter_rules import (
    find_combatant,
    group_members,
    require_control,
    require_gm,
)
from bot.systems.swade.state import Card, SwadeState
from bot.systems.swade.turns.deal import joker_events
from bot.systems.swade.turns.slots import dealable, leader_of, slot_label


def set_card(state: SwadeState, actor: Actor, combatant_id: str, card_text: str) -> Outcome:
    """GM: give a combatant (its whole group, SW-31) a card by hand, for tables dealing a
    physical deck (``deck.parse_card`` formats). The card leaves the virtual deck. A slot
    that has not acted yet takes its new place in the order; one that has keeps its place.
    A Joker counts as dealt (SW-33 awards, reshuffle before the next deal). Before the
    first deal the card waits for it (:func:`_set_before_deal`): the GM sets the cards,
    then deals or presses Next."""
    require_gm(actor)
    card = parse_card(card_text)
    c = find_combatant(state, combatant_id)
    if not dealable(c):
        raise RuleError("swade.card.not_dealable", combatant=c.name, gender=c.gender)
    members_ids = {m.id for m in group_members(state, c)}
    for other in state.combatants:
        if other.card == card and other.id not in members_ids:
            raise RuleError("swade.card.in_use", card=card_label(card), combatant=other.name)
    if state.round == 0:
        return _set_before_deal(state, c.id, card)
    new = state.model_copy(deep=True)
    target = find_combatant(new, c.id)
    lid = leader_of(new, target)
    old = target.card
    replaced: list[Card] = []
    for m in group_members(new, target):
        if dealable(m) or (old is not None and m.card == old):
            if m.card is not None and m.card != card:
                replaced.append(m.card)
            m.card, m.card_round = card, new.round
    for gone in replaced:
        if not any(x.card == gone for x in new.combatants):
            discard(new, gone)
    take_from_deck(new, card)
    events = [
        Event(key="swade.card.set", params={**slot_label(new, lid), "card": card_label(card)})
    ]
    if card.joker:
        new.joker_dealt = True
        events += joker_events(new, lid)
    _resort_pending(new, lid)
    return Outcome(
        state=new, events=events, summary=Event(key="log.swade.card", params={"name": target.name})
    )


def _set_before_deal(state: SwadeState, combatant_id: str, card: Card) -> Outcome:
    """Before the first deal, a card given by hand waits on the combatant (and its
    group) with ``card_round`` 0: the first deal (``/deal`` or ``/next``) takes it as
    that slot's card and draws for the others, so a GM dealing a physical deck can set
    every card first and then start. Its Joker counts when the round is dealt (SW-33:
    awards then, once)."""
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant_id)
    for m in group_members(new, target):
        if dealable(m):
            m.card, m.card_round = card, 0
    lid = leader_of(new, target)
    event = Event(
        key="swade.card.set_before_deal", params={**slot_label(new, lid), "card": card_label(card)}
    )
    return Outcome(
        state=new, events=[event], summary=Event(key="log.swade.card", params={"name": target.name})
    )


def redraw_card(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-31/SW-35 (seed 001 "Sacar una nueva carta de acción"): a benny discards the
    combatant's card (its whole group's) and draws a new one, ignoring edges. Only before
    its turn has come this round. The GM or the controller; the bennies ledger charges
    the benny (event ``swade.card.redrawn``)."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    lid = leader_of(state, c)
    if c.card is None or c.card_round != state.round or lid in state.acted:
        raise RuleError("swade.card.no_redraw", combatant=c.name, gender=c.gender)
    new = state.model_copy(deep=True)
    target = find_combatant(new, c.id)
    old = target.card
    assert old is not None
    events: list[Event] = []
    result = draw_with_edges(new, dice, set())
    if result.reshuffled:
        events.append(Event(key="swade.deck.reshuffled", params={}))
    card = result.kept
    for m in group_members(new, target):
        if m.card == old:
            m.card, m.card_round = card, new.round
    if not any(x.card == old for x in new.combatants):
        discard(new, old)
    events.append(
        Event(
            key="swade.card.redrawn",
            params={
                **slot_label(new, lid),
                "old": card_label(old),
                "card": card_label(card),
                "pc": any(m.is_pc for m in group_members(new, target)),
            },
        )
    )
    if card.joker:
        events += joker_events(new, lid)
    _resort_pending(new, lid)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.redraw", params={"name": target.name}),
    )


def _resort_pending(state: SwadeState, lid: str) -> None:
    """Put ``lid`` among the slots still to come, in card order (SW-30). A slot already
    reached keeps its place."""
    pending_from = state.current + 1
    if lid in state.turn_order:
        index = state.turn_order.index(lid)
        if index < pending_from:
            return
        del state.turn_order[index]
    pending = [*state.turn_order[pending_from:], lid]
    pending.sort(key=lambda x: card_key(find_combatant(state, x).card or Card(rank=0, suit="C")))
    state.turn_order = state.turn_order[:pending_from] + pending
