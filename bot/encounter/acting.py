"""The action path of the encounter service: one rules action applied to a channel's
encounter and what its transaction writes (the new state, the undo snapshot, the log
row, the interaction's claim, the work joined to it and the reminders), and the same
for an import and an ``/undo``. The service (:mod:`bot.encounter.service`) runs these
under the channel's lock and retries them when another writer got in between; the rows
are :mod:`bot.storage.encounters`'s.
"""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.encounter import waiting
from bot.encounter.cache import Entry, Fragments, Lists, encounter_json
from bot.encounter.claims import InteractionClaim, mark
from bot.encounter.joined import JoinedWrite
from bot.encounter.records import ActionRef, dumps, events_json, log_row, now_text
from bot.errors import UserError
from bot.storage import encounters as rows
from bot.storage.db import IntegrityError, Transaction
from bot.storage.encounters import ConcurrentChange, LogRow, Snapshot
from bot.storage.packed import is_delta, pack, unpack_against
from bot.storage.reminders import cancel_channel
from bot.systems import catalogue
from bot.systems.base import Outcome, stored_summary
from bot.systems.bounds import SERVER_DEFINITIONS_MAX
from bot.systems.encounter import Encounter

Write = Callable[[Transaction], Awaitable[Any]]

log = logging.getLogger(__name__)


def definitions(encounter: Encounter) -> int:
    """What the GM defined in ``encounter`` (its system's ``Plugin.definitions``)."""
    return catalogue.plugin(encounter.system).count_definitions(encounter.state)


async def require_server_room(tx: Transaction, encounter: Encounter, defined: int) -> None:
    """Issue 28: the server's encounters keep at most :data:`SERVER_DEFINITIONS_MAX`
    definitions between them (``/power define``, an import); ``defined`` is what
    ``encounter`` would keep. ``bounds.server_definitions`` when it would not fit."""
    others = await rows.others_definitions(tx, encounter.guild_id, encounter.channel_id)
    if others + defined > SERVER_DEFINITIONS_MAX:
        raise UserError(
            "bounds.server_definitions", max=SERVER_DEFINITIONS_MAX, others=others, here=defined
        )


async def insert(tx: Transaction, encounter: Encounter, state_json: str, encounter_id: int) -> None:
    """The channel's new encounter row (``IntegrityError`` when it has one)."""
    now = now_text()
    await rows.insert(
        tx,
        channel_id=encounter.channel_id,
        guild_id=encounter.guild_id,
        system=encounter.system,
        stored=pack(state_json),
        now=now,
        encounter_id=encounter_id,
        definitions=definitions(encounter),
    )


