"""A refusal that teaches (N-2): why, and the closest form that reads."""

from __future__ import annotations

import pytest

from bot.dice.hints import closest
from bot.dice.line import read_line
from bot.dice.source import DiceError


@pytest.mark.parametrize(
    ("typed", "why", "suggestion"),
    [
        ("4dF", "fate", "4d3-8"),
        ("3d6+df", "fate", "3d6+4d3-8"),
        ("3w", "weg", "2d6+1d6!"),
        ("4w*2", "weg", "(3d6+1d6!)*2"),
        ("12d10s7", "successes", "12x 1d10 >= 7"),
        ("5d10[20:30]", "bounded", "5d10"),
        ("5--15", "gygax", "2d6+3"),
        ("40--240", "gygax", "4d6*10"),
        ("i+2", "ironsworn", "1d6+2 1d10 1d10"),
        ("10x[d100 2d6]", "batch", "10xd100 10x2d6"),
        ("s12tr6", "raise_step", "s12t6"),
        ("2d6!t7r3", "raise_step", "2d6!t7"),
        ("4xtn10:2d10!+1", "generic_tn", "4x2d10!+1"),
        ("e8+2d6", "trait_plus_dice", "e8 2d6"),
        ("s8t4+s8t6", "trait_plus_dice", "s8t4 s8t6"),
        ("e8w10", "extra_wild", "s8w10"),
        ("10e6", "many_extras", "10xe6"),
        ("d(66)", "dice_count", "1d66"),
        ("d6d6", "glued", "d6 d6"),
        ('d20+("STR" 3)', "quoted", "d20+(3) # STR"),
        ("rd20+4", "command_name", "d20+4"),
        ("1.5", "decimals", "1"),
        ("2d6x2", "times", "2d6*2"),
        ("2d6k", "keep_count", "2d6kh1"),
        ("(1d6", "parentheses", "(1d6)"),
        ("2d6+", "trailing_sign", "2d6"),
        ("2d6+1&", "rest_unread", "2d6+1"),
        ("1d20+5zz", "rest_unread", "1d20+5"),
    ],
)
def test_the_closest_form_reads(typed: str, why: str, suggestion: str) -> None:
    assert closest(typed) == (f"dice.why.{why}", suggestion)
    read_line(suggestion)  # it reads


@pytest.mark.parametrize(("typed", "why"), [("dC", "carcosa"), ("p10", "sword_world"),
                                            ("@n:=2d4", "variables"), ("xyz", "unknown")])  # fmt: skip
def test_no_form_reads_but_it_says_why(typed: str, why: str) -> None:
    assert closest(typed) == (f"dice.why.{why}", None)


@pytest.mark.parametrize("typed", ["4dF", "xyz", "3s8x9", "2d6 2d6+"])
def test_a_refusal_never_points_at_a_bare_position(typed: str) -> None:
    with pytest.raises(DiceError) as err:
        read_line(typed)
    assert err.value.key in ("dice.did_you_mean", "dice.cannot_read")
    assert "position" not in err.value.params and err.value.params["why"].startswith("dice.why.")
