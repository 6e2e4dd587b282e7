"""The loop watch the benches read (bot.loopwatch): what held the event loop, for how
long and for which command kind, the collector's pauses, and the board's lag."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import loopwatch


@pytest.fixture
def watch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[loopwatch.LoopWatch]:
    watching = loopwatch.LoopWatch(tmp_path / "loop.json", log_slow=False)
    monkeypatch.setattr(loopwatch, "_watch", watching)
    watching.install()
    try:
        yield watching
    finally:
        watching.uninstall()


def _hold(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def test_the_longest_callback_and_its_kind(watch: loopwatch.LoopWatch) -> None:
    async def attack() -> None:
        loopwatch.mark("attack")
        await asyncio.sleep(0)
        _hold(0.03)

    await asyncio.create_task(attack())
    watch.dump()
    figures = json.loads(watch.path.read_text())
    assert figures["dump"] == 1
    assert figures["longest_callback_ms"] >= 30
    assert figures["longest_callback_cpu_ms"] >= 29
    assert "attack" in figures["longest_callback"]
    assert figures["longest_callback_kind"] == "attack"
    assert figures["callbacks_over_ms"]["20"] >= 1
    assert figures["loop_cpu_s_by_kind"]["attack"] >= 0.029
    assert figures["most_cpu_callback_ms"] >= 29


async def test_a_dump_starts_counting_again(watch: loopwatch.LoopWatch) -> None:
    await asyncio.get_running_loop().run_in_executor(None, lambda: None)
    _ = [await asyncio.sleep(0) for _ in range(3)]
    watch.dump()
    assert json.loads(watch.path.read_text())["callbacks"] >= 3
    watch.dump()
    second = json.loads(watch.path.read_text())
    assert (second["dump"], second["callbacks_over_ms"]["20"]) == (2, 0)


async def test_work_on_another_thread_counts_for_the_command_that_queued_it(
    watch: loopwatch.LoopWatch,
) -> None:
    loopwatch.mark("roll")
    job = loopwatch.thread_job(lambda: _hold(0.02))
    await asyncio.get_running_loop().run_in_executor(None, job)
    assert watch.thread_cpu["roll"] >= 0.019


async def test_board_lag_runs_from_the_request_to_the_render_that_showed_it(
    watch: loopwatch.LoopWatch,
) -> None:
    loopwatch.mark("next")
    loopwatch.board_requested(7)
    await asyncio.sleep(0.02)
    read_at = time.monotonic()
    loopwatch.board_requested(7)  # after the render read the state: still waiting
    loopwatch.board_shown(7, read_at)
    assert len(watch.board_lags["next"]) == 1
    assert watch.board_lags["next"][0] >= 0.02
    loopwatch.board_shown(7, time.monotonic())
    assert len(watch.board_lags["next"]) == 2


def test_off_unless_installed() -> None:
    assert not loopwatch.on()
    job = len
    assert loopwatch.thread_job(job) is job
    loopwatch.mark("attack")  # nothing to count it in: no error
    loopwatch.board_requested(1)


def test_command_kinds_are_named_as_typed() -> None:
    from types import SimpleNamespace

    def interaction(kind: str, data: dict[str, object]) -> SimpleNamespace:
        return SimpleNamespace(type=SimpleNamespace(name=kind), data=data)

    bennies = {"name": "bennies", "options": [{"type": 1, "name": "show", "options": []}]}
    assert loopwatch.command_kind(interaction("application_command", bennies)) == "bennies show"
    attack = {"name": "attack", "options": [{"type": 3, "name": "target", "value": "Orco"}]}
    assert loopwatch.command_kind(interaction("application_command", attack)) == "attack"
    offer = {"custom_id": "cmd:o:1:2:0"}
    assert loopwatch.command_kind(interaction("component", offer)) == "button:cmd:o"
    assert loopwatch.command_kind(interaction("autocomplete", attack)) == "autocomplete"
    assert loopwatch.command_kind(interaction("modal_submit", {})) == "form"


async def test_cpu_by_kind_follows_interleaved_commands(watch: loopwatch.LoopWatch) -> None:
    """The CPU is read only when the kind changes (or every READ_EVERY_S): two commands
    whose steps alternate on the loop still get each their own."""

    async def command(kind: str, step: float) -> None:
        loopwatch.mark(kind)
        for _ in range(3):
            await asyncio.sleep(0)
            _hold(step)

    await asyncio.gather(command("attack", 0.01), command("ping", 0.002))
    figures = watch.figures()
    cpu = figures["loop_cpu_s_by_kind"]
    assert 0.029 <= cpu["attack"] < 0.036
    assert 0.0059 <= cpu["ping"] < 0.012
    assert figures["callbacks_by_kind"]["attack"] >= 4
    assert 0.0099 <= figures["most_cpu_callback_ms"] / 1000 < 0.0125
    assert "attack" in figures["most_cpu_callback"]


async def test_the_watch_reads_the_cpu_far_less_than_once_a_callback(
    watch: loopwatch.LoopWatch,
) -> None:
    async def pings() -> None:
        loopwatch.mark("ping")
        for _ in range(2000):
            await asyncio.sleep(0)

    await asyncio.gather(*(pings() for _ in range(5)))
    figures = watch.figures()
    assert figures["callbacks_by_kind"]["ping"] >= 10_000
    assert figures["cpu_reads"] < figures["callbacks"] / 5
    assert figures["loop_cpu_s_by_kind"]["ping"] > 0


async def test_a_long_callback_after_short_ones_of_its_kind_is_not_overstated(
    watch: loopwatch.LoopWatch,
) -> None:
    async def attack() -> None:
        loopwatch.mark("attack")
        for _ in range(50):
            await asyncio.sleep(0)
            _hold(0.000_1)
        await asyncio.sleep(0)
        _hold(0.02)

    await asyncio.create_task(attack())
    figures = watch.figures()
    assert 19.9 <= figures["most_cpu_callback_ms"] <= 20 + loopwatch.READ_EVERY_S * 1000 + 0.5
    assert figures["longest_callback_cpu_ms"] == figures["most_cpu_callback_ms"]
