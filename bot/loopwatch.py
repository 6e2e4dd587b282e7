"""What the benchmarks read from inside the running bot, when ``COMODIN_LOOP_STATS=FILE``
is set (off otherwise; nothing here runs then).

- How long each event-loop callback held the loop: the longest (and what it was), how
  many passed 20, 50, 100 and 200 ms. A callback over 100 ms is also logged.
- The garbage collector's pauses, by generation (a collection is part of whichever
  callback allocated the object that set it off: this tells them apart).
- The loop thread's CPU by command kind (``/attack``, ``/next``, a button...): each
  callback's thread CPU goes to the kind of the interaction whose task ran it
  (:func:`mark`, from ``ComodinBot.begin_interaction``); board renders are ``board``;
  what serves no interaction (the gateway reading events, HTTP replies being read) is
  ``other``. Work a command queues on SQLite's thread is counted for its kind too
  (:func:`thread_job`); the rest of the process's CPU is in ``process_cpu_s``.
- Board lag: for each command that asked for the board (``bot.board``), the time until
  an edit that shows it was acknowledged, or until a render found nothing new to show.

``kill -USR1 <pid>`` writes the figures gathered since the previous signal to FILE (one
JSON object, replaced whole; ``dump`` counts them) and starts counting again: the bench
sends one before and one after each phase.

The instrument wraps ``asyncio.events.Handle._run``, as asyncio's debug mode does to find
slow callbacks, without the rest of debug mode's cost (origin tracking of every
coroutine). Reading a thread's CPU is a system call (about 0.6 µs, far more under a
profiler), so the watch does not read it around every callback: it reads the wall clock
(a fraction of that) and the thread's CPU only

- when the kind of command the loop serves changes (a callback of another kind starts,
  or :func:`mark` names the task's kind): the CPU since the previous read goes to the
  kind that ran, so ``loop_cpu_s_by_kind`` adds up to the loop thread's CPU, the loop's
  own work between callbacks (selecting, scheduling) included, with the kind it follows;
- when more than ``READ_EVERY_S`` passed since the previous read (a callback starts);
- after a callback that held the loop longer than any counted so far could use CPU for
  (the longest, and the most CPU): its CPU is the read after it less the last read
  before it, which is at its start, or at most ``READ_EVERY_S`` before it (then
  the figure can include up to that much of the callbacks just before it, never more
  than the time the callback held the loop).

That is about 0.3 µs a callback instead of 1.8 µs (``tests/foundation/test_loopwatch.py``
and ``python -m bench.e2e --no-watch`` measure it).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import signal
import time
from collections import defaultdict
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger("comodin.loopwatch")
T = TypeVar("T")

KIND: ContextVar[str] = ContextVar("comodin_command_kind", default="other")
SLOW_LOGGED_S = 0.1
THRESHOLDS_MS = (20, 50, 100, 200)
LAGS_KEPT = 200_000  # board-lag samples kept between two dumps (a bench phase)
# The loop thread's CPU is read at least this often (wall time) while callbacks run: the
# most a long callback's CPU can be overstated by (the module's docstring).
READ_EVERY_S = 0.000_25
OVER_S = THRESHOLDS_MS[0] / 1000


class LoopWatch:
    def __init__(self, path: Path, *, log_slow: bool = True) -> None:
        self.path = path
        self.log_slow = log_slow
        self.dumps = 0
        self._original: Callable[[asyncio.Handle], None] | None = None
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
        self.gc_cpu = 0.0  # garbage collections' CPU so far (never reset)
        self._listening = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._board_waiting: dict[int, list[tuple[float, str]]] = {}
        self.kind: str | None = None  # the kind the loop thread's CPU goes to now
        self.cpu_read = 0.0  # the loop thread's CPU at the last read
        self.read_at = 0.0  # and when (perf_counter)
        self.reset()

    def reset(self) -> None:
        self.started = time.monotonic()
        self.cpu_started = os.times()
        self.callbacks = 0
        self.busy = 0.0
        self.longest = 0.0
        self.longest_cpu = 0.0
        self.most_cpu = 0.0
        self.most_cpu_gc = 0.0
        self.most_cpu_what = ""
        self.most_own_cpu = 0.0  # the same without the garbage collections in it
        self.most_own_cpu_what = ""
        self.longest_what = ""
        self.longest_kind = ""
        self.over = dict.fromkeys(THRESHOLDS_MS, 0)
        self.cpu: dict[str, float] = defaultdict(float)
        self.thread_cpu: dict[str, float] = defaultdict(float)
        self.steps: dict[str, int] = defaultdict(int)
        self.gc: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.gc_collected = [0, 0, 0]  # cyclic garbage found, by generation
        self.gc_cpu_max = [0.0, 0.0, 0.0]  # the longest collection's thread CPU
        self.gc_cpu_total = [0.0, 0.0, 0.0]
        self.board_lags: dict[str, list[float]] = defaultdict(list)
        self.cpu_reads = 0

    # -- installing -------------------------------------------------------------------

    def install(self) -> None:
        """Wrap every callback from now on; SIGUSR1 is handled by the running loop (the
        first one that runs a callback, when no loop runs yet)."""
        original = asyncio.events.Handle._run
        self._original = original
        watch = self
        perf = time.perf_counter

        def _run(handle: asyncio.Handle) -> None:
            kind = handle._context.get(KIND, "other")  # type: ignore[attr-defined]
            t0 = perf()
            if kind != watch.kind or t0 - watch.read_at > READ_EVERY_S:
                watch.switch(kind, t0)
            cpu_read, collected = watch.cpu_read, watch.gc_cpu
            original(handle)
            held = perf() - t0
            watch.callbacks += 1
            watch.busy += held
            watch.steps[watch.kind] += 1  # type: ignore[index]
            # Only a callback that held the loop longer than the most CPU one used so
            # far can have used more (or be the longest: that one used the most).
            if held > watch.most_own_cpu or held >= OVER_S:
                watch.observe(handle, held, cpu_read, watch.gc_cpu - collected)

        asyncio.events.Handle._run = _run  # type: ignore[method-assign]
        gc.callbacks.append(self._on_gc)
        try:
            self._listen(asyncio.get_running_loop())
        except RuntimeError:
            self._listening = False

    def uninstall(self) -> None:
        """Undo :meth:`install` (tests)."""
        if self._original is not None:
            asyncio.events.Handle._run = self._original  # type: ignore[method-assign]
            self._original = None
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._listening and self._loop is not None:
            self._loop.remove_signal_handler(signal.SIGUSR1)
            self._listening = False

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.add_signal_handler(signal.SIGUSR1, self.dump)
        self._loop = loop
        self._listening = True
        log.info("loop watch on: kill -USR1 %s writes the figures to %s", os.getpid(), self.path)

    def switch(self, kind: str, now: float) -> None:
        """Read the loop thread's CPU: what it used since the last read goes to the kind
        that ran; from now on it goes to ``kind``."""
        if not self._listening:
            self._listen(asyncio.get_running_loop())
        cpu = time.thread_time()
        if self.kind is not None:
            self.cpu[self.kind] += cpu - self.cpu_read
        self.kind, self.cpu_read, self.read_at = kind, cpu, now
        self.cpu_reads += 1

    def observe(
        self,
        handle: asyncio.Handle,
        held: float,
        cpu_read: float,
        in_gc: float,
    ) -> None:
        """A callback that held the loop ``held`` seconds, long enough to be the longest
        or to have used the most CPU: its CPU is read now, against the last read before
        it (``cpu_read``; a :func:`mark` inside it may have read it since)."""
        kind = self.kind or "other"
        self.switch(kind, time.perf_counter())
        cpu = min(held, self.cpu_read - cpu_read)
        ms = held * 1000
        if ms >= THRESHOLDS_MS[0]:
            for threshold in THRESHOLDS_MS:
                if ms >= threshold:
                    self.over[threshold] += 1
        if held > self.longest:
            self.longest = held
            self.longest_cpu = cpu
            self.longest_what = _describe(handle)
            self.longest_kind = kind
        if cpu > self.most_cpu:
            self.most_cpu = cpu
            self.most_cpu_gc = in_gc
            self.most_cpu_what = f"{_describe(handle)} [{kind}]"
        if cpu - in_gc > self.most_own_cpu:
            self.most_own_cpu = cpu - in_gc
            self.most_own_cpu_what = f"{_describe(handle)} [{kind}]"
        if held >= SLOW_LOGGED_S and self.log_slow:
            log.warning("the event loop was held %.0f ms by %s (%s)", ms, _describe(handle), kind)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        # A collection on SQLite's thread holds the GIL too: the loop waits for it as well.
        if phase == "start":
            self._gc_started = time.perf_counter()
            self._gc_cpu_started = time.thread_time()
        else:
            generation = info["generation"]
            self.gc[generation].append(time.perf_counter() - self._gc_started)
            self.gc_collected[generation] += info["collected"]
            cpu = time.thread_time() - self._gc_cpu_started
            self.gc_cpu += cpu
            self.gc_cpu_max[generation] = max(self.gc_cpu_max[generation], cpu)
            self.gc_cpu_total[generation] += cpu

    # -- the board --------------------------------------------------------------------

    def board_requested(self, channel_id: int) -> None:
        self._board_waiting.setdefault(channel_id, []).append((time.monotonic(), KIND.get()))

    def board_shown(self, channel_id: int, read_at: float) -> None:
        """A render that read the encounter at ``read_at`` is on Discord (or showed
        nothing new): every request made before that read is served."""
        waiting = self._board_waiting.get(channel_id)
        if not waiting:
            return
        now = time.monotonic()
        kept = [w for w in waiting if w[0] > read_at]
        for at, kind in waiting:
            if at <= read_at and len(self.board_lags[kind]) < LAGS_KEPT:
                self.board_lags[kind].append(now - at)
        self._board_waiting[channel_id] = kept

    # -- reporting --------------------------------------------------------------------

    def figures(self) -> dict[str, Any]:
        if self.kind is not None:  # what the loop used since the last read
            self.switch(self.kind, time.perf_counter())
        times = os.times()
        span = time.monotonic() - self.started
        return {
            "dump": self.dumps,
            "pid": os.getpid(),
            "span_s": round(span, 3),
            "process_cpu_s": round(
                times.user + times.system - self.cpu_started.user - self.cpu_started.system, 3
            ),
            "callbacks": self.callbacks,
            "cpu_reads": self.cpu_reads,  # the loop thread's CPU read (the watch's cost)
            "loop_busy_s": round(self.busy, 3),
            "longest_callback_ms": round(self.longest * 1000, 2),
            # its thread CPU: far less than the time held means the thread waited (for
            # a core, or for the GIL another thread held)
            "longest_callback_cpu_ms": round(self.longest_cpu * 1000, 2),
            "longest_callback": self.longest_what,
            "longest_callback_kind": self.longest_kind,
            "callbacks_over_ms": {str(k): v for k, v in self.over.items()},
            # the callback that used the most CPU: what the bot's own code held the loop
            # for, whatever else the machine ran meanwhile (garbage collections included)
            "most_cpu_callback_ms": round(self.most_cpu * 1000, 2),
            "most_cpu_callback": self.most_cpu_what,
            "most_cpu_callback_gc_ms": round(self.most_cpu_gc * 1000, 2),
            "most_cpu_without_gc_ms": round(self.most_own_cpu * 1000, 2),
            "most_cpu_without_gc": self.most_own_cpu_what,
            "loop_cpu_s_by_kind": {k: round(v, 4) for k, v in sorted(self.cpu.items())},
            "thread_cpu_s_by_kind": {k: round(v, 4) for k, v in sorted(self.thread_cpu.items())},
            "callbacks_by_kind": dict(sorted(self.steps.items())),
            "gc": {
                str(gen): {
                    "count": len(pauses),
                    "total_ms": round(sum(pauses) * 1000, 2),
                    "max_ms": round(max(pauses, default=0.0) * 1000, 2),
                    "max_cpu_ms": round(self.gc_cpu_max[gen] * 1000, 2),
                    "cpu_ms": round(self.gc_cpu_total[gen] * 1000, 2),
                    "collected": self.gc_collected[gen],
                }
                for gen, pauses in self.gc.items()
            },
            "board_lag_ms": {
                kind: [round(v * 1000, 1) for v in lags]
                for kind, lags in sorted(self.board_lags.items())
            },
        }

    def dump(self) -> None:
        self.dumps += 1
        text = json.dumps(self.figures())
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(text)
        partial.replace(self.path)
        self.reset()


_watch: LoopWatch | None = None


def _describe(handle: asyncio.Handle) -> str:
    """What a callback was: a task's coroutine by name, else the callback itself."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        return f"task {task.get_name()} ({getattr(coro, '__qualname__', coro)})"
    return repr(callback)[:200]


