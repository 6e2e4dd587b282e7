"""The storage API on both engines (SQLite and PostgreSQL): migrations, the schema
version, transactions that roll back whole; and what only one engine has."""

import asyncio
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.storage.db import (
    Database,
    DatabaseError,
    Transaction,
    Work,
    connect,
    load_migrations,
    open_database,
)
from bot.storage.sqlite import PAGE_SIZE, SqliteDatabase

ROOT = Path(__file__).resolve().parents[2]
NEWEST = load_migrations()[-1].version


async def tables(db: Database) -> set[str]:
    if db.dialect.name == "sqlite":
        sql = "SELECT name FROM sqlite_master WHERE type='table'"
    else:
        sql = "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()"
    return {r["name"] for r in await db.fetchall(sql)}


async def meta_keys(db: Database) -> list[str]:
    return [r["key"] for r in await db.fetchall("SELECT key FROM meta ORDER BY key")]


def put(key: str, value: str = "w") -> Callable[[Transaction], Awaitable[None]]:
    async def work(tx: Transaction) -> None:
        await tx.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))

    return work


async def test_migrations_apply_in_order_and_set_the_version(database: str | Path) -> None:
    db = await open_database(database)
    try:
        assert await db.version() == NEWEST
        assert {
            "encounters",
            "encounter_log",
            "encounter_undo",
            "characters",
            "bennies",
            "guild_settings",
            "processed_interactions",
        } <= await tables(db)
    finally:
        await db.close()


async def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:
        mode = await db.fetchone("PRAGMA journal_mode")
        assert mode[0] == "wal"
        fk = await db.fetchone("PRAGMA foreign_keys")
        assert fk[0] == 1
    finally:
        await db.close()


async def test_a_new_sqlite_file_has_small_pages_and_an_older_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    """Issue 32: WAL writes each changed page whole, so a new file takes SQLite's smallest
    pages, 512 bytes (1 KiB in the issue's second and third rounds); a file made before
    (4 KiB, SQLite's default, or 1 KiB) keeps them and is read and written as before."""
    db = await open_database(tmp_path / "new.sqlite3")
    try:
        assert (await db.fetchone("PRAGMA page_size"))[0] == PAGE_SIZE == 512
        assert (await db.fetchone("PRAGMA wal_autocheckpoint"))[0] == 8000  # 4 MB
    finally:
        await db.close()
    for page, checkpoint in ((4096, 1000), (1024, 4000)):  # 4 MB, whatever the page
        older = tmp_path / f"older-{page}.sqlite3"
        with sqlite3.connect(older) as conn:
            conn.execute(f"PRAGMA page_size={page}")
            conn.execute("CREATE TABLE kept (x)")
            conn.execute("INSERT INTO kept VALUES ('antes')")
        conn.close()
        db = await open_database(older)
        try:
            assert (await db.fetchone("PRAGMA page_size"))[0] == page
            assert (await db.fetchone("PRAGMA wal_autocheckpoint"))[0] == checkpoint
            assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
            await db.write(put("después"))
            assert await meta_keys(db) == ["después"]
            assert (await db.fetchone("SELECT x FROM kept"))[0] == "antes"
        finally:
            await db.close()


async def test_migrating_twice_applies_nothing(database: str | Path) -> None:
    db = await open_database(database)
    try:
        assert await db.migrate() == []
    finally:
        await db.close()


async def test_a_newer_database_refuses_to_open(database: str | Path) -> None:
    db = await open_database(database)
    if isinstance(db, SqliteDatabase):
        await db.conn.execute("PRAGMA user_version = 999")
    else:
        await db.write(lambda tx: tx.execute("UPDATE comodin_schema_version SET version = 999"))
    await db.close()
    with pytest.raises(DatabaseError, match="newer than this"):
        await open_database(database)


async def test_unwritable_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="does not exist"):
        await open_database(tmp_path / "missing-dir" / "c.sqlite3")


async def test_an_unreachable_postgresql_is_a_clear_error_without_the_password() -> None:
    import socket

    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(DatabaseError) as refused:
        await open_database(f"postgresql://comodin:hunter2@127.0.0.1:{port}/nowhere")
    assert "cannot open database postgresql://comodin:***@127.0.0.1" in str(refused.value)
    assert "hunter2" not in str(refused.value)


