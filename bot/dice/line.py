"""A ``/roll`` line as players of other bots type it (N-2): several rolls separated by
spaces (or ``;``), each shown on its own, with words around them.

- ``s8 2d6!+1 d6!``: three rolls (savagebot).
- ``shooting at vampire s8 damage 2d6+1``: words before a roll are its label
  (savagebot's narration): "shooting at vampire" for ``s8``, "damage" for ``2d6+1``.
- ``1d20 please save me``: words after the last roll are the line's comment (Avrae's
  trailing comment, d20's ``allow_comments``); with one roll, its label.
- ``2d6 # fire``: the ``#`` label, as everywhere.

A line that reads whole as one roll is that roll (``1d20 + 5``, ``s8 vs 6``). A target
number typed after a plain roll (``d8+1 vs 6``, ``2d6 tn6``, ``1d20+5 contra 15``) is the
line's :attr:`Line.tn`, as ``/roll``'s ``tn`` option (its total is compared with it),
never a label; in a line of several rolls only a trait roll or damage against Toughness
takes one (``dice.tn_in_a_line``). Otherwise
the words are read left to right: a run of words that may belong to a roll (digits,
signs, dice; ``vs``/``tn``/``vo``) is read as the longest roll it starts with; any other
word is narration. Among several rolls a bare number is narration (``attack with 2
swords``), so a roll needs a die. A word that looks like notation but starts no roll
is refused with the closest form (:mod:`bot.dice.hints`), never skipped: a typo never
becomes a label. At most :data:`MAX_ROLLS` rolls a line, and :data:`~bot.dice.expr.MAX_DICE`
dice in all (:class:`CountedSource`).
"""

from __future__ import annotations

import re
from collections.abc import MutableSequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.dice.dispatch import AnyRoll, RollSpec, read_roll, roll_spec, split_label
from bot.dice.expr import MAX_DICE, Rounding
from bot.dice.hints import refusal
from bot.dice.savage_notation import SPELLED_TN_WORDS, TN_WORDS
from bot.dice.source import DiceError, DiceSource

MAX_ROLLS = 10
MAX_WORDS_A_ROLL = 15  # the longest run of words one roll is looked for in

T = TypeVar("T")

_NOTATION = re.compile(r"^[0-9a-z!<>=+\-*/%(),.|:\[\]]*$", re.IGNORECASE)
_HAS_DIE = re.compile(r"\d*d(?:\d|%)|(?:^|[^a-wyz])[se](?:\d|u\b)", re.IGNORECASE)
_TN_WORDS = frozenset(TN_WORDS)
# A target number a roll before it did not take: "d8+1 vs 6", "2d6 tn6" (module docstring).
_GLUED_TN = re.compile(rf"^({'|'.join(TN_WORDS)})(-?\d+)$", re.IGNORECASE)
# Words that would silently leave a roll without what they ask for: refused instead.
_ASKING = frozenset(
    {"adv", "advantage", "ventaja", "dis", "disadvantage", "desventaja", "explode", "explota",
     "k", "kh", "kl", "dh", "dl", "p", "ph", "pl", "rr", "ro", "ra", "mi", "ma"}
)  # fmt: skip
# savagebot's roll marker: "!s8", "!2d6!+1" in a line of text.
_MARKER = re.compile(r"(?:(?<=\s)|^)!(?=[0-9dDsSeEtT(])")


@dataclass(frozen=True, slots=True)
class LineRoll:
    """One roll of a line: as typed, the words before it, and what was read."""

    text: str
    label: str | None
    spec: RollSpec


@dataclass(frozen=True, slots=True)
class Line:
    """A read line: its rolls in order and its comment (``#`` label, trailing words)."""

    rolls: tuple[LineRoll, ...]
    comment: str | None
    tn: int | None = None  # typed after its one roll, a plain one ("d8+1 vs 6")

    @property
    def single(self) -> bool:
        return len(self.rolls) == 1


class CountedSource:
    """A dice source that refuses the die past ``limit`` (``dice.too_many_dice``): the
    dice of every roll of a line count against one command's limit."""

    def __init__(self, dice: DiceSource, limit: int = MAX_DICE) -> None:
        self.dice = dice
        self.limit = limit
        self.rolled = 0

    def roll(self, sides: int) -> int:
        self.rolled += 1
        if self.rolled > self.limit:
            raise DiceError("dice.too_many_dice", limit=self.limit, position=0)
        return self.dice.roll(sides)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.dice.shuffle(items)


def _words(body: str) -> list[str]:
    """Words split on spaces and ``;``; a parenthesis or ``[note]`` keeps its words
    together (``(1d8!, 1d6!)kh1``)."""
    out: list[str] = []
    current = ""
    depth = 0
    for ch in body:
        if depth == 0 and (ch.isspace() or ch == ";"):
            if current:
                out.append(current)
            current = ""
            continue
        current += ch
        if ch in "([":
            depth += 1
        elif ch in ")]" and depth > 0:
            depth -= 1
    if current:
        out.append(current)
    return out


def _notation_like(word: str) -> bool:
    """A word that could belong to a roll: notation characters only, with a digit (or
    a TN word). ``damage``, ``**bold**`` and ``2nd`` are words; ``kh1`` and ``3s8x9``
    are notation."""
    folded = word.lower()
    if folded in _TN_WORDS:
        return True
    return bool(_NOTATION.match(folded)) and any(c.isdigit() for c in folded)


