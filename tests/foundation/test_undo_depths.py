"""Issue 32, seventh round: a process remembers how many undo snapshots each channel has
(``bot.storage.encounters.DEPTHS``, learnt only from its own committed writes, at the
encounter row's version they left) and runs the statement that deletes the oldest only
when a channel is at its bound. What it remembers is never used once another writer has
changed the channel (another process, an undo, an import, the end), never learnt from a
write that rolled back, and the bound holds as documented through all of them: the
newest ``UNDO_DEPTH`` kept, and at ``UNDO_DEPTH + UNDO_SLACK`` the older ones go."""

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.dice_provider import DiceProvider
from bot.encounter.service import EncounterService
from bot.storage import encounters as rows
from bot.storage.db import Database, Transaction, open_database
from bot.storage.packed import pack
from tests.foundation.conftest import CHANNEL
from tests.foundation.test_service import next_round

BOUND = rows.UNDO_DEPTH + rows.UNDO_SLACK


async def _actual(db: Database) -> tuple[int | None, int]:
    """The encounter row's version (None without one) and the channel's snapshots."""
    row = await db.fetchone("SELECT version FROM encounters WHERE channel_id = ?", (CHANNEL,))
    count = await db.fetchall("SELECT id FROM encounter_undo WHERE channel_id = ?", (CHANNEL,))
    return (None if row is None else int(row["version"])), len(count)


def _known(db: Database) -> tuple[int, int] | None:
    known: tuple[int, int] | None = db.known.get(rows.DEPTHS, {}).get(CHANNEL)
    return known


async def _check(expected: int, *services: EncounterService) -> int:
    """The channel has ``expected`` snapshots, and what each process remembers of it is
    right whenever it is about the row's version now; how many of them remember it."""
    version, count = await _actual(services[0].db)
    assert count == expected <= BOUND - 1
    current = 0
    for service in services:
        known = _known(service.db)
        if known is not None and known[0] == version:
            assert known[1] == count, "a process remembered a wrong number of snapshots"
            current += 1
    return current


def _after_one_more(count: int) -> int:
    """The snapshots after an undoable change (the bound, as documented)."""
    return rows.UNDO_DEPTH if count + 1 == BOUND else count + 1


async def test_every_writer_leaves_the_remembered_depth_right_and_the_bound_held(
    database: str | Path,
) -> None:
    """Two processes on one database (shards moving), and each kind of write: actions,
    actions ``/undo`` skips, the board message, ``/undo``, an import, the end and a new
    start. After each, the snapshots are exactly what the bound says."""
    first = EncounterService(await open_database(database), DiceProvider(seed=7))
    other = EncounterService(await open_database(database), DiceProvider(seed=8))
    both = (first, other)
    try:
        await first.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ds20")
        expected, remembered = 0, 0

        async def step(write: Callable[[], Awaitable[object]], change: int | None) -> None:
            nonlocal expected, remembered
            await write()
            expected = _after_one_more(expected) if change is None else expected + change
            remembered += await _check(expected, *both)

        def act(
            service: EncounterService, undoable: bool = True
        ) -> Callable[[], Awaitable[object]]:
            return lambda: service.act(CHANNEL, 9, next_round, kind="t", undoable=undoable)

        for _ in range(BOUND + 4):  # past the bound: the oldest 16 go together once
            await step(act(first), None)
        assert remembered >= BOUND, "the process did not remember what it wrote"
        for _ in range(3):  # the other process, on a row this one holds a stale copy of
            await step(act(other), None)
        for _ in range(BOUND):  # this one again: its copy is stale, then fresh
            await step(act(first), None)
        for service in (first, other, first):
            await step(lambda service=service: service.undo(CHANNEL, 9), -1)
        await step(act(first, undoable=False), 0)
        await step(act(other, undoable=False), 0)
        await step(lambda: first.set_board(CHANNEL, 1234), 0)
        await step(lambda: other.set_board(CHANNEL, 5678), 0)
        for _ in range(20):
            await step(act(first), None)
        current = await first.get(CHANNEL)
        assert current is not None
        await step(lambda: other.replace(current, 9), None)  # an import: undoable
        for _ in range(BOUND):
            await step(act(first), None)
        await step(lambda: first.undo(CHANNEL, 9), -1)  # the import undone
        await step(lambda: other.end(CHANNEL, 9), -expected)
        assert await _actual(first.db) == (None, 0)
        await first.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ds20")
        for _ in range(BOUND + 1):
            await step(act(other), None)
        for _ in range(5):
            await step(act(first), None)
    finally:
        await other.db.close()
        await first.db.close()


async def test_a_write_that_rolls_back_teaches_nothing(service: EncounterService) -> None:
    """What a write would have left is remembered only once it has committed: one that
    fails after adding its snapshot (its exception, or its savepoint rolled back) leaves
    what the process knew as it was."""
    db = service.db
    for _ in range(3):
        await service.act(CHANNEL, 9, next_round, kind="t")
    version, count = await _actual(db)
    assert _known(db) == (version, count) == (4, 3)

    async def fails(tx: Transaction) -> None:
        await rows.update_state(tx, CHANNEL, 4, pack("{}"), None)
        await rows.snapshot(
            tx, CHANNEL, seq=3, summary="x", stored=b"x", encounter_id=None, version=4
        )
        raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        await db.write(fails)
    assert _known(db) == (4, 3)
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await rows.update_state(tx, CHANNEL, 4, pack("{}"), None)
            await rows.snapshot(
                tx, CHANNEL, seq=3, summary="x", stored=b"x", encounter_id=None, version=4
            )
            raise RuntimeError("rolled back")
    assert _known(db) == (4, 3)
    assert await _actual(db) == (4, 3)
    service.forget(CHANNEL)
    await service.act(CHANNEL, 9, next_round, kind="t")
    assert _known(db) == (5, 4) and await _actual(db) == (5, 4)


async def test_a_process_that_knows_nothing_counts_once(service: EncounterService) -> None:
    """A process started after the snapshots were written (a restart) counts them at its
    first action and knows from then; it never takes a guess for a count."""
    for _ in range(BOUND - 2):
        await service.act(CHANNEL, 9, next_round, kind="t")
    restarted = EncounterService(service.db, DiceProvider(seed=9))
    service.db.known.clear()  # what a new process starts with
    await restarted.act(CHANNEL, 9, next_round, kind="t")
    assert _known(service.db) == await _actual(service.db) == (BOUND, BOUND - 1)
    await restarted.act(CHANNEL, 9, next_round, kind="t")  # the 66th: the oldest 16 go
    assert _known(service.db) == await _actual(service.db) == (BOUND + 1, rows.UNDO_DEPTH)
