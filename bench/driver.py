"""The bench's side of a fight: commands sent to the bot through the Discord double, at an
offered rate or as fast as the bot answers, each one legal when the bot gets it.

Legal means what a table would do: an attack is made by the combatant whose turn it is
(a group of Extras: each member once in the group's turn), once (SW-36: a second action
without declaring multi-action is refused), against someone of the other side; a turn
ends with ``/next``. The bench follows each channel's turn from the bot's replies (the
announcement ``▶ … **name**`` of ``/deal`` and ``/next``), keeps at most one attack or
``/next`` of a channel in flight (so they reach the bot in the order sent), and when the
mix asks for an attack that no channel can make legally just then, sends ``/next`` in
its place (counted as ``/next``; ``substituted`` says how often). A refusal the fight
itself brings (a Shaken attacker, a dead target) is counted apart (``refused``, by
message), and the bench does not ask that combatant again in that channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import loopwatch
from tests.fakediscord import FakeDiscord

CALLBACK_TIMEOUT = 10.0
MAX_IN_FLIGHT = 64
PCS = 4
EXTRAS = 8
GROUP = "Goblin"
# The turn announcement (its content), else the result's line (its embed): "Turno de
# PJ 1 (10♦)." (older commits announce the turn only there).
ANNOUNCED = re.compile(r"▶[^*\n]*\*\*(.+?)\*\*")
TURN_LINE = re.compile(r"(?:Turno de (.+?)|^(.+?)'s turn) \([^()\n]*\)\.", re.MULTILINE)
TURN_KINDS = ("attack", "next")  # what changes whose turn it is, or uses it up
# What the bench calls each command, and what the bot's watch calls it (bot.loopwatch.command_kind).
BOT_KIND = {"bennies": "bennies show"}


@dataclass
class Sample:
    kind: str
    channel: int
    sent: float
    answered: float | None = None
    refused: bool = False  # answered with an ephemeral message instead of a result
    text: str = ""


@dataclass
class Table:
    """One channel's fight as the bench follows it."""

    turn: str | None = None  # whose turn: a PC, or the group of Extras
    acted: set[str] = field(default_factory=set)  # who attacked in this turn
    busy: bool = False  # an attack or /next of this channel is in flight
    out: set[str] = field(default_factory=set)  # refused as attackers (Shaken, down)
    fallen: set[str] = field(default_factory=set)  # refused as targets (dead)

    def attack(self, rng: random.Random, extras: int) -> tuple[str, str] | None:
        """(attacker, target) for a legal attack now, or None."""
        if self.busy or self.turn is None:
            return None
        pcs = [f"PJ {i}" for i in range(1, PCS + 1)]
        goblins = [f"{GROUP} {i}" for i in range(1, extras + 1)]
        attackers, targets = (goblins, pcs) if self.turn == GROUP else ([self.turn], goblins)
        attackers = [a for a in attackers if a not in self.acted and a not in self.out]
        targets = [t for t in targets if t not in self.fallen]
        if not attackers or not targets:
            return None
        return rng.choice(attackers), rng.choice(targets)

    def heard(self, data: dict[str, Any]) -> None:
        """A reply: a turn that starts resets who acted."""
        found = ANNOUNCED.search(str(data.get("content") or ""))
        turn = found.group(1) if found else None
        if turn is None:
            lines = [
                m.group(1) or m.group(2)
                for embed in data.get("embeds") or []
                for m in TURN_LINE.finditer(str(embed.get("description") or ""))
            ]
            turn = lines[-1] if lines else None
        if turn is not None:
            self.turn = turn
            self.acted.clear()


