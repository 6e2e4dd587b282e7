"""Encounter states are stored packed (zstd JSON BLOBs since issue 32's eighth round,
zlib before it: bot/storage/packed.py) on both engines; rows packed with zlib are still
read, acted on and undone, and on SQLite so are rows written as JSON text before packing
(PostgreSQL never had them: ``comodin db copy`` packs them on the way)."""

import zlib
from pathlib import Path

import pytest

from bot.dice_provider import DiceProvider
from bot.encounter.service import EncounterService
from bot.errors import UserError
from bot.storage import encounters as rows
from bot.storage.db import Transaction, open_database
from bot.storage.packed import (
    CHUNK,
    DICTIONARY,
    LEVEL,
    PAD,
    ZSTD,
    ZSTD_LEVEL,
    is_delta,
    pack,
    pack_against,
    padded,
    unpack,
    unpack_against,
    zstd,
)
from bot.systems.encounter import Encounter
from tests.foundation.conftest import CHANNEL
from tests.foundation.test_service import next_round
from tests.foundation.undo_rows import as_packed_against_the_state_after, undo_texts


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


def _zlib_packed(text: str) -> bytes:
    """``text`` as the bot packed a state from issue 32's third round to its seventh
    (zlib at level 3 with the dictionary)."""
    packer = zlib.compressobj(LEVEL, zdict=DICTIONARY)
    return packer.compress(text.encode()) + packer.flush()


def _zstd_fresh(text: str) -> bytes:
    """``text`` packed by zstd's one-call function, with the dictionary as raw content."""
    options = {
        zstd.CompressionParameter.compression_level: ZSTD_LEVEL,
        zstd.CompressionParameter.checksum_flag: 1,
        zstd.CompressionParameter.dict_id_flag: 0,
    }
    return zstd.compress(
        text.encode(), options=options, zstd_dict=zstd.ZstdDict(DICTIONARY, is_raw=True)
    )


def test_a_state_is_packed_with_the_dictionary_and_older_rows_still_read() -> None:
    """Issue 32: states are packed with a preset dictionary (the package's
    ``states.zdict``), since its eighth round as a zstd frame, and in the encounters
    row padded to a multiple of PAD bytes; a state packed with zlib (the format
    before, with the dictionary or, before it, without) and plain text still read. A
    cut or damaged frame is ``zlib.error``, what the callers catch, never a state."""
    card = '{"id":"c%d","name":"Lobo %d","wounds":0,"max_wounds":3,"shaken":false}'
    text = '{"channel_id":1,"state":{"combatants":[' + ",".join(card % (i, i) for i in range(12))
    text += "]}}"
    packed = pack(text)
    assert packed.startswith(ZSTD), "a zstd frame"
    info = zstd.get_frame_info(packed)
    assert info.decompressed_size == len(text.encode()) and info.dictionary_id == 0
    assert packed[4] & 0x04, "the frame has a checksum of its content"
    assert len(packed) < len(zstd.compress(text.encode(), level=ZSTD_LEVEL))
    assert len(packed) < len(_zlib_packed(text)), "smaller than the format before"
    with pytest.raises(zstd.ZstdError):  # the dictionary is needed to read it
        zstd.decompress(packed)
    assert unpack(packed) == text
    stored = padded(packed)
    assert len(stored) % PAD == 0 and len(stored) - len(packed) < PAD
    assert unpack(stored) == text
    older = _zlib_packed(text)
    assert older[1] & 0x20 and zlib.adler32(DICTIONARY).to_bytes(4, "big") == older[2:6]
    assert unpack(older) == text and unpack(padded(older)) == text, "zlib, the dictionary"
    assert len(padded(older)) % PAD == 0
    assert unpack(zlib.compress(text.encode(), 3)) == text, "packed before the dictionary"
    assert padded(text) == text, "a row from before packing stays as it is"
    with pytest.raises(zlib.error):
        unpack(older[:-4])
    with pytest.raises(zlib.error):
        unpack(packed[:-4])
    damaged = bytearray(packed)
    damaged[len(packed) // 2] ^= 0x04
    with pytest.raises(zlib.error):
        unpack(bytes(damaged))


def test_each_state_is_packed_as_a_fresh_compressor_with_the_dictionary_packs_it() -> None:
    """Issue 32: :func:`pack` keeps a compressor per thread with the dictionary taken in
    once; what it packs is byte for byte what a fresh one packs, call after call (a
    frame carries nothing of the one before), and from several threads at once."""
    from concurrent.futures import ThreadPoolExecutor

    card = '{"id":"c%d","name":"Ñora %d","wounds":%d,"shaken":false}'
    texts = [
        '{"state":{"combatants":[' + ",".join(card % (i, i, n % 4) for i in range(n)) + "]}}"
        for n in range(1, 40)
    ]
    assert [pack(t) for t in texts] == [_zstd_fresh(t) for t in texts]
    assert [pack(t) for t in reversed(texts)] == [_zstd_fresh(t) for t in reversed(texts)]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(pack, texts * 5)) == [_zstd_fresh(t) for t in texts * 5]
        assert list(pool.map(unpack, [pack(t) for t in texts * 5])) == texts * 5


