import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.storage.db import Database, DatabaseError, load_migrations, open_database

ROOT = Path(__file__).resolve().parents[2]


async def test_migrations_apply_in_order_and_set_user_version(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:
        assert await db.version() == load_migrations()[-1].version
        tables = {
            r["name"]
            for r in await db.fetchall("SELECT name FROM sqlite_master WHERE type='table'")
        }
        assert {"encounters", "encounter_log", "characters", "bennies", "guild_settings"} <= tables
        mode = await db.fetchone("PRAGMA journal_mode")
        assert mode[0] == "wal"
        fk = await db.fetchone("PRAGMA foreign_keys")
        assert fk[0] == 1
    finally:
        await db.close()


async def test_migrating_twice_applies_nothing(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:
        assert await db.migrate() == []
    finally:
        await db.close()


async def test_newer_database_refuses_to_open(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    with pytest.raises(DatabaseError, match="newer than this"):
        await open_database(path)


async def test_unwritable_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="does not exist"):
        await open_database(tmp_path / "missing-dir" / "c.sqlite3")


async def test_failed_transaction_rolls_back(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:
        with pytest.raises(RuntimeError):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")
                raise RuntimeError("boom")
        assert await db.fetchone("SELECT * FROM meta WHERE key = 'a'") is None
    finally:
        await db.close()


async def test_write_runs_in_one_transaction_and_rolls_back_on_error(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:

        def two_rows(conn: sqlite3.Connection) -> int:
            conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            conn.execute("INSERT INTO meta (key, value) VALUES ('b', '2')")
            return 7

        assert await db.write(two_rows) == 7

        def half_then_fail(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO meta (key, value) VALUES ('c', '3')")
            raise RuntimeError("boom")

        with pytest.raises(RuntimeError, match="boom"):
            await db.write(half_then_fail)
        rows = await db.fetchall("SELECT key FROM meta WHERE key IN ('a', 'b', 'c') ORDER BY key")
        assert [r["key"] for r in rows] == ["a", "b"]
        # The connection is usable again (no transaction left open).
        assert await db.write(lambda conn: conn.execute("SELECT 1").fetchone()[0]) == 1
    finally:
        await db.close()


async def test_writes_keep_their_order_and_never_land_inside_an_open_transaction(
    tmp_path: Path,
) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:

        def put(key: str) -> Callable[[sqlite3.Connection], None]:
            def work(conn: sqlite3.Connection) -> None:
                conn.execute("INSERT INTO meta (key, value) VALUES (?, 'w')", (key,))

            return work

        # Many writes in flight at once are applied in the order they were issued.
        await asyncio.gather(*(db.write(put(f"k{i:02}")) for i in range(50)))
        rows = await db.fetchall("SELECT key FROM meta WHERE value = 'w' ORDER BY rowid")
        assert [r["key"] for r in rows] == [f"k{i:02}" for i in range(50)]

        # A write issued while a multi-statement transaction is open waits for it to end:
        # the transaction's rollback must not take the write with it.
        opened = asyncio.Event()
        release = asyncio.Event()

        async def failing_transaction() -> None:
            with pytest.raises(RuntimeError):
                async with db.transaction() as conn:
                    await conn.execute("INSERT INTO meta (key, value) VALUES ('t', 'x')")
                    opened.set()
                    await release.wait()
                    raise RuntimeError("roll back")

        task = asyncio.create_task(failing_transaction())
        await opened.wait()
        written = asyncio.create_task(db.write(put("during")))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not written.done()
        release.set()
        await asyncio.gather(task, written)
        rows = await db.fetchall("SELECT key FROM meta WHERE key IN ('t', 'during')")
        assert [r["key"] for r in rows] == ["during"]
    finally:
        await db.close()


async def test_gap_in_migration_numbers_is_refused(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("CREATE TABLE a (x);")
    (tmp_path / "0003_c.sql").write_text("CREATE TABLE c (x);")
    with pytest.raises(DatabaseError, match="without gaps"):
        load_migrations(tmp_path)


def test_cli_db_upgrade_and_version(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "COMODIN_DB_PATH": str(tmp_path / "x.sqlite3"),
    }
    up = subprocess.run(
        [sys.executable, "-m", "bot", "db", "upgrade"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert up.returncode == 0, up.stderr
    newest = load_migrations()[-1].version
    assert f"schema version {newest} (applied: {list(range(1, newest + 1))})" in up.stdout
    version = subprocess.run(
        [sys.executable, "-m", "bot", "db", "version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert f"schema version {newest} (this Comodín: {newest})" in version.stdout


def test_cli_newer_db_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "COMODIN_DB_PATH": str(path)}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "db", "upgrade"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "newer than this" in result.stderr
    assert "Traceback" not in result.stderr


async def test_database_not_open_raises() -> None:
    with pytest.raises(DatabaseError):
        Database(":memory:").conn  # noqa: B018