@dataclass
class Phase:
    name: str
    samples: list[Sample] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0
    bot_cpu: float = 0.0  # CPU seconds the bot processes used during the phase
    bench_cpu: float = 0.0  # and this process (the double and the driver)
    bot_written: int = 0  # bytes the bot processes had written to storage (/proc/PID/io)
    server_cpu: float = 0.0  # CPU seconds of a local PostgreSQL (0 when not measured)
    bot_waited: float = 0.0  # seconds the bot's threads waited for a core
    rate_limited: int = 0  # requests the double refused with 429 (Discord's rate limits)
    substituted: Counter[str] = field(default_factory=Counter)  # "attack->next": count
    refusals: Counter[str] = field(default_factory=Counter)  # "kind: message": count
    watch: list[dict[str, Any]] = field(default_factory=list)  # the bots' loop figures
    bench_loop: dict[str, Any] = field(default_factory=dict)  # this process's

    def report(self, board_lags: dict[str, list[float]] | None = None) -> dict[str, Any]:
        by_kind: dict[str, list[Sample]] = defaultdict(list)
        for sample in self.samples:
            by_kind[sample.kind].append(sample)
        span = max(self.ended - self.started, 1e-9)
        answered = sum(1 for s in self.samples if s.answered is not None)
        watch = merge_watch(self.watch)
        cpu = kind_cpu(watch, {k: len(v) for k, v in by_kind.items()}) if watch else {}
        out: dict[str, Any] = {}
        for kind, samples in sorted(by_kind.items()):
            done = sorted((s.answered - s.sent) * 1000 for s in samples if s.answered is not None)
            row: dict[str, Any] = {
                "sent": len(samples),
                "answered": len(done),
                "lost": len(samples) - len(done),
                "refused": sum(1 for s in samples if s.refused),
                "throughput_per_s": round(len(done) / span, 1),
            }
            if done:
                row.update(
                    p50_ms=pct(done, 50),
                    p95_ms=pct(done, 95),
                    p99_ms=pct(done, 99),
                    max_ms=round(done[-1], 2),
                    mean_ms=round(statistics.fmean(done), 2),
                )
            if kind in cpu:
                row["bot_cpu_ms"] = cpu[kind]
            lags = sorted((watch.get("board_lag_ms") or {}).get(BOT_KIND.get(kind, kind), []))
            if lags:
                row.update(board_lag_p50_ms=pct(lags, 50), board_lag_p99_ms=pct(lags, 99))
            outside = sorted((board_lags or {}).get(kind, []))
            if outside:
                row["next_edit_p99_ms"] = pct(outside, 99)
            out[kind] = row
        if answered:
            out["cpu_ms_per_command"] = {
                "bot": round(self.bot_cpu * 1000 / answered, 3),
                "bench": round(self.bench_cpu * 1000 / answered, 3),
            }
            if self.server_cpu:
                out["cpu_ms_per_command"]["postgresql"] = round(
                    self.server_cpu * 1000 / answered, 3
                )
            out["disk_kb_per_command"] = round(self.bot_written / 1024 / answered, 2)
            out["bot_waited_for_cpu_ms_per_s"] = round(self.bot_waited * 1000 / span, 1)
            out["rate_limited_429"] = self.rate_limited
        if self.substituted:
            out["substituted"] = dict(self.substituted)
        if self.refusals:
            out["refusals"] = dict(self.refusals.most_common(12))
        if self.bench_loop:
            out["bench_loop"] = {
                "longest_callback_ms": self.bench_loop["longest_callback_ms"],
                "longest_callback": self.bench_loop["longest_callback"],
                "callbacks_over_ms": self.bench_loop["callbacks_over_ms"],
                "busy_share": round(self.bench_loop["loop_busy_s"] / span, 3),
            }
        if watch:
            out["loop"] = {
                "longest_callback_ms": watch["longest_callback_ms"],
                "longest_callback_cpu_ms": watch["longest_callback_cpu_ms"],
                "most_cpu_callback_ms": watch["most_cpu_callback_ms"],
                "most_cpu_callback": watch["most_cpu_callback"],
                "most_cpu_callback_gc_ms": watch["most_cpu_callback_gc_ms"],
                "most_cpu_without_gc_ms": watch["most_cpu_without_gc_ms"],
                "most_cpu_without_gc": watch["most_cpu_without_gc"],
                "longest_callback": watch["longest_callback"],
                "callbacks_over_ms": watch["callbacks_over_ms"],
                "busy_share": round(watch["loop_busy_s"] / span, 3),
                "gc": watch["gc"],
                "gc_cpu_ms_per_command": round(
                    sum(g.get("cpu_ms", 0.0) for g in watch["gc"].values()) / max(answered, 1), 4
                ),
                "board_cpu_ms_per_command": round(
                    watch["cpu_s"].get("board", 0.0) * 1000 / max(answered, 1), 3
                ),
                # the watch's own work: callbacks it timed, and reads of the thread's CPU
                # (a system call each; an older watch read it twice a callback)
                "callbacks_per_command": round(watch["callbacks"] / max(answered, 1), 1),
                "cpu_reads_per_command": round(watch["cpu_reads"] / max(answered, 1), 1),
            }
        return out


