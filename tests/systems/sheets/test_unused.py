"""Issue 16: nothing pasted is dropped silently. Words and lines the readers do not use are
listed (the card's warning line); the defaults they apply are named; anything else is a
refusal naming the line. And no text makes a reader fail with anything but that."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.systems.base import RuleError
from bot.systems.ds20.statline import read_statline
from bot.systems.ritualhex.sheet import read_sheet
from bot.systems.swade.statblock import read_statblock
from tests.systems.sheets.forms import flat

ORC = """\
Orc Raider
A scarred veteran of the border wars.
Attributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8
Skills: Fighting d8, Intimidation d8, Notice d6 plus some spare words
Languages: Orcish, Trade
Pace: 6; Parry: 6; Toughness: 8 (2) and a scar
Loot: 2d6 silver
Gear: Axe (Str+d8), chain shirt (+2)"""


def test_swade_lists_every_line_and_word_it_did_not_use() -> None:
    reading = read_statblock(ORC)
    assert reading.unused == [
        "plus some spare words",
        "Languages: Orcish, Trade",
        "and a scar",
        "Loot: 2d6 silver",
    ]
    c = reading.sheet
    assert c.note == "A scarred veteran of the border wars."  # issue 31: used, as the note
    assert [w.name for w in c.weapons] == ["Axe"] and c.gear == ["chain shirt (+2)"]
    assert (c.parry, c.toughness, c.armor) == (6, 8, 2)
    assert reading.defaults == []


def test_swade_lists_the_same_flattened() -> None:
    reading = read_statblock(flat(ORC), name="Orc Raider")
    assert reading.unused == [
        "plus some spare words",
        "Languages: Orcish, Trade",
        "and a scar",
        "Loot: 2d6 silver",
    ]
    assert [w.name for w in reading.sheet.weapons] == ["Axe"]
    assert reading.sheet.note == "A scarred veteran of the border wars."


def test_swade_quick_extra_lists_unknown_words_and_names_its_defaults() -> None:
    reading = read_statblock("Goblin: Fighting d6, Parry 5, spear Str+d4, sneaky little thing")
    assert reading.unused == ["sneaky little thing"]
    assert [(n.key, n.params) for n in reading.defaults] == [
        (
            "sheet.swade.default.attributes",
            {"attributes": ["agility", "smarts", "spirit", "strength", "vigor"]},
        ),
        ("sheet.swade.default.pace", {"value": 6}),
        ("sheet.swade.default.toughness", {"value": 4, "armor": 0}),
    ]


def test_swade_names_a_derived_parry_and_toughness() -> None:
    reading = read_statblock(
        "Guard\nAttributes: Agility d6, Smarts d6, Spirit d6, Strength d6, Vigor d8\n"
        "Skills: Fighting d8\nGear: Spear (Str+d6), large shield (+3 Parry), leather (+1)"
    )
    c = reading.sheet
    assert (c.parry, c.toughness, c.armor) == (2 + 4 + 3, 2 + 4 + 1, 1)
    assert [(n.key, n.params) for n in reading.defaults] == [
        ("sheet.swade.default.pace", {"value": 6}),
        ("sheet.swade.default.parry", {"value": 9}),
        ("sheet.swade.default.toughness", {"value": 7, "armor": 1}),
    ]


@pytest.mark.parametrize(
    "text",
    ["Nadie Conocido", "-1", "@everyone", "x" * 300, "Goblin: sneaky, small"],
)
def test_text_with_nothing_to_read_is_refused(text: str) -> None:
    with pytest.raises(RuleError) as err:
        read_statblock(text, name="X")
    assert err.value.key == "swade.statblock.nothing_read"


def test_ritual_hex_and_dread_s20_refuse_what_they_cannot_place() -> None:
    """Their formats are strict: an unknown field is refused with its line, never kept
    silently (the flattened form the same)."""
    with pytest.raises(RuleError) as err:
        read_sheet("nombre: X AP 5, HP 5 color: rojo")
    assert err.value.key == "ritualhex.sheet.unknown_field"
    with pytest.raises(RuleError) as err:
        read_statline("Nombre: A Poderes: volar")
    assert err.value.key == "ds20.statline.unknown_field"


PIECES = st.sampled_from(
    [
        "Attributes:",
        "Skills:",
        "Atributos:",
        "Agility d8,",
        "Fighting d6",
        "Pace 6;",
        "Parry: 5",
        "Toughness 7 (2)",
        "Gear:",
        "Axe (Str+d8",
        ")",
        "(",
        "Edges: Quick",
        "Powers: bolt (1 PP)",
        "Special Abilities:",
        "• Claws: Str+d6",
        "Size +2",
        "\n",
        ",",
        "Armor +2",
        "d12+1",
        "Goblin:",
        "Power Points: 10",
        "Treasure:",
        "-",
        "…",
        "WC",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=25).map(" ".join), st.none() | st.just("Nombre"))
def test_any_text_is_read_or_refused_with_a_reason(text: str, name: str | None) -> None:
    for reader in (
        lambda: read_statblock(text, name=name),
        lambda: read_sheet(text),
        lambda: read_statline(text),
    ):
        with contextlib.suppress(RuleError):
            reader()
