"""Savage Worlds (SWADE) trait tests and damage rolls (RULES-NOTES SW-1..SW-8, SW-11).

Order in which dice are consumed (what a forced list must follow):

- :func:`trait_roll`: every trait die left to right, each with its whole ace chain; then
  the wild die with its chain (Wild Card only); then, for an Extra whose trait dice show
  a critical-failure pattern, the extra d6 (SW-3).
- :func:`damage_roll`: the dice in ``dice_sides`` order (Strength die first, then weapon
  dice), then the raise d6; each die with its whole ace chain.

Readings (documented here, tested in ``tests/dice/test_swade.py``):

- Rate of fire (``trait_dice > 1``): each trait die is a separate result (``kept``). The
  wild die may replace one of them: it replaces the lowest trait die when it is higher
  (SW-1 "keeps the higher", applied to the die it helps most).
- Critical failure with several trait dice (SW-3): a Wild Card needs more than half of
  the trait dice and the wild die to show a natural 1. An Extra rolls the extra d6 when
  more than half of its trait dice show a natural 1; a 1 on it is a critical failure.
  A critical failure makes every result a failure with no raises.
- Unskilled (SW-5): the trait die is a d4 whatever ``die`` says, and -2 applies.
- ``bonus`` is a flat bonus kept apart from ``modifier`` so the reply can show it
  (Joker +2, support); both add to every result.
- Group roll (SW-8): one trait roll *with* a wild die for a group of similar Extras:
  call :func:`trait_roll` with ``wild_die=6`` for the group; its total applies to all
  (the critical failure is then the Wild Card one, SW-3).
- A benny reroll (SW-4) is another :func:`trait_roll`; the caller keeps the better
  result, except that a critical failure cannot be rerolled and one that comes up on
  the reroll must be accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from bot.dice.chain import (
    MAX_ACE_CHAIN,
    AceChain,
    check_number,
    check_sides,
    roll_chain,
    roll_chain_unchecked,
)
from bot.dice.source import DiceError, DiceSource

UNSKILLED_DIE = 4
UNSKILLED_PENALTY = -2
RAISE_STEP = 4
MAX_ROF = 6  # trait dice of one rate-of-fire roll (s8r6)


def raises_for(total: int, tn: int) -> int:
    """SW-1: a success (total >= TN) earns one raise per full 4 points over the TN."""
    return (total - tn) // RAISE_STEP if total >= tn else 0


@dataclass(frozen=True, slots=True)
class TraitDieResult:
    """One result of a trait test: a trait die (or the wild die that replaced it)."""

    source: Literal["trait", "wild"]
    index: int  # which trait die this result belongs to (0-based)
    die_value: int
    total: int
    success: bool
    raises: int

    def to_view(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "index": self.index,
            "die_value": self.die_value,
            "total": self.total,
            "success": self.success,
            "raises": self.raises,
        }


@dataclass(frozen=True, slots=True)
class TraitResult:
    """A trait test (SW-1..SW-5). ``kept`` has one entry per trait die; ``total``,
    ``success`` and ``raises`` are those of the best one."""

    die: int
    trait_rolls: tuple[AceChain, ...]
    wild_roll: AceChain | None
    extra_d6: int | None
    modifier: int  # everything added to each die: modifier + bonus (+ -2 unskilled)
    bonus: int
    unskilled: bool
    tn: int
    kept: tuple[TraitDieResult, ...]
    critical_failure: bool

    @property
    def wild_card(self) -> bool:
        return self.wild_roll is not None

    @property
    def results(self) -> list[int]:
        return [k.total for k in self.kept]

    @property
    def best(self) -> TraitDieResult:
        return max(self.kept, key=lambda k: k.total)

    @property
    def total(self) -> int:
        return self.best.total

    @property
    def success(self) -> bool:
        return self.best.success

    @property
    def raises(self) -> int:
        return self.best.raises

    @property
    def hits(self) -> int:
        """How many results succeed (rate of fire: one hit per successful die)."""
        return sum(1 for k in self.kept if k.success)

    @property
    def capped(self) -> bool:
        chains = [*self.trait_rolls, *([self.wild_roll] if self.wild_roll else [])]
        return any(c.capped for c in chains)

    def to_view(self) -> dict[str, Any]:
        best = self.best  # once (issue 32: each property finds it again)
        return {
            "kind": "swade_trait",
            "die": self.die,
            "trait_rolls": [c.to_view() for c in self.trait_rolls],
            "wild_roll": self.wild_roll.to_view() if self.wild_roll else None,
            "extra_d6": self.extra_d6,
            "modifier": self.modifier,
            "bonus": self.bonus,
            "unskilled": self.unskilled,
            "tn": self.tn,
            "kept": [k.to_view() for k in self.kept],
            "results": self.results,
            "total": best.total,
            "success": best.success,
            "raises": best.raises,
            "hits": self.hits,
            "critical_failure": self.critical_failure,
            "capped": self.capped,
        }


def _more_than_half_ones(chains: tuple[AceChain, ...]) -> bool:
    if len(chains) == 1:
        return chains[0].faces[0] == 1
    ones = sum(1 for c in chains if c.faces[0] == 1)
    return ones * 2 > len(chains)


def trait_roll(
    dice: DiceSource,
    die: int,
    *,
    modifier: int = 0,
    tn: int = 4,
    wild_die: int | None = 6,
    unskilled: bool = False,
    trait_dice: int = 1,
    bonus: int = 0,
) -> TraitResult:
    """Roll a SWADE trait test.

    SW-1: a Wild Card (``wild_die`` not None) rolls the trait die and the wild die, both
    acing (SW-2), and keeps the higher; an Extra (``wild_die=None``) rolls the trait die
    only. Success: total >= ``tn``; one raise per full 4 over it. SW-3: critical failure
    (WC: natural 1 on the trait die(s) and the wild die; Extra: natural 1 then a 1 on an
    extra d6) fails whatever the modifiers. SW-5: unskilled rolls a d4 and subtracts 2.
    ``trait_dice > 1`` is rate of fire (see the module docstring).
    """
    if trait_dice < 1:
        raise DiceError("dice.bad_trait_dice", count=trait_dice, limit=MAX_ROF, position=0)
    sides = UNSKILLED_DIE if unskilled else die
    check_sides(sides)
    if wild_die is not None:
        check_sides(wild_die)
    add = modifier + bonus + (UNSKILLED_PENALTY if unskilled else 0)

    trait_rolls = tuple(
        roll_chain_unchecked(dice, sides, True, MAX_ACE_CHAIN) for _ in range(trait_dice)
    )
    wild_roll = (
        roll_chain_unchecked(dice, wild_die, True, MAX_ACE_CHAIN) if wild_die is not None else None
    )

    extra_d6: int | None = None
    if wild_roll is not None:
        critical = wild_roll.faces[0] == 1 and _more_than_half_ones(trait_rolls)
    elif _more_than_half_ones(trait_rolls):
        extra_d6 = dice.roll(6)
        critical = extra_d6 == 1
    else:
        critical = False

    values = [c.value for c in trait_rolls]
    sources: list[Literal["trait", "wild"]] = ["trait"] * trait_dice
    if wild_roll is not None:
        lowest = values.index(min(values))
        wild_value = wild_roll.value
        if wild_value > values[lowest]:
            values[lowest] = wild_value
            sources[lowest] = "wild"

    kept = tuple(
        TraitDieResult(
            sources[i],
            i,
            value,
            value + add,
            not critical and value + add >= tn,
            0 if critical else raises_for(value + add, tn),
        )
        for i, value in enumerate(values)
    )
    return TraitResult(
        die=sides,
        trait_rolls=trait_rolls,
        wild_roll=wild_roll,
        extra_d6=extra_d6,
        modifier=add,
        bonus=bonus,
        unskilled=unskilled,
        tn=tn,
        kept=kept,
        critical_failure=critical,
    )


@dataclass(frozen=True, slots=True)
class OpposedResult:
    """SW-7: who won an opposed roll and the initiator's raises over the defender."""

    initiator_total: int
    defender_total: int
    winner: Literal["initiator", "defender"]
    raises: int

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "swade_opposed",
            "initiator_total": self.initiator_total,
            "defender_total": self.defender_total,
            "winner": self.winner,
            "raises": self.raises,
        }