# -- one rules action ---------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One action as the service was asked for it: who, the rules call, the log's
    ``kind`` and ``params``, whether ``/undo`` may undo it, the interaction's claim and
    the work joined to it."""

    user_id: int
    action: Callable[[Encounter, DiceSource], Outcome]
    kind: str
    params: dict[str, Any]
    undoable: bool
    claim: InteractionClaim | None
    joined: JoinedWrite | None


@dataclass(frozen=True)
class Done:
    """An action applied in memory, not yet written: the encounter after it, what the
    rules said, its JSON (and its combatants'), its log row and what the GM defined."""

    encounter: Encounter
    outcome: Outcome
    json: str
    fragments: Fragments
    lists: Lists
    log: LogRow
    defined: int
    defined_before: int  # what the encounter defined before it
    moment: datetime  # when it was applied (what it opened waits from then, issue 27)
    summary: str  # the outcome's summary as stored (the log's, and the undo snapshot's)

    @property
    def more(self) -> bool:
        """It defines more than before: the server's bound is checked."""
        return self.defined > self.defined_before

    def entry(self, packed: bytes, before: Entry) -> Entry:
        """What the cache keeps after the write."""
        return Entry(
            self.encounter, self.json, before.version + 1, self.fragments, packed,
            before.encounter_id, self.lists, self.defined,
        )  # fmt: skip


def _same_json(a: str, b: str) -> bool:
    return bool(json.loads(a) == json.loads(b))


def unchanged(entry: Entry) -> bool:
    """Whether the cached encounter the rules were given is as it was (rules copy before
    they change anything): the tests' check (``checked``), after an action or a refusal."""
    return _same_json(entry.encounter.model_dump_json(), entry.json)


def changed_input(kind: str) -> AssertionError:
    return AssertionError(f"the rules for {kind!r} changed the state they were given")


def apply(entry: Entry, step: Step, dice: DiceProvider, moment: datetime, checked: bool) -> Done:
    """Run ``step``'s rules on the cached encounter with its dice, and make everything
    its transaction writes. ``checked`` (the tests): the encounter the rules were given
    must be unchanged, and the JSON saved must be the encounter's."""
    encounter = entry.encounter
    outcome = step.action(encounter, dice.source(encounter.dice_seed()))
    first = encounter.state.next_id
    if outcome.state.next_id != first:  # it added combatants: their ids (issue 33)
        outcome = outcome.model_copy(update={"added": outcome.state.ids_from(first)})
    if checked and not unchanged(entry):
        raise changed_input(step.kind)
    waits = waiting.waiting_after(
        encounter.waiting,
        outcome.state,
        outcome.offers,
        seq=encounter.seq + 1,
        now=moment,
        checked=checked,
    )
    updated = encounter.model_copy(
        update={
            "state": outcome.state,
            "seq": encounter.seq + 1,
            "offers": outcome.offers,
            "waiting": waits,
        }
    )
    text, fragments, lists = encounter_json(updated, entry.fragments, entry.lists)
    if checked and not _same_json(text, updated.model_dump_json()):
        raise AssertionError(f"the JSON saved after {step.kind!r} is not the encounter's")
    summary = stored_summary(outcome.summary)
    payload = {
        "params": step.params,
        "seed": encounter.dice_seed(),
        "events": events_json(outcome.events),
        "summary": summary,
    }
    log = log_row(updated, step.user_id, step.kind, payload, entry.version + 1)
    if checked:
        payload["events"] = [e.model_dump(mode="json") for e in outcome.events]
        if json.loads(log[-1]) != json.loads(dumps(payload)):
            raise AssertionError(f"the log payload of {step.kind!r} is not its events'")
    defined, defined_before = definitions(updated), entry.defined
    if defined_before is None or checked:  # counted when the entry was made, if it was
        counted = definitions(encounter)
        if defined_before is not None and defined_before != counted:
            raise AssertionError(f"the definitions kept before {step.kind!r} are not its")
        defined_before = counted
    return Done(
        updated, outcome, text, fragments, lists, log, defined, defined_before, moment, summary
    )


def saving(entry: Entry, step: Step, done: Done) -> Callable[[Transaction], Awaitable[bytes]]:
    """The write of an applied action, in one transaction: the claim, the server's bound
    (when it defines more), the state (if still at the version read), the joined work,
    the undo snapshot, the log row and the reminders. Returns the state as stored."""
    before = entry.encounter
    channel_id = before.channel_id
    action = ActionRef(entry.encounter_id, before.seq)
    # Written only when it changes (its index entry is rewritten with it).
    changed = done.defined if done.defined != done.defined_before else None

    async def write(tx: Transaction) -> bytes:
        # Packing here, on SQLite's writer thread, keeps it off the event loop (zstd
        # lets go of the GIL while it compresses).
        packed = pack(done.json)
        await mark(tx, step.claim, done.encounter.seq)
        if done.more:
            await require_server_room(tx, done.encounter, done.defined)
        await rows.update_state(
            tx, channel_id, entry.version, packed, done.log[0], definitions=changed
        )
        if step.joined is not None:
            await step.joined.write(tx, action)
        if step.undoable:
            await rows.snapshot(
                tx,
                channel_id,
                seq=action.seq,
                summary=done.summary or step.kind,
                stored=undo_state(entry),
                encounter_id=action.encounter_id,
                version=entry.version,
            )
        else:
            await rebase(tx, channel_id, entry.json)
        await rows.log(tx, done.log, entry.encounter_id)
        await waiting.follow(tx, before, done.encounter, done.moment, entry.encounter_id)
        return packed

    return write


def undo_state(entry: Entry) -> bytes:
    """The undo snapshot of an action applied to ``entry``: the state before it, as the
    encounter's row stored it (the bytes already made when it was saved), or packed
    when it was read as text (a row from before packing).

    Issue 32, sixth round: a snapshot was packed against the state after its action
    (:func:`bot.storage.packed.pack_against`, about 0.3 KB instead of 1.6), which cost
    each action 0.12-0.15 ms of CPU on SQLite's thread, a tenth of an attack's; whole,
    it costs none, for about 0.75 KB more written to disk a command at 200 commands a
    second (7.8 KB; the issue's bar is 8). Snapshots packed against the state after
    them, written before, still read (:func:`rebase`, :class:`Undoing`)."""
    if entry.packed is None:
        return pack(entry.json)
    return entry.packed


async def rebase(tx: Transaction, channel_id: int, stored: str) -> None:
    """The channel's state as stored changes from ``stored`` without a snapshot of its
    own (an action ``/undo`` skips, the board message, an undo). A snapshot this bot
    writes is whole and reads alone; one an older bot wrote (before issue 32's sixth
    round) is packed against the state stored after it: if the newest is one, it is
    read against ``stored`` and packed alone, so the newest snapshot of a channel
    always reads alone or against the state stored now, which is what
    :class:`Undoing` reads it with (ending the encounter deletes its snapshots with
    it)."""
    newest = await rows.last_snapshot(tx, channel_id)
    if newest is not None and is_delta(newest.state):
        try:
            text = unpack_against(newest.state, stored)
        except zlib.error:
            # ``stored`` is the state as stored (its version was checked first), so the
            # chain was written by a process that does not rebase (an older bot during a
            # deploy): each snapshot reads only through the one above it, so none can be
            # read. The change goes on; the history starts again from it.
            dropped = await rows.drop_snapshots(tx, channel_id)
            log.warning("channel %s: %d unreadable undo snapshots dropped", channel_id, dropped)
            return
        await rows.restate_snapshot(tx, newest.id, pack(text))


# -- an import ----------------------------------------------------------------------------


def replacing(
    encounter: Encounter,
    entry: Entry | None,
    kind: str,
    log: LogRow,
    claim: InteractionClaim | None,
    now: datetime,
) -> Write:
    """The write of ``/encounter import``: a new encounter in the channel (issue 28: a new
    stable id, so nothing kept beside the one it replaces is ever taken for its own), the
    replaced one's undo snapshot, its log row; the replaced one's reminders go."""
    state_json = encounter.model_dump_json()

    async def write(tx: Transaction) -> None:
        await mark(tx, claim)
        encounter_id = await rows.new_id(tx, encounter.channel_id, log[0])
        defined = definitions(encounter)
        if defined:
            await require_server_room(tx, encounter, defined)
        if entry is None:
            try:
                await insert(tx, encounter, state_json, encounter_id)
            except IntegrityError:
                raise ConcurrentChange(encounter.channel_id) from None
        else:
            await _replace_row(tx, encounter, entry, kind, state_json, encounter_id, defined)
        await rows.log(tx, log, encounter_id)
        await cancel_channel(tx, encounter.channel_id)  # the replaced one's reminders
        await waiting.follow(tx, None, encounter, now, encounter_id)

    return write


async def _replace_row(
    tx: Transaction,
    encounter: Encounter,
    entry: Entry,
    kind: str,
    state_json: str,
    encounter_id: int,
    defined: int,
) -> None:
    old = entry.encounter
    await rows.update_state(
        tx,
        encounter.channel_id,
        entry.version,
        pack(state_json),
        now_text(),
        system=encounter.system,
        encounter_id=encounter_id,
        definitions=defined,
    )
    # The replaced state as stored: the snapshot under this one is packed against it.
    await rows.snapshot(
        tx,
        old.channel_id,
        seq=old.seq,
        summary=kind,
        stored=entry.packed if entry.packed is not None else pack(entry.json),
        encounter_id=entry.encounter_id,
    )


# -- an undo ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Undoing:
    """``/undo`` made in memory: the encounter back as the snapshot kept it, which action
    is undone, and whether it is the same encounter as the current one (an undone
    import brings back the one it replaced)."""

    current: Entry
    previous: Encounter
    restored: str  # the snapshot's state as stored, byte for byte
    undone: ActionRef
    same: bool
    now: datetime

    @classmethod
    def of(cls, entry: Entry, snapshot: Snapshot, now: datetime) -> Undoing:
        current = entry.encounter
        # The newest snapshot is packed alone or against the state stored now (rebase).
        restored = unpack_against(snapshot.state, entry.json)
        previous = Encounter.model_validate_json(restored)
        # The action undone was applied to the snapshot's encounter: the current one, or
        # (the undo of an import) the one the import replaced, which comes back.
        undone = ActionRef(snapshot.encounter_id, snapshot.version)
        # Keep the board message and the dice sequence moving forward: past the current
        # seq and the snapshot's own (an import's file may have had a lower one), so no
        # action of an encounter ever has the seq of an earlier one.
        seq = max(current.seq, previous.seq)
        # Issue 27: the same encounter keeps the openings of what still waits (what the
        # undone action opened is gone; what it closed waits again from now); another
        # (an import undone) waits afresh. The reminders setting stays as it is now.
        same = undone.encounter_id == entry.encounter_id
        waits = waiting.waiting_after(
            current.waiting if same else [], previous.state, previous.offers, seq=seq, now=now
        )
        previous = previous.model_copy(
            update={
                "board_message_id": current.board_message_id,
                "seq": seq,
                "waiting": waits,
                "reminders": current.reminders,
            }
        )
        return cls(entry, previous, restored, undone, same, now)

    def saving(
        self,
        snapshot: Snapshot,
        log: LogRow,
        claim: InteractionClaim | None,
        joined: JoinedWrite | None,
    ) -> Write:
        """The write of the undo: the claim, the state back (if still at the version
        read, with the snapshot's encounter id), the snapshot gone, the log row, the
        reminders, and the joined work (given the undone action). The snapshot under it,
        if an older bot packed it against the state it restored, is packed alone
        (:func:`rebase`): the state the undo stores differs from it (the board message,
        the seq and what waits move on)."""
        state_json = self.previous.model_dump_json()
        current, undone, channel_id = self.current, self.undone, self.previous.channel_id

        async def write(tx: Transaction) -> None:
            await mark(tx, claim)
            await rows.update_state(
                tx,
                channel_id,
                current.version,
                pack(state_json),
                log[0],
                encounter_id=undone.encounter_id,
                definitions=definitions(self.previous),
            )
            await rows.drop_snapshot(tx, snapshot.id)
            await rebase(tx, channel_id, self.restored)
            await rows.log(tx, log, undone.encounter_id)
            if not self.same:
                await cancel_channel(tx, channel_id)  # the undone import's reminders
            before = current.encounter if self.same else None
            await waiting.follow(tx, before, self.previous, self.now, undone.encounter_id)
            if joined is not None:
                await joined.write(tx, undone)

        return write
