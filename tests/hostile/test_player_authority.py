"""Issue 21, "Authority", per system: a player cannot edit their own hero in a fight, clear
the conditions the rules end, revive a hero by removing it and joining again, join with
a sheet beyond the system's bounds, or join with several heroes unless the GM allows it.
Each test failed before (Savage Worlds let a player do all of it; every system took a
second hero)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from tests.every_system import every_system, examples, names


@pytest.fixture(params=["es", "en"])
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", seed=1, locale=request.param) as t:
        t.user("gm")
        yield t


async def state_json(table: OfflineTable) -> dict:
    row = await table.bot.db.fetchone(
        "SELECT state FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    return json.loads(unpack(row["state"]))


async def refused(table: OfflineTable, line: str, *words: str) -> str:
    """One private reply naming ``words``; the encounter unchanged."""
    before = await state_json(table)
    sent = await table.run(line)
    assert len(sent) == 1 and sent[0].ephemeral, [m.text() for m in sent]
    assert await state_json(table) == before
    for word in words:
        assert word in sent[0].text(), sent[0].text()
    return sent[0].text()


async def accepted(table: OfflineTable, line: str) -> None:
    sent = await table.run(line)
    assert sent and not any(m.ephemeral for m in sent), [m.text() for m in sent]


async def joined(table: OfflineTable, system: str, who: str = "ana", name: str = "Ana") -> None:
    sheet = examples(system).foe
    await table.run(f'@{who} /character save name:{name} system:{system} statblock:"{sheet}"')
    await accepted(table, f"@{who} /join character:{name}")


async def swade_fight(table: OfflineTable) -> None:
    await table.run("@gm /encounter start")
    await joined(table, "swade")


def words(table: OfflineTable, es: str, en: str) -> str:
    return es if table.locale == "es" else en


async def test_a_player_cannot_edit_their_own_hero(table: OfflineTable) -> None:
    await swade_fight(table)
    await refused(
        table,
        '@ana /combatant edit combatant:Ana statblock:"Heridas: 0 | Parada: 40"',
        words(table, "Solo el DJ", "Only the GM"),
        words(table, "/personaje guardar", "/character save"),
    )
    await accepted(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 1"')


@pytest.mark.parametrize("condition", ["incapacitado", "aturdido", "conmocionado", "inmovilizado"])
async def test_a_player_cannot_clear_incapacitated_shaken_stunned_or_bound(
    table: OfflineTable, condition: str
) -> None:
    await swade_fight(table)
    await accepted(table, f"@gm /condition add combatant:Ana condition:{condition}")
    await refused(
        table,
        f"@ana /condition remove combatant:Ana condition:{condition}",
        words(table, "lo quitan las reglas", "the rules end it"),
    )
    await accepted(table, f"@gm /condition remove combatant:Ana condition:{condition}")


async def test_a_player_stands_up_from_prone(table: OfflineTable) -> None:
    await swade_fight(table)
    await accepted(table, "@ana /condition add combatant:Ana condition:prone")
    await accepted(table, "@ana /condition remove combatant:Ana condition:prone")


async def test_a_player_cannot_remove_their_hero_to_rejoin_unhurt(table: OfflineTable) -> None:
    await swade_fight(table)
    await accepted(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 3"')
    await refused(
        table,
        "@ana /combatant remove combatant:Ana",
        words(table, "Solo el DJ puede sacar a Ana", "Only the GM can take Ana out"),
    )
    assert [c["wounds"] for c in (await state_json(table))["state"]["combatants"]] == [3]


@every_system
async def test_one_hero_per_player_unless_the_gm_allows_more(
    table: OfflineTable, system: str
) -> None:
    await table.run(f"@gm /encounter start system:{system}")
    await joined(table, system)
    sheet = examples(system).foe
    await table.run(f'@ana /character save name:Berta system:{system} statblock:"{sheet}"')
    await refused(
        table,
        "@ana /join character:Berta",
        "Ana",
        words(
            table,
            "/encuentro ajustes ajuste:héroes valor:2",
            "/encounter settings setting:heroes value:2",
        ),
    )
    await refused(
        table,
        "@ana /encounter settings setting:heroes value:2",
        words(table, "Solo el DJ", "Only the GM"),
    )
    await refused(table, "@gm /encounter settings setting:heroes value:11", "1", "10")
    await accepted(table, "@gm /encounter settings setting:heroes value:2")
    await accepted(table, "@ana /join character:Berta")
    names = [c["name"] for c in (await state_json(table))["state"]["combatants"]]
    assert names == ["Ana", "Berta"]
    await joined(table, system, "bob", "Bob")  # another player's own slot


# A saved sheet changed behind the bot's back (or saved before the bounds): /join checks
# it again. Each system's example says the field (of the saved sheet, or else a piece of
# its text), its value past the bound, and the bound the refusal names.
TAMPERED = [system for system in names() if examples(system).past_bound is not None]


@pytest.mark.parametrize("system", TAMPERED)
async def test_join_takes_a_sheet_within_the_systems_bounds(
    table: OfflineTable, system: str
) -> None:
    await table.run(f"@gm /encounter start system:{system}")
    sheet_text = examples(system).foe
    await table.run(f'@ana /character save name:Ana system:{system} statblock:"{sheet_text}"')
    past_bound = examples(system).past_bound
    assert past_bound is not None
    field, value, bound = past_bound
    row = await table.bot.db.fetchone("SELECT id, sheet, source FROM characters")
    sheet, source = json.loads(row["sheet"]), row["source"]
    if field in sheet:
        sheet[field] = value
    else:
        source = source.replace(field, str(value))
    async with table.bot.db.transaction() as conn:
        await conn.execute(
            "UPDATE characters SET sheet = ?, source = ? WHERE id = ?",
            (json.dumps(sheet), source, row["id"]),
        )
    await refused(table, "@ana /join character:Ana", bound)
