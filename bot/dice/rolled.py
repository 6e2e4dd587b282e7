"""What a rolled dice expression shows (:mod:`bot.dice.expr`): each die with what
happened to it (aces, explosions, rerolls, kept or dropped), the parts of the total as
written, and the result of a roll (its totals when repeated, its label). Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dice.limits import LOG_MAX_DICE, MAX_REPEATS


class DieRoll:
    """One die of a dice term. ``faces`` is its current ace chain (one face unless it
    aced with ``!``); ``value`` counts toward the total (``mi``/``ma`` may force it);
    ``replaced`` lists the values a reroll replaced; ``exploded`` says ``e``/``ra``
    added a die because of this one; ``origin`` is ``"roll"`` or ``"explosion"``."""

    __slots__ = ("exploded", "faces", "kept", "origin", "replaced", "sides", "value")

    def __init__(self, sides: int, faces: list[int], origin: str = "roll") -> None:
        self.sides = sides
        self.faces = faces
        self.value = faces[0] if len(faces) == 1 else sum(faces)
        self.kept = True
        self.replaced: list[int] = []
        self.exploded = False
        self.origin = origin

    @property
    def aced(self) -> bool:
        return len(self.faces) > 1

    def to_view(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "faces": list(self.faces),
            "value": self.value,
            "kept": self.kept,
            "aced": self.aced,
            "rerolled": list(self.replaced),
            "exploded": self.exploded,
            "origin": self.origin,
        }


class Part:
    """A node of an evaluated expression: ``value`` and whether a set kept it."""

    __slots__ = ("kept", "value")
    kind = "part"

    def __init__(self, value: int) -> None:
        self.value = value
        self.kept = True

    def dice(self) -> list[DieRoll]:
        return []

    def to_view(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value}


class NumberPart(Part):
    __slots__ = ()
    kind = "number"


class DicePart(Part):
    __slots__ = ("count", "rolls", "sides", "text")
    kind = "dice"

    def __init__(self, text: str, count: int, sides: int, rolls: list[DieRoll]) -> None:
        super().__init__(sum(d.value for d in rolls if d.kept))
        self.text = text
        self.count = count
        self.sides = sides
        self.rolls = rolls

    def dice(self) -> list[DieRoll]:
        return self.rolls

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "dice",
            "text": self.text,
            "value": self.value,
            "dice": [d.to_view() for d in self.rolls],
        }


class SetPart(Part):
    __slots__ = ("items", "paren", "text")
    kind = "set"

    def __init__(self, items: list[Part], paren: bool, text: str) -> None:
        super().__init__(sum(p.value for p in items if p.kept))
        self.items = items
        self.paren = paren
        self.text = text

    def dice(self) -> list[DieRoll]:
        return [d for p in self.items for d in p.dice()]

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "paren" if self.paren else "set",
            "value": self.value,
            "items": [{**p.to_view(), "kept": p.kept} for p in self.items],
        }


class OpPart(Part):
    __slots__ = ("op", "operands")
    kind = "op"

    def __init__(self, value: int, op: str, operands: list[Part]) -> None:
        super().__init__(value)
        self.op = op
        self.operands = operands

    def dice(self) -> list[DieRoll]:
        return [d for p in self.operands for d in p.dice()]

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "op",
            "op": self.op,
            "value": self.value,
            "operands": [p.to_view() for p in self.operands],
        }


class AnnotatedPart(Part):
    __slots__ = ("annotation", "inner")
    kind = "annotated"

    def __init__(self, inner: Part, annotation: str) -> None:
        super().__init__(inner.value)
        self.inner = inner
        self.annotation = annotation

    def dice(self) -> list[DieRoll]:
        return self.inner.dice()

    def to_view(self) -> dict[str, Any]:
        return {**self.inner.to_view(), "annotation": self.annotation}


@dataclass(frozen=True, slots=True)
class RollResult:
    """A rolled expression. ``parts`` has one evaluated tree per repetition (one when
    the expression has no ``Nx``); ``totals`` their values; ``total`` their sum."""

    text: str
    label: str | None
    parts: tuple[Part, ...]
    rounding: str = "floor"
    dice_rolled: int = 0

    @property
    def totals(self) -> list[int]:
        return [p.value for p in self.parts]

    @property
    def total(self) -> int:
        return sum(p.value for p in self.parts)

    @property
    def dice(self) -> list[DieRoll]:
        return [d for p in self.parts for d in p.dice()]

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "expression",
            "text": self.text,
            "label": self.label,
            "total": self.total,
            "totals": self.totals,
            "parts": [p.to_view() for p in self.parts],
        }

    def log_view(self, max_dice: int = LOG_MAX_DICE) -> dict[str, Any]:
        """What the log keeps: the whole view for up to ``max_dice`` dice; past that
        only the totals and the rounding (the dice are the expression replayed with the
        logged seed), so a log row stays under about 8 KB (``1000d10000`` wrote 116 KB)."""
        if self.dice_rolled <= max_dice:
            return self.to_view()
        return {
            "kind": "expression",
            "text": self.text,
            "label": self.label,
            "total": self.total,
            "totals": self.totals[:MAX_REPEATS],
            "dice_rolled": self.dice_rolled,
            "rounding": self.rounding,
            "dice_omitted": True,
        }
