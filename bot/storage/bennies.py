"""The bennies' rows (SW-33, SW-35, SW-38): sessions per scope (``benny_sessions``), a
thread's link to its parent channel (``benny_channels``), the pools (``bennies``), their
history (``benny_history``) and the Joker cursor of each session and channel
(``benny_log_cursor``). The SQL the bennies ledger (:mod:`bot.bennies.ledger`) writes and
reads, on both engines (``?`` placeholders; :mod:`bot.storage.dialect` for where they
differ).

What holds under concurrency (docs/STORAGE.md): ``count = count - 1 WHERE count > 0``
spends one benny once; the Joker cursor and the history rows an undo reverses are read
``FOR UPDATE`` (:func:`cursor`, :func:`action_rows`), so two processes award each Joker
once and give each benny back once; a second open session meets the unique index
``benny_sessions_one_open`` (``IntegrityError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from bot.storage.db import Reader, Row, Transaction


@dataclass(frozen=True)
class SessionRow:
    """A session as stored."""

    id: int
    guild_id: int
    scope_id: int
    gm_id: int
    started_at: str
    ended_at: str | None


@dataclass(frozen=True)
class HistoryRow:
    """One gain or spend as stored (``delta`` > 0 gained, < 0 spent)."""

    id: int
    created_at: str
    holder: str
    delta: int
    reason: str
    note: str | None
    user_id: int | None
    roll_ref: str | None


R = TypeVar("R", SessionRow, HistoryRow)


def _read(kind: type[R], row: Row) -> R:
    """A row as its dataclass, field by field (the columns of the same names)."""
    return kind(**{name: row[name] for name in kind.__dataclass_fields__})


def _session(row: Row | None) -> SessionRow | None:
    return _read(SessionRow, row) if row is not None else None


# -- scopes -----------------------------------------------------------------------------


async def link(tx: Transaction, channel_id: int, scope_id: int) -> None:
    """``channel_id`` (a thread) shares ``scope_id``'s session."""
    await tx.execute(
        "INSERT INTO benny_channels (channel_id, scope_id) VALUES (?, ?) "
        "ON CONFLICT (channel_id) DO UPDATE SET scope_id = excluded.scope_id",
        (channel_id, scope_id),
    )


async def linked_scope(reader: Reader, channel_id: int) -> int | None:
    """The channel ``channel_id`` is linked to, if any."""
    row = await reader.fetchone(
        "SELECT scope_id FROM benny_channels WHERE channel_id = ?", (channel_id,)
    )
    return int(row["scope_id"]) if row is not None else None


# -- sessions ---------------------------------------------------------------------------


async def open_session(reader: Reader, scope_id: int) -> SessionRow | None:
    """The open session of ``scope_id``."""
    return _session(
        await reader.fetchone(
            "SELECT * FROM benny_sessions WHERE scope_id = ? AND ended_at IS NULL", (scope_id,)
        )
    )


async def open_session_of(reader: Reader, channel_id: int) -> SessionRow | None:
    """The open session of the channel's scope (its stored link, else itself), in one
    read."""
    return _session(
        await reader.fetchone(
            "SELECT * FROM benny_sessions WHERE ended_at IS NULL AND scope_id = COALESCE("
            "(SELECT scope_id FROM benny_channels WHERE channel_id = ?), ?)",
            (channel_id, channel_id),
        )
    )


async def last_session(reader: Reader, scope_id: int) -> SessionRow | None:
    """The open session of ``scope_id``, else its most recent ended one."""
    return _session(
        await reader.fetchone(
            "SELECT * FROM benny_sessions WHERE scope_id = ? "
            "ORDER BY ended_at IS NULL DESC, id DESC LIMIT 1",
            (scope_id,),
        )
    )


async def start_session(
    tx: Transaction, *, guild_id: int, scope_id: int, gm_id: int, now: str
) -> int | None:
    """A new open session of ``scope_id``, its id; None when one is open
    (``IntegrityError`` when another process opened one since the check)."""
    already = await tx.fetchone(
        "SELECT 1 FROM benny_sessions WHERE scope_id = ? AND ended_at IS NULL", (scope_id,)
    )
    if already is not None:
        return None
    return int(
        await tx.fetchval(
            "INSERT INTO benny_sessions (guild_id, scope_id, gm_id, started_at) "
            "VALUES (?, ?, ?, ?) RETURNING id",
            (guild_id, scope_id, gm_id, now),
        )
    )


