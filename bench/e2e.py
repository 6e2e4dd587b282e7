"""End-to-end latency, throughput and cost of the real bot against the Discord test double.

Starts ``tests/fakediscord`` and the real ``python -m bot run`` as a separate process,
(applying Discord's rate limits: 5 messages or edits per channel every 5 seconds, 50
requests a second in all), opens C channels each with a SWADE encounter (4 PCs and 8 Extras, tough enough that the
fight lasts the run), and drives a command mix (roll 40%, attack 30%, next 20%, bennies
10%) at a fixed offered rate or as fast as it goes. Every attack is legal when the bot
gets it (``bench.driver``: the combatant whose turn it is, once a turn; SW-36), and the
replies that refuse something are counted apart, by message. ``/ping`` measured the same
way in the same run is the floor (what discord.py itself costs).

For each command kind: the time from sending INTERACTION_CREATE to the interaction
callback arriving (p50, p95, p99, max), how many were lost or refused, the bot's CPU per
command of that kind, and the board lag (from the command's answer until an edit that
shows it was acknowledged, or a render found nothing new). For the phase: the bot's and
the bench's CPU per command, bytes the bot wrote to disk per command, the longest
event-loop callback in the bot, the callbacks over 20/50/100/200 ms, and the garbage
collector's pauses (``bot.loopwatch``, which the bench turns on with COMODIN_LOOP_STATS).

    python -m bench.e2e --channels 100 --rate 200 --duration 20 --json out.json
    python -m bench.e2e --channels 10 --rate max --duration 10     # + each kind alone
    python -m bench.e2e --channels 1000 --memory        # resident size per open encounter
    python -m bench.e2e --prefill 100000 --log-rows 1000000 --channels 10 --rate 100
    python -m bench.e2e --mix attack=1 --rate 40 --profile bot.prof   # where the bot's time goes
    python -m bench.e2e --processes 2 [--database postgresql://...]   # engines, see below
    python -m bench.e2e --compare main --repeat 3 --channels 100 --rate 200   # old vs this
    python -m bench.e2e --rate max --alone --no-watch   # the bot's CPU without the loop watch
    python -m bench.e2e --rate max --alone --floor   # + the floor of an attack (bench/floor.py)

With ``--rate max`` the phases after the mix run each kind alone as fast as it goes (one
command in flight per channel): ``attack`` alone is attacks and the ``/next`` that ends
each turn (the attack figures are the attacks'; ``attack_to_ping`` compares their rate
and CPU with ``/ping``'s).

With ``--floor`` (and ``--rate max --alone``) the run is followed by a second bot of this
checkout whose ``/attack`` is the floor (``bench/floor.py``: the same options parsed, one
durable write of an action's size, one embed, nothing else): its ``/ping`` and its attacks
alone are measured the same way, and one more line compares the floor's attack and this
bot's in pings, with where each one's CPU goes (the loop thread, SQLite's thread, and an
equal share of what serves every command).

With ``--processes N`` (and ``--database``, else a throwaway PostgreSQL from the system's
binaries, tests/postgres.py) it measures attacks three ways in one run: one process on
SQLite, one on PostgreSQL, and N processes on PostgreSQL, each running its share of N
shards (``comodin run --shards i --shard-count N``) with the channels spread over one
server per shard. For each: latency (p50, p99) at the offered ``--rate``, and the most
attacks per second; the CPU of the bot processes, and of PostgreSQL when it is the
throwaway one.

With ``--compare REV`` the same run is made ``--repeat`` times for this checkout and for
commit REV (extracted with ``git archive`` into a temporary folder; a commit older than
``bot.loopwatch`` runs under ``bench/watched.py``), alternately, and the figures are
printed side by side (the median of the repeats).

All traffic stays on loopback; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.driver import (
    BOT_KIND,
    CALLBACK_TIMEOUT,
    EXTRAS,
    GROUP,
    PCS,
    Driver,
    Phase,
    Table,
    Watch,
    merge_watch,
    next_edit_lags,
    rss_mb,
)
from tests.e2e.conftest import REPO, BotProcess, launch, stop
from tests.fakediscord import FakeDiscord

MIX = {"roll": 40, "attack": 30, "next": 20, "bennies": 10}
KINDS_ALONE = ("roll", "bennies", "next", "attack")
PC_BLOCK = "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\nHabilidades: Pelear d8, Disparar d6, Atletismo d6, Notar d6\\nParada 6, Dureza 6\\nEquipo: Espada (Fue+d8)"
EXTRA_BLOCK = "Atributos: Agilidad d6, Astucia d4, Espíritu d4, Fuerza d6, Vigor d6\\nHabilidades: Pelear d6, Notar d4\\nParada 5, Dureza 5\\nEquipo: Lanza (Fue+d6)"
# The bench's fights last: hits that Shake and wound now and then, few that take anyone
# out before the run ends (a fallen combatant's turns would be all /next).
BENCH_PC = PC_BLOCK.replace("Dureza 6", "Dureza 11")
BENCH_EXTRA = EXTRA_BLOCK.replace("Dureza 5", "Dureza 10")
MEMORY_STEPS = (100, 1000)


async def command(
    fd: FakeDiscord, bot: BotProcess, name: str, options: dict[str, Any] | None, channel: int
) -> dict[str, Any]:
    iid = await fd.send_interaction(fd.slash(name, options, channel_id=channel))
    callback = await bot.expect(fd.wait_callback(iid, timeout=CALLBACK_TIMEOUT), f"/{name}")
    return callback.data or {}


async def setup_channel(
    fd: FakeDiscord, bot: BotProcess, channel: int, full: bool, extras: int = EXTRAS
) -> Table:
    """A SWADE encounter in ``channel`` with its cards dealt; the bench's view of it."""
    table = Table()
    await command(
        fd, bot, "encounter start", {"system": "swade", "name": f"mesa {channel % 1000}"}, channel
    )
    if not full:
        return table
    for i in range(1, PCS + 1):
        await command(
            fd,
            bot,
            "combatant add",
            {"name": f"PJ {i}", "statblock": BENCH_PC, "wildcard": True, "side": "heroes"},
            channel,
        )
    await command(
        fd,
        bot,
        "combatant add",
        {"name": GROUP, "statblock": BENCH_EXTRA, "count": extras},
        channel,
    )
    dealt = await command(fd, bot, "deal", None, channel)
    table.heard(dealt)
    return table


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


