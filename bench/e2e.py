"""End-to-end latency and throughput of the real bot against the Discord test double.

Starts ``tests/fakediscord`` and the real ``python -m bot run`` as a separate process,
opens C channels each with a SWADE encounter (4 PCs, 8 Extras), and drives a command mix
(roll 40%, attack 30%, next 20%, bennies 10%) at a fixed offered rate or as fast as it
goes. For each command: the time from sending INTERACTION_CREATE to the interaction
callback arriving, and how far the board edit lags behind it. ``/ping`` measured the
same way in the same run is the floor (what discord.py itself costs).

    python -m bench.e2e --channels 100 --rate 200 --duration 20 --json out.json
    python -m bench.e2e --channels 10 --rate max --duration 10
    python -m bench.e2e --channels 1000 --memory        # resident size, 1000 live encounters
    python -m bench.e2e --prefill 100000 --log-rows 1000000 --channels 10 --rate 100
    python -m bench.e2e --mix attack=1 --rate 40 --profile bot.prof   # where the bot's time goes
    python -m bench.e2e --processes 2 [--database postgresql://...]   # engines, see below

With ``--processes N`` (and ``--database``, else a throwaway PostgreSQL from the system's
binaries, tests/postgres.py) it measures attacks three ways in one run: one process on
SQLite, one on PostgreSQL, and N processes on PostgreSQL, each running its share of N
shards (``comodin run --shards i --shard-count N``) with the channels spread over one
server per shard. For each: latency (p50, p99) at the offered ``--rate``, and the most
attacks per second with MAX_IN_FLIGHT outstanding; the CPU of the bot processes, and of
PostgreSQL when it is the throwaway one.

All traffic stays on loopback; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.conftest import launch, stop
from tests.fakediscord import FakeDiscord

MIX = {"roll": 40, "attack": 30, "next": 20, "bennies": 10}
CALLBACK_TIMEOUT = 10.0
MAX_IN_FLIGHT = 64
PCS = 4
EXTRAS = 8
PC_BLOCK = "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\nHabilidades: Pelear d8, Disparar d6, Atletismo d6, Notar d6\\nParada 6, Dureza 6\\nEquipo: Espada (Fue+d8)"
EXTRA_BLOCK = "Atributos: Agilidad d6, Astucia d4, Espíritu d4, Fuerza d6, Vigor d6\\nHabilidades: Pelear d6, Notar d4\\nParada 5, Dureza 5\\nEquipo: Lanza (Fue+d6)"


@dataclass
class Sample:
    kind: str
    channel: int
    sent: float
    answered: float | None = None
    error: bool = False  # answered with an ephemeral error message instead of a result


@dataclass
class Phase:
    name: str
    samples: list[Sample] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0
    bot_cpu: float = 0.0  # CPU seconds the bot process used during the phase
    bench_cpu: float = 0.0  # and this process (the double and the driver)
    bot_written: int = 0  # bytes the bot process had written to storage (/proc/PID/io)
    server_cpu: float = 0.0  # CPU seconds of a local PostgreSQL (0 when not measured)

    def report(self, board_lags: dict[str, list[float]]) -> dict[str, Any]:
        by_kind: dict[str, list[Sample]] = defaultdict(list)
        for sample in self.samples:
            by_kind[sample.kind].append(sample)
        span = max(self.ended - self.started, 1e-9)
        out: dict[str, Any] = {}
        for kind, samples in sorted(by_kind.items()):
            done = sorted((s.answered - s.sent) * 1000 for s in samples if s.answered is not None)
            row: dict[str, Any] = {
                "sent": len(samples),
                "answered": len(done),
                "lost": len(samples) - len(done),
                "errors": sum(1 for s in samples if s.error),
                "throughput_per_s": round(len(done) / span, 1),
            }
            if done:
                row.update(
                    p50_ms=_pct(done, 50),
                    p95_ms=_pct(done, 95),
                    p99_ms=_pct(done, 99),
                    mean_ms=round(statistics.fmean(done), 2),
                )
            lags = sorted(board_lags.get(kind, []))
            if lags:
                row.update(board_lag_p50_ms=_pct(lags, 50), board_lag_p99_ms=_pct(lags, 99))
            out[kind] = row
        answered = sum(1 for s in self.samples if s.answered is not None)
        if answered:
            out["cpu_ms_per_command"] = {
                "bot": round(self.bot_cpu * 1000 / answered, 2),
                "bench": round(self.bench_cpu * 1000 / answered, 2),
            }
            if self.server_cpu:
                out["cpu_ms_per_command"]["postgresql"] = round(
                    self.server_cpu * 1000 / answered, 2
                )
            out["disk_kb_per_command"] = round(self.bot_written / 1024 / answered, 1)
        return out


def _pct(values: list[float], q: int) -> float:
    index = min(len(values) - 1, max(0, round(q / 100 * len(values) + 0.5) - 1))
    return round(values[index], 2)


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
    ) -> None:
        self.fd = fd
        self.pid = pid
        self.pids = pids or [pid]  # the bot processes (their CPU and writes are summed)
        self.postmaster = postmaster  # a local PostgreSQL whose CPU is counted apart
        self.extras = extras
        self.channels = channels
        self.rng = random.Random(seed)
        self.turn: dict[int, int] = defaultdict(int)

    def payload(self, kind: str, channel: int) -> dict[str, Any]:
        fd = self.fd
        if kind == "ping":
            return fd.slash("ping", channel_id=channel)
        if kind == "roll":
            return fd.slash(
                "roll",
                {"expression": self.rng.choice(["2d6+1", "s8+1", "4d6kh3", "1d20+5"])},
                channel_id=channel,
            )
        if kind == "attack":
            target = f"Goblin {self.rng.randint(1, self.extras)}"
            return fd.slash(
                "attack",
                {"target": target, "actor": f"PJ {self.rng.randint(1, PCS)}"},
                channel_id=channel,
            )
        if kind == "next":
            return fd.slash("next", channel_id=channel)
        if kind == "bennies":
            return fd.slash("bennies show", channel_id=channel)
        raise ValueError(kind)

    async def one(self, phase: Phase, kind: str) -> None:
        channel = self.rng.choice(self.channels)
        payload = self.payload(kind, channel)
        sample = Sample(kind, channel, time.monotonic())
        phase.samples.append(sample)
        iid = await self.fd.send_interaction(payload)
        try:
            callback = await self.fd.wait_callback(iid, timeout=CALLBACK_TIMEOUT)
        except (TimeoutError, AssertionError):
            return
        sample.answered = callback.at
        data = callback.data or {}
        sample.error = bool(int(data.get("flags") or 0) & 64) and not data.get("embeds")

    def pick(self, mix: dict[str, int]) -> str:
        return self.rng.choices(list(mix), weights=list(mix.values()))[0]

    async def run(
        self, name: str, mix: dict[str, int], rate: float | None, duration: float
    ) -> Phase:
        """Offered load at ``rate`` per second (open loop), or as fast as the bot answers
        with at most MAX_IN_FLIGHT outstanding (``rate=None``)."""
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
        phase = Phase(name, started=time.monotonic())
        bot_cpu, bench_cpu = self._bot_cpu(), time.process_time()
        server_cpu = _server_cpu(self.postmaster)
        written = sum(written_bytes(p) for p in self.pids)
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
            semaphore = asyncio.Semaphore(MAX_IN_FLIGHT)

            async def bounded() -> None:
                async with semaphore:
                    await self.one(phase, self.pick(mix))

            while time.monotonic() < deadline:
                await semaphore.acquire()
                semaphore.release()
                task = asyncio.create_task(bounded())
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                await asyncio.sleep(0)
        if tasks:
            await asyncio.wait(tasks, timeout=CALLBACK_TIMEOUT + 5)
        phase.ended = time.monotonic()
        phase.bot_cpu = self._bot_cpu() - bot_cpu
        phase.bench_cpu = time.process_time() - bench_cpu
        phase.server_cpu = _server_cpu(self.postmaster) - server_cpu
        phase.bot_written = sum(written_bytes(p) for p in self.pids) - written
        return phase

    def _bot_cpu(self) -> float:
        return sum(cpu_seconds(p) for p in self.pids)


def _server_cpu(postmaster: int | None) -> float:
    from bench.storage import server_cpu

    return server_cpu(postmaster)


def board_lags(fd: FakeDiscord, phase: Phase) -> dict[str, list[float]]:
    """For each answered command, the time until the next board post/edit in its channel."""
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
        if sample.answered is None or sample.kind in ("ping", "roll", "bennies"):
            continue
        after = [t for t in edits.get(sample.channel, []) if t >= sample.answered]
        if after:
            lags[sample.kind].append((min(after) - sample.answered) * 1000)
    return lags


def prefill(db_path: Path, encounters: int, log_rows: int) -> None:
    """Fill the database with ended encounters and log rows (schema from `db upgrade`)."""
    conn = sqlite3.connect(db_path)
    state = json.dumps({"channel_id": 1, "guild_id": 1, "gm_id": 1, "state": {"system": "swade"}})
    conn.executemany(
        "INSERT INTO encounter_archive (channel_id, guild_id, system, state, ended_at) VALUES (?, 1, 'swade', ?, '2026-01-01')",
        ((10_000_000 + i, state) for i in range(encounters)),
    )
    conn.executemany(
        "INSERT INTO encounter_log (created_at, guild_id, channel_id, user_id, kind, version, payload) VALUES ('2026-01-01', 1, ?, 1, 'roll', NULL, '{}')",
        ((10_000_000 + i % max(encounters, 1),) for i in range(log_rows)),
    )
    conn.commit()
    conn.close()


async def command(
    fd: FakeDiscord, bot: Any, name: str, options: dict[str, Any] | None, channel: int
) -> dict[str, Any]:
    iid = await fd.send_interaction(fd.slash(name, options, channel_id=channel))
    callback = await bot.expect(fd.wait_callback(iid, timeout=CALLBACK_TIMEOUT), f"/{name}")
    return callback.data or {}


async def setup_channel(
    fd: FakeDiscord, bot: Any, channel: int, full: bool, extras: int = EXTRAS
) -> None:
    await command(
        fd, bot, "encounter start", {"system": "swade", "name": f"mesa {channel % 1000}"}, channel
    )
    if not full:
        return
    for i in range(1, PCS + 1):
        await command(
            fd,
            bot,
            "combatant add",
            {"name": f"PJ {i}", "statblock": PC_BLOCK, "wildcard": True, "side": "heroes"},
            channel,
        )
    await command(
        fd,
        bot,
        "combatant add",
        {"name": "Goblin", "statblock": EXTRA_BLOCK, "count": extras},
        channel,
    )
    await command(fd, bot, "deal", None, channel)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def main(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        log = Path(tmp) / "bot.log"
        if args.prefill or args.log_rows:
            from bot.storage.db import open_database

            opened = await open_database(db)
            await opened.close()
            prefill(db, args.prefill, args.log_rows)
        async with FakeDiscord(callback_deadline=None) as fd:
            bot = await launch(fd, db, log, log_level="WARNING", profile=args.profile)
            try:
                await bot.expect(fd.wait_ready(timeout=20), "IDENTIFY")
                await bot.expect(
                    fd.wait_request(
                        "PUT", f"/applications/*/guilds/{fd.guild_id}/commands", timeout=20
                    ),
                    "sync",
                )
                names = {c["name"] for c in fd.synced_commands(fd.guild_id)}
                full = {"deal", "bennies"} <= names
                wanted = dict(MIX)
                if args.mix:
                    wanted = {
                        k: int(v) for k, v in (part.split("=") for part in args.mix.split(","))
                    }
                mix = {k: v for k, v in wanted.items() if full or k == "roll"}
                channels = [fd.channel_id] + [fd.new_channel() for _ in range(args.channels - 1)]
                t0 = time.monotonic()
                for channel in channels:
                    await setup_channel(fd, bot, channel, full, args.extras)
                setup_s = time.monotonic() - t0
                result: dict[str, Any] = {
                    "channels": args.channels,
                    "combatants": PCS + args.extras,
                    "setup_seconds": round(setup_s, 1),
                    "mix": mix,
                    "prefill": {"ended_encounters": args.prefill, "log_rows": args.log_rows},
                }
                if args.memory:
                    result["rss_mb"] = round(rss_mb(bot.process.pid), 1)
                    return result
                driver = Driver(fd, channels, pid=bot.process.pid, extras=args.extras)
                rate = None if args.rate == "max" else float(args.rate)
                floor = await driver.run("ping", {"ping": 1}, rate, args.duration)
                result["ping"] = floor.report({})
                phase = await driver.run("mix", mix, rate, args.duration)
                result["commands"] = phase.report(board_lags(fd, phase))
                if rate is None and "attack" in mix:
                    # The ratio the issue asks for: attacks alone, as fast as they go.
                    alone = await driver.run("attack", {"attack": 1}, None, args.duration)
                    result["attack_alone"] = alone.report(board_lags(fd, alone))
                result["rss_mb"] = round(rss_mb(bot.process.pid), 1)
                return result
            finally:
                await stop(bot)


async def engine_run(
    name: str,
    database_url: str | None,
    processes: int,
    args: argparse.Namespace,
    postmaster: int | None = None,
) -> dict[str, Any]:
    """Attacks against ``processes`` bot processes on one database (None: an SQLite
    file), each running one of ``processes`` shards; the channels are spread over one
    server per shard, so each process gets its share."""
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(
            callback_deadline=None, shard_count=processes, max_concurrency=processes
        ) as fd:
            guilds = [fd.add_guild(f"Mesa {s}", shard=s) for s in range(processes)]
            channels = [
                fd.new_channel(guild_id=guilds[i % processes]) for i in range(args.channels)
            ]
            if database_url is not None:
                await _forget_sync(database_url)
            bots = []
            try:
                for shard in range(processes):
                    bots.append(
                        await launch(
                            fd,
                            Path(tmp) / "bench.sqlite3",
                            Path(tmp) / f"bot-{shard}.log",
                            log_level="WARNING",
                            database_url=database_url,
                            args=["--shards", str(shard), "--shard-count", str(processes)],
                            dev_guild=False,
                        )
                    )
                await bots[0].expect(fd.wait_shards(range(processes), timeout=30), "shards")
                await bots[0].expect(
                    fd.wait_request("PUT", "/applications/*/commands", timeout=30), "sync"
                )
                t0 = time.monotonic()
                for channel in channels:
                    owner = bots[fd.shard_of(fd.guild_of(channel))]
                    await setup_channel(fd, owner, channel, True, args.extras)
                setup_s = time.monotonic() - t0
                pids = [b.process.pid for b in bots]
                driver = Driver(fd, channels, pids=pids, extras=args.extras, postmaster=postmaster)
                rate = 20.0 if args.rate == "max" else float(args.rate)
                paced = await driver.run("attack", {"attack": 1}, rate, args.duration)
                most = await driver.run("attack", {"attack": 1}, None, args.duration)
                return {
                    "name": name,
                    "processes": processes,
                    "setup_seconds": round(setup_s, 1),
                    "rate": rate,
                    "paced": paced.report({}),
                    "max": most.report({}),
                }
            finally:
                for bot in bots:
                    await stop(bot)


async def _forget_sync(database_url: str) -> None:
    """Each run has a fresh double, which knows no commands: make the process that runs
    shard 0 sync again (a given ``--database`` may have synced before). The bench writes
    to that database (encounters in new channels): never point it at a real bot's."""
    from bot.storage.db import open_database

    db = await open_database(database_url)
    try:
        async with db.transaction() as tx:
            await tx.execute("DELETE FROM meta WHERE key = 'global_sync_hash'")
    finally:
        await db.close()


