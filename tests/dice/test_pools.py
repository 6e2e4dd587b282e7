"""Exact keep/drop pools by order statistics (bot/dice/pools.py) against brute force,
against the multinomial walk they replaced, and against known values; the work budget
and the labelled estimate."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.dice.budget import Budget, OverBudget, unlimited
from bot.dice.dist import distribution
from bot.dice.enumerate import enumerate_outcomes
from bot.dice.estimate import estimate_at_least, wilson_interval
from bot.dice.expr import parse, roll
from bot.dice.odds import exact_at_least, expression_odds
from bot.dice.pools import keep_members, pool_counts
from bot.dice.source import DiceError


def _brute(n: int, sides: int, keep: int, highest: bool) -> Counter[int]:
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        ordered = sorted(faces, reverse=highest)
        counts[sum(ordered[:keep])] += 1
    return counts


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 5),
    st.integers(1, 6),
    st.integers(0, 6),
    st.booleans(),
    st.one_of(st.none(), st.integers(-2, 30)),
)
def test_pool_counts_match_brute_force(
    n: int, sides: int, keep: int, highest: bool, limit: int | None
) -> None:
    offset, counts = pool_counts(
        n, sides, keep if keep <= n else None, highest=highest, limit=limit, budget=unlimited()
    )
    got = {offset + i: c for i, c in enumerate(counts) if c}
    want = {
        t: c
        for t, c in _brute(n, sides, min(keep, n), highest).items()
        if limit is None or t <= limit
    }
    assert got == want


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(2, 5),
    st.integers(0, 4),
    st.sampled_from(["kh", "kl", "dh", "dl"]),
)
def test_pool_expressions_match_the_enumerated_roller(n: int, sides: int, k: int, op: str) -> None:
    text = f"{n}d{sides}{op}{k}"
    expr = parse(text)
    truth, tail = enumerate_outcomes(lambda src: roll(expr, src).total, eps=0.0)
    assert tail == 0
    assert distribution(text).probs == {t: p for t, p in truth.items() if p}


@pytest.mark.parametrize(
    ("plain", "walked"),
    [
        ("12d20kh5", "12d20mi1kh5"),
        ("15d10kl4", "15d10mi1kl4"),
        ("10d12dh3", "10d12mi1dh3"),
        ("9d30dl6", "9d30mi1dl6"),
        ("25d6kh12", "25d6mi1kh12"),
    ],
)
def test_generating_functions_agree_with_the_multinomial_walk(plain: str, walked: str) -> None:
    # ``mi1`` changes no die but sends the pool through the general per-face walk.
    assert distribution(plain).probs == distribution(walked, budget=unlimited()).probs


def test_known_values() -> None:
    d = distribution("4d6kh3")
    assert sum(v * p for v, p in d.probs.items()) == Fraction(15869, 1296)
    assert d.probs[18] == Fraction(21, 1296)
    assert distribution("2d20kh1").p_at_least(20) == pytest.approx(39 / 400)
    assert distribution("3d6").p_at_least(11) == pytest.approx(0.5)
    assert distribution("2d20kl1").probs[1] == Fraction(39, 400)


def _members(draw: st.DrawFn) -> list[dict[int, Fraction]]:
    out = []
    for _ in range(draw(st.integers(1, 4))):
        values = draw(st.lists(st.integers(-3, 8), min_size=1, max_size=4, unique=True))
        weights = draw(st.lists(st.integers(1, 5), min_size=len(values), max_size=len(values)))
        total = sum(weights)
        out.append({v: Fraction(w, total) for v, w in zip(values, weights, strict=True)})
    return out


@settings(max_examples=150, deadline=None)
@given(st.data(), st.booleans())
def test_keep_members_matches_the_product_of_members(data: st.DataObject, highest: bool) -> None:
    members = _members(data.draw)
    keep = data.draw(st.integers(0, len(members) + 1))
    want: Counter[int] = Counter()
    for combo in itertools.product(*(list(d.items()) for d in members)):
        values = sorted((v for v, _ in combo), reverse=highest)
        p = Fraction(1)
        for _, q in combo:
            p *= q
        want[sum(values[:keep])] += p  # type: ignore[assignment]
    scaled = []
    for d in members:
        denom = math.lcm(*(p.denominator for p in d.values()))
        scaled.append(({v: int(p * denom) for v, p in d.items()}, denom))
    weights, denom = keep_members(scaled, keep, highest=highest, budget=unlimited())
    assert {t: Fraction(w, denom) for t, w in weights.items()} == {
        t: p for t, p in want.items() if p
    }


def test_sets_of_unlike_members_match_enumeration() -> None:
    for text in ["(2d6,2d6,2d6)kh2", "(1d8,1d6,1d4,2)dl1", "(1d6,2d4,1d10)kl2", "(1d4,1d6)dh1"]:
        expr = parse(text)
        truth, _ = enumerate_outcomes(lambda src, e=expr: roll(e, src).total, eps=0.0)
        assert distribution(text).probs == truth, text


def test_the_issues_pools_are_exact_within_the_budget() -> None:
    for text, tn in [
        ("20d100kh10", 700),
        ("30d100kh15", 1000),
        ("30d1000kh15", 1000),
        ("(2d6,2d6,2d6,2d6,2d6,2d6)kh3", 15),
        ("30d1000kh15+1d20", 1000),
        ("1000d10000kh500", 1000),
    ]:
        found = expression_odds(text, tn)
        assert found is not None and found.exact, text
    # 20d100kh10 >= 700: the same figure as the whole distribution's.
    whole = distribution("20d100kh10").p_at_least(700)
    assert exact_at_least("20d100kh10", 700, budget=Budget()).p == pytest.approx(whole, abs=1e-15)


def test_cut_at_the_tn_gives_the_whole_distributions_answer() -> None:
    for text, tn in [("12d20kh5+3", 60), ("12d20kl5-2", 20), ("8d10dh2", 30), ("(10d6)", 40)]:
        cut = exact_at_least(text, tn, budget=Budget()).p
        assert cut == pytest.approx(distribution(text).p_at_least(tn), abs=1e-15), text


def test_over_budget_is_refused_before_the_work() -> None:
    with pytest.raises(OverBudget):
        distribution("1000d10000kh500")
    with pytest.raises(DiceError) as err:
        distribution("30d1000kh15", budget=Budget(1_000))
    assert err.value.key == "dice.odds_too_complex"


def test_estimate_is_labelled_reproducible_and_covers_the_exact_value() -> None:
    exact = distribution("10d6!kh3", budget=unlimited()).p_at_least(25)
    first = expression_odds("10d6!kh3", 25, units=1_000, estimate_units=2_000_000)
    again = expression_odds("10d6!kh3", 25, units=1_000, estimate_units=2_000_000)
    assert first is not None and not first.exact
    assert first == again
    assert first.samples >= 1_000
    assert first.low <= exact <= first.high
    assert first.high - first.low < 0.06


def test_no_estimate_when_a_roll_can_fail() -> None:
    assert expression_odds("1d6/(1d2-1)", 2) is None
    expr = parse("1000d6!")
    assert estimate_at_least(expr, 1000, budget=Budget()) is None  # aces pass 1,000 dice


def test_wilson_interval_known_value() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.3753, abs=1e-4)
    assert high == pytest.approx(0.6247, abs=1e-4)
    assert wilson_interval(0, 1000)[0] == 0.0
    assert wilson_interval(1000, 1000)[1] == 1.0


def test_nearly_certain_is_not_certain() -> None:
    # P(total < 1000) is about 1e-30 here: the float must not read as a certainty.
    for text in ["30d1000kh15", "30d1000kh15+1d20"]:
        found = expression_odds(text, 1000)
        assert found is not None and found.exact and 0.999 < found.p < 1, text
    assert expression_odds("2d6", 2) == expression_odds("2d6", -5)  # truly certain
    assert expression_odds("2d6", 2).p == 1.0  # type: ignore[union-attr]
