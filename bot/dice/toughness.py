"""Damage against Toughness (SW-12), and savagebot's ``tN`` suffix that asks for it (N-2).

``2d6!t6`` (also ``2d6t6``, ``d8!t6+2d6``, ``4xd6!t6``, and savagebot's prefix
``t6:2d6+1``) rolls the expression and reads each total against Toughness 6: below it
no effect; 0..3 over it Shaken (a wound instead if the target was already Shaken, which
a bare roll does not know); each full 4 over it a wound, and Shaken. The ``t`` may stand
after any term (``2d6+1t6`` too): it always reads the whole roll's total. The expression
language uses no ``t`` anywhere else, so the suffix is taken out before the expression is
read (blanked, so an error still points at the right place). Not read: savagebot's raise
step (``t6r3``, ``tr6``), and two Toughness values in one roll; both are refused with the
closest form (:mod:`bot.dice.hints`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.dice.chain import check_number
from bot.dice.expr import Expr, RollResult, parse, roll
from bot.dice.source import DiceError, DiceSource

WOUND_CAP = 4  # SW-12 setting: at most 4 wounds per hit

_T_SUFFIX = re.compile(r"t\s*(\d+)(\s*:)?", re.IGNORECASE)


def wounds_for(excess: int, *, already_shaken: bool, cap: bool) -> tuple[int, bool]:
    """SW-12: (wounds, shaken) for a hit with this excess over Toughness. Below 0
    nothing; 0..3 Shaken, or 1 wound if already Shaken; each full 4: a wound and Shaken.
    ``cap``: the wound-cap setting (4 per hit)."""
    if excess < 0:
        return 0, False
    wounds = excess // 4
    if wounds == 0 and already_shaken:
        wounds = 1
    if cap:
        wounds = min(wounds, WOUND_CAP)
    return wounds, True


def _outside_notes(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` outside ``[notes]``."""
    spans, start, depth = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[" and depth == 0:
            spans.append((start, i))
            depth = 1
        elif ch == "]" and depth:
            depth, start = 0, i + 1
    if depth == 0:
        spans.append((start, len(text)))
    return spans


def split_toughness(text: str) -> tuple[str, int | None]:
    """``text`` with its ``tN`` (or ``tN:``) blanked out, and N (None without one).
    Errors (``dice.syntax``, read by the hints): a raise step after it, two of them."""
    found: list[re.Match[str]] = []
    for a, b in _outside_notes(text):
        found.extend(_T_SUFFIX.finditer(text, a, b))
    if not found:
        return text, None
    if len(found) > 1:
        second = found[1]
        raise DiceError("dice.syntax", found=second.group(0), position=second.start())
    m = found[0]
    if re.match(r"\s*r", text[m.end() :], re.IGNORECASE) or re.search(
        r"(?<![a-z])r\s*\d", text[: m.start()], re.IGNORECASE
    ):
        raise DiceError("dice.syntax", found="r", position=m.end())
    toughness = check_number(int(m.group(1)), m.start())
    return text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :], toughness


def has_toughness(text: str) -> bool:
    return any(_T_SUFFIX.search(text, a, b) for a, b in _outside_notes(text))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One total against Toughness (SW-12): how far over, wounds, Shaken."""

    total: int
    excess: int
    wounds: int
    shaken: bool

    def to_view(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "excess": self.excess,
            "wounds": self.wounds,
            "shaken": self.shaken,
        }


@dataclass(frozen=True, slots=True)
class ToughnessResult:
    """A rolled expression read against Toughness: one outcome per repetition."""

    roll: RollResult
    toughness: int

    @property
    def outcomes(self) -> list[Outcome]:
        out = []
        for total in self.roll.totals:
            wounds, shaken = wounds_for(total - self.toughness, already_shaken=False, cap=False)
            out.append(Outcome(total, total - self.toughness, wounds, shaken))
        return out

    @property
    def total(self) -> int:
        return self.roll.total

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "swade_toughness",
            "toughness": self.toughness,
            "roll": self.roll.to_view(),
            "outcomes": [o.to_view() for o in self.outcomes],
            "total": self.total,
        }

    def log_view(self) -> dict[str, Any]:
        return {**self.to_view(), "roll": self.roll.log_view()}


@dataclass(frozen=True, slots=True)
class ToughnessSpec:
    """A parsed ``2d6!t6``: the expression and the Toughness."""

    expr: Expr
    toughness: int

    def roll(self, dice: DiceSource, *, rounding: str = "floor") -> ToughnessResult:
        return ToughnessResult(roll(self.expr, dice, rounding=rounding), self.toughness)


def parse_toughness(text: str) -> ToughnessSpec:
    """Read ``2d6!t6`` and the other forms of the module docstring."""
    blanked, toughness = split_toughness(text)
    if toughness is None:
        raise DiceError("dice.syntax", found="", position=0)
    return ToughnessSpec(parse(blanked), toughness)
