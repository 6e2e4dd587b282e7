"""The benny ledger: sessions, pools and their history in the database (SW-33, SW-35).

See :mod:`bot.bennies` for the API other cogs call. Every change is one short
``db.transaction()``; a spend is a single guarded ``UPDATE ... WHERE count > 0`` whose
row count says whether it happened, so a pool never goes below zero and two spends of
the last benny cannot both succeed (the ``CHECK (count >= 0)`` of the table backs it).
A benny that pays for an encounter action (a reroll, a soak) is spent in that action's
own transaction (:meth:`BennyLedger.spending`), so a crash between them cannot keep one
without the other. A write made for an interaction marks it processed in its
transaction, like an encounter action (``InteractionClaim``), so a server's command
that two processes receive while its shard moves is applied once.

Several processes may share the database (one per group of shards, docs/STORAGE.md):
what another process may change (which session is open) is read from the database on
every use; only facts nobody changes once written stay in memory.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.bennies.holders import (
    GM,
    PLAYER_START,
    combatant_of,
    events_asking,
    user_key,
    uses_bennies,
    wild_card_pools,
)
from bot.encounter.service import (
    ActionRef,
    ConcurrentChange,
    EncounterService,
    InteractionClaim,
    Reader,
    committed,
    pending_claim,
)
from bot.errors import UserError
from bot.storage.db import Database, IntegrityError, Row, Transaction
from bot.storage.packed import unpack
from bot.systems.bennies import JOKER
from bot.systems.encounter import Encounter


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Session:
    """A game session: its pools belong to one scope (a channel; a thread's parent)."""

    id: int
    guild_id: int
    scope_id: int
    gm_id: int
    started_at: str
    ended_at: str | None

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


@dataclass(frozen=True)
class HistoryEntry:
    """One gain or spend: ``delta`` > 0 gained, < 0 spent. ``reason`` is a code
    (``session_start``, ``joker``, ``give``, ``spend.reroll``...), ``note`` the free text a
    user gave, ``roll_ref`` the roll or log row it concerned."""

    id: int
    created_at: str
    holder: str
    delta: int
    reason: str
    note: str | None
    user_id: int | None
    roll_ref: str | None


# A history row written with an action: (holder, delta, reason, user id, note, roll_ref).
Row_ = tuple[str, int, str, int | None, str | None, str | None]
Rows = Callable[[], Sequence[Row_]]


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


def _logged_action(encounter_id: int | None, payload: dict[str, Any]) -> ActionRef | None:
    """The encounter action a log row records: the encounter it belongs to (its
    ``encounter_id``, issue 28) and its ``seq`` before the action (its dice seed is
    ``"<seed>:<seq>"``, :meth:`bot.systems.encounter.Encounter.dice_seed`)."""
    seed = payload.get("seed")
    if encounter_id is None or not isinstance(seed, str) or ":" not in seed:
        return None
    tail = seed.rsplit(":", 1)[1]
    return ActionRef(int(encounter_id), int(tail)) if tail.isdigit() else None


def _session(row: Row) -> Session:
    return Session(
        id=row["id"],
        guild_id=row["guild_id"],
        scope_id=row["scope_id"],
        gm_id=row["gm_id"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


class BennyLedger:
    """Benny pools per session in the database (module :mod:`bot.bennies` documents the API).

    ``parent_of(channel_id)`` may be set to a function giving a thread's parent channel
    (the cog sets it from the gateway cache); links seen by commands are also stored
    (:meth:`link`), so a thread finds its parent's session after a restart.

    Another process may start or end a channel's session (the one that owns the channel's
    shard now, or both while a shard moves), so the open session is read from the
    database every time it is asked for (one indexed read, which also follows the
    channel's thread link). What stays in memory never changes once written, so no other
    process can make it wrong: a thread's link to its parent (a thread never moves), and,
    keyed by the session read just before, who already has a pool in it (pool rows are
    never deleted) and which history rows exist (:meth:`has_record`; the rows it is asked
    about are never deleted).
    """

    def __init__(self, db: Database, encounters: EncounterService | None = None) -> None:
        self.db = db
        self.encounters = encounters  # reads through the service's in-memory copy
        self.parent_of: Callable[[int], int | None] | None = None
        self._scopes: dict[int, int] = {}  # thread -> its parent channel, once linked
        self._joined: set[tuple[int, str]] = set()  # (session id, holder) with a pool
        self._recorded: set[tuple[int, str, str, str]] = set()  # history rows known to exist

    # -- scopes -------------------------------------------------------------------------

    async def link(self, channel_id: int, scope_id: int) -> None:
        """Remember that ``channel_id`` (a thread) shares ``scope_id``'s session (once: a
        thread never moves to another channel)."""
        if channel_id == scope_id or self._scopes.get(channel_id) == scope_id:
            return
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO benny_channels (channel_id, scope_id) VALUES (?, ?) "
                "ON CONFLICT (channel_id) DO UPDATE SET scope_id = excluded.scope_id",
                (channel_id, scope_id),
            )
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
        row = await self.db.fetchone(
            "SELECT scope_id FROM benny_channels WHERE channel_id = ?", (channel_id,)
        )
        if row is None:
            return channel_id
        self._scopes[channel_id] = int(row["scope_id"])
        return self._scopes[channel_id]

    # -- sessions -----------------------------------------------------------------------

    async def session(self, channel_id: int) -> Session | None:
        """The open session of the channel's scope, if any: read from the database every
        time (another process may have started or ended it), in one read that also
        follows a thread's stored link to its parent."""
        known = await self._linked_scope(channel_id)
        if known is not None:
            row = await self.db.fetchone(
                "SELECT * FROM benny_sessions WHERE scope_id = ? AND ended_at IS NULL", (known,)
            )
        else:
            row = await self.db.fetchone(
                "SELECT * FROM benny_sessions WHERE ended_at IS NULL AND scope_id = COALESCE("
                "(SELECT scope_id FROM benny_channels WHERE channel_id = ?), ?)",
                (channel_id, channel_id),
            )
            if row is not None and int(row["scope_id"]) != channel_id:
                self._scopes[channel_id] = int(row["scope_id"])
        return _session(row) if row else None

    async def shared_session(self, channel_id: int) -> Session | None:
        """The open session, when the channel's encounter may touch it
        (:meth:`Session.shared_with`); None without one or when it may not."""
        session = await self.session(channel_id)
        if session is None or not session.shared_with(await self._encounter(channel_id)):
            return None
        return session

    async def require_session(self, channel_id: int) -> Session:
        session = await self.session(channel_id)
        if session is None:
            raise UserError("bennies.error.no_session")
        return session

    async def last_session(self, channel_id: int) -> Session | None:
        """The open session, else the most recent ended one (for /bennies history)."""
        scope = await self.scope_of(channel_id)
        row = await self.db.fetchone(
            "SELECT * FROM benny_sessions WHERE scope_id = ? "
            "ORDER BY ended_at IS NULL DESC, id DESC LIMIT 1",
            (scope,),
        )
        return _session(row) if row else None

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
        now = _now()
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            open_session = await conn.fetchone(
                "SELECT 1 FROM benny_sessions WHERE scope_id = ? AND ended_at IS NULL", (scope,)
            )
            if open_session is not None:
                raise UserError("bennies.error.session_open")
            try:
                session_id = await conn.fetchval(
                    "INSERT INTO benny_sessions (guild_id, scope_id, gm_id, started_at) "
                    "VALUES (?, ?, ?, ?) RETURNING id",
                    (guild_id, scope, gm_id, now),
                )
            except IntegrityError:
                # Another process opened one since our check (unique benny_sessions_one_open).
                raise UserError("bennies.error.session_open") from None
            for player in dict.fromkeys(players):
                await self._add(conn, session_id, user_key(player), PLAYER_START)
                await self._history(
                    conn, session_id, user_key(player), PLAYER_START, "session_start", user_id
                )
            await self._add(conn, session_id, GM, player_characters)
            if player_characters:  # SW-45: the bot gives them per character instead
                await self._history(
                    conn, session_id, GM, player_characters, "session_start", user_id
                )
            # SW-33 Joker awards count from here: earlier log rows are not read.
            await self._set_cursor(conn, session_id, channel_id)
        committed(claim)
        self._joined.update((session_id, user_key(p)) for p in players)
        return Session(session_id, guild_id, scope, gm_id, now, None)

    async def end_session(self, channel_id: int) -> tuple[Session, dict[str, int]]:
        """Close the open session; returns it and its final pools (kept for history)."""
        session = await self.require_session(channel_id)
        pools = await self._pools(session.id)
        now = _now()
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            await conn.execute(
                "UPDATE benny_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (now, session.id),
            )
        committed(claim)
        return Session(**{**session.__dict__, "ended_at": now}), pools

    async def hand_over(self, channel_id: int, gm_id: int) -> Session:
        """Issue 21: the open session's GM becomes ``gm_id`` (the caller checked that the
        session is theirs to hand). ``bennies.error.no_session`` when none is open."""
        session = await self.require_session(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            changed = await conn.execute(
                "UPDATE benny_sessions SET gm_id = ? WHERE id = ? AND ended_at IS NULL",
                (gm_id, session.id),
            )
            if changed != 1:
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
        has_pool = await self.db.fetchone(
            "SELECT 1 FROM bennies WHERE session_id = ? AND holder = ?", (session.id, holder)
        )
        if has_pool is not None:
            self._joined.add((session.id, holder))
            return None
        async with self.db.transaction() as conn:
            joined = (
                await conn.execute(
                    "INSERT INTO bennies (session_id, holder, count) VALUES (?, ?, ?) "
                    "ON CONFLICT (session_id, holder) DO NOTHING",
                    (session.id, holder, PLAYER_START),
                )
                == 1
            )
            if joined:
                await self._history(conn, session.id, holder, PLAYER_START, "session_join", user_id)
        self._joined.add((session.id, holder))
        return PLAYER_START if joined else None

    # -- pools --------------------------------------------------------------------------

    async def pools(self, channel_id: int) -> dict[str, int]:
        """The ledger's pools (players and GM) of the open session; empty without one."""
        session = await self.session(channel_id)
        return await self._pools(session.id) if session else {}

    async def pools_for_channel(self, channel_id: int, *, board: bool = False) -> dict[str, int]:
        """Every pool to show for the channel: first collects pending Joker awards, then
        the session's pools plus the GM Wild Cards' own pools from the encounter state.
        ``board``: for the encounter's board, which shows the session's pools only when
        the encounter shares the session (issue 21, :meth:`Session.shared_with`)."""
        await self.collect_joker_awards(channel_id)
        encounter = await self._encounter(channel_id)
        session = await self.session(channel_id)
        pools: dict[str, int] = {}
        if session is not None and (not board or session.shared_with(encounter)):
            pools = await self._pools(session.id)
        if encounter is not None and uses_bennies(encounter.system):
            pools.update(wild_card_pools(encounter))
        return pools

    async def count(self, channel_id: int, holder: str) -> int:
        session = await self.require_session(channel_id)
        row = await self.db.fetchone(
            "SELECT count FROM bennies WHERE session_id = ? AND holder = ?", (session.id, holder)
        )
        return int(row["count"]) if row else 0

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
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            await self._add(conn, session.id, holder, count)
            await self._history(conn, session.id, holder, count, reason, user_id, note, roll_ref)
            left = await self._count(conn, session.id, holder)
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
        spent = await self._spend(
            channel_id, holder, reason=reason, user_id=user_id, note=note, roll_ref=roll_ref
        )
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
        if self.encounters is None:  # a ledger without an encounter service (tests)
            spent = await self._spend(
                channel_id, holder, reason=reason, user_id=user_id, note=note, roll_ref=roll_ref
            )
            try:
                yield spent
            except BaseException:
                await self._refund(spent)
                raise
            return
        spend = _ActionSpend(self, session, channel_id, holder, reason, user_id, note, roll_ref)
        await spend.prepare(self.db, False)
        with self.encounters.joining(spend):
            yield spend.spent
        if not spend.done:
            alone = await self._spend(
                channel_id, holder, reason=reason, user_id=user_id, note=note, roll_ref=roll_ref
            )
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
        async with self.db.transaction() as conn:
            history_id = await self._history(
                conn, session.id, holder, delta, reason, user_id, note, roll_ref
            )
            if action is not None:
                await self._tag(conn, history_id, channel_id, action)
        if roll_ref is not None:
            self._recorded.add((session.id, holder, reason, roll_ref))

    def recording(
        self, session: Session, channel_id: int, rows: Rows
    ) -> AbstractContextManager[Any]:
        """``with ledger.recording(session, channel, rows): await encounters.act(...)``:
        the history rows ``rows()`` gives (read when the action writes, so its rules may
        fill them) are written in the action's own transaction, tied to it for ``/undo``
        (SW-38). For what changes in the encounter state and is mirrored here: a GM Wild
        Card's own pool spent, given or seeded (SW-35). Nothing is written when the
        rules refuse, and a crash cannot keep the change without its row."""
        assert self.encounters is not None, "recording needs the encounter service"
        return self.encounters.joining(_ActionRecord(self, session, channel_id, rows))

    async def history(self, channel_id: int, limit: int = 20) -> list[HistoryEntry]:
        """The newest ``limit`` rows of the open (or last) session, oldest first."""
        session = await self.last_session(channel_id)
        if session is None:
            raise UserError("bennies.error.no_session")
        rows = await self.db.fetchall(
            "SELECT * FROM benny_history WHERE session_id = ? ORDER BY id DESC LIMIT ?",
            (session.id, limit),
        )
        return [
            HistoryEntry(
                id=r["id"],
                created_at=r["created_at"],
                holder=r["holder"],
                delta=r["delta"],
                reason=r["reason"],
                note=r["note"],
                user_id=r["user_id"],
                roll_ref=r["roll_ref"],
            )
            for r in reversed(rows)
        ]

    async def has_record(self, channel_id: int, holder: str, reason: str, roll_ref: str) -> bool:
        """Whether the open session already has this (holder, reason, roll_ref) row."""
        session = await self.session(channel_id)
        if session is None:
            return False
        if (session.id, holder, reason, roll_ref) in self._recorded:
            return True
        row = await self.db.fetchone(
            "SELECT 1 FROM benny_history WHERE session_id = ? AND holder = ? AND reason = ? "
            "AND roll_ref = ?",
            (session.id, holder, reason, roll_ref),
        )
        if row is not None:
            self._recorded.add((session.id, holder, reason, roll_ref))
        return row is not None

    # -- SW-38 /undo ----------------------------------------------------------------------

    async def tag_action(self, spent: Spent, channel_id: int, action: ActionRef) -> None:
        """Say which encounter action a spend paid for (its encounter and the ``seq``
        before it), so that undoing that action gives the benny back
        (:meth:`undo_action`). A spend written with its action (:meth:`spending`) is
        tagged already."""
        if spent.action == action:
            return
        async with self.db.transaction() as conn:
            await self._tag(conn, spent.history_id, channel_id, action)
        spent.action = action

    async def undo_action(
        self, channel_id: int, action: ActionRef, *, user_id: int | None
    ) -> list[Returned]:
        """SW-38: ``/undo`` of the encounter action ``action`` reverses the ledger rows
        that action made in the open session, each once (see :meth:`_undo_rows`), in a
        transaction of its own. Returns what changed. :meth:`undoing` does the same
        inside the undo's own transaction."""
        session = await self.session(channel_id)
        if session is None:
            return []
        await self.collect_joker_awards(channel_id)  # an award not yet read is reversed too
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            changed = await self._undo_rows(conn, session, channel_id, action, user_id)
        committed(claim)
        return changed

    def undoing(
        self, session: Session, channel_id: int, user_id: int | None
    ) -> AbstractContextManager[_ActionUndo]:
        """``with ledger.undoing(session, channel, user) as undo: await
        encounters.undo_last(...)``: the ledger rows of the undone action are reversed
        in the undo's own transaction (SW-38), so a crash cannot restore the state
        without giving back the benny the action spent; ``undo.changes`` says what
        changed. Collect the Joker awards not yet read first (:meth:`collect_joker_awards`)."""
        assert self.encounters is not None, "undoing needs the encounter service"
        return self.encounters.joining(_ActionUndo(self, session, channel_id, user_id))  # type: ignore[return-value]

    async def _undo_rows(
        self,
        conn: Transaction,
        session: Session,
        channel_id: int,
        action: ActionRef,
        user_id: int | None,
    ) -> list[Returned]:
        """Reverse the rows ``action`` made: a benny it spent goes back to the pool it
        came from (reason ``undo.spend``); a Joker benny it gave (SW-33) is taken back
        (``undo.award``; never below zero: one already spent stays spent, and the reply
        says so). A GM Wild Card's own pool is in the encounter state, which the undo
        restored: only its history row is written, so summaries and ``/bennies show``
        agree. Only rows of ``action``'s own encounter are read (issue 28): an earlier
        encounter of the channel, whose ``seq`` ran over the same numbers, is never
        touched."""
        changed: list[Returned] = []
        if action.encounter_id is None:
            return changed
        # FOR UPDATE: an undo of the same action at the same time (another process)
        # waits, then finds these rows undone and reverses nothing twice.
        rows = await conn.fetchall(
            "SELECT id, holder, delta, roll_ref FROM benny_history WHERE session_id = ? "
            "AND encounter_id = ? AND action_seq = ? AND undone = 0 AND reason NOT LIKE "
            "'undo.%' ORDER BY id" + conn.dialect.for_update,
            (session.id, action.encounter_id, action.seq),
        )
        for row in rows:
            holder, delta = row["holder"], int(row["delta"])
            back = -delta
            if combatant_of(holder) is None:
                back = await self._reverse(conn, session.id, holder, back)
            reason = "undo.spend" if delta < 0 else "undo.award"
            if back:
                history_id = await self._history(
                    conn, session.id, holder, back, reason, user_id, None, row["roll_ref"]
                )
                await self._tag(conn, history_id, channel_id, action)
            await conn.execute("UPDATE benny_history SET undone = 1 WHERE id = ?", (row["id"],))
            left = (
                None
                if combatant_of(holder) is not None
                else await self._count(conn, session.id, holder)
            )
            changed.append(Returned(holder=holder, delta=back, wanted=-delta, left=left))
        return changed

    async def _reverse(self, conn: Transaction, session_id: int, holder: str, change: int) -> int:
        """Add ``change`` (+1 back, -1 taken) to a ledger pool, never below zero; returns
        what was actually changed."""
        if change >= 0:
            await self._add(conn, session_id, holder, change)
            return change
        taken = await conn.execute(
            "UPDATE bennies SET count = count + ? WHERE session_id = ? AND holder = ? "
            "AND count >= ?",
            (change, session_id, holder, -change),
        )
        return change if taken == 1 else 0

    @staticmethod
    async def _tag(conn: Transaction, history_id: int, channel_id: int, action: ActionRef) -> None:
        """Tie a history row to the encounter action it belongs to (SW-38, issue 28)."""
        await conn.execute(
            "UPDATE benny_history SET channel_id = ?, encounter_id = ?, action_seq = ? "
            "WHERE id = ?",
            (channel_id, action.encounter_id, action.seq, history_id),
        )

    # -- SW-33 Joker awards -------------------------------------------------------------

    async def collect_joker_awards(self, channel_id: int) -> list[dict[str, Any]]:
        """SW-33: read the channel's encounter log since the last call and give each Joker
        award (the events its system's plugin names so, ``BennyRules.events``) its bennies: a player character's Joker, one to every
        player of the session; a villain's (setting), one to the GM (its Wild Cards got
        theirs in the state, ``turns.py``). Each log row is read once (a cursor per
        session and channel, moved in the same transaction), so awards are never doubled.
        An encounter that does not share the session (issue 21, :meth:`Session.shared_with`)
        awards nothing: its rows are read past, so they never count later either.
        Returns what was awarded."""
        session = await self.session(channel_id)
        if session is None:
            return []
        encounter = await self._encounter(channel_id)
        jokers = sorted(events_asking(JOKER))
        shared = session.shared_with(encounter) and bool(jokers)
        awarded: list[dict[str, Any]] = []
        async with self.db.transaction() as conn:
            last = await self._cursor(conn, session.id, channel_id)
            rows = []
            if shared:
                likes = " OR ".join("payload LIKE ?" for _ in jokers)
                rows = await conn.fetchall(
                    "SELECT id, user_id, payload, encounter_id FROM encounter_log WHERE "
                    f"channel_id = ? AND id > ? AND created_at >= ? AND ({likes}) ORDER BY id",
                    (channel_id, last, session.started_at, *(f"%{k}%" for k in jokers)),
                )
            for log_row in rows:
                payload = json.loads(log_row["payload"])
                events = payload.get("events", [])
                action = _logged_action(log_row["encounter_id"], payload)
                for event in events:
                    if event.get("key") not in jokers:
                        continue
                    params = event.get("params", {})
                    holders = await self._players(conn, session.id) if params.get("pc") else [GM]
                    ref = f"log:{log_row['id']}"
                    for holder in holders:
                        await self._add(conn, session.id, holder, 1)
                        history_id = await self._history(
                            conn,
                            session.id,
                            holder,
                            1,
                            "joker",
                            log_row["user_id"],
                            str(params.get("combatant") or params.get("name") or "") or None,
                            ref,
                        )
                        if action is not None:  # SW-38: undoing the deal takes it back
                            await self._tag(conn, history_id, channel_id, action)
                    awarded.append(
                        {
                            "ref": ref,
                            "holders": holders,
                            "name": params.get("combatant") or params.get("name"),
                        }
                    )
            await self._set_cursor(conn, session.id, channel_id)
        return awarded

    # -- internals ----------------------------------------------------------------------

    @staticmethod
    def _ledger_holder(holder: str) -> None:
        if combatant_of(holder) is not None:
            # A GM Wild Card's own pool is in the encounter state (bot.bennies.uses).
            raise ValueError(f"{holder} is kept in the encounter state, not the ledger")
        if holder != GM and not holder.startswith("user:"):
            raise ValueError(f"unknown benny holder {holder!r}")

    async def _spend(
        self,
        channel_id: int,
        holder: str,
        *,
        reason: str,
        user_id: int | None,
        note: str | None,
        roll_ref: str | None,
    ) -> Spent:
        self._ledger_holder(holder)
        session = await self.require_session(channel_id)
        claim = pending_claim(channel_id=channel_id)
        async with self.db.transaction() as conn:
            await _mark(conn, claim)
            spent = await conn.execute(
                "UPDATE bennies SET count = count - 1 "
                "WHERE session_id = ? AND holder = ? AND count > 0",
                (session.id, holder),
            )
            if spent != 1:
                raise UserError("bennies.error.empty", holder=holder)
            history_id = await self._history(
                conn, session.id, holder, -1, reason, user_id, note, roll_ref
            )
            left = await self._count(conn, session.id, holder)
        committed(claim)
        return Spent(holder=holder, left=left, history_id=history_id, session_id=session.id)

    async def _refund(self, spent: Spent) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE bennies SET count = count + 1 WHERE session_id = ? AND holder = ?",
                (spent.session_id, spent.holder),
            )
            await conn.execute("DELETE FROM benny_history WHERE id = ?", (spent.history_id,))

    async def _pools(self, session_id: int) -> dict[str, int]:
        rows = await self.db.fetchall(
            "SELECT holder, count FROM bennies WHERE session_id = ? ORDER BY rowid", (session_id,)
        )
        return {r["holder"]: int(r["count"]) for r in rows}

    async def _encounter(self, channel_id: int) -> Encounter | None:
        if self.encounters is not None:
            return await self.encounters.get(channel_id)
        row = await self.db.fetchone(
            "SELECT state FROM encounters WHERE channel_id = ?", (channel_id,)
        )
        return Encounter.model_validate_json(unpack(row["state"])) if row else None

    @staticmethod
    async def _players(conn: Transaction, session_id: int) -> list[str]:
        rows = await conn.fetchall(
            "SELECT holder FROM bennies WHERE session_id = ? AND holder LIKE 'user:%' "
            "ORDER BY rowid",
            (session_id,),
        )
        return [r["holder"] for r in rows]

    @staticmethod
    async def _add(conn: Transaction, session_id: int, holder: str, count: int) -> None:
        await conn.execute(
            "INSERT INTO bennies (session_id, holder, count) VALUES (?, ?, ?) "
            "ON CONFLICT (session_id, holder) DO UPDATE SET count = bennies.count + excluded.count",
            (session_id, holder, count),
        )

    @staticmethod
    async def _count(conn: Transaction, session_id: int, holder: str) -> int:
        row = await conn.fetchone(
            "SELECT count FROM bennies WHERE session_id = ? AND holder = ?", (session_id, holder)
        )
        return int(row["count"]) if row else 0

    @staticmethod
    async def _history(
        conn: Transaction,
        session_id: int,
        holder: str,
        delta: int,
        reason: str,
        user_id: int | None,
        note: str | None = None,
        roll_ref: str | None = None,
    ) -> int:
        history_id = await conn.fetchval(
            "INSERT INTO benny_history "
            "(session_id, created_at, holder, delta, reason, user_id, roll_ref, note) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (session_id, _now(), holder, delta, reason, user_id, roll_ref, note),
        )
        return int(history_id)

    @staticmethod
    async def _cursor(conn: Transaction, session_id: int, channel_id: int) -> int:
        """The last log row read for SW-33 awards in the channel, with its cursor row
        held until the transaction ends (created at 0 when the channel has none yet), so
        two collections at once read each log row once."""
        query = (
            "SELECT last_log_id FROM benny_log_cursor WHERE session_id = ? AND channel_id = ?"
            + conn.dialect.for_update
        )
        row = await conn.fetchone(query, (session_id, channel_id))
        if row is None:
            await conn.execute(
                "INSERT INTO benny_log_cursor (session_id, channel_id, last_log_id) "
                "VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
                (session_id, channel_id),
            )
            row = await conn.fetchone(query, (session_id, channel_id))
        return int(row["last_log_id"]) if row else 0

    @staticmethod
    async def _set_cursor(conn: Transaction, session_id: int, channel_id: int) -> None:
        await conn.execute(
            "INSERT INTO benny_log_cursor (session_id, channel_id, last_log_id) "
            "SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), COALESCE(MAX(id), 0) "
            "FROM encounter_log WHERE channel_id = ? "
            "ON CONFLICT (session_id, channel_id) DO UPDATE SET last_log_id = excluded.last_log_id",
            (session_id, channel_id, channel_id),
        )


async def _mark(conn: Transaction, claim: InteractionClaim | None) -> None:
    """Mark the running interaction processed in this transaction (once per interaction:
    a second process that received it too then changes nothing)."""
    if claim is not None:
        await claim.mark(conn)


class _ActionSpend:
    """One benny spent inside an encounter action's transaction (:meth:`BennyLedger.spending`,
    :meth:`EncounterService.joining`). ``prepare`` reads the pool before the rules run (they
    show what is left); ``write`` spends it only if the pool still holds what was read, in a
    session still open, else the action is tried again on fresh state (``ConcurrentChange``:
    the retry reads the pool's row FOR UPDATE, holding it until the commit)."""

    def __init__(
        self,
        ledger: BennyLedger,
        session: Session,
        channel_id: int,
        holder: str,
        reason: str,
        user_id: int | None,
        note: str | None,
        roll_ref: str | None,
    ) -> None:
        self.ledger = ledger
        self.session = session
        self.channel_id = channel_id
        self.holder = holder
        self.reason = reason
        self.user_id = user_id
        self.note = note
        self.roll_ref = roll_ref
        self.expected = 0
        self.done = False
        self.spent = Spent(holder=holder, left=0, history_id=0, session_id=session.id)

    async def prepare(self, reader: Reader, locked: bool) -> None:
        query = "SELECT count FROM bennies WHERE session_id = ? AND holder = ?"
        if locked:
            query += reader.dialect.for_update
        row = await reader.fetchone(query, (self.session.id, self.holder))
        self.expected = int(row["count"]) if row else 0
        if self.expected <= 0:
            raise UserError("bennies.error.empty", holder=self.holder)
        self.spent.left = self.expected - 1

    async def write(self, tx: Transaction, action: ActionRef) -> None:
        changed = await tx.execute(
            "UPDATE bennies SET count = count - 1 WHERE session_id = ? AND holder = ? "
            "AND count = ? AND EXISTS (SELECT 1 FROM benny_sessions WHERE id = ? "
            "AND ended_at IS NULL)",
            (self.session.id, self.holder, self.expected, self.session.id),
        )
        if changed != 1:
            raise ConcurrentChange(self.channel_id)
        ledger = self.ledger
        history_id = await ledger._history(
            tx,
            self.session.id,
            self.holder,
            -1,
            self.reason,
            self.user_id,
            self.note,
            self.roll_ref,
        )
        await ledger._tag(tx, history_id, self.channel_id, action)
        self.spent.history_id = history_id
        self.spent.action = action

    def committed(self) -> None:
        self.done = True


class _ActionRecord:
    """History rows written inside an encounter action's transaction
    (:meth:`BennyLedger.recording`): ``rows`` is called when the action writes."""

    def __init__(self, ledger: BennyLedger, session: Session, channel_id: int, rows: Rows) -> None:
        self.ledger = ledger
        self.session = session
        self.channel_id = channel_id
        self.rows = rows
        self.written: list[Row_] = []

    async def prepare(self, reader: Reader, locked: bool) -> None:
        return None

    async def write(self, tx: Transaction, action: ActionRef) -> None:
        self.written = list(self.rows())
        for holder, delta, reason, user_id, note, roll_ref in self.written:
            history_id = await self.ledger._history(
                tx, self.session.id, holder, delta, reason, user_id, note, roll_ref
            )
            await self.ledger._tag(tx, history_id, self.channel_id, action)

    def committed(self) -> None:
        for holder, _delta, reason, _user, _note, roll_ref in self.written:
            if roll_ref is not None:
                self.ledger._recorded.add((self.session.id, holder, reason, roll_ref))


class _ActionUndo:
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
        self.changes = await self.ledger._undo_rows(
            tx, self.session, self.channel_id, action, self.user_id
        )

    def committed(self) -> None:
        return None
