"""Exact odds for the system rolls, and (via :mod:`bot.dice.dist`) for expressions.

Nothing here formats text: the cog turns these numbers into "62% éxito · 21% aumento".

Methods (all exact rational arithmetic, converted to float at the end):

- SWADE (SW-1..SW-5): an acing die of ``s`` sides has a closed-form survival function,
  ``P(V >= t) = (1/s)^k * (s - t' + 1)/s`` with ``k`` full aces needed and ``t'`` what is
  left. A Wild Card keeps ``max(T, W)``, so ``P(max >= x) = 1 - P(T < x) P(W < x)``. A
  critical failure has ``max == 1``, so it only has to be taken out of a success when
  the threshold is 1 or less. No truncation; the bot's 100-ace safety cap (SW-2) changes
  the odds by less than ``s**-100`` and is ignored.
- Dread S-20 (DS-1, DS-2): the d20 against the exact distribution of
  ``sum(bonus d4) - sum(penalty d4)``.
- Ritual Hex (RH-1, RH-2): a die is ``5k + r`` (``k`` sixes, last face ``r`` in 1..5)
  with probability ``6**-(k+1)``, so its mean is exactly 4 and three dice average 12.
  ``P(3 dice <= m)`` needs only finitely many terms, so P(success) is exact; the mean of
  ``<S>`` uses ``E[(S - t)+] = E[S] - t + E[(t - S)+]``, also finite.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any

from bot.dice.budget import ODDS_UNITS, Budget
from bot.dice.chain import check_number, check_sides
from bot.dice.dist import Distribution, distribution, plain_pool
from bot.dice.ds20 import MAX_UNITS, adjust_margin
from bot.dice.estimate import estimate_at_least
from bot.dice.expr import Expr, parse
from bot.dice.pools import pool_counts
from bot.dice.source import DiceError
from bot.dice.swade import RAISE_STEP, UNSKILLED_DIE, UNSKILLED_PENALTY, TraitSpec
from bot.dice.tree import Annotated, Binary, Dice, Node, Number, SetNode, Unary

__all__ = [
    "DSOdds",
    "Distribution",
    "ExpressionOdds",
    "RHOdds",
    "TraitOdds",
    "distribution",
    "ds20_odds",
    "expression_odds",
    "rh_check_odds",
    "spec_odds",
    "trait_odds",
    "trait_odds_exact",
]

# --- SWADE ----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def acing_at_least(sides: int, t: int) -> Fraction:
    """P(V >= t) for one acing die of ``sides`` faces (SW-2); a d1 never aces."""
    if t <= 1:
        return Fraction(1)
    if sides == 1:
        return Fraction(0)
    p = Fraction(1)
    while t > sides:
        p /= sides
        t -= sides
    return p * Fraction(sides - t + 1, sides)


@dataclass(frozen=True, slots=True)
class TraitOdds:
    """Odds of one SWADE trait test: success, at least one raise, at least two raises,
    critical failure (SW-1, SW-3). Successes exclude critical failures."""

    p_success: float
    p_raise: float
    p_two_raises: float
    p_crit: float

    def to_view(self) -> dict[str, Any]:
        return {
            "p_success": self.p_success,
            "p_raise": self.p_raise,
            "p_two_raises": self.p_two_raises,
            "p_crit": self.p_crit,
        }


def trait_odds_exact(
    die: int,
    *,
    modifier: int = 0,
    tn: int = 4,
    wild_die: int | None = 6,
    unskilled: bool = False,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Exact (success, raise, two raises, critical failure) as fractions; see
    :func:`trait_odds`."""
    if unskilled:
        die, modifier = UNSKILLED_DIE, modifier + UNSKILLED_PENALTY
    check_sides(die)
    if wild_die is not None:
        check_sides(wild_die)
    p_nat1 = Fraction(1, die)
    # SW-3: an Extra's natural 1 needs a 1 on the extra d6; a WC's, a 1 on the wild die.
    p_crit = p_nat1 * Fraction(1, 6 if wild_die is None else wild_die)

    def at_least(x: int) -> Fraction:
        if wild_die is None:
            p = acing_at_least(die, x)
        else:
            p = 1 - (1 - acing_at_least(die, x)) * (1 - acing_at_least(wild_die, x))
        # A critical failure shows a kept die of 1: it only counts against x <= 1.
        return p - p_crit if x <= 1 else p

    need = tn - modifier
    return (
        at_least(need),
        at_least(need + RAISE_STEP),
        at_least(need + 2 * RAISE_STEP),
        p_crit,
    )


