"""CPU per attack through the whole bot path, with no network: the offline table's real
command tree, rules, encounter service and storage, one attack at a time.

    python -m bench.storage [--attacks 1000] [--rounds 5] [--database postgresql://...]
    python -m bench.storage --postgres    # also on a throwaway PostgreSQL (tests/postgres.py)

Each round starts a fresh SWADE encounter (4 PCs, 8 Extras with Toughness 12, so most
attacks stay hits and misses on living targets) and times ``--attacks`` attacks; it
reports this process's CPU (the event loop and, on SQLite, the database thread) per
attack, and the wall time. The median of the rounds is the figure (and the least, the
round least disturbed by whatever else the machine runs). On PostgreSQL the server's own
CPU is in other processes: it is given apart (``server_cpu_ms``) when the server is the
throwaway one this bench started (its processes are read from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import tempfile
import time
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


async def one_round(
    tmp: Path, database: str | None, attacks: int, round_no: int, postmaster: int | None = None
) -> dict[str, Any]:
    async with _table(tmp, database, round_no) as table:
        for line in SETUP:
            await table.run(line)
        gm = table.user("gm")
        lines = [
            parse_line(f'@gm /attack target:"Goblin {i % 8 + 1}" actor:"PJ {i % 4 + 1}"')
            for i in range(attacks)
        ]
        payloads = [table._command_payload(line, gm) for line in lines if line is not None]
        refused = 0
        gc.collect()
        server = server_cpu(postmaster)
        cpu, wall = time.process_time(), time.perf_counter()
        for payload in payloads:
            sent = await table.dispatch(payload, gm)
            refused += bool(sent and sent[0].ephemeral)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        server = server_cpu(postmaster) - server
        await table.run("@gm /encounter end")
    return {
        "cpu_ms": cpu * 1000 / attacks,
        "wall_ms": wall * 1000 / attacks,
        "server_cpu_ms": server * 1000 / attacks,
        "refused": refused,
    }


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
    asyncio.run(main(parser.parse_args()))