def install(path: Path) -> None:
    """Turn the watch on (``comodin run`` with COMODIN_LOOP_STATS)."""
    global _watch
    _watch = LoopWatch(path)
    _watch.install()


def command_kind(interaction: Any) -> str:
    """What a discord.py interaction is, as the watch counts its CPU: the command's path
        (``bennies show``), ``button:<kind>`` (``button:cmd:o``: its custom_id's first two
    parts, an offer under a result), ``autocomplete``
        or ``form``. Read by name, so an older commit's bot can be watched too
        (``bench/watched.py``)."""
    data = interaction.data or {}
    kind = getattr(interaction.type, "name", "")
    if kind == "application_command":
        path = [data.get("name", "")]
        options = data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            path.append(options[0]["name"])
            options = options[0].get("options", [])
        return " ".join(path)
    if kind == "component":
        return "button:" + ":".join(str(data.get("custom_id", "")).split(":")[:2])
    if kind == "autocomplete":
        return "autocomplete"
    return "form"


def mark(kind: str) -> None:
    """The running task serves a command of this kind (its callbacks' CPU goes to it)."""
    if _watch is not None:
        KIND.set(kind)
        _watch.switch(kind, time.perf_counter())  # what ran before is not its


def thread_job(job: Callable[..., T]) -> Callable[..., T]:
    """``job``, to run on another thread (SQLite's), its CPU counted for the kind of the
    command that queues it; ``job`` itself when the watch is off."""
    watch = _watch
    if watch is None:
        return job
    kind = KIND.get()

    def timed(*args: Any) -> T:
        started = time.thread_time()
        try:
            return job(*args)
        finally:
            watch.thread_cpu[kind] += time.thread_time() - started

    return timed


def board_requested(channel_id: int) -> None:
    if _watch is not None:
        _watch.board_requested(channel_id)


def board_shown(channel_id: int, read_at: float) -> None:
    if _watch is not None:
        _watch.board_shown(channel_id, read_at)


def on() -> bool:
    return _watch is not None