def trait_odds(
    die: int,
    *,
    modifier: int = 0,
    tn: int = 4,
    wild_die: int | None = 6,
    unskilled: bool = False,
) -> TraitOdds:
    """Exact odds of a single-die SWADE trait test (SW-1..SW-5), Wild Card (``wild_die``
    the wild die's size) or Extra (``wild_die=None``, whose critical failure is a natural
    1 and then a 1 on a d6), any TN and modifier; unskilled is d4 -2 (SW-5)."""
    s, r, rr, c = trait_odds_exact(
        die, modifier=modifier, tn=tn, wild_die=wild_die, unskilled=unskilled
    )
    return TraitOdds(float(s), float(r), float(rr), float(c))


def spec_odds(spec: TraitSpec, *, bonus: int = 0) -> TraitOdds | None:
    """Odds of a parsed trait notation (``s8+1 vs 6``); None for rate of fire (several
    trait dice), whose odds this module does not compute."""
    if spec.trait_dice != 1:
        return None
    return trait_odds(
        spec.die,
        modifier=spec.modifier + bonus,
        tn=spec.tn,
        wild_die=spec.wild_die,
        unskilled=spec.unskilled,
    )


# --- Dread S-20 -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DSOdds:
    """Odds of a Dread S-20 roll (DS-1, DS-2)."""

    p_success: float
    p_spectacular: float
    p_disaster: float

    def to_view(self) -> dict[str, Any]:
        return {
            "p_success": self.p_success,
            "p_spectacular": self.p_spectacular,
            "p_disaster": self.p_disaster,
        }


@lru_cache(maxsize=256)
def _d4_sum_at_least(count: int) -> tuple[int, list[int]]:
    """(offset, tail): ``tail[i]`` = ways (of 4**count) for ``count`` d4 to total at
    least ``offset + i`` (:func:`bot.dice.pools.pool_counts`, O(count**2))."""
    if count == 0:
        return 0, [1]
    offset, counts = pool_counts(count, 4, None, budget=Budget(1 << 40))
    return offset, list(accumulate(reversed(counts)))[::-1]


@lru_cache(maxsize=1024)
def _balance_at_least(bonus: int, penalty: int, t: int) -> int:
    """Ways (of 4**(bonus+penalty)) that sum(bonus d4) - sum(penalty d4) >= t."""
    ob, tail_b = _d4_sum_at_least(bonus)
    op, tail_p = _d4_sum_at_least(penalty)
    ways_p = [a - b for a, b in zip(tail_p, [*tail_p[1:], 0], strict=True)]
    total = 0
    for j, w in enumerate(ways_p):
        i = t + op + j - ob  # the bonus sum must reach t + (penalty sum)
        if i <= 0:
            total += w * tail_b[0]
        elif i < len(tail_b):
            total += w * tail_b[i]
    return total


def _first_success(d20: int, score: int, low: int, high: int) -> int | None:
    """The smallest balance in ``low..high`` that succeeds on this d20 after DS-2 (whose
    success is monotone in the margin), by bisection; None when none does."""

    def ok(delta: int) -> bool:
        return adjust_margin(d20, score - d20 + delta) >= 0

    if not ok(high):
        return None
    while low < high:
        mid = (low + high) // 2
        if ok(mid):
            high = mid
        else:
            low = mid + 1
    return low


def ds20_odds(score: int, bonus: int = 0, penalty: int = 0) -> DSOdds:
    """Exact odds of a roll-under d20 against ``score`` with ``bonus`` and ``penalty``
    d4s: success (final margin >= 0 after DS-2), spectacular (a natural 1 that succeeds,
    see :class:`bot.dice.ds20.DSRoll`), disaster (a natural 20: always 1/20).

    For each face of the d20, success after DS-2 is a threshold on the d4s' balance
    (a natural 1 succeeds from a margin of -10, 2..19 from 0, a 20 never): the smallest
    balance that succeeds is found with :func:`bot.dice.ds20.adjust_margin` itself, and
    the chance of reaching it comes from the exact sums of each side's d4s. O(units**2)
    (100 bonus and 100 penalty d4s took 45 ms on the event loop by convolving them)."""
    check_number(score)
    for units in (bonus, penalty):
        if not 0 <= units <= MAX_UNITS:
            raise DiceError("dice.bad_units", count=units, limit=MAX_UNITS, position=0)
    low, high = bonus - 4 * penalty, 4 * bonus - penalty
    total = 20 * 4 ** (bonus + penalty)
    success = spectacular = 0
    for d20 in range(1, 21):
        first = _first_success(d20, score, low, high)
        if first is None:
            continue
        ways = _balance_at_least(bonus, penalty, first)
        success += ways
        if d20 == 1:
            spectacular += ways
    return DSOdds(success / total, spectacular / total, 1 / 20)


