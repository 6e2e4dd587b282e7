"""Issue 17 (SW-31, SW-33): a combatant added mid-round is dealt in at the next round (or
shares its group's card) and the reply says which; cards set by hand before the first
deal are that deal's cards, so a GM dealing a physical deck can start."""

from __future__ import annotations

from bot.systems.swade.encounter_rules import add_combatants, join
from bot.systems.swade.turns import current_combatant, deal, next_turn, set_card

from .test_turns import ANA, GM, abc, dice, fighter, keys, table


def test_set_card_before_the_first_deal_waits_for_it_and_the_deal_keeps_it() -> None:
    state = abc(deck="KS QS JS")  # the first deal shuffles a fresh deck anyway
    out = set_card(state, GM, "c", "AS")
    assert keys(out.events) == ["swade.card.set_before_deal"]
    assert out.state.round == 0
    dealt = deal(out.state, GM, dice())
    cid = next(c for c in dealt.state.combatants if c.id == "c")
    assert cid.card is not None and (cid.card.rank, cid.card.suit) == (14, "S")
    assert current_combatant(dealt.state).name == "Cid"  # the Ace of spades goes first
    others = [c.card for c in dealt.state.combatants if c.id != "c"]
    assert all(card is not None for card in others)
    assert all(card not in dealt.state.deck for card in [cid.card, *others])


def test_next_before_the_first_deal_also_takes_the_cards_set_by_hand() -> None:
    state = set_card(abc(), GM, "b", "JOKER-R").state
    out = next_turn(state, GM, dice())
    assert current_combatant(out.state).name == "Bea"
    # SW-33: the Joker is dealt with the round, and awarded once, then.
    assert keys(out.events).count("swade.joker.dealt") == 1
    assert out.state.joker_dealt


def test_a_combatant_added_mid_round_is_dealt_in_next_round_and_told_so() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    out = add_combatants(state, GM, name="Orco")
    assert keys(out.events) == ["swade.combatant.added", "swade.combatant.next_round"]
    assert out.events[1].params == {"combatants": ["Orco"], "gender": None, "round": 2}
    orc = out.state.combatants[-1]
    assert orc.card is None and orc.id not in out.state.turn_order


def test_a_player_joining_mid_round_is_told_too() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    out = join(state, ANA, name="Dana")
    assert keys(out.events) == ["swade.combatant.joined", "swade.combatant.next_round"]


def test_an_extra_joining_its_group_mid_round_acts_with_it_now() -> None:
    goblins = [
        fighter(f"g{i}", f"Goblin {i}", wild=False, side="foes", group="Goblin") for i in (1, 2)
    ]
    state = deal(table(fighter("a", "Ana"), *goblins, deck="KS QS"), GM, dice()).state
    out = add_combatants(state, GM, name="Goblin 3", group="Goblin")
    assert keys(out.events) == ["swade.combatant.added", "swade.combatant.with_group"]
    g3 = out.state.combatants[-1]
    assert g3.card == out.state.combatants[1].card


def test_before_the_first_deal_adding_says_nothing_more() -> None:
    out = add_combatants(abc(), GM, name="Orco")
    assert keys(out.events) == ["swade.combatant.added"]
