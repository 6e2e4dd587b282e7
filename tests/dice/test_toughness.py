"""Damage against Toughness from the notation (N-2, SW-12): ``2d6!t6``."""

from __future__ import annotations

import pytest

from bot.dice.expr import MAX_DICE
from bot.dice.source import DiceError, ForcedSource
from bot.dice.toughness import parse_toughness, split_toughness, wounds_for


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


@pytest.mark.parametrize(
    ("excess", "shaken_before", "expected"),
    [(-1, False, (0, False)), (0, False, (0, True)), (3, False, (0, True)),
     (0, True, (1, True)), (4, False, (1, True)), (7, False, (1, True)), (8, True, (2, True))],
)  # fmt: skip
def test_sw12_outcome(excess: int, shaken_before: bool, expected: tuple[int, bool]) -> None:
    assert wounds_for(excess, already_shaken=shaken_before, cap=False) == expected


def test_wound_cap_setting() -> None:
    assert wounds_for(30, already_shaken=False, cap=True) == (4, True)


@pytest.mark.parametrize(
    ("text", "dice", "total", "wounds", "shaken"),
    [
        ("2d6t6", (1, 4), 5, 0, False),
        ("2d6t6", (1, 5), 6, 0, True),
        ("2d6!t6", (3, 6, 4), 13, 1, True),
        ("d8!t6+2d6", (6, 5, 2), 13, 1, True),
        ("t6:2d6+1", (1, 5), 7, 0, True),
        ("4d6!t6", (1, 5, 2, 6, 6, 6, 6, 4), 36, 7, True),
        ("2d6+1t6", (6, 3), 10, 1, True),
    ],
)
def test_total_against_toughness(
    text: str, dice: tuple[int, ...], total: int, wounds: int, shaken: bool
) -> None:
    [outcome] = parse_toughness(text).roll(forced(*dice)).outcomes
    assert (outcome.total, outcome.wounds, outcome.shaken) == (total, wounds, shaken)


def test_each_repetition_has_its_outcome() -> None:
    r = parse_toughness("4xd6!t6").roll(forced(1, 5, 2, 6, 6, 6, 6, 4))
    assert [(o.total, o.wounds, o.shaken) for o in r.outcomes] == [
        (1, 0, False), (5, 0, False), (2, 0, False), (28, 5, True)
    ]  # fmt: skip
    assert r.to_view()["kind"] == "swade_toughness"


def test_the_suffix_is_blanked_so_errors_point_right() -> None:
    assert split_toughness("2d6!t6") == ("2d6!  ", 6)
    assert split_toughness("t6:2d6") == ("   2d6", 6)
    assert split_toughness("1d20 [t6] + 2") == ("1d20 [t6] + 2", None)


@pytest.mark.parametrize("text", ["2d6t6t8", "2d6!t7r3", "2d6tr6"])
def test_two_toughness_values_or_a_raise_step_are_refused(text: str) -> None:
    with pytest.raises(DiceError):
        parse_toughness(text)


def test_limits_hold() -> None:
    with pytest.raises(DiceError) as err:
        parse_toughness(f"{MAX_DICE + 1}d6t6")
    assert err.value.key == "dice.too_many_dice"
