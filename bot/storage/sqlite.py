"""SQLite: one aiosqlite writer connection, WAL, and its thread (the default engine).

Pragmas: 512-byte pages for a new file (:data:`PAGE_SIZE`), WAL checkpointed at 4 MiB,
``synchronous=NORMAL``, ``busy_timeout``, foreign keys on. The schema
version is ``PRAGMA user_version``. A write is one ``BEGIN IMMEDIATE`` transaction run on
the connection's thread in a single hop (:meth:`SqliteDatabase.write`); a one-row read
is made on the event loop from a second connection that only reads
(:meth:`SqliteDatabase.fetchone`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

import aiosqlite

from bot import loopwatch
from bot.storage.db import Commits, Database, DatabaseError, IntegrityError, Migration, Row, Work
from bot.storage.dialect import SQLITE

T = TypeVar("T")

# The page size of a new database file, SQLite's smallest. WAL writes every page a
# commit changed whole, and most of what an action changes is small: the file's header,
# the newest leaves of the log, of the undo snapshots and of the claims, two index
# entries, the encounter's row. At 4 KiB an attack wrote eight or nine pages (35 KB of
# WAL); at 1 KiB 12 pages (12.5 KB); at 512 bytes 17 pages (8.7 KB): the small things
# cost half again, and a log row of 1.5 KB the same bytes in more pieces (issue 32;
# docs/STORAGE.md, "What an action writes"). The CPU of an attack is the same.
PAGE_SIZE = 512
# A checkpoint when the WAL holds this much: 4 MB, as SQLite's default of 1,000 pages
# did at 4 KiB (at 1,000 small pages it would copy the pages actions keep rewriting, the
# rightmost leaves and the indexes, back into the file eight times as often).
CHECKPOINT_BYTES = 4096 * 1000
# The most writes committed together: each waits for the whole group, so a cap keeps the
# first one's wait short (eight share 7/8 of what a group can share; the rest wait for
# their own drain, already queued).
GROUP_MAX = 8


class SqliteDatabase(Database):
    """One writer connection. ``transaction()`` serialises writers (BEGIN IMMEDIATE)."""

    dialect = SQLITE

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._pending: deque[_Queued[Any]] = deque()  # writes not yet taken by a drain
        self._reader: sqlite3.Connection | None = None  # the event loop's reads (fetchone)
        self._on_thread = 0  # this database's jobs queued or running on its thread
        self.known: dict[str, Any] = {}

    def describe(self) -> str:
        return str(self.path)

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
            # Before anything is written: only a new file takes it (an older one keeps its
            # own, and works as before).
            await self._conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
            await self._conn.execute("PRAGMA journal_mode=WAL")
            await self._conn.execute("PRAGMA synchronous=NORMAL")
            async with self._conn.execute("PRAGMA page_size") as cur:
                page = (await cur.fetchone() or (PAGE_SIZE,))[0]
            await self._conn.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_BYTES // page}")
            await self._conn.execute("PRAGMA busy_timeout=5000")
            await self._conn.execute("PRAGMA foreign_keys=ON")
            # Touch the file now so an unwritable path fails here, not on the first write.
            await self._conn.execute("CREATE TABLE IF NOT EXISTS _probe (x)")
            await self._conn.execute("DROP TABLE _probe")
            if str(self.path) != ":memory:":  # another connection would be another database
                self._reader = _open_reader(self.path)
        except Exception as exc:  # sqlite3.OperationalError and friends
            await self.close()
            raise DatabaseError(f"cannot open database {self.path}: {exc}") from None
        self._conn.row_factory = aiosqlite.Row

    async def close(self) -> None:
        if self._reader is not None:
            reader, self._reader = self._reader, None
            reader.close()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _apply(self, migration: Migration) -> None:
        sql = migration.sql_for(self.dialect)
        async with self._write_lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(sql):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {migration.version}")
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            await conn.execute("COMMIT")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_ConnectionTx]:
        """A short ``BEGIN IMMEDIATE`` transaction; never hold it across a Discord call.
        Each statement is one hop to the database thread."""
        async with self._write_lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            tx = _ConnectionTx(conn, self.known)
            try:
                yield tx
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            else:
                await conn.execute("COMMIT")
                tx.committed()

    async def write(self, work: Work[T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction on the database thread, in
        a single hop: the hot path (an encounter action writes four or five rows) pays
        one thread round trip instead of one per statement. ``work`` awaits only its
        transaction, whose methods here run the statement at once and never suspend, so
        the coroutine runs to its end in one step on that thread (awaiting anything else
        is an error); its exception rolls the transaction back.

        Writes are not serialised here: the database thread runs queued work one item at
        a time, in order, so each ``work`` is already atomic against the others. Holding a
        lock across the round trip would let only one write be in flight for the whole
        bot (under load, one per turn of the event loop). A write only waits while a
        multi-statement ``transaction()`` is open, so it never lands inside one; once no
        transaction holds the lock, it is queued before this coroutine yields.

        **Writes that queue together commit together** (issue 32): each write puts its
        work in :attr:`_pending` and queues a drain; the first drain to run takes every
        work waiting and runs them in one transaction, each inside a savepoint of its
        own (:func:`_drain`), so the pages they share (the rightmost leaves of the log,
        the undo snapshots and the claims, the file's header) reach the WAL once for
        all of them. Each work is still all or nothing, alone: its exception rolls back
        its savepoint, not the others', and is raised to its own caller. A later drain
        finds its work done. Nothing waits to gather a group: an idle bot commits each
        write at once; a busy thread commits what queued meanwhile.

        Uses aiosqlite's ``_execute`` (queue a callable on its thread; pinned in
        pyproject.toml)."""
        while self._write_lock.locked():
            async with self._write_lock:
                pass
        conn = self.conn
        queued = _Queued(work)
        self._pending.append(queued)  # a deque: safe against the thread's popleft
        try:
            await self._hop(_drain, conn, self._pending, self.known)
        except Exception:
            # Nothing queued the drain (the connection closed, say): the caller gets the
            # error, so its work must not wait for a later drain to commit it.
            if not queued.done:
                with contextlib.suppress(ValueError):
                    self._pending.remove(queued)
            raise
        return queued.outcome()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """A ``SELECT`` of one row (every one the repositories make is a look-up by an
        index) made while the database thread has no write or read of ours queued or
        running is read here, on the event loop, from a connection of its own that only
        reads (:func:`_open_reader`): it sees every write committed before it and none
        that is not (an open ``transaction()``'s, as on PostgreSQL; on the writer's
        connection it saw them), and costs the look-up itself and no thread hop
        (issue 32: a hop was about 0.23 million instructions of an attack's 15, two of
        them an attack: the server's settings and the bennies session, docs/STORAGE.md).
        While the thread works it takes the hop as before, after what is queued there:
        a read on the loop would let go of the GIL inside SQLite and wait to get it back
        from that thread (up to Python's 5 ms switch interval each time; at 200 commands
        a second an attack's p99 went from 7-14 ms to 69), and it keeps a read made
        after a write that is still queued seeing that write. Anything else (a
        ``PRAGMA``: the writer's own settings), an in-memory database, or a read SQLite
        would keep waiting (the connection never waits: ``timeout=0``) takes the hop
        too (aiosqlite's cursor takes three: execute, fetch, close)."""
        reader = self._reader
        if reader is not None and not self._on_thread and sql[:6].upper() == "SELECT":
            try:
                return _fetchone_closed(reader, sql, params)
            except sqlite3.OperationalError:
                pass  # busy, or an error the writer's connection raises again
        return await self._hop(_fetchone, self.conn, sql, params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._hop(_fetchall, self.conn, sql, params)

    async def _hop(self, job: Callable[..., T], conn: aiosqlite.Connection, *args: Any) -> T:
        """``job(connection, *args)`` on the database thread (aiosqlite's ``_execute``:
        queue a callable on its thread; pinned in pyproject.toml), counted while it is
        queued or running (:meth:`fetchone`)."""
        self._on_thread += 1
        try:
            return await conn._execute(loopwatch.thread_job(job), conn._conn, *args)
        finally:
            self._on_thread -= 1


class _ThreadTx(Commits):
    """A transaction on the database thread: each method runs its statement at once."""

    dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection, known: dict[str, Any]) -> None:
        super().__init__(known)
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return self._conn.execute(sql, params).rowcount
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            return self._conn.execute(sql, params).fetchone()
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, params).fetchall()

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


