"""CPU per attack through the whole bot path, with no network: the offline table's real
command tree, rules, encounter service and storage, one attack at a time.

    python -m bench.storage [--attacks 1000] [--rounds 5] [--database postgresql://...]
    python -m bench.storage --postgres    # also on a throwaway PostgreSQL (tests/postgres.py)
    python -m bench.storage --wal [--attacks 300]   # SQLite: the WAL pages an attack writes

``--wal`` (issue 32) makes one round on SQLite with the checkpoints held back, then reads
the WAL's frames (each is one page a commit changed, written whole) and says which table
or index each page belongs to at the end (SQLite's ``dbstat``; a page freed and taken
again by another table counts for the latter), per attack.

Each round starts a fresh SWADE encounter (4 PCs, 8 Extras with Toughness 12, so most
attacks stay hits and misses on living targets) and times ``--attacks`` attacks, each
legal (issue 32: a ``/next`` after each, not timed, so no PC acts twice in a turn, SW-36;
before, a quarter were refused and wrote only their claim); it reports this process's
CPU (the event loop and, on SQLite, the database thread) per attack, and the wall time. The median of the rounds is the figure (and the least, the
round least disturbed by whatever else the machine runs). On PostgreSQL the server's own
CPU is in other processes: it is given apart (``server_cpu_ms``) when the server is the
throwaway one this bench started (its processes are read from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import sqlite3
import statistics
import struct
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.e2e import PC_BLOCK
from bot.play.lines import parse_line
from bot.play.table import OfflineTable

TOUGH_EXTRA = "Atributos: Agilidad d6, Astucia d4, Espíritu d4, Fuerza d6, Vigor d6\\nHabilidades: Pelear d6, Notar d4\\nParada 5, Dureza 12\\nEquipo: Lanza (Fue+d6)"
SETUP = [
    "@gm /encounter start system:swade",
    *(
        f'@gm /combatant add name:"PJ {i}" statblock:"{PC_BLOCK}" wildcard:true side:heroes'
        for i in range(1, 5)
    ),
    f'@gm /combatant add name:Goblin statblock:"{TOUGH_EXTRA}" count:8',
    "@gm /deal",
]


def _table(tmp: Path, database: str | None, round_no: int) -> OfflineTable:
    if database is None:
        return OfflineTable(db_path=tmp / f"bench-{round_no}.sqlite3", seed=round_no)
    return OfflineTable(db_path=tmp / "unused.sqlite3", seed=round_no, database_url=database)


def _cpu_of(pid: int) -> tuple[int, float]:
    """(parent pid, CPU seconds used by the process and the children it reaped)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])
    return int(fields[1]), ticks / os.sysconf("SC_CLK_TCK")


def server_cpu(postmaster: int | None) -> float:
    """CPU seconds a local PostgreSQL used so far: its postmaster, the children it reaped
    and the ones still running (backends, writers)."""
    if postmaster is None:
        return 0.0
    total = _cpu_of(postmaster)[1]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent, cpu = _cpu_of(int(entry))
            except (OSError, IndexError):
                continue
            if parent == postmaster:
                total += cpu
    return total


def attack_payloads(table: OfflineTable, attacks: int) -> list[dict[str, Any]]:
    """``attacks`` attacks of the PCs on the Goblins, in turn (each made legal by the
    ``/next`` the rounds send after it: SW-36, one action a turn without multi-action)."""
    gm = table.user("gm")
    lines = [
        parse_line(f'@gm /attack target:"Goblin {i % 8 + 1}" actor:"PJ {i % 4 + 1}"')
        for i in range(attacks)
    ]
    return [table._command_payload(line, gm) for line in lines if line is not None]


class ServerCpu:
    """CPU seconds a local PostgreSQL used so far, read cheaply between two attacks: the
    postmaster (with the children it reaped) and the children it had when made."""

    def __init__(self, postmaster: int | None) -> None:
        self.pids: list[int] = []
        if postmaster is not None:
            self.pids = [postmaster]
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    try:
                        if _cpu_of(int(entry))[0] == postmaster:
                            self.pids.append(int(entry))
                    except (OSError, IndexError):
                        continue

    def __call__(self) -> float:
        total = 0.0
        for pid in self.pids:
            with contextlib.suppress(OSError, IndexError):  # gone: its parent counts it
                total += _cpu_of(pid)[1]
        return total


async def one_round(
    tmp: Path, database: str | None, attacks: int, round_no: int, postmaster: int | None = None
) -> dict[str, Any]:
    """``attacks`` legal attacks, each followed by ``/next`` (not timed): the CPU of this
    process (the event loop and SQLite's thread) and of the server during the attacks."""
    async with _table(tmp, database, round_no) as table:
        for line in SETUP:
            await table.run(line)
        gm = table.user("gm")
        payloads = attack_payloads(table, attacks)
        turn = parse_line("@gm /next")
        assert turn is not None
        refused = 0
        gc.collect()
        server_of = ServerCpu(postmaster)
        cpu = wall = server = 0.0
        for payload in payloads:
            before = server_of()
            started, began = time.process_time(), time.perf_counter()
            sent = await table.dispatch(payload, gm)
            cpu += time.process_time() - started
            wall += time.perf_counter() - began
            server += server_of() - before
            refused += bool(sent and sent[0].ephemeral)
            await table.dispatch(table._command_payload(turn, gm), gm)
        await table.run("@gm /encounter end")
    return {
        "cpu_ms": cpu * 1000 / attacks,
        "wall_ms": wall * 1000 / attacks,
        "server_cpu_ms": server * 1000 / attacks,
        "refused": refused,
    }


