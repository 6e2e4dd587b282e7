"""The action deck (SW-30..SW-32): order, labels, typed cards, edge draws."""

from __future__ import annotations

import pytest

from bot.dice.source import ForcedSource
from bot.systems.base import RuleError
from bot.systems.swade.deck import (
    beats,
    card_key,
    card_label,
    draw,
    draw_with_edges,
    full_deck,
    parse_card,
)
from bot.systems.swade.state import Card, SwadeState


def cards(*codes: str) -> list[Card]:
    return [parse_card(c) for c in codes]


def state_with_deck(*codes: str) -> SwadeState:
    return SwadeState(deck=cards(*codes))


def no_dice() -> ForcedSource:
    return ForcedSource([], strict=True)


# --- SW-30: the deck and its order -------------------------------------------------------


def test_a_deck_has_52_cards_and_two_jokers_all_different() -> None:
    deck = full_deck()
    assert len(deck) == 54
    assert sum(c.joker for c in deck) == 2
    assert len({(c.rank, c.suit, c.joker) for c in deck}) == 54


def test_order_is_jokers_black_first_then_ace_down_to_two_with_suit_ties() -> None:
    ordered = sorted(full_deck(), key=card_key)
    assert [card_label(c) for c in ordered[:8]] == [
        "🃏 Joker",
        "🃏 Joker",
        "A♠",
        "A♥",
        "A♦",
        "A♣",
        "K♠",
        "K♥",
    ]
    assert ordered[0] == Card(joker=True, suit="B")
    assert ordered[1] == Card(joker=True, suit="R")
    assert [card_label(c) for c in ordered[-4:]] == ["2♠", "2♥", "2♦", "2♣"]


def test_suit_breaks_ties_spades_hearts_diamonds_clubs() -> None:
    ten_s, ten_h, ten_d, ten_c = cards("10S", "10H", "10D", "10C")
    assert beats(ten_s, ten_h) and beats(ten_h, ten_d) and beats(ten_d, ten_c)
    assert not beats(ten_c, ten_s)


def test_rank_beats_suit() -> None:
    three_c, two_s = cards("3C", "2S")
    assert beats(three_c, two_s)


def test_black_joker_beats_red_joker_and_both_beat_the_ace_of_spades() -> None:
    black, red, ace = cards("JOKER-B", "JOKER-R", "AS")
    assert beats(black, red) and beats(red, ace)


# --- typed cards -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("KS", 13, "S"),
        ("10H", 10, "H"),
        ("2d", 2, "D"),
        ("QC", 12, "C"),  # C is clubs (English), never corazones
        ("7P", 7, "S"),  # P picas
        ("3T", 3, "C"),  # T tréboles
        ("K♠", 13, "S"),
        ("A♥", 14, "H"),
        ("10 de corazones", 10, "H"),
        ("J tréboles", 11, "C"),
    ],
)
def test_parse_card_in_english_spanish_and_symbols(text: str, rank: int, suit: str) -> None:
    assert parse_card(text) == Card(rank=rank, suit=suit)


@pytest.mark.parametrize(
    ("text", "suit"),
    [("JOKER-R", "R"), ("joker-b", "B"), ("JR", "R"), ("Joker negro", "B"), ("joker rojo", "R")],
)
def test_parse_jokers(text: str, suit: str) -> None:
    assert parse_card(text) == Card(joker=True, suit=suit)


@pytest.mark.parametrize("text", ["1S", "KX", "11H", "", "JOKER", "K"])
def test_a_bad_card_is_a_rule_error(text: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_card(text)
    assert err.value.key == "swade.card.bad"


def test_labels() -> None:
    assert card_label(parse_card("KS")) == "K♠"
    assert card_label(parse_card("10H")) == "10♥"
    assert card_label(parse_card("JOKER-R")) == "🃏 Joker"


# --- drawing ---------------------------------------------------------------------------


def test_draw_takes_the_top_card_and_marks_a_joker_round() -> None:
    state = state_with_deck("JOKER-R", "5C")
    card, reshuffled = draw(state, no_dice())
    assert card.joker and not reshuffled
    assert state.joker_dealt
    assert state.deck == cards("5C")


def test_an_empty_draw_pile_takes_the_discards() -> None:
    state = SwadeState(deck=[], discard=cards("5C", "9H"))
    card, reshuffled = draw(state, no_dice())
    assert reshuffled
    assert card in cards("5C", "9H")
    assert state.discard == []
    assert len(state.deck) == 1


# --- SW-32 edge draws ------------------------------------------------------------------


def test_no_edge_draws_one_card() -> None:
    state = state_with_deck("3H", "QS")
    result = draw_with_edges(state, no_dice(), set())
    assert result.kept == parse_card("3H")
    assert result.drawn == cards("3H")
    assert state.deck == cards("QS")


def test_level_headed_draws_two_and_keeps_the_better() -> None:
    state = state_with_deck("3H", "QS", "AS")
    result = draw_with_edges(state, no_dice(), {"level_headed"})
    assert result.kept == parse_card("QS")
    assert result.chooser == "level_headed"
    assert state.discard == cards("3H")
    assert state.deck == cards("AS")


def test_improved_level_headed_draws_three_and_keeps_the_best() -> None:
    state = state_with_deck("3H", "5C", "JD", "AS")
    result = draw_with_edges(state, no_dice(), {"improved_level_headed", "level_headed"})
    assert result.kept == parse_card("JD")
    assert state.discard == cards("3H", "5C")
    assert state.deck == cards("AS")


def test_quick_redraws_every_card_of_five_or_lower() -> None:
    state = state_with_deck("4S", "2H", "9C", "KS")
    result = draw_with_edges(state, no_dice(), {"quick"})
    assert result.kept == parse_card("9C")
    assert result.quick_redraws == cards("4S", "2H")
    assert state.deck == cards("KS")


def test_quick_keeps_a_six() -> None:
    state = state_with_deck("6C", "KS")
    assert draw_with_edges(state, no_dice(), {"quick"}).kept == parse_card("6C")


def test_hesitant_keeps_the_lower_card() -> None:
    state = state_with_deck("KS", "3H")
    result = draw_with_edges(state, no_dice(), {"hesitant"})
    assert result.kept == parse_card("3H")
    assert state.discard == cards("KS")


def test_hesitant_keeps_a_joker() -> None:
    state = state_with_deck("3H", "JOKER-R")
    assert draw_with_edges(state, no_dice(), {"hesitant"}).kept.joker


def test_level_headed_with_quick_chooses_first_then_applies_quick() -> None:
    # LH draws 4H and 3S and keeps 4H; only then Quick throws 4H back and draws 8D.
    # (Quick on each drawn card first would have ended with QS.)
    state = state_with_deck("4H", "3S", "8D", "QS")
    result = draw_with_edges(state, no_dice(), {"level_headed", "quick"})
    assert result.kept == parse_card("8D")
    assert result.quick_redraws == cards("4H")
    assert state.deck == cards("QS")


def test_level_headed_with_quick_keeps_a_good_choice() -> None:
    state = state_with_deck("4H", "9S", "8D")
    result = draw_with_edges(state, no_dice(), {"level_headed", "quick"})
    assert result.kept == parse_card("9S")
    assert result.quick_redraws == []