async def test_failed_transaction_rolls_back(database: str | Path) -> None:
    db = await open_database(database)
    try:
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")
                raise RuntimeError("boom")
        assert await db.fetchone("SELECT * FROM meta WHERE key = 'a'") is None
    finally:
        await db.close()


async def test_write_runs_in_one_transaction_and_rolls_back_on_error(
    database: str | Path,
) -> None:
    db = await open_database(database)
    try:

        async def two_rows(tx: Transaction) -> int:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            return await tx.execute("INSERT INTO meta (key, value) VALUES ('b', '2')") + 6

        assert await db.write(two_rows) == 7

        async def half_then_fail(tx: Transaction) -> None:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('c', '3')")
            raise RuntimeError("boom")

        with pytest.raises(RuntimeError, match="boom"):
            await db.write(half_then_fail)
        assert await meta_keys(db) == ["a", "b"]
        # The connection is usable again (no transaction left open).
        assert await db.write(lambda tx: tx.fetchval("SELECT 1")) == 1
    finally:
        await db.close()


async def test_rows_changed_and_returning_read_the_same_on_both_engines(
    database: str | Path,
) -> None:
    db = await open_database(database)
    try:

        async def work(tx: Transaction) -> tuple[int, int, int, int]:
            session = await tx.fetchval(
                "INSERT INTO benny_sessions (guild_id, scope_id, gm_id, started_at)"
                " VALUES (?, ?, ?, ?) RETURNING id",
                (1, 2, 3, "now"),
            )
            again = await tx.fetchval(
                "INSERT INTO benny_sessions (guild_id, scope_id, gm_id, started_at, ended_at)"
                " VALUES (?, ?, ?, ?, ?) RETURNING id",
                (1, 2, 3, "now", "later"),
            )
            updated = await tx.execute(
                "UPDATE benny_sessions SET gm_id = ? WHERE guild_id = ?", (4, 1)
            )
            ignored = await tx.execute(
                "INSERT INTO meta (key, value) VALUES ('k', 'v') ON CONFLICT DO NOTHING"
            ) + await tx.execute(
                "INSERT INTO meta (key, value) VALUES ('k', 'w') ON CONFLICT DO NOTHING"
            )
            return session, again, updated, ignored

        session, again, updated, inserted = await db.write(work)
        assert again == session + 1
        assert (updated, inserted) == (2, 1)
        rows = await db.fetchall("SELECT id, gm_id FROM benny_sessions ORDER BY id")
        assert [(r["id"], r[1]) for r in rows] == [(session, 4), (again, 4)]
    finally:
        await db.close()


async def test_a_broken_constraint_is_one_error_on_both_engines(database: str | Path) -> None:
    from bot.storage.db import IntegrityError

    db = await open_database(database)
    try:
        await db.write(put("k"))
        with pytest.raises(IntegrityError):
            await db.write(put("k"))
        assert await meta_keys(db) == ["k"]
    finally:
        await db.close()


async def test_sqlite_writes_keep_their_order_and_never_land_inside_an_open_transaction(
    tmp_path: Path,
) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:
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
                async with db.transaction() as tx:
                    await tx.execute("INSERT INTO meta (key, value) VALUES ('t', 'x')")
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


def wal_commits(path: Path) -> int:
    """The commits in a SQLite WAL file (frames whose header gives the size after it)."""
    data = path.with_name(path.name + "-wal").read_bytes()
    page_size = int.from_bytes(data[8:12], "big")
    return sum(
        int.from_bytes(data[at + 4 : at + 8], "big") != 0
        for at in range(32, len(data) - 23, 24 + page_size)
    )


async def queued_together(db: SqliteDatabase, *works: Work[object]) -> list[object]:
    """The outcomes of ``works`` written while the database thread is held busy, so
    they queue together; an exception is its write's outcome."""
    busy, release = threading.Event(), threading.Event()

    def hold() -> None:
        busy.set()
        release.wait(10)

    held = asyncio.ensure_future(db.conn._execute(hold))
    await asyncio.to_thread(busy.wait, 10)
    writes = [asyncio.ensure_future(db.write(work)) for work in works]
    for _ in range(5):
        await asyncio.sleep(0)
    release.set()
    await held
    return await asyncio.gather(*writes, return_exceptions=True)