async def end_session(tx: Transaction, session_id: int, now: str) -> None:
    await tx.execute(
        "UPDATE benny_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
        (now, session_id),
    )


async def hand_over(tx: Transaction, session_id: int, gm_id: int) -> bool:
    """The open session's GM becomes ``gm_id``; False when it is not open."""
    changed = await tx.execute(
        "UPDATE benny_sessions SET gm_id = ? WHERE id = ? AND ended_at IS NULL",
        (gm_id, session_id),
    )
    return changed == 1


# -- pools ------------------------------------------------------------------------------


async def pools(reader: Reader, session_id: int) -> dict[str, int]:
    """Every pool of the session, in the order they were made."""
    rows = await reader.fetchall(
        "SELECT holder, count FROM bennies WHERE session_id = ? ORDER BY rowid", (session_id,)
    )
    return {r["holder"]: int(r["count"]) for r in rows}


async def players(reader: Reader, session_id: int) -> list[str]:
    """The players' pools of the session, in the order they were made."""
    rows = await reader.fetchall(
        "SELECT holder FROM bennies WHERE session_id = ? AND holder LIKE 'user:%' ORDER BY rowid",
        (session_id,),
    )
    return [r["holder"] for r in rows]


async def count(reader: Reader, session_id: int, holder: str, *, hold: bool = False) -> int | None:
    """The pool's bennies (None without a pool); ``hold``: its row held until the
    reader's transaction ends."""
    sql = "SELECT count FROM bennies WHERE session_id = ? AND holder = ?"
    row = await reader.fetchone(
        sql + (reader.dialect.for_update if hold else ""), (session_id, holder)
    )
    return int(row["count"]) if row is not None else None


async def add(tx: Transaction, session_id: int, holder: str, bennies: int) -> None:
    """``bennies`` more in the pool (made when it has none)."""
    await tx.execute(
        "INSERT INTO bennies (session_id, holder, count) VALUES (?, ?, ?) "
        "ON CONFLICT (session_id, holder) DO UPDATE SET count = bennies.count + excluded.count",
        (session_id, holder, bennies),
    )


async def open_pool(tx: Transaction, session_id: int, holder: str, bennies: int) -> bool:
    """A new pool of ``bennies``; False when the holder has one already (untouched)."""
    made = await tx.execute(
        "INSERT INTO bennies (session_id, holder, count) VALUES (?, ?, ?) "
        "ON CONFLICT (session_id, holder) DO NOTHING",
        (session_id, holder, bennies),
    )
    return made == 1


async def take_one(tx: Transaction, session_id: int, holder: str) -> bool:
    """One benny out of the pool; False when it has none."""
    spent = await tx.execute(
        "UPDATE bennies SET count = count - 1 WHERE session_id = ? AND holder = ? AND count > 0",
        (session_id, holder),
    )
    return spent == 1


async def take_one_of(tx: Transaction, session_id: int, holder: str, expected: int) -> bool:
    """One benny out of a pool still holding ``expected``, in a session still open;
    False otherwise (nothing changed)."""
    spent = await tx.execute(
        "UPDATE bennies SET count = count - 1 WHERE session_id = ? AND holder = ? "
        "AND count = ? AND EXISTS (SELECT 1 FROM benny_sessions WHERE id = ? "
        "AND ended_at IS NULL)",
        (session_id, holder, expected, session_id),
    )
    return spent == 1


async def take(tx: Transaction, session_id: int, holder: str, bennies: int) -> bool:
    """``bennies`` out of the pool if it holds that many; False otherwise."""
    taken = await tx.execute(
        "UPDATE bennies SET count = count - ? WHERE session_id = ? AND holder = ? AND count >= ?",
        (bennies, session_id, holder, bennies),
    )
    return taken == 1


