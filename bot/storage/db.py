"""The storage API: one :class:`Database` on two engines (docs/STORAGE.md).

- :class:`bot.storage.sqlite.SqliteDatabase` (the default, ``COMODIN_DB_PATH``): one
  aiosqlite writer connection, WAL; a write runs on its thread in one hop.
- :class:`bot.storage.postgres.PostgresDatabase` (``COMODIN_DATABASE_URL=postgresql://``):
  an asyncpg pool; each write is one transaction on a pooled connection.

Both take the same SQL (``?`` placeholders; :mod:`bot.storage.dialect` says where the
engines differ) and the same migrations: the numbered ``NNNN_name.sql`` files in
``migrations/``, applied in order at start, each in its own transaction that also records
the schema version. A database whose version is newer than the newest migration refuses
to open (:class:`DatabaseError`).

A write is ``await db.write(work)``: ``work`` is an ``async def`` taking a
:class:`Transaction`; it may await only the transaction's methods (on SQLite it runs on
the database thread, where nothing else can be awaited), and its exception rolls the
whole transaction back. ``async with db.transaction() as tx`` is the same for code that
awaits other things between its statements.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

from bot.storage.dialect import Dialect, NotPortable

T = TypeVar("T")
# A result row: sqlite3.Row or asyncpg.Record, both read by column name or position.
Row = Any


# Package data, read beside this module in a checkout and in an installed wheel alike: in
# the checkout bot/storage/migrations is a symbolic link to the top-level migrations/,
# and the wheel carries the files themselves (pyproject.toml, package-data).
MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class DatabaseError(Exception):
    """The database cannot be used (unwritable path, newer schema...). One clear line."""


class IntegrityError(Exception):
    """A statement broke a constraint (a unique key, a CHECK), on either engine."""


class Transaction(Protocol):
    """One open transaction. ``sql`` uses ``?`` placeholders on both engines.

    ``known``: what this process's committed writes established about the database (a
    dictionary the database keeps, each repository under a key of its own: issue 32,
    how many undo snapshots a channel has, :func:`bot.storage.encounters.snapshot`);
    ``after_commit(callback)``: call ``callback`` once the transaction has committed
    (never when it rolls back, nor the work's savepoint), in the order given."""

    dialect: Dialect
    known: dict[str, Any]

    def after_commit(self, callback: Callable[[], None]) -> None: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; return how many rows it changed."""
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (``None`` without a row)."""
        ...


class Reader(Protocol):
    """What reads rows: the database, or an open transaction (whose reads see its own
    writes, and may hold rows with ``dialect.for_update``)."""

    dialect: Dialect

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


Work = Callable[[Transaction], Awaitable[T]]


class Commits:
    """``known`` and ``after_commit`` (:class:`Transaction`), for the engines'
    transactions: :meth:`committed` once the transaction has committed."""

    def __init__(self, known: dict[str, Any]) -> None:
        self.known = known
        self._after: list[Callable[[], None]] = []

    def after_commit(self, callback: Callable[[], None]) -> None:
        self._after.append(callback)

    def committed(self) -> None:
        for callback in self._after:
            callback()


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    postgresql: str | None = None  # migrations/postgresql/<name>.sql, when the rewrite can't

    def sql_for(self, dialect: Dialect) -> str:
        if dialect.name == "postgresql" and self.postgresql is not None:
            return self.postgresql
        try:
            return dialect.migration(self.sql)
        except NotPortable as exc:
            raise DatabaseError(
                f"migration {self.name} says {str(exc)!r}, which PostgreSQL does not "
                f"understand: write migrations/postgresql/{self.name}.sql"
            ) from None


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    overrides = {p.stem: p.read_text("utf-8") for p in (directory / "postgresql").glob("*.sql")}
    migrations = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise DatabaseError(f"migration file name not understood: {path.name}")
        sql = path.read_text("utf-8")
        migrations.append(
            Migration(int(match.group(1)), path.stem, sql, overrides.pop(path.stem, None))
        )
    if not migrations:
        raise DatabaseError(f"no migrations in {directory}: this installation is incomplete")
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise DatabaseError(f"migrations must be numbered 1..N without gaps, got {versions}")
    if overrides:
        raise DatabaseError(
            f"migrations/postgresql has no migration to replace: {sorted(overrides)}"
        )
    return migrations


class Database(ABC):
    """The storage API both engines implement."""

    dialect: Dialect
    known: dict[str, Any]  # what its transactions' ``known`` is (:class:`Transaction`)

    @abstractmethod
    def describe(self) -> str:
        """Where the data lives, for messages (a URL without its password)."""

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def version(self) -> int:
        """The schema version the database is at (0 when empty)."""

    @abstractmethod
    async def _apply(self, migration: Migration) -> None:
        """Run one migration and record its version, in one transaction."""

    def _migration_lock(self) -> AbstractAsyncContextManager[None]:
        """Held while migrating (several processes may start at once)."""
        return nullcontext()

    async def migrate(self, migrations: list[Migration] | None = None) -> list[int]:
        """Apply pending migrations; return the versions applied."""
        migrations = load_migrations() if migrations is None else migrations
        newest = migrations[-1].version if migrations else 0
        applied = []
        async with self._migration_lock():
            current = await self.version()
            if current > newest:
                raise DatabaseError(
                    f"database {self.describe()} is at schema version {current}, newer than "
                    f"this Comodín ({newest}); upgrade Comodín or use a backup"
                )
            for migration in migrations:
                if migration.version <= current:
                    continue
                await self._apply(migration)
                applied.append(migration.version)
        return applied

    @abstractmethod
    async def write(self, work: Work[T]) -> T:
        """Run ``work`` in one transaction (see the module's docstring)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A short transaction; never hold it across a Discord call."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path:
    """A file path, or ``sqlite:///relative/path`` and ``sqlite:////absolute/path``."""
    text = str(target)
    if text.startswith("sqlite://"):
        rest = text[len("sqlite://") :]
        if not rest.startswith("/"):
            raise DatabaseError(f"not an SQLite URL: {text} (sqlite:///path/to/file.sqlite3)")
        return Path(rest[1:] or ":memory:")
    return Path(target)


def redact(url: str) -> str:
    """``url`` without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def connect(target: str | Path) -> Database:
    """The database at ``target`` (not opened yet): a ``postgresql://`` URL, else SQLite."""
    if is_postgres(target):
        from bot.storage.postgres import PostgresDatabase

        return PostgresDatabase(str(target))
    from bot.storage.sqlite import SqliteDatabase

    return SqliteDatabase(sqlite_path(target))


async def open_database(target: str | Path) -> Database:
    """Open the database at ``target`` and apply pending migrations."""
    db = connect(target)
    await db.open()
    try:
        await db.migrate()
    except BaseException:
        await db.close()
        raise
    return db
