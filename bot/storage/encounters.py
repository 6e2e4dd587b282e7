"""The encounters' rows: each channel's running encounter (``encounters``), its stable id
(``encounter_ids``, issue 28), its undo snapshots (``encounter_undo``), its log
(``encounter_log``) and its archive when it ends (``encounter_archive``). The SQL the
encounter service (:mod:`bot.encounter.service`) writes and reads, on both engines
(``?`` placeholders; :mod:`bot.storage.dialect` for where they differ): a third engine
is a new ``Database`` implementation, not an edit here or in the service.

A state is written only if it is still at the ``version`` read (:func:`update_state`,
:func:`delete`): a writer with a stale copy gets :class:`ConcurrentChange` and changes
nothing (docs/STORAGE.md, "One transaction per action, and the version column").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.db import Reader, Row, Transaction
from bot.storage.packed import padded

UNDO_DEPTH = 50  # undo snapshots kept per channel, at least
# ...and up to this many older ones, deleted together when there are that many (issue
# 32: deleting the oldest snapshot at every action wrote 2.5 of an attack's 17 WAL pages
# on SQLite, its table's and index's pages and the free list's, bench.storage --wal).
UNDO_SLACK = 16
# What this process knows of each channel's undo snapshots, in ``tx.known`` (issue 32,
# seventh round): channel id -> (the encounter row's version, how many snapshots the
# channel has at that version), set only once a write of this process that made them so
# has committed. Every write that adds or removes a channel's snapshots writes its
# encounter row at the version read and bumps it (an action, an import, an undo, the
# board message) or deletes it (the end, whose snapshots go with it): so while the row
# is at that version, no other writer, in this process or another, has changed them.
# :func:`snapshot` then knows without a statement whether the oldest must go.
DEPTHS = "encounters.undo_depths"

# An encounter_log row: (created_at, guild_id, channel_id, user_id, kind, version, payload).
LogRow = tuple[str, int | None, int, int, str, int | None, str]


class ConcurrentChange(Exception):
    """Another writer changed the encounter between our read and our write."""


@dataclass(frozen=True)
class Stored:
    """A channel's encounter row as read: its state as stored (packed bytes, or the JSON
    text of an older row), its version and its stable id (None: saved before ids)."""

    state: bytes | str
    version: int
    encounter_id: int | None


@dataclass(frozen=True)
class Snapshot:
    """The newest undo snapshot of a channel: the state before the change, the change's
    ``seq`` (kept as ``version``), what it did and the encounter it was applied to."""

    id: int
    version: int
    summary: str
    state: bytes | str
    encounter_id: int | None


async def read(reader: Reader, channel_id: int, *, hold: bool = False) -> Stored | None:
    """The channel's encounter row; ``hold``: in a transaction, held until it ends
    (``FOR UPDATE``; on SQLite its ``BEGIN IMMEDIATE`` holds the only write lock)."""
    sql = "SELECT state, version, encounter_id FROM encounters WHERE channel_id = ?"
    row = await reader.fetchone(sql + (reader.dialect.for_update if hold else ""), (channel_id,))
    if row is None:
        return None
    return Stored(row["state"], int(row["version"]), row["encounter_id"])


async def read_state(reader: Reader, channel_id: int) -> bytes | str | None:
    """The channel's encounter state as stored, or None."""
    row = await reader.fetchone("SELECT state FROM encounters WHERE channel_id = ?", (channel_id,))
    return row["state"] if row is not None else None


async def new_id(tx: Transaction, channel_id: int, now: str) -> int:
    """A new encounter's stable id (issue 28): never given before, to any channel."""
    return int(
        await tx.fetchval(
            "INSERT INTO encounter_ids (channel_id, created_at) VALUES (?, ?) RETURNING id",
            (channel_id, now),
        )
    )


async def insert(
    tx: Transaction,
    *,
    channel_id: int,
    guild_id: int,
    system: str,
    stored: bytes,
    now: str,
    encounter_id: int,
    definitions: int,
) -> None:
    """The channel's new encounter at version 1 (``IntegrityError`` when it has one).
    No undo snapshot outlives its encounter's row (``ON DELETE CASCADE``): it has none."""
    await tx.execute(
        "INSERT INTO encounters (channel_id, guild_id, system, state, version, created_at,"
        " updated_at, encounter_id, definitions) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)",
        (channel_id, guild_id, system, padded(stored), now, now, encounter_id, definitions),
    )
    _will_know(tx, channel_id, 1, 0)


