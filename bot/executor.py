"""A bounded executor of its own for expensive pure work (exact odds, their estimates).

Why not ``asyncio.to_thread``: the default thread pool is shared by everything and has
no notion of users, so six slow ``/roll`` filled it and another user's ``/roll 2d6
tn:7`` waited 130 s behind them; and a thread running pure Python holds the GIL, so
even when it is alone it slows the event loop down.

What protects the event loop here (measured in ``bench/rules.py --executor``):

1. The work itself is bounded: the odds code counts its work against a budget
   (:mod:`bot.dice.budget`) and falls back to a labelled estimate, so a job takes at
   most about a second of CPU whatever the input.
2. Jobs run in worker *processes* (``spawn``: no copy of the bot's threads or sockets),
   so they never hold the bot's GIL; the workers run at a lower priority (``nice``), so
   on a busy machine the event loop gets the CPU first. ``threads=True`` runs them in
   threads instead (for comparison in the bench).
3. A fixed number of workers (one fewer than the cores, at least one) and a bounded
   queue: each user may have :attr:`per_user` jobs queued or running, and the queue
   holds at most :attr:`queue_limit`; past either, :class:`Busy` is raised at once (a
   localized message naming the limit) instead of waiting.
4. Fair order: a free worker takes the oldest job of the next user in turn (round
   robin over users, not first come first served), so one user's burst cannot make
   another user's job wait behind all of it.

The worker processes start on the first job, not at start-up.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger("comodin.executor")

T = TypeVar("T")

PER_USER = 2
QUEUE_LIMIT = 8
WORKER_NICENESS = 5


def default_workers() -> int:
    """One fewer than the cores (the event loop keeps one), at least one, at most four."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class Busy(Exception):
    """The job was refused: the user already has ``per_user`` jobs, or the queue is full.
    ``key`` and ``params`` are an i18n message naming the limit."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _lower_priority() -> None:  # pragma: no cover - runs in the worker process
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)


@dataclass(eq=False)
class _Job:
    user_id: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    started: bool = field(default=False)


class BoundedExecutor:
    """Runs ``fn(*args)`` (picklable, pure) for a user, on a fixed number of workers."""

    def __init__(
        self,
        *,
        workers: int | None = None,
        per_user: int = PER_USER,
        queue_limit: int = QUEUE_LIMIT,
        threads: bool = False,
    ) -> None:
        self.workers = workers or default_workers()
        self.per_user = per_user
        self.queue_limit = queue_limit
        self.threads = threads
        self._pool: concurrent.futures.Executor | None = None
        self._queues: dict[int, deque[_Job]] = {}  # insertion order is the turn order
        self._jobs_of: Counter[int] = Counter()
        self._waiting = 0
        self._running = 0

    # -- what callers see ---------------------------------------------------------------

    @property
    def waiting(self) -> int:
        return self._waiting

    @property
    def running(self) -> int:
        return self._running

    async def run(self, user_id: int, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """The result of ``fn(*args, **kwargs)`` run on a worker; :class:`Busy` at once when the
        user or the queue is at its limit. Cancelling the caller drops a job that has
        not started (one that has keeps its worker until it ends: it is bounded)."""
        if self._jobs_of[user_id] >= self.per_user:
            raise Busy("work.busy_user", limit=self.per_user)
        if self._waiting >= self.queue_limit:
            raise Busy("work.busy", limit=self.queue_limit)
        loop = asyncio.get_running_loop()
        call = functools.partial(fn, **kwargs) if kwargs else fn
        job = _Job(user_id, call, args, loop.create_future())
        self._queues.setdefault(user_id, deque()).append(job)
        self._jobs_of[user_id] += 1
        self._waiting += 1
        try:
            self._dispatch(loop)
            return await job.future
        finally:
            self._jobs_of[user_id] -= 1
            if not self._jobs_of[user_id]:
                del self._jobs_of[user_id]
            if not job.started:
                self._drop(job)

    def shutdown(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    # -- inside -------------------------------------------------------------------------

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.threads:
                self._pool = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self.workers, thread_name_prefix="comodin-work"
                )
            else:
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_lower_priority,
                )
        return self._pool

    def _next_job(self) -> _Job | None:
        """The oldest job of the user whose turn it is; that user goes to the back."""
        while self._queues:
            user_id = next(iter(self._queues))
            queue = self._queues.pop(user_id)
            job = queue.popleft()
            if queue:
                self._queues[user_id] = queue
            if not job.future.done():
                return job
            self._waiting -= 1  # its caller is gone
        return None

    def _drop(self, job: _Job) -> None:
        queue = self._queues.get(job.user_id)
        if queue is not None and job in queue:
            queue.remove(job)
            self._waiting -= 1
            if not queue:
                del self._queues[job.user_id]

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        while self._running < self.workers:
            job = self._next_job()
            if job is None:
                return
            job.started = True
            self._waiting -= 1
            self._running += 1
            try:
                done = loop.run_in_executor(self._executor(), job.fn, *job.args)
            except (BrokenProcessPool, RuntimeError) as exc:
                self._running -= 1
                self._pool = None
                job.future.set_exception(Busy("work.failed", error=type(exc).__name__))
                continue
            done.add_done_callback(lambda f, job=job: self._finished(loop, job, f))

    def _finished(
        self, loop: asyncio.AbstractEventLoop, job: _Job, done: asyncio.Future[Any]
    ) -> None:
        self._running -= 1
        if not job.future.done():
            if done.cancelled():
                job.future.set_exception(Busy("work.failed", error="cancelled"))
            elif isinstance(done.exception(), BrokenProcessPool):
                log.error("a worker process died; starting new ones")
                self.shutdown()
                job.future.set_exception(Busy("work.failed", error="BrokenProcessPool"))
            elif done.exception() is not None:
                job.future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                job.future.set_result(done.result())
        elif not done.cancelled():
            done.exception()  # retrieved: nobody waits for it any more
        self._dispatch(loop)