def test_a_state_packed_against_the_next_reads_back_byte_for_byte() -> None:
    # Three chunks and more, a multi-byte letter across each chunk's end, a shift (a
    # longer name near the start), a change near the end, and the empty text.
    row = '{"name":"Ñandú «¿?»","wounds":%d,"notes":"%s"}'
    after = "[" + ",".join(row % (i, "é" * (i % 7)) for i in range(1400)) + "]"
    before = after.replace('"wounds":3,', '"wounds":3,"extra":"más largo",', 1)
    before = before[:-40] + before[-40:].replace("1", "2")
    assert len(before.encode()) > 3 * CHUNK
    packed = pack_against(before, after)
    assert is_delta(packed) and not is_delta(pack(before)) and not is_delta(before)
    assert unpack_against(packed, after) == before
    assert len(packed) < len(pack(before)) / 4
    assert unpack_against(pack(before), after) == before, "a state packed alone"
    assert unpack_against(before, after) == before, "a row from before packing"
    assert unpack_against(pack_against("", after), after) == ""
    with pytest.raises(zlib.error):  # another base is an error, never another state
        unpack_against(packed, after.replace("Ñandú", "Nandu", 1))


def test_a_snapshot_keeps_only_the_pieces_an_action_changed() -> None:
    """Issue 32: the state before an action is stored as runs of the pieces it shares
    with the state after and, compressed, the pieces the action changed: a dozen
    combatants, one of them hit, cost a few hundred bytes; pieces moved, added, removed
    or repeated read back byte for byte."""
    card = '{"id":"c%d","name":"Goblin %d «ñ»","wounds":%d,"notes":"%s"}'
    state = '{"round":%d,"combatants":[%s]}'
    notes = ["".join(f"{i * j * 7919 % 4093:03x}" for j in range(100)) for i in range(13)]
    cards = [card % (i, i, 0, notes[i]) for i in range(12)]
    after = state % (2, ",".join(cards))
    hit = cards.copy()
    hit[5] = card % (5, 5, 1, notes[5])
    before = state % (1, ",".join(hit))
    packed = pack_against(before, after)
    assert is_delta(packed) and unpack_against(packed, after) == before
    assert len(packed) < 200 < len(pack(before)) / 4
    for other in (
        state % (1, ",".join(reversed(cards))),  # moved
        state % (1, ",".join(cards[:4] + cards[7:])),  # removed
        state % (1, ",".join([*cards, card % (99, 99, 0, notes[12])])),  # added
        state % (1, ",".join(cards[:1] * 12)),  # one piece again and again
        "}," + "{" + ",{},{" * 5 + "}",  # nothing but cuts
    ):
        assert unpack_against(pack_against(other, after), after) == other
        assert unpack_against(pack_against(after, other), other) == after
    with pytest.raises(zlib.error):
        unpack_against(packed, after.replace("«ñ»", "«n»", 1))
    with pytest.raises(zlib.error):
        unpack_against(packed[:-3], after)
    size = int.from_bytes(packed[10:14], "big")
    for runs in (b"[999,1]", b"[0]", b'["a",1]', b"{}", b"[0,1"):
        crafted = packed[:10] + len(runs).to_bytes(4, "big") + runs + packed[14 + size :]
        with pytest.raises(zlib.error):  # runs past the other state, odd, not numbers
            unpack_against(crafted, after)