async def give_back(tx: Transaction, session_id: int, holder: str, history_id: int) -> None:
    """A spend made on its own undone: its benny back and its history row gone."""
    await tx.execute(
        "UPDATE bennies SET count = count + 1 WHERE session_id = ? AND holder = ?",
        (session_id, holder),
    )
    await tx.execute("DELETE FROM benny_history WHERE id = ?", (history_id,))


# -- history ----------------------------------------------------------------------------


async def write_history(
    tx: Transaction,
    session_id: int,
    *,
    created_at: str,
    holder: str,
    delta: int,
    reason: str,
    user_id: int | None,
    note: str | None = None,
    roll_ref: str | None = None,
) -> int:
    """A history row; its id."""
    history_id = await tx.fetchval(
        "INSERT INTO benny_history "
        "(session_id, created_at, holder, delta, reason, user_id, roll_ref, note) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (session_id, created_at, holder, delta, reason, user_id, roll_ref, note),
    )
    return int(history_id)


async def tag(
    tx: Transaction, history_id: int, channel_id: int, encounter_id: int | None, seq: int
) -> None:
    """Tie a history row to the encounter action it belongs to (SW-38, issue 28)."""
    await tx.execute(
        "UPDATE benny_history SET channel_id = ?, encounter_id = ?, action_seq = ? WHERE id = ?",
        (channel_id, encounter_id, seq, history_id),
    )


async def history(reader: Reader, session_id: int, limit: int) -> list[HistoryRow]:
    """The session's newest ``limit`` history rows, newest first."""
    rows = await reader.fetchall(
        "SELECT * FROM benny_history WHERE session_id = ? ORDER BY id DESC LIMIT ?",
        (session_id, limit),
    )
    return [_read(HistoryRow, r) for r in rows]


async def has_history(
    reader: Reader, session_id: int, holder: str, reason: str, roll_ref: str
) -> bool:
    """Whether the session has a (holder, reason, roll_ref) row."""
    row = await reader.fetchone(
        "SELECT 1 FROM benny_history WHERE session_id = ? AND holder = ? AND reason = ? "
        "AND roll_ref = ?",
        (session_id, holder, reason, roll_ref),
    )
    return row is not None


async def action_rows(tx: Transaction, session_id: int, encounter_id: int, seq: int) -> list[Row]:
    """The rows an encounter action made that no undo reversed yet, held until ``tx``
    ends (FOR UPDATE: an undo of the same action at the same time, by another process,
    waits, then finds them undone)."""
    return await tx.fetchall(
        "SELECT id, holder, delta, roll_ref FROM benny_history WHERE session_id = ? "
        "AND encounter_id = ? AND action_seq = ? AND undone = 0 AND reason NOT LIKE "
        "'undo.%' ORDER BY id" + tx.dialect.for_update,
        (session_id, encounter_id, seq),
    )


async def mark_undone(tx: Transaction, history_id: int) -> None:
    await tx.execute("UPDATE benny_history SET undone = 1 WHERE id = ?", (history_id,))


# -- SW-33: the Joker cursor ------------------------------------------------------------


async def cursor(tx: Transaction, session_id: int, channel_id: int) -> int:
    """The last log row read for Joker awards in the channel, with its cursor row held
    until ``tx`` ends (made at 0 when the channel has none yet), so two collections at
    once read each log row once."""
    query = (
        "SELECT last_log_id FROM benny_log_cursor WHERE session_id = ? AND channel_id = ?"
        + tx.dialect.for_update
    )
    row = await tx.fetchone(query, (session_id, channel_id))
    if row is None:
        await tx.execute(
            "INSERT INTO benny_log_cursor (session_id, channel_id, last_log_id) "
            "VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
            (session_id, channel_id),
        )
        row = await tx.fetchone(query, (session_id, channel_id))
    return int(row["last_log_id"]) if row else 0


async def move_cursor(tx: Transaction, session_id: int, channel_id: int) -> None:
    """The cursor past the channel's newest log row."""
    await tx.execute(
        "INSERT INTO benny_log_cursor (session_id, channel_id, last_log_id) "
        "SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), COALESCE(MAX(id), 0) "
        "FROM encounter_log WHERE channel_id = ? "
        "ON CONFLICT (session_id, channel_id) DO UPDATE SET last_log_id = excluded.last_log_id",
        (session_id, channel_id, channel_id),
    )
