"""The Spanish stat line (issue 8, item 1)."""

from __future__ import annotations

import pytest

from bot.i18n import say
from bot.systems.base import RuleError
from bot.systems.ds20.sheet_text import to_block
from bot.systems.ds20.statline import parse_statline, read_statline
from tests.systems.ds20.helpers import ANA


def test_full_sheet() -> None:
    c = parse_statline(ANA + "\nArmadura: torso, brazos +1\nAgotamiento: 4\nBando: héroes")
    assert c.name == "Ana"
    assert c.is_pc and c.side == "heroes"
    assert c.scores["armas c.c."] == 10
    assert c.scores["primeros auxilios"] == 8
    assert c.score_names["armas c.c."] == "Armas C.C."
    assert (c.capacity.r, c.capacity.hl, c.capacity.hg) == (4, 3, 3)
    assert c.armor is not None
    assert (c.armor.parts, c.armor.score, c.armor.extra) == (["torso", "brazos"], 12, 1)
    assert c.fatigue_max == 4
    pistol = c.weapons[2]
    assert (pistol.name, pistol.kind, pistol.mhl, pistol.mhg) == ("Pistola", "fuego", 4, 9)
    assert (pistol.range_m, pistol.magazine, pistol.ammo, pistol.fire_class) == (
        20,
        15,
        15,
        "pistol",
    )
    assert c.weapons[1].kind == "cc"
    t = c.techniques[0]
    assert (t.name, t.skill, t.bonus, t.damage) == ("Estocada", "armas c.c.", 1, 2)


def test_single_line_with_pipes_and_gm_skill() -> None:
    c = parse_statline(
        "Nombre: Matón | Grupo: Matones | Aptitudes: Pelea 9, Intimidar 7 | Heridas: 2/1/1"
        " | Armadura: 6 +2 | Armas: Fusil 5/10 fuego 50 m cargador 20/30 asalto automática"
    )
    assert not c.is_pc and c.side == "foes" and c.group == "Matones"
    assert c.scores == {"pelea": 9, "intimidar": 7}
    assert (c.capacity.r, c.capacity.hl, c.capacity.hg) == (2, 1, 1)
    assert c.armor is not None and (c.armor.score, c.armor.extra) == (6, 2)
    w = c.weapons[0]
    assert (w.range_m, w.ammo, w.magazine, w.fire_class, w.automatic) == (
        50,
        20,
        30,
        "assault",
        True,
    )


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        ("Nombre: A\nAptitudes: Pelea diez", 2, "Aptitudes"),
        ("Nombre: A\nHeridas: 4 R, 3 HL", 2, "Heridas"),
        ("Nombre: A\nArmadura: casco", 2, "Armadura"),
        ("Nombre: A\nTipo: jefe", 2, "Tipo"),
        ("Nombre: A\n\nArmas: Cuchillo C.C.", 3, "Armas"),
        ("Nombre: A\nArmas: Cuchillo 3/8", 2, "Armas"),
        ("Nombre: A\nArmas: Cuchillo 8/3 C.C.", 2, "Armas"),
        ("Nombre: A\nArmas: Cuchillo 3/8 C.C. cargador 5", 2, "Armas"),
        ("Nombre: A | Técnicas: Estocada +1", 2, "Técnicas"),
    ],
)
def test_bad_field_names_line_and_expectation(text: str, line: int, field: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_statline(text)
    assert err.value.key == "ds20.statline.invalid"
    assert err.value.params["line"] == line
    assert say(err.value.params["field"], "es") == field  # the field, in the reader's language
    assert say(err.value.params["expected"], "en")  # an example, in the reader's language


def test_unknown_field() -> None:
    with pytest.raises(RuleError) as err:
        parse_statline("Nombre: A\nPoderes: volar")
    assert err.value.key == "ds20.statline.unknown_field"
    assert err.value.params["line"] == 2


def test_name_is_required() -> None:
    with pytest.raises(RuleError) as err:
        parse_statline("Aptitudes: Pelea 9")
    assert err.value.key == "ds20.statline.missing"


def test_a_sheet_written_back_keeps_its_gender() -> None:
    # to_block left Género out: the sheet read back lost it (and her/his with it).
    for lang in ("es", "en"):
        for gender in ("f", "m"):
            sheet = read_statline(f"Nombre: Rosa | Aptitudes: Pelea 10 | Género: {gender}").sheet
            assert sheet.gender == gender
            assert read_statline(to_block(sheet, lang)).sheet == sheet


def test_words_after_the_gender_are_named_not_dropped() -> None:
    """ "Género: femenino, alta y rubia" kept the gender and lost the rest unsaid."""
    from bot.systems.ds20.statline import read_statline

    reading = read_statline("Nombre: Ana | Género: femenino, alta y rubia")
    assert reading.sheet.gender == "f"
    assert reading.unused == ["alta y rubia"]
    assert read_statline("Nombre: Ana | Gender: m").unused == []
