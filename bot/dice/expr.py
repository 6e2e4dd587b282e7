"""Dice expressions: parse (lark, the grammar in :mod:`bot.dice.grammar`) and roll.

The language
------------
- ``NdX``, ``dX`` (one die), ``d%`` (a d100: 1..100), integers; ``+ - * / // %``,
  unary ``+ -``, parentheses, comparisons ``== != < > <= >=`` (1 or 0).
- ``/`` divides and rounds as the active system says (``rounding``: ``"floor"``, the
  default; ``"up"`` for Ritual Hex, RH-1 "divisions round up"; ``"nearest"`` (halves up);
  ``"trunc"`` (toward zero, the d20 library's ``/``)). ``//`` always floors; ``%`` is
  the floor modulo.
- Operators on dice, applied left to right, each to the dice still kept:
  ``khN klN`` keep the N highest/lowest, ``dhN dlN`` drop them; ``kN`` keeps the N
  highest (N-1: as Foundry, Roll20 and savagebot; d20 read it as "the dice showing N");
  ``k``/``p`` + another selector keep/drop the selected dice (``pN`` drops the dice
  showing N, as in d20); ``advM``/``disM`` (savagebot's ``d20adv``, ``3d6dis``) roll M
  more dice (1 when M is left out) and keep the highest/lowest of the count written; ``rr`` reroll the selected dice until none is selected,
  ``ro`` reroll each selected die once, ``ra`` reroll one selected die and add it,
  ``e`` explode (each selected die adds a new die to the pool, repeatedly); ``miN maN``
  raise/lower each kept die to at least/most N. A selector is ``N`` (dice showing N),
  ``hN``/``lN`` (N highest/lowest), ``>N``/``<N`` (strictly above/below N). Consecutive
  operators of the same kind join their selections (``4d6kh1kl1`` keeps two dice),
  as in d20.
- ``!`` aces (SWADE's explosion, SW-2): a die showing its maximum is rolled again and
  *added to the same die*; ``!>N`` aces on faces above N. ``!`` is a property of the
  term's dice, wherever it is written among the operators: every die of the term
  (including reroll replacements) aces as soon as it is rolled, on its face (before
  ``mi``/``ma``). A d1 never aces or explodes; ``ra`` adds its one die to a d1 too
  (``1d1ra1`` is 2, as in d20).
- ``d66`` (``d666``, ``d6666``), written with no count and no operator: d6s read as
  digits, tens then units (savagebot's and Coriolis' d66: 11..66); ``1d66`` is a die of
  66 sides.
- Sets ``(a, b, ...)`` with ``k p kh kl dh dl``: ``(1d8!, 1d6!)kh1`` is a SWADE trait
  test with its wild die. ``(a)`` is a parenthesis; ``(a,)`` a set of one; ``()`` is 0.
- ``Nx expr`` repeats the expression N times (``6x 4d6kh3``); ``[text]`` after a term
  annotates it; ``# text`` at the end is the roll's label.

Differences from the d20 library (Avrae). Everything d20 parses means the same here
except: ``/`` gives an integer at once, rounded by ``rounding`` (floor by default),
while d20 divides in floating point and truncates only the final total (``-7/2`` is -3
there and -4 here; ``6 - 1/6`` is 5 there and 6 here); ``d%`` is 1..100 (d20: a tens die 0..90); decimals (``1.5``) are not
accepted (integer dice only); trailing comments without ``#`` (d20's
``allow_comments``) are not accepted, write ``# text``; whitespace is allowed between
any two tokens; when several dice are selected for a reroll or explosion, d20 handles
them in an unspecified (hash) order while here they go in pool order, which changes
which forced value lands on which die but not the distribution; ``rr`` or ``e`` whose
selector takes every face, and ``rrh``/``rrl``, are errors here instead of running to
d20's limit; ``kN`` keeps the N highest (N-1; d20: the dice showing N). New here:
``kh kl dh dl`` (d20: ``kh kl ph pl``), ``!``, ``adv``/``dis``, ``d66``, repetition,
``D`` for ``d``.

Order in which dice are consumed: terms left to right; within ``NdX`` the N dice one
after another, each with its ace chain (``!``) right after it; then the operators left
to right, each going through the selected dice in pool order (a reroll's replacement is
rolled, with its own ace chain, right after the die it replaces; ``rr`` repeats in rounds
until nothing is selected); set members left to right.

Limits (each a :class:`~bot.dice.source.DiceError` with ``position``, 0-based in the
text): at most 300 characters (``dice.expr_too_long``), 1,000 dice rolled per command
counting aces, explosions and rerolls (``dice.too_many_dice``), an ace chain at most 100
rerolls (``dice.ace_chain_too_long``), 1..10,000 sides (``dice.bad_sides``), nesting of
parentheses and unary signs at most 50 (``dice.too_deep``), 100 repetitions
(``dice.too_many_repeats``), every number written (constants, selectors, ``!>N``,
``miN``) at most 1,000,000 (``dice.number_too_big``). Syntax errors: ``dice.syntax``; division by zero:
``dice.division_by_zero``. The evaluation depth is bounded by the length limit, so no
``RecursionError`` can happen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from lark import Lark, Token, Transformer
from lark import exceptions as _lark_errors
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from bot.dice.chain import MAX_ACE_CHAIN, MAX_SIDES, check_number
from bot.dice.grammar import GRAMMAR
from bot.dice.source import DiceError, DiceSource

# Old lark releases (the ``lark-parser`` package d20 depends on) have no UnexpectedEOF.
_UnexpectedEOF: Any = getattr(_lark_errors, "UnexpectedEOF", ())

MAX_LENGTH = 300
MAX_DICE = 1000
MAX_DEPTH = 50
MAX_REPEATS = 100
LOG_MAX_DICE = 60  # dice shown one by one in a log row (about 110 bytes each)

Rounding = Literal["floor", "up", "nearest", "trunc"]
ROUNDINGS: tuple[str, ...] = ("floor", "up", "nearest", "trunc")


# --- results --------------------------------------------------------------------------


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


# --- evaluation context ---------------------------------------------------------------


class _Context:
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


# --- the AST --------------------------------------------------------------------------


class Node:
    """A parsed expression node. ``depth`` counts nesting (parentheses, sets, signs);
    ``dice_count`` is how many dice it rolls before aces, explosions and rerolls."""

    __slots__ = ("depth", "dice_count", "pos")

    def evaluate(self, ctx: _Context) -> Part:
        raise NotImplementedError


class Number(Node):
    __slots__ = ("value",)

    def __init__(self, value: int, pos: int) -> None:
        self.value = value
        self.pos = pos
        self.depth = 0
        self.dice_count = 0

    def evaluate(self, ctx: _Context) -> Part:
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

    def _roll_die(self, ctx: _Context, origin: str = "roll") -> DieRoll:
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

    def _reroll(self, ctx: _Context, die: DieRoll) -> None:
        new = self._roll_die(ctx)
        die.replaced.append(die.value)
        die.faces = new.faces
        die.value = new.value

    def evaluate(self, ctx: _Context) -> Part:
        rolls = [self._roll_die(ctx) for _ in range(self.count)]
        for operator in self.operators:
            self._apply(ctx, operator, rolls)
        return DicePart(self.text, self.count, self.sides, rolls)

    def _apply(self, ctx: _Context, operator: Operator, rolls: list[DieRoll]) -> None:
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

    def evaluate(self, ctx: _Context) -> Part:
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

    def evaluate(self, ctx: _Context) -> Part:
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

    def evaluate(self, ctx: _Context) -> Part:
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


_COMPARE = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


class Compare(Binary):
    __slots__ = ()

    def evaluate(self, ctx: _Context) -> Part:
        lp = self.left.evaluate(ctx)
        rp = self.right.evaluate(ctx)
        return OpPart(int(_COMPARE[self.op](lp.value, rp.value)), self.op, [lp, rp])


class Annotated(Node):
    __slots__ = ("annotation", "inner")

    def __init__(self, inner: Node, annotation: str, pos: int) -> None:
        self.inner = inner
        self.annotation = annotation
        self.pos = pos
        self.depth = inner.depth
        self.dice_count = inner.dice_count

    def evaluate(self, ctx: _Context) -> Part:
        return AnnotatedPart(self.inner.evaluate(ctx), self.annotation)


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed expression: its tree, repetition count and label."""

    text: str
    root: Node
    repeat: int = 1
    label: str | None = None
    dice_count: int = field(default=0)


