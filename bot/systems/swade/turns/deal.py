"""SWADE dealing a round (RULES-NOTES SW-30..SW-34): holders keep their cards, the deck
is reshuffled after a Joker round, surprise (ambushers on Hold, victims rolling Notice),
every other slot dealt a card (SW-32 edge draws, cards given by hand), Joker bennies
(SW-33), and the round's order. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.dice.source import DiceSource
from bot.i18n.catalog import term
from bot.systems.base import Event, RuleError
from bot.systems.common import owned_where, raw_items
from bot.systems.swade.deck import (
    card_key,
    card_label,
    discard,
    draw_with_edges,
    in_pile,
    reshuffle,
    take_from_deck,
)
from bot.systems.swade.encounter_rules import find_combatant, group_members, peek_combatant
from bot.systems.swade.state import Card, SwadeCombatant, SwadeState
from bot.systems.swade.turns.rolls import roll_trait, turn_roll_event
from bot.systems.swade.turns.slots import (
    can_act,
    dealable,
    peek_group,
    peek_members,
    slot_gender,
    slot_label,
)

DRAW_EDGES = frozenset({"level_headed", "improved_level_headed", "quick", "hesitant"})

# --- dealing -------------------------------------------------------------------------


def joker_events(state: SwadeState, leader_id: str) -> list[Event]:
    """SW-33: a Joker dealt to a player character gives every player a benny (the
    ``swade.joker.award`` event with ``pc`` True is for the bennies ledger); with the
    ``villain_jokers`` setting, a foe's Joker gives the GM a benny (``pc`` False, for the
    ledger) and each GM Wild Card in the encounter one for its own pool (done here)."""
    members = peek_members(state, leader_id)
    dealt = {**slot_label(state, leader_id), "gender": slot_gender(state, leader_id)}
    events = [Event(key="swade.joker.dealt", params=dealt)]
    if any(m.is_pc for m in members):
        events.append(
            Event(key="swade.joker.award", params={**slot_label(state, leader_id), "pc": True})
        )
    elif state.settings.villain_jokers and any(m.side == "foes" for m in members):
        gm_wild = owned_where(
            state.combatants, lambda c: c.wild_card and not c.is_pc and not c.dead
        )
        for c in gm_wild:
            c.bennies += 1
        events.append(
            Event(
                key="swade.joker.award",
                params={
                    **slot_label(state, leader_id),
                    "pc": False,
                    "gm_wild_cards": ", ".join(c.name for c in gm_wild),
                },
            )
        )
    return events


def _draw_for_slot(
    state: SwadeState, dice: DiceSource, leader: SwadeCombatant, events: list[Event]
) -> Card:
    members = [m for m in peek_group(state, leader) if dealable(m)]  # read only
    bleeding_only = all(m.incapacitated for m in members)
    edges = set() if bleeding_only else (set(leader.edges) | set(leader.hindrances)) & DRAW_EDGES
    result = draw_with_edges(state, dice, edges)
    if result.reshuffled:
        events.append(Event(key="swade.deck.reshuffled", params={}))
    if result.chooser is not None or result.quick_redraws:
        events.append(
            Event(
                key="swade.draw.edges",
                params={
                    **slot_label(state, leader.id),
                    "edges": [  # issue 18; agreeing with the leader (issue 29)
                        term(f"sheet.swade.edge.{e}", gender=leader.gender) for e in sorted(edges)
                    ],
                    "drawn": ", ".join(card_label(c) for c in result.drawn),
                    "quick": ", ".join(card_label(c) for c in result.quick_redraws),
                    "kept": card_label(result.kept),
                },
            )
        )
    return result.kept


def _surprise_failures(
    state: SwadeState, dice: DiceSource, victims: list[SwadeCombatant], events: list[Event]
) -> set[str]:
    """SW-34: each victim rolls Notice; a failure means no card in the first round. A
    group of Extras makes one group roll with a wild die (SW-8) for all its members."""
    failed: set[str] = set()
    done: set[str] = set()
    for v in victims:
        if v.id in done or not can_act(v):
            continue
        victim_ids = {x.id for x in victims}
        members = [m for m in group_members(state, v) if m.id in victim_ids and can_act(m)]
        done.update(m.id for m in members)
        result, mods = roll_trait(state, dice, v, "notice", group_roll=v.group is not None)
        key = "swade.surprise.noticed" if result.success else "swade.surprise.caught"
        event = turn_roll_event(key, v, result, mods)
        event.params["combatant"] = v.group or v.name
        events.append(event)
        if not result.success:
            failed.update(m.id for m in members)
    return failed


def deal_round(
    state: SwadeState,
    dice: DiceSource,
    events: list[Event],
    *,
    ambushers: list[str] | None = None,
    victims: list[str] | None = None,
    hand_cards: Mapping[str, Card] | None = None,
) -> None:
    """Deal a new round (SW-31..SW-34) and set its order; the caller starts its first
    turn (:func:`bot.systems.swade.turns.sequence.advance`)."""
    state.round += 1
    rnd = state.round
    events.append(Event(key="swade.round.start", params={"round": rnd}))
    carried, preset = _collect_cards(state, rnd, events)
    in_hand = [c.card for c in carried if c.card is not None]
    _shuffle_when_due(state, dice, in_hand, events)
    hand = {**preset, **dict(hand_cards or {})}
    no_card: set[str] = set()
    if ambushers is not None:
        no_card = _surprise_failures(state, dice, _victims(state, ambushers, victims), events)
    # Holders keep their old card, with no place in this round's order.
    skip = no_card | {c.id for c in carried}
    slots = _deal_slots(state, dice, rnd, hand, in_hand, skip, events)
    _ambush(state, ambushers or [], rnd, events)

    def order_key(lid: str) -> tuple[int, int, int]:
        card = peek_combatant(state, lid).card  # read only
        return card_key(card) if card is not None else (9, 0, 0)

    state.turn_order = sorted(slots, key=order_key)
    state.current = -1
    state.active = None
    state.suspended = None
    state.hold_queue = []
    state.acted = []


def _collect_cards(
    state: SwadeState, rnd: int, events: list[Event]
) -> tuple[list[SwadeCombatant], dict[str, Card]]:
    """SW-34: a Hold from this round or the last is carried, with its card; an older
    one lapses. Every other card goes to the discard pile, but those set by hand before
    the first deal, returned by combatant id."""
    carried = owned_where(
        state.combatants,
        lambda c: c.on_hold and c.hold_round is not None and c.hold_round >= rnd - 1 and can_act(c),
    )
    in_hand = [c.card for c in carried if c.card is not None]
    # Cards set by hand before the first deal (set_card in round 0) are the first
    # round's cards for those slots; cards given with the deal itself win.
    preset: dict[str, Card] = {
        c.id: c.card
        for c in raw_items(state.combatants)
        if c.card is not None and c.card_round == 0
    }
    carried_ids = {id(k) for k in carried}
    for c in owned_where(state.combatants, lambda c: id(c) not in carried_ids and _dealt_before(c)):
        if c.on_hold:
            c.on_hold, c.hold_round = False, None
            events.append(Event(key="swade.hold.lapsed", params={"combatant": c.name}))
        if c.card is not None and not in_pile(c.card, in_hand) and c.id not in preset:
            discard(state, c.card)
        c.card, c.card_round = None, None
    return carried, preset


def _dealt_before(c: SwadeCombatant) -> bool:
    """Whether a new round's deal changes ``c`` when it carries no Hold (SW-31, SW-34):
    it holds a card, a card's round or a Hold. Issue 32: only those are copied; one
    with none (the dead) stays shared, and the saved JSON keeps its."""
    return c.on_hold or c.card is not None or c.card_round is not None


def _shuffle_when_due(
    state: SwadeState, dice: DiceSource, in_hand: list[Card], events: list[Event]
) -> None:
    """SW-31: reshuffle only after a round in which a Joker came out (or before the
    first deal)."""
    if state.joker_dealt:
        reshuffle(state, dice, in_hand=in_hand)
        events.append(Event(key="swade.deck.reshuffled", params={}))
    elif not state.deck and not state.discard:
        reshuffle(state, dice, in_hand=in_hand)
        events.append(Event(key="swade.deck.shuffled", params={}))


def _victims(
    state: SwadeState, ambushers: list[str], victims: list[str] | None
) -> list[SwadeCombatant]:
    """SW-34: who rolls Notice: those named, else every side no ambusher is on."""
    victim_list = [find_combatant(state, v) for v in victims or []]
    if victims is None:
        sides = {find_combatant(state, a).side for a in ambushers}
        victim_list = [c for c in state.combatants if c.side not in sides]
    return victim_list


def _deal_slots(
    state: SwadeState,
    dice: DiceSource,
    rnd: int,
    hand: dict[str, Card],
    in_hand: list[Card],
    skip: set[str],
    events: list[Event],
) -> list[str]:
    """A card for each slot (a combatant, or a group of Extras, SW-31) but ``skip``;
    the leaders of the slots dealt."""
    slots: list[str] = []
    seen_groups: set[str] = set()
    # Issue 32: read without copying; only the members dealt a card are copied.
    for c in list(raw_items(state.combatants)):
        if c.id in skip or not dealable(c):
            continue
        if c.group is not None:
            if c.group in seen_groups:
                continue
            seen_groups.add(c.group)
        members = _dealt_members(state, c, skip)
        leader = members[0]
        card = _slot_card(state, dice, c, members, hand, in_hand, events)
        for m in members:
            m.card, m.card_round = card, rnd
        slots.append(leader.id)
        if card.joker:
            events += joker_events(state, leader.id)
    return slots


def _dealt_members(state: SwadeState, c: SwadeCombatant, skip: set[str]) -> list[SwadeCombatant]:
    """The members of ``c``'s slot dealt its card (SW-31): able to act or bleeding out,
    and not in ``skip``; only they are copied (ready to change)."""
    ids = {m.id for m in peek_group(state, c) if dealable(m) and m.id not in skip}
    return owned_where(state.combatants, lambda m: m.id in ids)


def _slot_card(
    state: SwadeState,
    dice: DiceSource,
    c: SwadeCombatant,
    members: list[SwadeCombatant],
    hand: dict[str, Card],
    in_hand: list[Card],
    events: list[Event],
) -> Card:
    """The card given by hand to one of the slot's members, else one drawn (SW-32)."""
    chosen = next((hand[m.id] for m in members if m.id in hand), None)
    if chosen is None:
        return _draw_for_slot(state, dice, members[0], events)
    if chosen in in_hand:
        raise RuleError("swade.card.in_use", card=card_label(chosen), combatant=c.name)
    take_from_deck(state, chosen)
    state.joker_dealt = state.joker_dealt or chosen.joker
    return chosen


def _ambush(state: SwadeState, ambushers: list[str], rnd: int, events: list[Event]) -> None:
    """SW-34: the ambushers start the round on Hold."""
    for a in ambushers:
        ambusher = find_combatant(state, a)
        for m in group_members(state, ambusher):
            if m.card is not None:
                m.on_hold, m.hold_round = True, rnd
        events.append(Event(key="swade.surprise.ambush", params={"combatant": ambusher.name}))
