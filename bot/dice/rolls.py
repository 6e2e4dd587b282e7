"""What the dice commands (``/roll``, ``/trait``, ``/odds``) ask of the dice, in one
place: the cog imports this module alone, and knows no notation of any system.

- reading and rolling a line (:mod:`bot.dice.line`, whose notations are
  :mod:`bot.dice.dispatch`'s), with the channel's system's rounding for ``/`` (the cog
  asks the plugin: ``Plugin.rounding``);
- what a roll's title says it is (a Wild Card's trait roll or an Extra's);
- which odds a roll has, and how they are computed: a trait roll's (SW-1..SW-5),
  damage against Toughness (SW-12), an expression against a target number, and
  ``/odds``'s score notation (``ds15+2-1``: DS-1, DS-2). Each comes as
  :class:`Chances` (the catalogue key of its line and its probabilities) or as
  :class:`~bot.dice.odds.ExpressionOdds`, exact within an inline budget, else
  computed where the cog runs slow work (:func:`toughness_odds`,
  :func:`expression_odds`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.dice import odds
from bot.dice.budget import INLINE_UNITS, Budget
from bot.dice.dispatch import AnyRoll, RollSpec, roll_spec, split_label, with_target
from bot.dice.expr import Expr, Rounding, parse
from bot.dice.line import Line, log_view, read_line, roll_line
from bot.dice.odds import ExpressionOdds, expression_odds, toughness_odds
from bot.dice.source import DiceError
from bot.dice.swade import TraitSpec
from bot.dice.toughness import ToughnessSpec

__all__ = [
    "NOTATION",
    "AnyRoll",
    "Chances",
    "DiceError",
    "Expr",
    "ExpressionOdds",
    "Line",
    "RollSpec",
    "Rounding",
    "TraitSpec",
    "at_least_inline",
    "expression_odds",
    "is_score",
    "log_view",
    "odds_expression",
    "read_line",
    "roll_line",
    "roll_spec",
    "score_chances",
    "sheetless_trait",
    "split_label",
    "title_kind",
    "toughness_inline",
    "toughness_odds",
    "toughness_of",
    "trait_chances",
    "with_target",
]

# Every form /roll reads (N-1, N-2): (row id, the forms as typed), for the notation table
# (bot/commands/notation.py: README and /help command:roll).
NOTATION: tuple[tuple[str, str], ...] = (
    ("arithmetic", "`2d6+1`, `d20`, `d%`, `1d20 >= 10`"),
    ("keep", "`4d6k3`, `4d6kh3`, `2d20kl1`"),
    ("drop", "`4d6dl1`, `dh1`, `ph1`, `p3`"),
    ("advantage", "`d20adv`, `d20dis+2`, `3d6adv`"),
    ("aces", "`3d6!`, `1d10!>8`"),
    ("rerolls", "`rr1`, `ro<2`, `ra6`, `e6`, `mi2`, `ma5`, `k>3`"),
    ("sets", "`(1d8!, 1d6!)kh1`"),
    ("repeat", "`6x 4d6k3`, `10xs10`"),
    ("d66", "`d66`, `d666`"),
    ("wild_card", "`s8`, `s8+1-2`, `s12w8`"),
    ("extra", "`e8`, `e8-2`, `s8x`, `su`"),
    ("rate_of_fire", "`3s8`, `s8r3`, `3e6`"),
    ("target", "`s10t6`, `s8+2 vs 6`, `t6:s8`"),
    ("plain_target", "`d8+1 vs 6`, `1d20+5 contra 15`"),
    ("toughness", "`2d6!t6`, `d8!t6+2d6`, `t6:2d6+1`"),
    ("several", "`s8 2d6!+1 d6!`, `Huey s8 damage 2d6+1`"),
    ("labels", "`1d20 to hit`, `2d6 # fire`, `1d20 [fire] + 2`"),
    ("ritual_hex", "`1d-2|1`"),
    ("dread", "`ds15+1-2`"),
    ("refused", "`4dF`, `dC`, `3w`, `12d10s7`, `5--15`, `5d10[6:30]`, `p10`, `i+2`"),
)

# /odds: a Dread S-20 roll against a score, with its bonus and penalty dice (DS-1, DS-2).
_SCORE = re.compile(r"ds(\d+)((?:[+-]\d+)*)", re.IGNORECASE)


@dataclass(frozen=True)
class Chances:
    """Odds to show: the catalogue key of their line, and each chance (0..1) by the name
    of the line's parameter."""

    key: str
    chances: dict[str, float]