# --- Ritual Hex -----------------------------------------------------------------------

RH_DIE_MEAN = 4  # E[5K + R] = 5 * (1/5) + 3: K sixes ~ geometric(5/6), R uniform 1..5


# Sums of three faces 1..5 (RH-1 without the sixes): how many of the 125 outcomes are
# <= t, and the sum of (t - R) over them, for t = 0..15.
_R_COUNTS = [
    sum(1 for a in range(1, 6) for b in range(1, 6) for c in range(1, 6) if a + b + c <= t)
    for t in range(16)
]
_R_SHORTFALL = [
    sum(
        t - (a + b + c)
        for a in range(1, 6)
        for b in range(1, 6)
        for c in range(1, 6)
        if a + b + c <= t
    )
    for t in range(16)
]


@lru_cache(maxsize=256)
def _rh_sum_upto(m: int) -> tuple[Fraction, Fraction]:
    """(P(S <= m), E[(m - S) 1{S <= m}]) for S the sum of 3 RH-1 dice.

    A die is ``5k + r``: ``k`` sixes (P = (5/6)(1/6)**k) and a last face ``r`` uniform
    on 1..5, independent of ``k``. So ``S = 5K + R`` with ``K`` the sixes of all three
    dice (negative binomial: ``P(K = j) = C(j+2, 2) 5**3 / 6**(j+3)``) and ``R`` the sum
    of three faces 1..5, independent: O(m) terms (was O(m**2) by convolution). Exact
    integers over the denominator ``125 * 6**(J+3)``."""
    if m < 3:
        return Fraction(0), Fraction(0)
    top = (m - 3) // 5  # the most sixes that still leave R >= 3 under m
    count = shortfall = 0
    for j in range(top + 1):
        t = m - 5 * j  # R <= t
        weight = (j + 1) * (j + 2) // 2 * 125 * 6 ** (top - j)  # P(K=j) * 125 * 6**(top+3)
        if t >= 15:
            count += weight * 125
            shortfall += weight * (125 * t - 1125)  # E[t - R] = t - 9, R's total is 1125
        else:
            count += weight * _R_COUNTS[t]
            shortfall += weight * _R_SHORTFALL[t]
    denom = 125 * 6 ** (top + 3)
    return Fraction(count, denom), Fraction(shortfall, denom)


@dataclass(frozen=True, slots=True)
class RHOdds:
    """Odds of a Ritual Hex check (RH-2). ``mean_s`` is the mean of ``<S>`` given that
    the check succeeds (what the effect will use when it happens); ``expected_s`` is
    E[max(<S>, 0)], the unconditional average (0 on failure)."""

    p_success: float
    mean_s: float
    expected_s: float

    def to_view(self) -> dict[str, Any]:
        return {"p_success": self.p_success, "mean_s": self.mean_s, "expected_s": self.expected_s}


def rh_check_odds(co: int, difficulty: int, cd: int = 0) -> RHOdds:
    """Exact odds of ``<CO>[D]<CD>``: 3 RH-1 dice + CO strictly above D + CD (RH-2)."""
    t = difficulty + cd - co  # success iff S > t
    p_fail, shortfall = _rh_sum_upto(t)
    p_success = 1 - p_fail
    expected = 3 * RH_DIE_MEAN - t + shortfall
    mean_s = expected / p_success if p_success else Fraction(0)
    return RHOdds(float(p_success), float(mean_s), float(expected))


# --- expressions: P(total >= TN) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExpressionOdds:
    """P(total >= TN) of an expression. ``exact``: ``p`` is exact up to ``tail`` (the
    mass of ace chains cut below 1e-12). Otherwise ``p`` is an estimate from ``samples``
    seeded rolls and the true value is in ``low``..``high`` with 99% confidence."""

    p: float
    exact: bool = True
    tail: float = 0.0
    low: float = 0.0
    high: float = 1.0
    samples: int = 0


