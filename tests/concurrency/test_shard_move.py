"""Two bots on one database, as two `comodin run` processes while a shard moves between
them (issue 20 item 2): nothing one of them keeps in memory may hide what the other
changed. Each bot is a whole offline table (its own encounter service, ledger, settings
and connection or pool) on the same SQLite file or PostgreSQL database.

- The bennies ledger reads the open session from the database on every use: a session
  the other bot ended and started again is the one spent from (before, the first bot
  kept spending from the session it had read first, which had ended).
- A server's language and GM role are read before each interaction.
- A shard that connects again drops the cached encounters of its servers; so does an
  interaction the other bot applied.
- Discord delivers a server's interactions to every session of its shard: while both
  bots run the shard, both receive each command; each is applied once, and only the
  bot that applied it answers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from bench.e2e import EXTRA_BLOCK, PC_BLOCK
from bot.bennies import GM, user_key
from bot.play.lines import parse_line
from bot.play.table import GUILD_ID, OfflineTable
from bot.shards import shard_of

SETUP = [
    "@gm /encounter start system:swade",
    f'@gm /combatant add name:PJ statblock:"{PC_BLOCK}" wildcard:true side:heroes controller:@ana',
    f'@gm /combatant add name:Goblin statblock:"{EXTRA_BLOCK}" count:3',
    "@gm /bennies session-start",
    "@gm /deal",
]


@asynccontextmanager
async def two_bots(
    database: str | Path, tmp_path: Path, locale: str = "es"
) -> AsyncIterator[tuple[OfflineTable, OfflineTable]]:
    url = database if isinstance(database, str) else None
    path = database if isinstance(database, Path) else tmp_path / "unused.sqlite3"
    first = OfflineTable(db_path=path, seed=3, database_url=url, locale=locale)
    second = OfflineTable(db_path=path, seed=3, database_url=url, locale=locale)
    async with first, second:
        for table in (first, second):
            table.user("gm")  # the same first user (the GM) on both
        yield first, second


async def _set_up(table: OfflineTable) -> None:
    for line in SETUP:
        [answer, *_] = await table.run(line)
        assert not answer.ephemeral, (line, answer.text())


# Each command both bots receive, and what it writes once: (log rows, benny history rows).
EXPECTED = {
    '@gm /attack target:"Goblin 2" actor:PJ': (1, 0),
    "@ana /bennies spend use:reroll combatant:PJ": (1, 1),  # the reroll and its benny
    "@gm /bennies give player:@ana count:2": (0, 1),
    "@ana /bennies spend use:story": (0, 1),
    "@gm /next": (1, 0),
    "@gm /undo": (1, 0),  # undoes /next, which spent no benny
    "@gm /bennies session-end": (0, 0),
}


def _payload(table: OfflineTable, line: str) -> dict:
    parsed = parse_line(line)
    assert parsed is not None
    return table._command_payload(parsed, table.user(parsed.user))


async def test_a_session_ended_and_started_again_elsewhere_is_the_one_spent_from(
    database: str | Path, tmp_path: Path
) -> None:
    async with two_bots(database, tmp_path) as (first, second):
        await _set_up(first)
        ana = user_key(first.user("ana").id)
        before = await first.bot.bennies.session(first.channel_id)
        assert before is not None and (await first.bot.bennies.pools(first.channel_id))[ana] == 3

        await second.run("@gm /bennies session-end")
        [started, *_] = await second.run("@gm /bennies session-start")
        assert not started.ephemeral, started.text()
        after = await second.bot.bennies.session(second.channel_id)
        assert after is not None and after.id != before.id

        [spent, *_] = await first.run("@ana /bennies spend use:story")
        assert not spent.ephemeral, spent.text()
        rows = await first.bot.db.fetchall(
            "SELECT session_id, count FROM bennies WHERE holder = ? ORDER BY session_id", (ana,)
        )
        assert [(r["session_id"], r["count"]) for r in rows] == [(before.id, 3), (after.id, 2)]
        assert (await first.bot.bennies.session(first.channel_id)).id == after.id


async def test_a_session_ended_elsewhere_is_ended_here(
    database: str | Path, tmp_path: Path
) -> None:
    async with two_bots(database, tmp_path) as (first, second):
        await _set_up(first)
        await second.run("@gm /bennies session-end")
        [refused, *_] = await first.run("@ana /bennies spend use:story")
        assert refused.ephemeral and "sesión" in refused.text()
        gm_pool = await first.bot.db.fetchone(
            "SELECT SUM(count) FROM bennies WHERE holder = ?", (GM,)
        )
        assert gm_pool[0] == 1, "nothing was spent from the ended session"


async def test_the_server_settings_another_bot_changed_are_read_before_the_next_command(
    database: str | Path, tmp_path: Path
) -> None:
    # Users whose Discord language is neither Spanish nor English get the server's.
    async with two_bots(database, tmp_path, locale="fr") as (first, second):
        [before] = await first.run("/ping")
        assert before.embeds[0]["title"] == "¡Pong!"  # COMODIN_DEFAULT_LOCALE, es
        [changed] = await second.run("/server language language:en")
        assert "inglés" in changed.text()  # the user's own language is fr: the server's es
        [after] = await first.run("/ping")
        assert after.embeds[0]["title"] == "Pong!"
        await second.bot.db.write(
            lambda tx: tx.execute(
                "UPDATE guild_settings SET gm_role_id = 77 WHERE guild_id = ?", (GUILD_ID,)
            )
        )
        await first.run("/ping")
        assert first.bot.gm_roles[GUILD_ID] == 77
        await second.run("/server language language:es")
        [back] = await first.run("/ping")
        assert back.embeds[0]["title"] == "¡Pong!"


async def test_a_shard_that_connects_again_reads_its_encounters_afresh(
    database: str | Path, tmp_path: Path
) -> None:
    async with two_bots(database, tmp_path) as (first, second):
        await _set_up(first)
        cached = await first.bot.encounters.get(first.channel_id)
        await second.run('@gm /attack target:"Goblin 1" actor:PJ')
        await second.run("@gm /next")
        fresh = await second.bot.encounters.get(second.channel_id)
        assert fresh is not None and cached is not None and fresh.seq == cached.seq + 2
        # The shard of another server connecting keeps this server's copy...
        other = (shard_of(GUILD_ID, 4) + 1) % 4
        first.bot.shard_count = 4
        first.bot._shard_regained(other)
        assert (await first.bot.encounters.get(first.channel_id)).seq == cached.seq
        # ...this server's shard connecting again (READY or RESUMED) drops it.
        first.bot._shard_regained(shard_of(GUILD_ID, 4))
        shown = await first.bot.encounters.get(first.channel_id)
        assert shown is not None and shown.seq == fresh.seq
        assert shown.state.model_dump() == fresh.state.model_dump()


async def test_a_command_both_bots_receive_is_applied_once_and_answered_once(
    database: str | Path, tmp_path: Path
) -> None:
    """Discord's hand-off: both bots run the shard, so each gets every command. For each
    kind that writes (an action, a benny spent with a reroll, a benny given or spent on
    the story, the session's end, /undo), exactly one bot applies it and answers; the
    other says nothing and forgets its copy of the channel."""
    async with two_bots(database, tmp_path) as (first, second):
        await _set_up(first)
        await second.bot.encounters.get(second.channel_id)  # both have a cached copy
        ana = user_key(first.user("ana").id)
        for line in EXPECTED:
            payload = _payload(first, line)
            user = first.user(parse_line(line).user)
            rows_before = await first.bot.db.fetchone("SELECT COUNT(*) FROM encounter_log")
            history_before = await first.bot.db.fetchone("SELECT COUNT(*) FROM benny_history")
            answers = await asyncio.gather(
                first.dispatch(payload, user), second.dispatch(payload, user)
            )
            replies = [m for sent in answers for m in sent if m.kind in ("reply", "followup")]
            assert len(replies) == 1, (line, [r.text() for r in replies])
            assert not replies[0].ephemeral, (line, replies[0].text())
            marked = await first.bot.db.fetchone(
                "SELECT COUNT(*) FROM processed_interactions WHERE interaction_id = ?",
                (int(payload["id"]),),
            )
            assert marked[0] == 1, line
            rows_after = await first.bot.db.fetchone("SELECT COUNT(*) FROM encounter_log")
            history_after = await first.bot.db.fetchone("SELECT COUNT(*) FROM benny_history")
            logged = rows_after[0] - rows_before[0]
            recorded = history_after[0] - history_before[0]
            assert (logged, recorded) == EXPECTED[line], (line, logged, recorded)
        pools = await first.bot.db.fetchall(
            "SELECT count FROM bennies WHERE holder = ? ORDER BY session_id", (ana,)
        )
        # 3 at the start, 1 for the reroll, +2 given, 1 for the story: 3 left.
        assert [r["count"] for r in pools] == [3]
        ended = await first.bot.db.fetchone(
            "SELECT COUNT(*) FROM benny_sessions WHERE ended_at IS NOT NULL"
        )
        assert ended[0] == 1
        for table in (first, second):
            table.bot.encounters.forget(table.channel_id)
        final = [await t.bot.encounters.get(t.channel_id) for t in (first, second)]
        assert final[0] == final[1]
        kinds = await first.bot.db.fetchall("SELECT kind FROM encounter_log ORDER BY id")
        assert [r["kind"] for r in kinds][-4:] == [
            "swade.attack",
            "bennies.reroll",
            "swade.next",
            "undo",
        ]


async def test_a_command_one_bot_refused_is_not_applied_by_the_other_later(
    database: str | Path, tmp_path: Path
) -> None:
    """Both bots receive a command; one refuses it at once (no benny left) and says so;
    the other runs it later, after a benny was given: it must not spend it, nor answer
    (the user was told "no"). Before, an error marked nothing, so the slower bot spent
    the benny and its answer went nowhere (Discord had the first bot's error)."""
    async with two_bots(database, tmp_path) as (first, second):
        await _set_up(first)
        for _ in range(3):  # the three bennies of the session's start
            [answer, *_] = await first.run("@ana /bennies spend use:story")
            assert not answer.ephemeral, answer.text()
        line = "@ana /bennies spend use:story"
        payload = _payload(first, line)
        ana = first.user("ana")
        [refused, *_] = [m for m in await first.dispatch(payload, ana) if m.kind == "reply"]
        assert refused.ephemeral, refused.text()
        [gift, *_] = await first.run("@gm /bennies give player:@ana")
        assert not gift.ephemeral, gift.text()
        history = await first.bot.db.fetchone("SELECT COUNT(*) FROM benny_history")
        late = await second.dispatch(payload, ana)
        assert [m for m in late if m.kind in ("reply", "followup")] == []
        assert await first.bot.db.fetchone("SELECT COUNT(*) FROM benny_history") == history
        pool = await first.bot.db.fetchone(
            "SELECT count FROM bennies WHERE holder = ?", (user_key(ana.id),)
        )
        assert pool[0] == 1


async def test_a_reroll_and_the_benny_it_costs_commit_together(pg_url: str, tmp_path: Path) -> None:
    """The benny is spent in the reroll's own transaction: while the encounter's row is
    held by another transaction (another process's write), nobody sees the benny spent
    without the reroll; when that other write changed the encounter, the reroll is
    tried again on the fresh state and the benny is still spent once. Before, the spend
    committed first, so a crash in between kept the benny spent and lost the reroll."""
    async with two_bots(pg_url, tmp_path) as (first, _second):
        await _set_up(first)
        await first.run('@gm /attack target:"Goblin 1" actor:PJ')
        ana = user_key(first.user("ana").id)
        for changes_it in (False, True):
            spends = await _spends(pg_url)
            holder = await asyncpg.connect(pg_url)
            try:
                transaction = holder.transaction()
                await transaction.start()
                await holder.execute(
                    "SELECT version FROM encounters WHERE channel_id = $1 FOR UPDATE",
                    first.channel_id,
                )
                if changes_it:  # another process's write, in the same transaction
                    await holder.execute(
                        "UPDATE encounters SET version = version + 1 WHERE channel_id = $1",
                        first.channel_id,
                    )
                reroll = asyncio.create_task(
                    first.run("@ana /bennies spend use:reroll combatant:PJ")
                )
                await _until_waiting_on_a_lock(holder)
                assert await _spends(pg_url) == spends, "the benny waits for its reroll"
                await transaction.commit()
            finally:
                await holder.close()
            [answer, *_] = await reroll
            assert not answer.ephemeral, answer.text()
            assert await _spends(pg_url) == spends + 1
        left = await first.bot.db.fetchone("SELECT count FROM bennies WHERE holder = ?", (ana,))
        assert left[0] == 1
        assert first.bot.encounters.conflicts >= 1, "the changed encounter was retried"
        tagged = await first.bot.db.fetchall(
            "SELECT action_seq FROM benny_history WHERE reason = 'spend.reroll' ORDER BY id"
        )
        log = await first.bot.db.fetchall(
            "SELECT payload FROM encounter_log WHERE kind = 'bennies.reroll' ORDER BY id"
        )
        seqs = [int(json.loads(r["payload"])["seed"].rsplit(":", 1)[1]) for r in log]
        assert [r["action_seq"] for r in tagged] == seqs, "each benny is tied to its reroll"


async def _spends(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT COUNT(*) FROM benny_history WHERE delta < 0"))
    finally:
        await conn.close()


async def _until_waiting_on_a_lock(conn: asyncpg.Connection) -> None:
    """Until another session of this database waits on a lock (the bot's write)."""
    for _ in range(500):
        waiting = await conn.fetchval(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        )
        if waiting:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the reroll never reached the encounter's row")
