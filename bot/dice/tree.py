"""The tree of a parsed dice expression and how it rolls (:mod:`bot.dice.expr`): numbers,
dice with their operators, sets, unary and binary operations (``/`` rounded as the
system says), comparisons and annotations; the dice consumed in the order
:mod:`bot.dice.expr` documents, within the limits of :mod:`bot.dice.limits`. Pure."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.dice.chain import MAX_ACE_CHAIN
from bot.dice.limits import MAX_DICE
from bot.dice.rolled import (
    AnnotatedPart,
    DicePart,
    DieRoll,
    NumberPart,
    OpPart,
    Part,
    SetPart,
)
from bot.dice.source import DiceError, DiceSource

Rounding = Literal["floor", "up", "nearest", "trunc"]


ROUNDINGS: tuple[str, ...] = ("floor", "up", "nearest", "trunc")


class Context:
    __slots__ = ("dice", "rolled", "rounding")

    def __init__(self, dice: DiceSource, rounding: str) -> None:
        self.dice = dice
        self.rolled = 0
        self.rounding = rounding

    def roll(self, sides: int, position: int) -> int:
        self.rolled += 1
        if self.rolled > MAX_DICE:
            raise DiceError("dice.too_many_dice", limit=MAX_DICE, position=position)
        return self.dice.roll(sides)


class Node:
    """A parsed expression node. ``depth`` counts nesting (parentheses, sets, signs);
    ``dice_count`` is how many dice it rolls before aces, explosions and rerolls."""

    __slots__ = ("depth", "dice_count", "pos")

    def evaluate(self, ctx: Context) -> Part:
        raise NotImplementedError


class Number(Node):
    __slots__ = ("value",)

    def __init__(self, value: int, pos: int) -> None:
        self.value = value
        self.pos = pos
        self.depth = 0
        self.dice_count = 0

    def evaluate(self, ctx: Context) -> Part:
        return NumberPart(self.value)


@dataclass(frozen=True, slots=True)
class Selector:
    """``kind``: None (literal N), ``h``/``l`` (N highest/lowest), ``>``/``<``."""

    kind: str | None
    n: int

    def matches_face(self, face: int) -> bool:
        if self.kind is None:
            return face == self.n
        if self.kind == ">":
            return face > self.n
        if self.kind == "<":
            return face < self.n
        return False

    def select(self, items: list[Any]) -> list[Any]:
        kept = [x for x in items if x.kept]
        if self.kind is None:
            return [x for x in kept if x.value == self.n]
        if self.kind == ">":
            return [x for x in kept if x.value > self.n]
        if self.kind == "<":
            return [x for x in kept if x.value < self.n]
        if self.kind == "h":
            return sorted(kept, key=_value, reverse=True)[: self.n]
        return sorted(kept, key=_value)[: self.n]


def _value(x: Any) -> int:
    return x.value


@dataclass(frozen=True, slots=True)
class Operator:
    """One operator after a dice term or set: ``op`` is ``k p rr ro ra e mi ma`` and its
    selectors (several when consecutive operators of the same kind were joined)."""

    op: str
    selectors: tuple[Selector, ...]
    pos: int

    def select(self, items: list[Any], limit: int | None = None) -> list[Any]:
        if len(self.selectors) == 1 and limit is None:
            return self.selectors[0].select(items)
        chosen: list[Any] = []
        seen: set[int] = set()
        for sel in self.selectors:
            for x in sel.select(items):
                if id(x) not in seen:
                    seen.add(id(x))
                    chosen.append(x)
        chosen.sort(key=items.index)
        return chosen[:limit] if limit is not None else chosen


class Dice(Node):
    __slots__ = ("ace_above", "count", "operators", "sides", "text")

    def __init__(
        self,
        count: int,
        sides: int,
        operators: tuple[Operator, ...],
        ace_above: int | None,
        pos: int,
        text: str,
    ) -> None:
        self.count = count
        self.sides = sides
        self.operators = operators
        self.ace_above = ace_above  # aces on faces > ace_above (None: no aces)
        self.pos = pos
        self.text = text
        self.depth = 0
        self.dice_count = count

    def _roll_die(self, ctx: Context, origin: str = "roll") -> DieRoll:
        sides = self.sides
        face = ctx.roll(sides, self.pos)
        above = self.ace_above
        if above is None or face <= above or sides == 1:
            return DieRoll(sides, [face], origin)
        faces = [face]
        while faces[-1] > above:
            if len(faces) > MAX_ACE_CHAIN:
                raise DiceError("dice.ace_chain_too_long", limit=MAX_ACE_CHAIN, position=self.pos)
            faces.append(ctx.roll(sides, self.pos))
        return DieRoll(sides, faces, origin)

    def _reroll(self, ctx: Context, die: DieRoll) -> None:
        new = self._roll_die(ctx)
        die.replaced.append(die.value)
        die.faces = new.faces
        die.value = new.value

    def evaluate(self, ctx: Context) -> Part:
        rolls = [self._roll_die(ctx) for _ in range(self.count)]
        for operator in self.operators:
            self._apply(ctx, operator, rolls)
        return DicePart(self.text, self.count, self.sides, rolls)

    def _apply(self, ctx: Context, operator: Operator, rolls: list[DieRoll]) -> None:
        op = operator.op
        if op == "k":
            chosen = {id(d) for d in operator.select(rolls)}
            for d in rolls:
                if d.kept and id(d) not in chosen:
                    d.kept = False
        elif op == "p":
            for d in operator.select(rolls):
                d.kept = False
        elif op == "ro":
            for d in operator.select(rolls):
                self._reroll(ctx, d)
        elif op == "rr":
            chosen = operator.select(rolls)
            while chosen:
                for d in chosen:
                    self._reroll(ctx, d)
                chosen = operator.select(rolls)
        elif op == "e" or op == "ra":
            if self.sides == 1 and op == "e":
                return
            done: set[int] = set()
            limit = 1 if op == "ra" else None
            chosen = operator.select(rolls, limit)
            while chosen:
                for d in chosen:
                    d.exploded = True
                    done.add(id(d))
                    rolls.append(self._roll_die(ctx, "explosion"))
                if op == "ra":
                    break
                chosen = [d for d in operator.select(rolls) if id(d) not in done]
        elif op == "mi":
            n = operator.selectors[-1].n
            for d in rolls:
                if d.kept and d.value < n:
                    d.value = n
        elif op == "ma":
            n = operator.selectors[-1].n
            for d in rolls:
                if d.kept and d.value > n:
                    d.value = n


class SetNode(Node):
    __slots__ = ("items", "operators", "paren", "text")

    def __init__(
        self, items: tuple[Node, ...], operators: tuple[Operator, ...], paren: bool, pos: int
    ) -> None:
        self.items = items
        self.operators = operators
        self.paren = paren
        self.pos = pos
        self.text = ""
        self.depth = 1 + max((i.depth for i in items), default=0)
        self.dice_count = sum(i.dice_count for i in items)

    def evaluate(self, ctx: Context) -> Part:
        parts = [item.evaluate(ctx) for item in self.items]
        if self.paren and self.operators:
            # As in d20: ``(2d4)kh1`` keeps among the dice of 2d4, ``((a, b))kh1``
            # among a and b; any other single value is a set of itself.
            _operate_inside(parts[0], self.operators)
        else:
            _keep_drop(parts, self.operators)
        return SetPart(parts, self.paren, self.text)


def _keep_drop(items: list[Any], operators: tuple[Operator, ...]) -> None:
    """Apply ``k``/``p`` operators to parts or dice (each has ``kept`` and ``value``)."""
    for operator in operators:
        if operator.op == "k":
            chosen = {id(x) for x in operator.select(items)}
            for x in items:
                if x.kept and id(x) not in chosen:
                    x.kept = False
        else:  # "p"
            for x in operator.select(items):
                x.kept = False


def _operate_inside(part: Part, operators: tuple[Operator, ...]) -> None:
    """Keep/drop inside a parenthesized value and recompute the values on the way up."""
    if isinstance(part, AnnotatedPart):
        _operate_inside(part.inner, operators)
        part.value = part.inner.value
    elif isinstance(part, SetPart) and part.paren and len(part.items) == 1:
        _operate_inside(part.items[0], operators)
        part.value = part.items[0].value if part.items[0].kept else 0
    elif isinstance(part, DicePart):
        _keep_drop(part.rolls, operators)  # type: ignore[arg-type]
        part.value = sum(d.value for d in part.rolls if d.kept)
    elif isinstance(part, SetPart):
        _keep_drop(part.items, operators)  # type: ignore[arg-type]
        part.value = sum(p.value for p in part.items if p.kept)
    else:
        _keep_drop([part], operators)


class Unary(Node):
    __slots__ = ("op", "operand")

    def __init__(self, op: str, operand: Node, pos: int) -> None:
        self.op = op
        self.operand = operand
        self.pos = pos
        self.depth = operand.depth + 1
        self.dice_count = operand.dice_count

    def evaluate(self, ctx: Context) -> Part:
        inner = self.operand.evaluate(ctx)
        return OpPart(-inner.value if self.op == "-" else inner.value, self.op, [inner])


def divide(a: int, b: int, rounding: str) -> int:
    """``a / b`` rounded as the active system says: ``floor``; ``up`` (RH-1: Ritual Hex
    divisions round up); ``nearest`` (halves away from minus infinity, i.e. up);
    ``trunc`` (toward zero, as the d20 library)."""
    if rounding == "floor":
        return a // b
    if rounding == "up":
        return -(-a // b)
    if rounding == "nearest":
        if b < 0:
            a, b = -a, -b
        return (2 * a + b) // (2 * b)
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


class Binary(Node):
    __slots__ = ("left", "op", "right")

    def __init__(self, op: str, left: Node, right: Node, pos: int) -> None:
        self.op = op
        self.left = left
        self.right = right
        self.pos = pos
        self.depth = max(left.depth, right.depth)
        self.dice_count = left.dice_count + right.dice_count

    def evaluate(self, ctx: Context) -> Part:
        lp = self.left.evaluate(ctx)
        rp = self.right.evaluate(ctx)
        a, b = lp.value, rp.value
        op = self.op
        if op == "+":
            v = a + b
        elif op == "-":
            v = a - b
        elif op == "*":
            v = a * b
        else:
            if b == 0:
                raise DiceError("dice.division_by_zero", position=self.pos)
            if op == "/":
                v = divide(a, b, ctx.rounding)
            elif op == "//":
                v = a // b
            else:
                v = a % b
        return OpPart(v, op, [lp, rp])


COMPARE = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


class Compare(Binary):
    __slots__ = ()

    def evaluate(self, ctx: Context) -> Part:
        lp = self.left.evaluate(ctx)
        rp = self.right.evaluate(ctx)
        return OpPart(int(COMPARE[self.op](lp.value, rp.value)), self.op, [lp, rp])


class Annotated(Node):
    __slots__ = ("annotation", "inner")

    def __init__(self, inner: Node, annotation: str, pos: int) -> None:
        self.inner = inner
        self.annotation = annotation
        self.pos = pos
        self.depth = inner.depth
        self.dice_count = inner.dice_count

    def evaluate(self, ctx: Context) -> Part:
        return AnnotatedPart(self.inner.evaluate(ctx), self.annotation)


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed expression: its tree, repetition count and label."""

    text: str
    root: Node
    repeat: int = 1
    label: str | None = None
    dice_count: int = field(default=0)
