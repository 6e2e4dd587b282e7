"""The bounded executor (bot/executor.py): per-user and queue bounds, round robin over
users, cancelled jobs dropped, and real worker processes. Jobs are gated by events, so
nothing here depends on timing."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.dice.odds import expression_odds
from bot.executor import BoundedExecutor, Busy


class Gate:
    """Jobs that wait until released, recording the order in which they started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = threading.Event()
        self.lock = threading.Lock()

    def job(self, name: str) -> str:
        with self.lock:
            self.started.append(name)
        self.release.wait(10)
        return name


async def _until(predicate, loops: int = 2000) -> None:
    for _ in range(loops):
        if predicate():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("condition never held")


async def test_a_user_past_their_bound_is_refused_at_once() -> None:
    work = BoundedExecutor(workers=1, per_user=2, queue_limit=10, threads=True)
    gate = Gate()
    jobs = [asyncio.ensure_future(work.run(1, gate.job, f"a{i}")) for i in range(2)]
    await _until(lambda: gate.started == ["a0"])
    with pytest.raises(Busy) as refused:
        await work.run(1, gate.job, "a2")
    assert refused.value.key == "work.busy_user" and refused.value.params == {"limit": 2}
    other = asyncio.ensure_future(work.run(2, gate.job, "b0"))  # another user still may
    gate.release.set()
    assert await asyncio.gather(*jobs, other) == ["a0", "a1", "b0"]
    work.shutdown()


async def test_a_full_queue_refuses_new_jobs() -> None:
    work = BoundedExecutor(workers=1, per_user=5, queue_limit=2, threads=True)
    gate = Gate()
    running = asyncio.ensure_future(work.run(1, gate.job, "run"))
    await _until(lambda: gate.started == ["run"])
    queued = [asyncio.ensure_future(work.run(u, gate.job, f"q{u}")) for u in (2, 3)]
    await _until(lambda: work.waiting == 2)
    with pytest.raises(Busy) as refused:
        await work.run(4, gate.job, "late")
    assert refused.value.key == "work.busy" and refused.value.params == {"limit": 2}
    gate.release.set()
    await asyncio.gather(running, *queued)
    assert work.waiting == 0 and work.running == 0
    work.shutdown()


async def test_workers_take_users_in_turn_not_in_arrival_order() -> None:
    work = BoundedExecutor(workers=1, per_user=3, queue_limit=10, threads=True)
    gate = Gate()
    first = asyncio.ensure_future(work.run(9, gate.job, "x"))  # holds the only worker
    await _until(lambda: gate.started == ["x"])
    burst = [asyncio.ensure_future(work.run(1, gate.job, f"a{i}")) for i in range(3)]
    late = asyncio.ensure_future(work.run(2, gate.job, "b0"))
    await _until(lambda: work.waiting == 4)
    gate.release.set()
    await asyncio.gather(first, *burst, late)
    # FIFO would run a0 a1 a2 b0; in turn, the other user's job goes second.
    assert gate.started == ["x", "a0", "b0", "a1", "a2"]
    work.shutdown()


async def test_a_cancelled_job_that_had_not_started_is_dropped() -> None:
    work = BoundedExecutor(workers=1, per_user=3, queue_limit=10, threads=True)
    gate = Gate()
    first = asyncio.ensure_future(work.run(1, gate.job, "first"))
    await _until(lambda: gate.started == ["first"])
    dropped = asyncio.ensure_future(work.run(2, gate.job, "dropped"))
    await _until(lambda: work.waiting == 1)
    dropped.cancel()
    await _until(lambda: work.waiting == 0)
    gate.release.set()
    assert await first == "first"
    assert gate.started == ["first"]
    work.shutdown()


async def test_worker_processes_compute_the_odds() -> None:
    work = BoundedExecutor(workers=1)
    try:
        found = await work.run(1, expression_odds, "30d6!", 100, rounding="floor")
    finally:
        work.shutdown()
    assert found is not None and not found.exact
    assert found == expression_odds("30d6!", 100)  # the same seeded estimate as here