async def engines_main(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One process on SQLite, one on PostgreSQL, ``--processes`` on PostgreSQL."""
    server = None
    postmaster = None
    url = args.database
    if url is None:
        from tests import postgres

        server, why = postgres.start()
        if server is None:
            sys.exit(f"no PostgreSQL to measure (give --database postgresql://...): {why}")
        if server.cluster is not None:
            pid_file = server.cluster.data / "postmaster.pid"
            postmaster = int(pid_file.read_text().split()[0])
    try:
        results = [await engine_run("sqlite, 1 process", None, 1, args)]
        for processes in (1, args.processes):
            database = url if server is None else await server.create()
            name = f"postgresql, {processes} process{'es' if processes > 1 else ''}"
            results.append(await engine_run(name, database, processes, args, postmaster))
        return results
    finally:
        if server is not None:
            server.close()


def _print_engines(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(
        f"attacks: {args.channels} channels (4 PCs, {args.extras} Extras each), "
        f"{args.duration:g} s a phase, cores={os.cpu_count()} load={os.getloadavg()[0]:.1f}"
    )
    for r in results:
        paced, most = r["paced"]["attack"], r["max"]["attack"]
        cpu = r["max"].get("cpu_ms_per_command", {})
        print(
            f"  {r['name']:24} at {r['rate']:g}/s: p50={paced.get('p50_ms')} ms"
            f" p99={paced.get('p99_ms')} ms lost={paced['lost']} errors={paced['errors']} |"
            f" max: {most['throughput_per_s']}/s p50={most.get('p50_ms')} ms"
            f" p99={most.get('p99_ms')} ms lost={most['lost']} | cpu ms/attack at max:"
            f" bot {cpu.get('bot')} bench {cpu.get('bench')}"
            + (f" postgresql {cpu['postgresql']}" if "postgresql" in cpu else "")
        )


def _print(result: dict[str, Any]) -> None:
    print(
        f"channels={result['channels']} combatants={result.get('combatants')} setup={result['setup_seconds']}s prefill={result['prefill']} rss={result.get('rss_mb')} MB"
    )
    for section in ("ping", "commands", "attack_alone"):
        for kind, row in (result.get(section) or {}).items():
            if kind == "disk_kb_per_command":
                print(f"  {section}/disk KB written per command: bot {row}")
                continue
            if kind == "cpu_ms_per_command":
                print(f"  {section}/cpu ms per command: bot {row['bot']}, bench {row['bench']}")
                continue
            cols = " ".join(f"{k}={v}" for k, v in row.items())
            print(f"  {section}/{kind:8} {cols}")
    ping = (result.get("ping") or {}).get("ping", {}).get("throughput_per_s")
    attack = (result.get("attack_alone") or {}).get("attack", {}).get("throughput_per_s")
    if ping and attack:
        print(f"attack max throughput / ping max throughput = {attack / ping:.0%}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--channels", type=int, default=10)
    parser.add_argument("--rate", default="50", help="commands per second offered, or 'max'")
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument(
        "--extras", type=int, default=EXTRAS, help="Extras per encounter (besides 4 PCs)"
    )
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument(
        "--prefill", type=int, default=0, help="ended encounters to put in the database first"
    )
    parser.add_argument(
        "--log-rows", type=int, default=0, help="log rows to put in the database first"
    )
    parser.add_argument(
        "--memory", action="store_true", help="only open the channels and report resident size"
    )
    parser.add_argument(
        "--mix",
        help='command weights, e.g. "attack=1" (default roll=40,attack=30,next=20,bennies=10)',
    )
    parser.add_argument(
        "--profile", type=Path, help="run the bot under cProfile and write its stats here"
    )
    parser.add_argument(
        "--database",
        help="postgresql://... for the engines comparison, a database the bench may write to"
        " (default: a throwaway PostgreSQL)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        help="compare engines: 1 process on SQLite, 1 on PostgreSQL, this many on PostgreSQL",
    )
    arguments = parser.parse_args()
    if arguments.duration > 600:
        sys.exit("--duration is capped at 600 s")
    if arguments.processes is not None or arguments.database is not None:
        if not 1 <= (arguments.processes or 2) <= 16:
            sys.exit("--processes: 1 to 16")
        arguments.processes = arguments.processes or 2
        engines = asyncio.run(engines_main(arguments))
        _print_engines(engines, arguments)
        if arguments.json:
            arguments.json.write_text(json.dumps(engines, indent=2))
        sys.exit(0)
    figures = asyncio.run(main(arguments))
    _print(figures)
    if arguments.json:
        arguments.json.write_text(json.dumps(figures, indent=2))