def opposed(
    initiator_total: int,
    defender_total: int,
    *,
    initiator_critical: bool = False,
    defender_critical: bool = False,
) -> OpposedResult:
    """SW-7: the defender wins by matching or beating the initiator's total (ties go to
    the defender). When the initiator wins, its raises are full steps of 4 over the
    defender's total. A critical failure (SW-3) loses whatever the totals; if both
    critically fail, the defender wins (the initiator did not get its effect)."""
    if initiator_critical:
        winner: Literal["initiator", "defender"] = "defender"
    elif defender_critical:
        winner = "initiator"
    else:
        winner = "initiator" if initiator_total > defender_total else "defender"
    raises = (
        max(0, (initiator_total - defender_total) // RAISE_STEP) if winner == "initiator" else 0
    )
    return OpposedResult(initiator_total, defender_total, winner, raises)


@dataclass(frozen=True, slots=True)
class DamageResult:
    """A damage roll (SW-11): each die's ace chain, the raise die's, and the total."""

    rolls: tuple[AceChain, ...]
    raise_roll: AceChain | None
    modifier: int
    aces: bool

    @property
    def total(self) -> int:
        dice_sum = sum(c.value for c in self.rolls)
        if self.raise_roll is not None:
            dice_sum += self.raise_roll.value
        return dice_sum + self.modifier

    @property
    def capped(self) -> bool:
        chains = [*self.rolls, *([self.raise_roll] if self.raise_roll else [])]
        return any(c.capped for c in chains)

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "swade_damage",
            "rolls": [c.to_view() for c in self.rolls],
            "raise_roll": self.raise_roll.to_view() if self.raise_roll else None,
            "modifier": self.modifier,
            "aces": self.aces,
            "total": self.total,
            "capped": self.capped,
        }


