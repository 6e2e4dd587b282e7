"""The coin-flip duel, a system that exists only here, plugs in through the catalogue
alone and works through the offline table: started with ``/encounter start``, its
duellists added from their one-field sheet, its one move made, its board drawn, its
move undone and said in the reader's language, an option it does not take refused, the
duel exported and imported back. (Every test that tries every system tries it too:
``tests/every_system.py``; the fuzz among them.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands.checks import command_problems
from bot.play.lines import LineError
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems import catalogue
from tests.coinduel.system import PLUGIN, DuelState

pytestmark = pytest.mark.usefixtures("coin_duel")

HEADS, TAILS = 1, 2


def said(messages: list[SentMessage]) -> str:
    return "\n".join(m.text() for m in messages)


async def lives(table: OfflineTable) -> dict[str, int]:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, DuelState)
    return {c.name: c.lives for c in encounter.state.combatants}


async def test_a_duel_is_started_played_drawn_and_undone(tmp_path: Path) -> None:
    async with OfflineTable(
        db_path=tmp_path / "duel.sqlite3", dice=[HEADS, TAILS], strict_dice=True
    ) as table:
        started = said(await table.run("@gm /encounter start system:coinduel name:Prueba"))
        assert "Encuentro de Duelo a cara o cruz «Prueba» empezado" in started
        added = await table.run('@gm /combatant add name:Ana statblock:"Vidas: 2" controller:@ana')
        assert "Ana entra en el duelo con 2 vidas." in said(added)
        card = await table.run('@gm /combatant add name:Bruto statblock:"Vidas: 1\\nEspada larga"')
        assert "«Espada larga»" in said(card), "the line the sheet does not use is named"
        assert await lives(table) == {"Ana": 2, "Bruto": 1}

        flipped = said(await table.run("@ana /attack target:bru"))
        assert "Ana lanza la moneda contra Bruto.\n🪙 cara" in flipped
        assert "Bruto pierde su última vida: queda fuera." in flipped
        assert "Bruto ✖" in flipped, "the board is redrawn with Bruto out"
        assert await lives(table) == {"Ana": 2, "Bruto": 0}

        undone = said(await table.run("@gm /undo"))
        assert "Deshecho: Ana lanza la moneda contra Bruto." in undone
        assert await lives(table) == {"Ana": 2, "Bruto": 1}

        missed = said(await table.run("@ana /attack target:Bruto"))
        assert "🪙 cruz" in missed and await lives(table) == {"Ana": 2, "Bruto": 1}
        shown = said(await table.run("@gm /encounter show"))
        assert "Ana ❤❤\nBruto ❤" in shown


async def test_what_the_duel_does_not_take_is_refused_and_said_in_english(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "duel.sqlite3", locale="en", dice=[HEADS]) as table:
        await table.run("@gm /encounter start system:coinduel")
        await table.run('@gm /combatant add name:Ana statblock:"Lives: 1" controller:@ana')
        await table.run('@gm /combatant add name:Bea statblock:"Lives: 1"')
        [refused] = await table.run("@ana /attack target:Bea weapon:Sword")
        assert (
            refused.ephemeral
            and refused.content
            == "The option “weapon” does not exist in Coin duel. `/help command:` lists the options of each command."
        )
        [nothing] = await table.run("@ana /grapple start target:Bea")
        assert nothing.ephemeral and "/grapple start" in nothing.content
        assert "Coin duel" in nothing.content
        await table.run("@ana /attack target:Bea")
        undone = said(await table.run("@gm /undo"))
        assert "Undone: Ana flips the coin against Bea." in undone
        ended = said(await table.run("@gm /encounter end"))
        assert "Still standing: Ana, Bea." in ended


async def test_the_duel_is_offered_only_while_it_is_installed(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "duel.sqlite3") as table:
        assert table.bot is not None
        assert command_problems(table.bot.tree) == []
        start = table.bot.tree.get_command("encounter").get_command("start")  # type: ignore[union-attr]
        choices = [c.value for c in start.get_parameter("system").choices]  # type: ignore[union-attr]
        assert choices == [*(p.system for p in catalogue.BUILT_IN), "coinduel"]
    catalogue.uninstall(PLUGIN.system)
    try:
        async with OfflineTable(db_path=tmp_path / "plain.sqlite3") as table:
            with pytest.raises(LineError, match="choice"):
                await table.run("@gm /encounter start system:coinduel")
    finally:
        catalogue.install(PLUGIN)  # the fixture takes it away


async def test_a_duel_is_exported_and_imported_back(tmp_path: Path) -> None:
    """Through the catalogue alone: the export is the duel's state, its import passes the
    integrity gate (its plugin's checks, the shared ids and names) and brings it back."""
    async with OfflineTable(db_path=tmp_path / "duel.sqlite3", dice=[HEADS]) as table:
        await table.run("@gm /encounter start system:coinduel")
        await table.run('@gm /combatant add name:Ana statblock:"Vidas: 2" controller:@ana')
        await table.run('@gm /combatant add name:Bruto count:2 statblock:"Vidas: 1"')
        await table.run('@ana /attack target:"Bruto 1"')
        before = await lives(table)
        assert before == {"Ana": 2, "Bruto 1": 0, "Bruto 2": 1}
        await table.run("@gm /encounter export")
        filename, blob = table.recorder.files[-1]
        path = tmp_path / filename
        path.write_bytes(blob)
        await table.run("@gm /encounter end")
        imported = await table.run(f"@gm /encounter import file:{path}")
        assert not any(m.ephemeral for m in imported), said(imported)
        assert await lives(table) == before
        assert table.bot is not None
        encounter = await table.bot.encounters.get(table.channel_id)
        assert encounter is not None and encounter.state.next_id == 4
        added = said(await table.run('@gm /combatant add name:Cid statblock:"Vidas: 1"'))
        assert "Cid entra en el duelo" in added
        ids = [c.id for c in (await table.bot.encounters.get(table.channel_id)).state.combatants]
        assert ids == ["c1", "c2", "c3", "c4"], "the next id is new"
