"""SW-33: the Joker awards of an encounter, read from its log and given once.

A system with bennies says which events are Joker awards (``BennyRules.events``,
:mod:`bot.systems.bennies`). The ledger reads the channel's log since its cursor and
gives each award its bennies: a player character's Joker, one to every player of the
session; a villain's (setting), one to the GM (its Wild Cards got theirs in the state).
Each log row is read once (a cursor per session and channel, read FOR UPDATE and moved
in the same transaction), so awards are never doubled. An encounter that does not share
the session (issue 21, ``Session.shared_with``) awards nothing: its rows are read past,
so they never count later either.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bot.bennies.holders import GM, events_asking
from bot.bennies.joined_work import write_tagged
from bot.encounter.service import ActionRef
from bot.storage import bennies as rows
from bot.storage import encounters as encounter_rows
from bot.storage.db import Row, Transaction
from bot.systems.bennies import JOKER
from bot.systems.encounter import Encounter

if TYPE_CHECKING:
    from bot.bennies.ledger import BennyLedger, Session


def logged_action(encounter_id: int | None, payload: dict[str, Any]) -> ActionRef | None:
    """The encounter action a log row records: the encounter it belongs to (its
    ``encounter_id``, issue 28) and its ``seq`` before the action (its dice seed is
    ``"<seed>:<seq>"``, :meth:`bot.systems.encounter.Encounter.dice_seed`)."""
    seed = payload.get("seed")
    if encounter_id is None or not isinstance(seed, str) or ":" not in seed:
        return None
    tail = seed.rsplit(":", 1)[1]
    return ActionRef(int(encounter_id), int(tail)) if tail.isdigit() else None


async def collect(
    ledger: BennyLedger, session: Session, channel_id: int, encounter: Encounter | None
) -> list[dict[str, Any]]:
    """Give each Joker award of the channel's log since the cursor its bennies (the
    module's docstring), in one transaction; what was awarded."""
    keys = sorted(events_asking(JOKER))
    shared = session.shared_with(encounter) and bool(keys)
    awarded: list[dict[str, Any]] = []
    async with ledger.db.transaction() as tx:
        last = await rows.cursor(tx, session.id, channel_id)
        found = await encounter_rows.log_since(
            tx, channel_id, last, session.started_at, keys if shared else []
        )
        for log_row in found:
            awarded += await _award_row(ledger, tx, session, channel_id, log_row, keys)
        await rows.move_cursor(tx, session.id, channel_id)
    return awarded


async def _award_row(
    ledger: BennyLedger,
    tx: Transaction,
    session: Session,
    channel_id: int,
    log_row: Row,
    keys: list[str],
) -> list[dict[str, Any]]:
    """The awards of one log row: each Joker event's bennies, tied to the action that
    dealt it (SW-38: undoing the deal takes them back)."""
    payload = json.loads(log_row["payload"])
    action = logged_action(log_row["encounter_id"], payload)
    awarded = []
    for event in payload.get("events", []):
        if event.get("key") not in keys:
            continue
        params = event.get("params", {})
        holders = await rows.players(tx, session.id) if params.get("pc") else [GM]
        ref = f"log:{log_row['id']}"
        name = params.get("combatant") or params.get("name")
        for holder in holders:
            await ledger._add(tx, session.id, holder, 1)
            row = (holder, 1, "joker", log_row["user_id"], str(name or "") or None, ref)
            await write_tagged(tx, session.id, channel_id, action, row)
        awarded.append({"ref": ref, "holders": holders, "name": name})
    return awarded
