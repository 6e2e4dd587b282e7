"""Exhaustive enumeration of any roller: the ground truth for exact odds.

:func:`enumerate_outcomes` runs a rolling function once per possible sequence of die
results (depth first), weighting each outcome by the product of ``1/sides``. Sequences
whose probability falls below ``eps`` are not followed; their mass is returned as
``tail`` (so the true distribution differs from the returned one by at most ``tail``).
It is exponential in the number of dice: use it for small rolls (tests, fallback of
:func:`bot.dice.dist.distribution` with a path budget).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, MutableSequence
from fractions import Fraction
from typing import TypeVar

from bot.dice.budget import Budget
from bot.dice.source import DiceError

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class _Branch(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class TooManyPaths(DiceError):
    """The enumeration would need more than its path budget."""

    def __init__(self, limit: int) -> None:
        super().__init__("dice.odds_too_complex", limit=limit, position=0)


class _Replay:
    """A dice source that replays a prefix of results, then asks to branch."""

    __slots__ = ("i", "p", "prefix")

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.i = 0
        self.p = Fraction(1)

    def roll(self, sides: int) -> int:
        if self.i >= len(self.prefix):
            raise _Branch(sides)
        value = self.prefix[self.i]
        self.i += 1
        self.p /= sides
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:  # pragma: no cover - not a die
        raise NotImplementedError("enumeration does not shuffle")


# Budget units per run of the roller (a few microseconds for a small roll).
RUN_UNITS = 100


def enumerate_outcomes(
    fn: Callable[[_Replay], K],
    *,
    eps: float = 1e-12,
    max_paths: int = 200_000,
    budget: Budget | None = None,
) -> tuple[dict[K, Fraction], Fraction]:
    """Every outcome of ``fn(dice)`` with its exact probability, and the mass left out
    (paths below ``eps``). Raises :class:`TooManyPaths` past ``max_paths`` runs, and
    :class:`~bot.dice.budget.OverBudget` when ``budget`` runs out."""
    probs: dict[K, Fraction] = {}
    tail = Fraction(0)
    stack: list[tuple[int, ...]] = [()]
    runs = 0
    eps_f = Fraction(eps)
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > max_paths:
            raise TooManyPaths(max_paths)
        if budget is not None:
            budget.charge(RUN_UNITS + len(prefix) * 5)
        src = _Replay(prefix)
        try:
            out = fn(src)
        except _Branch as branch:
            if src.p < eps_f:
                tail += src.p
                continue
            stack.extend((*prefix, v) for v in range(branch.sides, 0, -1))
            continue
        probs[out] = probs.get(out, Fraction(0)) + src.p
    return probs, tail
