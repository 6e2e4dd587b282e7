"""The benny ledger: sessions, pools and their history in the database (SW-33, SW-35).

See :mod:`bot.bennies` for the API other cogs call. Every change is one short
``db.transaction()``; a spend is a single guarded ``UPDATE ... WHERE count > 0`` whose
row count says whether it happened, so a pool never goes below zero and two spends of
the last benny cannot both succeed (the ``CHECK (count >= 0)`` of the table backs it).
A benny that pays for an encounter action (a reroll, a soak) is spent in that action's
own transaction (:meth:`BennyLedger.spending`, :mod:`bot.bennies.joined_work`), so a
crash between them cannot keep one without the other. A write made for an interaction
marks it processed in its transaction, like an encounter action (``InteractionClaim``),
so a server's command that two processes receive while its shard moves is applied once.
The SQL is the repository's (:mod:`bot.storage.bennies`).

Several processes may share the database (one per group of shards, docs/STORAGE.md):
what another process may change (which session is open) is read from the database on
every use; only facts nobody changes once written stay in memory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.bennies import jokers
from bot.bennies.holders import (
    GM,
    PLAYER_START,
    combatant_of,
    user_key,
    uses_bennies,
    wild_card_pools,
)
from bot.bennies.joined_work import (
    ActionRecord,
    ActionSpend,
    ActionUndo,
    Returned,
    Row_,
    Rows,
    now_text,
    undo_rows,
    write_tagged,
)
from bot.encounter.claims import mark
from bot.encounter.service import (
    ActionRef,
    EncounterService,
    committed,
    pending_claim,
)
from bot.errors import UserError
from bot.storage import bennies as rows
from bot.storage import encounters as encounter_rows
from bot.storage.bennies import HistoryRow as HistoryEntry
from bot.storage.bennies import SessionRow
from bot.storage.db import Database, IntegrityError, Transaction
from bot.storage.packed import unpack
from bot.systems.encounter import Encounter

__all__ = ["BennyLedger", "HistoryEntry", "Returned", "Session", "Spent"]


@dataclass(frozen=True)
class Session:
    """A game session: its pools belong to one scope (a channel; a thread's parent)."""

    id: int
    guild_id: int
    scope_id: int
    gm_id: int
    started_at: str
    ended_at: str | None

    @classmethod
    def of(cls, row: SessionRow | None) -> Session | None:
        return None if row is None else cls(**row.__dict__)

    def run_by(self, user_id: int, *, server_gm: bool) -> bool:
        """Issue 21: who is this session's GM. A member with Manage Server or the
        server's GM role (``server_gm``), or the member the session belongs to: who
        opened it, or whom its GM handed it to (:meth:`BennyLedger.hand_over`). Being GM
        of an encounter is not enough: anyone may start one in a thread of the channel,
        or in the channel once a fight is over, and the session is not theirs."""
        return server_gm or self.gm_id == user_id

    def shared_with(self, encounter: Encounter | None) -> bool:
        """Issue 21: whether ``encounter``'s ledger effects reach this session (starting
        bennies for the players it brings, SW-35; its Joker awards, SW-33; its GM Wild
        Cards' pools; the session's pools on its board): only when its GM is the
        session's GM (:meth:`run_by`). A member who starts an encounter in a thread of
        the GM's channel, or in an idle channel linked to a session, plays it without
        touching the session, or they could farm bennies by adding heroes and dealing
        Jokers again and again. Whether the encounter's GM is a server GM is what the
        command that started (or imported) it knew (:attr:`Encounter.gm_server`): the
        ledger has no Discord context when it collects a Joker for a board refresh.
        No encounter (one that ended) shares it: its rows were the session GM's."""
        if encounter is None:
            return True
        return self.run_by(encounter.gm_id, server_gm=encounter.gm_server)


@dataclass
class Spent:
    """One benny spent: from which pool, how many are left, and its history row (0 until
    the spend is written; ``action``: the encounter action it paid for, once known)."""

    holder: str
    left: int
    history_id: int
    session_id: int
    action: ActionRef | None = None


class BennyLedger:
    """Benny pools per session in the database (module :mod:`bot.bennies` documents the API).

    ``parent_of(channel_id)`` gives a thread's parent channel (the bot's gateway cache);
    links seen by commands are also stored (:meth:`link`), so a thread finds its
    parent's session after a restart.

    Another process may start or end a channel's session (the one that owns the channel's
    shard now, or both while a shard moves), so the open session is read from the
    database every time it is asked for (one indexed read, which also follows the
    channel's thread link). What stays in memory never changes once written, so no other
    process can make it wrong: a thread's link to its parent (a thread never moves), and,
    keyed by the session read just before, who already has a pool in it (pool rows are
    never deleted) and which history rows exist (:meth:`has_record`; the rows it is asked
    about are never deleted).
    """

    def __init__(
        self,
        db: Database,
        encounters: EncounterService | None = None,
        *,
        parent_of: Callable[[int], int | None] | None = None,
    ) -> None:
        self.db = db
        self.encounters = encounters  # reads through the service's in-memory copy
        self.parent_of = parent_of
        self._scopes: dict[int, int] = {}  # thread -> its parent channel, once linked
        self._joined: set[tuple[int, str]] = set()  # (session id, holder) with a pool
        self._recorded: set[tuple[int, str, str, str]] = set()  # history rows known to exist

    # -- scopes -------------------------------------------------------------------------

    async def link(self, channel_id: int, scope_id: int) -> None:
        """Remember that ``channel_id`` (a thread) shares ``scope_id``'s session (once: a
        thread never moves to another channel)."""
        if channel_id == scope_id or self._scopes.get(channel_id) == scope_id:
            return
        async with self.db.transaction() as tx:
            await rows.link(tx, channel_id, scope_id)
        self._scopes[channel_id] = scope_id

    async def _linked_scope(self, channel_id: int) -> int | None:
        """The parent a thread is known to share its session with (memory, or the gateway
        cache, which is linked then); None when not known here."""
        known = self._scopes.get(channel_id)
        if known is not None:
            return known
        # A thread the gateway cache only learns about later is linked then, so ask
        # every time (it is a dictionary look-up).
        if self.parent_of is not None:
            parent = self.parent_of(channel_id)
            if parent is not None and parent != channel_id:
                await self.link(channel_id, parent)
                return parent
        return None

    async def scope_of(self, channel_id: int) -> int:
        """The channel whose session ``channel_id`` uses: a thread's parent, else itself."""
        known = await self._linked_scope(channel_id)
        if known is not None:
            return known
        scope = await rows.linked_scope(self.db, channel_id)
        if scope is None:
            return channel_id
        self._scopes[channel_id] = scope
        return scope

    # -- sessions -----------------------------------------------------------------------

    async def session(self, channel_id: int) -> Session | None:
        """The open session of the channel's scope, if any: read from the database every
        time (another process may have started or ended it), in one read that also
        follows a thread's stored link to its parent."""
        known = await self._linked_scope(channel_id)
        if known is not None:
            return Session.of(await rows.open_session(self.db, known))
        found = await rows.open_session_of(self.db, channel_id)
        if found is not None and found.scope_id != channel_id:
            self._scopes[channel_id] = found.scope_id
        return Session.of(found)

    async def shared_session(
        self, channel_id: int, encounter: Encounter | None = None
    ) -> Session | None:
        """The open session, when the channel's encounter (``encounter``, when the caller
        has it) may touch it (:meth:`Session.shared_with`); None without one or when it
        may not."""
        session = await self.session(channel_id)
        if session is None:
            return None
        if encounter is None:
            encounter = await self._encounter(channel_id)
        return session if session.shared_with(encounter) else None

    async def require_session(self, channel_id: int) -> Session:
        session = await self.session(channel_id)
        if session is None:
            raise UserError("bennies.error.no_session")
        return session

    async def last_session(self, channel_id: int) -> Session | None:
        """The open session, else the most recent ended one (for /bennies history)."""
        return Session.of(await rows.last_session(self.db, await self.scope_of(channel_id)))

    async def start_session(
        self,
        *,
        channel_id: int,
        guild_id: int,
        gm_id: int,
        players: Sequence[int],
        player_characters: int,
        user_id: int,
    ) -> Session:
        """SW-35: open a session; each player in ``players`` gets 3 bennies and the GM 1
        per player character present. ``bennies.error.session_open`` if one is open."""
        scope = await self.scope_of(channel_id)
        now = now_text()
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            try:
                session_id = await rows.start_session(
                    tx, guild_id=guild_id, scope_id=scope, gm_id=gm_id, now=now
                )
            except IntegrityError:
                session_id = None  # another process opened one (benny_sessions_one_open)
            if session_id is None:
                raise UserError("bennies.error.session_open")
            for player in dict.fromkeys(players):
                await self._add(tx, session_id, user_key(player), PLAYER_START)
                row = (user_key(player), PLAYER_START, "session_start", user_id, None, None)
                await write_tagged(tx, session_id, channel_id, None, row)
            await self._add(tx, session_id, GM, player_characters)
            if player_characters:  # SW-45: the bot gives them per character instead
                row = (GM, player_characters, "session_start", user_id, None, None)
                await write_tagged(tx, session_id, channel_id, None, row)
            # SW-33 Joker awards count from here: earlier log rows are not read.
            await rows.move_cursor(tx, session_id, channel_id)
        committed(claim)
        self._joined.update((session_id, user_key(p)) for p in players)
        return Session(session_id, guild_id, scope, gm_id, now, None)

    async def end_session(self, channel_id: int) -> tuple[Session, dict[str, int]]:
        """Close the open session; returns it and its final pools (kept for history)."""
        session = await self.require_session(channel_id)
        pools = await rows.pools(self.db, session.id)
        now = now_text()
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            await rows.end_session(tx, session.id, now)
        committed(claim)
        return Session(**{**session.__dict__, "ended_at": now}), pools

    async def hand_over(self, channel_id: int, gm_id: int) -> Session:
        """Issue 21: the open session's GM becomes ``gm_id`` (the caller checked that the
        session is theirs to hand). ``bennies.error.no_session`` when none is open."""
        session = await self.require_session(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            if not await rows.hand_over(tx, session.id, gm_id):
                raise UserError("bennies.error.no_session")
        committed(claim)
        return Session(**{**session.__dict__, "gm_id": gm_id})

    async def join(self, channel_id: int, player_id: int, *, user_id: int) -> int | None:
        """SW-35: a player who joins an open session late gets their 3, once per session.
        Returns the new pool, or ``None`` when there is no session, the channel's
        encounter does not share it (issue 21, :meth:`Session.shared_with`) or they
        already had one."""
        session = await self.shared_session(channel_id)
        if session is None:
            return None
        holder = user_key(player_id)
        if (session.id, holder) in self._joined:
            return None
        if await rows.count(self.db, session.id, holder) is not None:
            self._joined.add((session.id, holder))
            return None
        async with self.db.transaction() as tx:
            joined = await rows.open_pool(tx, session.id, holder, PLAYER_START)
            if joined:
                row = (holder, PLAYER_START, "session_join", user_id, None, None)
                await write_tagged(tx, session.id, channel_id, None, row)
        self._joined.add((session.id, holder))
        return PLAYER_START if joined else None

    # -- pools --------------------------------------------------------------------------

    async def pools(self, channel_id: int) -> dict[str, int]:
        """The ledger's pools (players and GM) of the open session; empty without one."""
        session = await self.session(channel_id)
        return await rows.pools(self.db, session.id) if session else {}

    async def pools_for_channel(self, channel_id: int, *, board: bool = False) -> dict[str, int]:
        """Every pool to show for the channel: first collects pending Joker awards, then
        the session's pools plus the GM Wild Cards' own pools from the encounter state.
        ``board``: for the encounter's board, which shows the session's pools only when
        the encounter shares the session (issue 21, :meth:`Session.shared_with`)."""
        # One read of the session for both (issue 32: the board read it twice a render);
        # collecting awards never starts or ends one.
        session = await self.session(channel_id)
        await self._collect(channel_id, session)
        encounter = await self._encounter(channel_id)
        pools: dict[str, int] = {}
        if session is not None and (not board or session.shared_with(encounter)):
            pools = await rows.pools(self.db, session.id)
        if encounter is not None and uses_bennies(encounter.system):
            pools.update(wild_card_pools(encounter))
        return pools

    async def count(self, channel_id: int, holder: str) -> int:
        session = await self.require_session(channel_id)
        return await rows.count(self.db, session.id, holder) or 0

    async def award(
        self,
        channel_id: int,
        holder: str,
        count: int = 1,
        *,
        reason: str,
        user_id: int | None,
        note: str | None = None,
        roll_ref: str | None = None,
    ) -> int:
        """Add ``count`` (>= 1) bennies to a player's or the GM's pool; returns the pool."""
        if count < 1:
            raise UserError("bennies.error.bad_count")
        self._ledger_holder(holder)
        session = await self.require_session(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            await self._add(tx, session.id, holder, count)
            row = (holder, count, reason, user_id, note, roll_ref)
            await write_tagged(tx, session.id, channel_id, None, row)
            left = await rows.count(tx, session.id, holder) or 0
        committed(claim)
        return left

    async def spend(
        self,
        channel_id: int,
        holder: str,
        *,
        reason: str,
        user_id: int | None,
        note: str | None = None,
        roll_ref: str | None = None,
    ) -> int:
        """Spend one benny of a player's or the GM's pool; returns how many are left.
        ``bennies.error.empty`` when the pool has none (nothing changes)."""
        spent = await self._spend(channel_id, holder, (holder, -1, reason, user_id, note, roll_ref))
        return spent.left

    @asynccontextmanager
    async def spending(
        self,
        channel_id: int,
        holder: str,
        *,
        reason: str,
        user_id: int | None,
        note: str | None = None,
        roll_ref: str | None = None,
    ) -> AsyncIterator[Spent]:
        """Spend one benny for what the block does. The block's encounter action in
        ``channel_id`` (:meth:`EncounterService.act`) writes the spend in its own
        transaction: the benny is spent if and only if the action is applied (the rules
        refusing the reroll, a crash, another process having applied the interaction:
        nothing spent), and the history row is tied to the action for ``/undo`` (SW-38).
        ``bennies.error.empty`` at once when the pool is empty. A block that makes no
        encounter action spends on its own when it ends, or nothing if it raises."""
        self._ledger_holder(holder)
        session = await self.require_session(channel_id)
        row: Row_ = (holder, -1, reason, user_id, note, roll_ref)
        if self.encounters is None:  # a ledger without an encounter service (tests)
            spent = await self._spend(channel_id, holder, row)
            try:
                yield spent
            except BaseException:
                async with self.db.transaction() as tx:
                    await rows.give_back(tx, spent.session_id, spent.holder, spent.history_id)
                raise
            return
        spent = Spent(holder=holder, left=0, history_id=0, session_id=session.id)
        spend = ActionSpend(session, channel_id, holder, row, spent)
        await spend.prepare(self.db, False)
        with self.encounters.joining(spend):
            yield spend.spent
        if not spend.done:
            alone = await self._spend(channel_id, holder, row)
            spend.spent.left, spend.spent.history_id = alone.left, alone.history_id

    async def record(
        self,
        channel_id: int,
        holder: str,
        delta: int,
        *,
        reason: str,
        user_id: int | None,
        note: str | None = None,
        roll_ref: str | None = None,
        action: ActionRef | None = None,
    ) -> None:
        """Write a history row for a change made elsewhere (a GM Wild Card's own pool,
        which lives in the encounter state). Does nothing without an open session.
        ``action``: the encounter action it belongs to (SW-38, :meth:`undo_action`)."""
        session = await self.session(channel_id)
        if session is None:
            return
        async with self.db.transaction() as tx:
            row = (holder, delta, reason, user_id, note, roll_ref)
            await write_tagged(tx, session.id, channel_id, action, row)
        if roll_ref is not None:
            self.recorded(session.id, holder, reason, roll_ref)

    def recording(
        self, session: Session, channel_id: int, made: Rows
    ) -> AbstractContextManager[Any]:
        """``with ledger.recording(session, channel, rows): await encounters.act(...)``:
        the history rows ``rows()`` gives (read when the action writes, so its rules may
        fill them) are written in the action's own transaction, tied to it for ``/undo``
        (SW-38). For what changes in the encounter state and is mirrored here: a GM Wild
        Card's own pool spent, given or seeded (SW-35). Nothing is written when the
        rules refuse, and a crash cannot keep the change without its row."""
        assert self.encounters is not None, "recording needs the encounter service"
        return self.encounters.joining(ActionRecord(self, session, channel_id, made))

    async def history(self, channel_id: int, limit: int = 20) -> list[HistoryEntry]:
        """The newest ``limit`` rows of the open (or last) session, oldest first."""
        session = await self.last_session(channel_id)
        if session is None:
            raise UserError("bennies.error.no_session")
        return list(reversed(await rows.history(self.db, session.id, limit)))

    async def has_record(self, channel_id: int, holder: str, reason: str, roll_ref: str) -> bool:
        """Whether the open session already has this (holder, reason, roll_ref) row."""
        session = await self.session(channel_id)
        if session is None:
            return False
        if (session.id, holder, reason, roll_ref) in self._recorded:
            return True
        found = await rows.has_history(self.db, session.id, holder, reason, roll_ref)
        if found:
            self.recorded(session.id, holder, reason, roll_ref)
        return found

    def recorded(self, session_id: int, holder: str, reason: str, roll_ref: str) -> None:
        """Remember a history row known to exist (it is never deleted)."""
        self._recorded.add((session_id, holder, reason, roll_ref))

    # -- SW-38 /undo ----------------------------------------------------------------------

    async def tag_action(self, spent: Spent, channel_id: int, action: ActionRef) -> None:
        """Say which encounter action a spend paid for (its encounter and the ``seq``
        before it), so that undoing that action gives the benny back
        (:meth:`undo_action`). A spend written with its action (:meth:`spending`) is
        tagged already."""
        if spent.action == action:
            return
        async with self.db.transaction() as tx:
            await rows.tag(tx, spent.history_id, channel_id, action.encounter_id, action.seq)
        spent.action = action

    async def undo_action(
        self, channel_id: int, action: ActionRef, *, user_id: int | None
    ) -> list[Returned]:
        """SW-38: ``/undo`` of the encounter action ``action`` reverses the ledger rows
        that action made in the open session, each once
        (:func:`bot.bennies.joined_work.undo_rows`), in a transaction of its own.
        Returns what changed. :meth:`undoing` does the same inside the undo's own
        transaction."""
        session = await self.session(channel_id)
        if session is None:
            return []
        await self.collect_joker_awards(channel_id)  # an award not yet read is reversed too
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            changed = await undo_rows(self, tx, session, channel_id, action, user_id)
        committed(claim)
        return changed

    def undoing(
        self, session: Session, channel_id: int, user_id: int | None
    ) -> AbstractContextManager[ActionUndo]:
        """``with ledger.undoing(session, channel, user) as undo: await
        encounters.undo_last(...)``: the ledger rows of the undone action are reversed
        in the undo's own transaction (SW-38), so a crash cannot restore the state
        without giving back the benny the action spent; ``undo.changes`` says what
        changed. Collect the Joker awards not yet read first (:meth:`collect_joker_awards`)."""
        assert self.encounters is not None, "undoing needs the encounter service"
        return self.encounters.joining(ActionUndo(self, session, channel_id, user_id))  # type: ignore[return-value]

    async def _reverse(self, tx: Transaction, session_id: int, holder: str, change: int) -> int:
        """Add ``change`` (+1 back, -1 taken) to a ledger pool, never below zero; returns
        what was actually changed."""
        if change >= 0:
            await self._add(tx, session_id, holder, change)
            return change
        return change if await rows.take(tx, session_id, holder, -change) else 0

    # -- SW-33 Joker awards -------------------------------------------------------------

    async def collect_joker_awards(self, channel_id: int) -> list[dict[str, Any]]:
        """SW-33: give each Joker award of the channel's log since the last call its
        bennies, each once (:func:`bot.bennies.jokers.collect`). Returns what was
        awarded."""
        return await self._collect(channel_id, await self.session(channel_id))

    async def _collect(self, channel_id: int, session: Session | None) -> list[dict[str, Any]]:
        """:meth:`collect_joker_awards` with the open ``session`` already read."""
        if session is None:
            return []
        return await jokers.collect(self, session, channel_id, await self._encounter(channel_id))

    # -- internals ----------------------------------------------------------------------

    @staticmethod
    def _ledger_holder(holder: str) -> None:
        if combatant_of(holder) is not None:
            # A GM Wild Card's own pool is in the encounter state (Plugin.bennies).
            raise ValueError(f"{holder} is kept in the encounter state, not the ledger")
        if holder != GM and not holder.startswith("user:"):
            raise ValueError(f"unknown benny holder {holder!r}")

    async def _spend(self, channel_id: int, holder: str, row: Row_) -> Spent:
        """One benny of a ledger pool spent on its own, with its history row."""
        self._ledger_holder(holder)
        session = await self.require_session(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as tx:
            await mark(tx, claim)
            if not await rows.take_one(tx, session.id, holder):
                raise UserError("bennies.error.empty", holder=holder)
            history_id = await write_tagged(tx, session.id, channel_id, None, row)
            left = await rows.count(tx, session.id, holder) or 0
        committed(claim)
        return Spent(holder=holder, left=left, history_id=history_id, session_id=session.id)

    async def _encounter(self, channel_id: int) -> Encounter | None:
        if self.encounters is not None:
            return await self.encounters.get(channel_id)
        stored = await encounter_rows.read_state(self.db, channel_id)
        return Encounter.model_validate_json(unpack(stored)) if stored is not None else None

    @staticmethod
    async def _add(tx: Transaction, session_id: int, holder: str, count: int) -> None:
        await rows.add(tx, session_id, holder, count)
