"""``comodin db copy --to postgresql://...``: an SQLite database into an empty PostgreSQL one.

Every table is copied (encounters and their states, undo history, log, archive,
characters, bennies and their history, settings, meta, processed interactions), parents
before the tables that refer to them, in batches with PostgreSQL's binary COPY, all in
one transaction: a copy that fails leaves the target as it was. The SQLite side is read
in one read transaction, a consistent snapshot even if something writes meanwhile (what
is written after the copy starts is not copied: stop the bot first). Before committing,
the row count of every table is compared with the source's; row ids and the identity
sequences follow the source, so new rows continue after the copied ones.

States kept as JSON text (rows from before schema version 4) are packed on the way,
since PostgreSQL keeps states as BYTEA.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.db import DatabaseError, load_migrations, open_database, redact
from bot.storage.packed import pack
from bot.storage.postgres import PostgresDatabase

BATCH = 2000
BOOKKEEPING = {"comodin_schema_version"}  # PostgreSQL's own record of the schema version


@dataclass(frozen=True)
class TableCopy:
    table: str
    source_rows: int
    target_rows: int


async def copy_sqlite_to_postgres(
    source: Path,
    target_url: str,
    *,
    batch: int = BATCH,
    say: Callable[[str], None] = lambda line: None,
) -> list[TableCopy]:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database at
    ``target_url``; return each table's row counts (equal, or this raised)."""
    if not source.is_file():
        raise DatabaseError(f"no SQLite database at {source}")
    opened = await open_database(source)  # brings an older file to the current schema
    await opened.close()
    target = PostgresDatabase(target_url, min_size=1, max_size=2)
    await target.open()
    try:
        await _refuse_foreign_tables(target)
        await target.migrate()
        reader = sqlite3.connect(source, isolation_level=None)
        try:
            reader.execute("BEGIN")  # one snapshot for every table and count
            tables = _tables_in_order(reader)
            async with target.pool.acquire() as conn:
                await _check_target(conn, tables, target.describe())
                async with conn.transaction():
                    for table in tables:
                        rows = await _copy_table(reader, conn, table, batch)
                        say(f"{table}: {rows} rows copied")
                    await _advance_identities(conn, tables)
                    counts = [
                        TableCopy(table, _count(reader, table), await _pg_count(conn, table))
                        for table in tables
                    ]
                    wrong = [c for c in counts if c.source_rows != c.target_rows]
                    if wrong:
                        raise DatabaseError(
                            "row counts differ after the copy, nothing was kept: "
                            + ", ".join(
                                f"{c.table} {c.source_rows} -> {c.target_rows}" for c in wrong
                            )
                        )
            reader.execute("COMMIT")
        finally:
            reader.close()
    finally:
        await target.close()
    return counts


async def _refuse_foreign_tables(target: PostgresDatabase) -> None:
    ours = _schema_tables() | BOOKKEEPING
    rows = await target.fetchall(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    foreign = sorted(r["table_name"] for r in rows if r["table_name"] not in ours)
    if foreign:
        raise DatabaseError(
            f"{target.describe()} is not empty (tables that are not Comodín's: "
            f"{', '.join(foreign[:10])}); copy into a new, empty database"
        )


def _schema_tables() -> set[str]:
    """The tables Comodín's migrations create (read from an in-memory SQLite)."""
    conn = sqlite3.connect(":memory:")
    try:
        for migration in load_migrations():
            conn.executescript(migration.sql)
        return {
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
    finally:
        conn.close()


async def _check_target(conn: asyncpg.Connection, tables: list[str], where: str) -> None:
    present = {
        r["table_name"]
        for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    }
    missing = [t for t in tables if t not in present]
    if missing:
        raise DatabaseError(f"{where} has no table {', '.join(missing)}: schemas differ")
    for table in tables:
        if await conn.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
            raise DatabaseError(
                f"{redact(where)} is not empty (table {table} has rows); db copy only fills "
                "an empty database, so nothing was copied"
            )


def _tables_in_order(reader: sqlite3.Connection) -> list[str]:
    """The source's tables, each after the tables its foreign keys point to."""
    names = [
        name
        for (name,) in reader.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]
    parents = {
        name: {row[2] for row in reader.execute(f'PRAGMA foreign_key_list("{name}")')} - {name}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise DatabaseError(
                f"foreign keys form a cycle among {sorted(set(names) - set(ordered))}"
            )
        ordered.extend(ready)
    return ordered


async def _copy_table(
    reader: sqlite3.Connection, conn: asyncpg.Connection, table: str, batch: int
) -> int:
    columns = await conn.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    names = [c["column_name"] for c in columns]
    source_columns = {row[1] for row in reader.execute(f'PRAGMA table_info("{table}")')}
    unknown = [n for n in names if n not in source_columns and n != "rowid"]
    if unknown:
        raise DatabaseError(f"table {table}: SQLite has no column {', '.join(unknown)}")
    extra = sorted(source_columns - set(names))
    if extra:
        raise DatabaseError(f"table {table}: PostgreSQL has no column {', '.join(extra)}")
    convert = [_converter(c["data_type"]) for c in columns]
    select = ", ".join(f'"{n}"' if n != "rowid" else "rowid" for n in names)
    cursor = reader.execute(f'SELECT {select} FROM "{table}" ORDER BY rowid')
    copied = 0
    for rows in _batches(cursor, batch):
        records = [tuple(f(v) for f, v in zip(convert, row, strict=True)) for row in rows]
        try:
            await conn.copy_records_to_table(table, records=records, columns=names)
        except (asyncpg.PostgresError, asyncpg.DataError) as exc:
            raise DatabaseError(f"copying table {table}: {exc}") from None
        copied += len(records)
    return copied


def _batches(cursor: sqlite3.Cursor, size: int) -> Iterator[list[Any]]:
    while rows := cursor.fetchmany(size):
        yield rows


def _converter(data_type: str) -> Callable[[Any], Any]:
    def bytea(value: Any) -> Any:
        return pack(value) if isinstance(value, str) else value

    def bigint(value: Any) -> Any:
        return int(value) if isinstance(value, str | float) else value

    def text(value: Any) -> Any:
        return value if value is None or isinstance(value, str) else str(value)

    return {"bytea": bytea, "bigint": bigint, "integer": bigint, "text": text}.get(
        data_type, lambda value: value
    )


async def _advance_identities(conn: asyncpg.Connection, tables: list[str]) -> None:
    """Identity columns were given the source's ids: continue their sequences after them."""
    rows = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for row in rows:
        if row["table_name"] not in tables:
            continue
        table, column = row["table_name"], row["column_name"]
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), "
            f'COALESCE(MAX("{column}"), 1), MAX("{column}") IS NOT NULL) FROM "{table}"'
        )


def _count(reader: sqlite3.Connection, table: str) -> int:
    return int(reader.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])


async def _pg_count(conn: asyncpg.Connection, table: str) -> int:
    return int(await conn.fetchval(f'SELECT COUNT(*) FROM "{table}"'))
