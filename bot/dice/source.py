"""The dice source: the one interface through which every die in Comodín is rolled.

DESIGN.md contract. Every die and every shuffle goes through a :class:`DiceSource`.
Production uses :class:`RandomSource` (a seeded ``random.Random`` per encounter action);
tests and ``comodin play --dice`` use :class:`ForcedSource`, which hands out forced
values in order and then falls back to a seeded source (or fails, when strict).

Order of consumption (what a forced list must follow):
- An expression is rolled left to right; within a term ``NdX`` the N dice are rolled
  one after another, and each die's ace chain is rolled before the next die.
- A SWADE trait test rolls every trait die (each with its ace chain), then the wild die
  with its chain; an Extra who shows a 1 on the trait die then rolls the extra d6 (SW-3).
- Damage dice are rolled left to right (Strength die first, then weapon dice, then the
  raise die), each with its ace chain.
- Rerolls (ro/rr) consume the replacement die right after the die they replace.
- Shuffles never consume forced values: they use the fallback source.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, MutableSequence
from typing import Protocol, TypeVar, runtime_checkable

T = TypeVar("T")


class DiceError(Exception):
    """A user-caused dice problem (bad forced value, forced dice exhausted in strict mode)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@runtime_checkable
class DiceSource(Protocol):
    def roll(self, sides: int) -> int:
        """Roll one die with ``sides`` faces: a value in 1..sides."""
        ...

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place."""
        ...


class RandomSource:
    """A seeded ``random.Random``. ``seed`` may be an int or a str (str seeds hash with
    SHA-512 inside ``random``, so they are stable across processes)."""

    def __init__(self, seed: int | str | None = None) -> None:
        # Seeded on first use: seeding (SHA-512 of a str seed, then the generator's
        # whole state) is about 8 us, and every action gets a source, most of which
        # roll nothing (a /next that deals no card, a condition set; issue 32).
        self._seed = seed
        self._rng: random.Random | None = None
        self._below: Callable[[int], int] | None = None

    def _started(self) -> random.Random:
        rng = self._rng = random.Random(self._seed)
        # randint(1, n) is exactly 1 + _randbelow(n) (CPython's randrange); calling it
        # directly gives the very same values for a seed, about twice as fast.
        self._below = getattr(rng, "_randbelow", None)
        return rng

    def roll(self, sides: int) -> int:
        rng = self._rng or self._started()
        if self._below is not None and sides > 0:
            return self._below(sides) + 1
        return rng.randint(1, sides)

    def shuffle(self, items: MutableSequence[T]) -> None:
        (self._rng or self._started()).shuffle(items)


class ForcedSource:
    """Hands out forced die results in order, then defers to ``fallback``.

    A forced value outside 1..sides is an error (``dice.forced_out_of_range``); running
    out with ``strict=True`` is ``dice.forced_exhausted``.
    """

    def __init__(
        self,
        forced: Iterable[int] = (),
        fallback: DiceSource | None = None,
        *,
        strict: bool = False,
    ) -> None:
        self._forced: deque[int] = deque(forced)
        self._fallback: DiceSource = fallback if fallback is not None else RandomSource(0)
        self.strict = strict
        self.consumed: list[int] = []

    @property
    def remaining(self) -> int:
        return len(self._forced)

    def push(self, values: Iterable[int]) -> None:
        """Queue more forced values (the offline table's ``--dice`` and tests use this)."""
        self._forced.extend(values)

    def roll(self, sides: int) -> int:
        if self._forced:
            value = self._forced.popleft()
            if not 1 <= value <= sides:
                raise DiceError("dice.forced_out_of_range", value=value, sides=sides)
        elif self.strict:
            raise DiceError("dice.forced_exhausted", sides=sides)
        else:
            value = self._fallback.roll(sides)
        self.consumed.append(value)
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._fallback.shuffle(items)

    def over(self, fallback: DiceSource) -> ForcedSource:
        """A source sharing this one's forced queue but with another fallback (the
        service gives every action its own seeded fallback; forced values run across
        actions in the order they are consumed)."""
        other = ForcedSource(fallback=fallback, strict=self.strict)
        other._forced = self._forced
        other.consumed = self.consumed
        return other
