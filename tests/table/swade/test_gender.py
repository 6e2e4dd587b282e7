"""Issue 18: Spanish agreement follows the character when the GM or the player gives it
(/combatant edit statblock:"Género: f"): "Ana… queda inmovilizada"; without it, the
masculine. English is unchanged.

Forced dice: Gruk's Athletics d10 rolls 9; Ana resists with d6 and her wild die, 1 and 1:
two raises, so she is Bound (SW-19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import must, refused, swade_table

ANA = (
    "Ana (WC)\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Atletismo d6, Pelear d8\\nParada: 6; Dureza: 5"
)
GRUK = (
    "Gruk\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d8, Vigor d8\\n"
    "Habilidades: Atletismo d10, Pelear d8\\nParada: 6; Dureza: 7"
)


async def _held(tmp_path: Path, lang: str, gender: str | None) -> str:
    """What the bot says when Gruk grapples Ana with a raise."""
    async with OfflineTable(
        db_path=tmp_path / "g.sqlite3", seed=3, dice=[9, 1, 1], strict_dice=True, locale=lang
    ) as table:
        await must(table, "@gm /encounter start")
        await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
        await must(table, f'@gm /combatant add name:Gruk statblock:"{GRUK}"')
        if gender is not None:
            await must(table, f'@ana /combatant edit combatant:Ana statblock:"{gender}"')
        await must(table, "@gm /deal")
        said = await must(table, "@gm /grapple start target:Ana actor:Gruk")
        return "\n".join(m.text() for m in said)


@pytest.mark.parametrize("given", ["Género: f", "genero: femenino", "Gender: female"])
async def test_a_woman_is_held_in_the_feminine(tmp_path: Path, given: str) -> None:
    text = await _held(tmp_path, "es", given)
    assert "queda inmovilizada, y Gruk queda vulnerable mientras la sujete" in text


async def test_without_a_gender_the_masculine_stays(tmp_path: Path) -> None:
    text = await _held(tmp_path, "es", None)
    assert "queda inmovilizado, y Gruk queda vulnerable mientras lo sujete" in text


async def test_english_says_the_same_whatever_the_gender(tmp_path: Path) -> None:
    text = await _held(tmp_path, "en", "Gender: female")
    assert "Gruk grapples Ana with a raise: Bound" in text


async def test_a_gender_the_bot_cannot_read_is_refused_saying_what_it_takes(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path) as table:
        text = await refused(table, '@ana /combatant edit combatant:Ana statblock:"Género: x"')
        assert "f | m" in text
