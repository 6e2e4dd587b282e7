"""The SWADE stat block parser, in English and Spanish, and its line-numbered errors."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.statblock import parse_statblock
from bot.systems.swade.state import Trait

GOBLIN_EN = """\
Goblin
Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6
Skills: Athletics d6, Fighting d6, Notice d6,
  Shooting d8, Stealth d10, Language (Elvish) d6
Pace: 5; Parry: 5; Toughness: 5 (1)
Hindrances: Greedy (Minor), Hesitant
Edges: Level Headed, Quick
Gear: Short spear (Str+d6, Reach 1), short bow (Range 12/24/48, Damage 2d6, AP 1), leather (+1)
Special Abilities:
• Infravision: Goblins halve penalties for dark lighting.
"""

ORCO_ES = """\
Jefe orco (Comodín)
Atributos: Agilidad d6, Astucia d4, Espíritu d8, Fuerza d12+1, Vigor d10
Habilidades: Pelear d10, Disparar d6, Conocimientos Generales d4, Atletismo d8
Paso 6, Parada 7, Dureza 11 (3)
Benis: 2
Ventajas: Temple Mejorado, Rápido, Reflejos de Combate
Desventajas: Dubitativo
Equipo: Hacha de batalla (Fue+d10, PA 2), Pistola (Distancia 12/24/48, Daño 2d6+1, CdF 1, PA 1, Disparos 17)
"""


def test_english_stat_block() -> None:
    c = parse_statblock(GOBLIN_EN)
    assert c.name == "Goblin"
    assert not c.wild_card
    assert c.attributes["agility"] == Trait(die=8)
    assert c.attributes["strength"] == Trait(die=4)
    assert c.skills["shooting"] == Trait(die=8)  # continued from the previous line
    assert c.skills["language_elvish"] == Trait(die=6)
    assert (c.pace, c.parry, c.toughness, c.armor) == (5, 5, 5, 1)
    assert c.edges == ["level_headed", "quick"]
    assert c.hindrances == ["greedy", "hesitant"]
    spear, bow = c.weapons
    assert (spear.name, spear.damage, spear.reach) == ("Short spear", "Str+d6", 1)
    assert (bow.damage, bow.ap, bow.range, bow.rof) == ("2d6", 1, "12/24/48", 1)


def test_spanish_stat_block_with_wild_card_marker() -> None:
    c = parse_statblock(ORCO_ES)
    assert c.name == "Jefe orco"
    assert c.wild_card
    assert c.attributes["strength"] == Trait(die=12, bonus=1)
    assert c.attributes["spirit"] == Trait(die=8)
    assert c.skills["fighting"] == Trait(die=10)
    assert c.skills["common_knowledge"] == Trait(die=4)
    assert c.skills["athletics"] == Trait(die=8)
    assert (c.pace, c.parry, c.toughness, c.armor) == (6, 7, 11, 3)
    assert c.bennies == 2
    assert c.edges == ["improved_level_headed", "quick", "combat_reflexes"]
    assert c.hindrances == ["hesitant"]
    axe, pistol = c.weapons
    assert (axe.damage, axe.ap) == ("Fue+d10", 2)
    assert (pistol.name, pistol.damage, pistol.ap, pistol.shots) == ("Pistola", "2d6+1", 1, 17)
    assert pistol.range == "12/24/48"


def test_a_given_name_overrides_the_header() -> None:
    assert parse_statblock(GOBLIN_EN, name="Trasgo").name == "Trasgo"


def test_missing_parry_and_toughness_are_derived() -> None:
    c = parse_statblock("Bandit\nAttributes: Agility d6, Vigor d8\nSkills: Fighting d8")
    assert c.parry == 2 + 4
    assert c.toughness == 2 + 4
    assert c.attributes["smarts"] == Trait(die=4)


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        ("Orc\nAttributes: Agility d7, Vigor d6", 2, "die"),
        ("Orc\nAttributes: Luck d6", 2, "attribute"),
        ("Orc\nAttributes: Agility d6\nSkills: Fighting, Notice d6", 3, "trait"),
        ("Orc\nAttributes: Agility d6\n\nToughness: 7 (x)", 4, "number"),
        ("Orc\nAttributes: Agility d6\nPace: 6; Parry: lots", 3, "derived"),
        ("Orc\nAttributes: Agility d6\nGear: Axe (Str+d8, AP 1", 3, "parenthesis"),
    ],
)
def test_a_malformed_line_says_which_line_and_what_was_expected(
    text: str, line: int, expected: str
) -> None:
    with pytest.raises(RuleError) as err:
        parse_statblock(text)
    assert err.value.key == f"swade.statblock.bad_line.{expected}"
    assert err.value.params["line"] == line
    assert err.value.params["expected"] == expected


def test_a_stat_block_without_attributes_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        parse_statblock("Orc\nSkills: Fighting d6")
    assert err.value.key == "swade.statblock.no_attributes"


def test_a_stat_block_without_a_name_needs_one() -> None:
    with pytest.raises(RuleError) as err:
        parse_statblock("Attributes: Agility d6")
    assert err.value.key == "swade.statblock.no_name"
    assert parse_statblock("Attributes: Agility d6", name="Orc").name == "Orc"


def test_natural_weapons_in_special_abilities_become_weapons() -> None:
    text = "Lobo\nAtributos: Agilidad d8, Vigor d6\nCapacidades especiales:\n• Mordisco: Fue+d6.\n• Veloz."
    c = parse_statblock(text)
    assert [(w.name, w.damage) for w in c.weapons] == [("Mordisco", "Fue+d6")]


# -- issue 31: nothing lost silently ----------------------------------------------------------


def _read(text: str, name: str | None = None):  # type: ignore[no-untyped-def]
    from bot.systems.swade.statblock import read_statblock

    return read_statblock(text, name=name)


ATTRS = "Attributes: Agility d6, Smarts d6, Spirit d6, Strength d8, Vigor d8"


def test_a_hindrances_other_detail_is_named_not_dropped() -> None:
    reading = _read(f"Ana\n{ATTRS}\nHindrances: Enemy (Minor, the Red Hand), Vow (Major)")
    assert reading.sheet.hindrance_severity == {"enemy": "minor", "vow": "major"}
    assert reading.unused == ["Enemy (Minor, the Red Hand)"]


def test_an_edges_detail_is_named_too() -> None:
    reading = _read(f"Ana\n{ATTRS}\nEdges: Trademark Weapon (Sword), Level Headed (Imp)")
    assert reading.sheet.edges == ["trademark_weapon", "improved_level_headed"]
    assert reading.unused == ["Trademark Weapon (Sword)"]


def test_either_weapons_only_when_both_are_weapons() -> None:
    c = _read(f"Ana\n{ATTRS}\nGear: axe (Str+d6) or spear (Str+d4, Reach 1)").sheet
    assert [(w.name, w.damage, w.reach) for w in c.weapons] == [
        ("axe", "Str+d6", 0), ("spear", "Str+d4", 1)
    ]  # fmt: skip
    c = _read(f"Ana\n{ATTRS}\nGear: axe (Str+d6) or a rope (10 yards)").sheet
    assert c.weapons == [] and c.gear == ["axe (Str+d6) or a rope (10 yards)"]


def test_a_long_note_keeps_its_start_and_names_the_rest() -> None:
    from bot.systems.swade.bounds import NOTE_MAX

    words = " ".join(f"word{i}" for i in range(120))
    reading = _read(f"Ana\n{words}\n{ATTRS}")
    assert len(reading.sheet.note) <= NOTE_MAX and reading.sheet.note.startswith("word0 word1")
    assert reading.unused and reading.unused[0].startswith("word")


def test_a_given_name_that_is_a_words_start_does_not_cut_it() -> None:
    reading = _read(f"Orcish Brute\n{ATTRS}", name="Orc")
    assert reading.sheet.name == "Orc" and reading.unused == ["Orcish Brute"]
    reading = _read(f"Orc Raider\n{ATTRS}", name="Orc")
    assert reading.sheet.note == "Raider"


def test_savaged_us_arcane_background_spellings() -> None:
    for written in ("Miracles (SWADE)", "Miracles [SWADE]", "miracles_swade", "Miracles SWADE"):
        c = _read(f"Ana\n{ATTRS}\nArcane Background: {written}").sheet
        assert c.arcane_background == "miracles", written


def test_savaged_us_footer_glued_to_the_last_power() -> None:
    c = _read(f"Ana\n{ATTRS}\nPowers: bolt (1 PP), smite (2 PP)Created with Savaged.us").sheet
    assert [(p.name, p.cost) for p in c.powers] == [("bolt", 1), ("smite", 2)]


def test_british_spellings() -> None:
    c = _read("Ana\nAttributes: Vigour d10\nHindrances: Code of Honour (Major)").sheet
    assert c.attributes["vigor"].die == 10 and c.hindrances == ["code_of_honor"]


def test_bounds_refuse_a_severity_without_its_hindrance_or_a_long_note() -> None:
    from bot.systems.swade.bounds import NOTE_MAX, combatant_problems
    from bot.systems.swade.state import SwadeCombatant

    ok = SwadeCombatant(id="c1", name="A", hindrances=["vow"], hindrance_severity={"vow": "major"})
    assert list(combatant_problems(ok)) == []
    stray = ok.model_copy(update={"hindrance_severity": {"greedy": "major"}})
    assert [p.path for p in combatant_problems(stray)] == ["combatant.hindrance_severity"]
    long = ok.model_copy(update={"note": "x" * (NOTE_MAX + 1)})
    assert [p.path for p in combatant_problems(long)] == ["combatant.note"]


@pytest.mark.parametrize(
    "text",
    [
        "Cara WC Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6, Fighting d8, Parry 6",
        "Cara (Wild Card) Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6, Fighting d8",
        "Cara Comodín Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6, Pelear d8",
        "Cara Pelear d8, Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6",
        "Cara Fighting d8, Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6",
    ],
)
def test_a_quick_block_pasted_without_the_colon_after_the_name(text: str) -> None:
    """The name runs into the first trait ("Cara WC Agility d8"): it was read as a skill
    called "Cara wc agility" and Agility defaulted to d4."""
    c = parse_statblock(text)
    assert c.name == "Cara"
    assert c.attributes["agility"] == Trait(die=8)
    assert c.skills == {"fighting": Trait(die=8)}
    assert c.wild_card is ("Cara Pelear" not in text and "Cara Fighting" not in text)


def test_a_first_trait_of_two_words_stays_whole() -> None:
    c = parse_statblock("Common Knowledge d6, Fighting d6, Parry 5", name="Goblin")
    assert set(c.skills) == {"common_knowledge", "fighting"}


@pytest.mark.parametrize(
    ("notes", "template"),
    [
        ("SBT", "small"),
        ("sbt", "small"),
        ("PAG", "large"),
        ("Plantilla mediana", "medium"),
        ("Small Blast Template", "small"),
        ("PA 2, ver pág. 80", None),
        ("pag 80", None),
        ("AP 2", None),
    ],
)
def test_a_weapons_template_is_read_from_its_notes(notes: str, template: str | None) -> None:
    """A page reference ("pág. 80") was read as PAG, a large template."""
    from bot.systems.swade.names import noted_template

    assert noted_template(notes) == template
