"""Issue 32, seventh round: PostgreSQL's pool gives a connection back without asyncpg's
reset statement (a round trip at every release: 4 of an attack's 14). What a release
must still do is done: a transaction left open is rolled back, and the migration's
advisory lock never stays held; session state is left as it is, which is why the bot
sets none."""

import asyncio

import asyncpg

from bot.storage.db import Transaction
from bot.storage.postgres import MIGRATION_LOCK, PostgresDatabase


async def _one_connection(url: str, most: int = 1) -> PostgresDatabase:
    db = PostgresDatabase(url, min_size=1, max_size=most)
    await db.open()
    return db


async def test_a_connection_given_back_keeps_its_session_and_sends_nothing(pg_url: str) -> None:
    """The only connection of the pool, given back after a ``SET``, still has it: no
    ``RESET ALL`` (nor the rest of asyncpg's reset) was sent when it was released."""
    db = await _one_connection(pg_url)
    try:
        async with db.pool.acquire() as conn:
            await conn.execute("SET application_name = 'comodin-pool-test'")
        row = await db.fetchone("SELECT current_setting('application_name') AS name")
        assert row is not None and row["name"] == "comodin-pool-test"
    finally:
        await db.close()


async def test_a_transaction_left_open_is_rolled_back_when_given_back(pg_url: str) -> None:
    db = await _one_connection(pg_url)
    try:
        async with db.pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("INSERT INTO meta (key, value) VALUES ('left', 'open')")
        assert await db.fetchone("SELECT value FROM meta WHERE key = 'left'") is None

        async def put(tx: Transaction) -> None:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('after', 'ok')")

        await db.write(put)  # the connection is usable, outside any transaction
        assert (await db.fetchone("SELECT value FROM meta WHERE key = 'after'"))["value"] == "ok"
    finally:
        await db.close()


async def test_the_migration_lock_is_never_kept_by_a_pooled_connection(pg_url: str) -> None:
    """After migrating (the lock taken and let go of on a pooled connection), and
    after a migration that fails, another session can take the lock at once (two
    connections: migrating holds one and reads the version on the other)."""
    db = await _one_connection(pg_url, most=2)
    other = await asyncpg.connect(pg_url)
    try:
        await db.migrate()
        assert await other.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK)
        await other.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        try:
            async with db._migration_lock():
                raise RuntimeError("a migration failed")
        except RuntimeError:
            pass
        assert await other.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK)
        await other.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        # While one holds it, the other waits (the lock still works).
        async with db._migration_lock():
            assert not await other.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK)
        assert await asyncio.wait_for(
            other.fetchval("SELECT pg_try_advisory_lock($1)", MIGRATION_LOCK), 5
        )
    finally:
        await other.close()
        await db.close()
