"""The benny ledger on each engine (a real SQLite file, a throwaway PostgreSQL database):
sessions (SW-35), spends that never go below zero, the last benny spent twice at once
(also from two connections, as two processes), refunds, restarts and thread scopes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.bennies import GM, BennyLedger, user_key
from bot.encounter.service import ActionRef
from bot.errors import UserError
from bot.storage.db import Database, connect, open_database

CHANNEL = 500
THREAD = 501
GUILD = 1
GM_ID = 10
ANA = 11
BOB = 12
ACTION = ActionRef(encounter_id=7, seq=5)  # an action of some encounter


@pytest.fixture
async def db(database: str | Path) -> AsyncIterator[Database]:
    opened = await open_database(database)
    yield opened
    await opened.close()


async def start(ledger: BennyLedger, players: list[int], pcs: int, channel: int = CHANNEL) -> None:
    await ledger.start_session(
        channel_id=channel,
        guild_id=GUILD,
        gm_id=GM_ID,
        players=players,
        player_characters=pcs,
        user_id=GM_ID,
    )


async def test_a_session_gives_each_player_three_and_the_gm_one_per_hero(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA, BOB], pcs=3)
    assert await ledger.pools(CHANNEL) == {user_key(ANA): 3, user_key(BOB): 3, GM: 3}


async def test_a_spend_takes_one_and_an_empty_pool_refuses_and_stays_at_zero(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    assert await ledger.spend(CHANNEL, GM, reason="spend.story", user_id=GM_ID) == 0
    with pytest.raises(UserError) as refused:
        await ledger.spend(CHANNEL, GM, reason="spend.story", user_id=GM_ID)
    assert refused.value.key == "bennies.error.empty"
    assert (await ledger.pools(CHANNEL))[GM] == 0
    spends = [e for e in await ledger.history(CHANNEL) if e.delta < 0]
    assert len(spends) == 1


async def test_two_spends_of_the_last_benny_at_once_exactly_one_succeeds(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    for _ in range(2):
        await ledger.spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
    results = await asyncio.gather(
        ledger.spend(CHANNEL, user_key(ANA), reason="spend.reroll", user_id=ANA),
        ledger.spend(CHANNEL, user_key(ANA), reason="spend.soak", user_id=ANA),
        return_exceptions=True,
    )
    succeeded = [r for r in results if r == 0]
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(succeeded) == 1 and len(refused) == 1
    assert refused[0].key == "bennies.error.empty"
    assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 0
    assert len([e for e in await ledger.history(CHANNEL) if e.delta < 0]) == 3


async def test_two_connections_spending_the_last_benny_at_once_only_one_wins(
    database: str | Path,
) -> None:
    """Two writers on the same database (as two bot processes would be): SQLite's lock,
    or PostgreSQL's row lock, and the guarded UPDATE let only one of them have the last
    benny."""
    first = await open_database(database)
    second = connect(database)
    await second.open()
    try:
        await start(BennyLedger(first), [ANA], pcs=0)
        ledgers = [BennyLedger(first), BennyLedger(second)]
        await ledgers[0].spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
        await ledgers[0].spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
        results = await asyncio.gather(
            *(
                lg.spend(CHANNEL, user_key(ANA), reason="spend.reroll", user_id=ANA)
                for lg in ledgers
            ),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["UserError", "int"]
        assert await ledgers[1].pools(CHANNEL) == {user_key(ANA): 0, GM: 0}
    finally:
        await second.close()
        await first.close()


async def test_a_refused_action_gives_the_benny_back_and_leaves_no_history(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    with pytest.raises(UserError):
        async with ledger.spending(CHANNEL, user_key(ANA), reason="spend.reroll", user_id=ANA):
            raise UserError("swade.combat.error.critical_failure_no_reroll")
    assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 3
    assert all(e.delta > 0 for e in await ledger.history(CHANNEL))


async def test_awards_add_to_a_pool_and_are_in_the_history_with_their_reason(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    left = await ledger.award(
        CHANNEL, user_key(ANA), 2, reason="give", user_id=GM_ID, note="buen papel"
    )
    assert left == 5
    last = (await ledger.history(CHANNEL))[-1]
    assert (last.holder, last.delta, last.reason, last.note, last.user_id) == (
        user_key(ANA),
        2,
        "give",
        "buen papel",
        GM_ID,
    )


async def test_pools_survive_a_restart(database: str | Path) -> None:
    db = await open_database(database)
    await start(BennyLedger(db), [ANA], pcs=1)
    await BennyLedger(db).spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
    await db.close()
    reopened = await open_database(database)
    try:
        assert await BennyLedger(reopened).pools(CHANNEL) == {user_key(ANA): 2, GM: 1}
    finally:
        await reopened.close()


async def test_one_open_session_per_channel_and_a_new_session_starts_afresh(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    await ledger.spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
    with pytest.raises(UserError) as again:
        await start(ledger, [ANA], pcs=1)
    assert again.value.key == "bennies.error.session_open"
    _, final = await ledger.end_session(CHANNEL)
    assert final[user_key(ANA)] == 2
    assert await ledger.pools(CHANNEL) == {}
    with pytest.raises(UserError) as closed:
        await ledger.spend(CHANNEL, user_key(ANA), reason="spend.story", user_id=ANA)
    assert closed.value.key == "bennies.error.no_session"
    await start(ledger, [ANA], pcs=1)
    assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 3


async def test_a_late_player_gets_three_once_per_session(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    assert await ledger.join(CHANNEL, BOB, user_id=GM_ID) == 3
    await ledger.spend(CHANNEL, user_key(BOB), reason="spend.story", user_id=BOB)
    assert await ledger.join(CHANNEL, BOB, user_id=GM_ID) is None
    assert (await ledger.pools(CHANNEL))[user_key(BOB)] == 2


async def test_a_thread_shares_its_parent_channels_session(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    await ledger.link(THREAD, CHANNEL)
    await ledger.spend(THREAD, user_key(ANA), reason="spend.story", user_id=ANA)
    assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 2
    with pytest.raises(UserError) as refused:
        await start(ledger, [BOB], pcs=1, channel=THREAD)
    assert refused.value.key == "bennies.error.session_open"


async def test_the_gateway_parent_lookup_links_a_thread_and_remembers_it(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    ledger.parent_of = {THREAD: CHANNEL}.get
    assert (await ledger.session(THREAD)) is not None
    restarted = BennyLedger(db)  # no gateway cache yet after a restart
    assert await restarted.scope_of(THREAD) == CHANNEL


async def test_a_gm_wild_cards_pool_is_not_a_ledger_pool(db: Database) -> None:
    ledger = BennyLedger(db)
    await start(ledger, [ANA], pcs=1)
    with pytest.raises(ValueError):
        await ledger.spend(CHANNEL, "wc:c2", reason="spend.soak", user_id=GM_ID)


async def test_two_connections_opening_the_session_at_once_open_one(database: str | Path) -> None:
    """Two processes starting the channel's session together: one opens it, the other is
    told one is open (on PostgreSQL both may pass the check; the unique index
    benny_sessions_one_open refuses the second insert)."""
    first = await open_database(database)
    second = connect(database)
    await second.open()
    try:
        results = await asyncio.gather(
            *(start(BennyLedger(db), [ANA], pcs=1) for db in (first, second)),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, UserError)]
        assert len(refused) == 1 and refused[0].key == "bennies.error.session_open"
        rows = await first.fetchall("SELECT id FROM benny_sessions WHERE ended_at IS NULL")
        assert len(rows) == 1
        assert await BennyLedger(second).pools(CHANNEL) == {user_key(ANA): 3, GM: 1}
    finally:
        await second.close()
        await first.close()


async def test_undoing_an_action_gives_its_benny_back_once_from_two_connections(
    database: str | Path,
) -> None:
    """SW-38 on each engine: two processes undoing the same action at once give the
    benny it spent back once (the rows are read FOR UPDATE and marked undone)."""
    first = await open_database(database)
    second = connect(database)
    await second.open()
    try:
        ledger = BennyLedger(first)
        await start(ledger, [ANA], pcs=1)
        async with ledger.spending(
            CHANNEL, user_key(ANA), reason="spend.reroll", user_id=ANA
        ) as spent:
            pass
        await ledger.tag_action(spent, CHANNEL, ACTION)
        assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 2
        results = await asyncio.gather(
            *(BennyLedger(db).undo_action(CHANNEL, ACTION, user_id=GM_ID) for db in (first, second))
        )
        assert sorted(len(r) for r in results) == [0, 1]
        assert (await BennyLedger(second).pools(CHANNEL))[user_key(ANA)] == 3
        reasons = [e.reason for e in await ledger.history(CHANNEL)]
        assert reasons.count("undo.spend") == 1
    finally:
        await second.close()
        await first.close()


async def test_an_undo_holds_its_rows_so_another_process_reverses_nothing_twice(
    pg_url: str,
) -> None:
    """SW-38 on PostgreSQL, with the race forced: while one process's undo holds the
    action's history rows (read FOR UPDATE), another process undoes the same action; it
    waits for the first to commit and then finds nothing left to reverse."""
    first, second = await open_database(pg_url), await open_database(pg_url)
    try:
        ledger, other_ledger = BennyLedger(first), BennyLedger(second)
        await start(ledger, [ANA], pcs=1)
        async with ledger.spending(
            CHANNEL, user_key(ANA), reason="spend.reroll", user_id=ANA
        ) as spent:
            pass
        await ledger.tag_action(spent, CHANNEL, ACTION)
        other: list[asyncio.Task[list[Any]]] = []
        reverse = ledger._reverse

        async def reverse_while_the_other_undoes(*args: Any) -> int:
            other.append(
                asyncio.create_task(other_ledger.undo_action(CHANNEL, ACTION, user_id=BOB))
            )
            await _until_blocked_or_done(pg_url, other[0])
            return await reverse(*args)

        ledger._reverse = reverse_while_the_other_undoes  # type: ignore[method-assign]
        assert len(await ledger.undo_action(CHANNEL, ACTION, user_id=GM_ID)) == 1
        assert await other[0] == [], "the second undo found the rows already undone"
        assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 3
    finally:
        await second.close()
        await first.close()


async def _until_blocked_or_done(url: str, task: asyncio.Task[Any]) -> None:
    """Until ``task`` waits on a row lock in PostgreSQL, or has finished (bounded)."""
    conn = await asyncpg.connect(url)
    try:
        for _ in range(500):
            if task.done():
                return
            waiting = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock'"
            )
            if waiting:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the other undo neither waited nor finished")
    finally:
        await conn.close()


async def test_a_joker_collection_holds_its_cursor_so_another_process_awards_nothing_twice(
    pg_url: str,
) -> None:
    """SW-33 on PostgreSQL, with the race forced: while one process awards a Joker's
    bennies (its log cursor read FOR UPDATE), another collects the same channel; it
    waits, then reads past the cursor the first moved, and awards nothing again."""
    first, second = await open_database(pg_url), await open_database(pg_url)
    try:
        ledger, other_ledger = BennyLedger(first), BennyLedger(second)
        await start(ledger, [ANA, BOB], pcs=2)
        joker = '{"seed": "1:3", "events": [{"key": "swade.joker.award", "params": {"pc": true, "combatant": "Ana"}}]}'
        await first.write(
            lambda tx: tx.execute(
                "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind,"
                " version, payload) VALUES ('9999', ?, ?, ?, 'deal', 4, ?)",
                (GUILD, CHANNEL, GM_ID, joker),
            )
        )
        other: list[asyncio.Task[list[dict[str, Any]]]] = []
        add = ledger._add

        async def add_while_the_other_collects(*args: Any) -> None:
            if not other:
                other.append(asyncio.create_task(other_ledger.collect_joker_awards(CHANNEL)))
                await _until_blocked_or_done(pg_url, other[0])
            await add(*args)

        ledger._add = add_while_the_other_collects  # type: ignore[method-assign]
        assert len(await ledger.collect_joker_awards(CHANNEL)) == 1
        assert await other[0] == [], "the second collection found the Joker already read"
        assert await ledger.pools(CHANNEL) == {user_key(ANA): 4, user_key(BOB): 4, GM: 2}
    finally:
        await second.close()
        await first.close()
