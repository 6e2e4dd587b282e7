"""The Savage Worlds trait notation, ours and savagebot's (N-2; SW-1..SW-5)."""

from __future__ import annotations

import pytest

from bot.dice.savage_notation import looks_like_trait, parse_trait
from bot.dice.source import DiceError, ForcedSource


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


@pytest.mark.parametrize(
    ("text", "die", "mod", "wild", "tn", "unskilled", "rof"),
    [
        ("s8", 8, 0, 6, 4, False, 1),
        ("s8+1", 8, 1, 6, 4, False, 1),
        ("s8-2+1", 8, -1, 6, 4, False, 1),
        ("s12w8", 12, 0, 8, 4, False, 1),
        ("s6x", 6, 0, None, 4, False, 1),
        ("su", 4, 0, 6, 4, True, 1),
        ("s8r3-2 vs 6", 8, -2, 6, 6, False, 3),
        ("S10 tn5", 10, 0, 6, 5, False, 1),
        # savagebot's forms (N-2)
        ("3s8", 8, 0, 6, 4, False, 3),
        ("3s8w10", 8, 0, 10, 4, False, 3),
        ("e8", 8, 0, None, 4, False, 1),
        ("e8-2", 8, -2, None, 4, False, 1),
        ("3e6", 6, 0, None, 4, False, 3),
        ("eu", 4, 0, None, 4, True, 1),
        ("s10t6", 10, 0, 6, 6, False, 1),
        ("s8t6+4", 8, 4, 6, 6, False, 1),
        ("s8+4t6", 8, 4, 6, 6, False, 1),
        ("s12w10t8+2", 12, 2, 10, 8, False, 1),
        ("3s12w10t6+2", 12, 2, 10, 6, False, 3),
        ("t6:s8+2", 8, 2, 6, 6, False, 1),
        ("s10-4-2+1+2", 10, -3, 6, 4, False, 1),
        ("(s8+2)", 8, 2, 6, 4, False, 1),
        ("(s8)+2", 8, 2, 6, 4, False, 1),
        ("s8+(2)", 8, 2, 6, 4, False, 1),
        ("s8 + 2", 8, 2, 6, 4, False, 1),
    ],
)
def test_parse_trait(
    text: str, die: int, mod: int, wild: int | None, tn: int, unskilled: bool, rof: int
) -> None:
    spec = parse_trait(text)
    got = (spec.die, spec.modifier, spec.wild_die, spec.tn, spec.unskilled, spec.trait_dice)
    assert got == (die, mod, wild, tn, unskilled, rof)


def test_parse_trait_extra_by_default_flag() -> None:
    assert parse_trait("s8", wild_card=False).wild_die is None
    assert parse_trait("s8w6", wild_card=False).wild_die == 6


@pytest.mark.parametrize(
    "text",
    ["", "s", "s8w", "x8", "s8+", "s0", "e8w10", "3s8r2", "s8t6 vs 5", "s8t6r5", "s12tr6"],
)
def test_parse_trait_rejects(text: str) -> None:
    with pytest.raises(DiceError):
        parse_trait(text)


def test_rate_of_fire_is_one_to_six_dice() -> None:
    with pytest.raises(DiceError) as err:
        parse_trait("7s8")
    assert err.value.key == "dice.bad_trait_dice"


def test_parsed_trait_rolls() -> None:
    r = parse_trait("s8+1 vs 6").roll(forced(5, 2))
    assert r.total == 6 and r.success


def test_three_trait_dice_and_one_wild_die() -> None:
    """N-2: 3s8 is rate of fire (SW-1): the wild die replaces the lowest trait die."""
    r = parse_trait("3s8").roll(forced(2, 6, 7, 6, 4))
    assert sorted(r.results) == [6, 7, 10]
    assert r.wild_roll is not None and r.wild_roll.faces == (6, 4)


def test_an_extra_with_several_dice_has_no_wild_die() -> None:
    r = parse_trait("2e6t5").roll(forced(5, 6, 5))
    assert r.wild_roll is None and sorted(r.results) == [5, 11] and r.raises == 1


def test_an_extras_one_rolls_the_critical_failure_d6() -> None:
    """SW-3: e6 showing 1 rolls one more d6; a 1 on it is a critical failure."""
    assert parse_trait("e6").roll(forced(1, 1)).critical_failure
    assert not parse_trait("e6").roll(forced(1, 2)).critical_failure


def test_savagebot_target_number() -> None:
    r = parse_trait("s10t6").roll(forced(7, 3))
    assert (r.total, r.success, r.raises, r.tn) == (7, True, 0, 6)


@pytest.mark.parametrize("text", ["s8", "3s8", "e6", "t6:s8", "su", "(s8)+2", "2e6t5"])
def test_looks_like_trait(text: str) -> None:
    assert looks_like_trait(text)


@pytest.mark.parametrize("text", ["2d6", "d20", "6x 4d6", "d66", "2d6e6"])
def test_expressions_do_not_look_like_traits(text: str) -> None:
    assert not looks_like_trait(text)