class _ConnectionTx(Commits):
    """A transaction held open across awaits: each statement is a hop to the thread."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, known: dict[str, Any]) -> None:
        super().__init__(known)
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        return cursor.rowcount

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            async with self._conn.execute(sql, params) as cur:
                return await cur.fetchone()
        except sqlite3.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]


def _fetchone(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> Row | None:
    return conn.execute(sql, params).fetchone()


def _open_reader(path: Path) -> sqlite3.Connection:
    """The event loop's connection for :meth:`SqliteDatabase.fetchone`: read only
    (``query_only``), never waiting for a lock (``timeout=0``: a busy read is made on
    the writer's thread instead), rows by name as the writer's."""
    reader = sqlite3.connect(path, timeout=0, isolation_level=None, check_same_thread=False)
    reader.row_factory = sqlite3.Row
    reader.execute("PRAGMA query_only=ON")
    return reader


def _fetchone_closed(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> Row | None:
    """The first row, the statement reset at once: a statement left open keeps its read
    transaction, which would hold the checkpoint back."""
    cursor = conn.execute(sql, params)
    try:
        return cursor.fetchone()
    finally:
        cursor.close()


def _fetchall(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Row]:
    return conn.execute(sql, params).fetchall()


class _Queued(Generic[T]):
    """A write waiting for a drain, then what it gave (its value or its exception)."""

    __slots__ = ("done", "error", "value", "work")

    def __init__(self, work: Work[T]) -> None:
        self.work = work
        self.done = False
        self.value: Any = None
        self.error: BaseException | None = None

    def run_alone(self, conn: sqlite3.Connection, known: dict[str, Any]) -> None:
        try:
            self.value = _in_transaction(conn, self.work, known)
        except BaseException as exc:  # given to its caller, on the event loop
            self.error = exc
        self.done = True

    def outcome(self) -> T:
        if not self.done:  # its drain ran after an earlier one took it: cannot be
            raise RuntimeError("Database.write: the work was not run")
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[no-any-return]


def _drain(conn: sqlite3.Connection, pending: deque[_Queued[Any]], known: dict[str, Any]) -> None:
    """Run every write waiting in ``pending`` (on the database thread): one alone as
    before; several in one transaction, each in a savepoint (:meth:`SqliteDatabase.write`).
    If one of them ends the whole transaction (SQLite rolls back on some errors: a full
    disk, say) or the commit fails, none of theirs is kept and each runs again alone, so
    each caller gets its own outcome."""
    group: list[_Queued[Any]] = []
    while len(group) < GROUP_MAX:
        try:
            group.append(pending.popleft())
        except IndexError:
            break
    if len(group) > 1:
        try:
            kept = _together(conn, group, known)
        except BaseException:  # BEGIN refused (another process holds the file), say
            kept = False
        if not kept and conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # then each alone says what is wrong
                conn.execute("ROLLBACK")
    for queued in group:
        if not queued.done:
            queued.run_alone(conn, known)


def _together(conn: sqlite3.Connection, group: list[_Queued[Any]], known: dict[str, Any]) -> bool:
    """``group`` in one transaction, each in a savepoint; False or an exception (nothing
    marked done; the caller rolls back what is left) when it could not be kept whole."""
    conn.execute("BEGIN IMMEDIATE")
    results: list[tuple[Any, BaseException | None]] = []
    kept: list[_ThreadTx] = []  # the works whose savepoint was kept
    for queued in group:
        conn.execute("SAVEPOINT comodin_write")
        tx = _ThreadTx(conn, known)
        try:
            value = _run_to_end(queued.work(tx))
        except BaseException as exc:
            if not conn.in_transaction:  # SQLite rolled back every work of the group
                return False
            conn.execute("ROLLBACK TO comodin_write")
            conn.execute("RELEASE comodin_write")
            results.append((None, exc))
        else:
            conn.execute("RELEASE comodin_write")
            results.append((value, None))
            kept.append(tx)
    conn.execute("COMMIT")  # if it fails, :func:`_drain` rolls back and runs each alone
    for tx in kept:
        tx.committed()
    for queued, (value, error) in zip(group, results, strict=True):
        queued.value, queued.error, queued.done = value, error, True
    return True


def _in_transaction(conn: sqlite3.Connection, work: Work[T], known: dict[str, Any]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    tx = _ThreadTx(conn, known)
    try:
        result = _run_to_end(work(tx))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    tx.committed()
    return result


def _run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never suspends (it awaits only a :class:`_ThreadTx`)."""
    if not isinstance(coroutine, Coroutine):
        raise TypeError("Database.write: work must be an async function of a Transaction")
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("Database.write: work awaited something other than its transaction")


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (no semicolons inside our string literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
