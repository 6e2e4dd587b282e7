"""A power nobody can cast is refused naming the powers the caster has in words, in the
reader's language: a shipped example as its name ("Bolt (example, 1 PP)"), never its
catalogue key; a sheet's power as the sheet writes it (a sheet's "Bolt" is its own, not
the example)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import must, refused

NO_POWERS = (
    "Maga (WC)\\nAttributes: Agility d6, Smarts d8, Spirit d8, Strength d4, Vigor d6\\n"
    "Skills: Spellcasting d8\\nArcane Background: Magic\\nPower Points: 10"
)
EXAMPLES = {
    "en": "Its powers: Bolt (example, 1 PP), Blast (example, 2 PP), Healing (example, 3 PP)",
    "es": "Sus poderes: Descarga (ejemplo, 1 PP), Explosión (ejemplo, 2 PP), Curación",
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_shipped_examples_are_named_in_words(tmp_path: Path, lang: str) -> None:
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", locale=lang) as table:
        await must(table, "@gm /encounter start system:swade")
        await must(table, f'@gm /combatant add name:Maga controller:@ana statblock:"{NO_POWERS}"')
        text = await refused(table, "@ana /cast power power:Lightning target:Maga actor:Maga")
        assert EXAMPLES[lang] in text, text
        assert "swade." not in text and "power_choice" not in text, text


async def test_a_sheets_powers_are_named_as_written(tmp_path: Path) -> None:
    sheet = NO_POWERS + "\\nPowers: Rayo Lunar (2 PP), Bolt (1 PP)"
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", locale="en") as table:
        await must(table, "@gm /encounter start system:swade")
        await must(table, f'@gm /combatant add name:Maga controller:@ana statblock:"{sheet}"')
        text = await refused(table, "@ana /cast power power:Lightning target:Maga actor:Maga")
        assert "Its powers: Rayo Lunar, Bolt. Cast one" in text, text
