"""The encounter service: one transaction per action, undo, log, persistence, the lock."""

import asyncio
from pathlib import Path

import pytest

from bot.dice.source import DiceSource
from bot.dice_provider import DiceProvider
from bot.encounter.service import EncounterService
from bot.errors import UserError
from bot.storage.db import open_database
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


async def test_actions_are_replayable_from_seed_and_sequence(tmp_path: Path) -> None:
    rolls = []
    for attempt in range(2):
        db = await open_database(tmp_path / f"r{attempt}.sqlite3")
        svc = EncounterService(db, DiceProvider(seed=3))
        await svc.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="swade")
        seq = []
        for _ in range(5):
            _, outcome = await svc.act(CHANNEL, 9, next_round, kind="test")
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


async def test_state_survives_reopening_the_database(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    db = await open_database(path)
    svc = EncounterService(db, DiceProvider(seed=1))
    await svc.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system="ritualhex", name="Cripta")
    await svc.act(CHANNEL, 9, next_round, kind="test")
    await db.close()
    db = await open_database(path)
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
