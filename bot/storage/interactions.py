"""The interactions already applied or answered (``processed_interactions``): each
command is applied once, however many processes receive it (docs/STORAGE.md, "Each
command is applied once"). The first write of an interaction marks it in its own
transaction (:func:`mark`); a second mark finds the row and changes nothing.
"""

from __future__ import annotations

from bot.storage.db import Reader, Transaction

DISCORD_EPOCH_MS = 1_420_070_400_000
KEEP_MS = 60 * 60 * 1000  # interactions expire after 15 minutes; keep an hour
CLEAN_EVERY = 500  # the old rows go once every this many actions of a channel


def snowflake_before(now_ms: int) -> int:
    """The smallest Discord id made at ``now_ms`` (ms since the Unix epoch)."""
    return (now_ms - DISCORD_EPOCH_MS) << 22


async def mark(tx: Transaction, interaction_id: int, channel_id: int) -> bool:
    """Mark the interaction in ``tx``; False when it was marked already (nothing done)."""
    inserted = await tx.execute(
        "INSERT INTO processed_interactions (interaction_id, channel_id) VALUES (?, ?)"
        " ON CONFLICT DO NOTHING",
        (interaction_id, channel_id),
    )
    return inserted != 0


async def forget_before(tx: Transaction, now_ms: int) -> None:
    """Drop the marks of interactions older than :data:`KEEP_MS` (they cannot come
    again: Discord's tokens last 15 minutes)."""
    await tx.execute(
        "DELETE FROM processed_interactions WHERE interaction_id < ?",
        (snowflake_before(now_ms - KEEP_MS),),
    )


async def is_marked(reader: Reader, interaction_id: int) -> bool:
    """Whether the interaction is marked applied or answered."""
    row = await reader.fetchone(
        "SELECT 1 FROM processed_interactions WHERE interaction_id = ?", (interaction_id,)
    )
    return row is not None


async def newest(reader: Reader) -> int:
    """The highest interaction id marked (0 with none)."""
    row = await reader.fetchone("SELECT MAX(interaction_id) AS top FROM processed_interactions")
    return int(row["top"]) if row is not None and row["top"] else 0
