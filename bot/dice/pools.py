"""Exact sums of dice pools, without enumerating the pool: order statistics.

Plain pools (``NdS``, ``NdSkhK``, ``kl``, ``dh``, ``dl``; faces 1..S equally likely)
use generating functions whose coefficients are integer counts out of ``S**N``:

- The sum of all N dice: ``x**N (1 - x**S)**N / (1 - x)**N``. The numerator has N + 1
  terms; dividing by ``(1 - x)`` is a running sum, done N times (in C, by
  :func:`itertools.accumulate`). O(N * L) for L possible totals.
- Keep the K highest: condition on ``v``, the value of the K-th highest die. Say ``a``
  dice (``a < K``) are above ``v``: all kept, each uniform on ``v+1..S``; at least
  ``K - a`` show ``v`` (``K - a`` of them kept) and the rest are below ``v`` (dropped,
  ``v - 1`` faces each). The number of ways is ``C(N, a) * T(v, a)`` with
  ``T(v, a) = sum_{j <= N-K} C(N-a, j) (v-1)**j`` (``j`` dice below ``v``), and the kept
  sum is ``(K - a) v`` plus the sum of the ``a`` dice above, whose generating function
  is ``x**(a(v+1)) (1 - x**(S-v))**a / (1 - x)**a``. So the whole distribution is
  ``sum_a N_a(x) / (1 - x)**a`` with ``N_a`` a sparse polynomial (``S (a+1)`` terms),
  summed by Horner's rule: K - 1 running sums in all. ``T`` follows a recurrence in
  ``a`` (Pascal's rule), O(1) each. Keeping the K lowest is the mirror image (the
  ``a`` dice below ``v`` are uniform on ``1..v-1``, the dropped ones on ``v+1..S``);
  ``dhM`` is ``kl(N-M)`` and ``dlM`` is ``kh(N-M)``.
  Cost: O(K * L + S * K**2) with L = K (S - 1) + 1 totals, against the multinomial
  walk over faces it replaces (O(S * N**2 * L) big-number operations).
- ``limit``: only totals up to ``limit`` are wanted (P(total >= TN) needs P(total <
  TN)): the series are cut there, which is exact for every coefficient kept, and
  terms above it are never built. With TN at most 1,000, any plain pool of up to
  1,000 dice of any size costs at most about a million additions.

Members of a set that are not alike (``(1d8!, 2d6, 1d4)kh2``) use a dynamic program per
threshold over the members (:func:`keep_members`). Every function charges a
:class:`~bot.dice.budget.Budget` before the work and raises
:class:`~bot.dice.budget.OverBudget` when it would not fit.
"""

from __future__ import annotations

import math
from itertools import accumulate

from bot.dice.budget import Budget, OverBudget

# Longest array of counts built at once (memory: a few MB of integers).
MAX_LENGTH = 200_000


def _bits(n: int, sides: int) -> int:
    """Counts grow to ``sides**n``: about this many bits."""
    return max(1, n * (sides - 1).bit_length())


# Costs in budget units (about 0.1 microsecond each on the reference machine; see
# bench/dice.py): a running-sum step in C, and a Python-level multiply-add, on numbers
# of ``bits`` bits.
def _sum_step(bits: int) -> float:
    return 0.25 + bits / 2000


def _term(bits: int) -> float:
    return 1 + bits / 400


def pool_counts(
    n: int,
    sides: int,
    keep: int | None,
    *,
    highest: bool = True,
    limit: int | None = None,
    budget: Budget,
) -> tuple[int, list[int]]:
    """Counts (out of ``sides**n``) of the sum of the ``keep`` highest (``highest``) or
    lowest of ``n`` dice with faces ``1..sides``; ``keep=None`` keeps them all. Returns
    ``(offset, counts)``: ``counts[i]`` ways to total ``offset + i``. With ``limit``,
    ``counts`` stops at the total ``limit`` (exact up to there; may be empty)."""
    if keep is None or keep >= n:
        keep = n
    if keep <= 0 or n <= 0 or sides == 1:
        total = max(keep, 0) if sides == 1 else 0
        return total, [] if limit is not None and limit < total else [sides ** max(n, 0)]
    top = keep * sides
    if limit is not None:
        top = min(top, limit)
    length = top - keep + 1
    if length <= 0:
        return keep, []
    if length > MAX_LENGTH:
        raise OverBudget(budget.limit)
    if keep == n:
        return keep, _sum_counts(n, sides, length, budget)
    return keep, _keep_counts(n, sides, keep, highest, length, budget)


def _sum_counts(n: int, sides: int, length: int, budget: Budget) -> list[int]:
    """Sum of ``n`` dice, totals ``n .. n + length - 1``: (1 - x**s)**n / (1 - x)**n."""
    budget.charge(length * n * _sum_step(_bits(n, sides)) + n)
    acc = [0] * length
    c = 1
    for i in range(n + 1):
        e = i * sides
        if e >= length:
            break
        acc[e] = -c if i % 2 else c
        c = c * (n - i) // (i + 1)
    for _ in range(n):
        acc = list(accumulate(acc))
    return acc


