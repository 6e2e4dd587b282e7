"""Rules benchmark: how long each rules call blocks the event loop, at 80 combatants.

    python -m bench.rules                     # (make bench) every part, ~2 minutes
    python -m bench.rules --parts nadie,odds  # some parts
    python -m bench.rules --json out.json

Parts (each prints a table; the bar of issue 15 is 50 ms per rules call at 80
combatants, and issue 21's is 100 ms of event-loop time per command):

- ``swade``, ``ritualhex``, ``ds20``: an encounter of ``--combatants`` (80) in each
  system is played through the offline table (the real command tree, cogs, service and
  SQLite) by a seeded random walk over the commands a GM types and the buttons the bot
  offers (``--steps`` per system). Every rules call the cogs make through the encounter
  service is timed (the pure function: it runs on the event loop), keyed by its log
  kind; and for every command, the longest single event-loop callback it caused (what a
  ``/ping`` in another channel would have waited behind). Refused commands count too.
- ``nadie``: Ritual Hex "Nadie reacciona" with 40, 60 and 80 minions that may all react
  (each has Proteger, so every one is offered a button).
- ``odds``: the exact odds of the issue's worst pools, each in a subprocess with a time
  limit (``--odds-timeout``), through ``bot.dice.odds.expression_odds`` when it exists
  (exact within its budget, else the labelled estimate) and ``distribution`` before;
  plus the Ritual Hex check ``<Str>[1500]<Def>``.
- ``dice``: the heaviest dice commands found (the most dice, aces, repetitions,
  nesting, keep pools, sets, estimates): the longest event-loop callback, the wall time
  and the bot process's CPU for each (the workers' CPU is in ``odds``).
- ``gil``: a light command's latency on the event loop while six heavy odds run in
  threads, in processes, or not at all (why the executor uses processes).
- ``executor``: six slow ``/roll ... tn:`` from three users at once, then another
  user's ``/roll 2d6 tn:7``: how long until its odds were shown, and the longest
  event-loop callback meanwhile (the issue's ``30d100kh15 tn:1000``, and the heaviest
  case now, an estimate).
- ``hostile`` (issue 21): per system, an encounter filled to the bounds (100 combatants
  with 80-character names and the largest sheets the bounds allow), the commands of the
  walk at that size, imports at and past the bounds (the issue's 10,000 combatants), and
  ``--hostile-steps`` commands drawn by ``bench/hostile.py`` (numbers at and past every
  bound, hostile names): for each command the longest event-loop callback and the CPU
  time of the bot's process (bars: 100 ms and 1 s). Issue 28 adds, in Savage Worlds:
  power definitions to their bound and ``/cast power``'s autocomplete at it; the crafted
  records imported, and stored as an older bot would have and then rerolled or soaked;
  an import of 15,000 power definitions; a member's ``/undo`` after the GM's fight in
  the same channel. On each engine of ``--engines`` (default ``sqlite,postgresql``: a
  throwaway PostgreSQL from tests/postgres.py).

It runs on older versions of the bot too (to measure before a change): parts that need
something missing say so.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.encounter.service import EncounterService
from bot.play.table import OfflineTable
from bot.systems import catalogue
from bot.systems.common import raw_items

RULES_BAR_MS = 50.0
LOOP_BAR_MS = 100.0

# --- measuring ---------------------------------------------------------------------------


class Meter:
    """Rules-call times by kind and the longest event-loop callback per command."""

    def __init__(self) -> None:
        self.rules: dict[str, list[float]] = defaultdict(list)
        self.loop: dict[str, list[float]] = defaultdict(list)
        self.longest = 0.0
        self.longest_what = ""
        # The most CPU one callback used (its thread's): what the wall time above is
        # when this process is never kept waiting for a core (a shared machine).
        self.longest_cpu = 0.0

    def install(self) -> Callable[[], None]:
        meter = self
        original_act = EncounterService.act
        original_run = asyncio.events.Handle._run

        async def act(self: Any, channel_id: int, user_id: int, action: Any, **kw: Any) -> Any:
            kind = kw.get("kind", "?")

            def timed(encounter: Any, dice: Any) -> Any:
                start = time.perf_counter()
                try:
                    return action(encounter, dice)
                finally:
                    meter.rules[kind].append(time.perf_counter() - start)

            return await original_act(self, channel_id, user_id, timed, **kw)

        def run(handle: Any) -> None:
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                original_run(handle)
            finally:
                took = time.perf_counter() - start
                meter.longest_cpu = max(meter.longest_cpu, time.thread_time() - cpu)
                if took > meter.longest:
                    meter.longest = took
                    meter.longest_what = repr(handle)[:160]

        EncounterService.act = act  # type: ignore[method-assign]
        asyncio.events.Handle._run = run  # type: ignore[method-assign]

        def uninstall() -> None:
            EncounterService.act = original_act  # type: ignore[method-assign]
            asyncio.events.Handle._run = original_run  # type: ignore[method-assign]

        return uninstall

    show_slow = False

    async def command(self, table: OfflineTable, line: str, label: str) -> list[Any]:
        self.longest = 0.0
        try:
            messages = await table.run(line)
        except Exception as exc:  # a line the table cannot build (no such button)
            messages = []
            label = f"{label} (not run: {type(exc).__name__})"
        self.loop[label].append(self.longest)
        if self.show_slow and self.longest * 1000 > LOOP_BAR_MS / 2:
            print(
                f"    slow: {self.longest * 1000:.1f} ms  {line[:100]}\n      in {self.longest_what}"
            )
        return messages


def _ms(values: list[float]) -> str:
    return f"{max(values) * 1000:8.1f}" if values else "       -"


def _table(title: str, meter: Meter) -> dict[str, Any]:
    print(f"\n{title}")
    print(f"  {'rules call (log kind)':34} {'calls':>6} {'p50 ms':>8} {'max ms':>8}")
    out: dict[str, Any] = {"rules": {}, "commands": {}}
    for kind in sorted(meter.rules, key=lambda k: -max(meter.rules[k])):
        times = meter.rules[kind]
        flag = "  OVER" if max(times) * 1000 > RULES_BAR_MS else ""
        print(
            f"  {kind:34} {len(times):6} {statistics.median(times) * 1000:8.2f} {_ms(times)}{flag}"
        )
        out["rules"][kind] = {"calls": len(times), "max_ms": max(times) * 1000}
    print(f"  {'command (longest loop callback)':34} {'runs':>6} {'p50 ms':>8} {'max ms':>8}")
    for label in sorted(meter.loop, key=lambda k: -max(meter.loop[k])):
        times = meter.loop[label]
        flag = "  OVER" if max(times) * 1000 > LOOP_BAR_MS else ""
        print(
            f"  {label:34} {len(times):6} {statistics.median(times) * 1000:8.2f} {_ms(times)}{flag}"
        )
        out["commands"][label] = {"runs": len(times), "max_ms": max(times) * 1000}
    worst = max((max(v) for v in meter.rules.values()), default=0.0)
    print(f"  worst rules call: {worst * 1000:.1f} ms (bar {RULES_BAR_MS:.0f} ms)")
    out["worst_rules_ms"] = worst * 1000
    return out


# --- the systems ---------------------------------------------------------------------------

SWADE_HERO = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d8, Vigor d8\\n"
    "Habilidades: Atletismo d8, Pelear d10, Disparar d8, Notar d6\\nParada: 7; Dureza: 7\\n"
    "Equipo: Espada larga (Fue+d8), Pistola (Distancia 12/24/48, Daño 2d6, PA 1, Disparos 6)"
)
SWADE_FOE = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\n"
    "Habilidades: Atletismo d6, Pelear d6, Notar d6\\nParada: 5; Dureza: 5\\nEquipo: Lanza (Fue+d6)"
)
RH_HERO = "AP 14, HP 12, Str 3, Def 2, Per 1, Mag 2, DR 1"
RH_NADIE_HERO = "AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"  # after a Piña: 7 < 9
RH_MINION = (
    "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\\npartes: cabeza, torso\\n"
    "miembros: mano x2, pies\\nacciones: Proteger"
)
DS_PC = (
    "Tipo: PJ | Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Armas C.C. 10, "
    "Armas de Fuego 12, Acrobacia 9, Primeros Auxilios 8, Iniciativa 4 | "
    "Armas: Puños 2/6 pelea; Cuchillo 3/8 C.C.; Pistola 4/9 fuego alcance 20 cargador 15 semiautomática"
)
DS_FOE = (
    "Aptitudes: Fortaleza 11, Destreza 9, Pelea 10, Armas C.C. 9, Acrobacia 8, Iniciativa 2 | "
    "Heridas: 2/1/1 | Armadura: torso | Armas: Puños 2/6 pelea; Machete 5/10 C.C."
)


def _add_lines(side: str, name: str, block: str, count: int, extra: str = "") -> list[str]:
    lines = []
    left, batch = count, 0
    while left > 0:
        n = min(40, left)
        batch += 1
        lines.append(
            f'@gm /combatant add name:"{name}{batch}" side:{side} count:{n} statblock:"{block}"{extra}'
        )
        left -= n
    return lines


def _setup(system: str, n: int) -> list[str]:
    heroes = 4
    if system == "swade":
        return [
            "@gm /encounter start system:swade name:Bench",
            *_add_lines("heroes", "Heroe", SWADE_HERO, heroes, " wildcard:true"),
            *_add_lines("foes", "Goblin", SWADE_FOE, n - heroes),
            "@gm /bennies session-start",
            "@gm /deal",
        ]
    if system == "ritualhex":
        return [
            "@gm /encounter start system:ritualhex name:Bench",
            *_add_lines("heroes", "Heroe", RH_HERO, heroes),
            *_add_lines("foes", "Esbirro", RH_MINION, n - heroes),
            "@gm /hex round",
        ]
    return [
        "@gm /encounter start system:ds20 name:Bench",
        *_add_lines("heroes", "Ana", DS_PC, heroes),
        *_add_lines("foes", "Maton", DS_FOE, n - heroes),
        "@gm /initiative roll",
    ]


def _side(c: Any) -> str:
    return str(getattr(c, "side", "foes"))


def _acting(system: str, state: Any) -> Any:
    """The combatant whose turn or opportunity it is (None: nobody)."""
    people = {c.id: c for c in raw_items(state.combatants)}
    if system == "swade":
        from bot.systems.swade import current_combatant

        return current_combatant(state)
    if system == "ritualhex":
        ids = list(getattr(state, "acting", []) or [])
        return people.get(ids[0]) if ids else None
    cid = state.current_id
    return people.get(cid) if cid else None


def _menu(system: str, state: Any, rng: random.Random, last: list[Any]) -> tuple[str, str]:
    """One command line for the state (and a label for the table)."""
    people = list(raw_items(state.combatants))
    me = _acting(system, state)
    alive = [c for c in people if not getattr(c, "dead", False)]
    enemies = [c for c in alive if me is None or _side(c) != _side(me)] or people
    target = rng.choice(enemies).name
    anyone = rng.choice(people).name
    buttons = [b["label"] for m in last for b in m.buttons() if "label" in b]
    weights: list[tuple[float, str, str]] = [
        (4, f'@gm /attack target:"{target}"', "/attack"),
        (3, "@gm /next", "/next"),
        (0.5, "@gm /undo", "/undo"),
        (0.3, "@gm /encounter show", "/encounter show"),
    ]
    if buttons:
        label = rng.choice(buttons)
        weights.append((3, f'@gm press "{label}"', f"press {label.split(':')[-1].strip()[:20]}"))
    if system == "swade":
        weights += [
            (1, f'@gm /wildattack target:"{target}"', "/wildattack"),
            (0.7, f'@gm /grapple start target:"{target}"', "/grapple start"),
            (0.4, f'@gm /grapple escape actor:"{anyone}"', "/grapple escape"),
            (
                0.7,
                f'@gm /condition add combatant:"{anyone}" condition:distracted',
                "/condition add",
            ),
            (
                0.4,
                f'@gm /condition remove combatant:"{anyone}" condition:distracted',
                "/condition remove",
            ),
            (0.7, "@gm /act action:defend", "/act defend"),
            (0.4, "@gm /hold", "/hold"),
            (0.3, "@gm /deal", "/deal"),
        ]
    elif system == "ritualhex":
        awaiting = list(getattr(state, "awaiting", []) or [])
        head = next((c for c in people if awaiting and c.id == awaiting[0]), None)
        if head is not None:
            weights += [
                (3, '@gm press "Nadie reacciona"', "press Nadie reacciona"),
                (1, f'@gm /react pass actor:"{head.name}"', "/react pass"),
                (1, f'@gm /react with reaction:Proteger actor:"{head.name}"', "/react with"),
            ]
        weights += [
            (0.7, "@gm /act action:Preparar", "/act Preparar"),
            (0.7, "@gm /act action:Esperar", "/act Esperar"),
            (0.2, "@gm /hex round", "/hex round"),
        ]
    else:
        weights += [
            (2, "@gm /react dodge", "/react dodge"),
            (1, "@gm /react block", "/react block"),
            (1.5, "@gm /react none", "/react none"),
            (0.5, f'@gm /grapple start target:"{target}"', "/grapple start"),
            (0.2, "@gm /initiative roll", "/initiative roll"),
        ]
    total = sum(w for w, _, _ in weights)
    pick = rng.uniform(0, total)
    for w, line, label in weights:
        pick -= w
        if pick <= 0:
            return line, label
    return weights[-1][1], weights[-1][2]


def _teardown(system: str, table: OfflineTable) -> list[tuple[str, str]]:
    """Commands the walk does not reach, once each, ending the encounter."""
    first = {"swade": "Goblin1 1", "ritualhex": "Esbirro1 1", "ds20": "Maton1 1"}[system]
    last = {"swade": "Goblin2 38", "ritualhex": "Esbirro2 38", "ds20": "Maton2 38"}[system]
    lines = [
        (f'@gm /combatant edit combatant:"{first}" name:Renamed', "/combatant edit"),
        (f'@gm /combatant remove combatant:"{last}"', "/combatant remove"),
    ]
    if system == "swade":
        lines += [
            ('@gm /bennies give combatant:"Heroe1 1" count:3', "/bennies give"),
            ('@gm /bennies spend use:soak combatant:"Heroe1 1"', "/bennies spend"),
            ("@gm /bennies show", "/bennies show"),
        ]
    if system == "ritualhex":
        lines += [
            (
                '@gm /hex define text:"nombre: Mordisco; tipo: ataque; costo: 3; miembros: '
                'ninguno; objetivo: 1; chequeo: <Str>[99]<Def>; efecto: daño 1d-1|1"',
                "/hex define",
            ),
            ("@gm /hex grant combatant:Renamed action:Mordisco", "/hex grant"),
        ]
    return [
        *lines,
        ("@gm /encounter export", "/encounter export"),
        ("@gm /encounter end", "/encounter end"),
    ]


async def warm_up(system: str) -> None:
    """One small encounter first: imports, catalogues and caches are not what we
    measure. Then the garbage collector as ``comodin run`` sets it (bot/cli.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        async with OfflineTable(db_path=Path(tmp) / "warm.sqlite3", seed=1) as table:
            for line in _setup(system, 6):
                await table.run(line)
            await table.run("@gm /encounter show")
    gc.collect()
    gc.freeze()
    gc.set_threshold(2_000, 10, 100)


async def play_system(
    system: str, combatants: int, steps: int, seed: int, show_slow: bool = False
) -> dict[str, Any]:
    await warm_up(system)
    meter = Meter()
    meter.show_slow = show_slow
    uninstall = meter.install()
    rng = random.Random(f"{seed}:{system}")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with OfflineTable(db_path=Path(tmp) / "bench.sqlite3", seed=seed) as table:
                # The bot's first interaction also runs what start-up left to do.
                await meter.command(table, "@gm /ping", "/ping (first after start-up)")
                for line in _setup(system, combatants):
                    await meter.command(table, line, line.split(" name:")[0][4:])
                last: list[Any] = []
                for _ in range(steps):
                    encounter = await table.bot.encounters.get(table.channel_id)
                    if encounter is None:
                        break
                    line, label = _menu(system, encounter.state, rng, last)
                    last = await meter.command(table, line, label) or last
                for line, label in _teardown(system, table):
                    await meter.command(table, line, label)
    finally:
        uninstall()
    return _table(f"{system}: {combatants} combatants, {steps} steps", meter)


# --- Ritual Hex "Nadie reacciona" ------------------------------------------------------------


async def nadie(sizes: list[int], seed: int) -> dict[str, Any]:
    meter = Meter()
    uninstall = meter.install()
    out: dict[str, Any] = {}
    print("\nRitual Hex 'Nadie reacciona' (every minion may react: Proteger)")
    print(f"  {'minions':>8} {'pass_all ms':>12} {'command ms':>11} {'longest loop ms':>16}")
    try:
        for n in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                async with OfflineTable(db_path=Path(tmp) / "b.sqlite3", seed=seed) as table:
                    for line in [
                        "@gm /encounter start system:ritualhex name:Bench",
                        f'@gm /combatant add name:Heroe side:heroes statblock:"{RH_NADIE_HERO}"',
                        *_add_lines("foes", "Esbirro", RH_MINION, n),
                        "@gm /hex round",
                        '@gm /attack target:"Esbirro1 1"',
                    ]:
                        await table.run(line)
                    meter.rules.clear()
                    start = time.perf_counter()
                    await meter.command(table, '@gm press "Nadie reacciona"', "nadie")
                    wall = time.perf_counter() - start
                    rules = max(
                        (max(v) for k, v in meter.rules.items() if k.endswith("pass_all")),
                        default=0.0,
                    )
                    longest = meter.loop["nadie"][-1]
                    print(
                        f"  {n:8} {rules * 1000:12.1f} {wall * 1000:11.1f} {longest * 1000:16.1f}"
                    )
                    out[str(n)] = {"pass_all_ms": rules * 1000, "command_ms": wall * 1000}
    finally:
        uninstall()
    return out


# --- exact odds ---------------------------------------------------------------------------------

ODDS_CASES = [
    ("20d100kh10", 700),
    ("30d100kh15", 1000),
    ("30d200kh15", 1000),
    ("30d1000kh15", 1000),
    ("(2d6,2d6,2d6,2d6,2d6,2d6)kh3", 15),
    ("30d1000kh15+1d20", 1000),
    ("1000d10000kl500", 1000),
    ("30d6!", 100),
]

_ODDS_CHILD = """
import sys, time
text, tn = sys.argv[1], int(sys.argv[2])
try:
    from bot.dice.odds import expression_odds
except ImportError:
    expression_odds = None
from bot.dice.dist import distribution
start = time.process_time()
if expression_odds is not None:
    o = expression_odds(text, tn)
    how = "none" if o is None else ("exact" if o.exact else f"estimate +-{(o.high - o.low) / 2 * 100:.1f} pts, {o.samples} rolls")
    p = None if o is None else o.p
else:
    try:
        p = distribution(text).p_at_least(tn)
        how = "exact"
    except Exception as e:
        p, how = None, getattr(e, "key", type(e).__name__)
print(f"{time.process_time() - start:.3f}|{p}|{how}")
"""

_RH_CHILD = """
import time
from bot.dice.odds import rh_check_odds
start = time.process_time()
o = rh_check_odds(2, 1500, 1)
print(f"{time.process_time() - start:.3f}|{o.p_success}|exact")
"""


def _child(code: str, args: list[str], timeout: float) -> tuple[str, str, str]:
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f">{timeout:.0f}", "-", "timed out"
    if done.returncode != 0:
        return "-", "-", done.stderr.strip().splitlines()[-1][:60]
    cpu, p, how = done.stdout.strip().splitlines()[-1].split("|")
    return cpu, p, how


def odds(timeout: float) -> dict[str, Any]:
    print(f"\nexact odds of P(total >= TN), CPU seconds in a fresh process (limit {timeout:.0f} s)")
    out: dict[str, Any] = {}
    for text, tn in ODDS_CASES:
        cpu, p, how = _child(_ODDS_CHILD, [text, str(tn)], timeout)
        print(f"  {text + ' tn:' + str(tn):36} {cpu:>8} s  p={p[:12]:12} {how}")
        out[f"{text} tn:{tn}"] = {"cpu_s": cpu, "p": p, "how": how}
    cpu, p, how = _child(_RH_CHILD, [], timeout)
    print(f"  {'Ritual Hex <Str>[1500]<Def>':36} {cpu:>8} s  p={p[:12]:12} {how}")
    out["ritualhex D=1500"] = {"cpu_s": cpu, "p": p, "how": how}
    return out


# --- hostile dice commands ---------------------------------------------------------------------

DICE_COMMANDS = [
    "/roll expression:1000d10000",
    "/roll expression:1000d10000 tn:1000",
    "/roll expression:1000d10000kl500+1 tn:1000",
    "/roll expression:100x10d10",
    "/roll expression:300d2!",
    "/roll expression:300d6!+300d6! tn:1000",
    "/roll expression:30d1000kh15+1d20 tn:1000",
    "/roll expression:(2d6,2d6,2d6,2d6,2d6,2d6)kh3 tn:15",
    "/roll expression:10d6!kh3 tn:25",
    '/roll expression:"' + "(" * 50 + "1d6" + ")" * 50 + '" tn:3',
    "/roll expression:s12r6+20 tn:40",
    "/odds expression:ds20+100-100",
    "/odds expression:s12w12+20 tn:100",
]


async def dice_commands(seed: int) -> dict[str, Any]:
    """The heaviest dice inputs found: event-loop time and this process's CPU each."""
    meter = Meter()
    uninstall = meter.install()
    out: dict[str, Any] = {}
    print("\nhostile dice commands: longest event-loop callback, wall time, bot-process CPU")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with OfflineTable(db_path=Path(tmp) / "d.sqlite3", seed=seed) as table:
                await table.run("/roll expression:30d6! tn:100")  # start the workers
                for line in DICE_COMMANDS:
                    cpu, wall = time.process_time(), time.perf_counter()
                    sent = await meter.command(table, line, line)
                    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                    longest = meter.loop[line][-1]
                    refused = bool(sent) and sent[-1].ephemeral
                    print(
                        f"  {line[:52]:52} {longest * 1000:7.1f} ms {wall * 1000:8.1f} ms "
                        f"{cpu * 1000:8.1f} ms{'  (refused)' if refused else ''}"
                    )
                    out[line] = {
                        "longest_loop_ms": longest * 1000,
                        "wall_ms": wall * 1000,
                        "cpu_ms": cpu * 1000,
                    }
    finally:
        uninstall()
    return out


# --- hostile input at the bounds (issue 21) -----------------------------------------------------

CPU_BAR_MS = 1000.0
FULL_NAME = "Guerrero de la Legión Escarlata del Norte número"  # + " NN": 80 characters at most


def _biggest_sheet(system: str, side: str) -> str:
    """The largest sheet the bounds let in (long lists, the widest numbers)."""
    if system == "swade":
        skills = ", ".join(f"Saber {chr(65 + i // 26)}{chr(65 + i % 26)} d12+20" for i in range(60))
        return (
            "Atributos: Agilidad d12+20, Astucia d12+20, Espíritu d12+20, Fuerza d12+20, "
            f"Vigor d12+20\\nHabilidades: Pelear d12+20, Disparar d12+20, {skills}\\n"
            "Paso: 99; Parada: 30; Dureza: 99 (99); Tamaño: 20; Benis: 99\\n"
            "Equipo: Espada (Fue+d12+20), Cañón (Distancia 12/24/48, Daño 10d12+50, PA 200, CdF 6)"
        )
    if system == "ds20":
        scores = ", ".join(f"Saber {i} 40" for i in range(60))
        return (
            f"Aptitudes: Fortaleza 40, Destreza 40, Pelea 40, Armas C.C. 40, Acrobacia 40, "
            f"Iniciativa 40, {scores} | Heridas: 20/20/20 | Agotamiento: 10 | Armadura: torso, "
            "brazos, piernas, cabeza +5 | Armas: Puños 2/6 pelea; Machete 100/200 C.C."
        )
    stats = "AP 99, HP 99, Str 99, Def 99, Per 99, Mag 99, DR 99\\n"
    if side == "heroes":  # a hero's body is fixed (seed 002); only heroes have advantages
        return stats + "ventajas: salud x20, velocidad x20\\nacciones: Proteger"
    return (
        stats + "partes: cabeza, torso, cola x8\\nmiembros: mano x10, pies x10\\nacciones: Proteger"
    )


def _full_setup(system: str) -> list[str]:
    start = {"swade": "@gm /encounter start system:swade name:Limites",
             "ritualhex": "@gm /encounter start system:ritualhex name:Limites",
             "ds20": "@gm /encounter start system:ds20 name:Limites"}[system]  # fmt: skip
    lines = [start]
    room = 40 if system == "ritualhex" else 60  # Ritual Hex names: 40 characters
    for batch, side in ((1, "heroes"), (2, "foes"), (3, "foes")):
        count = 20 if batch == 1 else 40
        lines.append(
            f'@gm /combatant add name:"{FULL_NAME[: room - 4]}{batch}" side:{side} count:{count} '
            f'statblock:"{_biggest_sheet(system, side)}"'
        )
    lines += {"swade": ["@gm /bennies session-start", "@gm /deal"],
              "ritualhex": ["@gm /hex round"],
              "ds20": ["@gm /initiative roll", "@gm /next"]}[system]  # fmt: skip
    return lines


class CpuMeter(Meter):
    """Also the CPU time of the bot's process for each command."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.loop_cpu: dict[str, list[float]] = defaultdict(list)

    async def command(self, table: OfflineTable, line: str, label: str) -> list[Any]:
        self.longest_cpu = 0.0
        start = time.process_time()
        messages = await super().command(table, line, label)
        await table.settle()
        self.cpu[label].append(time.process_time() - start)
        self.loop_cpu[label].append(self.longest_cpu)
        return messages

    async def timed(self, table: OfflineTable, label: str, work: Callable[[], Any]) -> Any:
        """Time ``await work()`` (what no command line does: an autocomplete, a state
        stored as an older version of the bot would have) like a command."""
        self.longest = self.longest_cpu = 0.0
        start = time.process_time()
        result = await asyncio.ensure_future(work())  # its own callbacks, measured
        await table.settle()
        self.cpu[label].append(time.process_time() - start)
        self.loop[label].append(self.longest)
        self.loop_cpu[label].append(self.longest_cpu)
        return result

    async def raw(self, table: OfflineTable, cmd: Any) -> list[Any]:
        user, path, options, label = cmd
        self.longest = self.longest_cpu = 0.0
        start = time.process_time()
        messages = await table.run_raw(user, path, options)
        await table.settle()
        self.cpu[label].append(time.process_time() - start)
        self.loop[label].append(self.longest)
        self.loop_cpu[label].append(self.longest_cpu)
        return messages


def _hostile_table(title: str, meter: CpuMeter) -> dict[str, Any]:
    """Per command: the longest event-loop callback (wall time), the most CPU one
    callback used (the wall time when the machine makes nobody wait for a core), and the
    process's CPU. OVER: a callback's CPU past 100 ms or a command's past 1 s; "wall":
    only the wall time was past 100 ms (the process waited for a core)."""
    print(f"\n{title}")
    print(
        f"  {'command':40} {'runs':>5} {'loop max ms':>12} {'loop CPU ms':>12} {'CPU max ms':>11}"
    )
    out: dict[str, Any] = {}
    for label in sorted(meter.loop, key=lambda k: -max(meter.loop[k])):
        loop, cpu = max(meter.loop[label]), max(meter.cpu.get(label) or [0.0])
        loop_cpu = max(meter.loop_cpu.get(label) or [0.0])
        over = loop_cpu * 1000 > LOOP_BAR_MS or cpu * 1000 > CPU_BAR_MS
        flag = "  OVER" if over else "  wall" if loop * 1000 > LOOP_BAR_MS else ""
        print(
            f"  {label[:40]:40} {len(meter.loop[label]):5} {loop * 1000:12.1f}"
            f" {loop_cpu * 1000:12.1f} {cpu * 1000:11.1f}{flag}"
        )
        out[label] = {
            "runs": len(meter.loop[label]),
            "loop_ms": loop * 1000,
            "loop_cpu_ms": loop_cpu * 1000,
            "cpu_ms": cpu * 1000,
        }
    return out


ISSUE_CASES: dict[str, list[tuple[str, str]]] = {
    "swade": [
        ('@ana /character save name:Hulk system:swade statblock:"Atributos: Agilidad d8, '
         "Astucia d6, Espíritu d6, Fuerza d12+99999999999999999999999, Vigor d8\\nParada: "
         '999999"', "issue: Fuerza d12+10^23, Parada 999999"),
        ('@gm /combatant add name:Lobo count:40 statblock:"Atributos: Agilidad d8"',
         "issue: count:40 past 100"),
    ],
    "ds20": [
        ('@ana /character save name:Muro system:ds20 statblock:"Aptitudes: Fortaleza 11, '
         'Pelea 10 | Heridas: 2000000000/1/1 | Armas: Puños 2/6 pelea"',
         "issue: Heridas 2000000000/1/1"),
    ],
    "ritualhex": [
        ('@gm /hex define text:"nombre: Golpe; tipo: ataque; costo: 3; miembros: ninguno; '
         'objetivo: 1; chequeo: <Str>[1500]<Def>; efecto: daño 1d-1|1"',
         "issue: chequeo <Str>[1500]<Def>"),
    ],
}  # fmt: skip


def _import_files(system: str, exported: bytes, tmp: Path) -> list[tuple[str, Path]]:
    """The export of the encounter at the bounds, and the issue's 10,000 combatants."""
    import gzip as _gzip

    full = tmp / "full.json.gz"
    full.write_bytes(exported if exported[:2] == b"\x1f\x8b" else _gzip.compress(exported))
    many = [{"id": f"c{i}", "name": f"{FULL_NAME} {i}"[:80]} for i in range(1, 10_001)]
    state = {"system": system, "combatants": many, "next_id": 10_001}
    huge = tmp / "many.json.gz"
    huge.write_bytes(
        _gzip.compress(
            json.dumps(
                {"encounter": {"channel_id": 1, "guild_id": 1, "gm_id": 1, "state": state}}
            ).encode()
        )
    )
    deep = tmp / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    return [
        ("/encounter import (100 at the bounds)", full),
        ("/encounter import (10,000 combatants)", huge),
        ("/encounter import (100,000 deep)", deep),
    ]


async def _autocomplete(table: OfflineTable, typed: str) -> list[Any]:
    """What ``/cast power power:`` suggests the GM typing ``typed``."""
    from types import SimpleNamespace

    import discord

    from bot.commands.autocomplete import system_choices

    encounter = await table.bot.encounters.get(table.channel_id)
    node = SimpleNamespace(name="power", parent=SimpleNamespace(name="cast", parent=None))
    interaction = SimpleNamespace(
        client=table.bot,
        user=SimpleNamespace(id=table.user("gm").id, roles=[]),
        permissions=discord.Permissions.none(),
        guild_id=None,
        channel_id=table.channel_id,
        locale=discord.Locale.spain_spanish,
        namespace=SimpleNamespace(),
        command=node,
    )
    return await system_choices("power", interaction, encounter, typed)  # type: ignore[arg-type]


async def _issue28(table: OfflineTable, meter: CpuMeter, tmp: Path) -> None:
    """Issue 28's vectors (Savage Worlds): power definitions to their bound in the
    encounter at the bounds and /cast power's autocomplete there; the crafted records
    imported, and stored as before and rerolled or soaked; a later encounter's /undo."""
    from bench.hostile import (
        RECORDS_SETUP,
        RECORDS_SHEET,
        crafted_records,
        member_undoes,
        power_definitions,
    )
    from bot.systems.encounter import Encounter

    rest = "coste: 1; alcance: astucia; éxito: daño 2d6"
    for i in range(100):
        await meter.command(
            table,
            f'@gm /power define text:"nombre: Rayo {i} / Bolt {i}; {rest}"',
            "/power define (to 100, the bound)",
        )
    await meter.command(
        table, f'@gm /power define text:"nombre: Otro; {rest}"', "/power define past the bound"
    )
    for i, typed in enumerate(("b", "r", "ra", "rayo", "rayo 4", "bolt 99", "zz", "")):
        label = "autocomplete /cast power, 100 defined" + (": index" if i == 0 else "")
        await meter.timed(
            table,
            label,  # the first keystroke after a change builds the index
            lambda typed=typed: _autocomplete(table, typed),  # type: ignore[misc]
        )
    home = table.channel_id
    table.channel_id = home + 1  # Mallory's own channel: she is its encounter's GM
    for line in RECORDS_SETUP:
        await meter.command(table, line, "issue 28: " + line.split(" ")[1])
    await meter.command(table, "@mallory /encounter export", "issue 28: /encounter export")
    _, blob = table.recorder.files[-1]
    data = json.loads(blob)
    for what, crafted in crafted_records(data):
        path = tmp / "crafted.json"
        path.write_text(json.dumps(crafted))
        await meter.command(
            table, f"@mallory /encounter import file:{path}", f"issue 28: import {what}"
        )
    huge = json.loads(blob)
    huge["encounter"]["state"]["power_defs"] = power_definitions(15_000)
    path = tmp / "powers.json"
    path.write_text(json.dumps(huge))
    await meter.command(
        table, f"@mallory /encounter import file:{path}", "issue 28: import 15,000 powers (2 MiB)"
    )
    mallory = table.user("mallory").id
    for what, crafted in crafted_records(data):
        encounter = Encounter.model_validate({**crafted["encounter"], "channel_id": home + 1})
        await table.bot.encounters.replace(encounter, mallory)  # as stored before issue 28
        line = (
            "@mallory /react soak actor:Jefe"
            if "hit" in what
            else "@mallory /bennies spend use:reroll combatant:Jefe"
        )
        await meter.command(table, line, f"issue 28: reroll/soak of {what} (stored)")
    table.channel_id = home + 2  # the GM's fight with spends, then a member's in its channel
    for line in (
        "@gm /encounter start name:Pelea",
        f'@ana /character save name:Ana statblock:"{RECORDS_SHEET}"',
        "@ana /join character:Ana",
        "@gm /bennies session-start",
        "@gm /initiative set combatant:Ana card:2C",
        "@gm /deal",
        "@ana /bennies spend use:card combatant:Ana",
        "@gm /initiative set combatant:Ana card:JOKER-R",
        "@gm /encounter end",
    ):
        await meter.command(table, line, "issue 28: the GM's fight")
    for line, label in member_undoes():
        await meter.command(table, line, label)
    table.channel_id = home


async def hostile(
    system: str, steps: int, seed: int, database_url: str | None = None
) -> dict[str, Any]:
    from bench.hostile import command, names_in

    await warm_up(system)
    meter = CpuMeter()
    uninstall = meter.install()
    rng = random.Random(f"{seed}:hostile:{system}")
    engine = "postgresql" if database_url else "sqlite"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with OfflineTable(
                db_path=Path(tmp) / "h.sqlite3", seed=seed, database_url=database_url
            ) as table:
                for line in _full_setup(system):
                    await meter.command(table, line, line.split(" name:")[0][4:][:40])
                last: list[Any] = []
                for _ in range(40):  # the walk's commands, at the bounds
                    encounter = await table.bot.encounters.get(table.channel_id)
                    line, label = _menu(system, encounter.state, rng, last)
                    last = await meter.command(table, line, label) or last
                await meter.command(table, "@gm /encounter show", "/encounter show")
                await meter.command(table, "@gm /undo", "/undo")
                await meter.command(table, "@gm /encounter export", "/encounter export")
                _, blob = table.recorder.files[-1]
                for label, path in _import_files(system, blob, Path(tmp)):
                    await meter.command(table, f"@gm /encounter import file:{path}", label)
                for line, label in ISSUE_CASES[system]:
                    await meter.command(table, line, label)
                if system == "swade":
                    await _issue28(table, meter, Path(tmp))
                for _ in range(steps):
                    known = await names_in(table)
                    await meter.raw(table, command(system, rng, known))
    finally:
        uninstall()
    return _hostile_table(
        f"hostile input, {system} on {engine}: at the bounds, then {steps} hostile commands",
        meter,
    )


async def _hostile_on_engines(args: argparse.Namespace) -> dict[str, Any]:
    """The hostile part on each engine of ``--engines`` (PostgreSQL: a throwaway one,
    tests/postgres.py, a fresh database per system)."""
    out: dict[str, Any] = {}
    for engine in args.engines.split(","):
        if engine == "sqlite":
            out["sqlite"] = {
                system: await hostile(system, args.hostile_steps, args.seed)
                for system in catalogue.systems()
            }
            continue
        from tests import postgres

        server, why = postgres.start()
        if server is None:
            print(f"\nno PostgreSQL for the hostile part: {why}")
            continue
        try:
            out["postgresql"] = {}
            for system in catalogue.systems():
                url = await server.create()
                out["postgresql"][system] = await hostile(
                    system, args.hostile_steps, args.seed, database_url=url
                )
                await server.drop(url)
        finally:
            server.close()
    return out


# --- the executor -------------------------------------------------------------------------------


async def _fire(table: OfflineTable, line: str) -> None:
    """Dispatch a line without waiting for it (the table's ``run`` waits for everything)."""
    from discord.webhook.async_ import async_context

    from bot.play.lines import parse_line
    from bot.play.recorder import RecordingAdapter

    parsed = parse_line(line)
    assert parsed is not None
    user = table.user(parsed.user)
    payload = table._command_payload(parsed, user)
    token = async_context.set(RecordingAdapter(table.recorder))
    try:
        table.bot._connection.parse_interaction_create(payload)  # type: ignore[union-attr]
    finally:
        async_context.reset(token)


async def _reply_to(table: OfflineTable, title: str, before: int, limit: float) -> float | None:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        for m in table.recorder.sent[before:]:
            if any(e.get("title") == title for e in m.embeds) and "Probab" in m.text():
                return time.perf_counter() - start
        await asyncio.sleep(0.001)
    return None


async def executor(seed: int, slow: str, wait_limit: float) -> dict[str, Any]:
    """Six slow ``/roll ... tn:`` from three users, then a fourth user's cheap roll."""
    meter = Meter()
    uninstall = meter.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            async with OfflineTable(db_path=Path(tmp) / "x.sqlite3", seed=seed) as table:
                await table.run("/roll expression:30d6! tn:100")  # start the workers
                for user in ["ana", "bea", "carl"] * 2:
                    await _fire(table, f"@{user} /roll expression:{slow}")
                await asyncio.sleep(0.05)
                meter.longest = 0.0
                before = len(table.recorder.sent)
                await _fire(table, "@dora /roll expression:2d6 tn:7")
                waited = await _reply_to(table, "2d6", before, wait_limit)
                longest = meter.longest
                await table.settle()
    finally:
        uninstall()
    shown = "no answer" if waited is None else f"{waited * 1000:.1f} ms"
    print(f"\nexecutor: six /roll {slow} from three users, then another user's /roll 2d6 tn:7")
    print(f"  the cheap roll's odds came after {shown} (limit {wait_limit:.0f} s); ")
    print(f"  longest event-loop callback meanwhile: {longest * 1000:.1f} ms")
    return {
        "slow": slow,
        "cheap_roll_ms": None if waited is None else waited * 1000,
        "longest_loop_ms": longest * 1000,
    }


# --- threads or processes -----------------------------------------------------------------------


def _light_work() -> int:
    total = 0
    for i in range(20_000):  # about what a cheap command costs on the loop
        total += i
    return total


async def gil(mode: str) -> dict[str, Any]:
    """A light command (a little CPU and five hops to a thread, like a command's database
    and HTTP calls) repeated while six heavy odds run in ``mode``: none, threads,
    processes. Threads hold the GIL, so the light command waits for it at every hop."""
    from bot.dice.odds import expression_odds
    from bot.executor import BoundedExecutor

    work = None if mode == "none" else BoundedExecutor(threads=mode == "threads")
    if work is not None:
        await work.run(0, expression_odds, "2d6", 7)  # start the workers
    light: list[float] = []
    stop = False

    async def commands() -> None:
        while not stop:
            start = time.perf_counter()
            _light_work()
            for _ in range(5):
                await asyncio.to_thread(lambda: None)
            _light_work()
            light.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)

    task = asyncio.create_task(commands())
    if work is not None:
        heavy = [work.run(u, expression_odds, "1000d10000kl500", 1000) for u in (1, 1, 2, 2, 3, 3)]
        await asyncio.gather(*heavy)
        work.shutdown()
    else:
        await asyncio.sleep(2)
    stop = True
    await task
    p50, top = statistics.median(light) * 1000, max(light) * 1000
    print(f"  heavy odds in {mode:9}: a light command p50 {p50:6.1f} ms, max {top:6.1f} ms")
    return {"p50_ms": p50, "max_ms": top}