async def update_state(
    tx: Transaction,
    channel_id: int,
    version: int,
    stored: bytes,
    now: str | None,
    *,
    system: str | None = None,
    encounter_id: int | None = None,
    definitions: int | None = None,
) -> None:
    """Write the channel's state if it is still at ``version`` (and bump it), else raise
    :class:`ConcurrentChange`: the optimistic check every write of a state makes.
    ``system`` and ``encounter_id`` change with an import, or an undo of one;
    ``definitions`` with what the GM defined (issue 28, :func:`others_definitions`);
    None leaves each as it is, and out of the statement: a column named in an
    ``UPDATE`` rewrites its index entry even with the same value (SQLite), so an action
    that defines nothing new touches only the row (issue 32)."""
    sets = ["state = ?", "version = version + 1"]
    params: list[object] = [padded(stored)]
    for column, value in (
        ("updated_at", now),
        ("system", system),
        ("encounter_id", encounter_id),
        ("definitions", definitions),
    ):
        if value is not None:
            sets.append(f"{column} = ?")
            params.append(value)
    changed = await tx.execute(
        f"UPDATE encounters SET {', '.join(sets)} WHERE channel_id = ? AND version = ?",
        (*params, channel_id, version),
    )
    if changed != 1:
        raise ConcurrentChange(channel_id)
    # Its snapshots as they were, at the new version (what this write does to them, after).
    depth = known_depth(tx, channel_id, version)
    _will_know(tx, channel_id, version + 1, depth)


async def delete(tx: Transaction, channel_id: int, version: int) -> None:
    """Remove the channel's encounter if it is still at ``version``."""
    changed = await tx.execute(
        "DELETE FROM encounters WHERE channel_id = ? AND version = ?", (channel_id, version)
    )
    if changed != 1:
        raise ConcurrentChange(channel_id)
    _forget(tx, channel_id)


async def archive(
    tx: Transaction,
    *,
    channel_id: int,
    guild_id: int,
    system: str,
    stored: bytes,
    ended_at: str,
    encounter_id: int | None,
) -> None:
    """Keep an ended encounter's last state."""
    await tx.execute(
        "INSERT INTO encounter_archive (channel_id, guild_id, system, state, ended_at,"
        " encounter_id) VALUES (?, ?, ?, ?, ?, ?)",
        (channel_id, guild_id, system, stored, ended_at, encounter_id),
    )


async def others_definitions(tx: Transaction, guild_id: int, channel_id: int) -> int:
    """What the GM defined (issue 28: ``encounters.definitions``) in the server's
    encounters other than the channel's."""
    found = await tx.fetchval(
        "SELECT COALESCE(SUM(definitions), 0) FROM encounters WHERE guild_id = ?"
        " AND channel_id <> ?",
        (guild_id, channel_id),
    )
    return int(found)


async def log(tx: Transaction, row: LogRow, encounter_id: int | None = None) -> None:
    """Append a log row; ``encounter_id``: the encounter it belongs to (issue 28; None
    for a roll made outside one)."""
    await tx.execute(
        "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind, version,"
        " payload, encounter_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (*row, encounter_id),
    )


async def snapshot(
    tx: Transaction,
    channel_id: int,
    *,
    seq: int,
    summary: str,
    stored: bytes,
    encounter_id: int | None,
    version: int | None = None,
) -> None:
    """Keep the state before an undoable change (the change's ``seq``, what it did, the
    encounter it is of; ``stored``: packed, or packed against the state after it,
    ``bot.storage.packed.pack_against``); the newest :data:`UNDO_DEPTH` are kept, and
    the older ones are deleted together when there are :data:`UNDO_SLACK` of them.

    ``version``: the encounter row's version this transaction wrote it from
    (:func:`update_state`'s). When this process knows how many snapshots the channel
    had then (:data:`DEPTHS`) and there is room for one more, the deleting statement is
    not run (issue 32: it was one of an action's six statements on SQLite, a round trip
    on PostgreSQL); when it does not know, it counts them once, and knows from then.
    Without ``version`` (an import) it deletes as always before, and forgets."""
    await tx.execute(
        "INSERT INTO encounter_undo (channel_id, version, summary, state, encounter_id)"
        " VALUES (?, ?, ?, ?, ?)",
        (channel_id, seq, summary, stored, encounter_id),
    )
    if version is None:  # how many it has is not known here, nor after
        await _trim(tx, channel_id)
        _forget(tx, channel_id)
        return
    depth = known_depth(tx, channel_id, version)
    if depth is None:  # counted once (this one included); then known
        depth = int(
            await tx.fetchval(
                "SELECT COUNT(*) FROM encounter_undo WHERE channel_id = ?", (channel_id,)
            )
        )
        depth -= 1
    if depth + 1 >= UNDO_DEPTH + UNDO_SLACK:
        depth -= await _trim(tx, channel_id)
    _will_know(tx, channel_id, version + 1, depth + 1)


