"""A write that meets another writer's change is tried again (docs/STORAGE.md, "One
transaction per action, and the version column").

The first try is optimistic: the state as cached (or read), the write checking the
version. If another process changed the encounter meanwhile (``ConcurrentChange``,
nothing written), the cached copy is dropped and the action is tried again on the fresh
state inside one transaction that reads the encounter's row with ``FOR UPDATE`` (on
SQLite, ``BEGIN IMMEDIATE``) and holds it until the write commits: no other writer can
get in between, so a process with a stale copy never overwrites a newer state and its
action is not lost, however busy the other writer is. :data:`ATTEMPTS` tries, then the
user is told to try again (only a row that appears or disappears meanwhile gets that
far).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.encounter.claims import DuplicateInteraction
from bot.errors import UserError
from bot.storage.db import Database, Transaction
from bot.storage.encounters import ConcurrentChange

T = TypeVar("T")
ATTEMPTS = 3

Attempt = Callable[[Transaction | None], Awaitable[T]]


class Retrying:
    """Runs a channel's attempts (under its lock) until one writes; counts the retries
    (``conflicts``: writes that met another writer's change)."""

    def __init__(self, db: Database, forget: Callable[[int], None]) -> None:
        self.db = db
        self.forget = forget
        self.conflicts = 0

    async def run(self, channel_id: int, attempt: Attempt[T]) -> T:
        """``attempt(None)`` first; on a conflict, ``attempt(tx)`` in a transaction that
        holds the row (the module's docstring)."""
        try:
            return await attempt(None)
        except ConcurrentChange:
            self.conflicts += 1
            self.forget(channel_id)
        except DuplicateInteraction:
            # Another process applied this interaction: it wrote this channel since our
            # copy was made (docs/STORAGE.md, "What each process keeps in memory").
            self.forget(channel_id)
            raise
        for _ in range(ATTEMPTS - 1):
            try:
                async with self.db.transaction() as tx:
                    result = await attempt(tx)
                return result
            except ConcurrentChange:
                self.conflicts += 1
                self.forget(channel_id)
            except BaseException:
                # The attempt may have cached what its transaction then did not commit.
                self.forget(channel_id)
                raise
        raise UserError("encounter.busy")


async def commit(
    db: Database, tx: Transaction | None, write: Callable[[Transaction], Awaitable[T]]
) -> T:
    """Run ``write`` in ``tx`` when the attempt holds one, else in a write of its own."""
    return await write(tx) if tx is not None else await db.write(write)
