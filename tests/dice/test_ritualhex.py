"""Ritual Hex dice with forced values (RH-1..RH-3)."""

from __future__ import annotations

import pytest

from bot.dice.ritualhex import check, damage, parse_damage, rh_die
from bot.dice.source import DiceError, ForcedSource


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def test_six_counts_five_and_rolls_again() -> None:
    d = rh_die(forced(6, 6, 2))
    assert d.faces == (6, 6, 2) and d.value == 12


def test_non_six_counts_as_shown() -> None:
    assert rh_die(forced(4)).value == 4


def test_chain_is_capped() -> None:
    d = rh_die(ForcedSource([6] * 101, strict=True))
    assert d.capped and len(d.faces) == 101


def test_check_succeeds_only_strictly_above_difficulty_plus_cd() -> None:
    # 3 + 3 + 2 = 8, + CO 2 = 10 against D 8 + CD 2 = 10: not strictly greater.
    c = check(forced(3, 3, 2), co=2, difficulty=8, cd=2)
    assert c.total == 10 and c.target == 10 and not c.success and c.s is None
    c = check(forced(3, 3, 3), co=2, difficulty=8, cd=2)
    assert c.success and c.s == 1


def test_check_dice_use_rh1() -> None:
    c = check(forced(6, 1, 1, 1), co=0, difficulty=7)
    assert c.roll == 8 and c.s == 1


def test_damage_minus_and_minimum() -> None:
    assert damage(forced(2), 1, minus=2, minimum=1).value == 1
    assert damage(forced(5), 1, minus=2, minimum=1).value == 3
    assert damage(forced(6, 3), 1, minus=2, minimum=1).value == 6


def test_damage_without_minimum_is_never_negative() -> None:
    d = damage(forced(1), 1, minus=2)
    assert d.raw == -1 and d.value == 0


@pytest.mark.parametrize(
    ("text", "count", "minus", "minimum"),
    [("1d-2|1", 1, 2, 1), ("2d+1", 2, -1, 0), ("d", 1, 0, 0), ("3d|2", 3, 0, 2)],
)
def test_parse_damage(text: str, count: int, minus: int, minimum: int) -> None:
    s = parse_damage(text)
    assert (s.count, s.minus, s.minimum) == (count, minus, minimum)


def test_parsed_damage_rolls() -> None:
    assert parse_damage("1d-2|1").roll(forced(1)).value == 1


@pytest.mark.parametrize("text", ["", "1d6", "d-", "1d-2|", "x"])
def test_parse_damage_rejects(text: str) -> None:
    with pytest.raises(DiceError):
        parse_damage(text)
