"""The encounter service (DESIGN.md): load a channel's encounter under its lock, apply one
rules action, save the new state, the undo snapshot and the log in one transaction.

Rules functions are pure (``bot.systems``); the service gives each action its own dice
source seeded with ``Encounter.dice_seed()`` so the log can be replayed, and bumps the
optimistic ``version`` column. Nothing here talks to Discord.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.errors import UserError
from bot.storage.db import Database
from bot.storage.packed import pack, unpack
from bot.systems.base import Outcome
from bot.systems.bounds import ENCOUNTER_NAME_MAX
from bot.systems.common import plain_items, raw_items
from bot.systems.encounter import SYSTEMS, Encounter
from bot.systems.plain_names import plain_name

UNDO_DEPTH = 50
CACHE_SIZE = 128  # encounters kept parsed in memory (the busiest channels)

RulesAction = Callable[[Encounter, DiceSource], Outcome]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Undone:
    """What ``/undo`` undid: its summary, the encounter's ``seq`` before that action
    (what the undo snapshot keeps as ``version``) and the system."""

    summary: str
    seq: int
    system: str


class ConcurrentChange(Exception):
    """Another writer changed the encounter between our read and our write."""


class DuplicateInteraction(Exception):
    """This interaction was already applied (a replayed INTERACTION_CREATE)."""


DISCORD_EPOCH_MS = 1_420_070_400_000
KEEP_PROCESSED_MS = 60 * 60 * 1000  # interactions expire after 15 minutes; keep an hour


def _snowflake_before(now_ms: int) -> int:
    return (now_ms - DISCORD_EPOCH_MS) << 22


Fragments = dict[int, tuple[Any, str]]  # id(combatant) -> (combatant, its JSON)
# (encounter, its JSON, version, fragments, the JSON as stored when known)
Entry = tuple[Encounter, str, int, Fragments, bytes | None]


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

    def __init__(self, db: Database, dice: DiceProvider) -> None:
        self.db = db
        self.dice = dice
        self._locks: dict[int, asyncio.Lock] = {}
        # The latest (encounter, its JSON, version, its combatants' JSON) per channel.
        # This process is the only writer of its channels; if another wrote, the version
        # check in act() fails, the entry is dropped and the action retried from the
        # database.
        self._cache: OrderedDict[int, Entry] = OrderedDict()

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- reading ----------------------------------------------------------------------

    async def get(self, channel_id: int) -> Encounter | None:
        """The channel's encounter (shared: never mutate it; rules copy before changing)."""
        entry = await self._load(channel_id)
        return entry[0] if entry else None

    def _remember(self, channel_id: int, entry: Entry) -> None:
        """Keep the most recently used encounters only (memory stays flat with many
        live encounters; a miss costs one read and parse)."""
        self._cache[channel_id] = entry
        self._cache.move_to_end(channel_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def _load(self, channel_id: int) -> Entry | None:
        entry = self._cache.get(channel_id)
        if entry is not None:
            self._cache.move_to_end(channel_id)
            return entry
        row = await self.db.fetchone(
            "SELECT state, version FROM encounters WHERE channel_id = ?", (channel_id,)
        )
        if row is None:
            return None
        stored = row["state"]
        text = unpack(stored)
        packed = stored if isinstance(stored, bytes) else None
        entry = (Encounter.model_validate_json(text), text, row["version"], {}, packed)
        self._remember(channel_id, entry)
        return entry

    def forget(self, channel_id: int) -> None:
        """Drop the cached copy (after writes other than act, or another writer's)."""
        self._cache.pop(channel_id, None)

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
    ) -> Encounter:
        if system not in SYSTEMS:
            raise UserError("encounter.unknown_system", system=system, systems=", ".join(SYSTEMS))
        if name.strip():  # issue 21: a plain name within its bound
            name = plain_name(name, limit=ENCOUNTER_NAME_MAX)
        async with self.lock(channel_id):
            if await self.get(channel_id) is not None:
                raise UserError("encounter.already")
            state = SYSTEMS[system]()
            encounter = Encounter(
                channel_id=channel_id,
                guild_id=guild_id,
                gm_id=gm_id,
                name=name,
                seed=self.dice.new_seed(),
                state=state,  # type: ignore[arg-type]
            )
            state_json = encounter.model_dump_json()
            log = _log_row(
                encounter, user_id or gm_id, "encounter.start", {"system": system, "name": name}, 1
            )

            def write(conn: sqlite3.Connection) -> None:
                _insert_encounter(conn, encounter, state_json)
                _log(conn, log)

            await self.db.write(write)
            self.forget(channel_id)
            return encounter

    async def end(self, channel_id: int, user_id: int) -> Encounter:
        async with self.lock(channel_id):
            encounter = await self.require(channel_id)
            encounter = encounter.model_copy(update={"active": False})
            state_json = encounter.model_dump_json()
            log = _log_row(encounter, user_id, "encounter.end", {}, None)

            def write(conn: sqlite3.Connection) -> None:
                conn.execute(
                    "INSERT INTO encounter_archive (channel_id, guild_id, system, state, ended_at) VALUES (?, ?, ?, ?, ?)",
                    (channel_id, encounter.guild_id, encounter.system, pack(state_json), log[0]),
                )
                _log(conn, log)
                conn.execute("DELETE FROM encounters WHERE channel_id = ?", (channel_id,))

            await self.db.write(write)
            self.forget(channel_id)
            return encounter

    async def replace(
        self, encounter: Encounter, user_id: int, *, kind: str = "encounter.import"
    ) -> Encounter:
        """Put a whole encounter in the channel (``/encounter import``): undoable. (An
        imported file's encounter comes with a new seed: ``/encounter import``.)"""
        async with self.lock(encounter.channel_id):
            old = await self.get(encounter.channel_id)
            state_json = encounter.model_dump_json()
            old_json = old.model_dump_json() if old is not None else ""
            log = _log_row(encounter, user_id, kind, {}, None)

            def write(conn: sqlite3.Connection) -> None:
                if old is None:
                    _insert_encounter(conn, encounter, state_json)
                else:
                    _snapshot(conn, old.channel_id, old.seq, kind, pack(old_json))
                    conn.execute(
                        "UPDATE encounters SET state = ?, system = ?, version = version + 1, updated_at = ? WHERE channel_id = ?",
                        (pack(state_json), encounter.system, _now(), encounter.channel_id),
                    )
                _log(conn, log)

            await self.db.write(write)
            self.forget(encounter.channel_id)
            return encounter

    # -- actions --------------------------------------------------------------------------

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
        """Apply one rules action under the channel's lock, in one transaction. With an
        ``interaction_id``, an interaction already applied raises DuplicateInteraction."""
        async with self.lock(channel_id):
            try:
                return await self._act(
                    channel_id, user_id, action, kind, params, undoable, interaction_id
                )
            except ConcurrentChange:
                self.forget(channel_id)
                return await self._act(
                    channel_id, user_id, action, kind, params, undoable, interaction_id
                )

    async def _act(
        self,
        channel_id: int,
        user_id: int,
        action: RulesAction,
        kind: str,
        params: dict[str, Any] | None,
        undoable: bool,
        interaction_id: int | None,
    ) -> tuple[Encounter, Outcome]:
        entry = await self._load(channel_id)
        if entry is None:
            raise UserError("encounter.none")
        encounter, encounter_json, version, fragments, encounter_packed = entry
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
        updated = encounter.model_copy(
            update={"state": outcome.state, "seq": encounter.seq + 1, "offers": outcome.offers}
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
            },
            version + 1,
        )
        now = log[0]

        def write(conn: sqlite3.Connection) -> bytes:
            # Packing here, on the writer thread, keeps it off the event loop (zlib lets
            # go of the GIL while it compresses).
            updated_packed = pack(updated_json)
            if interaction_id is not None:
                _mark_processed(conn, interaction_id, channel_id, updated.seq)
            cursor = conn.execute(
                "UPDATE encounters SET state = ?, version = version + 1, updated_at = ? "
                "WHERE channel_id = ? AND version = ?",
                (updated_packed, now, channel_id, version),
            )
            if cursor.rowcount != 1:
                raise ConcurrentChange(channel_id)
            if undoable:
                before = encounter_packed if encounter_packed is not None else pack(encounter_json)
                _snapshot(conn, channel_id, encounter.seq, outcome.summary or kind, before)
            _log(conn, log)
            return updated_packed

        updated_packed = await self.db.write(write)
        self._remember(
            channel_id, (updated, updated_json, version + 1, updated_fragments, updated_packed)
        )
        return updated, outcome

    async def set_board(self, channel_id: int, message_id: int | None) -> None:
        """Remember the board message (not an undoable change)."""
        async with self.lock(channel_id):
            encounter = await self.get(channel_id)
            if encounter is None:
                return
            encounter = encounter.model_copy(update={"board_message_id": message_id})
            state_json = encounter.model_dump_json()
            await self.db.write(
                lambda conn: conn.execute(
                    "UPDATE encounters SET state = ? WHERE channel_id = ?",
                    (pack(state_json), channel_id),
                )
            )
            self.forget(channel_id)

    async def undo(self, channel_id: int, user_id: int) -> str:
        """Restore the state before the last change; return what was undone."""
        return (await self.undo_last(channel_id, user_id)).summary

    async def undo_last(self, channel_id: int, user_id: int) -> Undone:
        """Restore the state before the last change; say what was undone and which
        action it was (its ``seq``, for what lives outside the state: the bennies
        ledger, SW-38)."""
        async with self.lock(channel_id):
            current = await self.require(channel_id)
            row = await self.db.fetchone(
                "SELECT id, version, summary, state FROM encounter_undo WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
            if row is None:
                raise UserError("encounter.nothing_to_undo")
            previous = Encounter.model_validate_json(unpack(row["state"]))
            # Keep the board message and the dice sequence moving forward.
            previous = previous.model_copy(
                update={"board_message_id": current.board_message_id, "seq": current.seq}
            )
            state_json = previous.model_dump_json()
            log = _log_row(
                previous, user_id, "undo", {"undone": row["summary"], "seq": row["version"]}, None
            )

            def write(conn: sqlite3.Connection) -> None:
                conn.execute(
                    "UPDATE encounters SET state = ?, version = version + 1, updated_at = ? WHERE channel_id = ?",
                    (pack(state_json), log[0], channel_id),
                )
                conn.execute("DELETE FROM encounter_undo WHERE id = ?", (row["id"],))
                _log(conn, log)

            await self.db.write(write)
            self.forget(channel_id)
            return Undone(str(row["summary"]), int(row["version"]), previous.system)

    async def log_roll(
        self, *, guild_id: int | None, channel_id: int, user_id: int, payload: dict[str, Any]
    ) -> None:
        """Append a stand-alone roll (/roll, /trait) to the log."""
        log = (_now(), guild_id, channel_id, user_id, "roll", None, _dumps(payload))
        await self.db.write(lambda conn: _log(conn, log))

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


# -- writes (plain sqlite3, run on the database thread inside Database.write) -------------

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


def _log(conn: sqlite3.Connection, row: LogRow) -> None:
    conn.execute(
        "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind, version, payload)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        row,
    )


def _insert_encounter(conn: sqlite3.Connection, encounter: Encounter, state_json: str) -> None:
    now = _now()
    conn.execute(
        "INSERT INTO encounters (channel_id, guild_id, system, state, version, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, 1, ?, ?)",
        (encounter.channel_id, encounter.guild_id, encounter.system, pack(state_json), now, now),
    )


def _mark_processed(
    conn: sqlite3.Connection, interaction_id: int, channel_id: int, seq: int
) -> None:
    cursor = conn.execute(
        "INSERT OR IGNORE INTO processed_interactions (interaction_id, channel_id) VALUES (?, ?)",
        (interaction_id, channel_id),
    )
    if cursor.rowcount == 0:
        raise DuplicateInteraction(interaction_id)
    if seq % 500 == 0:
        cutoff = _snowflake_before(int(datetime.now(UTC).timestamp() * 1000) - KEEP_PROCESSED_MS)
        conn.execute("DELETE FROM processed_interactions WHERE interaction_id < ?", (cutoff,))


def _snapshot(
    conn: sqlite3.Connection, channel_id: int, version: int, summary: str, stored: bytes
) -> None:
    """Keep the state before an undoable change (packed, :mod:`bot.storage.packed`); only
    the last UNDO_DEPTH are kept."""
    conn.execute(
        "INSERT INTO encounter_undo (channel_id, version, summary, state) VALUES (?, ?, ?, ?)",
        (channel_id, version, summary, stored),
    )
    conn.execute(
        "DELETE FROM encounter_undo WHERE channel_id = ? AND id < (SELECT id FROM encounter_undo"
        " WHERE channel_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
        (channel_id, channel_id, UNDO_DEPTH - 1),
    )