# --- parsing --------------------------------------------------------------------------


def _selector(text: str, pos: int) -> Selector:
    kind = text[0] if text[0] in "hl<>" else None
    return Selector(kind, check_number(int(text[1:] if kind else text), pos))


def _operators(tokens: list[Token], *, on_set: bool) -> tuple[tuple[Operator, ...], int | None]:
    """Turn DICE_OP tokens into operators (joining consecutive ones of the same kind)
    and the ace threshold (``!``: faces above it ace)."""
    ops: list[Operator] = []
    ace: int | None = None
    for tok in tokens:
        t = str(tok)
        pos = tok.start_pos or 0
        if t.startswith("!"):
            if on_set:
                raise DiceError("dice.bad_set_operator", operator=t, position=pos)
            ace = check_number(int(t[2:]), pos) if len(t) > 1 else -1  # -1: sides - 1, later
            continue
        if t[:2] in ("kh", "kl", "dh", "dl"):
            op, sel = ("k" if t[0] == "k" else "p"), Selector(t[1], check_number(int(t[2:]), pos))
        elif t[:2] in ("rr", "ro", "ra", "mi", "ma"):
            op, sel = t[:2], _selector(t[2:], pos)
        else:
            op, sel = t[0], _selector(t[1:], pos)
            if op == "k" and sel.kind is None:
                sel = Selector("h", sel.n)  # N-1: k3 keeps the three highest
        if on_set and op not in ("k", "p"):
            raise DiceError("dice.bad_set_operator", operator=t, position=pos)
        if op in ("mi", "ma") and sel.kind is not None:
            raise DiceError("dice.syntax", found=t, position=pos)
        if ops and ops[-1].op == op and op not in ("mi", "ma"):
            ops[-1] = Operator(op, (*ops[-1].selectors, sel), ops[-1].pos)
        else:
            ops.append(Operator(op, (sel,), pos))
    return tuple(ops), ace


