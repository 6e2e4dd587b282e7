"""Exact distributions of expressions against exhaustive enumeration of the roller."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.dice.dist import distribution
from bot.dice.enumerate import enumerate_outcomes
from bot.dice.expr import parse, roll
from bot.dice.source import DiceError


def _enumerated(text: str, eps: float = 0.0) -> tuple[dict[int, Fraction], Fraction]:
    expr = parse(text)
    return enumerate_outcomes(lambda src: roll(expr, src).total, eps=eps)


@pytest.mark.parametrize(
    "text",
    [
        "2d6",
        "4d6kh3",
        "4d6dl1",
        "3d6kl1",
        "4d6dh2",
        "2d20kh1",
        "1d20mi10",
        "3d4ma2",
        "4d4ro1",
        "3d6k>3",
        "3d6p3kh1",
        "1d6ra6",
        "1d6/2",
        "3d4-2d4",
        "1d4*1d4",
        "1d20>=10",
        "(1d4,1d6,2)dl1",
        "(1d4,1d6,2)kl2",
        "4d4ro1kh2",
        "3d4p1kl1",
        "2d4kh1kl1",
        "1d6%4",
        "-1d6//4",
        "(1d4, 1d4)",
        "3d4k<3",
        "2d6ro>4ma5",
    ],
)
def test_finite_distributions_are_exact(text: str) -> None:
    probs, tail = _enumerated(text)
    assert tail == 0
    d = distribution(text)
    assert not d.truncated
    assert d.probs == {k: p for k, p in probs.items() if p}


def test_rounding_changes_the_distribution() -> None:
    assert distribution("1d3/2", rounding="up").probs == {1: Fraction(2, 3), 2: Fraction(1, 3)}
    assert distribution("1d3/2").probs == {0: Fraction(1, 3), 1: Fraction(2, 3)}


@pytest.mark.parametrize(
    "text", ["1d6!", "(1d8!, 1d6!)kh1", "2d4!kh1", "1d4e4", "1d6e>4", "1d4!>2", "2d4!ro1"]
)
def test_truncated_distributions_within_the_reported_tail(text: str) -> None:
    d = distribution(text)
    assert d.truncated and 0 < d.tail < 1e-12
    probs, tail = _enumerated(text, eps=1e-7)
    for k in set(probs) | set(d.probs):
        # the enumeration misses at most ``tail`` of each value; ours at most d.tail
        assert -d.tail <= d.probs.get(k, 0) - probs.get(k, 0) <= tail


def test_rerolls_until() -> None:
    assert distribution("3d4rr<3").probs == {
        9: Fraction(1, 8),
        10: Fraction(3, 8),
        11: Fraction(3, 8),
        12: Fraction(1, 8),
    }


def test_swade_wild_card_expression_matches_trait_odds() -> None:
    from bot.dice.odds import trait_odds

    d = distribution("(1d8!, 1d6!)kh1")
    o = trait_odds(8)
    # P(total >= 4) minus the critical failure (which has total 1 < 4 anyway).
    assert d.p_at_least(4) == pytest.approx(o.p_success, abs=1e-12)
    assert d.p_at_least(8) == pytest.approx(o.p_raise, abs=1e-12)


def test_large_but_simple_expressions_are_fast_enough() -> None:
    assert distribution("100d6").mean == pytest.approx(350)
    assert distribution("20d6kh3").support == list(range(3, 19))


def test_possible_division_by_zero_is_reported() -> None:
    with pytest.raises(DiceError) as e:
        distribution("10/(1d2-1)")
    assert e.value.key == "dice.division_by_zero"


def test_too_complex() -> None:
    with pytest.raises(DiceError) as e:
        distribution("8d6e6kh3")
    assert e.value.key == "dice.odds_too_complex"


@pytest.mark.parametrize("text", ["(2d4)kh1", "((1d6, 1d4))kl1", "(1+2d4)kh1", "((3d4)kh2)kl1"])
def test_operators_inside_parentheses(text: str) -> None:
    probs, _ = _enumerated(text)
    assert distribution(text).probs == probs
