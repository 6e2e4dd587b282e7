"""Play-by-post reminders as rows (issue 27; the table: ``migrations/0006_reminders.sql``).

A row is one reminder of one thing an encounter waits on: the encounter's stable id, the
decision (``Opened.id``: its key and the action after which it opened), which reminder
(1, then 2, the last) and when it is due. The encounter service plans them in the same
transaction as the change that opened or closed what they remind of
(:func:`plan`, :func:`cancel_channel`); the bot's reminder task finds the due rows of
its shards (:func:`due`), claims each (:func:`claim`: one ``UPDATE ... WHERE claimed_at
IS NULL``, so of two processes exactly one gets it) and sends it. A claimed row is
never claimed again: a reminder is sent once or, if its process dies between the claim
and the send, not at all, never twice.

Times are UTC ISO text (``bot.clock.stamp``), compared as text on both engines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.db import Database, Reader, Row, Transaction


@dataclass(frozen=True)
class Planned:
    """The reminders of one opening: its id and when the first and the last are due."""

    decision: str
    first: str
    last: str


@dataclass(frozen=True)
class Due:
    """A reminder to send now."""

    id: int
    encounter_id: int
    channel_id: int
    guild_id: int
    decision: str
    nth: int
    due_at: str


async def encounter_id(reader: Reader, channel_id: int) -> int | None:
    """The stable id of the channel's running encounter (issue 28: never given to
    another encounter, of this channel or any other); None without one."""
    row = await reader.fetchone(
        "SELECT encounter_id FROM encounters WHERE channel_id = ?", (channel_id,)
    )
    return int(row["encounter_id"]) if row is not None and row["encounter_id"] is not None else None


async def plan(
    tx: Transaction,
    *,
    encounter: int,
    channel_id: int,
    guild_id: int,
    planned: Sequence[Planned],
    reschedule: bool = False,
) -> None:
    """The encounter's reminders are those of ``planned``: rows of any other decision
    go (taken, undone, no longer waited on), and each planned one has its two rows (a
    row already there keeps its due time, and its claim). ``reschedule`` (the delay
    changed): the rows not yet claimed are planned again with the new times."""
    keep = [p.decision for p in planned]
    marks = ", ".join("?" for _ in keep)
    if keep:
        await tx.execute(
            f"DELETE FROM reminders WHERE encounter_id = ? AND decision NOT IN ({marks})",
            (encounter, *keep),
        )
    else:
        await tx.execute("DELETE FROM reminders WHERE encounter_id = ?", (encounter,))
    if reschedule:
        await tx.execute(
            "DELETE FROM reminders WHERE encounter_id = ? AND claimed_at IS NULL", (encounter,)
        )
    for p in planned:
        for nth, due_at in ((1, p.first), (2, p.last)):
            await tx.execute(
                "INSERT INTO reminders (encounter_id, channel_id, guild_id, decision, nth,"
                " due_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (encounter_id, decision, nth) DO NOTHING",
                (encounter, channel_id, guild_id, p.decision, nth, due_at),
            )


async def cancel_channel(tx: Transaction, channel_id: int) -> None:
    """Every reminder of the channel goes (its encounter ended, or another replaced it)."""
    await tx.execute("DELETE FROM reminders WHERE channel_id = ?", (channel_id,))


async def due(
    db: Database,
    now: str,
    *,
    shards: Sequence[int] | None = None,
    shard_count: int = 1,
    limit: int = 100,
) -> list[Due]:
    """The unclaimed reminders due at ``now``, oldest first, of the servers whose shard
    is one of ``shards`` (None: every shard; docs/STORAGE.md "Shards": a server's shard
    is ``(guild_id >> 22) % shard_count``)."""
    where = "claimed_at IS NULL AND due_at <= ?"
    params: list[Any] = [now]
    if shards is not None and shard_count > 1:
        marks = ", ".join("?" for _ in shards)
        where += f" AND ((guild_id >> 22) % ?) IN ({marks})"
        params += [shard_count, *shards]
    rows = await db.fetchall(
        "SELECT id, encounter_id, channel_id, guild_id, decision, nth, due_at FROM reminders"
        f" WHERE {where} ORDER BY due_at, id LIMIT ?",
        (*params, limit),
    )
    return [
        Due(
            id=int(r["id"]),
            encounter_id=int(r["encounter_id"]),
            channel_id=int(r["channel_id"]),
            guild_id=int(r["guild_id"]),
            decision=str(r["decision"]),
            nth=int(r["nth"]),
            due_at=str(r["due_at"]),
        )
        for r in rows
    ]


async def claim(db: Database, reminder_id: int, now: str, by: str) -> bool:
    """Claim a due reminder for this process; False when another process (or an earlier
    pass of this one) claimed it first, or it is gone."""
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE reminders SET claimed_at = ?, claimed_by = ? WHERE id = ?"
            " AND claimed_at IS NULL",
            (now, by, reminder_id),
        )
    return changed == 1


async def mark_sent(db: Database, reminder_id: int, now: str) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE reminders SET sent_at = ? WHERE id = ?", (now, reminder_id))


async def drop(db: Database, reminder_id: int) -> None:
    """A claimed reminder with nothing left to remind of (found stale when sending)."""
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM reminders WHERE id = ?", (reminder_id,))


async def of_channel(db: Database, channel_id: int) -> list[Row]:
    """The channel's reminder rows, by due time (``/encounter settings``, the tests)."""
    return await db.fetchall(
        "SELECT decision, nth, due_at, claimed_at, sent_at FROM reminders"
        " WHERE channel_id = ? ORDER BY due_at, nth",
        (channel_id,),
    )