def _advantage(count: int, tokens: list[Token]) -> tuple[int, list[Token]]:
    """savagebot's ``advM``/``disM``: M more dice (1 if not written), keeping the
    ``count`` written, highest (``adv``) or lowest (``dis``): ``d20adv`` is ``2d20kh1``,
    ``3d6dis`` is ``4d6kl3``."""
    out: list[Token] = []
    extra = 0
    for tok in tokens:
        t = str(tok)
        if t.startswith(("adv", "dis")):
            extra += check_number(int(t[3:]), tok.start_pos or 0) if len(t) > 3 else 1
            keep = ("kh" if t[0] == "a" else "kl") + str(count)
            out.append(Token.new_borrow_pos("DICE_OP", keep, tok))
        else:
            out.append(tok)
    return count + extra, out


def _check_depth(node: Node) -> Node:
    if node.depth > MAX_DEPTH:
        raise DiceError("dice.too_deep", limit=MAX_DEPTH, position=node.pos)
    return node


class _Build(Transformer):  # type: ignore[type-arg]  # not Generic in old lark
    """Builds the AST inside the LALR parse (callbacks run on each reduction: no tree
    walk, no recursion)."""

    def number(self, children: list[Token]) -> Node:
        tok = children[0]
        return Number(check_number(int(tok), tok.start_pos or 0), tok.start_pos or 0)

    def dice(self, children: list[Token]) -> Node:
        head, *op_tokens = children
        pos = head.start_pos or 0
        count_s, _, sides_s = str(head).lower().partition("d")
        if not count_s and not op_tokens and sides_s in ("66", "666", "6666"):
            from bot.dice.d66 import d66_node  # d66 is built from this module's nodes

            return d66_node(len(sides_s), pos, str(head))
        text = str(head) + "".join(str(t) for t in op_tokens)
        count, op_tokens = _advantage(int(count_s) if count_s else 1, op_tokens)
        sides = 100 if sides_s == "%" else int(sides_s)
        if not 1 <= sides <= MAX_SIDES:
            raise DiceError("dice.bad_sides", sides=sides, limit=MAX_SIDES, position=pos)
        if count > MAX_DICE:
            raise DiceError("dice.too_many_dice", limit=MAX_DICE, position=pos)
        ops, ace = _operators(op_tokens, on_set=False)
        if ace == -1:
            ace = sides - 1
        if ace is not None and ace < 1 and sides > 1:
            raise DiceError("dice.explodes_always", position=pos)
        for operator in ops:
            _check_operator(operator, sides)
        return Dice(count, sides, ops, ace, pos, text)

    def set(self, children: list[Any]) -> Node:
        lpar, body, _rpar, *op_tokens = children
        items, paren = body
        ops, _ = _operators(op_tokens, on_set=True)
        node = SetNode(tuple(items), ops, paren, lpar.start_pos or 0)
        node.text = "".join(str(t) for t in op_tokens)
        return _check_depth(node)

    def empty_set(self, children: list[Any]) -> tuple[list[Node], bool]:
        return [], False

    def paren_body(self, children: list[Any]) -> tuple[list[Node], bool]:
        return [children[0]], True

    def single_set(self, children: list[Any]) -> tuple[list[Node], bool]:
        return [children[0]], False

    def multi_set(self, children: list[Any]) -> tuple[list[Node], bool]:
        return list(children), False

    def unary(self, children: list[Any]) -> Node:
        tok, operand = children
        return _check_depth(Unary(str(tok), operand, tok.start_pos or 0))

    def binary(self, children: list[Any]) -> Node:
        left, tok, right = children
        return Binary(str(tok), left, right, tok.start_pos or 0)

    def compare(self, children: list[Any]) -> Node:
        left, tok, right = children
        return Compare(str(tok), left, right, tok.start_pos or 0)

    def annotate(self, children: list[Any]) -> Node:
        inner, *notes = children
        return Annotated(inner, " ".join(str(n)[1:-1] for n in notes), inner.pos)

    def start(self, children: list[Any]) -> tuple[Node, int, str | None]:
        repeat = 1
        label = None
        if isinstance(children[0], Token) and children[0].type == "REPEAT":
            tok = children.pop(0)
            repeat = int(str(tok)[:-1])
            if not 1 <= repeat <= MAX_REPEATS:
                raise DiceError(
                    "dice.too_many_repeats", limit=MAX_REPEATS, position=tok.start_pos or 0
                )
        root = children[0]
        if len(children) > 1:
            label = str(children[1])[1:].strip() or None
        if root.dice_count * repeat > MAX_DICE:
            raise DiceError("dice.too_many_dice", limit=MAX_DICE, position=root.pos)
        return root, repeat, label


