"""Stat lines as people type them: commas left out between scores ("Fortaleza 11
Pelea 10" was read as one score "Fortaleza 11 Pelea" of 10, and no Fortaleza), and a
full stop at the end of a list ("Pelea 10." and "Puños 2/6 pelea." were refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.ds20.helpers import combatant, ds20_table, must


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        (
            "es",
            "Aptitudes: Fortaleza 11 Pelea 10, Armas C.C. 9 Acrobacia -2. | "
            "Armas: Puños 2/6 pelea; Cuchillo 3/8 C.C.; Pistola 4/9 fuego cargador 15.",
        ),
        (
            "en",
            "Skills: Fortitude 11 Brawl 10, Melee 9 Acrobatics -2. | "
            "Weapons: Fists 2/6 brawl; Knife 3/8 melee; Pistol 4/9 firearm magazine 15.",
        ),
    ],
)
async def test_scores_without_commas_and_a_closing_full_stop(
    tmp_path: Path, locale: str, line: str
) -> None:
    async with ds20_table(tmp_path, [], fight=False, locale=locale) as table:
        await must(table, f'@gm /combatant add name:Rosa statblock:"{line}"')
        rosa = await combatant(table, "Rosa")
        assert rosa.scores == {"fortaleza": 11, "pelea": 10, "armas c.c.": 9, "acrobacia": -2}
        assert [(w.name, w.kind, w.magazine) for w in rosa.weapons] == [
            (rosa.weapons[0].name, "pelea", None),
            (rosa.weapons[1].name, "cc", None),
            (rosa.weapons[2].name, "fuego", 15),
        ]


async def test_a_score_whose_name_has_a_number_is_still_read_whole(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [], fight=False) as table:
        await must(table, '@gm /combatant add name:Rosa statblock:"Aptitudes: Idioma 2 10"')
        assert list((await combatant(table, "Rosa")).score_names.values()) == ["Idioma 2"]


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("es", "Aptitudes: Fortaleza 11 | Heridas: 2R 1HL 1HG"),
        ("en", "Skills: Fortitude 11 | Wounds: 2 r 1 hl 1 hg."),
        ("en", "Skills: Fortitude 11 | Wounds: 2/1/1."),
    ],
)
async def test_wound_boxes_without_commas(tmp_path: Path, locale: str, line: str) -> None:
    # "4R 3HL 3HG" was refused ("«4R 3HL 3HG» no es válido").
    async with ds20_table(tmp_path, [], fight=False, locale=locale) as table:
        await must(table, f'@gm /combatant add name:Rosa statblock:"{line}"')
        capacity = (await combatant(table, "Rosa")).capacity
        assert (capacity.r, capacity.hl, capacity.hg) == (2, 1, 1)


@pytest.mark.parametrize(
    ("locale", "typed", "shown"),
    [
        ("es", "Genero: f", "Género: femenino"),
        ("es", "Gender: male", "Género: masculino"),
        ("en", "Gender: F", "Gender: female"),
        ("en", "Género: m", "Gender: male"),
    ],
)
async def test_the_card_shows_the_gender_it_read(
    tmp_path: Path, locale: str, typed: str, shown: str
) -> None:
    # The card is "what the bot understood" (issue 16), and every DS-20 message that
    # names the combatant agrees with its gender: a misread one must show there.
    async with ds20_table(tmp_path, [], fight=False, locale=locale) as table:
        line = (
            f'@ana /character save name:Rosa system:ds20 statblock:"Aptitudes: Pelea 10 | {typed}"'
        )
        saved = await table.run(line)  # the saved card is the caller's only
        card = "\n".join(m.text() for m in saved)
        assert shown in card, card
        added = await must(table, '@gm /combatant add name:Luis statblock:"Aptitudes: Pelea 10"')
        assert "Género:" not in "\n".join(m.text() for m in added)
        assert "Gender:" not in "\n".join(m.text() for m in added)
