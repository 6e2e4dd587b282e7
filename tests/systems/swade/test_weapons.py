"""SW-44 (pure): which weapon an attack without ``weapon:`` takes, which commands make
it a Shooting or throwing attack, and how replies name it."""

from __future__ import annotations

import pytest

from bot.render.text import phrase_text
from bot.systems.swade.combat.plan import plan_attack
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import Weapon
from bot.systems.swade.weapons import fitting_weapon, is_thrown, wants_ranged, weapon_phrase

from .test_combat_fixtures import goblin, hero, state_of

BOW = Weapon(name="Arco", damage="2d6", range="12/24/48")
AXE = Weapon(name="Hacha de batalla", damage="FUE+d10")
KNIFE = Weapon(name="Daga", damage="Fue+d4", range="3/6/12")


SLING = Weapon(name="Honda", damage="Fue+d4", range="4/8/16")


def test_the_first_weapon_that_fits_as_printed() -> None:
    # SW-44's "first melee weapon listed": a dagger is one (the book's melee table, with a
    # range to throw it), so it is taken before the axe; the bow printed first is not,
    # and neither is a sling (Strength damage and a range, but never held to strike).
    c = hero(weapons=[BOW, KNIFE, AXE])
    assert fitting_weapon(c, ranged=False) == KNIFE
    assert fitting_weapon(hero(weapons=[BOW, SLING, AXE]), ranged=False) == AXE
    assert fitting_weapon(c, ranged=True) == BOW
    assert fitting_weapon(hero(weapons=[BOW]), ranged=False) is None  # unarmed
    assert fitting_weapon(hero(weapons=[]), ranged=True) is None


def test_a_throw_without_weapon_takes_the_first_thrown_one() -> None:
    """SW-44 with SW-10: ``flags:thrown`` (or ``skill:athletics``) takes the first thrown
    weapon, not the bow printed first; none when none is thrown (the bow was thrown with
    Athletics: the command is refused now, tests/table/swade/test_thrown_weapons.py)."""
    c = hero(weapons=[BOW, AXE, KNIFE])
    assert fitting_weapon(c, ranged=True, thrown=True) == KNIFE
    assert fitting_weapon(c, ranged=True) == BOW
    assert fitting_weapon(hero(weapons=[BOW, AXE]), ranged=True, thrown=True) is None
    assert fitting_weapon(c, ranged=False, thrown=True) == AXE


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


# --- SW-10: Athletics to throw (is_thrown) ------------------------------------------------

THROWN_READINGS = [
    # a grenade by name, as people type it (seed 003: "armas arrojadas, como granadas")
    ("Grenade", "3d6", "", True),
    ("GRANADAS de mano", "3d6", "", True),
    ("Granáda", "3d6", "PAP", True),
    ("frag grenades", "3d6", "", True),
    # not what fires one
    ("Grenade Launcher", "4d8", "", False),
    ("Lanzagranadas", "4d8", "", False),
    ("lanzador de granadas", "4d8", "", False),
    ("Rocket-propelled grenade", "4d8", "", False),
    ("Granada de fusil", "4d8", "", False),
    # Strength damage with a range: muscle-powered (a sling too)
    ("Dagger", "Str+d4", "", True),
    ("Daga", "FUE+d4", "", True),
    ("Lanza", "Fuerza+d6", "Alcance 1", True),
    ("Honda", "Fue.+d4", "", True),
    ("Spear", "Strength+d6", "", True),
    # the name or the notes say so, in either language, any case or accent
    ("Throwing axe", "d6", "", True),
    ("Cuchillo ARROJADÍZO", "d4", "", True),
    ("Chakram", "2d4", "arrojadiza", True),
    ("Chakram", "2d4", "Thrown", True),
    ("Cuchillo", "2d4", "para lanzar", True),
    ("Estrellas", "d4", "lanzables", True),
    ("Cuchillo de lanzamiento", "d4", "", True),
    # bows, crossbows and guns shoot: fixed damage
    ("Bow", "2d6", "", False),
    ("Ballesta", "2d6", "PA 2", False),
    ("Pistola", "2d6", "", False),
    ("Fuerte rifle", "2d8", "", False),  # "Fuerte" is not Strength damage
]


@pytest.mark.parametrize(("name", "damage", "notes", "thrown"), THROWN_READINGS)
def test_which_ranged_weapons_are_thrown(name: str, damage: str, notes: str, thrown: bool) -> None:
    assert is_thrown(Weapon(name=name, damage=damage, range="3/6/12", notes=notes)) is thrown


def test_a_weapon_without_a_range_is_melee_not_thrown() -> None:
    """SW-44: a weapon's range says it shoots or is thrown; ``flags:thrown`` throws
    one without."""
    assert not is_thrown(Weapon(name="Grenade", damage="3d6"))
    assert not is_thrown(AXE)


def _plan(weapon: Weapon, skill: str | None = None, **opts: object):  # type: ignore[no-untyped-def]
    h = hero(weapons=[weapon])
    return plan_attack(
        state_of(h, goblin()),
        h,
        None,
        weapon=weapon.name,
        skill=skill,
        options=AttackOptions(**opts),
    )


def test_a_thrown_weapon_rolls_athletics_and_spends_no_rounds() -> None:
    knives = Weapon(name="Cuchillos arrojadizos", damage="Str+d4", range="3/6/12", shots=3)
    plan = _plan(knives)
    assert (plan.skill, plan.ammo) == ("athletics", 0)
    assert [n.key for n in plan.notes] == ["swade.combat.note.thrown"]
    # skill: names another, and the bot says nothing of its reading
    shot = _plan(knives, skill="shooting")
    assert shot.skill == "shooting" and shot.notes == []
    # said thrown (flags:thrown): no note, the player said it
    assert _plan(knives, thrown=True).notes == []


def test_a_gun_shoots_and_spends_its_rounds() -> None:
    plan = _plan(Weapon(name="Pistola", damage="2d6", range="12/24/48", shots=6))
    assert (plan.skill, plan.ammo, plan.notes) == ("shooting", 1, [])


@pytest.mark.parametrize(
    "thrown",
    [
        Weapon(name="Shuriken", damage="Str+d4", range="3/6/12"),
        Weapon(name="Jabalina", damage="Fue+d6", range="3/6/12"),
        Weapon(name="Throwing axe", damage="Str+d6", range="3/6/12"),
        Weapon(name="Hacha", damage="Fue+d6", range="3/6/12", notes="arrojadiza"),
        Weapon(name="Darts", damage="Str+d4", range="3/6/12"),
        Weapon(name="Cuchillo para lanzar", damage="Fue+d4", range="3/6/12"),
    ],
)
def test_a_weapon_made_to_be_thrown_is_not_a_melee_weapon(thrown: Weapon) -> None:
    """Only hand weapons strike: a shuriken or javelin was taken as the first melee
    weapon listed, and `/attack weapon:Shuriken` without a band struck against Parry."""
    katana = Weapon(name="Katana", damage="Str+d6")
    assert fitting_weapon(hero(weapons=[thrown, katana]), ranged=False) == katana
    assert is_thrown(thrown)