def _check_operator(operator: Operator, sides: int) -> None:
    """Reject rerolls/explosions that could never stop (every face selected)."""
    if operator.op not in ("rr", "e"):
        return
    for sel in operator.selectors:
        if operator.op == "rr" and sel.kind in ("h", "l"):
            raise DiceError("dice.rerolls_always", position=operator.pos)
        if sel.kind not in ("h", "l") and all(sel.matches_face(f) for f in range(1, sides + 1)):
            key = "dice.rerolls_always" if operator.op == "rr" else "dice.explodes_always"
            raise DiceError(key, position=operator.pos)


_PARSER = Lark(
    GRAMMAR, parser="lalr", lexer="contextual", maybe_placeholders=False, transformer=_Build()
)


def _syntax_error(text: str, exc: UnexpectedInput) -> DiceError:
    if isinstance(exc, _UnexpectedEOF):
        return DiceError("dice.syntax", found="", position=len(text))
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            return DiceError("dice.syntax", found="", position=len(text))
        return DiceError("dice.syntax", found=str(tok)[:20], position=tok.start_pos or 0)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        return DiceError("dice.syntax", found=text[pos : pos + 1], position=pos)
    return DiceError("dice.syntax", found="", position=0)  # pragma: no cover


def _scan_depth(text: str) -> None:
    """Reject deep nesting before parsing, pointing at the parenthesis that is too deep."""
    depth = 0
    in_note = False
    for i, ch in enumerate(text):
        if in_note:
            in_note = ch != "]"
        elif ch == "[":
            in_note = True
        elif ch == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise DiceError("dice.too_deep", limit=MAX_DEPTH, position=i)
        elif ch == ")":
            depth -= 1
        elif ch == "#":
            return


@lru_cache(maxsize=1024)
def parse(text: str) -> Expr:
    """Parse a dice expression (grammar in :mod:`bot.dice.grammar`); errors are
    :class:`DiceError` with the position in ``text``. Cached: an Expr is immutable."""
    if len(text) > MAX_LENGTH:
        raise DiceError("dice.expr_too_long", limit=MAX_LENGTH, position=MAX_LENGTH)
    if not text.strip():
        raise DiceError("dice.syntax", found="", position=0)
    _scan_depth(text)
    try:
        root, repeat, label = _PARSER.parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    return Expr(text, root, repeat, label, root.dice_count * repeat)


def roll(
    expression: str | Expr, dice: DiceSource, *, rounding: Rounding | str = "floor"
) -> RollResult:
    """Roll an expression (text or parsed) with ``dice``; ``/`` rounds by ``rounding``."""
    if rounding not in ROUNDINGS:
        raise ValueError(f"unknown rounding {rounding!r}")
    expr = parse(expression) if isinstance(expression, str) else expression
    ctx = _Context(dice, rounding)
    root = expr.root
    parts = tuple(root.evaluate(ctx) for _ in range(expr.repeat))
    return RollResult(expr.text, expr.label, parts, rounding, ctx.rolled)
