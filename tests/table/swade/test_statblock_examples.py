"""SWADE sheets and corrections: a refusal shows what to write, in the reader's language (a
missing attributes line shows an attributes line; an unknown correction lists the fields)."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable

FLAT = "Cara (WC) Skills: Fighting d8, Shooting d8 Pace: 6; Parry: 6; Toughness: 5"


async def test_the_missing_attributes_refusal_shows_an_attributes_line(tmp_path: Path) -> None:
    for locale, line in (
        ("en", "e.g. `Attributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6`"),
        ("es", "p. ej. `Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6`"),
    ):
        async with OfflineTable(db_path=tmp_path / f"{locale}.sqlite3", locale=locale) as table:
            await table.run("@gm /encounter start system:swade")
            replies = await table.run(f'@gm /combatant add name:Cara statblock:"{FLAT}"')
            assert len(replies) == 1, [m.text() for m in replies]
            [reply] = replies
            assert reply.ephemeral, reply.text()
            assert line in reply.text(), reply.text()
            assert "Parry: 6" not in reply.text() and "Parada: 6" not in reply.text()


async def test_a_correction_of_an_unknown_field_lists_the_fields_in_english(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "edit.sqlite3", locale="en") as table:
        await table.run("@gm /encounter start system:swade")
        await table.run('@gm /combatant add name:Orc statblock:"Orc: Fighting d6, Parry 5"')
        [reply] = await table.run('@gm /combatant edit combatant:Orc statblock:"Luck: 2"')
        assert reply.ephemeral
        assert "Fields: Wounds, Max wounds, Fatigue, Bennies, Pace, Parry" in reply.text()
        assert "Heridas" not in reply.text()
        [reply] = await table.run('@gm /combatant edit combatant:Orc statblock:"Wild Card: maybe"')
        assert reply.ephemeral and '"yes | no"' in reply.text(), reply.text()