async def test_sqlite_writes_queued_together_commit_together_and_each_fails_alone(
    tmp_path: Path,
) -> None:
    """Issue 32: writes that queue while the database thread is busy are committed in
    one transaction, each in a savepoint: the one that fails (an exception of its own,
    a broken constraint) loses its rows and raises to its caller; the others are kept."""
    from bot.storage.db import IntegrityError

    path = tmp_path / "c.sqlite3"
    db = await open_database(path)
    assert isinstance(db, SqliteDatabase)
    try:
        await db.write(put("taken"))
        await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")

        async def half_then_fails(tx: Transaction) -> None:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('half', 'w')")
            raise ValueError("mitad")

        outcomes = await queued_together(db, put("uno"), half_then_fails, put("taken"), put("dos"))
        assert outcomes[0] is None and outcomes[3] is None
        assert isinstance(outcomes[1], ValueError) and str(outcomes[1]) == "mitad"
        assert isinstance(outcomes[2], IntegrityError)
        assert await meta_keys(db) == ["dos", "taken", "uno"]
        assert wal_commits(path) == 1, "the four writes queued together: one commit"

        # A write that ends the whole transaction (as SQLite does on a full disk): the
        # group is given up and each write runs again alone, so only that one fails.
        async def ends_it_all(tx: Transaction) -> None:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('todo', 'w')")
            await tx.execute("ROLLBACK")

        outcomes = await queued_together(db, put("tres"), ends_it_all, put("cuatro"))
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], sqlite3.OperationalError)
        assert await meta_keys(db) == ["cuatro", "dos", "taken", "tres", "uno"]
    finally:
        await db.close()


async def test_sqlite_groups_of_queued_writes_are_capped_and_keep_their_order(
    tmp_path: Path,
) -> None:
    """Each write of a group waits for the whole group: at most GROUP_MAX commit
    together, the others in the next groups, in the order they were issued."""
    from bot.storage.sqlite import GROUP_MAX

    path = tmp_path / "c.sqlite3"
    db = await open_database(path)
    assert isinstance(db, SqliteDatabase)
    try:
        await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")
        count = 2 * GROUP_MAX + 3
        outcomes = await queued_together(db, *(put(f"k{i:02}") for i in range(count)))
        assert outcomes == [None] * count
        rows = await db.fetchall("SELECT key FROM meta ORDER BY rowid")
        assert [r["key"] for r in rows] == [f"k{i:02}" for i in range(count)]
        assert wal_commits(path) == 3
    finally:
        await db.close()


async def test_postgresql_writes_on_other_connections_do_not_wait_for_an_open_transaction(
    pg_url: str,
) -> None:
    """Each transaction has its own pooled connection: a write committed while another
    transaction is open is kept when that one rolls back."""
    db = await open_database(pg_url)
    try:
        opened, release = asyncio.Event(), asyncio.Event()

        async def failing_transaction() -> None:
            with pytest.raises(RuntimeError):
                async with db.transaction() as tx:
                    await tx.execute("INSERT INTO meta (key, value) VALUES ('t', 'x')")
                    opened.set()
                    await release.wait()
                    raise RuntimeError("roll back")

        task = asyncio.create_task(failing_transaction())
        await opened.wait()
        await db.write(put("during"))
        release.set()
        await task
        assert await meta_keys(db) == ["during"]
    finally:
        await db.close()


async def test_sqlite_work_must_await_only_its_transaction(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "c.sqlite3")
    try:

        async def sleeps(tx: Transaction) -> None:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something other"):
            await db.write(sleeps)
        with pytest.raises(TypeError, match="async function"):
            await db.write(lambda tx: None)  # type: ignore[arg-type,return-value]
        assert await meta_keys(db) == []
    finally:
        await db.close()


