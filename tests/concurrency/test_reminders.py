"""Issue 27: a reminder is sent once, whatever happens to the processes. On each engine:

- a restart: the bot that sent the first reminder stops; the one started after it on the
  same database sends the last one, and not the first again;
- two processes running the channel's shard (a shard moving): both look at once, one
  message goes out;
- a process that does not run the channel's shard sends nothing, however due.

Each bot is a whole offline table (its own service, cache, connection or pool) on one
database, as two processes would be; their clocks are moved by hand, never slept.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path

from bot.clock import ManualClock
from bot.play.recorder import SentMessage
from bot.play.table import GUILD_ID, OfflineTable
from bot.shards import shard_of
from bot.storage import reminders
from tests.table.swade.encounter_helpers import ANA, JEFE, must

MINUTE = timedelta(minutes=1)
HOUR = timedelta(hours=1)
# The Jefe (the GM's Wild Card) hits Ana: she may soak (SW-14). Fighting 6 (wild die 1),
# damage Strength d10 10 (aces) + 2 = 12 against Toughness 5: one wound.
HIT = [6, 1, 10, 2]


def table_on(database: str | Path, tmp_path: Path, start: datetime | None = None) -> OfflineTable:
    url = database if isinstance(database, str) else None
    path = database if isinstance(database, Path) else tmp_path / "unused.sqlite3"
    table = OfflineTable(db_path=path, seed=1, dice=list(HIT), database_url=url)
    if start is not None:
        table.clock = ManualClock(start)
    return table


async def soak_pending(table: OfflineTable) -> None:
    """An encounter whose table waits on Ana's soak, with hourly reminders."""
    await must(table, "@gm /encounter start name:Cripta")
    await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
    await must(table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"')
    await must(table, "@gm /encounter settings setting:reminders value:1h")
    await must(table, '@gm /attack target:Ana actor:"Jefe orco"')


def sent(messages: list[SentMessage]) -> list[SentMessage]:
    return [m for m in messages if m.kind == "channel" and m.content.startswith("⏰")]


async def claimed(table: OfflineTable) -> list[tuple[int, bool]]:
    assert table.bot is not None
    found = await reminders.of_channel(table.bot.db, table.channel_id)
    return [(int(r["nth"]), r["sent_at"] is not None) for r in found]


async def test_a_restart_sends_the_last_reminder_and_not_the_first_again(
    database: str | Path, tmp_path: Path
) -> None:
    async with table_on(database, tmp_path) as first:
        await soak_pending(first)
        assert len(sent(await first.wait(61 * MINUTE))) == 1
        stopped_at = first.clock.now()
    async with table_on(database, tmp_path, start=stopped_at) as second:
        assert sent(await second.wait(MINUTE)) == [], "the first is not sent again"
        assert await claimed(second) == [(1, True), (2, False)]
        [last] = sent(await second.wait(HOUR))
        assert last.pinged() == [second.user("ana").id]
        assert sent(await second.wait(5 * HOUR)) == []
        assert await claimed(second) == [(1, True), (2, True)]


async def test_two_processes_running_the_shard_send_each_reminder_once(
    database: str | Path, tmp_path: Path
) -> None:
    async with table_on(database, tmp_path) as one:
        two = table_on(database, tmp_path, start=one.clock.now())
        async with two:
            await soak_pending(one)
            for _ in range(2):  # the first reminder, then the last
                one.clock.advance(61 * MINUTE)
                two.clock.advance(61 * MINUTE)
                counts = await asyncio.gather(
                    one.bot.reminders.run_due(),  # type: ignore[union-attr]
                    two.bot.reminders.run_due(),  # type: ignore[union-attr]
                )
                await one.settle()
                await two.settle()
                assert sorted(counts) == [0, 1], counts
            posted = sent(one.recorder.sent) + sent(two.recorder.sent)
            assert len(posted) == 2 and [m.content.count("⏰") for m in posted] == [1, 1]
            assert await claimed(one) == [(1, True), (2, True)]


async def test_only_a_process_running_the_channels_shard_sends_its_reminders(
    database: str | Path, tmp_path: Path
) -> None:
    ours = shard_of(GUILD_ID, 2)
    async with table_on(database, tmp_path) as owner:
        other = table_on(database, tmp_path, start=owner.clock.now())
        async with other:
            assert owner.bot is not None and other.bot is not None
            owner.bot.shard_ids, owner.bot.shard_count = [ours], 2
            other.bot.shard_ids, other.bot.shard_count = [1 - ours], 2
            await soak_pending(owner)
            other.clock.advance(3 * HOUR)
            assert await other.bot.reminders.run_due() == 0
            assert await claimed(owner) == [(1, False), (2, False)], "left for the owner"
            owner.clock.advance(3 * HOUR)
            assert await owner.bot.reminders.run_due() == 1, "both due: only the last goes"
            assert await claimed(owner) == [(1, False), (2, True)]