def wal_frames(wal: Path) -> tuple[int, list[tuple[int, int, bool]]]:
    """The page size and the frames (offset in the file, page number, whether it ends a
    commit) of a SQLite WAL file."""
    data = wal.read_bytes()
    page_size = struct.unpack(">I", data[8:12])[0]
    frames = []
    for at in range(32, len(data) - 23, 24 + page_size):
        page, size_after = struct.unpack(">II", data[at : at + 8])
        frames.append((at, page, size_after != 0))
    return page_size, frames


async def wal_round(tmp: Path, attacks: int) -> None:
    """Where an attack's WAL bytes go (the module's docstring, ``--wal``): the frames
    each attack adds (not those of the ``/next`` after it)."""
    async with _table(tmp, None, 0) as table:
        for line in SETUP:
            await table.run(line)
        assert table.bot is not None
        gm = table.user("gm")
        payloads = attack_payloads(table, attacks)
        turn = parse_line("@gm /next")
        assert turn is not None
        db = table.bot.db
        path = Path(db.describe())
        wal = path.with_name(path.name + "-wal")
        await db.fetchone("PRAGMA wal_autocheckpoint=0")
        await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")
        refused, spans = 0, []
        for payload in payloads:
            start = wal.stat().st_size
            sent = await table.dispatch(payload, gm)
            spans.append((start, wal.stat().st_size))
            refused += bool(sent and sent[0].ephemeral)
            await table.dispatch(table._command_payload(turn, gm), gm)
        page_size, frames = wal_frames(wal)
        pages = [page for at, page, _ in frames if any(a <= at < b for a, b in spans)]
        commits = sum(last for at, _, last in frames if any(a <= at < b for a, b in spans))
        with sqlite3.connect(path) as look:
            owner = {
                page: f"{name} ({kind})"
                for page, name, kind in look.execute("SELECT pageno, name, pagetype FROM dbstat")
            }
        look.close()
    print(
        f"engine=sqlite attacks={attacks} refused={refused} commits={commits}"
        f" page_size={page_size} wal_pages_per_attack={len(pages) / attacks:.2f}"
        f" wal_kb_per_attack={len(pages) * (page_size + 24) / 1024 / attacks:.2f}"
    )
    for name, count in Counter(owner.get(p, "free") for p in pages).most_common():
        print(f"  {name:40} {count / attacks:5.2f} pages an attack")


async def measure(
    database: str | None, args: argparse.Namespace, postmaster: int | None = None
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rounds = []
        for round_no in range(args.rounds):
            rounds.append(await one_round(Path(tmp), database, args.attacks, round_no, postmaster))
    engine = "sqlite" if database is None else "postgresql"
    cpu = statistics.median(r["cpu_ms"] for r in rounds)
    best = min(r["cpu_ms"] for r in rounds)
    wall = statistics.median(r["wall_ms"] for r in rounds)
    each = ", ".join(f"{r['cpu_ms']:.3f}" for r in rounds)
    print(
        f"engine={engine} attacks={args.attacks} rounds={args.rounds} "
        f"cpu_ms_per_attack={cpu:.3f} min={best:.3f} (rounds: {each}) "
        f"wall_ms_per_attack={wall:.3f} refused={sum(r['refused'] for r in rounds)}"
        + (
            f" server_cpu_ms_per_attack={statistics.median(r['server_cpu_ms'] for r in rounds):.3f}"
            if postmaster
            else ""
        )
    )


async def main(args: argparse.Namespace) -> None:
    if args.wal:
        with tempfile.TemporaryDirectory() as tmp:
            await wal_round(Path(tmp), args.attacks)
        return
    await measure(args.database, args)
    if args.postgres:
        from tests import postgres

        server, why = postgres.start()
        if server is None:
            print(f"no PostgreSQL: {why}")
            return
        try:
            url = await server.create()
            postmaster = None
            if server.cluster is not None:
                pid_file = server.cluster.data / "postmaster.pid"
                postmaster = int(pid_file.read_text().split()[0])
            await measure(url, args, postmaster)
        finally:
            server.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database", help="postgresql://... (default: a temporary SQLite file)")
    parser.add_argument(
        "--postgres", action="store_true", help="then again on a throwaway PostgreSQL"
    )
    parser.add_argument(
        "--wal", action="store_true", help="SQLite: which tables the WAL pages of an attack are"
    )
    asyncio.run(main(parser.parse_args()))
