"""Issue 16: every Savage Worlds block of the corpus, in every form it is pasted in, gives
its sheet field by field; the three inputs the issue quotes give the right sheet."""

from __future__ import annotations

import re

import pytest

from bot.systems.swade.statblock import read_statblock
from bot.systems.swade.state import SwadeCombatant, Trait
from tests.systems.sheets.corpus_habits import HABIT_SWADE
from tests.systems.sheets.corpus_swade import SWADE_CASES, SwadeCase
from tests.systems.sheets.forms import FORMS, form

ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")


def die(text: str) -> Trait:
    m = re.fullmatch(r"d(\d+)([+-]\d+)?", text)
    assert m, text
    return Trait(die=int(m.group(1)), bonus=int(m.group(2) or 0))


def skills(text: str) -> dict[str, Trait]:
    out = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        name, value = item.rsplit(" ", 1)
        out[name] = die(value)
    return out


def assert_sheet(c: SwadeCombatant, case: SwadeCase) -> None:
    assert c.name == case.name
    assert c.wild_card == case.wild
    assert c.attributes == dict(zip(ATTRIBUTES, map(die, case.attrs.split()), strict=True))
    assert c.skills == skills(case.skills)
    assert (c.pace, c.parry, c.toughness, c.armor, c.size) == (
        case.pace,
        case.parry,
        case.toughness,
        case.armor,
        case.size,
    )
    assert c.edges == list(case.edges)
    assert c.hindrances == list(case.hindrances)
    assert c.hindrance_severity == dict(case.severity)  # issue 31
    assert c.note == case.note
    assert [(w.name, w.damage, w.ap, w.range, w.rof, w.reach) for w in c.weapons] == list(
        case.weapons
    )
    assert [(p.name, p.cost) for p in c.powers] == list(case.powers)
    assert (c.power_points, c.max_power_points) == (case.pp, case.pp)
    assert (c.arcane_background, c.arcane_skill) == (case.ab, case.arcane_skill)
    assert (c.bennies, c.max_wounds) == (case.bennies, case.max_wounds)
    assert c.gear == list(case.gear)
    assert c.abilities == list(case.abilities)


CASES = [
    pytest.param(case, which, id=f"{case.id}-{which}")
    for case in SWADE_CASES + HABIT_SWADE
    for which in (("published",) if case.quick else FORMS)
]


@pytest.mark.parametrize(("case", "which"), CASES)
def test_corpus_block_gives_its_sheet(case: SwadeCase, which: str) -> None:
    text = form(case.text, which, trait_line=_skills_label(case.text))
    reading = read_statblock(text, name=case.given_name)
    assert_sheet(reading.sheet, case)
    if which == "published":
        assert reading.unused == list(case.unused)


def _skills_label(text: str) -> str:
    for line in text.split("\n"):
        for label in ("Skills:", "Habilidades:", "**Skills**:", "[B]Skills[/B]:"):
            if line.startswith(label):
                return label
    return "Attributes:"


def test_the_corpus_is_big_and_mixed() -> None:
    assert len(SWADE_CASES) >= 28
    assert sum(c.id.startswith("es-") for c in SWADE_CASES) >= 12
    assert sum(c.pp is not None for c in SWADE_CASES) >= 8  # casters


# -- the three inputs the issue quotes -------------------------------------------------------


def test_issue_input_flattened_book_layout() -> None:
    """Refused before with "The stat block has no attributes line"."""
    text = (
        "Goblin Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6 Skills:"
        " Athletics d6, Fighting d6, Notice d6, Shooting d8, Stealth d10 Pace: 5; Parry: 5;"
        " Toughness: 5 Gear: Short spear (Str+d4)"
    )
    c = read_statblock(text).sheet
    assert c.name == "Goblin"
    assert c.attributes["agility"] == Trait(die=8) and c.attributes["vigor"] == Trait(die=6)
    assert c.skills["stealth"] == Trait(die=10)
    assert (c.pace, c.parry, c.toughness) == (5, 5, 5)
    assert [(w.name, w.damage) for w in c.weapons] == [("Short spear", "Str+d4")]


def test_issue_input_with_ellipses_as_quoted() -> None:
    text = (
        "Goblin Attributes: Agility d8, Smarts d6, ... Skills: Athletics d6, Fighting d6 ..."
        " Pace: 5; Parry: 5; Toughness: 5 Gear: Short spear (Str+d4)"
    )
    reading = read_statblock(text)
    c = reading.sheet
    assert (c.name, c.pace, c.parry, c.toughness) == ("Goblin", 5, 5, 5)
    assert c.skills == {"athletics": Trait(die=6), "fighting": Trait(die=6)}
    assert [w.damage for w in c.weapons] == ["Str+d4"]
    assert reading.unused == []
    assert [n.key for n in reading.defaults] == ["sheet.swade.default.attributes"]
    assert reading.defaults[0].params["attributes"] == ["spirit", "strength", "vigor"]


def test_issue_input_semicolons_and_toughness_with_armour() -> None:
    text = (
        "Attributes: Agility d6, Smarts d6, Spirit d6, Strength d8, Vigor d8; Skills: Fighting"
        " d8, Intimidation d6; Pace 6; Parry 6; Toughness 8 (2); Gear: axe (Str+d8)"
    )
    c = read_statblock(text, name="Orc").sheet
    assert c.attributes["strength"] == Trait(die=8)
    assert c.skills == {"fighting": Trait(die=8), "intimidation": Trait(die=6)}
    assert (c.pace, c.parry, c.toughness, c.armor) == (6, 6, 8, 2)
    assert [(w.name, w.damage) for w in c.weapons] == [("axe", "Str+d8")]


def test_issue_input_trailing_period_keeps_the_weapon() -> None:
    """Was "Orc has no weapon"."""
    text = (
        "Orc\nAttributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8\n"
        "Skills: Fighting d8\nGear: Axe (Str+d8)."
    )
    c = read_statblock(text).sheet
    assert [(w.name, w.damage) for w in c.weapons] == [("Axe", "Str+d8")]


def test_issue_input_feminine_edges_apply_quick() -> None:
    """``Ventajas: Rápida, Tiradora`` was kept as unknown words."""
    text = (
        "Tiradora\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\n"
        "Ventajas: Rápida, Tiradora"
    )
    assert read_statblock(text).sheet.edges == ["quick", "marksman"]


def test_issue_input_pdf_break_inside_a_trait() -> None:
    text = (
        "Orc\nAttributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8\n"
        "Skills: Fighting d8, Intimidation\nd10, Notice d6"
    )
    c = read_statblock(text).sheet
    assert c.skills["intimidation"] == Trait(die=10) and c.skills["notice"] == Trait(die=6)
