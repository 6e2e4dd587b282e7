"""Issue 32: a one-row read (``Database.fetchone``) on SQLite is made on the event loop,
from a connection of its own that only reads, when the writer's thread has nothing of
ours to do: what it sees (every write committed before it, by this process or another,
and nothing uncommitted), when it waits for the thread, and that it never holds the
checkpoint back."""

import asyncio
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.storage.db import Transaction, open_database
from bot.storage.settings import guild_settings, save_guild_setting
from bot.storage.sqlite import SqliteDatabase

GUILD = 7


async def _set_locale(db: object, locale: str) -> None:
    async def work(tx: Transaction) -> None:
        await save_guild_setting(tx, GUILD, "locale", locale)

    await db.write(work)  # type: ignore[attr-defined]


async def test_a_read_sees_each_write_committed_before_it_and_nothing_uncommitted(
    database: str | Path,
) -> None:
    """On both engines: a read after a write sees it; a write still open in a
    transaction is not seen until it commits (on SQLite, before issue 32's reader, a
    read queued between an open transaction's statements saw them)."""
    db = await open_database(database)
    try:
        assert (await guild_settings(db, GUILD)).locale is None
        await _set_locale(db, "es")
        assert (await guild_settings(db, GUILD)).locale == "es"
        async with db.transaction() as tx:
            await save_guild_setting(tx, GUILD, "locale", "en")
            assert (await guild_settings(tx, GUILD)).locale == "en"  # its own write
            assert (await guild_settings(db, GUILD)).locale == "es"  # not yet committed
        assert (await guild_settings(db, GUILD)).locale == "en"
    finally:
        await db.close()


async def test_a_read_sees_what_another_process_committed(database: str | Path) -> None:
    """Another process (a second bot on the file or server: shards moving) changes a
    server's language: the next read has it, with nothing to invalidate."""
    db = await open_database(database)
    other = await open_database(database)
    try:
        await _set_locale(db, "es")
        assert (await guild_settings(db, GUILD)).locale == "es"
        await _set_locale(other, "en")
        assert (await guild_settings(db, GUILD)).locale == "en"
        if isinstance(db, SqliteDatabase):  # and a process that is not a bot at all
            script = (
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);"
                " c.execute(\"UPDATE guild_settings SET locale = 'es' WHERE guild_id = 7\");"
                " c.commit()"
            )
            subprocess.run([sys.executable, "-c", script, str(db.path)], check=True)
            assert (await guild_settings(db, GUILD)).locale == "es"
    finally:
        await other.close()
        await db.close()


async def test_sqlite_a_read_is_made_on_the_loop_only_while_the_thread_has_none_of_ours(
    tmp_path: Path,
) -> None:
    """With nothing of this database's queued on its thread, a one-row read does not
    use the thread (held busy here by a job of someone else's, it still answers at
    once). With a write of ours queued there, it waits for it, and sees it: a read on
    the loop while the thread works would wait for the GIL that thread holds (issue
    32, seventh round), and a read made after a write must see it."""
    db = await open_database(tmp_path / "busy.sqlite3")
    assert isinstance(db, SqliteDatabase)
    busy, release = threading.Event(), threading.Event()

    def hold() -> None:
        busy.set()
        release.wait(10)

    try:
        await _set_locale(db, "es")
        held = asyncio.ensure_future(db.conn._execute(hold))
        await asyncio.to_thread(busy.wait, 10)
        try:
            found = await asyncio.wait_for(guild_settings(db, GUILD), 2)
            assert found.locale == "es"
            assert not held.done()
            # A PRAGMA is the writer's connection's own setting: it waits for the thread.
            pragma = asyncio.ensure_future(db.fetchone("PRAGMA wal_autocheckpoint"))
            written = asyncio.ensure_future(_set_locale(db, "en"))
            for _ in range(5):
                await asyncio.sleep(0)
            read = asyncio.ensure_future(guild_settings(db, GUILD))
            for _ in range(5):
                await asyncio.sleep(0)
            assert not pragma.done() and not written.done() and not read.done()
        finally:
            release.set()
            await held
        assert (await pragma)[0] == 8000
        await written
        assert (await read).locale == "en"
    finally:
        await db.close()


async def test_sqlite_reads_never_hold_the_checkpoint_back(tmp_path: Path) -> None:
    """A read of one row of many leaves no statement open (an open one keeps its read
    transaction, and a checkpoint could not pass it: the WAL would only grow)."""
    db = await open_database(tmp_path / "checkpoint.sqlite3")
    try:
        for key in "abc":

            async def put(tx: Transaction, key: str = key) -> None:
                await tx.execute("INSERT INTO meta (key, value) VALUES (?, 'v')", (key,))

            await db.write(put)
        first = await db.fetchone("SELECT key FROM meta ORDER BY key")  # one of three
        assert first is not None and first["key"] == "a"
        busy, wal_frames, _ = await asyncio.wait_for(
            db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)"), 10
        )
        assert (busy, wal_frames) == (0, 0)
    finally:
        await db.close()


async def test_sqlite_a_read_that_fails_says_why(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "fails.sqlite3")
    try:
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await db.fetchone("SELECT * FROM nowhere")
    finally:
        await db.close()
    with pytest.raises(Exception, match="not open"):
        await db.fetchone("SELECT 1")


async def test_sqlite_in_memory_reads_its_own_database() -> None:
    """``:memory:`` is one database per connection: its reads stay on the writer's."""
    db = await open_database(":memory:")
    try:
        await _set_locale(db, "en")
        assert (await guild_settings(db, GUILD)).locale == "en"
    finally:
        await db.close()
