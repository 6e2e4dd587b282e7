"""Issue 18, item 2 for Ritual Hex: a sheet's ``género: f`` line makes the Spanish words
for an inactive combatant agree ("Goblina queda inactiva", the board's **inactiva**, a
hidden one's "herida"); without it, the masculine; English reads the same. RH-4: a
combatant is inactive once its damage reaches its HP.

Forced dice: Red Haggar's Piña, 5+5+5 with Str 2 = 17 against 11 + Def 2 (1 + Escudo):
a success; damage 1d with a 5, over the Goblina's HP 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.systems.ritualhex.helpers import GOBLIN
from tests.table.ritualhex.helpers import CAST, add_line, block, must, refused, reply, rh_table

GOBLINA = GOBLIN.replace("nombre: Goblin", "nombre: Goblina").replace("HP 6", "HP 3")


async def _downed(tmp_path: Path, lang: str, gender_line: str) -> tuple[str, str]:
    """Red Haggar downs the Goblina: the reply, then the board."""
    async with rh_table(tmp_path, [5, 5, 5, 5], cast=False, locale=lang) as table:
        for name, sheet, side, controller in CAST:
            if name == "Goblin":
                name, sheet = "Goblina", GOBLINA + gender_line
            await must(table, add_line(name, sheet, side, controller))
        await must(table, "@gm /hex round")
        await must(table, "@ana /attack target:Goblina")
        messages = await must(
            table, "@gm press " + ("Nadie reacciona" if lang == "es" else "Nobody reacts")
        )
        board = next(m for m in reversed(messages) if m.kind in ("channel_edit", "channel"))
        return reply(messages).text(), board.text()


async def test_a_downed_goblina_is_inactive_in_the_feminine(tmp_path: Path) -> None:
    said, board = await _downed(tmp_path, "es", "género: f\n")
    assert "Goblina queda inactiva." in said
    assert "daño 3/3 · **inactiva**" in board


async def test_without_a_gender_the_masculine_stays(tmp_path: Path) -> None:
    said, board = await _downed(tmp_path, "es", "")
    assert "Goblina queda inactivo." in said
    assert "daño 3/3 · **inactivo**" in board


async def test_english_reads_the_same_whatever_the_gender(tmp_path: Path) -> None:
    (tmp_path / "f").mkdir()
    (tmp_path / "none").mkdir()
    with_gender = await _downed(tmp_path / "f", "en", "gender: female\n")
    without = await _downed(tmp_path / "none", "en", "")
    assert with_gender == without
    assert "Goblina is out of the fight (inactive)." in without[0]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_an_unreadable_gender_is_refused_saying_what_it_takes(
    tmp_path: Path, lang: str
) -> None:
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        sheet = block(GOBLINA + "género: x\n")
        text = await refused(
            table, f'@gm /combatant add name:Goblina side:foes statblock:"{sheet}"'
        )
        expected = "«x» no es un género: escribe f o m" if lang == "es" else "“x” is not a gender"
        assert expected in text
