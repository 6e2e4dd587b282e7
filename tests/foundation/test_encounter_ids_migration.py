"""Issue 28: migration 6 gives every running encounter a stable id and ties the rows kept
beside it to it, keeping every row (migrations/0006_encounter_ids.sql). A database at
version 5 with an ended fight and a running one in the same channel, each with a benny
spent at the same ``seq``: after the migration the running encounter's /undo gives its
own benny back and never the ended fight's. On both engines."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bennies import BennyLedger, user_key
from bot.encounter.service import ActionRef
from bot.storage.db import Database, connect, load_migrations
from bot.storage.packed import pack
from tests import postgres

CHANNEL, GUILD, GM, ANA = 500, 1, 10, 11
EARLIER, RUNNING = "2026-01-01T10:00:00.000+00:00", "2026-01-01T12:00:00.000+00:00"


@pytest.fixture
async def at_version_5(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Database]:
    server: postgres.Server | None = None
    target: str | Path = tmp_path / "old.sqlite3"
    if engine == "postgresql":
        server = request.getfixturevalue("postgres_server")
        if server is None:
            pytest.skip("no PostgreSQL")
        target = await server.create(migrated=False)
    db = connect(target)
    await db.open()
    await db.migrate(load_migrations()[:5])
    try:
        yield db
    finally:
        await db.close()
        if server is not None:
            await server.drop(str(target))


async def _fill(db: Database) -> None:
    """An ended fight and the running one in CHANNEL, a session, a spend of each at
    ``seq`` 3 (the old rows: channel and seq only), and an undo snapshot."""
    async with db.transaction() as tx:
        for at, kind in (
            (EARLIER, "encounter.start"),
            ("2026-01-01T11:00:00.000+00:00", "encounter.end"),
            (RUNNING, "encounter.start"),
        ):
            await tx.execute(
                "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind,"
                " payload) VALUES (?, ?, ?, ?, ?, '{}')",
                (at, GUILD, CHANNEL, GM, kind),
            )
        state = pack(
            '{"channel_id": 500, "guild_id": 1, "gm_id": 10, "state": {"system": "swade"}}'
        )
        await tx.execute(
            "INSERT INTO encounters (channel_id, guild_id, system, state, created_at,"
            " updated_at) VALUES (?, ?, 'swade', ?, ?, ?)",
            (CHANNEL, GUILD, state, RUNNING, RUNNING),
        )
        await tx.execute(
            "INSERT INTO encounter_undo (channel_id, version, summary, state)"
            " VALUES (?, 3, 'x', ?)",
            (CHANNEL, state),
        )
        session = await tx.fetchval(
            "INSERT INTO benny_sessions (guild_id, scope_id, gm_id, started_at)"
            " VALUES (?, ?, ?, ?) RETURNING id",
            (GUILD, CHANNEL, GM, EARLIER),
        )
        await tx.execute(
            "INSERT INTO bennies (session_id, holder, count) VALUES (?, ?, 1)",
            (session, user_key(ANA)),
        )
        for at in ("2026-01-01T10:30:00.000+00:00", "2026-01-01T12:30:00.000+00:00"):
            await tx.execute(
                "INSERT INTO benny_history (session_id, created_at, holder, delta, reason,"
                " user_id, channel_id, action_seq) VALUES (?, ?, ?, -1, 'spend.card', ?, ?, 3)",
                (session, at, user_key(ANA), ANA, CHANNEL),
            )


async def test_migration_6_ties_the_running_encounters_rows_to_it(at_version_5: Database) -> None:
    db = at_version_5
    await _fill(db)
    assert await db.migrate() == [m.version for m in load_migrations()[5:]]
    running = await db.fetchone("SELECT encounter_id FROM encounters WHERE channel_id = ?", (500,))
    assert running is not None and running["encounter_id"] is not None
    encounter_id = running["encounter_id"]
    rows = await db.fetchall(
        "SELECT created_at, encounter_id, action_seq FROM benny_history ORDER BY id"
    )
    assert [(r["encounter_id"], r["action_seq"]) for r in rows] == [
        (None, 3),  # the ended fight's: kept, no /undo reaches it any more
        (encounter_id, 3),
    ]
    undo = await db.fetchone("SELECT encounter_id FROM encounter_undo", ())
    assert undo is not None and undo["encounter_id"] == encounter_id
    ledger = BennyLedger(db)
    returned = await ledger.undo_action(CHANNEL, ActionRef(encounter_id, 3), user_id=GM)
    assert [(r.holder, r.delta) for r in returned] == [(user_key(ANA), 1)]  # once, not twice
    assert (await ledger.pools(CHANNEL))[user_key(ANA)] == 2
    new = await db.write(
        lambda tx: tx.fetchval(
            "INSERT INTO encounter_ids (channel_id, created_at) VALUES (?, ?) RETURNING id",
            (CHANNEL, RUNNING),
        )
    )
    assert new > encounter_id  # the next encounter's id is new