class Checkout:
    """Which bot the bench runs: this checkout, or another commit's files."""

    def __init__(
        self,
        tree: Path = REPO,
        label: str = "this checkout",
        *,
        watched: bool = True,
        wrapper: Path | None = None,
    ) -> None:
        self.tree = tree
        self.label = label
        self.watched = watched
        self.wrapper = wrapper  # what runs instead of ``-m bot`` (bench/floor.py)

    def entry(self) -> list[str] | None:
        """How to start it with the loop watch on: its own (COMODIN_LOOP_STATS), or the
        bench's wrapper for a commit older than the watch."""
        if self.wrapper is not None:
            return [str(self.wrapper)]
        if not self.watched or (self.tree / "bot" / "loopwatch.py").exists():
            return None
        return [str(REPO / "bench" / "watched.py")]

    async def launch(
        self, fd: FakeDiscord, tmp: Path, name: str, **kwargs: Any
    ) -> tuple[BotProcess, Watch]:
        stats = tmp / f"{name}.loop.json"
        bot = await launch(
            fd,
            tmp / "bench.sqlite3",
            tmp / f"{name}.log",
            log_level="WARNING",
            env={"COMODIN_LOOP_STATS": str(stats)} if self.watched else {},
            cwd=self.tree,
            entry=self.entry(),
            **kwargs,
        )
        watch = Watch(bot.process.pid, stats)
        watch.absent = not self.watched  # no SIGUSR1 then: unhandled, it ends the bot
        return bot, watch


