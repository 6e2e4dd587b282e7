"""Dice expressions: parse (lark, the grammar in :mod:`bot.dice.grammar`) and roll. The
tree a parse builds and how it rolls: :mod:`bot.dice.tree`; what a roll shows:
:mod:`bot.dice.rolled`; the limits: :mod:`bot.dice.limits`.

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

from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer
from lark import exceptions as _lark_errors
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from bot.dice.chain import MAX_SIDES, check_number
from bot.dice.grammar import GRAMMAR
from bot.dice.limits import LOG_MAX_DICE, MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_REPEATS
from bot.dice.rolled import RollResult
from bot.dice.source import DiceError, DiceSource
from bot.dice.tree import (
    ROUNDINGS,
    Annotated,
    Binary,
    Compare,
    Context,
    Dice,
    Expr,
    Node,
    Number,
    Operator,
    Rounding,
    Selector,
    SetNode,
    Unary,
    divide,
)

# The language's public face: parse and roll here; what they return, its limits and its
# rounding are defined beside (bot.dice.tree, bot.dice.rolled, bot.dice.limits).
__all__ = [
    "LOG_MAX_DICE",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_REPEATS",
    "ROUNDINGS",
    "Expr",
    "RollResult",
    "Rounding",
    "divide",
    "parse",
    "roll",
]

# Old lark releases (the ``lark-parser`` package d20 depends on) have no UnexpectedEOF.
_UnexpectedEOF: Any = getattr(_lark_errors, "UnexpectedEOF", ())


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
    ctx = Context(dice, rounding)
    root = expr.root
    parts = tuple(root.evaluate(ctx) for _ in range(expr.repeat))
    return RollResult(expr.text, expr.label, parts, rounding, ctx.rolled)
