"""One entry point for ``/roll``: system notations first, then the expression language.

:func:`read_roll` reads one roll, in this order:

1. the Savage Worlds trait notation, ours and savagebot's (``s8``, ``s8+1``, ``s12w8``,
   ``s6x``, ``su``, ``s8r3 vs 6``, ``3s8``, ``e8-2``, ``s10t6``, ``t6:s8``;
   :mod:`bot.dice.savage_notation`) -> :class:`~bot.dice.swade.TraitSpec`;
2. SWADE damage with the Strength die (``Str+d6``, ``Fue+d8+1``; only when ``strength``
   is given) -> :class:`~bot.dice.swade.DamageSpec` (dice ace, SW-11);
3. Ritual Hex damage with a minimum or a bare ``d``-modifier (``1d-2|1``, ``2d+1``;
   :func:`bot.dice.ritualhex.parse_damage`) -> :class:`~bot.dice.ritualhex.RHDamageSpec`;
4. damage against Toughness (``2d6!t6``, ``t6:2d6``; :mod:`bot.dice.toughness`) ->
   :class:`~bot.dice.toughness.ToughnessSpec`;
5. anything else: a dice expression (:mod:`bot.dice.expr`, with ``d66``, ``d20adv``) ->
   :class:`~bot.dice.expr.Expr`.

``Nx`` before a form that is not an expression repeats it (``10xs10``, ``5xe6``): a
:class:`RepeatSpec`. None of these notations is a valid expression, so the order never
changes a meaning. A line with several rolls and words around them is
:mod:`bot.dice.line`'s; a form nothing reads is refused with the closest one that reads
(:mod:`bot.dice.hints`). :func:`roll_spec` rolls what :func:`read_roll` read; every result
has ``to_view()``; errors are :class:`~bot.dice.source.DiceError`.

A label, ``# words`` at the end, works on every form (``s10-1 # Fe curación``,
``Str+d6 # espada``, ``2d6 # fuego``): :func:`split_label` takes it off before the
notation is read; a ``#`` inside a ``[note]`` is part of the note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from bot.dice import ritualhex, swade
from bot.dice.expr import MAX_REPEATS, Expr, RollResult, Rounding, parse, roll
from bot.dice.savage_notation import looks_like_trait, parse_trait
from bot.dice.source import DiceError, DiceSource
from bot.dice.toughness import ToughnessResult, ToughnessSpec, has_toughness, parse_toughness

_STRENGTH = re.compile(r"\b(str|strength|fue|fuerza)\b", re.IGNORECASE)
_RH_DAMAGE = re.compile(r"^\s*\d*d(\s*[+-]\s*\d+)?\s*(\|\s*\d+)?\s*$")
_REPEAT = re.compile(r"^\s*(\d+)\s*x\s*(?=\S)", re.IGNORECASE)
# savagebot's forms the expression language would read with another meaning: limits
# ``5d10[20:30]`` (here a note) and ranges ``5--15`` (here 5 - -15). Refused, with the
# closest form (bot.dice.hints).
_SAVAGEBOT_LIMITS = re.compile(r"\[\s*[-+*/\d\s]*:[-+*/\d\s]*\]")
_SAVAGEBOT_RANGE = re.compile(r"^\s*\d+--\d+\s*$")


def split_label(text: str) -> tuple[str, str | None]:
    """``text`` without its label, and the label (``None`` when there is none or it is
    empty): everything after the first ``#`` that is not inside a ``[note]``, as typed
    (accents, punctuation), without the spaces around it."""
    in_note = False
    for i, ch in enumerate(text):
        if ch == "[":
            in_note = True
        elif ch == "]":
            in_note = False
        elif ch == "#" and not in_note:
            return text[:i].rstrip(), text[i + 1 :].strip() or None
    return text, None


@dataclass(frozen=True, slots=True)
class RepeatSpec:
    """``Nx`` before a trait roll or a damage roll: the roll made N times."""

    count: int
    spec: SingleSpec


@dataclass(frozen=True, slots=True)
class RepeatResult:
    results: tuple[AnyRoll, ...]

    @property
    def total(self) -> int | None:
        return None

    def to_view(self) -> dict[str, Any]:
        return {"kind": "repeat", "rolls": [r.to_view() for r in self.results]}


SingleSpec = swade.TraitSpec | swade.DamageSpec | ritualhex.RHDamageSpec | ToughnessSpec | Expr
RollSpec = SingleSpec | RepeatSpec
AnyRoll = (
    swade.TraitResult
    | swade.DamageResult
    | ritualhex.RHDamage
    | ToughnessResult
    | RollResult
    | RepeatResult
)


def _read_single(body: str, *, wild_card: bool, strength: int | None) -> SingleSpec:
    if looks_like_trait(body):
        return parse_trait(body, wild_card=wild_card)
    if strength is not None and _STRENGTH.search(body):
        return swade.parse_damage(body, strength=strength)
    if _RH_DAMAGE.match(body) and ("|" in body or re.search(r"d\s*[+-]", body)):
        return ritualhex.parse_damage(body.replace(" ", ""))
    if _SAVAGEBOT_LIMITS.search(body) or _SAVAGEBOT_RANGE.match(body):
        raise DiceError("dice.syntax", found=body.strip()[:20], position=0)
    if has_toughness(body):
        return parse_toughness(body)
    return parse(body)


def read_roll(text: str, *, wild_card: bool = True, strength: int | None = None) -> RollSpec:
    """One roll, read but not rolled (module docstring); ``text`` has no label.
    ``wild_card=False`` makes a bare ``s8`` an Extra's roll."""
    repeat = _REPEAT.match(text)
    if repeat is not None:
        rest = text[repeat.end() :]
        inner = _read_single(rest, wild_card=wild_card, strength=strength)
        if isinstance(inner, Expr):
            return parse(text)  # the expression language repeats it itself
        count = int(repeat.group(1))
        if not 1 <= count <= MAX_REPEATS:
            raise DiceError("dice.too_many_repeats", limit=MAX_REPEATS, position=0)
        if isinstance(inner, ToughnessSpec):
            return ToughnessSpec(parse(f"{count}x {inner.expr.text}"), inner.toughness)
        return RepeatSpec(count, inner)
    return _read_single(text, wild_card=wild_card, strength=strength)


