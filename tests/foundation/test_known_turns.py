"""Issue 32: whose turn it is in a state is worked out once for that state
(:mod:`bot.encounter.turns`): an action asked its system three times (what the encounter
waits on, the turn its reply announces, and the next action's turn before it). Never
stale: another state is asked afresh, a kept answer goes with its state, and the tests
check every kept answer against the system's (a state changed in place would be
caught)."""

from __future__ import annotations

import gc
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.commands.turn_pings import whose_turn
from bot.encounter import turns, waiting
from bot.encounter.service import EncounterService
from bot.encounter.turns import remembering, turn_of
from bot.systems import catalogue
from bot.systems.encounter import Encounter
from bot.systems.pending import TURN, waited
from tests.table.swade.encounter_helpers import must, swade_table


def _system_turn(encounter: Encounter) -> object:
    turn_of = catalogue.plugin(encounter.system).turn
    assert turn_of is not None
    return turn_of(encounter.state)


async def _dealt(tmp_path: Path) -> tuple[Encounter, Encounter]:
    """The table's encounter after /deal and after the /next that follows it."""
    async with swade_table(tmp_path, seed=5, strict=False, goblins=2) as table:
        assert table.bot is not None
        await must(table, "@gm /deal")
        dealt = await table.bot.encounters.require(table.channel_id)
        await must(table, "@gm /next")
        after = await table.bot.encounters.require(table.channel_id)
        return dealt, after


async def test_the_kept_turn_is_the_systems_for_that_very_state(tmp_path: Path) -> None:
    dealt, after = await _dealt(tmp_path)
    plugin = catalogue.plugin("swade")
    assert dealt.state is not after.state
    first = whose_turn(dealt)
    assert first is not None and first == _system_turn(dealt)
    assert whose_turn(dealt) is first  # kept for that state
    assert turn_of(plugin, dealt.state) is first
    moved = whose_turn(after)  # another state: asked afresh
    assert moved == _system_turn(after) and moved != first
    assert whose_turn(dealt) == first  # and the first still its own
    assert whose_turn(None) is None


async def test_what_waits_asks_through_the_same_kept_turns(tmp_path: Path) -> None:
    """``waiting_after`` (each action) keeps the turn its reply then announces."""
    dealt, _ = await _dealt(tmp_path)
    state = dealt.state.model_copy(deep=True)  # a state never asked yet
    assert id(state) not in turns._KNOWN
    waits = waiting.waiting_after([], state, [], seq=1, now=datetime(2026, 11, 28, tzinfo=UTC))
    assert [w.key for w in waits] == [w.key for w in waited(catalogue.plugin("swade"), state, [])]
    assert waits[0].key.startswith(TURN)
    assert turns._KNOWN[id(state)][1] == _system_turn(dealt.model_copy(update={"state": state}))
    assert remembering(catalogue.plugin("swade")) is remembering(catalogue.plugin("swade"))


async def test_a_state_changed_in_place_is_caught_by_the_tests_check(tmp_path: Path) -> None:
    """States the service shares are never changed in place; if one were after its turn
    was kept, the check the tests run (as they do for the rules' input) says so."""
    assert EncounterService.check_inputs_unchanged
    dealt, after = await _dealt(tmp_path)
    whose_turn(dealt)
    dealt.state.__dict__.update(after.state.__dict__)  # forbidden: the same state, another turn
    with pytest.raises(AssertionError, match="stale"):
        whose_turn(dealt)


async def test_a_kept_turn_goes_with_its_state(tmp_path: Path) -> None:
    dealt, _ = await _dealt(tmp_path)
    plugin = catalogue.plugin("swade")
    copies = [dealt.state.model_copy(deep=True) for _ in range(20)]
    keys = [id(c) for c in copies]
    for state in copies:
        turn_of(plugin, state)
    assert all(k in turns._KNOWN for k in keys)
    del copies, state
    gc.collect()
    assert not any(k in turns._KNOWN for k in keys)
