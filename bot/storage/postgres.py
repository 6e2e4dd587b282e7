"""PostgreSQL through asyncpg: a pool of connections, one transaction per write.

Transactions run at READ COMMITTED, PostgreSQL's default, which is what the writes rely
on: an ``UPDATE ... WHERE version = ?`` that meets a row another transaction changed
waits for it and then re-checks the condition on the committed row, so a stale writer
changes nothing and learns it from the row count (the encounter service retries on fresh
state); ``INSERT ... ON CONFLICT DO NOTHING`` of a key another transaction is inserting
waits and then does nothing (the replay guard); ``count = count - 1 WHERE count > 0`` can
spend a benny once. A read that the transaction then writes from takes its row with
``SELECT ... FOR UPDATE`` (:attr:`Dialect.for_update`). The schema version is kept in
``comodin_schema_version``; migrations hold an advisory lock, so processes that start
together apply each migration once.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg

from bot.storage.db import (
    Commits,
    Database,
    DatabaseError,
    IntegrityError,
    Migration,
    Row,
    Work,
    redact,
)
from bot.storage.dialect import POSTGRESQL

T = TypeVar("T")

MIGRATION_LOCK = 0x636F6D6F64696E  # "comodin": pg_advisory_lock key held while migrating
POOL_MIN = 1
POOL_MAX = 10


class PostgresDatabase(Database):
    dialect = POSTGRESQL

    def __init__(self, url: str, *, min_size: int = POOL_MIN, max_size: int = POOL_MAX) -> None:
        self.url = url
        self._min_size = min_size
        self._max_size = max_size
        self._pool: asyncpg.Pool | None = None
        self.known: dict[str, Any] = {}

    def describe(self) -> str:
        return redact(self.url)

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise DatabaseError("database is not open")
        return self._pool

    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=self._min_size, max_size=self._max_size, reset=_given_back
            )
        except Exception as exc:  # OSError, asyncpg.PostgresError, a malformed URL...
            raise DatabaseError(f"cannot open database {self.describe()}: {exc}") from None

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await _version(conn)

    @asynccontextmanager
    async def _migration_lock(self) -> AsyncIterator[None]:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                yield
            finally:
                try:
                    await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
                except BaseException:
                    # The pool gives connections back as they are (_given_back): this
                    # one may hold the lock, so it is closed (the server lets go of it).
                    conn.terminate()
                    raise

    async def _apply(self, migration: Migration) -> None:
        sql = migration.sql_for(self.dialect)
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(sql)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS comodin_schema_version (version BIGINT NOT NULL)"
            )
            await conn.execute("DELETE FROM comodin_schema_version")
            await conn.execute(
                "INSERT INTO comodin_schema_version (version) VALUES ($1)", migration.version
            )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PoolTx]:
        async with self.pool.acquire() as conn:
            tx = _PoolTx(conn, self.known)
            async with conn.transaction():
                yield tx
            tx.committed()

    async def write(self, work: Work[T]) -> T:
        async with self.pool.acquire() as conn:
            tx = _PoolTx(conn, self.known)
            async with conn.transaction():
                result = await work(tx)
            tx.committed()
            return result

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.pool.fetchrow(POSTGRESQL.query(sql), *params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.pool.fetch(POSTGRESQL.query(sql), *params))


class _PoolTx(Commits):
    dialect = POSTGRESQL

    def __init__(self, conn: asyncpg.Connection, known: dict[str, Any]) -> None:
        super().__init__(known)
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self._conn.execute(POSTGRESQL.query(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc
        count = status.rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            return await self._conn.fetchrow(POSTGRESQL.query(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(POSTGRESQL.query(sql), *params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        try:
            return await self._conn.fetchval(POSTGRESQL.query(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(str(exc)) from exc


async def _given_back(conn: asyncpg.Connection) -> None:
    """What the pool does to a connection given back, after asyncpg's own step (it rolls
    back a transaction left open and drops listeners): nothing. asyncpg's default also
    sends ``SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``, a round
    trip at every release: 4 of an attack's 14 (issue 32, seventh round). The bot sets
    no session state (no ``SET``, cursor or ``LISTEN``); its one advisory lock, held
    while migrating, is let go of by hand or with its connection (:meth:`_migration_lock`);
    ``tests/foundation/test_postgres_pool.py``."""


async def _version(conn: asyncpg.Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('comodin_schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT max(version) FROM comodin_schema_version") or 0)