def test_a_snapshot_stored_in_the_format_before_still_reads_back() -> None:
    """A row an older bot packed against the state after it (zlib with that state as
    dictionary, the format before issue 32's second round) reads back with it."""
    before = '{"name":"Ñandú","combatants":[{"id":"c1","wounds":1},{"id":"c2","wounds":0}]}'
    after = before.replace('"wounds":1', '"wounds":2')
    stored = bytes.fromhex("00010000001378f94a8f1a47ab26c33843dcc601004a741a46")
    assert is_delta(stored) and unpack_against(stored, after) == before
    with pytest.raises(zlib.error):
        unpack_against(stored, before)


async def _text_now(service: EncounterService) -> str:
    return unpack(await _stored(service))


MOVING_ON = {"seq", "board_message_id", "waiting", "reminders"}  # what /undo keeps going


def _same_but_moving_on(restored: Encounter | None, text: str) -> bool:
    assert restored is not None
    before = Encounter.model_validate_json(text)
    return bool(restored.model_dump(exclude=MOVING_ON) == before.model_dump(exclude=MOVING_ON))


def _is_stored(snapshot: bytes | str, stored: bytes | str) -> bool:
    """``snapshot`` is the state ``stored`` (padding aside: a snapshot of a state this
    process saved has none, one read back from the row has the row's)."""
    if not isinstance(snapshot, bytes) or not isinstance(stored, bytes):
        return False
    size = min(len(snapshot), len(stored))
    return snapshot[:size] == stored[:size] and not any(snapshot[size:] + stored[size:])


@pytest.mark.parametrize("older", [False, True], ids=["this bot", "after an older bot's"])
async def test_undo_restores_the_stored_state_before_byte_for_byte(
    service: EncounterService, database: str | Path, older: bool
) -> None:
    """Issue 32, sixth round: an undo snapshot is the state stored before its action,
    the very bytes its row held (before, it was packed against the state after it:
    ``older``, the history is rewritten so halfway, as that bot wrote it; a write
    without a snapshot then packs the newest of those alone). Each undo gives back the state
    stored before the action it undoes, byte for byte, after every kind of write (an
    action, one not undoable, the board message, an import, an undo), with the cache
    dropped and with a service that starts afresh on the database; the state it then
    stores is that one with the board, the seq and what waits moving on."""
    before: list[str] = []
    stored_before: list[bytes | str] = []

    async def undoable() -> None:
        before.append(await _text_now(service))
        stored_before.append(await _stored(service))
        await service.act(CHANNEL, 9, next_round, kind="test")

    await undoable()
    await service.act(CHANNEL, 9, next_round, kind="test", undoable=False)
    await service.set_board(CHANNEL, 123)
    await undoable()
    if older:
        assert await as_packed_against_the_state_after(service.db, CHANNEL) == 2
        assert all(is_delta(s) for s in await _undo_rows(service))
        await service.set_board(CHANNEL, 122)  # a write with no snapshot: the newest alone
        older_rows = await _undo_rows(service)
        assert not is_delta(older_rows[1]) and unpack(older_rows[1]) == before[1]
        assert is_delta(older_rows[0]) and unpack_against(older_rows[0], before[1]) == before[0]
        stored_before[:2] = older_rows
    service.forget(CHANNEL)
    await undoable()
    current = await service.get(CHANNEL)
    assert current is not None
    before.append(await _text_now(service))
    stored_before.append(await _stored(service))  # the import keeps the state it replaces
    await service.replace(current.model_copy(update={"seq": 40}), 9)
    await undoable()
    await service.set_board(CHANNEL, 124)
    kept = await _undo_rows(service)
    assert len(kept) == len(stored_before) == 5
    if older:  # the older bot's two, as they were
        assert kept[:2] == stored_before[:2]
        kept, stored_before = kept[2:], stored_before[2:]
    assert all(_is_stored(s, b) for s, b in zip(kept, stored_before, strict=True))

    fresh = EncounterService(await open_database(database), DiceProvider(seed=7))
    try:
        for number, expected in enumerate(reversed(before)):
            who = fresh if number % 2 else service
            newest = await rows.last_snapshot(who.db, CHANNEL)
            assert newest is not None
            assert unpack_against(newest.state, await _text_now(service)) == expected
            await who.undo(CHANNEL, 9)
            service.forget(CHANNEL)
            fresh.forget(CHANNEL)
            assert _same_but_moving_on(await fresh.get(CHANNEL), expected)
        with pytest.raises(UserError):
            await fresh.undo(CHANNEL, 9)
    finally:
        await fresh.db.close()


