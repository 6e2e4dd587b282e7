"""Saved characters are found by the one name resolver (:func:`bot.systems.lookup.find`),
as combatants are: ``/character show``, ``/join`` and ``/combatant add character:`` read
the name with any case and accents, in quotes, with punctuation after it, or by the start
of exactly one name; ``/character delete`` (it cannot be undone) only by a whole name.
Through the real command tree, in Spanish and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable

SHEET = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Pelear d8\\nParada: 6; Dureza: 5"
)
WORDS = {
    "es": {
        "ambiguous": "«Mon» puede ser varios de tus personajes: Monje, Mónica.",
        "unknown": "No tienes ningún personaje llamado «Moni».",
        "deleted": "Personaje «Mónica» borrado.",
        "joined": "Mónica se une al combate.",
    },
    "en": {
        "ambiguous": "“Mon” could be several of your characters: Monje, Mónica.",
        "unknown": "You have no character called “Moni”.",
        "deleted": "Character “Mónica” deleted.",
        "joined": "Mónica joins the fight.",
    },
}


async def _saved(table: OfflineTable) -> None:
    for name in ("Mónica", "Monje"):
        [saved] = await table.run(f'@ana /character save name:{name} statblock:"{SHEET}"')
        assert saved.ephemeral and name in saved.text(), saved.text()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("typed", ["monica", "MÓNICA", '"Mónica."', "«mónica»", "monica!", "Moni"])
async def test_show_finds_a_saved_character_as_a_combatant_is_found(
    tmp_path: Path, lang: str, typed: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "c.sqlite3", locale=lang) as table:
        await _saved(table)
        [card] = await table.run(f"@ana /character show name:{typed}")
        assert card.ephemeral and card.embeds[0]["title"].startswith("Mónica ·"), card.text()


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_join_and_delete_read_names_alike_and_delete_wants_the_whole_name(
    tmp_path: Path, lang: str
) -> None:
    words = WORDS[lang]
    async with OfflineTable(db_path=tmp_path / "c.sqlite3", locale=lang) as table:
        await table.run("@gm /encounter start name:Cripta")
        await _saved(table)
        [ambiguous] = await table.run("@ana /character show name:Mon")
        assert ambiguous.ephemeral and words["ambiguous"] in ambiguous.text()
        [joined, *_] = await table.run('@ana /join character:"monica."')
        assert not joined.ephemeral and words["joined"] in joined.text(), joined.text()
        # Deleting by the start of a name is refused (nothing deleted); the whole name,
        # however cased and accented, deletes it and says its name as saved.
        [unknown] = await table.run("@ana /character delete name:Moni")
        assert unknown.ephemeral and words["unknown"] in unknown.text()
        [deleted] = await table.run("@ana /character delete name:MONICA.")
        assert deleted.ephemeral and deleted.text() == words["deleted"]
        [listed] = await table.run("@ana /character list")
        assert "Monje" in listed.text() and "Mónica" not in listed.text()
