"""Dread S-20 roll-under (RULES-NOTES DS-1, DS-2).

Order in which dice are consumed: the d20 first, then every bonus d4, then every
penalty d4.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.dice.source import DiceError, DiceSource

MAX_UNITS = 100
SPECTACULAR_FLOOR = -10

# Units by where they come from (DS-1): ``(("ds20.unit.wounds_hg", 2), ...)``. The label
# is opaque here (the rules name it, the renderer reads it); a plain count is one
# unnamed source.
Units = tuple[tuple[str, int], ...]
UNNAMED = ""


def named_units(units: int | Sequence[tuple[str, int]]) -> Units:
    """``units`` as sources with at least one unit each (a plain count: unnamed)."""
    if isinstance(units, int):
        return ((UNNAMED, units),) if units > 0 else ()
    return tuple((str(label), int(n)) for label, n in units if n > 0)


def unit_count(units: Units) -> int:
    return sum(n for _, n in units)


def adjust_margin(natural: int, margin: int) -> int:
    """DS-2. A natural 1: a margin in -10..-1 becomes 0, then the margin is doubled. A
    natural 20: always a failure; a margin >= 0 becomes -1, a negative one is doubled."""
    if natural == 1:
        if SPECTACULAR_FLOOR <= margin <= -1:
            margin = 0
        return margin * 2
    if natural == 20:
        return -1 if margin >= 0 else margin * 2
    return margin


@dataclass(frozen=True, slots=True)
class DSRoll:
    """A roll-under d20 (DS-1/DS-2). ``raw_margin`` = score - d20 + bonus d4s - penalty
    d4s; ``margin`` is after DS-2. Success: margin >= 0. ``spectacular``: a natural 1
    whose final margin is a success (a natural 1 with a raw margin below -10 stays a
    failure: the reading of DS-2's "between -10 and -1"). ``disaster``: a natural 20.
    ``bonus_from``/``penalty_from`` say where the units came from, in the order their
    d4s were rolled (so each source's dice can be shown beside it)."""

    score: int
    d20: int
    bonus_dice: tuple[int, ...]
    penalty_dice: tuple[int, ...]
    bonus_from: Units = ()
    penalty_from: Units = ()

    @property
    def raw_margin(self) -> int:
        return self.score - self.d20 + sum(self.bonus_dice) - sum(self.penalty_dice)

    @property
    def margin(self) -> int:
        return adjust_margin(self.d20, self.raw_margin)

    @property
    def success(self) -> bool:
        return self.margin >= 0

    @property
    def spectacular(self) -> bool:
        return self.d20 == 1 and self.success

    @property
    def disaster(self) -> bool:
        return self.d20 == 20

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "ds20_roll",
            "score": self.score,
            "d20": self.d20,
            "bonus_dice": list(self.bonus_dice),
            "penalty_dice": list(self.penalty_dice),
            "bonus_from": [list(u) for u in self.bonus_from],
            "penalty_from": [list(u) for u in self.penalty_from],
            "raw_margin": self.raw_margin,
            "margin": self.margin,
            "success": self.success,
            "spectacular": self.spectacular,
            "disaster": self.disaster,
        }


def roll_under(
    dice: DiceSource,
    score: int,
    bonus: int | Sequence[tuple[str, int]] = 0,
    penalty: int | Sequence[tuple[str, int]] = 0,
) -> DSRoll:
    """DS-1: roll 1d20 against ``score`` with ``bonus`` bonus d4s (added to the margin)
    and ``penalty`` penalty d4s (subtracted); DS-2 adjusts natural 1 and 20. Each may be
    a count or units by source (:func:`named_units`), kept on the roll to be shown."""
    for given in (bonus, penalty):
        if isinstance(given, int) and given < 0:
            raise DiceError("dice.bad_units", count=given, limit=MAX_UNITS, position=0)
    bonus_from, penalty_from = named_units(bonus), named_units(penalty)
    for units in (unit_count(bonus_from), unit_count(penalty_from)):
        if not 0 <= units <= MAX_UNITS:
            raise DiceError("dice.bad_units", count=units, limit=MAX_UNITS, position=0)
    d20 = dice.roll(20)
    bonus_dice = tuple(dice.roll(4) for _ in range(unit_count(bonus_from)))
    penalty_dice = tuple(dice.roll(4) for _ in range(unit_count(penalty_from)))
    return DSRoll(score, d20, bonus_dice, penalty_dice, bonus_from, penalty_from)