def damage_roll(
    dice: DiceSource,
    dice_sides: list[int],
    *,
    modifier: int = 0,
    raise_die: bool = False,
    aces: bool = True,
) -> DamageResult:
    """SW-11: damage dice (Strength die first, then weapon dice) are summed, each acing,
    never with a wild die; a raise on the attack adds +1d6 that also aces. Damage to
    objects neither aces nor gets the raise die: pass ``aces=False`` and
    ``raise_die=False`` (this function does not guess which one the caller meant)."""
    if not dice_sides:
        raise DiceError("dice.no_damage_dice", position=0)
    for sides in dice_sides:
        check_sides(sides)
    rolls = tuple(roll_chain(dice, sides, aces=aces) for sides in dice_sides)
    raise_roll = roll_chain(dice, 6, aces=aces) if raise_die else None
    return DamageResult(rolls=rolls, raise_roll=raise_roll, modifier=modifier, aces=aces)


# --- notation -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TraitSpec:
    """A parsed trait-test notation; :meth:`roll` feeds it to :func:`trait_roll`."""

    die: int
    modifier: int = 0
    tn: int = 4
    wild_die: int | None = 6
    unskilled: bool = False
    trait_dice: int = 1

    def roll(self, dice: DiceSource, *, bonus: int = 0) -> TraitResult:
        return trait_roll(
            dice,
            self.die,
            modifier=self.modifier,
            tn=self.tn,
            wild_die=self.wild_die,
            unskilled=self.unskilled,
            trait_dice=self.trait_dice,
            bonus=bonus,
        )


_STRENGTH_WORDS = {"str", "strength", "fue", "fuerza"}
_DAMAGE_TERM = re.compile(r"\s*([+-])?\s*(\d*d\d+|\d+|[a-záéíóú]+)\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """A parsed damage notation: the dice (Strength die first) and a flat modifier."""

    dice_sides: tuple[int, ...]
    modifier: int = 0

    def roll(
        self, dice: DiceSource, *, raise_die: bool = False, aces: bool = True, bonus: int = 0
    ) -> DamageResult:
        return damage_roll(
            dice,
            list(self.dice_sides),
            modifier=self.modifier + bonus,
            raise_die=raise_die,
            aces=aces,
        )


def strength_based(text: str) -> bool:
    """Whether damage notation starts with the Strength die (``Str+d6``, ``Fue+d4``,
    ``FUERZA``, ``Str.+1``): a muscle-powered weapon (SW-10/SW-11)."""
    first = re.match(r"\s*([a-z]+)\.?\s*(?:$|[+-])", text.lower())
    return first is not None and first[1] in _STRENGTH_WORDS


def parse_damage(text: str, *, strength: int | None = None) -> DamageSpec:
    """Parse SWADE damage: ``Str+d6`` / ``Fue+d6`` (the Strength die, given as
    ``strength``), ``2d6``, ``2d6+1``, ``Str+d8+2``. Dice are listed Strength first, in
    the order written (the order they are rolled, SW-11). Dice cannot be subtracted.
    Errors: ``dice.bad_damage_notation``, ``dice.strength_unknown``. Each attack reads
    its weapon's: the last few read are kept (issue 32; a spec is frozen)."""
    return _parsed_damage(text, strength)


@lru_cache(maxsize=256)
def _parsed_damage(text: str, strength: int | None) -> DamageSpec:
    pos = 0
    sides: list[int] = []
    strength_dice: list[int] = []
    modifier = 0
    source = text.strip()
    if not source:
        raise DiceError("dice.bad_damage_notation", text=text, position=0)
    first = True
    while pos < len(source):
        m = _DAMAGE_TERM.match(source, pos)
        if m is None or m.end() == pos or (not first and m[1] is None):
            raise DiceError("dice.bad_damage_notation", text=text, position=pos)
        sign, term = m[1] or "+", m[2].lower()
        if term in _STRENGTH_WORDS:
            if strength is None:
                raise DiceError("dice.strength_unknown", position=m.start(2))
            if sign == "-":
                raise DiceError("dice.bad_damage_notation", text=text, position=m.start(1))
            strength_dice.append(strength)
        elif "d" in term:
            if sign == "-":
                raise DiceError("dice.bad_damage_notation", text=text, position=m.start(1))
            count_s, sides_s = term.split("d")
            count = int(count_s) if count_s else 1
            if not 1 <= count <= 100:
                raise DiceError("dice.too_many_dice", limit=100, position=m.start(2))
            check_sides(int(sides_s))
            sides.extend([int(sides_s)] * count)
        elif term.isdigit():
            value = check_number(int(term), m.start(2))
            modifier += value if sign == "+" else -value
        else:
            raise DiceError("dice.bad_damage_notation", text=text, position=m.start(2))
        first = False
        pos = m.end()
    if not sides and not strength_dice:
        raise DiceError("dice.no_damage_dice", position=0)
    return DamageSpec((*strength_dice, *sides), modifier)
