"""The encounter service: one transaction per action, undo, log, persistence, the lock."""

import asyncio
from pathlib import Path

import pytest

from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.encounter.service import EncounterService
from bot.errors import UserError
from bot.storage.db import open_database
from bot.storage.packed import unpack
from bot.systems.base import Event, Outcome
from bot.systems.encounter import Encounter
from tests.foundation.conftest import CHANNEL


def next_round(encounter: Encounter, dice: DiceSource) -> Outcome:
    state = encounter.state.model_copy(update={"round": encounter.state.round + 1})
    return Outcome(
        state=state, events=[Event(key="test.round", params={"d6": dice.roll(6)})], summary="round"
    )


def broken(encounter: Encounter, dice: DiceSource) -> Outcome:
    raise UserError("test.refused")


async def test_an_action_saves_state_log_and_undo(service: EncounterService) -> None:
    encounter, outcome = await service.act(CHANNEL, 9, next_round, kind="test")
    assert encounter.state.round == 1
    assert encounter.seq == 1
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.state.round == 1
    log = await service.history(CHANNEL)
    assert [row["kind"] for row in log] == ["encounter.start", "test"]
    assert log[-1]["payload"]["events"][0]["params"]["d6"] == outcome.events[0].params["d6"]


async def test_a_refused_action_changes_nothing(service: EncounterService) -> None:
    with pytest.raises(UserError):
        await service.act(CHANNEL, 9, broken, kind="test")
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.seq == 0
    assert [row["kind"] for row in await service.history(CHANNEL)] == ["encounter.start"]


async def test_a_refused_action_keeps_the_encounter_it_read(service: EncounterService) -> None:
    # Rules copy before they change anything: after a refusal the encounter in memory is
    # still the channel's, and the next command does not read and parse it again.
    before = await service.get(CHANNEL)
    with pytest.raises(UserError):
        await service.act(CHANNEL, 9, broken, kind="test")
    assert await service.get(CHANNEL) is before
    encounter, _ = await service.act(CHANNEL, 9, next_round, kind="test")
    assert encounter.seq == 1 and await service.get(CHANNEL) is encounter


async def test_undo_restores_the_previous_state_repeatedly(service: EncounterService) -> None:
    for _ in range(3):
        await service.act(CHANNEL, 9, next_round, kind="test")
    assert await service.undo(CHANNEL, 9) == "round"
    assert await service.undo(CHANNEL, 9) == "round"
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.state.round == 1
    assert stored.seq == 3, "the dice sequence keeps moving forward after an undo"
    await service.undo(CHANNEL, 9)
    with pytest.raises(UserError, match="nothing_to_undo"):
        await service.undo(CHANNEL, 9)


async def test_actions_are_replayable_from_seed_and_sequence(database: str | Path) -> None:
    rolls = []
    db = await open_database(database)
    for channel in (CHANNEL, CHANNEL + 1):
        svc = EncounterService(db, DiceProvider(seed=3))
        await svc.start(channel_id=channel, guild_id=1, gm_id=9, system="swade")
        seq = []
        for _ in range(5):
            _, outcome = await svc.act(channel, 9, next_round, kind="test")
            seq.append(outcome.events[0].params["d6"])
        rolls.append(seq)
    await db.close()
    assert rolls[0] == rolls[1]


async def test_concurrent_actions_on_one_channel_each_apply_once(service: EncounterService) -> None:
    await asyncio.gather(*(service.act(CHANNEL, 9, next_round, kind="test") for _ in range(50)))
    stored = await service.get(CHANNEL)
    assert stored is not None
    assert stored.state.round == 50
    assert stored.seq == 50
    assert len(await service.history(CHANNEL)) == 51


async def test_state_survives_reopening_the_database(database: str | Path) -> None:
    db = await open_database(database)
    svc = EncounterService(db, DiceProvider(seed=1))
    await svc.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ritualhex", name="Cripta")
    await svc.act(CHANNEL, 9, next_round, kind="test")
    await db.close()
    db = await open_database(database)
    try:
        stored = await EncounterService(db, DiceProvider()).get(CHANNEL)
        assert stored is not None and stored.name == "Cripta" and stored.state.round == 1
    finally:
        await db.close()


async def test_one_encounter_per_channel(service: EncounterService) -> None:
    with pytest.raises(UserError, match="already"):
        await service.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="swade")


async def test_end_archives_and_frees_the_channel(service: EncounterService) -> None:
    await service.end(CHANNEL, 9)
    assert await service.get(CHANNEL) is None
    archived = await service.db.fetchone(
        "SELECT system FROM encounter_archive WHERE channel_id = ?", (CHANNEL,)
    )
    assert archived["system"] == "ds20"
    await service.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="swade")


async def test_a_replayed_interaction_is_applied_once(service: EncounterService) -> None:
    from bot.encounter.service import DuplicateInteraction

    await service.act(CHANNEL, 9, next_round, kind="test", interaction_id=123456789)
    with pytest.raises(DuplicateInteraction):
        await service.act(CHANNEL, 9, next_round, kind="test", interaction_id=123456789)
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.state.round == 1


async def test_rules_that_change_their_input_are_caught(service: EncounterService) -> None:
    def sloppy(encounter: Encounter, dice: DiceSource) -> Outcome:
        encounter.state.round = 99  # changes the shared copy instead of a new state
        return Outcome(state=encounter.state)

    with pytest.raises(AssertionError, match="changed the state"):
        await service.act(CHANNEL, 9, sloppy, kind="sloppy")
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.state.round == 0


