"""Exact odds against exhaustive enumeration of the rollers (SW-1..SW-5, DS-1/2, RH-1/2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.dice import ds20, ritualhex, swade
from bot.dice.enumerate import enumerate_outcomes
from bot.dice.odds import (
    acing_at_least,
    ds20_odds,
    rh_check_odds,
    trait_odds,
    trait_odds_exact,
)

EPS = 1e-11


def _trait_truth(die: int, modifier: int, tn: int, wild: int | None, unskilled: bool):
    def fn(src):
        r = swade.trait_roll(src, die, modifier=modifier, tn=tn, wild_die=wild, unskilled=unskilled)
        return (r.success, r.raises >= 1, r.raises >= 2, r.critical_failure)

    probs, tail = enumerate_outcomes(fn, eps=EPS)
    cols = [sum((p for k, p in probs.items() if k[i]), Fraction(0)) for i in range(4)]
    return cols, tail


@pytest.mark.parametrize("die", [4, 6, 8, 10, 12])
@pytest.mark.parametrize("wild", [6, None])
@pytest.mark.parametrize("modifier", [-4, -2, 0, 1, 3])
def test_trait_odds_match_enumerated_roller(die: int, wild: int | None, modifier: int) -> None:
    truth, tail = _trait_truth(die, modifier, 4, wild, False)
    exact = trait_odds_exact(die, modifier=modifier, wild_die=wild)
    for got, want in zip(exact, truth, strict=True):
        assert want <= got <= want + tail


@pytest.mark.parametrize(
    ("die", "modifier", "tn", "wild", "unskilled"),
    [
        (8, 0, 7, 6, False),
        (6, 2, 9, None, False),
        (4, 0, 4, 6, True),
        (12, -6, 4, 8, False),
        (6, 5, 4, 6, False),
        (4, 6, 4, None, False),
        (8, 0, 1, 6, False),
    ],
)
def test_trait_odds_other_cases(die, modifier, tn, wild, unskilled) -> None:
    truth, tail = _trait_truth(die, modifier, tn, wild, unskilled)
    exact = trait_odds_exact(die, modifier=modifier, tn=tn, wild_die=wild, unskilled=unskilled)
    for got, want in zip(exact, truth, strict=True):
        assert want <= got <= want + tail


def test_known_values() -> None:
    # Extra d6 at TN 4: 1/2 (faces 4..6, the 6 aces on).
    assert trait_odds(6, wild_die=None).p_success == pytest.approx(0.5)
    # WC d4: 1 - P(d4<4) P(d6<4) = 1 - (3/4)(1/2) = 5/8; crit 1/24.
    o = trait_odds(4)
    assert o.p_success == pytest.approx(5 / 8)
    assert o.p_crit == pytest.approx(1 / 24)
    # Extra d8 crit: 1/8 * 1/6.
    assert trait_odds(8, wild_die=None).p_crit == pytest.approx(1 / 48)


def test_modifier_so_high_only_critical_failure_fails() -> None:
    o = trait_odds(6, modifier=10)
    assert o.p_success == pytest.approx(1 - 1 / 36)


def test_acing_survival_closed_form() -> None:
    # d6 >= 8: ace (1/6) then >= 2 on the next (5/6).
    assert acing_at_least(6, 8) == Fraction(5, 36)
    assert acing_at_least(6, 6) == Fraction(1, 6)
    assert acing_at_least(6, 7) == Fraction(1, 6)
    assert acing_at_least(1, 2) == 0


@pytest.mark.parametrize(
    ("score", "bonus", "penalty"),
    [(10, 0, 0), (12, 1, 0), (8, 0, 2), (3, 2, 1), (25, 0, 0), (0, 0, 3)],
)
def test_ds20_odds_match_enumerated_roller(score: int, bonus: int, penalty: int) -> None:
    def fn(src):
        r = ds20.roll_under(src, score, bonus, penalty)
        return (r.success, r.spectacular, r.disaster)

    probs, tail = enumerate_outcomes(fn, eps=0)
    assert tail == 0
    o = ds20_odds(score, bonus, penalty)
    for i, got in enumerate((o.p_success, o.p_spectacular, o.p_disaster)):
        want = sum((p for k, p in probs.items() if k[i]), Fraction(0))
        assert got == pytest.approx(float(want), abs=1e-12)


def test_ds20_natural_one_with_huge_penalty_is_not_spectacular() -> None:
    o = ds20_odds(1, 0, 2)  # raw margin on a 1 is -2..-8: lifted to 0, spectacular
    assert o.p_spectacular == pytest.approx(1 / 20)
    o = ds20_odds(1, 0, 4)  # on a 1, -4..-16: only -10 or better (P(4d4 <= 10) = 150/256)
    assert o.p_spectacular == pytest.approx(1 / 20 * 150 / 256)
    o = ds20_odds(-20, 0, 0)  # raw margin -21 on a 1: stays a failure
    assert o.p_spectacular == 0 and o.p_success == 0


@pytest.mark.parametrize(("co", "difficulty", "cd"), [(0, 10, 0), (2, 13, 1), (0, 20, 0)])
def test_rh_check_odds_match_enumerated_roller(co: int, difficulty: int, cd: int) -> None:
    def fn(src):
        c = ritualhex.check(src, co, difficulty, cd)
        return c.s if c.success else None

    probs, tail = enumerate_outcomes(fn, eps=1e-9)
    p_success = sum((p for k, p in probs.items() if k is not None), Fraction(0))
    expected_s = sum((k * p for k, p in probs.items() if k is not None), Fraction(0))
    o = rh_check_odds(co, difficulty, cd)
    assert float(p_success) <= o.p_success <= float(p_success + tail) + 1e-15
    # The pruned paths (mass ``tail``) carry <S> values far below 200.
    slack = 200 * float(tail) + 1e-12
    assert 0 <= o.expected_s - float(expected_s) <= slack
    assert o.mean_s == pytest.approx(float(expected_s / p_success), abs=slack / o.p_success)


def test_rh_die_mean_is_four() -> None:
    # Always succeeding (target below the minimum 3): mean <S> = E[3 dice] - t = 12 - t.
    o = rh_check_odds(0, 1)
    assert o.p_success == 1 and o.mean_s == pytest.approx(11)


def test_spec_odds_uses_the_notation() -> None:
    from bot.dice.odds import spec_odds
    from bot.dice.savage_notation import parse_trait

    o = spec_odds(parse_trait("s8+1 vs 6"))
    assert o == trait_odds(8, modifier=1, tn=6)
    assert spec_odds(parse_trait("su"), bonus=2) == trait_odds(4, modifier=2, unskilled=True)
    assert spec_odds(parse_trait("s8r3")) is None


def _rh_sum_upto_by_convolution(m: int) -> tuple[Fraction, Fraction]:
    """The O(m**2) convolution the closed form replaced (RH-1 dice, three of them)."""
    one = {v: Fraction(1, 6 ** ((v - 1) // 5 + 1)) for v in range(1, m + 1)}
    dist = {0: Fraction(1)}
    for _ in range(3):
        nxt: dict[int, Fraction] = {}
        for a, pa in dist.items():
            for b, pb in one.items():
                if a + b <= m:
                    nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        dist = nxt
    return sum(dist.values(), Fraction(0)), sum(((m - v) * p for v, p in dist.items()), Fraction(0))


@pytest.mark.parametrize("m", [*range(-2, 40), 57, 88, 121])
def test_rh_sum_by_sixes_and_faces_equals_the_convolution(m: int) -> None:
    from bot.dice.odds import _rh_sum_upto

    assert _rh_sum_upto(m) == _rh_sum_upto_by_convolution(m)


def test_rh_huge_difficulty_is_exact_and_tiny() -> None:
    # <Str>[1500]<Def>: 13 s of convolution before; now ~300 terms.
    o = rh_check_odds(2, 1500, 1)
    assert 0 < o.p_success < 1e-200
    assert o.mean_s == pytest.approx(3.36, abs=0.01)


def _ds20_by_convolution(score: int, bonus: int, penalty: int) -> tuple[Fraction, Fraction]:
    """The O(units**2 * 4) convolution the threshold method replaced (DS-1, DS-2)."""
    from bot.dice.ds20 import adjust_margin

    dist = {0: 1}
    for sign in [1] * bonus + [-1] * penalty:
        nxt: dict[int, int] = {}
        for v, n in dist.items():
            for face in range(1, 5):
                nxt[v + sign * face] = nxt.get(v + sign * face, 0) + n
        dist = nxt
    total = 20 * 4 ** (bonus + penalty)
    success = spectacular = 0
    for d20 in range(1, 21):
        for delta, n in dist.items():
            if adjust_margin(d20, score - d20 + delta) >= 0:
                success += n
                spectacular += n if d20 == 1 else 0
    return Fraction(success, total), Fraction(spectacular, total)


@pytest.mark.parametrize(
    ("score", "bonus", "penalty"),
    [(15, 0, 0), (1, 0, 4), (-20, 0, 0), (12, 7, 3), (5, 0, 9), (30, 12, 12), (15, 40, 40)],
)
def test_ds20_threshold_method_equals_the_convolution(score: int, bonus: int, penalty: int) -> None:
    success, spectacular = _ds20_by_convolution(score, bonus, penalty)
    o = ds20_odds(score, bonus, penalty)
    assert o.p_success == float(success)
    assert o.p_spectacular == float(spectacular)
