"""Issue 21: a property test. Hypothesis chooses hostile commands for each system
(``bench/hostile.py``: numbers at and past their bounds in options, stat blocks, edits,
flags and the systems' own commands, from each plugin's examples; names with markup,
mentions, line breaks, invisible characters, catalogue keys and id forms) and plays
them through the offline table (the real command tree, cogs, service and SQLite). Every
command must answer, never with the internal error, nothing may be logged as an error
(the board's updates included), and after every command the state must be one an
import accepts: every value within its bound, every reference a combatant's
(``bot.systems.integrity``). Every system is fuzzed, the tests' coin duel too
(``tests/every_system.py``). The worst times of the same commands are the benchmark's
(``python -m bench.rules --parts hostile``)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.hostile import play
from bot.play.table import OfflineTable
from tests.every_system import every_system

COMMANDS = 40


async def _play(tmp: Path, system: str, rng: random.Random) -> list[str]:
    async with OfflineTable(db_path=tmp / "fuzz.sqlite3", seed=rng.randint(1, 10**6)) as table:
        return await play(table, system, rng, COMMANDS)


@every_system
@settings(
    max_examples=8,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_hostile_commands_always_answer_and_keep_the_state_within_bounds(
    tmp_path_factory: pytest.TempPathFactory, system: str, seed: int
) -> None:
    """Hypothesis draws the seed of each walk (the walk's choices follow from it)."""
    failures = asyncio.run(_play(tmp_path_factory.mktemp(system), system, random.Random(seed)))
    assert failures == [], "\n".join(failures[:20])
