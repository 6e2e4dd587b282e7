"""Each command applied once (docs/STORAGE.md, "Each command is applied once"): the claim
of the interaction whose writes these are.

Discord delivers a server's interactions to every session of its shard, so while a shard
moves between processes (both connected, Discord's hand-off) both receive each one:
whichever writes first marks it in ``processed_interactions`` inside its transaction
(:mod:`bot.storage.interactions`), and the other's write raises
:class:`DuplicateInteraction` and changes nothing. The first committed write of an
interaction marks it; its later writes (the board, the bennies mirror) do not mark it
again. The bot sets one claim per interaction (``ComodinBot.begin_interaction``).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage import interactions
from bot.storage.db import Transaction


class DuplicateInteraction(Exception):
    """This interaction was already applied (a replayed INTERACTION_CREATE, or another
    process that received it too, as while a shard moves: docs/STORAGE.md)."""


@dataclass
class InteractionClaim:
    """The interaction whose writes these are (the module's docstring)."""

    interaction_id: int
    channel_id: int
    claimed: bool = False  # a committed write marked it

    async def mark(self, tx: Transaction, seq: int | None = None) -> None:
        """Mark the interaction in ``tx``; :class:`DuplicateInteraction` if it is marked.
        Every :data:`~bot.storage.interactions.CLEAN_EVERY` actions of a channel (its
        ``seq``), the marks too old to matter go."""
        if not await interactions.mark(tx, self.interaction_id, self.channel_id):
            raise DuplicateInteraction(self.interaction_id)
        if seq is not None and seq % interactions.CLEAN_EVERY == 0:
            await interactions.forget_before(tx, int(datetime.now(UTC).timestamp() * 1000))


# The interaction the running task serves (a ContextVar: tasks it starts inherit it).
current_claim: ContextVar[InteractionClaim | None] = ContextVar("comodin_claim", default=None)


def pending_claim(
    interaction_id: int | None = None, channel_id: int = 0
) -> InteractionClaim | None:
    """The claim a write must mark: the running interaction's, or ``interaction_id``'s when
    given (a caller without the bot's context); None when there is none or it is marked."""
    claim = current_claim.get()
    if interaction_id is not None and (claim is None or claim.interaction_id != interaction_id):
        claim = InteractionClaim(interaction_id, channel_id)
    return None if claim is None or claim.claimed else claim


def committed(claim: InteractionClaim | None) -> None:
    """After the write that marked ``claim`` committed."""
    if claim is not None:
        claim.claimed = True


async def mark(tx: Transaction, claim: InteractionClaim | None, seq: int | None = None) -> None:
    """Mark ``claim`` (when there is one) in ``tx``."""
    if claim is not None:
        await claim.mark(tx, seq)