def _keep_counts(
    n: int, sides: int, keep: int, highest: bool, length: int, budget: Budget
) -> list[int]:
    """See the module docstring; totals ``keep .. keep + length - 1``."""
    k, s = keep, sides
    bits = _bits(n, s)
    # The smallest total with the keep-th value v is k + k(v-1) + a (highest) or
    # k + (k-a)(v-1) (lowest): larger v add nothing below ``length``.
    v_max = min(s, (length - 1) // k + 1) if highest else min(s, length)
    budget.charge(
        (k - 1) * length * _sum_step(bits)  # the running sums
        + v_max * (k * 2 * _term(bits) + bits / 40)  # the factors C(N, a) T(v, a)
    )
    j_max = n - k
    choose_n = [math.comb(n, a) for a in range(k)]
    pascal = [math.comb(n - a - 1, j_max) for a in range(k)]
    coef: list[list[int]] = []  # coef[v-1][a] = C(n, a) * T(v, a)
    for v in range(1, v_max + 1):
        r = v - 1 if highest else s - v  # faces on the dropped side of v
        rj = r ** (j_max + 1)
        t = (1 + r) ** (j_max + 1) - rj  # T(v, K-1)
        col = [0] * k
        col[k - 1] = t * choose_n[k - 1]
        for a in range(k - 2, -1, -1):
            # Pascal: T(v, a) = (1 + r) T(v, a+1) - C(n-a-1, N-K) r**(N-K+1)
            t = (1 + r) * t - pascal[a] * rj
            col[a] = t * choose_n[a]
        coef.append(col)
    acc: list[int] = [0] * length
    for a in range(k - 1, -1, -1):
        if a < k - 1:
            acc = list(accumulate(acc))
        # (v, first exponent, step, how many terms) of N_a below ``length``
        plan = []
        for v in range(1, v_max + 1):
            if highest:
                m, base = s - v, k * (v - 1) + a
            else:
                m, base = v - 1, (k - a) * (v - 1)
            if base >= length:
                break  # base grows with v
            if a and m == 0:
                continue  # no face on the kept side of v for the a dice
            plan.append((v, base, m, min(a, (length - 1 - base) // m if m else 0) + 1))
        budget.charge(len(plan) + sum(p[3] for p in plan) * _term(bits))
        binom = _signed_row(a)
        for v, base, m, terms in plan:
            c = coef[v - 1][a]
            for i in range(terms):
                acc[base + i * m] += binom[i] * c
    return acc


def _signed_row(a: int) -> list[int]:
    """(-1)**i C(a, i) for i = 0..a."""
    row = [1] * (a + 1)
    c = 1
    for i in range(a):
        c = c * (a - i) // (i + 1)
        row[i + 1] = -c if i % 2 == 0 else c
    return row


# --- sets of unlike members -------------------------------------------------------------


def keep_members(
    members: list[tuple[dict[int, int], int]], keep: int, *, highest: bool, budget: Budget
) -> tuple[dict[int, int], int]:
    """Distribution of the sum of the ``keep`` highest (or lowest) of independent members
    with any distributions. For each threshold ``v`` (the value of the keep-th member):
    a dynamic program over the members counts the ways to have ``a < keep`` members
    above ``v`` (with their sum) and at least ``keep - a`` equal to ``v``; the kept sum is
    then that sum plus ``(keep - a) v``. Each outcome has exactly one threshold.
    Members and result are ``(weights, denominator)``."""
    m = len(members)
    denom = math.prod(d for _, d in members)
    if keep >= m:
        keep = m
    if keep <= 0:
        return {0: denom}, denom
    sign = 1 if highest else -1
    scaled = [{sign * v: w for v, w in weights.items()} for weights, _ in members]
    values = sorted({v for d in scaled for v in d})
    out: dict[int, int] = {}
    for v in values:
        # state (above, equal capped at keep) -> {sum of the members above: ways}
        dp: dict[tuple[int, int], dict[int, int]] = {(0, 0): {0: 1}}
        for d in scaled:
            above = [(u, w) for u, w in d.items() if u > v]
            equal = d.get(v, 0)
            below = sum(w for u, w in d.items() if u < v)
            budget.charge(sum(len(sums) for sums in dp.values()) * (len(above) + 2) * 2 + len(d))
            nxt: dict[tuple[int, int], dict[int, int]] = {}
            for (a, b), sums in dp.items():
                if below:
                    tgt = nxt.setdefault((a, b), {})
                    for t, w in sums.items():
                        tgt[t] = tgt.get(t, 0) + w * below
                if equal:
                    tgt = nxt.setdefault((a, min(b + 1, keep)), {})
                    for t, w in sums.items():
                        tgt[t] = tgt.get(t, 0) + w * equal
                if above and a + 1 < keep:
                    tgt = nxt.setdefault((a + 1, b), {})
                    for t, w in sums.items():
                        for u, q in above:
                            tgt[t + u] = tgt.get(t + u, 0) + w * q
            dp = nxt
        for (a, b), sums in dp.items():
            if a + b < keep:
                continue
            for t, w in sums.items():
                total = sign * (t + (keep - a) * v)
                out[total] = out.get(total, 0) + w
    return {t: w for t, w in out.items() if w}, denom
