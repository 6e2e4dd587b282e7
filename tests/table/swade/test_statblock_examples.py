"""A stat block refused for a missing attributes line shows an attributes line to copy,
in the reader's language (it showed a Parry/Toughness line, which was not missing)."""

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
