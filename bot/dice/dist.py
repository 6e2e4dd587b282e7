"""Exact distributions of dice expressions.

:func:`distribution` walks the parsed tree and combines exact distributions (integer
weights over one denominator, :class:`W`; fractions only at the end). Terms are
independent (each rolls its own dice), so ``+ - * / //  %`` and comparisons combine
pairwise. A dice term of plain dice (no aces, no per-die operator), summed or after one
``kh kl dh dl``, comes from generating functions (:mod:`bot.dice.pools`: order
statistics, no enumeration of the pool). Otherwise it is ``N`` independent dice, each
carried as a distribution over (value, kept) through the operators that act on each die
alone (``!``, ``ro``/``rr``/``mi``/``ma`` and ``k``/``p`` with ``N``, ``>N``, ``<N``),
then summed by binary powering or, for a final keep/drop of the highest/lowest, by a
multinomial walk over the values. Sets keeping or dropping the highest/lowest members
use a threshold dynamic program (:func:`bot.dice.pools.keep_members`); other set
operators enumerate the members' joint outcomes. Anything else (``e``/``ra``
explosions, several highest/lowest selections) falls back to exhaustive enumeration of
the roller (:mod:`bot.dice.enumerate`).

Every step charges a :class:`~bot.dice.budget.Budget` before it works; past it, or past
the size limits, the answer is ``dice.odds_too_complex`` (``/roll`` then gives a
labelled estimate, :mod:`bot.dice.estimate`).

Aces (``!``) make the support infinite: chains are followed until the mass left is
below ``tail_eps`` (1e-12 by default), and the result says so: ``truncated`` is true and
``tail`` is the exact probability mass not represented. A repeated expression (``6x``)
gets the distribution of one repetition.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from bot.dice.budget import Budget
from bot.dice.chain import MAX_ACE_CHAIN
from bot.dice.enumerate import enumerate_outcomes
from bot.dice.expr import Expr, Rounding, divide, parse
from bot.dice.pools import keep_members, pool_counts
from bot.dice.source import DiceError
from bot.dice.tree import (
    COMPARE,
    Annotated,
    Binary,
    Compare,
    Context,
    Dice,
    Node,
    Number,
    Operator,
    SetNode,
    Unary,
)

MAX_SUPPORT = 20_000
MAX_PAIRS = 2_000_000
MAX_PATHS = 20_000

Dist = dict[int, Fraction]  # one die's distribution (small): exact fractions


class W:
    """A distribution as integer weights over one denominator (``weights[v] / denom``;
    the weights may sum to less than ``denom`` when ace chains were cut). Integer
    convolution is far faster than Fraction arithmetic with large denominators, and no
    fraction is reduced until the end."""

    __slots__ = ("denom", "weights")

    def __init__(self, weights: dict[int, int], denom: int) -> None:
        self.weights = weights
        self.denom = denom

    @classmethod
    def of(cls, d: Dist) -> W:
        denom = math.lcm(*(p.denominator for p in d.values())) if d else 1
        return cls({v: p.numerator * (denom // p.denominator) for v, p in d.items()}, denom)

    @classmethod
    def point(cls, value: int) -> W:
        return cls({value: 1}, 1)

    def __len__(self) -> int:
        return len(self.weights)

    def mass(self) -> int:
        return sum(self.weights.values())

    def reduced(self) -> W:
        """Divide weights and denominator by their greatest common divisor."""
        g = math.gcd(self.denom, *self.weights.values())
        if g <= 1:
            return self
        return W({v: w // g for v, w in self.weights.items()}, self.denom // g)


class Distribution:
    """An exact distribution: ``probs`` maps each total to its probability; ``tail`` is
    the mass left out by truncating aces (0 when exact). Kept as integer weights over
    one denominator; the fractions are made when asked for."""

    __slots__ = ("_probs", "denom", "weights")

    def __init__(self, weights: dict[int, int], denom: int) -> None:
        self.weights = {v: w for v, w in weights.items() if w > 0}
        self.denom = denom
        self._probs: dict[int, Fraction] | None = None

    @property
    def probs(self) -> dict[int, Fraction]:
        if self._probs is None:
            self._probs = {v: Fraction(w, self.denom) for v, w in self.weights.items()}
        return self._probs

    @property
    def tail(self) -> Fraction:
        return Fraction(self.denom - sum(self.weights.values()), self.denom)

    @property
    def truncated(self) -> bool:
        return sum(self.weights.values()) < self.denom

    @property
    def support(self) -> list[int]:
        return sorted(self.weights)

    @property
    def mean(self) -> float:
        return float(Fraction(sum(v * w for v, w in self.weights.items()), self.denom))

    def p_at_least(self, x: int) -> float:
        return float(Fraction(sum(w for v, w in self.weights.items() if v >= x), self.denom))

    def p_at_most(self, x: int) -> float:
        return float(Fraction(sum(w for v, w in self.weights.items() if v <= x), self.denom))

    def to_view(self) -> dict[str, Any]:
        return {
            "probs": {v: float(Fraction(self.weights[v], self.denom)) for v in self.support},
            "truncated": self.truncated,
            "tail": float(self.tail),
            "mean": self.mean,
        }


def _too_complex(limit: int) -> DiceError:
    return DiceError("dice.odds_too_complex", limit=limit, position=0)


def _add(d: Dist, k: int, p: Fraction) -> None:
    d[k] = d.get(k, Fraction(0)) + p


def _combine(a: W, b: W, fn: Callable[[int, int], int], budget: Budget) -> W:
    """The distribution of ``fn(A, B)`` for independent A and B."""
    if len(a) * len(b) > MAX_PAIRS:
        raise _too_complex(MAX_PAIRS)
    budget.charge(len(a) * len(b) * 6 + len(a) + len(b))
    acc: dict[int, int] = {}
    wb = list(b.weights.items())
    for x, px in a.weights.items():
        for y, py in wb:
            k = fn(x, y)
            acc[k] = acc.get(k, 0) + px * py
    if len(acc) > MAX_SUPPORT:
        raise _too_complex(MAX_SUPPORT)
    return W(acc, a.denom * b.denom).reduced()


def _power(d: W, n: int, budget: Budget) -> W:
    """Distribution of the sum of ``n`` independent copies (binary powering)."""
    result = W.point(0)
    base = d
    while n:
        if n & 1:
            result = _combine(result, base, int.__add__, budget)
        n >>= 1
        if n:
            base = _combine(base, base, int.__add__, budget)
    return result


_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": int.__add__,
    "-": int.__sub__,
    "*": int.__mul__,
    "//": int.__floordiv__,
    "%": int.__mod__,
}


class _Walker:
    def __init__(self, rounding: str, die_eps: Fraction, budget: Budget) -> None:
        self.rounding = rounding
        self.die_eps = die_eps
        self.budget = budget

    def combine(self, a: W, b: W, fn: Callable[[int, int], int]) -> W:
        return _combine(a, b, fn, self.budget)

    def node(self, node: Node) -> W:
        if isinstance(node, Number):
            return W.point(node.value)
        if isinstance(node, Annotated):
            return self.node(node.inner)
        if isinstance(node, Unary):
            inner = self.node(node.operand)
            if node.op == "+":
                return inner
            return W({-v: w for v, w in inner.weights.items()}, inner.denom)
        if isinstance(node, Compare):
            cmp = COMPARE[node.op]
            return self.combine(
                self.node(node.left), self.node(node.right), lambda a, b: int(cmp(a, b))
            )
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, SetNode):
            return self.set(node)
        if isinstance(node, Dice):
            return self.dice(node)
        raise TypeError(node)  # pragma: no cover

    def binary(self, node: Binary) -> W:
        left, right = self.node(node.left), self.node(node.right)
        op = node.op
        if op in ("/", "//", "%") and right.weights.get(0, 0) > 0:
            raise DiceError("dice.division_by_zero", position=node.pos)
        if op == "/":
            rounding = self.rounding
            return self.combine(left, right, lambda a, b: divide(a, b, rounding))
        return self.combine(left, right, _ARITHMETIC[op])

    def set(self, node: SetNode) -> W:
        if node.paren and node.operators:
            return self.inside(node)
        items = [self.node(i) for i in node.items]
        if not node.operators:
            out = W.point(0)
            for d in items:
                out = self.combine(out, d, int.__add__)
            return out
        extreme = _single_extreme(node.operators, len(items))
        if extreme is not None:
            return _extreme(items, highest=extreme == "h", budget=self.budget)
        kept = _kept_members(node.operators, len(items))
        if kept is not None:
            weights, denom = keep_members(
                [(d.weights, d.denom) for d in items],
                kept[0],
                highest=kept[1],
                budget=self.budget,
            )
            return W(weights, denom).reduced()
        combos_count = math.prod(len(d) for d in items)
        if combos_count > MAX_PAIRS:
            raise _too_complex(MAX_PAIRS)
        self.budget.charge(combos_count * (len(items) * 3 + 10))
        combos: list[tuple[list[int], int]] = [([], 1)]
        for d in items:
            combos = [([*vals, v], p * q) for vals, p in combos for v, q in d.weights.items()]
        acc: dict[int, int] = {}
        for vals, p in combos:
            k = _kept_sum(vals, node.operators)
            acc[k] = acc.get(k, 0) + p
        return W(acc, math.prod(d.denom for d in items)).reduced()

    def inside(self, node: SetNode) -> W:
        """``(x)ops``: the operators act inside x (see :func:`bot.dice.tree._operate_inside`)."""
        ops = node.operators
        inner = node.items[0]
        while True:
            if isinstance(inner, Annotated):
                inner = inner.inner
            elif isinstance(inner, SetNode) and inner.paren:
                ops = inner.operators + ops
                inner = inner.items[0]
            else:
                break
        if isinstance(inner, Dice):
            merged = Dice(
                inner.count,
                inner.sides,
                inner.operators + ops,
                inner.ace_above,
                inner.pos,
                inner.text,
            )
            return self.dice(merged)
        if isinstance(inner, SetNode):
            return self.set(SetNode(inner.items, inner.operators + ops, False, inner.pos))
        d = self.node(inner)
        acc: dict[int, int] = {}
        for v, w in d.weights.items():
            k = _kept_sum([v], ops)
            acc[k] = acc.get(k, 0) + w
        return W(acc, d.denom)

    # --- dice terms ---

    def die(self, node: Dice, goes_on: Callable[[int], bool] | None = None) -> Dist:
        """One die of the term: uniform, or with its ace chain (faces for which
        ``goes_on`` is true roll again and add) truncated at die_eps."""
        s = node.sides
        above = node.ace_above
        if goes_on is None and above is not None:
            goes_on = above.__lt__
        if goes_on is None or s == 1:
            return {f: Fraction(1, s) for f in range(1, s + 1)}
        out: Dist = {}
        level: Dist = {0: Fraction(1)}  # partial sums of chains still going
        for _ in range(MAX_ACE_CHAIN + 1):
            self.budget.charge(len(level) * s * 20)  # Fraction arithmetic
            nxt: Dist = {}
            for base, p in level.items():
                q = p / s
                for f in range(1, s + 1):
                    if goes_on(f):
                        _add(nxt, base + f, q)
                    else:
                        _add(out, base + f, q)
            level = nxt
            if sum(level.values(), Fraction(0)) < self.die_eps:
                break
            if len(out) > MAX_SUPPORT:
                raise _too_complex(MAX_SUPPORT)
        return out

    def dice(self, node: Dice) -> W:
        ops = list(node.operators)
        if (
            node.ace_above is None
            and len(ops) == 1
            and ops[0].op == "e"
            and all(sel.kind not in ("h", "l") for sel in ops[0].selectors)
        ):
            # d20's explosion with nothing after it: the added dice only add up, so the
            # sum is that of N chains that go on while a face is selected.
            op = ops[0]
            chain = W.of(self.die(node, lambda f: _matches(op, f)))
            return _power(chain, node.count, self.budget)
        plain = plain_pool(node)
        if plain is not None:
            keep, highest = plain
            offset, counts = pool_counts(
                node.count, node.sides, keep, highest=highest, budget=self.budget
            )
            weights = {offset + i: c for i, c in enumerate(counts) if c}
            return W(weights, node.sides**node.count)
        fresh = self.die(node)
        state: dict[tuple[int, bool], Fraction] = {(v, True): p for v, p in fresh.items()}
        while ops and _per_die(ops[0]):
            state = _apply_per_die(state, ops.pop(0), fresh)
        if not ops:
            contrib: Dist = {}
            for (v, kept), p in state.items():
                _add(contrib, v if kept else 0, p)
            return _power(W.of(contrib), node.count, self.budget)
        if len(ops) == 1 and _order_statistic(ops[0]):
            return _keep_order_statistic(state, node.count, ops[0], self.budget)
        return self.enumerate(node)

    def enumerate(self, node: Node) -> W:
        if isinstance(node, Dice) and node.sides**node.count > MAX_PATHS:
            raise _too_complex(MAX_PATHS)  # every base die branches: at least s**N paths
        rounding = self.rounding

        def run(src: Any) -> int:
            return node.evaluate(Context(src, rounding)).value

        probs, _tail = enumerate_outcomes(
            run, eps=float(self.die_eps), max_paths=MAX_PATHS, budget=self.budget
        )
        return W.of(probs)


def plain_pool(node: Dice) -> tuple[int | None, bool] | None:
    """``(keep, highest)`` when the term is N plain dice (no aces, no per-die operator)
    summed whole (``keep`` None) or after one keep/drop of the highest/lowest; None
    otherwise. ``dhM`` keeps the N-M lowest, ``dlM`` the N-M highest."""
    if node.ace_above is not None and node.sides > 1:
        return None
    if not node.operators:
        return None, True
    if len(node.operators) != 1 or not _order_statistic(node.operators[0]):
        return None
    op = node.operators[0]
    sel = op.selectors[0]
    if op.op == "k":
        return sel.n, sel.kind == "h"
    return max(node.count - sel.n, 0), sel.kind == "l"


def _per_die(op: Operator) -> bool:
    if op.op in ("mi", "ma"):
        return True
    if op.op in ("k", "p", "ro", "rr"):
        return all(s.kind not in ("h", "l") for s in op.selectors)
    return False


def _order_statistic(op: Operator) -> bool:
    return op.op in ("k", "p") and len(op.selectors) == 1 and op.selectors[0].kind in ("h", "l")


def _matches(op: Operator, v: int) -> bool:
    return any(s.matches_face(v) for s in op.selectors)


def _apply_per_die(
    state: dict[tuple[int, bool], Fraction], op: Operator, fresh: Dist
) -> dict[tuple[int, bool], Fraction]:
    out: dict[tuple[int, bool], Fraction] = {}

    def add(key: tuple[int, bool], p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    if op.op == "rr":
        ok = {v: p for v, p in fresh.items() if not _matches(op, v)}
        norm = sum(ok.values(), Fraction(0))
        if norm == 0:
            raise DiceError("dice.rerolls_always", position=op.pos)
    for (v, kept), p in state.items():
        if not kept:
            add((v, kept), p)
        elif op.op == "mi":
            add((max(v, op.selectors[-1].n), True), p)
        elif op.op == "ma":
            add((min(v, op.selectors[-1].n), True), p)
        elif op.op == "k":
            add((v, _matches(op, v)), p)
        elif op.op == "p":
            add((v, not _matches(op, v)), p)
        elif not _matches(op, v):
            add((v, True), p)
        elif op.op == "ro":
            for w, q in fresh.items():
                add((w, True), p * q)
        else:  # rr: the final value is a fresh die that is not selected
            for w, q in ok.items():
                add((w, True), p * q / norm)
    return out


def _keep_order_statistic(
    state: dict[tuple[int, bool], Fraction], count: int, op: Operator, budget: Budget
) -> W:
    """Sum of N iid dice after keeping/dropping the n highest/lowest of the kept ones
    (dice with per-die operators or aces: any distribution of values): assign dice to
    values in selection order (highest first for ``h``), counting with multinomial
    weights; the first n kept dice are the selected ones. Integer weights over a
    common denominator (one factor per die)."""
    sel = op.selectors[0]
    n = sel.n
    per_die = W.of({i: p for i, p in enumerate(state.values())})
    weights, denom = per_die.weights, per_die.denom
    keys = list(state)
    dropped = sum(weights.get(i, 0) for i, key in enumerate(keys) if not key[1])
    kept_vals: dict[int, int] = {}
    for i, (v, kept) in enumerate(keys):
        if kept:
            kept_vals[v] = kept_vals.get(v, 0) + weights.get(i, 0)
    order = sorted(kept_vals, reverse=sel.kind == "h")
    keeps = op.op == "k"
    # dp[(dice assigned, selected dice so far (at most n), sum)] = integer weight. For
    # ``k``, once n dice are selected the rest only has to fall on later values.
    dp: dict[tuple[int, int, int], int] = {}
    for c in range(count + 1):
        w = math.comb(count, c) * dropped**c
        if w:
            dp[(c, 0, 0)] = w
    acc: dict[int, int] = {}
    later = sum(kept_vals.values())
    for v in order:
        q = kept_vals[v]
        later -= q
        later_pow = [later**j for j in range(count + 1)] if keeps else []
        budget.charge(len(dp) * (count + 1) * 10 + count)
        nxt: dict[tuple[int, int, int], int] = {}
        for (used, k, total), w in dp.items():
            rest = count - used
            qc = 1
            for c in range(rest + 1):
                selected = min(n - k, c)
                ways = w * math.comb(rest, c) * qc
                qc *= q
                if keeps:
                    t = total + selected * v
                    if k + c >= n:
                        acc[t] = acc.get(t, 0) + ways * later_pow[rest - c]
                        continue
                else:
                    t = total + (c - selected) * v
                key = (used + c, min(k + c, n), t)
                nxt[key] = nxt.get(key, 0) + ways
        dp = nxt
        if len(dp) > MAX_PAIRS:
            raise _too_complex(MAX_PAIRS)
    for (used, _k, total), w in dp.items():
        if used == count:
            acc[total] = acc.get(total, 0) + w
    return W(acc, denom**count).reduced()


def _kept_members(operators: tuple[Operator, ...], members: int) -> tuple[int, bool] | None:
    """``(keep, highest)`` for one keep/drop of the highest/lowest members."""
    if len(operators) != 1 or not _order_statistic(operators[0]):
        return None
    op, sel = operators[0].op, operators[0].selectors[0]
    if op == "k":
        return sel.n, sel.kind == "h"
    return max(members - sel.n, 0), sel.kind == "l"


def _single_extreme(operators: tuple[Operator, ...], members: int) -> str | None:
    """``"h"`` when the operators keep only the highest member (kh1, dl<m-1>), ``"l"``
    for the lowest; None otherwise."""
    if len(operators) != 1 or len(operators[0].selectors) != 1 or members == 0:
        return None
    op, sel = operators[0].op, operators[0].selectors[0]
    if sel.kind not in ("h", "l"):
        return None
    if op == "k" and sel.n == 1:
        return sel.kind
    if op == "p" and sel.n == members - 1:
        return "l" if sel.kind == "h" else "h"
    return None


def _extreme(items: list[W], *, highest: bool, budget: Budget) -> W:
    """Distribution of the max (or min) of independent members, through their CDFs:
    P(max <= x) = prod P(X_i <= x)."""
    values = sorted({v for d in items for v in d.weights}, reverse=not highest)
    budget.charge(len(values) * len(items) * 3)
    out: dict[int, int] = {}
    prev = 0
    cums = [0] * len(items)
    for v in values:
        for i, d in enumerate(items):
            cums[i] += d.weights.get(v, 0)
        now = math.prod(cums)
        if now != prev:
            out[v] = now - prev
        prev = now
    return W(out, math.prod(d.denom for d in items)).reduced()


def _kept_sum(values: list[int], operators: tuple[Operator, ...]) -> int:
    class _Item:
        __slots__ = ("kept", "value")

        def __init__(self, value: int) -> None:
            self.value = value
            self.kept = True

    items = [_Item(v) for v in values]
    for op in operators:
        chosen = {id(x) for x in op.select(items)}
        for x in items:
            if x.kept and ((id(x) in chosen) != (op.op == "k")):
                x.kept = False
    return sum(x.value for x in items if x.kept)


def distribution(
    expression: str | Expr,
    *,
    rounding: Rounding | str = "floor",
    tail_eps: float = 1e-12,
    budget: Budget | None = None,
) -> Distribution:
    """The exact distribution of an expression's total (of one repetition), truncating
    ace chains so that the mass left out is below ``tail_eps`` (reported as ``tail``).
    Raises ``dice.odds_too_complex`` when it would take more work than ``budget``
    (:data:`bot.dice.budget.ODDS_UNITS` by default) or too much memory."""
    expr = parse(expression) if isinstance(expression, str) else expression
    dice_terms = max(1, expr.root.dice_count)
    walker = _Walker(rounding, Fraction(tail_eps) / dice_terms, budget or Budget())
    w = walker.node(expr.root)
    return Distribution(w.weights, w.denom)
