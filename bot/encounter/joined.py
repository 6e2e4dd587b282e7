"""Work another part does in the same transaction as the next action in a channel: the
bennies ledger pays for a reroll this way, and gives it back with the undo (the benny
and the action are one commit, never one without the other; docs/STORAGE.md)."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Protocol

from bot.encounter.records import ActionRef
from bot.storage.db import Reader, Transaction


class JoinedWrite(Protocol):
    """Work another part (the bennies ledger) does in the same transaction as the next
    action in ``channel_id`` (:func:`joining`): ``prepare`` before the rules run
    (reading with ``reader``: the action's transaction when it holds one, which then
    holds the rows it reads), ``write`` with the action's rows, ``committed`` after.
    ``write`` raising ``ConcurrentChange`` retries the whole action on fresh state; it is
    told which action it belongs to (:class:`~bot.encounter.records.ActionRef`)."""

    channel_id: int

    async def prepare(self, reader: Reader, locked: bool) -> None: ...

    async def write(self, tx: Transaction, action: ActionRef) -> None: ...

    def committed(self) -> None: ...


_joined: ContextVar[JoinedWrite | None] = ContextVar("comodin_joined_write", default=None)


class Joining:
    """``with joining(work): ...`` (a context manager that sets the joined work)."""

    def __init__(self, work: JoinedWrite) -> None:
        self.work = work

    def __enter__(self) -> JoinedWrite:
        self._token = _joined.set(self.work)
        return self.work

    def __exit__(self, *exc: object) -> None:
        _joined.reset(self._token)


def joining(work: JoinedWrite) -> Joining:
    """``with joining(work): ...``: the next action (or undo) in ``work.channel_id``
    inside the block writes ``work`` in its own transaction."""
    return Joining(work)


def take_joined(channel_id: int) -> JoinedWrite | None:
    """The work joined to the next write in ``channel_id``, taken (one write takes it)."""
    joined = _joined.get()
    if joined is None or joined.channel_id != channel_id:
        return None
    _joined.set(None)
    return joined