def title_kind(spec: RollSpec) -> str | None:
    """The catalogue key of what a roll is, for its title: a Wild Card's trait roll or
    an Extra's; None for any other roll."""
    if isinstance(spec, TraitSpec):
        return "roll.wild_card" if spec.wild_die else "roll.extra"
    return None


def trait_chances(spec: RollSpec, bonus: int = 0) -> Chances | None:
    """The odds of a trait roll with one trait die (SW-1..SW-5): success, a raise, two
    raises, a critical failure; None for any other roll (rate of fire has none). Counted
    work: call it off the event loop."""
    if not isinstance(spec, TraitSpec) or spec.trait_dice != 1:
        return None
    found = odds.trait_odds(
        spec.die,
        modifier=spec.modifier + bonus,
        tn=spec.tn,
        wild_die=spec.wild_die,
        unskilled=spec.unskilled,
    )
    return Chances(
        "roll.odds_trait",
        {
            "success": found.p_success,
            "raise_": found.p_raise,
            "two": found.p_two_raises,
            "crit": found.p_crit,
        },
    )


def is_score(text: str) -> bool:
    """Whether ``text`` is ``/odds``'s score notation (``ds15``, ``ds15+2-1``)."""
    return _SCORE.fullmatch(text.replace(" ", "")) is not None


def score_chances(text: str) -> Chances | None:
    """``ds15+2-1``: the odds of a Dread S-20 roll against 15 with 2 bonus and 1 penalty
    dice (DS-1, DS-2): success, spectacular, disaster; None for any other text."""
    found = _SCORE.fullmatch(text.replace(" ", ""))
    if found is None:
        return None
    score = int(found[1])
    bonus = sum(int(x) for x in re.findall(r"\+\d+", found[2] or ""))
    penalty = -sum(int(x) for x in re.findall(r"-\d+", found[2] or ""))
    o = odds.ds20_odds(score, bonus, penalty)
    return Chances(
        "roll.odds_ds20",
        {"success": o.p_success, "spectacular": o.p_spectacular, "disaster": o.p_disaster},
    )


def toughness_of(spec: RollSpec) -> tuple[Expr, int] | None:
    """A damage roll against Toughness made once (SW-12): its expression and the
    Toughness; None for any other roll."""
    if isinstance(spec, ToughnessSpec) and spec.expr.repeat == 1:
        return spec.expr, spec.toughness
    return None


def odds_expression(text: str) -> Expr | None:
    """``text`` as one expression made once, whose total has odds against a target
    number; None when it is not one."""
    try:
        parsed = parse(text)
    except DiceError:
        return None
    return parsed if parsed.repeat == 1 else None


def at_least_inline(expression: Expr, tn: int, rounding: Rounding | str) -> ExpressionOdds:
    """The exact chance of ``expression`` totalling ``tn`` or more, within the budget of
    work done on the event loop; ``DiceError("dice.odds_too_complex")`` past it (then
    :func:`expression_odds` elsewhere)."""
    return odds.exact_at_least(expression, tn, rounding=rounding, budget=Budget(INLINE_UNITS))


def toughness_inline(
    damage: Expr, toughness: int, rounding: Rounding | str
) -> tuple[ExpressionOdds, ExpressionOdds]:
    """SW-12: the exact chances of Shaken or more (``toughness``) and of a wound
    (``toughness`` + 4), both within one budget of work done on the event loop;
    ``DiceError("dice.odds_too_complex")`` past it (then :func:`toughness_odds`
    elsewhere)."""
    budget = Budget(INLINE_UNITS)
    shaken = odds.exact_at_least(damage, toughness, rounding=rounding, budget=budget)
    wound = odds.exact_at_least(damage, toughness + 4, rounding=rounding, budget=budget)
    return shaken, wound


def sheetless_trait(
    die: int, modifier: int, tn: int, *, wild_card: bool, unskilled: bool
) -> tuple[TraitSpec, str]:
    """``/trait``'s roll without a sheet (SW-1..SW-5): the trait die (``unskilled``: d4
    -2), the modifier and target number, with the wild die for a Wild Card; and how it
    is written (``s8+1``, ``su``, ``s6x`` for an Extra)."""
    spec = TraitSpec(
        die=die, modifier=modifier, tn=tn, wild_die=6 if wild_card else None, unskilled=unskilled
    )
    body = f"s{'u' if unskilled else die}"
    shown = f"{body}{modifier:+d}" if modifier else body
    return spec, shown + ("" if wild_card else "x")
