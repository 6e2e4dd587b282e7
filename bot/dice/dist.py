"""Exact distributions of dice expressions.

:func:`distribution` walks the parsed tree and combines exact distributions (rational
arithmetic). Terms are independent (each rolls its own dice), so ``+ - * / //  %`` and
comparisons combine pairwise. A dice term is ``N`` independent dice, each carried as a
distribution over (value, kept) through the operators that act on each die alone
(``!``, ``ro``/``rr``/``mi``/``ma`` and ``k``/``p`` with ``N``, ``>N``, ``<N``); a
single final keep/drop of the highest/lowest (``kh kl dh dl``) uses order statistics
(multinomial DP over the values); sets with operators enumerate their members' joint
outcomes. Anything else (``e``/``ra`` explosions, several highest/lowest selections)
falls back to exhaustive enumeration of the roller (:mod:`bot.dice.enumerate`) within a
path budget; past the budgets the answer is ``dice.odds_too_complex``.

Aces (``!``) make the support infinite: chains are followed until the mass left is
below ``tail_eps`` (1e-12 by default), and the result says so: ``truncated`` is true and
``tail`` is the exact probability mass not represented. A repeated expression (``6x``)
gets the distribution of one repetition.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.dice.chain import MAX_ACE_CHAIN
from bot.dice.enumerate import enumerate_outcomes
from bot.dice.expr import (
    _COMPARE,
    Annotated,
    Binary,
    Compare,
    Dice,
    Expr,
    Node,
    Number,
    Operator,
    Rounding,
    SetNode,
    Unary,
    _Context,
    divide,
    parse,
)
from bot.dice.source import DiceError

MAX_SUPPORT = 20_000
MAX_PAIRS = 2_000_000
MAX_PATHS = 20_000

Dist = dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class Distribution:
    """An exact distribution: ``probs`` maps each total to its probability; ``tail`` is
    the mass left out by truncating aces (0 when exact)."""

    probs: dict[int, Fraction]
    tail: Fraction = Fraction(0)

    @property
    def truncated(self) -> bool:
        return self.tail > 0

    @property
    def support(self) -> list[int]:
        return sorted(v for v, p in self.probs.items() if p > 0)

    @property
    def mean(self) -> float:
        return float(sum((v * p for v, p in self.probs.items()), Fraction(0)))

    def p_at_least(self, x: int) -> float:
        return float(sum((p for v, p in self.probs.items() if v >= x), Fraction(0)))

    def p_at_most(self, x: int) -> float:
        return float(sum((p for v, p in self.probs.items() if v <= x), Fraction(0)))

    def to_view(self) -> dict[str, Any]:
        return {
            "probs": {v: float(self.probs[v]) for v in self.support},
            "truncated": self.truncated,
            "tail": float(self.tail),
            "mean": self.mean,
        }


def _too_complex(limit: int) -> DiceError:
    return DiceError("dice.odds_too_complex", limit=limit, position=0)


def _add(d: Dist, k: int, p: Fraction) -> None:
    d[k] = d.get(k, Fraction(0)) + p


def _scaled(d: Dist) -> tuple[dict[int, int], int]:
    """The same distribution as integer weights over one common denominator (integer
    convolution is far faster than Fraction arithmetic with large denominators)."""
    denom = math.lcm(*(p.denominator for p in d.values())) if d else 1
    return {v: p.numerator * (denom // p.denominator) for v, p in d.items()}, denom


def _combine(a: Dist, b: Dist, fn: Callable[[int, int], int]) -> Dist:
    if len(a) * len(b) > MAX_PAIRS:
        raise _too_complex(MAX_PAIRS)
    wa, da = _scaled(a)
    wb, db = _scaled(b)
    acc: dict[int, int] = {}
    for x, px in wa.items():
        for y, py in wb.items():
            k = fn(x, y)
            acc[k] = acc.get(k, 0) + px * py
    if len(acc) > MAX_SUPPORT:
        raise _too_complex(MAX_SUPPORT)
    denom = da * db
    return {k: Fraction(w, denom) for k, w in acc.items()}


def _power(d: Dist, n: int) -> Dist:
    """Distribution of the sum of ``n`` independent copies (binary powering)."""
    result: Dist = {0: Fraction(1)}
    base = d
    while n:
        if n & 1:
            result = _combine(result, base, int.__add__)
        n >>= 1
        if n:
            base = _combine(base, base, int.__add__)
    return result


class _Walker:
    def __init__(self, rounding: str, die_eps: Fraction) -> None:
        self.rounding = rounding
        self.die_eps = die_eps

    def node(self, node: Node) -> Dist:
        if isinstance(node, Number):
            return {node.value: Fraction(1)}
        if isinstance(node, Annotated):
            return self.node(node.inner)
        if isinstance(node, Unary):
            inner = self.node(node.operand)
            return inner if node.op == "+" else {-v: p for v, p in inner.items()}
        if isinstance(node, Compare):
            cmp = _COMPARE[node.op]
            return _combine(
                self.node(node.left), self.node(node.right), lambda a, b: int(cmp(a, b))
            )
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, SetNode):
            return self.set(node)
        if isinstance(node, Dice):
            return self.dice(node)
        raise TypeError(node)  # pragma: no cover

    def binary(self, node: Binary) -> Dist:
        left, right = self.node(node.left), self.node(node.right)
        op = node.op
        if op in ("/", "//", "%") and right.get(0, 0) > 0:
            raise DiceError("dice.division_by_zero", position=node.pos)
        fns: dict[str, Callable[[int, int], int]] = {
            "+": int.__add__,
            "-": int.__sub__,
            "*": int.__mul__,
            "/": lambda a, b: divide(a, b, self.rounding),
            "//": int.__floordiv__,
            "%": int.__mod__,
        }
        return _combine(left, right, fns[op])

    def set(self, node: SetNode) -> Dist:
        if node.paren and node.operators:
            return self.inside(node)
        items = [self.node(i) for i in node.items]
        if not node.operators:
            out: Dist = {0: Fraction(1)}
            for d in items:
                out = _combine(out, d, int.__add__)
            return out
        extreme = _single_extreme(node.operators, len(items))
        if extreme is not None:
            return _extreme(items, highest=extreme == "h")
        if math.prod(len(d) for d in items) > MAX_PAIRS:
            raise _too_complex(MAX_PAIRS)
        combos: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
        for d in items:
            combos = [([*vals, v], p * q) for vals, p in combos for v, q in d.items()]
        out = {}
        for vals, p in combos:
            _add(out, _kept_sum(vals, node.operators), p)
        return out

    def inside(self, node: SetNode) -> Dist:
        """``(x)ops``: the operators act inside x (see :func:`bot.dice.expr._operate_inside`)."""
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
        out: Dist = {}
        for v, p in self.node(inner).items():
            _add(out, _kept_sum([v], ops), p)
        return out

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

    def dice(self, node: Dice) -> Dist:
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
            return _power(self.die(node, lambda f: _matches(op, f)), node.count)
        fresh = self.die(node)
        state: dict[tuple[int, bool], Fraction] = {(v, True): p for v, p in fresh.items()}
        while ops and _per_die(ops[0]):
            state = _apply_per_die(state, ops.pop(0), fresh)
        if not ops:
            contrib: Dist = {}
            for (v, kept), p in state.items():
                _add(contrib, v if kept else 0, p)
            return _power(contrib, node.count)
        if len(ops) == 1 and _order_statistic(ops[0]):
            return _keep_order_statistic(state, node.count, ops[0])
        return self.enumerate(node)

    def enumerate(self, node: Node) -> Dist:
        if isinstance(node, Dice) and node.sides**node.count > MAX_PATHS:
            raise _too_complex(MAX_PATHS)  # every base die branches: at least s**N paths
        rounding = self.rounding

        def run(src: Any) -> int:
            return node.evaluate(_Context(src, rounding)).value

        probs, _tail = enumerate_outcomes(run, eps=float(self.die_eps), max_paths=MAX_PATHS)
        return probs


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
    state: dict[tuple[int, bool], Fraction], count: int, op: Operator
) -> Dist:
    """Sum of N iid dice after keeping/dropping the n highest/lowest of the kept ones:
    assign dice to values in selection order (highest first for ``h``), counting with
    multinomial weights; the first n kept dice are the selected ones. Integer weights
    over a common denominator (one factor per die)."""
    sel = op.selectors[0]
    n = sel.n
    per_die: dict[tuple[int, bool], Fraction] = dict(state)
    weights, denom = _scaled({i: p for i, p in enumerate(per_die.values())})
    keys = list(per_die)
    dropped = sum(weights[i] for i, key in enumerate(keys) if not key[1])
    kept_vals: dict[int, int] = {}
    for i, (v, kept) in enumerate(keys):
        if kept:
            kept_vals[v] = kept_vals.get(v, 0) + weights[i]
    order = sorted(kept_vals, reverse=sel.kind == "h")
    # dp[(dice assigned, kept dice assigned, sum)] = integer weight
    dp: dict[tuple[int, int, int], int] = {}
    for c in range(count + 1):
        w = math.comb(count, c) * dropped**c
        if w:
            dp[(c, 0, 0)] = w
    for v in order:
        q = kept_vals[v]
        nxt: dict[tuple[int, int, int], int] = {}
        for (used, k, total), w in dp.items():
            rest = count - used
            qc = 1
            for c in range(rest + 1):
                selected = max(0, min(n, k + c) - k)
                counted = selected if op.op == "k" else c - selected
                key = (used + c, k + c, total + counted * v)
                nxt[key] = nxt.get(key, 0) + w * math.comb(rest, c) * qc
                qc *= q
        dp = nxt
        if len(dp) > MAX_PAIRS:
            raise _too_complex(MAX_PAIRS)
    acc: dict[int, int] = {}
    for (used, _k, total), w in dp.items():
        if used == count:
            acc[total] = acc.get(total, 0) + w
    full = denom**count
    return {t: Fraction(w, full) for t, w in acc.items()}


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


def _extreme(items: list[Dist], *, highest: bool) -> Dist:
    """Distribution of the max (or min) of independent members, through their CDFs:
    P(max <= x) = prod P(X_i <= x)."""
    values = sorted({v for d in items for v in d}, reverse=not highest)
    out: Dist = {}
    prev = Fraction(0)
    cums = [Fraction(0)] * len(items)
    for v in values:
        for i, d in enumerate(items):
            cums[i] += d.get(v, Fraction(0))
        now = math.prod(cums)
        if now != prev:
            out[v] = now - prev
        prev = now
    return out


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
    expression: str | Expr, *, rounding: Rounding | str = "floor", tail_eps: float = 1e-12
) -> Distribution:
    """The exact distribution of an expression's total (of one repetition), truncating
    ace chains so that the mass left out is below ``tail_eps`` (reported as ``tail``).
    Raises ``dice.odds_too_complex`` when it would take too long."""
    expr = parse(expression) if isinstance(expression, str) else expression
    dice_terms = max(1, expr.root.dice_count)
    walker = _Walker(rounding, Fraction(tail_eps) / dice_terms)
    probs = walker.node(expr.root)
    probs = {v: p for v, p in probs.items() if p > 0}
    tail = 1 - sum(probs.values(), Fraction(0))
    return Distribution(probs, tail)