# --- main ---------------------------------------------------------------------------------------


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    parts = args.parts.split(",")
    figures: dict[str, Any] = {}
    for system in ("swade", "ritualhex", "ds20"):
        if system in parts:
            figures[system] = await play_system(
                system, args.combatants, args.steps, args.seed, args.show_slow
            )
    if "nadie" in parts:
        await warm_up("ritualhex")
        figures["nadie"] = await nadie([int(n) for n in args.nadie.split(",")], args.seed)
    if "dice" in parts:
        figures["dice"] = await dice_commands(args.seed)
    if "gil" in parts:
        print("\nsix heavy odds running, and a light command on the event loop meanwhile")
        figures["gil"] = {mode: await gil(mode) for mode in ("none", "threads", "processes")}
    if "hostile" in parts:
        figures["hostile"] = await _hostile_on_engines(args)
    if "executor" in parts:
        figures["executor"] = [
            await executor(args.seed, slow, args.odds_timeout)
            for slow in ("30d100kh15 tn:1000", "1000d10000kl500+1 tn:1000")
        ]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--parts", default="swade,ritualhex,ds20,nadie,dice,gil,executor,hostile,odds"
    )
    parser.add_argument("--hostile-steps", type=int, default=300)
    parser.add_argument(
        "--engines", default="sqlite,postgresql", help="engines of the hostile part"
    )
    parser.add_argument("--combatants", type=int, default=80)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--odds-timeout", type=float, default=120.0)
    parser.add_argument("--nadie", default="40,60,80", help="minions for 'Nadie reacciona'")
    parser.add_argument("--show-slow", action="store_true", help="print slow commands")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    threshold = gc.get_threshold()
    try:
        figures = asyncio.run(_main(args))
    finally:  # warm_up set the collector as comodin run does; put it back
        gc.unfreeze()
        gc.set_threshold(*threshold)
    if "odds" in args.parts.split(","):
        figures["odds"] = odds(args.odds_timeout)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