def _longest_roll(
    words: list[str], i: int, *, wild_card: bool, strength: int | None
) -> tuple[int, RollSpec] | None:
    run = i
    while run < len(words) and run - i < MAX_WORDS_A_ROLL and _notation_like(words[run]):
        run += 1
    for j in range(run, i, -1):
        text = " ".join(words[i:j])
        if not _HAS_DIE.search(text):
            continue
        try:
            return j, read_roll(text, wild_card=wild_card, strength=strength)
        except DiceError:
            continue
    return None


def read_line(text: str, *, wild_card: bool = True, strength: int | None = None) -> Line:
    """Read a line (module docstring). Errors: the one roll's own (a limit, a bad die),
    or the refusal with the closest readable form (``dice.did_you_mean``...);
    ``dice.empty`` when there is no roll at all (only spaces, or only a ``#`` note)."""
    body, label = split_label(_MARKER.sub("", text))
    if not body.strip():
        raise DiceError("dice.empty")
    try:
        spec = read_roll(body, wild_card=wild_card, strength=strength)
        return Line((LineRoll(body.strip(), None, spec),), label)
    except DiceError as err:
        if err.key != "dice.syntax" and not err.key.startswith("dice.bad_"):
            raise
        if not re.search(r"[\s;]", body.strip()):
            raise refusal(body, err) from None
        first_error = err
    return _read_words(body, label, first_error, wild_card=wild_card, strength=strength)


def _read_words(
    body: str, label: str | None, first_error: DiceError, *, wild_card: bool, strength: int | None
) -> Line:
    words = _words(body)
    rolls: list[LineRoll] = []
    narration: list[str] = []
    tn_taken: int | None = None
    i = 0
    while i < len(words):
        found = _longest_roll(words, i, wild_card=wild_card, strength=strength)
        if found is None:
            word = words[i]
            target = _left_target(words, i, narrated=bool(narration)) if rolls else None
            if target is not None:
                if tn_taken is not None or len(rolls) > 1:
                    raise DiceError("dice.tn_in_a_line", roll=rolls[-1].text)
                tn_taken, i = target
                continue
            if _notation_like(word) and not word.isdigit() and word.lower() not in _TN_WORDS:
                raise refusal(word, first_error, line=body)
            if word.isdigit() and i + 1 < len(words) and re.match(r"d\d", words[i + 1], re.I):
                raise refusal(f"{word} {words[i + 1]}", first_error, line=body)  # "2 d6"
            if rolls and not narration and word.lower() in _ASKING:
                raise refusal(f"{rolls[-1].text} {word}", first_error, line=body)
            narration.append(word)
            i += 1
            continue
        j, spec = found
        if tn_taken is not None:  # a second roll after a plain one's target
            raise DiceError("dice.tn_in_a_line", roll=rolls[-1].text)
        if len(rolls) == MAX_ROLLS:
            raise DiceError("dice.too_many_rolls", limit=MAX_ROLLS)
        rolls.append(LineRoll(" ".join(words[i:j]), " ".join(narration) or None, spec))
        narration = []
        i = j
    if not rolls:
        raise refusal(body, first_error)
    comment = " ".join(narration) or None
    if label and comment:
        comment = f"{comment} — {label}"
    return Line(tuple(rolls), comment or label, tn_taken)


def _left_target(words: list[str], i: int, *, narrated: bool) -> tuple[int, int] | None:
    """A target number at ``words[i]`` that the roll before it did not take (``vs 6``,
    ``tn6``; a plain roll has none of its own): the number and the index after it. Right
    after the roll, or at the line's end after words about it ("1d20 to hit vs 15");
    the words that are also plain words ("contra", "target", "objetivo") only at the
    line's end ("1d20 contra 2 orcos" is narration)."""
    glued = _GLUED_TN.match(words[i])
    found = None
    if glued:
        found = int(glued[2]), i + 1
    elif words[i].lower() in _TN_WORDS and i + 1 < len(words):
        number = re.fullmatch(r"-?\d+", words[i + 1])
        if number:
            found = int(number[0]), i + 2
    if found is None:
        return None
    at_end = found[1] == len(words)
    said = glued[1] if glued else words[i]
    spelled = said.lower() in SPELLED_TN_WORDS
    return found if at_end or not (narrated or spelled) else None


def roll_line(
    line: Line,
    dice: DiceSource,
    *,
    rounding: Rounding | str = "floor",
    specs: list[RollSpec] | None = None,
) -> list[AnyRoll]:
    """Every roll of ``line`` (or ``specs``, the same rolls with a target given),
    in order, through one :class:`CountedSource`."""
    counted = CountedSource(dice)
    chosen = specs if specs is not None else [r.spec for r in line.rolls]
    return [roll_spec(spec, counted, rounding=rounding) for spec in chosen]


def log_view(results: list[AnyRoll]) -> dict[str, Any]:
    """What the log keeps of a line's rolls: one roll's view (an expression's without
    its dice past 60, :meth:`~bot.dice.expr.RollResult.log_view`), or each of several."""
    views = [r.log_view() if hasattr(r, "log_view") else r.to_view() for r in results]
    return views[0] if len(views) == 1 else {"kind": "line", "rolls": views}