# This checkout's bot with the floor of an attack for its /attack (bench/floor.py).
FLOOR = Checkout(REPO, "floor", wrapper=REPO / "bench" / "floor.py")


def extract(rev: str, into: Path) -> Checkout:
    """Commit ``rev``'s files (``git archive``), to run its bot beside this one."""
    commit = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", rev],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", commit],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return Checkout(into, f"{rev} ({commit})")


async def main(args: argparse.Namespace, checkout: Checkout | None = None) -> dict[str, Any]:
    checkout = checkout or Checkout(watched=not getattr(args, "no_watch", False))
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        db = tmp / "bench.sqlite3"
        if args.prefill or args.log_rows:
            from bot.storage.db import open_database

            opened = await open_database(db)
            await opened.close()
            prefill(db, args.prefill, args.log_rows)
        async with FakeDiscord(callback_deadline=None, rate_limits=True) as fd:
            bot, watch = await checkout.launch(fd, tmp, "bot", profile=args.profile)
            try:
                return await _measure(args, fd, bot, watch, checkout)
            finally:
                await stop(bot)


async def _measure(
    args: argparse.Namespace, fd: FakeDiscord, bot: BotProcess, watch: Watch, checkout: Checkout
) -> dict[str, Any]:
    await bot.expect(fd.wait_ready(timeout=20), "IDENTIFY")
    await bot.expect(
        fd.wait_request("PUT", f"/applications/*/guilds/{fd.guild_id}/commands", timeout=20),
        "sync",
    )
    names = {c["name"] for c in fd.synced_commands(fd.guild_id)}
    full = {"deal", "bennies"} <= names
    wanted = dict(MIX)
    if args.mix:
        wanted = {k: int(v) for k, v in (part.split("=") for part in args.mix.split(","))}
    mix = {k: v for k, v in wanted.items() if full or k == "roll"}
    pid = bot.process.pid
    result: dict[str, Any] = {
        "bot": checkout.label,
        "channels": args.channels,
        "combatants": PCS + args.extras,
        "mix": mix,
        "prefill": {"ended_encounters": args.prefill, "log_rows": args.log_rows},
        "load_before": round(os.getloadavg()[0], 2),
    }
    t0 = time.monotonic()
    if args.memory:
        result["memory"] = await _memory(args, fd, bot, full)
        result["setup_seconds"] = round(time.monotonic() - t0, 1)
        return result
    channels = [fd.channel_id] + [fd.new_channel() for _ in range(args.channels - 1)]
    tables = {}
    for channel in channels:
        tables[channel] = await setup_channel(fd, bot, channel, full, args.extras)
    result["setup_seconds"] = round(time.monotonic() - t0, 1)
    driver = Driver(fd, channels, pid=pid, extras=args.extras, tables=tables, watches=[watch])
    rate = None if args.rate == "max" else float(args.rate)
    await asyncio.sleep(2.0)  # the boards of the set-up are edited before the floor is taken
    floor = await driver.run("ping", {"ping": 1}, rate, args.duration)
    result["ping"] = floor.report()
    if getattr(args, "floor", False):
        result["ping_cpu_split_ms"] = cpu_split(floor, "ping")
    if checkout.wrapper is not None:  # the floor's bot: its ping, and its attacks alone
        ran = await driver.run("attack", {"attack": 1}, None, args.duration)
        result["alone"] = {"attack": ran.report()}
        result["attack_to_ping"] = attack_to_ping(result)
        result["attack_cpu_split_ms"] = cpu_split(ran, "attack")
        result["rss_mb"] = round(rss_mb(pid), 1)
        result["load_after"] = round(os.getloadavg()[0], 2)
        return result
    spy = _spy(args.spy, pid) if getattr(args, "spy", None) else None
    phase = await driver.run("mix", mix, rate, args.duration)
    if spy is not None:
        await _stop_spy(spy)
    result["commands"] = phase.report(next_edit_lags(fd, phase))
    if rate is None and full:
        alone: dict[str, Any] = {}
        for kind in KINDS_ALONE if args.alone else ("attack",):
            if kind in mix:
                ran = await driver.run(kind, {kind: 1}, None, args.duration)
                alone[kind] = ran.report(next_edit_lags(fd, ran))
                if kind == "attack" and getattr(args, "floor", False):
                    result["attack_cpu_split_ms"] = cpu_split(ran, "attack")
        result["alone"] = alone
        result["attack_to_ping"] = attack_to_ping(result)
    result["rss_mb"] = round(rss_mb(pid), 1)
    result["load_after"] = round(os.getloadavg()[0], 2)
    return result