async def _trim(tx: Transaction, channel_id: int) -> int:
    """Delete the channel's snapshots older than the newest :data:`UNDO_DEPTH` if it has
    :data:`UNDO_SLACK` of them; how many went."""
    return await tx.execute(
        "DELETE FROM encounter_undo WHERE channel_id = ? AND id < (SELECT id FROM encounter_undo"
        " WHERE channel_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?) AND EXISTS (SELECT 1 FROM"
        " encounter_undo WHERE channel_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
        (channel_id, channel_id, UNDO_DEPTH - 1, channel_id, UNDO_DEPTH + UNDO_SLACK - 1),
    )


def known_depth(tx: Transaction, channel_id: int, version: int) -> int | None:
    """How many undo snapshots the channel had at ``version`` of its encounter row, if
    this process knows (:data:`DEPTHS`); None if not."""
    known = tx.known.get(DEPTHS, {}).get(channel_id)
    return known[1] if known is not None and known[0] == version else None


def _will_know(tx: Transaction, channel_id: int, version: int, depth: int | None) -> None:
    """Once ``tx`` has committed: the channel has ``depth`` snapshots at ``version`` (or,
    ``depth`` None, it is not known). A later call of the same transaction wins."""
    depths = tx.known.setdefault(DEPTHS, {})
    if depth is None:
        tx.after_commit(lambda: depths.pop(channel_id, None))
    else:
        tx.after_commit(lambda: depths.__setitem__(channel_id, (version, depth)))


def _forget(tx: Transaction, channel_id: int) -> None:
    """The channel's snapshots change in a way not counted here: not known from now, nor
    after ``tx`` commits."""
    tx.known.get(DEPTHS, {}).pop(channel_id, None)
    _will_know(tx, channel_id, 0, None)


async def last_snapshot(reader: Reader, channel_id: int) -> Snapshot | None:
    """The channel's newest undo snapshot, or None."""
    row = await reader.fetchone(
        "SELECT id, version, summary, state, encounter_id FROM encounter_undo"
        " WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    if row is None:
        return None
    return Snapshot(
        int(row["id"]), int(row["version"]), str(row["summary"]), row["state"], row["encounter_id"]
    )


async def restate_snapshot(tx: Transaction, snapshot_id: int, stored: bytes) -> None:
    """Store an undo snapshot's state anew (packed against another state: the service's
    ``acting.rebase``), leaving the rest of its row as it is."""
    await tx.execute("UPDATE encounter_undo SET state = ? WHERE id = ?", (stored, snapshot_id))


async def drop_snapshot(tx: Transaction, snapshot_id: int) -> None:
    """Remove an undo snapshot (the undo that used it)."""
    channel_id = await tx.fetchval(
        "DELETE FROM encounter_undo WHERE id = ? RETURNING channel_id", (snapshot_id,)
    )
    if channel_id is not None:
        _forget(tx, int(channel_id))


async def drop_snapshots(tx: Transaction, channel_id: int) -> int:
    """Remove every undo snapshot of a channel (a chain that cannot be read); how many."""
    dropped = await tx.execute("DELETE FROM encounter_undo WHERE channel_id = ?", (channel_id,))
    _forget(tx, channel_id)
    return dropped


async def newest_log(reader: Reader, channel_id: int, limit: int) -> list[Row]:
    """The channel's newest ``limit`` log rows (every encounter's), newest first."""
    return await reader.fetchall(
        "SELECT created_at, user_id, kind, payload FROM encounter_log WHERE channel_id = ?"
        " ORDER BY id DESC LIMIT ?",
        (channel_id, limit),
    )


async def encounter_log(reader: Reader, channel_id: int, limit: int) -> list[Row]:
    """The newest ``limit`` log rows of the channel's current encounter, newest first:
    those since it started or was imported (rolls made meanwhile included)."""
    return await reader.fetchall(
        "SELECT created_at, user_id, kind, payload FROM encounter_log WHERE channel_id = ? "
        "AND id >= COALESCE((SELECT MAX(id) FROM encounter_log WHERE channel_id = ? "
        "AND kind IN ('encounter.start', 'encounter.import')), 0) ORDER BY id DESC LIMIT ?",
        (channel_id, channel_id, limit),
    )


async def log_since(
    reader: Reader, channel_id: int, after_id: int, since: str, containing: Sequence[str]
) -> list[Row]:
    """The channel's log rows after ``after_id``, made ``since`` then, whose payload
    holds one of ``containing`` (oldest first); none when ``containing`` is empty."""
    if not containing:
        return []
    likes = " OR ".join("payload LIKE ?" for _ in containing)
    return await reader.fetchall(
        "SELECT id, user_id, payload, encounter_id FROM encounter_log WHERE channel_id = ?"
        f" AND id > ? AND created_at >= ? AND ({likes}) ORDER BY id",
        (channel_id, after_id, since, *(f"%{text}%" for text in containing)),
    )
