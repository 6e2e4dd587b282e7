"""roll_any routes each notation to its system (forced dice)."""

from __future__ import annotations

import pytest

from bot.dice.dispatch import roll_any, split_label
from bot.dice.expr import RollResult
from bot.dice.ritualhex import RHDamage
from bot.dice.source import DiceError, ForcedSource
from bot.dice.swade import DamageResult, TraitResult


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def test_trait_notation() -> None:
    r = roll_any("s8+1", forced(3, 5))
    assert isinstance(r, TraitResult) and r.total == 6


def test_trait_notation_as_extra() -> None:
    r = roll_any("s8", forced(3), wild_card=False)
    assert isinstance(r, TraitResult) and r.wild_roll is None


def test_strength_damage_aces() -> None:
    r = roll_any("Fue+d6", forced(8, 2, 3), strength=8)
    assert isinstance(r, DamageResult) and r.total == 13


def test_ritual_hex_damage() -> None:
    r = roll_any("1d-2|1", forced(2))
    assert isinstance(r, RHDamage) and r.value == 1


def test_expression_otherwise() -> None:
    r = roll_any("2d6+1", forced(6, 6))
    assert isinstance(r, RollResult) and r.total == 13  # no aces without "!"


def test_expression_rounding() -> None:
    assert roll_any("7/2", forced(), rounding="up").total == 4  # type: ignore[union-attr]


def test_errors_are_dice_errors() -> None:
    with pytest.raises(DiceError):
        roll_any("s", forced())
    with pytest.raises(DiceError):
        roll_any("Str+d6", forced())  # no strength: not damage, and not an expression


# -- labels on every form (issue 18) -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "body", "label"),
    [
        ("s10-1 # Fe curación", "s10-1", "Fe curación"),
        ("2d6 # fuego!", "2d6", "fuego!"),
        ("Fue+d6 #espada, rota.", "Fue+d6", "espada, rota."),
        ("1d-2|1 # ¿mordisco?", "1d-2|1", "¿mordisco?"),
        ("2d6[fuego#1] + 1 # nota", "2d6[fuego#1] + 1", "nota"),
        ("s8 #", "s8", None),
        ("s8", "s8", None),
    ],
)
def test_split_label(text: str, body: str, label: str | None) -> None:
    assert split_label(text) == (body, label)


def test_a_label_works_on_every_form() -> None:
    trait = roll_any("s10-1 # Fe curación", forced(1, 6, 6, 3))
    assert isinstance(trait, TraitResult) and trait.total == 14
    extra = roll_any("s8x+2 # Notar.", forced(3))
    assert isinstance(extra, TraitResult) and extra.total == 5
    damage = roll_any("Fue+d6 # espada", forced(4, 2), strength=8)
    assert isinstance(damage, DamageResult) and damage.total == 6
    rh = roll_any("1d-2|1 # mordisco", forced(1))
    assert isinstance(rh, RHDamage) and rh.value == 1
    expr = roll_any("2d6 # fuego", forced(2, 5))
    assert isinstance(expr, RollResult) and expr.total == 7 and expr.label == "fuego"
