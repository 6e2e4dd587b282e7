"""Issue 21, bounded work: every number a user gives in a sheet or an edit has a bound,
enforced where it enters, and the refusal names it (Spanish and English). Each of these
was accepted before: ``Heridas: 2000000000/1/1`` made /join take 34 s, ``Parada: 999999``
and ``Fuerza d12+99999999999999999999999`` (10^23 damage) joined a fight, /combatant add
had no overall cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from bot.systems.bounds import COMBATANTS_MAX, SHEET_MAX
from tests.every_system import every_system, examples

# The systems' sample foes (Plugin.examples), for the tests of one system's bounds.
SWADE = examples("swade").foe
DS20 = examples("ds20").foe
RH = examples("ritualhex").foe


async def _state(table: OfflineTable) -> str | None:
    row = await table.bot.db.fetchone(
        "SELECT state FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    return json.dumps(json.loads(unpack(row["state"])), sort_keys=True) if row else None


async def refused(table: OfflineTable, line: str) -> str:
    """One private reply, nothing changed, no internal error: the refusal's text."""
    before = await _state(table)
    messages = await table.run(line)
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await _state(table) == before
    return messages[0].text()


async def started(tmp_path: Path, system: str, locale: str = "es") -> OfflineTable:
    table = OfflineTable(db_path=tmp_path / "b.sqlite3", seed=1, locale=locale)
    await table.__aenter__()
    await table.run(f"@gm /encounter start system:{system}")
    return table


@pytest.mark.parametrize(("locale", "words"), [("es", "Heridas"), ("en", "Wounds")])
async def test_ds20_wound_boxes_are_bounded(tmp_path: Path, locale: str, words: str) -> None:
    table = await started(tmp_path, "ds20", locale)
    try:
        text = await refused(
            table, f'@gm /combatant add name:Bruto statblock:"{DS20} | Heridas: 2000000000/1/1"'
        )
        assert words in text and "0..20" in text and "2000000000" in text
        text = await refused(
            table,
            f'@ana /character save name:Bruto statblock:"{DS20} | Heridas: 4/3/3 | Agotamiento: 500"',
        )
        assert "1..10" in text
    finally:
        await table.__aexit__(None, None, None)


@pytest.mark.parametrize(
    ("sheet", "expected"),
    [
        ("Parada: 999999", "0..30"),
        ("Dureza: 100000", "0..99"),
        ("Tamaño: 5000", "-4..20"),
        ("Benis: 100", "0..99"),
        ("Puntos de poder: 5000", "0..999"),
    ],
)
async def test_swade_sheet_numbers_are_bounded(tmp_path: Path, sheet: str, expected: str) -> None:
    table = await started(tmp_path, "swade")
    try:
        text = await refused(table, f'@gm /combatant add name:Orco statblock:"{SWADE}\\n{sheet}"')
        assert expected in text, text
    finally:
        await table.__aexit__(None, None, None)


async def test_a_trait_bonus_is_bounded(tmp_path: Path) -> None:
    """``Fuerza d12+99999999999999999999999`` dealt 10^23 damage."""
    table = await started(tmp_path, "swade", "en")
    try:
        strong = SWADE.replace("Fuerza d8", "Fuerza d12+99999999999999999999999")
        text = await refused(table, f'@ana /character save name:Hulk statblock:"{strong}"')
        assert "Strength" in text and "-4..20" in text
    finally:
        await table.__aexit__(None, None, None)


async def test_combatant_edit_is_bounded(tmp_path: Path) -> None:
    table = await started(tmp_path, "swade")
    try:
        await table.run(f'@gm /combatant add name:Orco statblock:"{SWADE}"')
        text = await refused(table, '@gm /combatant edit combatant:Orco statblock:"Parada: 40"')
        assert "Parada" in text and "0..30" in text
        text = await refused(
            table, '@gm /combatant edit combatant:Orco statblock:"Heridas máx: 5000"'
        )
        assert "0..10" in text
    finally:
        await table.__aexit__(None, None, None)


@every_system
async def test_an_encounter_holds_at_most_100_combatants(tmp_path: Path, system: str) -> None:
    sheet = examples(system).foe
    table = await started(tmp_path, system)
    try:
        for name in ("Orco", "Trasgo"):
            [*messages] = await table.run(
                f'@gm /combatant add name:{name} count:40 statblock:"{sheet}"'
            )
            assert not messages[0].ephemeral, messages[0].text()
        text = await refused(table, f'@gm /combatant add name:Lobo count:40 statblock:"{sheet}"')
        assert str(COMBATANTS_MAX) in text and "80" in text
        encounter = await table.bot.encounters.get(table.channel_id)
        assert len(encounter.state.combatants) == 80
    finally:
        await table.__aexit__(None, None, None)


async def test_a_sheet_longer_than_the_bound_is_refused(tmp_path: Path) -> None:
    """The form's field says 4,000 characters to Discord's client; a hostile client can
    submit more, and the reader refuses it naming the bound."""
    table = await started(tmp_path, "swade")
    try:
        [form] = await table.run("@gm /character save name:Largo")
        assert form.kind == "modal"
        statblock = SWADE.replace("\\n", " ") + " Equipo: " + ", ".join(["cuerda"] * 800)
        assert len(statblock) > SHEET_MAX
        messages = await table.run(f'@gm submit statblock:"{statblock}"')
        assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
        assert "4000" in messages[0].text().replace(".", "").replace(",", "")
    finally:
        await table.__aexit__(None, None, None)


async def test_ritualhex_body_parts_are_bounded(tmp_path: Path) -> None:
    table = await started(tmp_path, "ritualhex")
    try:
        many = RH + "\\npartes: cabeza, torso\\nmiembros: brazo x20, pierna x20"
        text = await refused(table, f'@gm /combatant add name:Hidra statblock:"{many}"')
        assert "≤ 30" in text and "42" in text
    finally:
        await table.__aexit__(None, None, None)
