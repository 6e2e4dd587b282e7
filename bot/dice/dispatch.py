"""One entry point for ``/roll``: system notations first, then the expression language.

:func:`roll_any` recognises, in this order:

1. the SWADE trait notation (``s8``, ``s8+1``, ``s12w8``, ``s6x``, ``su``, ``s8r3 vs 6``;
   :func:`bot.dice.swade.parse_trait`) -> :class:`~bot.dice.swade.TraitResult`;
2. SWADE damage with the Strength die (``Str+d6``, ``Fue+d8+1``; only when ``strength``
   is given) -> :class:`~bot.dice.swade.DamageResult` (dice ace, SW-11);
3. Ritual Hex damage with a minimum or a bare ``d``-modifier (``1d-2|1``, ``2d+1``;
   :func:`bot.dice.ritualhex.parse_damage`) -> :class:`~bot.dice.ritualhex.RHDamage`;
4. anything else: a dice expression (:mod:`bot.dice.expr`) -> ``RollResult``.

None of these notations is a valid expression, so the order never changes a meaning.
Every result has ``to_view()``; errors are :class:`~bot.dice.source.DiceError`.

A label, ``# words`` at the end, works on every form (``s10-1 # Fe curación``,
``Str+d6 # espada``, ``2d6 # fuego``): :func:`split_label` takes it off before the
notation is read; a ``#`` inside a ``[note]`` is part of the note.
"""

from __future__ import annotations

import re

from bot.dice import ritualhex, swade
from bot.dice.expr import RollResult, Rounding, roll
from bot.dice.source import DiceSource

_TRAIT = re.compile(r"^\s*s(\d|u)", re.IGNORECASE)
_STRENGTH = re.compile(r"\b(str|strength|fue|fuerza)\b", re.IGNORECASE)
_RH_DAMAGE = re.compile(r"^\s*\d*d(\s*[+-]\s*\d+)?\s*(\|\s*\d+)?\s*$")


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


AnyRoll = swade.TraitResult | swade.DamageResult | ritualhex.RHDamage | RollResult


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
    body = split_label(text)[0]
    if _TRAIT.match(body):
        return swade.parse_trait(body, wild_card=wild_card).roll(dice, bonus=bonus)
    if strength is not None and _STRENGTH.search(body):
        return swade.parse_damage(body, strength=strength).roll(dice, bonus=bonus)
    if _RH_DAMAGE.match(body) and ("|" in body or re.search(r"d\s*[+-]", body)):
        return ritualhex.parse_damage(body.replace(" ", "")).roll(dice)
    return roll(text, dice, rounding=rounding)
