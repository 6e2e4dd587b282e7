"""``comodin db copy --to postgresql://...`` (issue 20 item 3): a used SQLite database,
with rows in every table, moves into an empty PostgreSQL one whole; the bot then goes on
there as it would have on SQLite; a database that is not empty is refused and left alone."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.bennies import user_key
from bot.play.table import OfflineTable
from bot.storage.copy import copy_sqlite_to_postgres
from bot.storage.db import DatabaseError, open_database
from bot.storage.packed import unpack
from tests.foundation.undo_rows import undo_texts

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "examples" / "bennies.txt"
THREAD = 1_100_000_000_000_000_099
OTHER_CHANNEL = 1_100_000_000_000_000_098


def _documented(option: str) -> str:
    match = re.search(rf'--{option} "?([\d,]+)"?', SCRIPT.read_text("utf-8"))
    assert match
    return match.group(1)


def _table(path: Path, url: str | None = None) -> OfflineTable:
    return OfflineTable(
        db_path=path,
        seed=int(_documented("seed")),
        dice=[int(d) for d in _documented("dice").split(",")],
        database_url=url,
    )


async def _used_database(path: Path) -> None:
    """An SQLite database with rows in every table: the bennies example (encounter,
    characters, a benny session, spends, undo history, log), an ended encounter, a
    server setting, a thread linked to the channel, a meta row, reminders, and an undo snapshot
    still in JSON text as before schema version 4."""
    async with OfflineTable(db_path=path, channel_id=OTHER_CHANNEL) as other:
        await other.run('@dj /encounter start name:"Antes"')
        await other.run("@dj /encounter end")
    async with _table(path) as table:
        for line in SCRIPT.read_text("utf-8").splitlines():
            if line.startswith("@"):
                await table.run(line)
        await table.run("@dj /server language language:en")
        # Issue 27: the reminders of what the encounter waits on (its turn).
        await table.run("@dj /encounter settings setting:reminders value:1h")
        await table.bot.bennies.link(THREAD, table.channel_id)
        await table.bot.db.write(
            lambda tx: tx.execute("INSERT INTO meta (key, value) VALUES ('global_sync_hash', 'x')")
        )
    conn = sqlite3.connect(path)
    with conn:
        # The oldest, whole (issue 32: each is packed against the state after it).
        undo = conn.execute("SELECT id, state FROM encounter_undo ORDER BY id DESC").fetchall()
        (stored,) = conn.execute("SELECT state FROM encounters").fetchone()
        whole = undo_texts(unpack(stored), [state for _, state in undo])
        conn.execute("UPDATE encounter_undo SET state = ? WHERE id = ?", (whole[-1], undo[-1][0]))
    conn.close()


def _counts(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        names = [
            n
            for (n,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {n: conn.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        conn.close()


async def test_every_table_is_copied_and_the_bot_goes_on_on_postgresql(
    tmp_path: Path, pg_empty_url: str
) -> None:
    source = tmp_path / "old.sqlite3"
    await _used_database(source)
    before = _counts(source)
    assert all(before.values()), f"every table has rows to copy: {before}"

    said: list[str] = []
    copied = await copy_sqlite_to_postgres(source, pg_empty_url, batch=7, say=said.append)
    assert {c.table: (c.source_rows, c.target_rows) for c in copied} == {
        table: (rows, rows) for table, rows in before.items()
    }
    assert len(said) == len(before)

    async with _table(tmp_path / "old.sqlite3") as lite, _table(tmp_path / "x", pg_empty_url) as pg:
        for table in (lite, pg):
            assert table.user("dj").is_gm  # the script's GM, as in the source session
        on_sqlite = await lite.bot.encounters.get(lite.channel_id)
        on_postgres = await pg.bot.encounters.get(pg.channel_id)
        assert on_postgres == on_sqlite
        assert await pg.bot.bennies.pools_for_channel(
            pg.channel_id
        ) == await lite.bot.bennies.pools_for_channel(lite.channel_id)
        assert [e.__dict__ for e in await pg.bot.bennies.history(pg.channel_id)] == [
            e.__dict__ for e in await lite.bot.bennies.history(lite.channel_id)
        ]
        assert await pg.bot.bennies.scope_of(THREAD) == pg.channel_id
        assert [c.name for c in await _characters(pg)] == ["Ana", "Bruno"]
        await pg.bot.refresh_guild_settings(pg.guild_id)  # as before every interaction
        assert pg.bot.guild_locales[pg.guild_id] == "en"
        assert await pg.bot.encounters.history(pg.channel_id) == (
            await lite.bot.encounters.history(lite.channel_id)
        )
        # New rows continue after the copied ids, and undo reaches back to the text row.
        reply = (await pg.run("@bruno /bennies spend use:story"))[0]
        assert not reply.ephemeral, reply.text()
        assert (await pg.bot.bennies.pools(pg.channel_id))[user_key(_user(pg, "bruno"))] == 2
        undone = 0
        while not (await pg.run("@dj /undo"))[0].ephemeral:
            undone += 1
        assert undone == before["encounter_undo"]


def _user(table: OfflineTable, name: str) -> int:
    return table.user(name).id


async def _characters(table: OfflineTable) -> list:  # type: ignore[type-arg]
    from bot.storage.characters import CharacterRepository

    repo = CharacterRepository(table.bot.db)
    found = []
    for name in ("ana", "bruno"):
        found += await repo.list(guild_id=table.guild_id, owner_id=_user(table, name))
    return found


async def test_a_database_with_rows_is_refused_and_left_alone(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "old.sqlite3"
    db = await open_database(source)
    await db.write(lambda tx: tx.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')"))
    await db.close()
    target = await open_database(pg_url)
    await target.write(lambda tx: tx.execute("INSERT INTO meta (key, value) VALUES ('z', 'y')"))
    await target.close()
    with pytest.raises(DatabaseError, match=r"is not empty \(table meta has rows\)"):
        await copy_sqlite_to_postgres(source, pg_url)
    conn = await asyncpg.connect(pg_url)
    try:
        assert [tuple(r) for r in await conn.fetch("SELECT key, value FROM meta")] == [("z", "y")]
    finally:
        await conn.close()


async def test_a_database_of_something_else_is_refused(tmp_path: Path, pg_empty_url: str) -> None:
    source = tmp_path / "old.sqlite3"
    await (await open_database(source)).close()
    conn = await asyncpg.connect(pg_empty_url)
    try:
        await conn.execute("CREATE TABLE invoices (id BIGINT)")
    finally:
        await conn.close()
    with pytest.raises(DatabaseError, match="tables that are not Comodín's: invoices"):
        await copy_sqlite_to_postgres(source, pg_empty_url)


def _cli(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_the_command_copies_checks_and_refuses_a_second_time(
    tmp_path: Path, pg_empty_url: str
) -> None:
    source = tmp_path / "comodin.sqlite3"
    await _used_database(source)
    env = {"COMODIN_DB_PATH": str(source)}
    done = _cli(env, "db", "copy", "--to", pg_empty_url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "  encounter_log: " in done.stdout and "rows copied" in done.stdout
    assert f"done: {len(_counts(source))} tables" in done.stdout
    again = _cli(env, "db", "copy", "--to", pg_empty_url, cwd=tmp_path)
    assert again.returncode == 2
    assert "is not empty" in again.stderr and "Traceback" not in again.stderr
    wrong = _cli(env, "db", "copy", "--to", str(tmp_path / "x.sqlite3"), cwd=tmp_path)
    assert wrong.returncode == 2 and "expected a postgresql://" in wrong.stderr
    missing = _cli(
        {}, "db", "copy", "--from", "nowhere.sqlite3", "--to", pg_empty_url, cwd=tmp_path
    )
    assert missing.returncode == 2 and "no SQLite database at nowhere.sqlite3" in missing.stderr
