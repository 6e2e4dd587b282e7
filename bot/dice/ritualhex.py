"""Ritual Hex dice (RULES-NOTES RH-1..RH-3).

Order in which dice are consumed: each d6 with its whole chain (RH-1) before the next
die; a check rolls its three dice left to right; damage rolls its ``count`` dice left to
right. Nothing else is rolled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.dice.chain import MAX_ACE_CHAIN, check_number
from bot.dice.source import DiceError, DiceSource

MAX_DAMAGE_DICE = 1000  # RH-3 damage dice in one roll

CHECK_DICE = 3


def face_value(face: int) -> int:
    """RH-1: a 6 counts 5 (and is rolled again); other faces count as shown."""
    return 5 if face == 6 else face


@dataclass(frozen=True, slots=True)
class RHDie:
    """One Ritual Hex d6 with its chain of rerolls (RH-1)."""

    faces: tuple[int, ...]
    capped: bool = False

    @property
    def value(self) -> int:
        return sum(face_value(f) for f in self.faces)

    def to_view(self) -> dict[str, Any]:
        return {
            "faces": list(self.faces),
            "counted": [face_value(f) for f in self.faces],
            "value": self.value,
            "aced": len(self.faces) > 1,
            "capped": self.capped,
        }


def rh_die(dice: DiceSource, *, cap: int = MAX_ACE_CHAIN) -> RHDie:
    """RH-1: roll a d6; a 6 counts 5 and the die is rolled again and added, with no limit
    in the rules (the bot stops after ``cap`` rerolls and marks the die ``capped``)."""
    faces = [dice.roll(6)]
    while faces[-1] == 6:
        if len(faces) > cap:
            return RHDie(tuple(faces), capped=True)
        faces.append(dice.roll(6))
    return RHDie(tuple(faces))


@dataclass(frozen=True, slots=True)
class RHCheck:
    """A check ``<CO>[D]<CD>`` (RH-2). ``margin`` = total - target; ``s`` is the seed's
    ``<S>``, the margin of a successful check (None on failure)."""

    dice: tuple[RHDie, ...]
    co: int
    difficulty: int
    cd: int

    @property
    def roll(self) -> int:
        return sum(d.value for d in self.dice)

    @property
    def total(self) -> int:
        return self.roll + self.co

    @property
    def target(self) -> int:
        return self.difficulty + self.cd

    @property
    def margin(self) -> int:
        return self.total - self.target

    @property
    def success(self) -> bool:
        return self.margin > 0

    @property
    def s(self) -> int | None:
        return self.margin if self.success else None

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "rh_check",
            "dice": [d.to_view() for d in self.dice],
            "roll": self.roll,
            "co": self.co,
            "difficulty": self.difficulty,
            "cd": self.cd,
            "total": self.total,
            "target": self.target,
            "margin": self.margin,
            "success": self.success,
            "s": self.s,
        }


def check(dice: DiceSource, co: int, difficulty: int, cd: int = 0) -> RHCheck:
    """RH-2: roll 3d6 (each by RH-1) and add the actor's CO; the check succeeds only if
    that is strictly greater than D + the target's CD. ``<S>`` is the difference."""
    return RHCheck(tuple(rh_die(dice) for _ in range(CHECK_DICE)), co, difficulty, cd)


@dataclass(frozen=True, slots=True)
class RHDamage:
    """Damage ``Nd-X|M`` (RH-3): ``raw`` = dice - X; ``value`` = max(raw, minimum)."""

    dice: tuple[RHDie, ...]
    minus: int
    minimum: int

    @property
    def raw(self) -> int:
        return sum(d.value for d in self.dice) - self.minus

    @property
    def value(self) -> int:
        return max(self.raw, self.minimum)

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "rh_damage",
            "dice": [d.to_view() for d in self.dice],
            "minus": self.minus,
            "minimum": self.minimum,
            "raw": self.raw,
            "value": self.value,
        }


def damage(dice: DiceSource, count: int = 1, minus: int = 0, minimum: int = 0) -> RHDamage:
    """RH-3: roll ``count`` d6 (RH-1), subtract ``minus`` (a negative ``minus`` adds, for
    ``Nd+X``), then apply the minimum (``|N``; 0 when none is written, since damage is
    never negative). The target's DR is applied later by the rules, not here."""
    if not 1 <= count <= MAX_DAMAGE_DICE:
        raise DiceError("dice.too_many_dice", limit=MAX_DAMAGE_DICE, position=0)
    return RHDamage(tuple(rh_die(dice) for _ in range(count)), minus, max(minimum, 0))


_DAMAGE_RE = re.compile(r"^(?P<count>\d*)d(?:(?P<sign>[+-])(?P<x>\d+))?(?:\|(?P<min>\d+))?$")


@dataclass(frozen=True, slots=True)
class RHDamageSpec:
    count: int
    minus: int
    minimum: int

    def roll(self, dice: DiceSource) -> RHDamage:
        return damage(dice, self.count, self.minus, self.minimum)


def parse_damage(text: str) -> RHDamageSpec:
    """Parse the seed's damage notation ``Nd+X`` / ``Nd-X`` with an optional minimum
    ``|M`` (RH-3): ``1d-2|1``, ``2d+1``, ``d``. Error: ``dice.bad_rh_damage``."""
    m = _DAMAGE_RE.match(text.replace(" ", ""))
    if m is None:
        raise DiceError("dice.bad_rh_damage", text=text, position=0)
    count = int(m["count"]) if m["count"] else 1
    if not 1 <= count <= MAX_DAMAGE_DICE:
        raise DiceError("dice.too_many_dice", limit=MAX_DAMAGE_DICE, position=0)
    x = check_number(int(m["x"]), m.start("x")) if m["x"] else 0
    minus = x if m["sign"] == "-" else -x
    minimum = check_number(int(m["min"]), m.start("min")) if m["min"] else 0
    return RHDamageSpec(count, minus, minimum)
