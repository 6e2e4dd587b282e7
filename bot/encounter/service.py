"""The encounter service (DESIGN.md): load a channel's encounter under its lock, apply one
rules action, save the new state, the undo snapshot and the log in one transaction.

Rules functions are pure (``bot.systems``); the service gives each action its own dice
source seeded with ``Encounter.dice_seed()`` so the log can be replayed, and bumps the
optimistic ``version`` column. Nothing here talks to Discord, and no SQL is written
here: the rows are :mod:`bot.storage.encounters`'s. Its parts: the cache and the locks
(:mod:`bot.encounter.cache`), the retry of a write that met another writer's
(:mod:`bot.encounter.retry`), the claim that applies each interaction once
(:mod:`bot.encounter.claims`), the work other parts join to an action
(:mod:`bot.encounter.joined`) and the records an action leaves
(:mod:`bot.encounter.records`); the action path itself is :mod:`bot.encounter.acting`.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Callable
from typing import Any

from bot.clock import Clock, SystemClock
from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.encounter import acting, waiting
from bot.encounter.cache import EncounterCache, Entry, read_entry
from bot.encounter.claims import (
    DuplicateInteraction,
    InteractionClaim,
    committed,
    current_claim,
    mark,
    pending_claim,
)
from bot.encounter.joined import JoinedWrite, Joining, joining, take_joined
from bot.encounter.records import ActionRef, Undone, dumps, history_rows, log_row, now_text
from bot.encounter.retry import ATTEMPTS, Retrying, commit
from bot.errors import UserError
from bot.storage import encounters as rows
from bot.storage.db import Database, IntegrityError, Reader, Transaction
from bot.storage.encounters import ConcurrentChange
from bot.storage.packed import pack
from bot.storage.reminders import cancel_channel
from bot.systems import catalogue
from bot.systems.base import Outcome, RuleError
from bot.systems.bounds import ENCOUNTER_NAME_MAX
from bot.systems.encounter import Encounter
from bot.systems.plain_names import plain_name

__all__ = [
    "ATTEMPTS",
    "ActionRef",
    "ConcurrentChange",
    "DuplicateInteraction",
    "EncounterService",
    "Entry",
    "InteractionClaim",
    "JoinedWrite",
    "Reader",
    "RulesAction",
    "Undone",
    "committed",
    "current_claim",
    "pending_claim",
]

RulesAction = Callable[[Encounter, DiceSource], Outcome]


class EncounterService:
    # Tests turn this on: after every action, the encounter the rules were given must be
    # unchanged (rules copy before they change anything; the cached copy is shared).
    check_inputs_unchanged = False

    def __init__(self, db: Database, dice: DiceProvider, clock: Clock | None = None) -> None:
        self.db = db
        self.dice = dice
        # When what the encounter waits on opened, and its reminders (issue 27).
        self.clock: Clock = clock or SystemClock()
        # The latest (encounter, its JSON, version, its combatants' JSON) per channel.
        # This process is meant to be the only writer of its channels; if another wrote,
        # the version check of every write fails, the entry is dropped and the write
        # retried from the database (bot.encounter.retry).
        self._cache = EncounterCache()
        self._retry = Retrying(db, self.forget)

    @property
    def conflicts(self) -> int:
        """Writes that met another writer's change and were retried."""
        return self._retry.conflicts

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._cache.lock(channel_id)

    # -- reading ----------------------------------------------------------------------

    async def get(self, channel_id: int) -> Encounter | None:
        """The channel's encounter (shared: never mutate it; rules copy before changing)."""
        entry = await self._load(channel_id)
        return entry.encounter if entry else None

    async def _load(self, channel_id: int, tx: Transaction | None = None) -> Entry | None:
        """The cached entry, else the row; in ``tx``, the row itself, held until ``tx``
        ends (:mod:`bot.encounter.retry`)."""
        if tx is None:
            entry = self._cache.get(channel_id)
            if entry is not None:
                return entry
        entry = await read_entry(tx or self.db, channel_id, hold=tx is not None)
        if entry is not None:
            self._cache.remember(channel_id, entry)
        return entry

    async def _require(self, channel_id: int, tx: Transaction | None) -> Entry:
        entry = await self._load(channel_id, tx)
        if entry is None:
            raise UserError("encounter.none")
        return entry

    def forget(self, channel_id: int) -> None:
        """Drop the cached copy (after writes other than act, or another writer's)."""
        self._cache.forget(channel_id)

    def forget_guilds(self, which: Callable[[int], bool]) -> int:
        """Drop the cached copies of every encounter of the servers ``which`` accepts (a
        shard this process has just connected again: another process may have written
        them meanwhile). Returns how many were dropped."""
        return self._cache.forget_guilds(which)

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
            encounter = Encounter(
                channel_id=channel_id,
                guild_id=guild_id,
                gm_id=gm_id,
                gm_server=gm_server,
                name=name,
                seed=self.dice.new_seed(),
                state=state_model(),  # type: ignore[arg-type]
                lang=lang,
            )
            state_json = encounter.model_dump_json()
            payload = {"system": system, "name": name}
            log = log_row(encounter, user_id or gm_id, "encounter.start", payload, 1)
            claim = pending_claim(channel_id=channel_id)

            async def write(tx: Transaction) -> None:
                await mark(tx, claim)
                encounter_id = await rows.new_id(tx, channel_id, log[0])
                await acting.insert(tx, encounter, state_json, encounter_id)
                await rows.log(tx, log, encounter_id)

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
            ended = await self._retry.run(
                channel_id, lambda tx: self._end(channel_id, user_id, claim, tx)
            )
        committed(claim)
        return ended

    async def _end(
        self, channel_id: int, user_id: int, claim: InteractionClaim | None, tx: Transaction | None
    ) -> Encounter:
        entry = await self._require(channel_id, tx)
        encounter = entry.encounter.model_copy(update={"active": False})
        state_json = encounter.model_dump_json()
        log = log_row(encounter, user_id, "encounter.end", {}, None)

        async def write(tx: Transaction) -> None:
            await mark(tx, claim)
            await rows.delete(tx, channel_id, entry.version)
            await cancel_channel(tx, channel_id)  # its reminders (issue 27)
            await rows.archive(
                tx,
                channel_id=channel_id,
                guild_id=encounter.guild_id,
                system=encounter.system,
                stored=pack(state_json),
                ended_at=log[0],
                encounter_id=entry.encounter_id,
            )
            await rows.log(tx, log, entry.encounter_id)

        await commit(self.db, tx, write)
        self.forget(channel_id)
        return encounter

    async def replace(
        self, encounter: Encounter, user_id: int, *, kind: str = "encounter.import"
    ) -> Encounter:
        """Put a whole encounter in the channel (``/encounter import``): undoable. (An
        imported file's encounter comes with a new seed: ``/encounter import``.)"""
        claim = pending_claim(channel_id=encounter.channel_id)
        async with self.lock(encounter.channel_id):
            replaced = await self._retry.run(
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
        log = log_row(encounter, user_id, kind, {}, None)
        write = acting.replacing(encounter, entry, kind, log, claim, now)
        await commit(self.db, tx, write)
        self.forget(encounter.channel_id)
        return encounter

    # -- actions --------------------------------------------------------------------------

    @staticmethod
    def joining(work: JoinedWrite) -> Joining:
        """``with service.joining(work): ...``: the next :meth:`act` (or :meth:`undo_last`)
        in ``work.channel_id`` inside the block writes ``work`` in its own transaction (the
        bennies ledger pays for a reroll this way, and gives it back with the undo: the
        benny and the action are one commit, never one without the other)."""
        return joining(work)

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
        joined = take_joined(channel_id)
        claim = pending_claim(interaction_id, channel_id)
        step = acting.Step(user_id, action, kind, params or {}, undoable, claim, joined)
        async with self.lock(channel_id):
            result = await self._retry.run(channel_id, lambda tx: self._act(channel_id, step, tx))
        committed(claim)
        if joined is not None:
            joined.committed()
        return result

    async def _act(
        self, channel_id: int, step: acting.Step, tx: Transaction | None
    ) -> tuple[Encounter, Outcome]:
        entry = await self._require(channel_id, tx)
        if step.joined is not None:
            await step.joined.prepare(tx or self.db, tx is not None)
        try:
            done = acting.apply(
                entry, step, self.dice, self.clock.now(), self.check_inputs_unchanged
            )
        except RuleError:
            # A refusal (not your turn, Shaken...): rules copy before they change
            # anything, so the cached copy is as it was (the tests check it) and stays:
            # the next command does not read and parse the encounter again.
            if self.check_inputs_unchanged and not acting.unchanged(entry):
                self.forget(channel_id)
                raise acting.changed_input(step.kind) from None
            raise
        except BaseException:
            # Anything else (a bug) must never leave a half-changed copy behind: read
            # the encounter afresh next time.
            self.forget(channel_id)
            raise
        packed = await commit(self.db, tx, acting.saving(entry, step, done))
        self._cache.remember(channel_id, done.entry(packed, entry))
        return done.encounter, done.outcome

    async def set_board(self, channel_id: int, message_id: int | None) -> None:
        """Remember the board message (not an undoable change)."""
        await self.set_envelope(channel_id, board_message_id=message_id)

    async def set_envelope(self, channel_id: int, **fields: Any) -> None:
        """Change fields of the encounter around its state (the board message, whom turns
        ping): not a rules action, not undoable."""
        async with self.lock(channel_id):
            await self._retry.run(channel_id, lambda tx: self._set_envelope(channel_id, fields, tx))

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
            await rows.update_state(tx, channel_id, entry.version, pack(state_json), None)
            await acting.rebase(tx, channel_id, entry.json)
            # the reminders setting (issue 27)
            await waiting.follow(tx, entry.encounter, encounter, now, entry.encounter_id)

        await commit(self.db, tx, write)
        self.forget(channel_id)

    async def undo(self, channel_id: int, user_id: int) -> str:
        """Restore the state before the last change; return what was undone."""
        return (await self.undo_last(channel_id, user_id)).summary

    async def undo_last(self, channel_id: int, user_id: int) -> Undone:
        """Restore the state before the last change; say what was undone and which
        action it was (its ``seq``, for what lives outside the state: the bennies
        ledger, SW-38). Work joined to it (:meth:`joining`) is written in the same
        transaction, given the undone action's ``seq``."""
        joined = take_joined(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.lock(channel_id):
            undone = await self._retry.run(
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
        entry = await self._require(channel_id, tx)
        snapshot = await rows.last_snapshot(tx or self.db, channel_id)
        if snapshot is None:
            raise UserError("encounter.nothing_to_undo")
        if joined is not None:
            await joined.prepare(tx or self.db, tx is not None)
        try:
            undoing = acting.Undoing.of(entry, snapshot, self.clock.now())
        except zlib.error:
            # The newest snapshot is packed against the state stored now: a copy that
            # does not fit it is stale (another process wrote). One read afresh and held
            # (tx) is the state stored: then the error is real.
            if tx is not None:  # written by a bot that does not rebase (a deploy)
                raise UserError("encounter.undo_unreadable") from None
            raise ConcurrentChange(channel_id) from None
        log = log_row(
            undoing.previous,
            user_id,
            "undo",
            {"undone": snapshot.summary, "seq": snapshot.version},
            None,
        )
        await commit(self.db, tx, undoing.saving(snapshot, log, claim, joined))
        self.forget(channel_id)
        return Undone(snapshot.summary, undoing.undone, undoing.previous.system)

    async def log_roll(
        self, *, guild_id: int | None, channel_id: int, user_id: int, payload: dict[str, Any]
    ) -> None:
        """Append a stand-alone roll (/roll, /trait) to the log (once per interaction)."""
        log = (now_text(), guild_id, channel_id, user_id, "roll", None, dumps(payload))
        claim = pending_claim(channel_id=channel_id)

        async def write(tx: Transaction) -> None:
            await mark(tx, claim)
            await rows.log(tx, log)

        await self.db.write(write)
        committed(claim)

    async def history(self, channel_id: int, limit: int = 100) -> list[dict[str, Any]]:
        """The channel's newest ``limit`` log rows, oldest first (every encounter's)."""
        return history_rows(await rows.newest_log(self.db, channel_id, limit))

    async def encounter_history(self, channel_id: int, limit: int = 10_000) -> list[dict[str, Any]]:
        """The log of the channel's current encounter, oldest first: the rows since it
        started or was imported (rolls made in the channel meanwhile included), at most
        the newest ``limit``."""
        return history_rows(await rows.encounter_log(self.db, channel_id, limit))