def _pool_and_shift(node: Node) -> tuple[Dice, int] | None:
    """``NdS[kh|kl|dh|dl]`` plus or minus constants (labels and parentheses ignored)."""
    shift = 0
    while True:
        if isinstance(node, Annotated):
            node = node.inner
        elif isinstance(node, SetNode) and node.paren and not node.operators:
            node = node.items[0]
        elif isinstance(node, Unary) and node.op == "+":
            node = node.operand
        elif isinstance(node, Binary) and node.op in ("+", "-") and isinstance(node.right, Number):
            shift += node.right.value if node.op == "+" else -node.right.value
            node = node.left
        elif isinstance(node, Binary) and node.op == "+" and isinstance(node.left, Number):
            shift += node.left.value
            node = node.right
        else:
            break
    if type(node) is Dice and plain_pool(node) is not None:
        return node, shift
    return None


def exact_at_least(
    expression: str | Expr, tn: int, *, rounding: str = "floor", budget: Budget
) -> ExpressionOdds:
    """Exact P(total >= TN). A plain pool (``30d1000kh15 + 2``) needs only the totals
    below TN: its counts are cut there (:func:`bot.dice.pools.pool_counts` with a
    limit), so TN bounds the work whatever the pool. Anything else goes through the
    whole distribution. Raises ``dice.odds_too_complex`` past ``budget``."""
    expr = parse(expression) if isinstance(expression, str) else expression
    found = _pool_and_shift(expr.root)
    if found is not None:
        pool, shift = found
        keep, highest = plain_pool(pool)  # type: ignore[misc]
        _, below = pool_counts(
            pool.count, pool.sides, keep, highest=highest, limit=tn - shift - 1, budget=budget
        )
        total = pool.sides**pool.count
        return ExpressionOdds(_honest(1 - Fraction(sum(below), total)))
    dist = distribution(expr, rounding=rounding, budget=budget)
    hits = sum(w for v, w in dist.weights.items() if v >= tn)
    return ExpressionOdds(_honest(Fraction(hits, dist.denom)), tail=float(dist.tail))


def _honest(p: Fraction) -> float:
    """``p`` as a float that is 0 or 1 only when ``p`` is (1 - 1e-30 would round to 1.0
    and read as a certainty)."""
    f = float(p)
    if f == 1.0 and p != 1:
        return math.nextafter(1.0, 0.0)
    if f == 0.0 and p != 0:
        return math.nextafter(0.0, 1.0)
    return f


def expression_odds(
    expression: str | Expr,
    tn: int,
    *,
    rounding: str = "floor",
    units: int = ODDS_UNITS,
    estimate_units: int | None = None,
) -> ExpressionOdds | None:
    """P(total >= TN) for ``/roll ... tn:``: exact when it fits in ``units`` of work,
    else a labelled estimate from seeded rolls (``estimate_units``, by default as many;
    with 0, no estimate). None when neither is possible (a roll that may divide by
    zero, an estimate with too few rolls)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    try:
        return exact_at_least(expr, tn, rounding=rounding, budget=Budget(units))
    except DiceError as err:
        if err.key != "dice.odds_too_complex":
            return None
    extra = units if estimate_units is None else estimate_units
    if extra <= 0:
        return None
    est = estimate_at_least(expr, tn, rounding=rounding, budget=Budget(extra))
    if est is None:
        return None
    return ExpressionOdds(est.p, exact=False, low=est.low, high=est.high, samples=est.samples)


def toughness_odds(
    expression: str | Expr, toughness: int, *, rounding: str = "floor", units: int = ODDS_UNITS
) -> tuple[ExpressionOdds, ExpressionOdds] | None:
    """SW-12 for ``/roll 2d6!t6``: the chance of Shaken or more (total >= Toughness) and
    of at least a wound (total >= Toughness + 4), each exact or a labelled estimate as
    :func:`expression_odds` gives it; None when either cannot be had."""
    shaken = expression_odds(expression, toughness, rounding=rounding, units=units)
    wound = expression_odds(expression, toughness + 4, rounding=rounding, units=units)
    if shaken is None or wound is None:
        return None
    return shaken, wound