@pytest.mark.parametrize("engine", ["sqlite"])
async def test_rows_written_as_text_are_still_read_and_undone(service: EncounterService) -> None:
    await service.act(CHANNEL, 9, next_round, kind="test")
    encounter = await service.get(CHANNEL)
    assert encounter is not None
    text = encounter.model_dump_json()

    async def as_text(tx: Transaction) -> None:
        undo = await tx.fetchall("SELECT id, state FROM encounter_undo ORDER BY id DESC")
        stored = await tx.fetchval("SELECT state FROM encounters WHERE channel_id = ?", (CHANNEL,))
        await tx.execute("UPDATE encounters SET state = ? WHERE channel_id = ?", (text, CHANNEL))
        wholes = undo_texts(unpack(stored), [r[1] for r in undo])
        for (undo_id, _), whole in zip(undo, wholes, strict=True):
            await tx.execute("UPDATE encounter_undo SET state = ? WHERE id = ?", (whole, undo_id))

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


async def test_rows_packed_with_zlib_are_still_read_acted_on_and_undone(
    service: EncounterService,
) -> None:
    """Issue 32, eighth round: a channel whose rows the bot packed with zlib (its third
    to seventh rounds: the state and its undo snapshots) reads as before, takes the next
    action (stored as a zstd frame, the zlib row kept as its undo snapshot) and undoes
    back through both formats, on both engines."""
    await service.act(CHANNEL, 9, next_round, kind="test")
    await service.act(CHANNEL, 9, next_round, kind="test")
    encounter = await service.get(CHANNEL)
    assert encounter is not None
    stored = await _stored(service)
    assert isinstance(stored, bytes) and stored.startswith(ZSTD)

    async def as_zlib(tx: Transaction) -> None:
        undo = await tx.fetchall("SELECT id, state FROM encounter_undo ORDER BY id")
        await tx.execute(
            "UPDATE encounters SET state = ? WHERE channel_id = ?",
            (padded(_zlib_packed(unpack(stored))), CHANNEL),
        )
        for undo_id, state in undo:
            await tx.execute(
                "UPDATE encounter_undo SET state = ? WHERE id = ?",
                (padded(_zlib_packed(unpack(state))), undo_id),
            )

    await service.db.write(as_zlib)
    service.forget(CHANNEL)
    assert all(not row.startswith(ZSTD) for row in await _undo_rows(service))
    assert await service.get(CHANNEL) == encounter
    as_before = padded(_zlib_packed(unpack(stored)))
    after, _ = await service.act(CHANNEL, 9, next_round, kind="test")
    assert after.state.round == 3
    assert (await _stored(service)).startswith(ZSTD)
    assert (await _undo_rows(service))[-1] == as_before, "the zlib row kept as it was"
    await service.act(CHANNEL, 9, next_round, kind="test")
    assert (await _undo_rows(service))[-1].startswith(ZSTD)
    service.forget(CHANNEL)
    for round_ in (3, 2, 1, 0):  # the zstd snapshot's state, then the three zlib ones
        await service.undo(CHANNEL, 9)
        service.forget(CHANNEL)
        assert (await service.get(CHANNEL)).state.round == round_  # type: ignore[union-attr]


