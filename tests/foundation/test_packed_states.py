"""Encounter states are stored packed (zlib JSON BLOBs, bot/storage/packed.py) on both
engines; on SQLite, rows written as JSON text before that are still read, acted on and
undone (PostgreSQL never had them: ``comodin db copy`` packs them on the way)."""

import pytest

from bot.encounter.service import EncounterService
from bot.storage.db import Transaction
from bot.storage.packed import pack, unpack
from bot.systems.encounter import Encounter
from tests.foundation.conftest import CHANNEL
from tests.foundation.test_service import next_round


@pytest.fixture
def system() -> str:
    """The ``service`` fixture's encounter is a SWADE one here (the largest state)."""
    return "swade"


async def _stored(service: EncounterService) -> bytes | str:
    row = await service.db.fetchone("SELECT state FROM encounters WHERE channel_id = ?", (CHANNEL,))
    return row["state"]


async def _undo_rows(service: EncounterService) -> list[bytes | str]:
    rows = await service.db.fetchall(
        "SELECT state FROM encounter_undo WHERE channel_id = ? ORDER BY id", (CHANNEL,)
    )
    return [r["state"] for r in rows]


def test_pack_round_trips_and_shrinks_json() -> None:
    text = '{"name":"Ñandú «¿?»","combatants":[' + ",".join(['{"wounds":0}'] * 50) + "]}"
    packed = pack(text)
    assert isinstance(packed, bytes) and len(packed) < len(text) / 4
    assert unpack(packed) == text
    assert unpack(text) == text, "a row from before packing is plain JSON text"


async def test_an_action_stores_the_state_packed(service: EncounterService) -> None:
    encounter, _ = await service.act(CHANNEL, 9, next_round, kind="test")
    stored = await _stored(service)
    assert isinstance(stored, bytes)
    assert Encounter.model_validate_json(unpack(stored)) == encounter
    service.forget(CHANNEL)
    assert await service.get(CHANNEL) == encounter


async def test_the_undo_snapshot_is_the_stored_state_before(service: EncounterService) -> None:
    await service.act(CHANNEL, 9, next_round, kind="test")
    first = await _stored(service)
    await service.act(CHANNEL, 9, next_round, kind="test")
    assert (await _undo_rows(service))[-1] == first
    await service.undo(CHANNEL, 9)
    assert (await service.get(CHANNEL)).state.round == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("engine", ["sqlite"])
async def test_rows_written_as_text_are_still_read_and_undone(service: EncounterService) -> None:
    await service.act(CHANNEL, 9, next_round, kind="test")
    encounter = await service.get(CHANNEL)
    assert encounter is not None
    text = encounter.model_dump_json()

    async def as_text(tx: Transaction) -> None:
        await tx.execute("UPDATE encounters SET state = ? WHERE channel_id = ?", (text, CHANNEL))
        for undo_id, stored in await tx.fetchall("SELECT id, state FROM encounter_undo"):
            await tx.execute(
                "UPDATE encounter_undo SET state = ? WHERE id = ?", (unpack(stored), undo_id)
            )

    await service.db.write(as_text)
    service.forget(CHANNEL)
    assert all(isinstance(row, str) for row in await _undo_rows(service))
    assert await service.get(CHANNEL) == encounter
    after, _ = await service.act(CHANNEL, 9, next_round, kind="test")
    assert after.state.round == 2
    assert isinstance(await _stored(service), bytes)
    assert unpack((await _undo_rows(service))[-1]) == text, "the text row is kept, packed"
    assert await service.undo(CHANNEL, 9) == "round"
    assert (await service.get(CHANNEL)).state.round == 1  # type: ignore[union-attr]
    assert await service.undo(CHANNEL, 9) == "round"  # from a text undo row
    assert (await service.get(CHANNEL)).state.round == 0  # type: ignore[union-attr]