def pct(values: list[float], q: int) -> float:
    index = min(len(values) - 1, max(0, round(q / 100 * len(values) + 0.5) - 1))
    return round(values[index], 2)


def merge_watch(figures: list[dict[str, Any]]) -> dict[str, Any]:
    """The loop figures of one or more bot processes as one (sums; the longest of all)."""
    figures = [f for f in figures if f]
    if not figures:
        return {}
    cpu: dict[str, float] = defaultdict(float)
    lags: dict[str, list[float]] = defaultdict(list)
    over: Counter[str] = Counter()
    gcs: dict[str, dict[str, float]] = {}
    for f in figures:
        for source in ("loop_cpu_s_by_kind", "thread_cpu_s_by_kind"):
            for kind, seconds in f.get(source, {}).items():
                cpu[kind] += seconds
        for kind, values in f.get("board_lag_ms", {}).items():
            lags[kind].extend(values)
        over.update(f["callbacks_over_ms"])
        for gen, g in f["gc"].items():
            into = gcs.setdefault(
                gen,
                {
                    "count": 0,
                    "total_ms": 0.0,
                    "max_ms": 0.0,
                    "max_cpu_ms": 0.0,
                    "cpu_ms": 0.0,
                    "collected": 0,
                },
            )
            into["cpu_ms"] = round(into["cpu_ms"] + g.get("cpu_ms", 0.0), 2)
            into["max_cpu_ms"] = max(into["max_cpu_ms"], g.get("max_cpu_ms", 0.0))
            into["count"] += g["count"]
            into["collected"] += g.get("collected", 0)
            into["total_ms"] = round(into["total_ms"] + g["total_ms"], 2)
            into["max_ms"] = max(into["max_ms"], g["max_ms"])
    longest = max(figures, key=lambda f: f["longest_callback_ms"])
    return {
        "process_cpu_s": sum(f["process_cpu_s"] for f in figures),
        "loop_busy_s": sum(f["loop_busy_s"] for f in figures),
        "callbacks": sum(f.get("callbacks", 0) for f in figures),
        "cpu_reads": sum(f.get("cpu_reads", 0) for f in figures),
        "longest_callback_ms": longest["longest_callback_ms"],
        "longest_callback_cpu_ms": longest.get("longest_callback_cpu_ms"),
        "most_cpu_callback_ms": max(f.get("most_cpu_callback_ms", 0.0) for f in figures),
        "most_cpu_callback": _most(figures, "most_cpu_callback"),
        "most_cpu_callback_gc_ms": _most(figures, "most_cpu_callback", "_gc_ms"),
        "most_cpu_without_gc_ms": max(f.get("most_cpu_without_gc_ms", 0.0) for f in figures),
        "most_cpu_without_gc": _most(figures, "most_cpu_without_gc"),
        "longest_callback": f"{longest['longest_callback']} [{longest['longest_callback_kind']}]",
        "callbacks_over_ms": dict(over),
        "cpu_s": dict(cpu),
        "gc": gcs,
        "board_lag_ms": dict(lags),
    }


