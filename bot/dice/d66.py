"""``d66`` (savagebot's, Coriolis'): d6s read as digits, tens then units (11..66);
``d666`` and ``d6666`` read three and four. N-2: a form other bots' players type means
what it means there.

The node is the arithmetic it stands for (``1d6*10 + 1d6``), so exact odds and the
estimate need nothing new; only its result is drawn as one roll of digits. The d6s are
rolled left to right, the tens first.
"""

from __future__ import annotations

from typing import Any

from bot.dice.rolled import DieRoll, Part
from bot.dice.tree import Binary, Context, Dice, Node, Number


class D66Part(Part):
    """A rolled d66: its d6s (tens first) and the number they read."""

    __slots__ = ("rolls", "text")
    kind = "d66"

    def __init__(self, text: str, value: int, rolls: list[DieRoll]) -> None:
        super().__init__(value)
        self.text = text
        self.rolls = rolls

    def dice(self) -> list[DieRoll]:
        return self.rolls

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "d66",
            "text": self.text,
            "value": self.value,
            "dice": [d.to_view() for d in self.rolls],
        }


class D66(Binary):
    __slots__ = ("text",)

    def __init__(self, tree: Binary, text: str) -> None:
        super().__init__(tree.op, tree.left, tree.right, tree.pos)
        self.text = text

    def evaluate(self, ctx: Context) -> Part:
        part = super().evaluate(ctx)
        return D66Part(self.text, part.value, part.dice())


def d66_node(digits: int, pos: int, text: str) -> Node:
    """``d66`` with ``digits`` d6s: ``((d6*10 + d6)*10 + d6)...``."""

    def d6() -> Dice:
        return Dice(1, 6, (), None, pos, "1d6")

    tree: Node = d6()
    for _ in range(digits - 1):
        tree = Binary("+", Binary("*", tree, Number(10, pos), pos), d6(), pos)
    assert isinstance(tree, Binary)
    return D66(tree, text)
