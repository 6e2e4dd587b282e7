"""The encounter service (DESIGN.md): load a channel's encounter under its lock, apply one
rules action, save the new state, the undo snapshot and the log in one transaction.

Rules functions are pure (``bot.systems``); the service gives each action its own dice
source seeded with ``Encounter.dice_seed()`` so the log can be replayed, and bumps the
optimistic ``version`` column. Nothing here talks to Discord.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol, TypeVar

import orjson

from bot.clock import Clock, SystemClock
from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.encounter import waiting
from bot.errors import UserError
from bot.storage.db import Database, IntegrityError, Row, Transaction
from bot.storage.dialect import Dialect
from bot.storage.packed import pack, unpack
from bot.storage.reminders import cancel_channel
from bot.systems import catalogue
from bot.systems.base import Outcome, stored_summary
from bot.systems.bounds import ENCOUNTER_NAME_MAX, SERVER_DEFINITIONS_MAX
from bot.systems.common import plain_items, raw_items
from bot.systems.encounter import Encounter
from bot.systems.plain_names import plain_name

UNDO_DEPTH = 50
CACHE_SIZE = 128  # encounters kept parsed in memory (the busiest channels)
# Tries of a write that meets another writer's change (another process writing the same
# channel, as while a shard moves): the first without locks; the others read the state
# afresh holding its row until the write commits (EncounterService._retrying).
ATTEMPTS = 3

RulesAction = Callable[[Encounter, DiceSource], Outcome]
T = TypeVar("T")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class ActionRef:
    """Which encounter action a row kept outside the state belongs to (issue 28): the
    encounter's stable id (``encounter_ids``: never reused, unlike the channel, whose
    ``seq`` starts again with each encounter) and its ``seq`` before the action. None:
    an encounter saved before ids existed and not running when they came (no row of it
    is ever matched)."""

    encounter_id: int | None
    seq: int


@dataclass(frozen=True)
class Undone:
    """What ``/undo`` undid: its summary as stored (an event's JSON, or older rows' plain
    text: ``bot.systems.base.read_summary``), the action (the encounter it was applied to
    and its ``seq`` before it: what the undo snapshot keeps as ``version``) and the
    system."""

    summary: str
    action: ActionRef
    system: str


class ConcurrentChange(Exception):
    """Another writer changed the encounter between our read and our write."""


class DuplicateInteraction(Exception):
    """This interaction was already applied (a replayed INTERACTION_CREATE, or another
    process that received it too, as while a shard moves: docs/STORAGE.md)."""


DISCORD_EPOCH_MS = 1_420_070_400_000
KEEP_PROCESSED_MS = 60 * 60 * 1000  # interactions expire after 15 minutes; keep an hour


def _snowflake_before(now_ms: int) -> int:
    return (now_ms - DISCORD_EPOCH_MS) << 22


@dataclass
class InteractionClaim:
    """The interaction whose writes these are. Discord delivers a server's interactions to
    every session of its shard, so while a shard moves between processes (both connected,
    Discord's hand-off) both receive each one: whichever writes first marks it in
    ``processed_interactions`` inside its transaction, and the other's write raises
    :class:`DuplicateInteraction` and changes nothing. The first committed write of an
    interaction marks it; its later writes (the board, the bennies mirror) do not mark
    it again. The bot sets one per interaction (``ComodinBot.begin_interaction``)."""

    interaction_id: int
    channel_id: int
    claimed: bool = False  # a committed write marked it

    async def mark(self, tx: Transaction, seq: int | None = None) -> None:
        """Mark the interaction in ``tx``; :class:`DuplicateInteraction` if it is marked."""
        await _mark_processed(tx, self.interaction_id, self.channel_id, seq)


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


class Reader(Protocol):
    """What reads a row: the database, or an open transaction."""

    dialect: Dialect

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


class JoinedWrite(Protocol):
    """Work another part (the bennies ledger) does in the same transaction as the next
    action in ``channel_id`` (:meth:`EncounterService.joining`): ``prepare`` before the
    rules run (reading with ``reader``: the action's transaction when it holds one, which
    then holds the rows it reads), ``write`` with the action's rows, ``committed`` after.
    ``write`` raising :class:`ConcurrentChange` retries the whole action on fresh state;
    it is told which action it belongs to (:class:`ActionRef`)."""

    channel_id: int

    async def prepare(self, reader: Reader, locked: bool) -> None: ...

    async def write(self, tx: Transaction, action: ActionRef) -> None: ...

    def committed(self) -> None: ...


_joined: ContextVar[JoinedWrite | None] = ContextVar("comodin_joined_write", default=None)


Fragments = dict[int, tuple[Any, str]]  # id(combatant) -> (combatant, its JSON)


class Entry(NamedTuple):
    """A channel's encounter as this process holds it."""

    encounter: Encounter
    json: str
    version: int
    fragments: Fragments
    packed: bytes | None  # the JSON as stored, when known
    encounter_id: int | None  # its stable id (issue 28, :class:`ActionRef`)


def encounter_json_reusing(encounter: Encounter, previous: Fragments) -> tuple[str, Fragments]:
    """The encounter's JSON, reusing the JSON of each combatant the action left untouched.

    Rules copy the state on write (:class:`bot.systems.common.CowList`): a combatant the
    action never reached is the very object of the state before, whose JSON is in
    ``previous``. Only the touched ones (two or three of a dozen in a turn) and the rest
    of the state are serialized. The state is then committed: its combatants become a
    plain list again (nothing in it is shared any more). Returns the JSON and the
    fragments to reuse next time. The JSON parses to the same encounter as
    ``model_dump_json()`` (tests check it after every action); only the key order differs.
    """
    state = encounter.state
    fragments: Fragments = {}
    parts: list[str] = []
    for combatant in raw_items(state.combatants):
        known = previous.get(id(combatant))
        text = known[1] if known is not None and known[0] is combatant else None
        if text is None:
            text = combatant.model_dump_json()
        fragments[id(combatant)] = (combatant, text)
        parts.append(text)
    state.__dict__["combatants"] = plain_items(state.combatants)
    envelope = encounter.model_dump_json(exclude={"state"})
    rest = state.model_dump_json(exclude={"combatants"})
    text = f'{envelope[:-1]},"state":{rest[:-1]},"combatants":[{",".join(parts)}]}}}}'
    return text, fragments


class EncounterService:
    # Tests turn this on: after every action, the encounter the rules were given must be
    # unchanged (rules copy before they change anything; the cached copy is shared).
    check_inputs_unchanged = False

    def __init__(self, db: Database, dice: DiceProvider, clock: Clock | None = None) -> None:
        self.db = db
        self.dice = dice
        # When what the encounter waits on opened, and its reminders (issue 27).
        self.clock: Clock = clock or SystemClock()
        self._locks: dict[int, asyncio.Lock] = {}
        # The latest (encounter, its JSON, version, its combatants' JSON) per channel.
        # This process is meant to be the only writer of its channels; if another wrote,
        # the version check of every write fails, the entry is dropped and the write
        # retried from the database (:meth:`_retrying`).
        self._cache: OrderedDict[int, Entry] = OrderedDict()
        self.conflicts = 0  # writes that met another writer's change and were retried

    async def _retrying(
        self, channel_id: int, attempt: Callable[[Transaction | None], Awaitable[T]]
    ) -> T:
        """Run ``attempt`` (under the channel's lock) so that its write meets no change by
        another writer. The first try is optimistic: the state as cached (or read), the
        write checking the version. If another process changed the encounter meanwhile
        (:class:`ConcurrentChange`, nothing written), the cached copy is dropped and the
        action is tried again on the fresh state inside one transaction that reads the
        encounter's row with ``FOR UPDATE`` (on SQLite, ``BEGIN IMMEDIATE``) and holds it
        until the write commits: no other writer can get in between, so a process with
        a stale copy never overwrites a newer state and its action is not lost, however
        busy the other writer is. :data:`ATTEMPTS` tries, then the user is told to try
        again (only a row that appears or disappears meanwhile gets that far)."""
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

    async def _commit(
        self, tx: Transaction | None, write: Callable[[Transaction], Awaitable[T]]
    ) -> T:
        """Run ``write`` in ``tx`` when the attempt holds one, else in a write of its own."""
        return await write(tx) if tx is not None else await self.db.write(write)

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- reading ----------------------------------------------------------------------

    async def get(self, channel_id: int) -> Encounter | None:
        """The channel's encounter (shared: never mutate it; rules copy before changing)."""
        entry = await self._load(channel_id)
        return entry.encounter if entry else None

    def _remember(self, channel_id: int, entry: Entry) -> None:
        """Keep the most recently used encounters only (memory stays flat with many
        live encounters; a miss costs one read and parse)."""
        self._cache[channel_id] = entry
        self._cache.move_to_end(channel_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def _load(self, channel_id: int, tx: Transaction | None = None) -> Entry | None:
        """The cached entry, else the row; in ``tx``, the row itself, held until ``tx``
        ends (see :meth:`_retrying`)."""
        if tx is not None:
            row = await tx.fetchone(
                "SELECT state, version, encounter_id FROM encounters WHERE channel_id = ?"
                + tx.dialect.for_update,
                (channel_id,),
            )
        else:
            entry = self._cache.get(channel_id)
            if entry is not None:
                self._cache.move_to_end(channel_id)
                return entry
            row = await self.db.fetchone(
                "SELECT state, version, encounter_id FROM encounters WHERE channel_id = ?",
                (channel_id,),
            )
        if row is None:
            return None
        stored = row["state"]
        text = unpack(stored)
        packed = stored if isinstance(stored, bytes) else None
        entry = Entry(
            Encounter.model_validate_json(text), text, row["version"], {}, packed,
            row["encounter_id"],
        )  # fmt: skip
        self._remember(channel_id, entry)
        return entry

    def forget(self, channel_id: int) -> None:
        """Drop the cached copy (after writes other than act, or another writer's)."""
        self._cache.pop(channel_id, None)

    def forget_guilds(self, which: Callable[[int], bool]) -> int:
        """Drop the cached copies of every encounter of the servers ``which`` accepts (a
        shard this process has just connected again: another process may have written
        them meanwhile). Returns how many were dropped."""
        dropped = [c for c, entry in self._cache.items() if which(entry.encounter.guild_id)]
        for channel_id in dropped:
            del self._cache[channel_id]
        return len(dropped)

    async def require(self, channel_id: int) -> Encounter:
        encounter = await self.get(channel_id)
        if encounter is None:
            raise UserError("encounter.none")
        return encounter

    # -- lifecycle ----------------------------------------------------------------------

    async def start(
        self,
        *,
        channel_id: int,
        guild_id: int,
        gm_id: int,
        system: str,
        name: str = "",
        user_id: int | None = None,
        lang: str | None = None,
        gm_server: bool = False,
    ) -> Encounter:
        """Open the channel's encounter; ``gm_server``: the GM is a server GM (issue 21,
        :attr:`Encounter.gm_server`)."""
        state_model = catalogue.plugin(system).state  # refuses an unknown system
        if name.strip():  # issue 21: a plain name within its bound
            name = plain_name(name, limit=ENCOUNTER_NAME_MAX)
        async with self.lock(channel_id):
            if await self.get(channel_id) is not None:
                raise UserError("encounter.already")
            state = state_model()
            encounter = Encounter(
                channel_id=channel_id,
                guild_id=guild_id,
                gm_id=gm_id,
                gm_server=gm_server,
                name=name,
                seed=self.dice.new_seed(),
                state=state,  # type: ignore[arg-type]
                lang=lang,
            )
            state_json = encounter.model_dump_json()
            log = _log_row(
                encounter, user_id or gm_id, "encounter.start", {"system": system, "name": name}, 1
            )
            claim = pending_claim(channel_id=channel_id)

            async def write(tx: Transaction) -> None:
                if claim is not None:
                    await claim.mark(tx)
                encounter_id = await _new_encounter_id(tx, channel_id, log[0])
                await _insert_encounter(tx, encounter, state_json, encounter_id)
                await _log(tx, log, encounter_id)

            try:
                await self.db.write(write)
            except IntegrityError:
                # Another process started one here between our read and our write.
                self.forget(channel_id)
                raise UserError("encounter.already") from None
            except DuplicateInteraction:
                self.forget(channel_id)
                raise
            committed(claim)
            self.forget(channel_id)
            return encounter

    async def end(self, channel_id: int, user_id: int) -> Encounter:
        claim = pending_claim(channel_id=channel_id)
        async with self.lock(channel_id):
            ended = await self._retrying(
                channel_id, lambda tx: self._end(channel_id, user_id, claim, tx)
            )
        committed(claim)
        return ended

    async def _end(
        self, channel_id: int, user_id: int, claim: InteractionClaim | None, tx: Transaction | None
    ) -> Encounter:
        entry = await self._load(channel_id, tx)
        if entry is None:
            raise UserError("encounter.none")
        encounter, version = entry.encounter.model_copy(update={"active": False}), entry.version
        state_json = encounter.model_dump_json()
        log = _log_row(encounter, user_id, "encounter.end", {}, None)

        async def write(tx: Transaction) -> None:
            if claim is not None:
                await claim.mark(tx)
            await _delete_encounter(tx, channel_id, version)
            await cancel_channel(tx, channel_id)  # its reminders (issue 27)
            await tx.execute(
                "INSERT INTO encounter_archive (channel_id, guild_id, system, state, ended_at,"
                " encounter_id) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    channel_id,
                    encounter.guild_id,
                    encounter.system,
                    pack(state_json),
                    log[0],
                    entry.encounter_id,
                ),
            )
            await _log(tx, log, entry.encounter_id)

        await self._commit(tx, write)
        self.forget(channel_id)
        return encounter

    async def replace(
        self, encounter: Encounter, user_id: int, *, kind: str = "encounter.import"
    ) -> Encounter:
        """Put a whole encounter in the channel (``/encounter import``): undoable. (An
        imported file's encounter comes with a new seed: ``/encounter import``.)"""
        claim = pending_claim(channel_id=encounter.channel_id)
        async with self.lock(encounter.channel_id):
            replaced = await self._retrying(
                encounter.channel_id, lambda tx: self._replace(encounter, user_id, kind, claim, tx)
            )
        committed(claim)
        return replaced

    async def _replace(
        self,
        encounter: Encounter,
        user_id: int,
        kind: str,
        claim: InteractionClaim | None,
        tx: Transaction | None,
    ) -> Encounter:
        entry = await self._load(encounter.channel_id, tx)
        now = self.clock.now()
        # A new encounter in the channel: what it waits on opens now (issue 27).
        fresh = waiting.waiting_after(
            [], encounter.state, encounter.offers, seq=encounter.seq, now=now
        )
        encounter = encounter.model_copy(update={"waiting": fresh})
        state_json = encounter.model_dump_json()
        log = _log_row(encounter, user_id, kind, {}, None)

        async def write(tx: Transaction) -> None:
            if claim is not None:
                await claim.mark(tx)
            # An imported encounter is a new one (issue 28): nothing kept beside the one
            # it replaces (benny rows, its undo snapshots) is ever taken for its own.
            encounter_id = await _new_encounter_id(tx, encounter.channel_id, log[0])
            defined = _definitions(encounter)
            if defined:
                await _require_server_room(tx, encounter, defined)
            if entry is None:
                try:
                    await _insert_encounter(tx, encounter, state_json, encounter_id)
                except IntegrityError:
                    raise ConcurrentChange(encounter.channel_id) from None
            else:
                old, version = entry.encounter, entry.version
                await _update_state(
                    tx,
                    encounter.channel_id,
                    version,
                    pack(state_json),
                    _now(),
                    system=encounter.system,
                    encounter_id=encounter_id,
                    definitions=defined,
                )
                await _snapshot(
                    tx,
                    old.channel_id,
                    ActionRef(entry.encounter_id, old.seq),
                    kind,
                    pack(old.model_dump_json()),
                )
            await _log(tx, log, encounter_id)
            await cancel_channel(tx, encounter.channel_id)  # the replaced one's reminders
            await waiting.follow(tx, None, encounter, now, encounter_id)

        await self._commit(tx, write)
        self.forget(encounter.channel_id)
        return encounter

    # -- actions --------------------------------------------------------------------------

    @staticmethod
    def _take_joined(channel_id: int) -> JoinedWrite | None:
        """The work joined to the next write in ``channel_id``, taken (one write takes it)."""
        joined = _joined.get()
        if joined is None or joined.channel_id != channel_id:
            return None
        _joined.set(None)
        return joined

    @staticmethod
    def joining(work: JoinedWrite) -> _Joining:
        """``with service.joining(work): ...``: the next :meth:`act` (or :meth:`undo_last`)
        in ``work.channel_id`` inside the block writes ``work`` in its own transaction (the
        bennies ledger pays for a reroll this way, and gives it back with the undo: the
        benny and the action are one commit, never one without the other)."""
        return _Joining(work)

    async def act(
        self,
        channel_id: int,
        user_id: int,
        action: RulesAction,
        *,
        kind: str,
        params: dict[str, Any] | None = None,
        undoable: bool = True,
        interaction_id: int | None = None,
    ) -> tuple[Encounter, Outcome]:
        """Apply one rules action under the channel's lock, in one transaction. An
        interaction already applied (``interaction_id``, or the running interaction's
        claim) raises DuplicateInteraction and changes nothing; work joined to it
        (:meth:`joining`) is written in the same transaction."""
        joined = self._take_joined(channel_id)
        claim = pending_claim(interaction_id, channel_id)
        async with self.lock(channel_id):
            result = await self._retrying(
                channel_id,
                lambda tx: self._act(
                    channel_id, user_id, action, kind, params, undoable, claim, joined, tx
                ),
            )
        committed(claim)
        if joined is not None:
            joined.committed()
        return result

    async def _act(
        self,
        channel_id: int,
        user_id: int,
        action: RulesAction,
        kind: str,
        params: dict[str, Any] | None,
        undoable: bool,
        claim: InteractionClaim | None,
        joined: JoinedWrite | None,
        tx: Transaction | None,
    ) -> tuple[Encounter, Outcome]:
        entry = await self._load(channel_id, tx)
        if entry is None:
            raise UserError("encounter.none")
        encounter, encounter_json, version, fragments, encounter_packed, encounter_id = entry
        action_ref = ActionRef(encounter_id, encounter.seq)
        if joined is not None:
            await joined.prepare(tx or self.db, tx is not None)
        dice = self.dice.source(encounter.dice_seed())
        try:
            outcome = action(encounter, dice)
        except BaseException:
            # Rules copy before they change anything, but a failed action must never
            # leave a half-changed copy behind: read the encounter afresh next time.
            self.forget(channel_id)
            raise
        if self.check_inputs_unchanged and json.loads(encounter.model_dump_json()) != json.loads(
            encounter_json
        ):
            self.forget(channel_id)
            raise AssertionError(f"the rules for {kind!r} changed the state they were given")
        moment = self.clock.now()
        waits = waiting.waiting_after(
            encounter.waiting, outcome.state, outcome.offers, seq=encounter.seq + 1, now=moment
        )
        updated = encounter.model_copy(
            update={
                "state": outcome.state,
                "seq": encounter.seq + 1,
                "offers": outcome.offers,
                "waiting": waits,
            }
        )
        updated_json, updated_fragments = encounter_json_reusing(updated, fragments)
        if self.check_inputs_unchanged and json.loads(updated_json) != json.loads(
            updated.model_dump_json()
        ):
            self.forget(channel_id)
            raise AssertionError(f"the JSON saved after {kind!r} is not the encounter's")
        log = _log_row(
            updated,
            user_id,
            kind,
            {
                "params": params or {},
                "seed": encounter.dice_seed(),
                "events": [e.model_dump(mode="json") for e in outcome.events],
                "summary": stored_summary(outcome.summary),
            },
            version + 1,
        )
        now = log[0]
        defined = _definitions(updated)
        more = defined > _definitions(encounter)

        async def write(tx: Transaction) -> bytes:
            # Packing here, on SQLite's writer thread, keeps it off the event loop (zlib
            # lets go of the GIL while it compresses).
            updated_packed = pack(updated_json)
            if claim is not None:
                await claim.mark(tx, updated.seq)
            if more:
                await _require_server_room(tx, updated, defined)
            await _update_state(tx, channel_id, version, updated_packed, now, definitions=defined)
            if joined is not None:
                await joined.write(tx, action_ref)
            if undoable:
                before = encounter_packed if encounter_packed is not None else pack(encounter_json)
                await _snapshot(
                    tx, channel_id, action_ref, stored_summary(outcome.summary) or kind, before
                )
            await _log(tx, log, encounter_id)
            await waiting.follow(tx, encounter, updated, moment, encounter_id)
            return updated_packed

        updated_packed = await self._commit(tx, write)
        self._remember(
            channel_id,
            Entry(
                updated, updated_json, version + 1, updated_fragments, updated_packed, encounter_id
            ),
        )
        return updated, outcome

    async def set_board(self, channel_id: int, message_id: int | None) -> None:
        """Remember the board message (not an undoable change)."""
        await self.set_envelope(channel_id, board_message_id=message_id)

    async def set_envelope(self, channel_id: int, **fields: Any) -> None:
        """Change fields of the encounter around its state (the board message, whom turns
        ping): not a rules action, not undoable."""
        async with self.lock(channel_id):
            await self._retrying(channel_id, lambda tx: self._set_envelope(channel_id, fields, tx))

    async def _set_envelope(
        self, channel_id: int, fields: dict[str, Any], tx: Transaction | None
    ) -> None:
        entry = await self._load(channel_id, tx)
        if entry is None:
            return
        encounter = entry.encounter.model_copy(update=fields)
        state_json = encounter.model_dump_json()
        now = self.clock.now()

        async def write(tx: Transaction) -> None:
            await _update_state(tx, channel_id, entry.version, pack(state_json), None)
            # the reminders setting (issue 27)
            await waiting.follow(tx, entry.encounter, encounter, now, entry.encounter_id)

        await self._commit(tx, write)
        self.forget(channel_id)

    async def undo(self, channel_id: int, user_id: int) -> str:
        """Restore the state before the last change; return what was undone."""
        return (await self.undo_last(channel_id, user_id)).summary

    async def undo_last(self, channel_id: int, user_id: int) -> Undone:
        """Restore the state before the last change; say what was undone and which
        action it was (its ``seq``, for what lives outside the state: the bennies
        ledger, SW-38). Work joined to it (:meth:`joining`) is written in the same
        transaction, given the undone action's ``seq``."""
        joined = self._take_joined(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.lock(channel_id):
            undone = await self._retrying(
                channel_id, lambda tx: self._undo(channel_id, user_id, claim, joined, tx)
            )
        committed(claim)
        if joined is not None:
            joined.committed()
        return undone

    async def _undo(
        self,
        channel_id: int,
        user_id: int,
        claim: InteractionClaim | None,
        joined: JoinedWrite | None,
        tx: Transaction | None,
    ) -> Undone:
        entry = await self._load(channel_id, tx)
        if entry is None:
            raise UserError("encounter.none")
        current, version = entry.encounter, entry.version
        row = await (tx or self.db).fetchone(
            "SELECT id, version, summary, state, encounter_id FROM encounter_undo"
            " WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        if row is None:
            raise UserError("encounter.nothing_to_undo")
        if joined is not None:
            await joined.prepare(tx or self.db, tx is not None)
        previous = Encounter.model_validate_json(unpack(row["state"]))
        # The action undone was applied to the snapshot's encounter: the current one, or
        # (the undo of an import) the one the import replaced, which comes back.
        undone = ActionRef(row["encounter_id"], int(row["version"]))
        # Keep the board message and the dice sequence moving forward: past the current
        # seq and the snapshot's own (an import's file may have had a lower one), so no
        # action of an encounter ever has the seq of an earlier one.
        seq = max(current.seq, previous.seq)
        now = self.clock.now()
        # Issue 27: the same encounter keeps the openings of what still waits (what the
        # undone action opened is gone; what it closed waits again from now); another
        # (an import undone) waits afresh. The reminders setting stays as it is now.
        same = undone.encounter_id == entry.encounter_id
        previous = previous.model_copy(
            update={
                "board_message_id": current.board_message_id,
                "seq": seq,
                "waiting": waiting.waiting_after(
                    current.waiting if same else [],
                    previous.state,
                    previous.offers,
                    seq=seq,
                    now=now,
                ),
                "reminders": current.reminders,
            }
        )
        state_json = previous.model_dump_json()
        log = _log_row(
            previous, user_id, "undo", {"undone": row["summary"], "seq": row["version"]}, None
        )

        async def write(tx: Transaction) -> None:
            if claim is not None:
                await claim.mark(tx)
            await _update_state(
                tx,
                channel_id,
                version,
                pack(state_json),
                log[0],
                encounter_id=undone.encounter_id,
                definitions=_definitions(previous),
            )
            await tx.execute("DELETE FROM encounter_undo WHERE id = ?", (row["id"],))
            await _log(tx, log, undone.encounter_id)
            if not same:
                await cancel_channel(tx, channel_id)  # the undone import's reminders
            await waiting.follow(tx, current if same else None, previous, now, undone.encounter_id)
            if joined is not None:
                await joined.write(tx, undone)

        await self._commit(tx, write)
        self.forget(channel_id)
        return Undone(str(row["summary"]), undone, previous.system)

    async def log_roll(
        self, *, guild_id: int | None, channel_id: int, user_id: int, payload: dict[str, Any]
    ) -> None:
        """Append a stand-alone roll (/roll, /trait) to the log (once per interaction)."""
        log = (_now(), guild_id, channel_id, user_id, "roll", None, _dumps(payload))
        claim = pending_claim(channel_id=channel_id)

        async def write(tx: Transaction) -> None:
            if claim is not None:
                await claim.mark(tx)
            await _log(tx, log)

        await self.db.write(write)
        committed(claim)

    async def history(self, channel_id: int, limit: int = 100) -> list[dict[str, Any]]:
        """The channel's newest ``limit`` log rows, oldest first (every encounter's)."""
        rows = await self.db.fetchall(
            "SELECT created_at, user_id, kind, payload FROM encounter_log WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
            (channel_id, limit),
        )
        return self._rows(rows)

    async def encounter_history(self, channel_id: int, limit: int = 10_000) -> list[dict[str, Any]]:
        """The log of the channel's current encounter, oldest first: the rows since it
        started or was imported (rolls made in the channel meanwhile included), at most
        the newest ``limit``."""
        rows = await self.db.fetchall(
            "SELECT created_at, user_id, kind, payload FROM encounter_log WHERE channel_id = ? "
            "AND id >= COALESCE((SELECT MAX(id) FROM encounter_log WHERE channel_id = ? "
            "AND kind IN ('encounter.start', 'encounter.import')), 0) ORDER BY id DESC LIMIT ?",
            (channel_id, channel_id, limit),
        )
        return self._rows(rows)

    @staticmethod
    def _rows(rows: Any) -> list[dict[str, Any]]:
        return [
            {
                "created_at": r["created_at"],
                "user_id": r["user_id"],
                "kind": r["kind"],
                "payload": json.loads(r["payload"]),
            }
            for r in reversed(rows)
        ]


class _Joining:
    def __init__(self, work: JoinedWrite) -> None:
        self.work = work

    def __enter__(self) -> JoinedWrite:
        self._token = _joined.set(self.work)
        return self.work

    def __exit__(self, *exc: object) -> None:
        _joined.reset(self._token)


# -- writes (inside Database.write: on SQLite, run on the database thread) ---------------

LogRow = tuple[str, int | None, int, int, str, int | None, str]


_ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def _dumps(payload: dict[str, Any]) -> str:
    """A log payload as JSON: orjson (several times faster; it was ~3% of an attack's
    time on the event loop), or the standard library for what orjson refuses (an
    integer past 64 bits from a hostile option, say). Both give the values
    ``json.dumps(payload, default=str)`` gives: dates and dataclasses go to ``str`` too."""
    try:
        return orjson.dumps(payload, default=str, option=_ORJSON_OPTIONS).decode()
    except TypeError:
        return json.dumps(payload, ensure_ascii=False, default=str)


def _log_row(
    encounter: Encounter, user_id: int, kind: str, payload: dict[str, Any], version: int | None
) -> LogRow:
    """An encounter_log row, made on the event loop (JSON and all) before the write."""
    return (
        _now(),
        encounter.guild_id,
        encounter.channel_id,
        user_id,
        kind,
        version,
        _dumps(payload),
    )


async def _log(tx: Transaction, row: LogRow, encounter_id: int | None = None) -> None:
    """Append a log row; ``encounter_id``: the encounter it belongs to (issue 28; None
    for a roll made outside one)."""
    await tx.execute(
        "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind, version,"
        " payload, encounter_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (*row, encounter_id),
    )


async def _new_encounter_id(tx: Transaction, channel_id: int, now: str) -> int:
    """A new encounter's stable id (issue 28, :class:`ActionRef`): never given before."""
    return int(
        await tx.fetchval(
            "INSERT INTO encounter_ids (channel_id, created_at) VALUES (?, ?) RETURNING id",
            (channel_id, now),
        )
    )


async def _insert_encounter(
    tx: Transaction, encounter: Encounter, state_json: str, encounter_id: int
) -> None:
    now = _now()
    await tx.execute(
        "INSERT INTO encounters (channel_id, guild_id, system, state, version, created_at,"
        " updated_at, encounter_id, definitions) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)",
        (
            encounter.channel_id,
            encounter.guild_id,
            encounter.system,
            pack(state_json),
            now,
            now,
            encounter_id,
            _definitions(encounter),
        ),
    )


def _definitions(encounter: Encounter) -> int:
    """What the GM defined in ``encounter`` (its system's ``Plugin.definitions``)."""
    return catalogue.plugin(encounter.system).count_definitions(encounter.state)


async def _require_server_room(tx: Transaction, encounter: Encounter, defined: int) -> None:
    """Issue 28: the server's encounters keep at most :data:`SERVER_DEFINITIONS_MAX`
    definitions between them (``/power define``, an import); ``defined`` is what
    ``encounter`` would keep. ``bounds.server_definitions`` when it would not fit."""
    others = await tx.fetchval(
        "SELECT COALESCE(SUM(definitions), 0) FROM encounters WHERE guild_id = ?"
        " AND channel_id <> ?",
        (encounter.guild_id, encounter.channel_id),
    )
    if int(others) + defined > SERVER_DEFINITIONS_MAX:
        raise UserError(
            "bounds.server_definitions",
            max=SERVER_DEFINITIONS_MAX,
            others=int(others),
            here=defined,
        )


async def _update_state(
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
    ``definitions`` with what the GM defined (issue 28, :func:`_require_server_room`)."""
    changed = await tx.execute(
        "UPDATE encounters SET state = ?, version = version + 1,"
        " updated_at = COALESCE(?, updated_at), system = COALESCE(?, system),"
        " encounter_id = COALESCE(?, encounter_id), definitions = COALESCE(?, definitions)"
        " WHERE channel_id = ? AND version = ?",
        (stored, now, system, encounter_id, definitions, channel_id, version),
    )
    if changed != 1:
        raise ConcurrentChange(channel_id)


async def _delete_encounter(tx: Transaction, channel_id: int, version: int) -> None:
    """Remove the channel's encounter if it is still at ``version``."""
    changed = await tx.execute(
        "DELETE FROM encounters WHERE channel_id = ? AND version = ?", (channel_id, version)
    )
    if changed != 1:
        raise ConcurrentChange(channel_id)


async def _mark_processed(
    tx: Transaction, interaction_id: int, channel_id: int, seq: int | None = None
) -> None:
    inserted = await tx.execute(
        "INSERT INTO processed_interactions (interaction_id, channel_id) VALUES (?, ?)"
        " ON CONFLICT DO NOTHING",
        (interaction_id, channel_id),
    )
    if inserted == 0:
        raise DuplicateInteraction(interaction_id)
    if seq is not None and seq % 500 == 0:
        cutoff = _snowflake_before(int(datetime.now(UTC).timestamp() * 1000) - KEEP_PROCESSED_MS)
        await tx.execute("DELETE FROM processed_interactions WHERE interaction_id < ?", (cutoff,))


async def _snapshot(
    tx: Transaction, channel_id: int, action: ActionRef, summary: str, stored: bytes
) -> None:
    """Keep the state before an undoable change (packed, :mod:`bot.storage.packed`), with
    the encounter it is of; only the last UNDO_DEPTH are kept."""
    await tx.execute(
        "INSERT INTO encounter_undo (channel_id, version, summary, state, encounter_id)"
        " VALUES (?, ?, ?, ?, ?)",
        (channel_id, action.seq, summary, stored, action.encounter_id),
    )
    await tx.execute(
        "DELETE FROM encounter_undo WHERE channel_id = ? AND id < (SELECT id FROM encounter_undo"
        " WHERE channel_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
        (channel_id, channel_id, UNDO_DEPTH - 1),
    )
