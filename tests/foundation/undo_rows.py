"""The undo snapshots of a channel as whole states (for tests that make rows as an older
database had them): the newest reads alone or against the state stored now, each older
one alone or against the state the one above it restores
(``bot.storage.packed.unpack_against``); and a channel's snapshots as the bot stored
them from issue 32's second to its sixth round, each packed against the state after it
(``bot.storage.packed.pack_against``)."""

from collections.abc import Sequence

from bot.storage.db import Database, Transaction
from bot.storage.packed import pack_against, unpack, unpack_against


def undo_texts(stored_now: str, newest_first: Sequence[bytes | str]) -> list[str]:
    """The JSON text each undo row restores, newest first."""
    texts, base = [], stored_now
    for state in newest_first:
        base = unpack_against(state, base)
        texts.append(base)
    return texts


async def as_packed_against_the_state_after(db: Database, channel_id: int) -> int:
    """Rewrite ``channel_id``'s undo snapshots as a bot before issue 32's sixth round
    wrote them: each packed against the state after it (the newest against the state
    stored now). How many it rewrote."""

    async def rewrite(tx: Transaction) -> int:
        stored = await tx.fetchval(
            "SELECT state FROM encounters WHERE channel_id = ?", (channel_id,)
        )
        rows = await tx.fetchall(
            "SELECT id, state FROM encounter_undo WHERE channel_id = ? ORDER BY id DESC",
            (channel_id,),
        )
        after = unpack(stored)
        for (undo_id, _), text in zip(rows, undo_texts(after, [r[1] for r in rows]), strict=True):
            delta = pack_against(text, after)
            await tx.execute("UPDATE encounter_undo SET state = ? WHERE id = ?", (delta, undo_id))
            after = text
        return len(rows)

    return await db.write(rewrite)