def with_target(spec: RollSpec, tn: int | None) -> RollSpec:
    """``spec`` with ``/roll``'s ``tn`` option as its target: a trait roll's TN (every
    repetition's); an expression keeps it apart (its total is compared with it). A
    damage roll against Toughness already has its target (``dice.tn_and_toughness``)."""
    if tn is None:
        return spec
    if isinstance(spec, RepeatSpec):
        inner = with_target(spec.spec, tn)
        assert not isinstance(inner, RepeatSpec)
        return RepeatSpec(spec.count, inner)
    if isinstance(spec, swade.TraitSpec):
        return replace(spec, tn=tn)
    if isinstance(spec, ToughnessSpec):
        raise DiceError("dice.tn_and_toughness", toughness=spec.toughness)
    return spec


def roll_spec(
    spec: RollSpec, dice: DiceSource, *, rounding: Rounding | str = "floor", bonus: int = 0
) -> AnyRoll:
    """Roll what :func:`read_roll` read. ``bonus`` adds to SWADE trait and damage rolls
    (Joker +2, SW-33); ``rounding`` is the system's rounding for ``/``."""
    if isinstance(spec, RepeatSpec):
        return RepeatResult(
            tuple(
                roll_spec(spec.spec, dice, rounding=rounding, bonus=bonus)
                for _ in range(spec.count)
            )
        )
    if isinstance(spec, swade.TraitSpec | swade.DamageSpec):
        return spec.roll(dice, bonus=bonus)
    if isinstance(spec, ritualhex.RHDamageSpec):
        return spec.roll(dice)
    if isinstance(spec, ToughnessSpec):
        return spec.roll(dice, rounding=rounding)
    return roll(spec, dice, rounding=rounding)


def roll_any(
    text: str,
    dice: DiceSource,
    *,
    rounding: Rounding | str = "floor",
    wild_card: bool = True,
    strength: int | None = None,
    bonus: int = 0,
) -> AnyRoll:
    """Roll whatever ``text`` is (see the module docstring). ``wild_card=False`` makes
    a bare ``s8`` an Extra's roll; ``bonus`` adds to SWADE trait and damage rolls
    (Joker +2, SW-33); ``rounding`` is the system's rounding for ``/``. A label is
    allowed on every form (:func:`split_label`); the expression language keeps it on
    its result."""
    spec = read_roll(split_label(text)[0], wild_card=wild_card, strength=strength)
    if isinstance(spec, Expr):
        spec = parse(text)  # keeps the label on the result
    return roll_spec(spec, dice, rounding=rounding, bonus=bonus)
