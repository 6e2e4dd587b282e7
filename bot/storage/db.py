"""The database: one aiosqlite writer connection, WAL, and the migrations runner.

Migrations are the numbered ``NNNN_name.sql`` files in ``migrations/``, applied in order
at start, each in its own transaction that also sets ``PRAGMA user_version``. A database
whose version is newer than the newest migration refuses to open (:class:`DatabaseError`).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import aiosqlite

T = TypeVar("T")

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseError(Exception):
    """The database cannot be used (unwritable path, newer schema...). One clear line."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    migrations = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise DatabaseError(f"migration file name not understood: {path.name}")
        migrations.append(Migration(int(match.group(1)), path.stem, path.read_text("utf-8")))
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise DatabaseError(f"migrations must be numbered 1..N without gaps, got {versions}")
    return migrations


class Database:
    """One writer connection. ``transaction()`` serialises writers (BEGIN IMMEDIATE)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise DatabaseError("database is not open")
        return self._conn

    async def open(self) -> None:
        if str(self.path) != ":memory:":
            parent = self.path.expanduser().resolve().parent
            if not parent.is_dir():
                raise DatabaseError(f"COMODIN_DB_PATH: folder {parent} does not exist")
        try:
            self._conn = await aiosqlite.connect(self.path, isolation_level=None)
            await self._conn.execute("PRAGMA journal_mode=WAL")
            await self._conn.execute("PRAGMA synchronous=NORMAL")
            await self._conn.execute("PRAGMA busy_timeout=5000")
            await self._conn.execute("PRAGMA foreign_keys=ON")
            # Touch the file now so an unwritable path fails here, not on the first write.
            await self._conn.execute("CREATE TABLE IF NOT EXISTS _probe (x)")
            await self._conn.execute("DROP TABLE _probe")
        except Exception as exc:  # sqlite3.OperationalError and friends
            await self.close()
            raise DatabaseError(f"cannot open database {self.path}: {exc}") from None
        self._conn.row_factory = aiosqlite.Row

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self, migrations: list[Migration] | None = None) -> list[int]:
        """Apply pending migrations; return the versions applied."""
        migrations = load_migrations() if migrations is None else migrations
        newest = migrations[-1].version if migrations else 0
        current = await self.version()
        if current > newest:
            raise DatabaseError(
                f"database {self.path} is at schema version {current}, newer than this "
                f"Comodín ({newest}); upgrade Comodín or use a backup"
            )
        applied = []
        for migration in migrations:
            if migration.version <= current:
                continue
            async with self.transaction() as conn:
                for statement in _split_sql(migration.sql):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {migration.version}")
            applied.append(migration.version)
        return applied

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A short ``BEGIN IMMEDIATE`` transaction; never hold it across a Discord call."""
        async with self._write_lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            else:
                await conn.execute("COMMIT")

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction on the database thread, in
        a single hop: the hot path (an encounter action writes four or five rows) pays
        one thread round trip instead of one per statement. ``work`` is plain sqlite3,
        must not block on anything else, and its exception rolls the transaction back.

        Writes are not serialised here: the database thread runs queued work one item at
        a time, in order, so each ``work`` is already atomic against the others. Holding a
        lock across the round trip would let only one write be in flight for the whole
        bot (under load, one per turn of the event loop). A write only waits while a
        multi-statement ``transaction()`` is open, so it never lands inside one; once no
        transaction holds the lock, it is queued before this coroutine yields.

        Uses aiosqlite's ``_execute`` (queue a callable on its thread; pinned in
        pyproject.toml)."""
        while self._write_lock.locked():
            async with self._write_lock:
                pass
        conn = self.conn
        return await conn._execute(_in_transaction, conn._conn, work)

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())


def _in_transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(conn)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (no semicolons inside our string literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


async def open_database(path: Path | str) -> Database:
    db = Database(path)
    await db.open()
    try:
        await db.migrate()
    except BaseException:
        await db.close()
        raise
    return db