def _most(figures: list[dict[str, Any]], name: str, field: str = "") -> Any:
    """``name + field`` of the process whose ``name`` callback took the most CPU."""
    top = max(figures, key=lambda f: f.get(f"{name}_ms", 0.0))
    return top.get(f"{name}{field}" if field else name, "")


def kind_cpu(watch: dict[str, Any], counts: dict[str, int]) -> dict[str, float]:
    """Bot CPU (ms) per command of each kind: the CPU its own tasks used (loop thread and
    SQLite's), plus an equal share per command of what serves them all (the gateway
    reading events, HTTP replies, board renders, and the rest of the process)."""
    total = sum(counts.values())
    if not total:
        return {}
    own = {k: watch["cpu_s"].get(BOT_KIND.get(k, k), 0.0) for k in counts}
    shared = max(0.0, watch["process_cpu_s"] - sum(own.values())) / total
    return {k: round((own[k] / n + shared) * 1000, 3) for k, n in counts.items() if n}


def refusal_key(kind: str, content: str) -> str:
    """A refusal's message without names and numbers, to count them by reason."""
    text = re.sub(r"\*\*.+?\*\*|\d+", "#", content)
    return f"{kind}: {text[:90]}"


def written_bytes(pid: int) -> int:
    """Bytes a process caused to be written to storage (SQLite's WAL and checkpoints),
    from /proc; 0 where the kernel does not count them."""
    try:
        for line in Path(f"/proc/{pid}/io").read_text().splitlines():
            if line.startswith("write_bytes:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited_seconds(pid: int) -> float:
    """Seconds the process's threads spent runnable but waiting for a core (the
    scheduler's run delay, /proc/PID/task/*/schedstat): on a shared machine, latency the
    bot's code did not cause."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for tid in tasks:
        try:
            total += int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Watch:
    """The loop figures of one bot process (``bot.loopwatch``): SIGUSR1 makes it write
    what it gathered since the previous signal. A bot without the watch (an older
    commit) never writes: :meth:`take` gives ``{}`` after a short wait."""

    def __init__(self, pid: int, path: Path) -> None:
        self.pid = pid
        self.path = path
        self.seen = -1
        self.absent = False

    async def take(self) -> dict[str, Any]:
        if self.absent:
            return {}
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGUSR1)
        # A bot that answered before may be busy (its loop runs the dump in turn).
        deadline = time.monotonic() + (3.0 if self.seen < 0 else 30.0)
        while time.monotonic() < deadline:
            try:
                figures = json.loads(self.path.read_text())
            except (OSError, ValueError):
                figures = None
            if figures is not None and figures["dump"] > self.seen:
                self.seen = figures["dump"]
                return figures
            await asyncio.sleep(0.01)
        self.absent = self.seen < 0
        return {}


class Driver:
    def __init__(
        self,
        fd: FakeDiscord,
        channels: list[int],
        seed: int = 1,
        pid: int = 0,
        extras: int = EXTRAS,
        pids: list[int] | None = None,
        postmaster: int | None = None,
        tables: dict[int, Table] | None = None,
        watches: list[Watch] | None = None,
    ) -> None:
        self.fd = fd
        self.pid = pid
        self.pids = pids or [pid]  # the bot processes (their CPU and writes are summed)
        self.postmaster = postmaster  # a local PostgreSQL whose CPU is counted apart
        _server_cpu(postmaster)  # its import, here rather than inside a measured phase
        self.extras = extras
        self.channels = channels
        self.rng = random.Random(seed)
        self.tables = tables if tables is not None else {c: Table() for c in channels}
        self.watches = watches or []

    # -- choosing a legal command -------------------------------------------------------

    def choose(self, kind: str, channel: int | None = None) -> tuple[str, int, dict[str, Any]]:
        """The command to send for ``kind`` (in ``channel``, or any): (kind, channel,
        payload). An attack nobody can make legally becomes ``/next``, which becomes a
        roll when every channel has a turn command in flight."""
        wanted = kind
        if kind == "attack":
            for c in self._candidates(channel):
                picked = self.tables[c].attack(self.rng, self.extras)
                if picked is not None:
                    self.tables[c].busy = True
                    self.tables[c].acted.add(picked[0])
                    return kind, c, self._attack(c, *picked)
            kind = "next"
        if kind == "next":
            for c in self._candidates(channel):
                if not self.tables[c].busy:
                    self.tables[c].busy = True
                    if wanted != kind:
                        self._substituted = f"{wanted}->next"
                    return kind, c, self.fd.slash("next", channel_id=c)
            kind = "roll"
        if wanted != kind:
            self._substituted = f"{wanted}->{kind}"
        c = channel if channel is not None else self.rng.choice(self.channels)
        return kind, c, self._payload(kind, c)

    def _candidates(self, channel: int | None) -> list[int]:
        if channel is not None:
            return [channel]
        first = [self.rng.choice(self.channels) for _ in range(8)]
        return first + self.rng.sample(self.channels, len(self.channels))

    def _attack(self, channel: int, attacker: str, target: str) -> dict[str, Any]:
        return self.fd.slash("attack", {"target": target, "actor": attacker}, channel_id=channel)

    def _payload(self, kind: str, channel: int) -> dict[str, Any]:
        fd = self.fd
        if kind == "ping":
            return fd.slash("ping", channel_id=channel)
        if kind == "roll":
            return fd.slash(
                "roll",
                {"expression": self.rng.choice(["2d6+1", "s8+1", "4d6kh3", "1d20+5"])},
                channel_id=channel,
            )
        if kind == "bennies":
            return fd.slash("bennies show", channel_id=channel)
        raise ValueError(kind)

    # -- sending ------------------------------------------------------------------------

    async def one(self, phase: Phase, wanted: str, channel: int | None = None) -> None:
        self._substituted = ""
        kind, channel, payload = self.choose(wanted, channel)
        if self._substituted:
            phase.substituted[self._substituted] += 1
        sample = Sample(kind, channel, time.monotonic())
        phase.samples.append(sample)
        table = self.tables[channel]
        try:
            iid = await self.fd.send_interaction(payload)
            try:
                callback = await self.fd.wait_callback(iid, timeout=CALLBACK_TIMEOUT)
            except (TimeoutError, AssertionError):
                return
            sample.answered = callback.at
            data = callback.data or {}
            content = str(data.get("content") or "")
            sample.refused = bool(int(data.get("flags") or 0) & 64) and not data.get("embeds")
            if sample.refused:
                phase.refusals[refusal_key(kind, content)] += 1
                if kind == "attack":
                    self._learn(table, payload, content)
            elif kind in TURN_KINDS:
                table.heard(data)
        finally:
            if kind in TURN_KINDS:
                table.busy = False

    @staticmethod
    def _learn(table: Table, payload: dict[str, Any], content: str) -> None:
        """A refused attack: whoever the refusal names (the attacker that cannot act, the
        target that is dead) is not asked again in this channel."""
        options = {o["name"]: o["value"] for o in payload["data"]["options"]}
        if f"**{options['actor']}**" in content or options["actor"] in content:
            table.out.add(options["actor"])
        elif options["target"] in content:
            table.fallen.add(options["target"])

    def pick(self, mix: dict[str, int]) -> str:
        return self.rng.choices(list(mix), weights=list(mix.values()))[0]

    async def run(
        self, name: str, mix: dict[str, int], rate: float | None, duration: float
    ) -> Phase:
        """Offered load at ``rate`` per second (open loop), or as fast as the bot answers
        (``rate=None``: one command in flight per channel, at most MAX_IN_FLIGHT)."""
        # The bench keeps every request the double saw; its own garbage collections over
        # that growing heap paused the loop that timestamps the callbacks (tens of ms, read
        # as the bot's latency). Collect between phases, not during one (as timeit does).
        gc.collect()
        gc.disable()
        try:
            return await self._run(name, mix, rate, duration)
        finally:
            gc.enable()

    async def _run(
        self, name: str, mix: dict[str, int], rate: float | None, duration: float
    ) -> Phase:
        for watch in self.watches:
            await watch.take()  # starts the bot's count afresh
        own = _own_watch()
        await asyncio.sleep(0)  # the step that collected the bench's garbage ends first
        own.reset()
        phase = Phase(name, started=time.monotonic())
        bot_cpu, bench_cpu = self._bot_cpu(), time.process_time()
        server_cpu = _server_cpu(self.postmaster)
        waited = sum(waited_seconds(p) for p in self.pids)
        written = sum(written_bytes(p) for p in self.pids)
        limited = len(self.fd.rate_limited)
        deadline = phase.started + duration
        tasks: set[asyncio.Task[None]] = set()
        if rate is not None:
            count = int(rate * duration)
            for i in range(count):
                delay = phase.started + i / rate - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                task = asyncio.create_task(self.one(phase, self.pick(mix)))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        else:

            async def worker(channel: int) -> None:
                while time.monotonic() < deadline:
                    await self.one(phase, self.pick(mix), channel)

            chosen = self.channels[:MAX_IN_FLIGHT]
            tasks = {asyncio.create_task(worker(c)) for c in chosen}
        if tasks:
            await asyncio.wait(tasks, timeout=duration + CALLBACK_TIMEOUT + 5)
        phase.ended = time.monotonic()
        phase.bot_cpu = self._bot_cpu() - bot_cpu
        phase.bench_cpu = time.process_time() - bench_cpu
        phase.server_cpu = _server_cpu(self.postmaster) - server_cpu
        phase.bot_written = sum(written_bytes(p) for p in self.pids) - written
        phase.bot_waited = sum(waited_seconds(p) for p in self.pids) - waited
        phase.rate_limited = len(self.fd.rate_limited) - limited
        phase.bench_loop = own.figures()
        for watch in self.watches:
            phase.watch.append(await watch.take())
        return phase

    def _bot_cpu(self) -> float:
        return sum(cpu_seconds(p) for p in self.pids)


_bench_watch: loopwatch.LoopWatch | None = None


def _own_watch() -> loopwatch.LoopWatch:
    """The same instrument on the bench's own loop (the double and the driver): a stall
    here would be read as the bot's latency."""
    global _bench_watch
    if _bench_watch is None:
        _bench_watch = loopwatch.LoopWatch(Path(os.devnull), log_slow=False)
        _bench_watch.install()
    return _bench_watch


def _server_cpu(postmaster: int | None) -> float:
    if postmaster is None:
        return 0.0
    # Imported on first use (it loads the offline table): never inside a measured phase
    # of a run without PostgreSQL, where its 0.3 s import held the bench's own loop.
    from bench.storage import server_cpu

    return server_cpu(postmaster)


def next_edit_lags(fd: FakeDiscord, phase: Phase) -> dict[str, list[float]]:
    """For each answered ``/next`` (it always changes the board: the turn moves), the time
    until the next board post or edit in its channel, as the double saw them."""
    edits: dict[int, list[float]] = defaultdict(list)
    for request in fd.requests:
        if (
            request.method in ("PATCH", "POST")
            and request.path.startswith("/channels/")
            and "/messages" in request.path
        ):
            edits[int(request.path.split("/")[2])].append(request.at)
    lags: dict[str, list[float]] = defaultdict(list)
    for sample in phase.samples:
        if sample.answered is None or sample.kind != "next" or sample.refused:
            continue
        after = [t for t in edits.get(sample.channel, []) if t >= sample.answered]
        if after:
            lags[sample.kind].append((min(after) - sample.answered) * 1000)
    return lags
