"""Issue 18, item 2: Spanish grammatical gender follows the character when the sheet
(``Género: f`` in a pasted stat block, kept by ``/character save`` and ``/join``) or the
GM (``/combatant edit statblock:"Género: f"``) gives it. Condition lines, the board's
conditions and a hidden combatant's words agree with it; without it, the masculine.
English text is the same whatever the gender.

Also the count agreement of Power Points ("gasta 1 PP", never "1 Puntos de Poder") and
the undo line of a condition, which named its catalogue key instead of its text.

Forced dice, strict: every die a test forces is rolled."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.base import RuleError
from bot.systems.swade.statblock import parse_statblock
from tests.table.swade.encounter_helpers import must, refused
from tests.table.swade.test_combat_setup import force
from tests.table.swade.test_powers_cast import power_table

ANA = (
    "Ana (WC)\\n{gender}Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6"
    "\\nHabilidades: Atletismo d6, Pelear d8\\nParada: 6; Dureza: 5\\nPaso: 6"
)
GRUK = "Gruk\\nAtributos: Agilidad d8, Vigor d8\\nHabilidades: Pelear d8\\nParada: 6; Dureza: 7"


def _text(messages: list[SentMessage]) -> str:
    return "\n".join(m.text() for m in messages)


def _board(messages: list[SentMessage]) -> str:
    return next(m for m in reversed(messages) if m.kind in ("channel_edit", "channel")).text()


async def _heroine(table: OfflineTable, gender_line: str) -> str:
    """Ana saves her sheet (with ``gender_line``) and joins; the card she is shown."""
    sheet = ANA.format(gender=gender_line)
    await must(table, "@gm /encounter start")
    await must(table, f'@gm /combatant add name:Gruk statblock:"{GRUK}"')
    [saved] = await table.run(f'@ana /character save name:Ana statblock:"{sheet}"')
    assert saved.ephemeral and "Ana" in saved.text(), saved.text()
    joined = await must(table, "@ana /join character:Ana")
    return saved.text() + "\n" + _text(joined)


async def _conditions(tmp_path: Path, lang: str, gender_line: str) -> list[str]:
    """Ana (from her saved sheet) is Shaken, Stunned, Bound and Incapacitated, one is
    taken off, the last is undone: each reply, then the board."""
    async with OfflineTable(
        db_path=tmp_path / f"c{lang}.sqlite3", seed=3, dice=[], strict_dice=True, locale=lang
    ) as table:
        card = await _heroine(table, gender_line)
        said = [card]
        for condition in ("shaken", "stunned", "bound", "incapacitated"):
            said.append(
                (await must(table, f"@gm /condition add combatant:Ana condition:{condition}"))[
                    0
                ].text()
            )
        removed = await must(table, "@gm /condition remove combatant:Ana condition:stunned")
        said.append(removed[0].text())
        undone = await must(table, "@gm /undo")
        said.append(undone[0].text())
        said.append(_board(undone))
        return said


async def test_a_heroine_from_her_sheet_is_stunned_bound_and_down_in_the_feminine(
    tmp_path: Path,
) -> None:
    said = await _conditions(tmp_path, "es", "Género: mujer\\n")
    card, shaken, stunned, bound, down, removed, undone, board = said
    assert card.count("Género: femenino") == 2  # /character save's card and /join's
    assert "Ana: aturdida." in shaken
    assert "Ana: conmocionada." in stunned
    assert "Ana: inmovilizada." in bound
    assert "Ana: incapacitada." in down
    assert "Ana ya no está conmocionada." in removed
    assert "Deshecho: Ana ya no está conmocionada." in undone
    assert (
        "aturdida, conmocionada, distraída, vulnerable, inmovilizada, cuerpo a tierra, incapacitada"
        in (board)
    )


async def test_without_a_gender_the_conditions_stay_masculine(tmp_path: Path) -> None:
    said = await _conditions(tmp_path, "es", "")
    card, shaken, stunned, bound, down, removed, undone, board = said
    assert "Género" not in card
    assert "Ana: aturdido." in shaken
    assert "Ana: conmocionado." in stunned
    assert "Ana: inmovilizado." in bound
    assert "Ana: incapacitado." in down
    assert "Ana ya no está conmocionado." in removed
    assert "Deshecho: Ana ya no está conmocionado." in undone
    assert (
        "aturdido, conmocionado, distraído, vulnerable, inmovilizado, cuerpo a tierra, incapacitado"
        in board
    )


async def test_english_conditions_read_the_same_whatever_the_gender(tmp_path: Path) -> None:
    (tmp_path / "f").mkdir()
    (tmp_path / "none").mkdir()
    with_gender = await _conditions(tmp_path / "f", "en", "Gender: female\\n")
    without = await _conditions(tmp_path / "none", "en", "")
    assert with_gender[0].count("Gender: female") == 2
    assert with_gender[1:] == without[1:]
    assert "Ana: Shaken." in without[1] and "Ana: Bound." in without[3]
    assert "Undone: Ana: no longer Stunned." in without[6]


async def test_a_stunned_heroine_stays_in_a_neutral_wording(tmp_path: Path) -> None:
    """SW-16: Vigor at the start of her turn, forced 1 and 1 (-2 Distracted): a failure."""
    async with OfflineTable(
        db_path=tmp_path / "s.sqlite3", seed=3, dice=[1, 1], strict_dice=True, locale="es"
    ) as table:
        sheet = ANA.format(gender="Género: f\\n")
        await must(table, "@gm /encounter start")
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{sheet}"')
        await must(table, "@gm /condition add combatant:Ana condition:stunned")
        dealt = _text(await must(table, "@gm /deal"))
        assert "Ana sigue con conmoción (tirada de Vigor: -1): no puede moverse ni actuar." in dealt


async def test_a_hidden_heroine_is_unhurt_then_wounded_in_the_feminine(tmp_path: Path) -> None:
    async with OfflineTable(
        db_path=tmp_path / "h.sqlite3", seed=3, dice=[], strict_dice=True, locale="es"
    ) as table:
        await _heroine(table, "Género: f\\n")
        shown = await table.run("@gm /combatant edit combatant:Ana hidden:true")
        assert "Ana (PJ)\nilesa · de <@" in _board(shown)
        # SW-12: 12 against Toughness 5, a raise: a wound and Shaken.
        dealt = await must(table, "@gm /act action:daño target:Ana value:12")
        assert "Ana (PJ)\nherida · de <@" in _board(dealt)
        assert "\naturdida\n" in _board(dealt)


async def test_a_gender_line_on_a_sheet_is_read_in_either_language() -> None:
    sheet = "Ana (WC)\nAtributos: Agilidad d8, Vigor d6\nParada: 6; Dureza: 5\n"
    assert parse_statblock(sheet + "Género: femenino").gender == "f"
    assert parse_statblock(sheet + "Gender: Male").gender == "m"
    assert parse_statblock(sheet + "genero: Mujer").gender == "f"
    assert parse_statblock(sheet + "Gender: hombre").gender == "m"
    assert parse_statblock(sheet).gender is None
    flat = "Ana (WC) Género: f Atributos: Agilidad d8, Vigor d6 Parada: 6; Dureza: 5"
    assert parse_statblock(flat).gender == "f"
    with pytest.raises(RuleError) as refusal:
        parse_statblock(sheet + "Género: x")
    assert refusal.value.key == "swade.statblock.bad_line.gender"


async def test_a_sheet_with_an_unreadable_gender_is_refused_saying_what_it_takes(
    tmp_path: Path,
) -> None:
    async with OfflineTable(
        db_path=tmp_path / "r.sqlite3", seed=3, dice=[], strict_dice=True, locale="es"
    ) as table:
        await must(table, "@gm /encounter start")
        sheet = ANA.format(gender="Género: x\\n")
        text = await refused(table, f'@gm /combatant add name:Ana statblock:"{sheet}"')
        assert "«Género: x» — se esperaba el género: f o m" in text
        assert "/combatiente añadir bloque:" in text


async def test_one_power_point_is_said_in_the_singular(tmp_path: Path) -> None:
    """SW-40: Bolt costs 1 PP. Spellcasting 5 (wild 1) against 4; damage 2+1 = 3, under
    Brujo's Toughness 5."""
    async with power_table(tmp_path) as table:
        force(table, 5, 1, 2, 1)
        [reply, *_] = await must(table, "@ana /cast power power:Descarga target:Brujo actor:Maga")
        assert "Maga gasta 1 PP (le quedan 9 de 10)." in reply.text()
        assert "Puntos de Poder" not in reply.text()
