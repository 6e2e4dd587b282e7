"""A work budget for exact odds: counted in operations, not seconds.

``bot.dice`` is pure (no clock), and an answer should not depend on how busy the
machine is: the same expression gets the same reply (exact, or the same labelled
estimate) on any machine at any load. So the exact methods charge a :class:`Budget`
for the work they are about to do (roughly one unit per Python-level operation on a
number, a fraction of one for loops that run in C) and stop with :class:`OverBudget`
before doing it when it would not fit. ``bench/rules.py`` and ``bench/dice.py`` measure
what a unit costs (about 0.1 microsecond: ``bench/dice.py`` prints units per ms):
:data:`ODDS_UNITS` is about a third of a second of one core, and the estimate that may
follow gets as much again, so a ``/roll`` stays under a second of CPU.
"""

from __future__ import annotations

from bot.dice.source import DiceError

# About 0.3 s of CPU on the reference machine (bench/dice.py prints units per ms).
ODDS_UNITS = 3_000_000
# What a reply may spend on the event loop before handing the odds to the executor
# (about 6 ms: a set like (2d6,2d6,2d6,2d6,2d6,2d6)kh3 takes 31,000).
INLINE_UNITS = 60_000


class OverBudget(DiceError):
    """The exact computation would need more work than its budget allows."""

    def __init__(self, limit: int) -> None:
        super().__init__("dice.odds_too_complex", limit=limit, position=0)


class Budget:
    """Units of work left. :meth:`charge` before doing the work it pays for."""

    __slots__ = ("limit", "used")

    def __init__(self, limit: int = ODDS_UNITS) -> None:
        self.limit = limit
        self.used = 0

    def charge(self, units: int | float) -> None:
        """Pay for ``units`` of work, or raise :class:`OverBudget` (nothing paid)."""
        units = int(units) + 1
        if self.used + units > self.limit:
            raise OverBudget(self.limit)
        self.used += units

    def fits(self, units: int | float) -> bool:
        return self.used + int(units) + 1 <= self.limit

    @property
    def left(self) -> int:
        return self.limit - self.used


def unlimited() -> Budget:
    """A budget that never runs out (tests, the ground truth)."""
    return Budget(1 << 62)
