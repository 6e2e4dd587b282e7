"""SW-44 (pure): which weapon an attack without ``weapon:`` takes, which commands make
it a Shooting or throwing attack, and how replies name it."""

from __future__ import annotations

import pytest

from bot.render.text import phrase_text
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import Weapon
from bot.systems.swade.weapons import fitting_weapon, wants_ranged, weapon_phrase

from .test_combat_fixtures import hero

BOW = Weapon(name="Arco", damage="2d6", range="12/24/48")
AXE = Weapon(name="Hacha de batalla", damage="FUE+d10")
KNIFE = Weapon(name="Daga", damage="Fue+d4", range="3/6/12")


def test_the_first_weapon_that_fits_as_printed() -> None:
    c = hero(weapons=[BOW, KNIFE, AXE])
    assert fitting_weapon(c, ranged=False) == AXE  # the bow is printed first
    assert fitting_weapon(c, ranged=True) == BOW
    assert fitting_weapon(hero(weapons=[BOW]), ranged=False) is None  # unarmed
    assert fitting_weapon(hero(weapons=[]), ranged=True) is None


@pytest.mark.parametrize(
    ("skill", "options", "band", "ranged"),
    [
        (None, AttackOptions(), False, False),
        ("fighting", AttackOptions(), True, False),  # the skill says melee
        ("shooting", AttackOptions(), False, True),
        ("athletics", AttackOptions(), False, True),  # throwing
        (None, AttackOptions(), True, True),  # a range band
        (None, AttackOptions(thrown=True), False, True),
        (None, AttackOptions(shotgun=True), False, True),
        (None, AttackOptions(rof=3), False, True),
        (None, AttackOptions(aimed=True), False, True),
        (None, AttackOptions(engaged=True), False, True),
        (None, AttackOptions(charge=True), False, False),
    ],
)
def test_what_makes_an_attack_without_weapon_ranged(
    skill: str | None, options: AttackOptions, band: bool, ranged: bool
) -> None:
    assert wants_ranged(hero(), skill, options, band=band) is ranged


def test_an_attacker_that_aimed_shoots() -> None:
    assert wants_ranged(hero(aiming=True), None, AttackOptions(), band=False)


@pytest.mark.parametrize(
    ("weapon", "damage", "es", "en"),
    [
        (AXE, None, "con Hacha de batalla (FUE+d10)", "with Hacha de batalla (FUE+d10)"),
        (None, None, "sin arma (FUE)", "unarmed (Str)"),
        (None, "Str+d6", "con daño Str+d6", "with damage Str+d6"),
        (Weapon(name="Red"), None, "con Red", "with Red"),
    ],
)
def test_how_a_reply_names_the_weapon(
    weapon: Weapon | None, damage: str | None, es: str, en: str
) -> None:
    phrase = weapon_phrase(weapon, damage)
    assert phrase_text(phrase, "es") == es
    assert phrase_text(phrase, "en") == en


def test_a_weapon_named_like_a_catalogue_key_is_shown_as_typed() -> None:
    """Issue 21: text a user typed is never looked up, inside a phrase too."""
    odd = Weapon(name="swade.combat.weapon.unarmed", damage="encounter.gm_only")
    assert phrase_text(weapon_phrase(odd, None), "en") == (
        "with swade.combat.weapon.unarmed (encounter.gm_only)"
    )
