"""What the bennies ledger writes inside an encounter action's own transaction
(``EncounterService.joining``, docs/STORAGE.md): a benny spent for the action
(:class:`ActionSpend`), history rows of a change the action makes in the state
(:class:`ActionRecord`), and the rows an ``/undo`` reverses (:class:`ActionUndo`,
:func:`undo_rows`, SW-38). A crash cannot keep the action without them, nor them without
the action."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.bennies.holders import combatant_of
from bot.encounter.service import ActionRef, ConcurrentChange, Reader
from bot.errors import UserError
from bot.storage import bennies as rows
from bot.storage.db import Transaction

if TYPE_CHECKING:
    from bot.bennies.ledger import BennyLedger, Session, Spent

# A history row written with an action: (holder, delta, reason, user id, note, roll_ref).
Row_ = tuple[str, int, str, int | None, str | None, str | None]
Rows = Callable[[], Sequence[Row_]]


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Returned:
    """One history row an ``/undo`` reversed (SW-38): ``wanted`` +1 gives a spent benny
    back, -1 takes a Joker benny back; ``delta`` is what was done (0: the pool was
    already empty); ``left`` the pool now (None for a GM Wild Card's own pool, which
    lives in the encounter state)."""

    holder: str
    delta: int
    wanted: int
    left: int | None


async def write_tagged(
    tx: Transaction, session_id: int, channel_id: int, action: ActionRef | None, row: Row_
) -> int:
    """A history row, tied to ``action`` when given (SW-38); its id."""
    holder, delta, reason, user_id, note, roll_ref = row
    history_id = await rows.write_history(
        tx,
        session_id,
        created_at=now_text(),
        holder=holder,
        delta=delta,
        reason=reason,
        user_id=user_id,
        note=note,
        roll_ref=roll_ref,
    )
    if action is not None:
        await rows.tag(tx, history_id, channel_id, action.encounter_id, action.seq)
    return history_id


async def undo_rows(
    ledger: BennyLedger,
    tx: Transaction,
    session: Session,
    channel_id: int,
    action: ActionRef,
    user_id: int | None,
) -> list[Returned]:
    """Reverse the rows ``action`` made: a benny it spent goes back to the pool it came
    from (reason ``undo.spend``); a Joker benny it gave (SW-33) is taken back
    (``undo.award``; never below zero: one already spent stays spent, and the reply says
    so). A GM Wild Card's own pool is in the encounter state, which the undo restored:
    only its history row is written, so summaries and ``/bennies show`` agree. Only rows
    of ``action``'s own encounter are read (issue 28): an earlier encounter of the
    channel, whose ``seq`` ran over the same numbers, is never touched."""
    changed: list[Returned] = []
    if action.encounter_id is None:
        return changed
    for row in await rows.action_rows(tx, session.id, action.encounter_id, action.seq):
        holder, delta = row["holder"], int(row["delta"])
        own = combatant_of(holder) is not None  # a GM Wild Card's: in the state
        back = -delta if own else await ledger._reverse(tx, session.id, holder, -delta)
        reason = "undo.spend" if delta < 0 else "undo.award"
        if back:
            entry = (holder, back, reason, user_id, None, row["roll_ref"])
            await write_tagged(tx, session.id, channel_id, action, entry)
        await rows.mark_undone(tx, row["id"])
        left = None if own else await rows.count(tx, session.id, holder) or 0
        changed.append(Returned(holder=holder, delta=back, wanted=-delta, left=left))
    return changed


class ActionSpend:
    """One benny spent inside an encounter action's transaction
    (:meth:`BennyLedger.spending`). ``prepare`` reads the pool before the rules run (they
    show what is left); ``write`` spends it only if the pool still holds what was read,
    in a session still open, else the action is tried again on fresh state
    (``ConcurrentChange``: the retry reads the pool's row FOR UPDATE, holding it until
    the commit)."""

    def __init__(
        self,
        session: Session,
        channel_id: int,
        holder: str,
        row: Row_,
        spent: Spent,
    ) -> None:
        self.session = session
        self.channel_id = channel_id
        self.holder = holder
        self.row = row  # its history row, written with the action
        self.expected = 0
        self.done = False
        self.spent = spent

    async def prepare(self, reader: Reader, locked: bool) -> None:
        found = await rows.count(reader, self.session.id, self.holder, hold=locked)
        self.expected = found or 0
        if self.expected <= 0:
            raise UserError("bennies.error.empty", holder=self.holder)
        self.spent.left = self.expected - 1

    async def write(self, tx: Transaction, action: ActionRef) -> None:
        if not await rows.take_one_of(tx, self.session.id, self.holder, self.expected):
            raise ConcurrentChange(self.channel_id)
        history_id = await write_tagged(tx, self.session.id, self.channel_id, action, self.row)
        self.spent.history_id = history_id
        self.spent.action = action

    def committed(self) -> None:
        self.done = True


class ActionRecord:
    """History rows written inside an encounter action's transaction
    (:meth:`BennyLedger.recording`): ``rows`` is called when the action writes."""

    def __init__(self, ledger: BennyLedger, session: Session, channel_id: int, made: Rows) -> None:
        self.ledger = ledger
        self.session = session
        self.channel_id = channel_id
        self.made = made
        self.written: list[Row_] = []

    async def prepare(self, reader: Reader, locked: bool) -> None:
        return None

    async def write(self, tx: Transaction, action: ActionRef) -> None:
        self.written = list(self.made())
        for row in self.written:
            await write_tagged(tx, self.session.id, self.channel_id, action, row)

    def committed(self) -> None:
        for holder, _delta, reason, _user, _note, roll_ref in self.written:
            if roll_ref is not None:
                self.ledger.recorded(self.session.id, holder, reason, roll_ref)


class ActionUndo:
    """The ledger rows of an undone action reversed in the undo's own transaction
    (:meth:`BennyLedger.undoing`); ``changes`` once written."""

    def __init__(
        self, ledger: BennyLedger, session: Session, channel_id: int, user_id: int | None
    ) -> None:
        self.ledger = ledger
        self.session = session
        self.channel_id = channel_id
        self.user_id = user_id
        self.changes: list[Returned] = []

    async def prepare(self, reader: Reader, locked: bool) -> None:
        return None

    async def write(self, tx: Transaction, action: ActionRef) -> None:
        self.changes = await undo_rows(
            self.ledger, tx, self.session, self.channel_id, action, self.user_id
        )

    def committed(self) -> None:
        return None
