"""One die with its ace chain: the building block of every system roll.

SW-2: a die that shows its maximum is rolled again and the new result added, without
limit in the rules. The bot caps one die's chain at :data:`MAX_ACE_CHAIN` extra rolls
as a safety bound only; a capped chain says so (``capped``) instead of rolling on.
A d1 never explodes (it would never stop). RH-1 uses the same chain on a d6 whose 6
counts 5 (see :mod:`bot.dice.ritualhex`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dice.source import DiceError, DiceSource

MAX_SIDES = 10_000
MAX_ACE_CHAIN = 100
MAX_NUMBER = 1_000_000  # any number written in a dice notation (modifiers, TNs, selectors)


@dataclass(frozen=True, slots=True)
class AceChain:
    """The faces one acing die showed, in the order rolled. ``value`` is their sum."""

    sides: int
    faces: tuple[int, ...]
    capped: bool = False

    @property
    def natural(self) -> int:
        """The first face: what "natural 1" rules (SW-3) look at."""
        return self.faces[0]

    @property
    def value(self) -> int:
        return sum(self.faces)

    @property
    def aced(self) -> bool:
        return len(self.faces) > 1

    def to_view(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "faces": list(self.faces),
            "value": self.value,
            "aced": self.aced,
            "capped": self.capped,
        }


def check_sides(sides: int) -> None:
    """Sides must be 1..MAX_SIDES (``dice.bad_sides``)."""
    if not 1 <= sides <= MAX_SIDES:
        raise DiceError("dice.bad_sides", sides=sides, limit=MAX_SIDES, position=0)


def check_number(value: int, position: int = 0) -> int:
    """A number written in a dice notation: at most :data:`MAX_NUMBER` either way
    (``dice.number_too_big``). Bounds the arithmetic, the text shown and the log."""
    if abs(value) > MAX_NUMBER:
        shown = str(value)
        if len(shown) > 12:
            shown = shown[:10] + "…"
        raise DiceError("dice.number_too_big", number=shown, limit=MAX_NUMBER, position=position)
    return value


def roll_chain(
    dice: DiceSource, sides: int, *, aces: bool = True, cap: int = MAX_ACE_CHAIN
) -> AceChain:
    """Roll one die of ``sides`` faces; while it shows its maximum (and ``aces``), roll
    again and add (SW-2). At most ``cap`` extra rolls; then ``capped`` is set. A d1 never
    aces. Consumes the first roll, then each ace's reroll, in order."""
    check_sides(sides)
    return roll_chain_unchecked(dice, sides, aces, cap)


def roll_chain_unchecked(dice: DiceSource, sides: int, aces: bool, cap: int) -> AceChain:
    """:func:`roll_chain` for callers that already checked ``sides`` (hot paths)."""
    first = dice.roll(sides)
    if not aces or sides == 1 or first != sides:
        return AceChain(sides, (first,))
    faces = [first]
    while faces[-1] == sides:
        if len(faces) > cap:
            return AceChain(sides, tuple(faces), capped=True)
        faces.append(dice.roll(sides))
    return AceChain(sides, tuple(faces))
