"""Dread S-20 roll-under with forced dice (DS-1, DS-2)."""

from __future__ import annotations

import pytest

from bot.dice.ds20 import roll_under
from bot.dice.source import DiceError, ForcedSource


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def test_margin_is_score_minus_d20() -> None:
    r = roll_under(forced(8), 12)
    assert r.margin == 4 and r.success and not r.spectacular and not r.disaster


def test_equal_is_success_with_margin_zero() -> None:
    assert roll_under(forced(12), 12).success


def test_above_score_fails() -> None:
    r = roll_under(forced(13), 12)
    assert r.margin == -1 and not r.success


def test_bonus_d4s_then_penalty_d4s_in_order() -> None:
    r = roll_under(forced(10, 3, 4, 1), 10, bonus=2, penalty=1)
    assert r.bonus_dice == (3, 4) and r.penalty_dice == (1,)
    assert r.margin == 6


def test_natural_one_doubles_margin() -> None:
    assert roll_under(forced(1), 10).margin == 18


def test_natural_one_lifts_small_negative_margin_to_zero() -> None:
    r = roll_under(forced(1, 4, 4, 4), 5, penalty=3)  # raw 5-1-12 = -8
    assert r.raw_margin == -8 and r.margin == 0 and r.success and r.spectacular


def test_natural_one_below_minus_ten_stays_failure() -> None:
    r = roll_under(forced(1, 4, 4, 4), 1, penalty=3)  # raw 1-1-12 = -12
    assert r.margin == -24 and not r.success and not r.spectacular


def test_natural_twenty_always_fails() -> None:
    r = roll_under(forced(20, 4, 4), 25, bonus=2)
    assert r.raw_margin == 13 and r.margin == -1 and r.disaster and not r.success


def test_natural_twenty_doubles_negative_margin() -> None:
    assert roll_under(forced(20), 15).margin == -10


def test_negative_units_rejected() -> None:
    with pytest.raises(DiceError):
        roll_under(forced(1), 10, bonus=-1)