def _spy(output: Path, pid: int) -> subprocess.Popen[bytes]:
    """py-spy (pip install py-spy) sampling the bot during the mix: collapsed stacks of
    its threads that are not idle, one line each ("raw" format)."""
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen(
        [
            *(str(spy), "record", "--pid", str(pid), "--rate", "250", "--format", "raw"),
            *("--nonblocking", "--gil", "--output", str(output)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def _stop_spy(spy: subprocess.Popen[bytes]) -> None:
    spy.send_signal(signal.SIGINT)
    for _ in range(100):
        if spy.poll() is not None:
            return
        await asyncio.sleep(0.1)
    spy.kill()


def attack_to_ping(result: dict[str, Any]) -> dict[str, float]:
    """Attacks alone against ``/ping`` alone, both as fast as they go: the bot CPU of an
    attack in pings, and the share of ping's rate attacks reach. The attack phase also
    ends each turn with ``/next``: its attack rate is the rate of a bot that spent all
    its time on attacks (attacks a second divided by the attacks' share of the phase's
    bot CPU)."""
    ping = result["ping"].get("ping", {})
    phase = result.get("alone", {}).get("attack", {})
    attack = phase.get("attack", {})
    ping_cpu = ping.get("bot_cpu_ms") or result["ping"].get("cpu_ms_per_command", {}).get("bot")
    out: dict[str, float] = {}
    if ping_cpu and attack.get("bot_cpu_ms"):
        out["cpu"] = round(attack["bot_cpu_ms"] / ping_cpu, 3)
    answered = sum(r.get("answered", 0) for r in phase.values() if isinstance(r, dict))
    total = (phase.get("cpu_ms_per_command") or {}).get("bot", 0) * answered
    if ping.get("throughput_per_s") and attack.get("bot_cpu_ms") and total:
        share = attack["bot_cpu_ms"] * attack["answered"] / total
        rate = attack["throughput_per_s"] / min(1.0, share)
        out["rate"] = round(rate / ping["throughput_per_s"], 3)
    return out


def cpu_split(phase: Phase, kind: str) -> dict[str, float]:
    """Where a command of ``kind`` spent the bot's CPU in ``phase`` (ms each, adding up
    to its ``bot_cpu_ms``): its tasks on the loop thread, its work on SQLite's thread, and
    its equal share of what serves every command (``bench.driver.kind_cpu``)."""
    watch = merge_watch(phase.watch)
    counts = Counter(s.kind for s in phase.samples)
    if not watch or not counts[kind]:
        return {}
    n, total = counts[kind], sum(counts.values())
    bot_kind = BOT_KIND.get(kind, kind)
    loop = sum(f.get("loop_cpu_s_by_kind", {}).get(bot_kind, 0.0) for f in phase.watch if f)
    thread = sum(f.get("thread_cpu_s_by_kind", {}).get(bot_kind, 0.0) for f in phase.watch if f)
    own = sum(watch["cpu_s"].get(BOT_KIND.get(k, k), 0.0) for k in counts)
    shared = max(0.0, watch["process_cpu_s"] - own) / total
    return {
        "loop": round(loop / n * 1000, 3),
        "sqlite_thread": round(thread / n * 1000, 3),
        "shared": round(shared * 1000, 3),
    }


def floor_figures(ours: dict[str, Any], floor: dict[str, Any]) -> dict[str, Any]:
    """The floor's attack and this bot's, each in pings of its own run."""
    attack = floor.get("alone", {}).get("attack", {}).get("attack", {})
    out: dict[str, Any] = {
        "attack_bot_cpu_ms": attack.get("bot_cpu_ms"),
        "ping_bot_cpu_ms": floor.get("ping", {}).get("ping", {}).get("bot_cpu_ms"),
        # none, or the floor was not what answered (its attacks refuse nothing)
        "attack_refused": attack.get("refused"),
        "attack_in_pings": (floor.get("attack_to_ping") or {}).get("cpu"),
        "attack_rate_to_ping": (floor.get("attack_to_ping") or {}).get("rate"),
        "this_attack_in_pings": (ours.get("attack_to_ping") or {}).get("cpu"),
        "attack_cpu_split_ms": floor.get("attack_cpu_split_ms"),
        "ping_cpu_split_ms": floor.get("ping_cpu_split_ms"),
        "this_attack_cpu_split_ms": ours.get("attack_cpu_split_ms"),
        "this_ping_cpu_split_ms": ours.get("ping_cpu_split_ms"),
        "run": floor,
    }
    if out["attack_in_pings"] and out["this_attack_in_pings"]:
        out["share"] = round(out["attack_in_pings"] / out["this_attack_in_pings"], 3)
    return out


def _print_floor(floor: dict[str, Any]) -> None:
    def split(figures: dict[str, float] | None) -> str:
        if not figures:
            return "?"
        return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in figures.items())

    print(
        f"floor (one write, one embed): attack bot CPU {floor['attack_bot_cpu_ms']} ms,"
        f" {floor['attack_in_pings'] or 0:.2f}x its ping ({floor['ping_bot_cpu_ms']} ms);"
        f" this bot's attack {floor['this_attack_in_pings'] or 0:.2f}x; the floor is"
        f" {floor.get('share', 0):.0%} of it (floor attacks refused: {floor['attack_refused']})"
        f" | ms an attack: floor {split(floor['attack_cpu_split_ms'])}"
        f" (its ping {split(floor['ping_cpu_split_ms'])});"
        f" this bot {split(floor['this_attack_cpu_split_ms'])}"
        f" (its ping {split(floor['this_ping_cpu_split_ms'])})"
    )


async def _memory(
    args: argparse.Namespace, fd: FakeDiscord, bot: BotProcess, full: bool
) -> dict[str, Any]:
    """Resident size with no encounter, then after opening each of MEMORY_STEPS (up to
    ``--channels``) encounters; per encounter, the growth between two steps."""
    pid = bot.process.pid
    await asyncio.sleep(1.0)
    rows = [{"encounters": 0, "rss_mb": round(rss_mb(pid), 1)}]
    channels = [fd.channel_id]
    steps = [s for s in MEMORY_STEPS if s < args.channels] + [args.channels]
    for step in steps:
        while len(channels) < step:
            channels.append(fd.new_channel())
        for channel in channels[rows[-1]["encounters"] : step]:
            await setup_channel(fd, bot, channel, full, args.extras)
        await asyncio.sleep(3.0)  # the boards are posted
        rows.append({"encounters": step, "rss_mb": round(rss_mb(pid), 1)})
    for before, after in itertools.pairwise(rows):
        grown = after["rss_mb"] - before["rss_mb"]
        after["kb_per_encounter"] = round(
            grown * 1024 / (after["encounters"] - before["encounters"]), 1
        )
    return {"steps": rows}


# -- engines ----------------------------------------------------------------------------


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
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        async with FakeDiscord(
            callback_deadline=None,
            shard_count=processes,
            max_concurrency=processes,
            rate_limits=True,
        ) as fd:
            guilds = [fd.add_guild(f"Mesa {s}", shard=s) for s in range(processes)]
            channels = [
                fd.new_channel(guild_id=guilds[i % processes]) for i in range(args.channels)
            ]
            if database_url is not None:
                await _forget_sync(database_url)
            bots: list[BotProcess] = []
            watches: list[Watch] = []
            try:
                for shard in range(processes):
                    bot, watch = await Checkout().launch(
                        fd,
                        tmp,
                        f"bot-{shard}",
                        database_url=database_url,
                        args=["--shards", str(shard), "--shard-count", str(processes)],
                        dev_guild=False,
                    )
                    bots.append(bot)
                    watches.append(watch)
                await bots[0].expect(fd.wait_shards(range(processes), timeout=30), "shards")
                await bots[0].expect(
                    fd.wait_request("PUT", "/applications/*/commands", timeout=30), "sync"
                )
                t0 = time.monotonic()
                tables = {}
                for channel in channels:
                    owner = bots[fd.shard_of(fd.guild_of(channel))]
                    tables[channel] = await setup_channel(fd, owner, channel, True, args.extras)
                setup_s = time.monotonic() - t0
                pids = [b.process.pid for b in bots]
                driver = Driver(
                    fd,
                    channels,
                    pids=pids,
                    extras=args.extras,
                    postmaster=postmaster,
                    tables=tables,
                    watches=watches,
                )
                rate = 20.0 if args.rate == "max" else float(args.rate)
                await asyncio.sleep(2.0)
                paced = await driver.run("attack", {"attack": 1}, rate, args.duration)
                most = await driver.run("attack", {"attack": 1}, None, args.duration)
                return {
                    "name": name,
                    "processes": processes,
                    "setup_seconds": round(setup_s, 1),
                    "rate": rate,
                    "paced": paced.report(),
                    "max": most.report(),
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
        loop = r["paced"].get("loop", {})
        print(
            f"  {r['name']:24} at {r['rate']:g}/s: p50={paced.get('p50_ms')} ms"
            f" p99={paced.get('p99_ms')} ms lost={paced['lost']} refused={paced['refused']}"
            f" longest callback={loop.get('longest_callback_ms')} ms |"
            f" max: {most['throughput_per_s']}/s p50={most.get('p50_ms')} ms"
            f" p99={most.get('p99_ms')} ms lost={most['lost']} refused={most['refused']} |"
            f" cpu ms at max: bot {most.get('bot_cpu_ms')} an attack"
            f" ({cpu.get('bot')} a command, with /next) bench {cpu.get('bench')}"
            + (f" postgresql {cpu['postgresql']} a command" if "postgresql" in cpu else "")
        )


# -- printing ---------------------------------------------------------------------------

SECTIONS = ("ping", "commands")


def _print(result: dict[str, Any]) -> None:
    print(
        f"bot={result['bot']} channels={result['channels']} combatants={result.get('combatants')}"
        f" setup={result['setup_seconds']}s prefill={result['prefill']}"
        f" rss={result.get('rss_mb')} MB load={result.get('load_before')}->{result.get('load_after')}"
    )
    for row in (result.get("memory") or {}).get("steps", []):
        print(f"  memory: {row}")
    sections = [(s, result.get(s) or {}) for s in SECTIONS]
    sections += [(f"alone/{k}", v) for k, v in (result.get("alone") or {}).items()]
    for section, rows in sections:
        for kind, row in rows.items():
            if kind == "disk_kb_per_command":
                print(f"  {section}/disk KB written per command: bot {row}")
            elif kind == "cpu_ms_per_command":
                extra = f", postgresql {row['postgresql']}" if "postgresql" in row else ""
                print(
                    f"  {section}/cpu ms per command: bot {row['bot']}, bench {row['bench']}{extra}"
                )
            elif kind == "loop":
                print(
                    f"  {section}/loop: longest callback {row['longest_callback_ms']} ms"
                    f" (CPU {row['longest_callback_cpu_ms']} ms; {row['longest_callback']}), over 20/50/100/200 ms:"
                    f" {'/'.join(str(v) for v in row['callbacks_over_ms'].values())},"
                    f" busy {row['busy_share']:.0%}, board CPU/command"
                    f" {row['board_cpu_ms_per_command']} ms, callbacks/command"
                    f" {row.get('callbacks_per_command')} (CPU read {row.get('cpu_reads_per_command')}x)"
                )
                print(
                    f"  {section}/loop: most CPU in one callback {row['most_cpu_callback_ms']} ms"
                    f" (garbage collection {row['most_cpu_callback_gc_ms']} ms of it;"
                    f" {row['most_cpu_callback']}); without collections:"
                    f" {row['most_cpu_without_gc_ms']} ms ({row['most_cpu_without_gc']})"
                )
                gcs = ", ".join(
                    f"gen{g} {v['count']}x max {v['max_ms']} ms (CPU {v['max_cpu_ms']} ms),"
                    f" garbage found {v['collected']}"
                    for g, v in row["gc"].items()
                )
                print(f"  {section}/gc: {gcs}")
            elif kind == "bench_loop":
                print(
                    f"  {section}/bench's own loop: longest callback"
                    f" {row['longest_callback_ms']} ms ({row['longest_callback']}), over"
                    f" 20/50/100/200 ms: {'/'.join(str(v) for v in row['callbacks_over_ms'].values())},"
                    f" busy {row['busy_share']:.0%}"
                )
            elif kind == "bot_waited_for_cpu_ms_per_s":
                print(f"  {section}/bot threads waited for a core: {row} ms a second")
            elif kind == "rate_limited_429":
                print(f"  {section}/requests the double refused with 429: {row}")
            elif kind in ("substituted", "refusals"):
                print(f"  {section}/{kind}: {row}")
            else:
                cols = " ".join(f"{k}={v}" for k, v in row.items())
                print(f"  {section}/{kind:8} {cols}")
    ratio = result.get("attack_to_ping")
    if ratio:
        print(
            f"attacks alone / ping alone: rate {ratio.get('rate', 0):.0%},"
            f" bot CPU {ratio.get('cpu', 0):.2f}x"
        )


def headline(result: dict[str, Any]) -> dict[str, Any]:
    """The figures the comparison and the check read from one run."""
    out: dict[str, Any] = {}
    ping = (result.get("ping") or {}).get("ping", {})
    out["ping p99 ms"] = ping.get("p99_ms")
    out["ping bot cpu ms"] = ping.get("bot_cpu_ms") or (result.get("ping") or {}).get(
        "cpu_ms_per_command", {}
    ).get("bot")
    commands = result.get("commands") or {}
    for kind in ("attack", "next", "roll", "bennies"):
        row = commands.get(kind) or {}
        out[f"{kind} p50 ms"] = row.get("p50_ms")
        out[f"{kind} p99 ms"] = row.get("p99_ms")
        out[f"{kind} bot cpu ms"] = row.get("bot_cpu_ms")
        if "board_lag_p99_ms" in row:
            out[f"{kind} board lag p99 ms"] = row["board_lag_p99_ms"]
        if "next_edit_p99_ms" in row:
            out[f"{kind} next edit p99 ms (double)"] = row["next_edit_p99_ms"]
        out[f"{kind} lost"] = row.get("lost")
        out[f"{kind} refused"] = row.get("refused")
    out["mix bot cpu ms/command"] = commands.get("cpu_ms_per_command", {}).get("bot")
    out["mix disk KB/command"] = commands.get("disk_kb_per_command")
    out["mix 429s"] = commands.get("rate_limited_429")
    loop = commands.get("loop") or {}
    out["mix longest callback ms"] = loop.get("longest_callback_ms")
    out["mix most CPU in one callback ms"] = loop.get("most_cpu_callback_ms")
    out["ping longest callback ms"] = ((result.get("ping") or {}).get("loop") or {}).get(
        "longest_callback_ms"
    )
    ratio = result.get("attack_to_ping") or {}
    out["attack/ping rate"] = ratio.get("rate")
    out["attack/ping cpu"] = ratio.get("cpu")
    out["rss MB"] = result.get("rss_mb")
    return out


def _median(values: list[Any]) -> Any:
    numbers = [v for v in values if isinstance(v, int | float)]
    return round(statistics.median(numbers), 3) if numbers else None


async def compare_main(args: argparse.Namespace) -> dict[str, Any]:
    """This checkout and ``--compare REV``, alternately, ``--repeat`` times each."""
    with tempfile.TemporaryDirectory() as folder:
        other = extract(args.compare, Path(folder) / "rev")
        ours = Checkout()
        runs: dict[str, list[dict[str, Any]]] = {ours.label: [], other.label: []}
        for i in range(args.repeat):
            order = (ours, other) if i % 2 == 0 else (other, ours)
            for checkout in order:
                result = await main(args, checkout)
                _print(result)
                runs[checkout.label].append(result)
    table = {label: [headline(r) for r in results] for label, results in runs.items()}
    keys = list(next(iter(table.values()))[0])
    width = max(len(k) for k in keys)
    labels = list(table)
    print(f"\nmedian of {args.repeat} run(s) each, alternately:")
    print(f"  {'':{width}}  " + "  ".join(f"{label:>24}" for label in labels))
    for key in keys:
        cells = [_median([h.get(key) for h in table[label]]) for label in labels]
        print(f"  {key:{width}}  " + "  ".join(f"{c!s:>24}" for c in cells))
    return {"runs": runs}


def _arguments() -> argparse.Namespace:
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
        "--memory",
        action="store_true",
        help="only open the channels (100, then up to --channels) and report resident size",
    )
    parser.add_argument(
        "--mix",
        help='command weights, e.g. "attack=1" (default roll=40,attack=30,next=20,bennies=10)',
    )
    parser.add_argument(
        "--alone",
        action="store_true",
        help="with --rate max: every kind alone after the mix, not only attacks",
    )
    parser.add_argument(
        "--profile", type=Path, help="run the bot under cProfile and write its stats here"
    )
    parser.add_argument(
        "--spy",
        type=Path,
        help="sample the bot with py-spy during the mix (holding the GIL) into this file",
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
    parser.add_argument("--compare", metavar="REV", help="also run commit REV's bot, alternately")
    parser.add_argument(
        "--no-watch",
        action="store_true",
        help="run the bot without its loop watch (to measure the watch's cost: compare"
        " each phase's cpu_ms_per_command with a run that has it; no per-kind CPU then)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each bot with --compare")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="with --rate max --alone: then the floor bot (bench/floor.py), its ping and"
        " attacks alone, and a line comparing its attack with this bot's, in pings",
    )
    arguments = parser.parse_args()
    if arguments.duration > 600:
        sys.exit("--duration is capped at 600 s")
    if not 1 <= arguments.repeat <= 10:
        sys.exit("--repeat: 1 to 10")
    if not 1 <= arguments.channels <= 5000:
        sys.exit("--channels: 1 to 5000")
    if arguments.floor and not (arguments.rate == "max" and arguments.alone):
        sys.exit("--floor: with --rate max --alone")
    if arguments.floor and (arguments.compare or arguments.processes or arguments.memory):
        sys.exit("--floor: not with --compare, --processes or --memory")
    return arguments


if __name__ == "__main__":
    arguments = _arguments()
    if arguments.processes is not None or arguments.database is not None:
        if not 1 <= (arguments.processes or 2) <= 16:
            sys.exit("--processes: 1 to 16")
        arguments.processes = arguments.processes or 2
        engines = asyncio.run(engines_main(arguments))
        _print_engines(engines, arguments)
        if arguments.json:
            arguments.json.write_text(json.dumps(engines, indent=2))
        sys.exit(0)
    if arguments.compare:
        compared = asyncio.run(compare_main(arguments))
        if arguments.json:
            arguments.json.write_text(json.dumps(compared, indent=2))
        sys.exit(0)
    figures = asyncio.run(main(arguments))
    _print(figures)
    if arguments.floor:
        floored = asyncio.run(main(arguments, FLOOR))
        figures["floor"] = floor_figures(figures, floored)
        _print_floor(figures["floor"])
    if arguments.json:
        arguments.json.write_text(json.dumps(figures, indent=2))
