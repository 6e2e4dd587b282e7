"""A session belongs to a channel; a thread uses its parent's session, so the fights in
several threads of one channel share the pools (README "Bennies")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.play.table import CHANNEL_ID, OfflineTable
from tests.bennies.helpers import hero, key, put, start_encounter

THREAD_ID = CHANNEL_ID + 77


class ThreadTable(OfflineTable):
    """The offline table, able to type in a public thread of its channel."""

    in_thread = False

    def _base_payload(self, user: Any, kind: int, data: dict[str, Any]) -> dict[str, Any]:
        payload = super()._base_payload(user, kind, data)
        if self.in_thread:
            payload["channel_id"] = str(THREAD_ID)
            payload["channel"] = {
                "id": str(THREAD_ID),
                "type": 11,
                "guild_id": str(self.guild_id),
                "parent_id": str(CHANNEL_ID),
                "owner_id": str(self.user("gm").id),
                "name": "pelea-1",
                "message_count": 0,
                "member_count": 1,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 60,
                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                    "locked": False,
                },
            }
        return payload

    def thread(self) -> None:
        self.in_thread, self.channel_id = True, THREAD_ID

    def parent(self) -> None:
        self.in_thread, self.channel_id = False, CHANNEL_ID


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[ThreadTable]:
    async with ThreadTable(db_path=tmp_path / "threads.sqlite3", seed=1) as t:
        t.user("gm")
        yield t


async def test_a_fight_in_a_thread_spends_from_the_parent_channels_session(
    tables: ThreadTable,
) -> None:
    await start_encounter(tables)
    await put(tables, hero("c1", "Ana", tables.user("ana").id))
    await tables.run("@gm /bennies session-start")
    tables.thread()
    await start_encounter(tables)
    await put(tables, hero("c1", "Ana", tables.user("ana").id))
    sent = await tables.run('@ana /bennies spend use:story note:"en el hilo"')
    assert not sent[0].ephemeral
    assert (await tables.bot.bennies.pools(CHANNEL_ID))[key(tables, "ana")] == 2
    refused = await tables.run("@gm /bennies session-start")
    assert refused[0].ephemeral
    encounter = await tables.bot.encounters.get(THREAD_ID)
    assert encounter is not None
    board = await tables.bot.boards.context(encounter)
    assert board.pools[key(tables, "ana")] == 2
