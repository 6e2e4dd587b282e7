"""What /undo says it undid is an event (an i18n key and its parameters), kept by the undo
table and the log, and said in each reader's language; rows kept as plain text before
(or a rules function's plain summary) are shown as written."""

from __future__ import annotations

from pathlib import Path

from bot.encounter.service import EncounterService
from bot.play.table import OfflineTable
from bot.render.text import summary_text
from bot.systems.base import Event, Outcome, read_summary, stored_summary
from tests.foundation.conftest import CHANNEL
from tests.table.ds20.helpers import ANA, BRUTO, INITIATIVE, must, reply


async def _fight(table: OfflineTable) -> None:
    await must(table, "@gm /encounter start system:ds20")
    await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
    await must(table, f'@gm /combatant add name:Bruto statblock:"{BRUTO}"')
    await must(table, "@gm /initiative roll")
    await must(table, "@gm /next")
    await must(table, "@ana /attack target:Bruto weapon:Cuchillo")


async def test_undo_says_what_it_undid_in_spanish(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", dice=[*INITIATIVE, 5]) as table:
        await _fight(table)
        assert reply(await must(table, "@gm /undo")).text() == "Deshecho: ataque a Bruto."


async def test_undo_says_what_it_undid_in_english(tmp_path: Path) -> None:
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3", dice=[*INITIATIVE, 5], locale="en"
    ) as table:
        await _fight(table)
        assert reply(await must(table, "@gm /undo")).text() == "Undone: attack on Bruto."
        assert table.bot is not None
        log = await table.bot.encounters.history(table.channel_id)
        attack = next(row for row in log if row["kind"] == "ds20.attack")
        kept = read_summary(attack["payload"]["summary"])
        assert kept == Event(key="log.ds20.attack", params={"target": "Bruto"})


def test_a_summary_is_kept_as_its_event_and_read_back() -> None:
    event = Event(key="log.swade.attack", params={"attacker": "Gob", "target": "Pepe"})
    assert read_summary(stored_summary(event)) == event
    assert summary_text(stored_summary(event), "es") == "ataque de Gob a Pepe"
    assert summary_text(stored_summary(event), "en") == "Gob attacks Pepe"


def test_plain_text_summaries_are_shown_as_written() -> None:
    assert summary_text("attack Goblin -> Pepe", "es") == "attack Goblin -> Pepe"
    assert summary_text("{not json", "en") == "{not json"


async def test_an_old_undo_row_with_plain_text_still_undoes_and_says_it(
    service: EncounterService,
) -> None:
    def old_style(encounter, dice):  # type: ignore[no-untyped-def]
        return Outcome(state=encounter.state, summary="attack Goblin 1")

    await service.act(CHANNEL, 9, old_style, kind="test")
    undone = await service.undo_last(CHANNEL, 9)
    assert summary_text(undone.summary, "es") == "attack Goblin 1"