async def test_gap_in_migration_numbers_is_refused(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("CREATE TABLE a (x);")
    (tmp_path / "0003_c.sql").write_text("CREATE TABLE c (x);")
    with pytest.raises(DatabaseError, match="without gaps"):
        load_migrations(tmp_path)


def test_an_install_without_migrations_says_so(tmp_path: Path) -> None:
    """Issue 26: a package that lost its migrations fails in one line, not a traceback."""
    with pytest.raises(
        DatabaseError, match=r"no migrations in .*: this installation is incomplete"
    ):
        load_migrations(tmp_path)


def _cli(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_db_upgrade_and_version(tmp_path: Path) -> None:
    env = {"COMODIN_DB_PATH": str(tmp_path / "x.sqlite3")}
    up = _cli(env, "db", "upgrade", cwd=tmp_path)
    assert up.returncode == 0, up.stderr
    assert f"schema version {NEWEST} (applied: {list(range(1, NEWEST + 1))})" in up.stdout
    version = _cli(env, "db", "version", cwd=tmp_path)
    assert f"schema version {NEWEST} (this Comodín: {NEWEST})" in version.stdout


def test_cli_db_upgrade_and_version_on_postgresql(pg_empty_url: str, tmp_path: Path) -> None:
    env = {"COMODIN_DATABASE_URL": pg_empty_url, "COMODIN_DB_PATH": str(tmp_path / "no.sqlite3")}
    up = _cli(env, "db", "upgrade", cwd=tmp_path)
    assert up.returncode == 0, up.stderr
    assert f"schema version {NEWEST} (applied: {list(range(1, NEWEST + 1))})" in up.stdout
    assert pg_empty_url.rsplit("/", 1)[1] in up.stdout
    version = _cli(env, "db", "version", cwd=tmp_path)
    assert f"schema version {NEWEST} (this Comodín: {NEWEST})" in version.stdout
    assert not (tmp_path / "no.sqlite3").exists(), "the SQLite file is not used"


def test_cli_newer_db_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    result = _cli({"COMODIN_DB_PATH": str(path)}, "db", "upgrade", cwd=tmp_path)
    assert result.returncode == 2
    assert "newer than this" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_unknown_database_url_names_the_variable(tmp_path: Path) -> None:
    result = _cli({"COMODIN_DATABASE_URL": "mysql://x@y/z"}, "db", "version", cwd=tmp_path)
    assert result.returncode == 2
    assert "COMODIN_DATABASE_URL" in result.stderr and "postgresql://" in result.stderr
    assert "Traceback" not in result.stderr


async def test_database_not_open_raises() -> None:
    with pytest.raises(DatabaseError):
        SqliteDatabase(":memory:").conn  # noqa: B018
    with pytest.raises(DatabaseError):
        await connect("postgresql://nobody@127.0.0.1/x").fetchall("SELECT 1")


def test_cli_play_on_postgresql_keeps_the_table_there(pg_url: str, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text('@gm /encounter start system:swade name:"En Postgres"\n')
    env = {"COMODIN_DB_PATH": str(tmp_path / "no.sqlite3")}
    played = _cli(env, "play", "--database", pg_url, "--script", str(script), cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "En Postgres" in played.stdout
    again = _cli(env, "play", "--database", pg_url, "--script", str(script), cwd=tmp_path)
    assert "Ya hay un encuentro" in again.stdout, "the encounter was kept in PostgreSQL"
    wrong = _cli(env, "play", "--database", "mysql://x", "--script", str(script), cwd=tmp_path)
    assert wrong.returncode == 2 and "expected a postgresql://" in wrong.stderr


async def test_sqlite_a_write_refused_before_it_is_queued_is_not_kept_for_later(
    tmp_path: Path,
) -> None:
    """Review of issue 32's group commit: a write whose drain could not be queued (the
    connection closed under it) raises to its caller and leaves nothing waiting that a
    later drain would commit."""
    db = await open_database(tmp_path / "closed.sqlite3")
    assert isinstance(db, SqliteDatabase)
    await db.conn.close()

    async def work(tx: Transaction) -> int:
        return await tx.execute("SELECT 1")

    with pytest.raises(ValueError):
        await db.write(work)
    assert len(db._pending) == 0
