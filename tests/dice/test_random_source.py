"""The production dice source: the stream a seed gives is ``random.Random``'s, whether the
first use is a roll or a shuffle (it is seeded on first use, issue 32)."""

from __future__ import annotations

import random

import pytest

from bot.dice.source import RandomSource


@pytest.mark.parametrize("seed", ["1234:7", 99, "ñandú:0"])
def test_a_seed_gives_random_s_own_stream(seed: int | str) -> None:
    expected = random.Random(seed)
    deck = list(range(54))
    expected_deck = list(deck)
    expected.shuffle(expected_deck)
    rolls = [expected.randint(1, sides) for sides in (6, 8, 12, 4, 20, 100)]

    source = RandomSource(seed)
    source.shuffle(deck)
    assert deck == expected_deck
    assert [source.roll(sides) for sides in (6, 8, 12, 4, 20, 100)] == rolls


def test_a_roll_first_then_a_shuffle_follows_the_same_stream() -> None:
    expected = random.Random("s")
    first = expected.randint(1, 6)
    cards = list(range(10))
    expected.shuffle(cards)

    source = RandomSource("s")
    mine = list(range(10))
    assert source.roll(6) == first
    source.shuffle(mine)
    assert mine == cards


def test_two_sources_without_a_seed_differ() -> None:
    a, b = RandomSource(), RandomSource()
    assert [a.roll(1000) for _ in range(8)] != [b.roll(1000) for _ in range(8)]