async def test_rules_that_change_their_input_and_refuse_are_caught(
    service: EncounterService,
) -> None:
    def sloppy(encounter: Encounter, dice: DiceSource) -> Outcome:
        encounter.state.round = 99  # changes the shared copy, then refuses
        raise UserError("test.refused")

    with pytest.raises(AssertionError, match="changed the state"):
        await service.act(CHANNEL, 9, sloppy, kind="sloppy")
    stored = await service.get(CHANNEL)
    assert stored is not None and stored.state.round == 0, "the changed copy is dropped"


# -- two writers on one database (two processes, each with its own cache and locks) ------


async def _two_services(database: str | Path) -> tuple[EncounterService, EncounterService]:
    """Service ``a`` starts the encounter; ``b`` (another connection or pool, as another
    process would have) reads it, and is stale once ``a`` writes."""
    a = EncounterService(await open_database(database), DiceProvider(seed=7))
    b = EncounterService(await open_database(database), DiceProvider(seed=8))
    await a.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ds20")
    assert await b.get(CHANNEL) is not None
    await a.act(CHANNEL, 9, next_round, kind="test")  # b's copy is now stale
    return a, b


async def _close(*services: EncounterService) -> None:
    for service in services:
        await service.db.close()


async def _fresh(database: str | Path) -> Encounter:
    db = await open_database(database)
    try:
        encounter = await EncounterService(db, DiceProvider()).get(CHANNEL)
    finally:
        await db.close()
    assert encounter is not None
    return encounter


async def test_a_stale_action_is_retried_on_the_fresh_state(database: str | Path) -> None:
    a, b = await _two_services(database)
    try:
        encounter, _ = await b.act(CHANNEL, 9, next_round, kind="test")
        assert (encounter.state.round, encounter.seq) == (2, 2), "a's round is kept, b's added"
        assert b.conflicts == 1
        assert (await _fresh(database)).state.round == 2
        assert [r["kind"] for r in await a.history(CHANNEL)] == ["encounter.start", "test", "test"]
    finally:
        await _close(a, b)


async def test_a_stale_undo_undoes_the_newest_change_and_keeps_the_sequence(
    database: str | Path,
) -> None:
    a, b = await _two_services(database)
    try:
        assert await b.undo(CHANNEL, 9) == "round"
        stored = await _fresh(database)
        assert (stored.state.round, stored.seq) == (0, 1), "dice never repeat after an undo"
        assert b.conflicts == 1
    finally:
        await _close(a, b)


async def test_a_stale_board_update_keeps_the_other_writers_change(database: str | Path) -> None:
    a, b = await _two_services(database)
    try:
        await b.set_board(CHANNEL, 123)
        stored = await _fresh(database)
        assert (stored.state.round, stored.board_message_id) == (1, 123)
        assert b.conflicts == 1
        # ...and a, stale in turn, does not lose the board message either.
        encounter, _ = await a.act(CHANNEL, 9, next_round, kind="test")
        assert (encounter.state.round, encounter.board_message_id) == (2, 123)
    finally:
        await _close(a, b)


async def test_a_stale_end_archives_the_newest_state(database: str | Path) -> None:
    a, b = await _two_services(database)
    try:
        ended = await b.end(CHANNEL, 9)
        assert ended.state.round == 1
        row = await a.db.fetchone(
            "SELECT state FROM encounter_archive WHERE channel_id = ?", (CHANNEL,)
        )
        assert Encounter.model_validate_json(unpack(row["state"])).state.round == 1
        assert b.conflicts == 1
    finally:
        await _close(a, b)


async def test_a_stale_import_keeps_the_newest_state_for_undo(database: str | Path) -> None:
    a, b = await _two_services(database)
    try:
        imported = (await _fresh(database)).model_copy(update={"name": "Importado"})
        imported = imported.model_copy(
            update={"state": imported.state.model_copy(update={"round": 7})}
        )
        await b.replace(imported, 9)
        assert (await _fresh(database)).state.round == 7
        await a.undo(CHANNEL, 9)
        assert (await _fresh(database)).state.round == 1, "the import's undo is a's round"
    finally:
        await _close(a, b)


async def test_two_starts_at_once_leave_one_encounter(database: str | Path) -> None:
    a = EncounterService(await open_database(database), DiceProvider(seed=7))
    b = EncounterService(await open_database(database), DiceProvider(seed=8))
    try:
        await a.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ds20")

        async def nothing_yet(channel_id: int, tx: object = None) -> None:  # read before a's insert
            return None

        b._load = nothing_yet  # type: ignore[method-assign,assignment]
        with pytest.raises(UserError, match="already"):
            await b.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="swade")
        assert (await _fresh(database)).system == "ds20"
    finally:
        await _close(a, b)


async def test_a_write_that_keeps_meeting_changes_gives_up_with_a_clear_error(
    service: EncounterService,
) -> None:
    from bot.encounter.service import ATTEMPTS

    load = service._load

    async def always_stale(channel_id: int, tx=None):  # type: ignore[no-untyped-def]
        entry = await load(channel_id, tx)
        assert entry is not None
        return entry._replace(version=entry.version - 1)

    service._load = always_stale  # type: ignore[method-assign]
    with pytest.raises(UserError, match=r"encounter\.busy"):
        await service.act(CHANNEL, 9, next_round, kind="test")
    assert service.conflicts == ATTEMPTS
    service._load = load  # type: ignore[method-assign]
    stored = await service.get(CHANNEL)
    assert stored is not None and (stored.state.round, stored.seq) == (0, 0)
    assert [row["kind"] for row in await service.history(CHANNEL)] == ["encounter.start"]