async def test_the_newest_undo_depth_are_kept_and_the_older_go_together(
    service: EncounterService,
) -> None:
    counts = []
    for _ in range(rows.UNDO_DEPTH + rows.UNDO_SLACK + 3):
        await service.act(CHANNEL, 9, next_round, kind="test")
        counts.append(len(await _undo_rows(service)))
    depth, most = rows.UNDO_DEPTH, rows.UNDO_DEPTH + rows.UNDO_SLACK - 1
    assert counts[: depth + 1] == list(range(1, depth + 2))
    assert max(counts) == most and counts[-4:] == [depth, depth + 1, depth + 2, depth + 3]
    service.forget(CHANNEL)
    for undone in range(1, counts[-1] + 1):  # each of the kept, the newest first
        await service.undo(CHANNEL, 9)
        encounter = await service.get(CHANNEL)
        assert encounter is not None and encounter.state.round == len(counts) - undone
    with pytest.raises(UserError):
        await service.undo(CHANNEL, 9)


async def _written_without_rebase(service: EncounterService) -> None:
    """The state written as a bot from before packed snapshots writes it (no rebase of
    the newest snapshot): what a process of the old version does during a deploy."""
    encounter = await service.get(CHANNEL)
    assert encounter is not None
    stored = await rows.read(service.db, CHANNEL)
    assert stored is not None
    text = encounter.model_copy(update={"board_message_id": 5}).model_dump_json()

    async def old(tx: Transaction) -> None:
        await rows.update_state(tx, CHANNEL, stored.version, pack(text), None)

    await service.db.write(old)
    service.forget(CHANNEL)


async def test_a_history_another_version_wrote_never_blocks_the_channel(
    service: EncounterService,
) -> None:
    """Review of issue 32: a chain the newest state no longer fits (an older bot wrote
    without packing the newest snapshot again) made every board update, every action
    /undo skips and every /undo of the channel fail until the encounter ended. Now the
    undo says so in words, and the next change starts the history again."""
    await service.act(CHANNEL, 1, next_round, kind="round")
    await service.act(CHANNEL, 1, next_round, kind="round")
    await as_packed_against_the_state_after(service.db, CHANNEL)
    await _written_without_rebase(service)
    with pytest.raises(UserError) as refused:
        await service.undo(CHANNEL, 1)
    assert refused.value.key == "encounter.undo_unreadable"
    await service.set_board(CHANNEL, 6)  # the next change goes on
    assert await _undo_rows(service) == []
    with pytest.raises(UserError) as empty:
        await service.undo(CHANNEL, 1)
    assert empty.value.key == "encounter.nothing_to_undo"
    await service.act(CHANNEL, 1, next_round, kind="round")
    await service.undo(CHANNEL, 1)  # what comes after it undoes again


async def test_an_undo_over_a_history_another_version_wrote_starts_it_again(
    service: EncounterService,
) -> None:
    """The same chain under a newer snapshot: undoing the newer one packs the broken
    one again, which drops the chain instead of failing the undo."""
    await service.act(CHANNEL, 1, next_round, kind="round")
    await as_packed_against_the_state_after(service.db, CHANNEL)
    await _written_without_rebase(service)
    await service.act(CHANNEL, 1, next_round, kind="round")
    await service.undo(CHANNEL, 1)
    assert await _undo_rows(service) == []
