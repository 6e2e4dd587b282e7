"""Hostile commands for every system (issue 21): what a member trying to break the bot
types, drawn from a ``random.Random`` so that a seed (the benchmark) or Hypothesis (the
property test, ``tests/hostile/test_fuzz.py``) chooses them.

Each command is ``(user, path, options, label)`` for ``OfflineTable.run_raw``: the values
go into the payload as a hostile client would send them, past the limits Discord's own
client enforces. Numbers sit at, inside and far past their bounds, in options and inside
text (stat blocks, ``/combatant edit`` corrections, flags, Ritual Hex definitions); names
carry markup, mentions, line breaks, invisible characters, catalogue keys and id forms.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Command = tuple[str, list[str], dict[str, Any], str]

NUMBERS = [
    "0", "1", "2", "3", "4", "6", "10", "12", "20", "30", "40", "99", "100", "101", "999",
    "1000", "1001", "9999", "999999", "2000000000", "-1", "-4", "-99", "-100",
    "99999999999999999999999",
]  # fmt: skip
NAMES = [
    "Orco", "Goblin", "Jefe orco", "Ana", "Bruto", "Héroe", "Orco Jefe 2",
    "Jefe orco\u200b", "JEFE ÓRCO", "c1", "c5", "C12", "encounter.none", "word.yes",
    "[Beni gratis](https://x.example)", "<@123456789012345678>", "@everyone",
    "# Ana ha muerto", "**negrita**", "Orco\nJefe", "\u202eocrO", "x" * 200, "", " ",
]  # fmt: skip


PLAUSIBLE = ["1", "2", "3", "4", "5", "6", "8"]


def number(rng: random.Random) -> str:
    """Half the time a value any sheet has, else one at or past a bound."""
    return rng.choice(PLAUSIBLE if rng.random() < 0.5 else NUMBERS)


def name(rng: random.Random) -> str:
    """Half the time a new plain name, else a hostile or taken one."""
    if rng.random() < 0.5:
        return f"{rng.choice(['Orco', 'Trasgo', 'Lobo', 'Sombra'])} {rng.randint(1, 999)}"
    return rng.choice(NAMES)


# -- sheets with hostile numbers, one builder per system -----------------------------------


def swade_sheet(rng: random.Random) -> str:
    die = rng.choice(["4", "6", "8", "12", "20", "0"])
    bonus = rng.choice(["", "", "+1", "+20", "+21", "+99999999999999999999999", "-5"])
    lines = [
        f"Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d{die}{bonus}, Vigor d8",
        f"Habilidades: Pelear d{rng.choice(['6', '8', '12'])}{rng.choice(['', '+2', '+30'])}, Atletismo d6",
    ]
    for field in rng.sample(
        ["Parada", "Dureza", "Paso", "Tamaño", "Benis", "Puntos de poder", "Heridas"], 3
    ):
        lines.append(f"{field}: {number(rng)}")
    weapon = rng.choice(
        ["Espada (Fue+d8)", "Pistola (Daño 2d6, PA 1, CdF 1)", f"Cañón (Daño 2d6, PA {number(rng)})",
         f"Ametralladora (Daño 2d8, CdF {number(rng)})", "Arma**rara** (Fue+d4)"]
    )  # fmt: skip
    lines.append(f"Equipo: {weapon}")
    return "\n".join(lines)


def ds20_sheet(rng: random.Random) -> str:
    parts = [
        f"Aptitudes: Fortaleza {number(rng)}, Pelea 10, Acrobacia 8, Iniciativa {rng.choice(['2', '99'])}",
        f"Heridas: {number(rng)}/{rng.choice(['1', '3', '2000000000'])}/{rng.choice(['1', '3'])}",
        f"Armas: Puños 2/6 pelea; Pistola {rng.choice(['4/9', '1/99999999', '3/2'])} fuego "
        f"alcance {number(rng)} cargador {rng.choice(['6', '15', '2000000000'])}",
    ]
    if rng.random() < 0.5:
        parts.append(f"Agotamiento: {number(rng)}")
    if rng.random() < 0.3:
        parts.append(f"Armadura: torso +{number(rng)}")
    if rng.random() < 0.3:
        parts.append(f"Técnicas: Estocada (Pelea) +{number(rng)} daño +{number(rng)}")
    return " | ".join(parts)


def ritualhex_sheet(rng: random.Random) -> str:
    lines = [
        f"AP {rng.choice(['9', '15', '99', '100'])}, HP {number(rng)}, Str 1, Def 1, Per 0, Mag 0, DR 0",
        f"partes: cabeza, torso{', cola x' + rng.choice(['2', '20']) if rng.random() < 0.3 else ''}",
        f"miembros: mano x{rng.choice(['2', '20', '21'])}, pies",
    ]
    if rng.random() < 0.5:
        lines.append(f"ventajas: salud x{rng.choice(['1', '20', '21'])}")
    if rng.random() < 0.5:
        lines.append(
            f"equipo: Escudo; partes: mano; costo: 2; mod: Def+{number(rng)}; acciones: Bloqueo"
        )
    return "\n".join(lines)


SHEETS: dict[str, Callable[[random.Random], str]] = {
    "swade": swade_sheet,
    "ds20": ds20_sheet,
    "ritualhex": ritualhex_sheet,
}


def edit_text(system: str, rng: random.Random) -> str:
    fields = {
        "swade": ["Heridas", "Fatiga", "Benis", "Paso", "Parada", "Dureza", "Armadura",
                  "Tamaño", "PP", "PP máx", "Heridas máx", "Grupo"],
        "ds20": ["Heridas", "Agotamiento", "Munición Pistola", "Apuntar", "Grupo"],
        "ritualhex": ["Heridas", "AP"],
    }[system]  # fmt: skip
    pieces = []
    for field in rng.sample(fields, min(2, len(fields))):
        value = (
            number(rng)
            if field != "Heridas" or system != "ds20"
            else (f"{number(rng)}/{number(rng)}/{number(rng)}")
        )
        if field == "Grupo":
            value = name(rng)
        pieces.append(f"{field}: {value}")
    return " | ".join(pieces)


# -- the commands ---------------------------------------------------------------------------


def _combatant(rng: random.Random, known: list[str]) -> str:
    return rng.choice(known) if known and rng.random() < 0.8 else name(rng)


def command(system: str, rng: random.Random, known: list[str]) -> Command:
    """One hostile command for an encounter of ``system`` whose combatants are named
    ``known``; the GM or a player types it."""
    user = rng.choice(["gm", "gm", "gm", "ana", "bob"])
    who = _combatant(rng, known)
    choices: list[tuple[float, Callable[[], Command]]] = [
        (3, lambda: (user, ["combatant", "add"], {
            "name": name(rng), "statblock": SHEETS[system](rng),
            "count": rng.choice([1, 1, 2, 40, 41, 10**6])}, "/combatant add")),
        (2, lambda: (user, ["combatant", "edit"], {
            "combatant": who, "statblock": edit_text(system, rng)}, "/combatant edit")),
        (1, lambda: (user, ["combatant", "edit"], {"combatant": who, "name": name(rng)},
                     "/combatant edit name")),
        (1, lambda: (user, ["combatant", "remove"], {"combatant": who}, "/combatant remove")),
        (1, lambda: ("ana", ["character", "save"], {
            "name": name(rng), "statblock": SHEETS[system](rng), "system": system},
            "/character save")),
        (1, lambda: ("ana", ["join"], {"character": rng.choice(["Ana", name(rng)])}, "/join")),
        (3, lambda: (user, ["attack"], {
            "target": _combatant(rng, known), "actor": who,
            "flags": rng.choice([
                "rof:99999999999", "ap:99999999999", "obstacle:99999999999",
                "damage:1000d10000", "empty:99999999999", "burst:99999999999", "free"]),
            }, "/attack")),
        (2, lambda: (user, ["act"], {
            "action": rng.choice(["defend", "multi-action", "reload", "fatigue", "damage",
                                  "Preparar", "Esperar", "aim", "declare", "technique"]),
            "target": _combatant(rng, known), "actor": who,
            "value": rng.choice([1, 3, 4, 100, -100, 10**9])}, "/act")),
        (2, lambda: (user, ["next"], {}, "/next")),
        (1, lambda: (user, ["condition", "add"], {
            "combatant": who, "condition": rng.choice(["aturdido", "inmovilizado", "x" * 60])},
            "/condition add")),
        (1, lambda: (user, ["grapple", "start"], {"target": _combatant(rng, known), "actor": who},
                     "/grapple start")),
        (1, lambda: (user, ["bennies", "give"], {
            "combatant": who, "count": rng.choice([1, 10, 11, 10**9])}, "/bennies give")),
        (1, lambda: (user, ["initiative", "set"], {
            "combatant": who, "card": rng.choice(["KS", "ZZ", "JOKER-R", "99H", "0S"])},
            "/initiative set")),
        (1, lambda: (user, ["initiative", "roll"], {}, "/initiative roll")),
        (1, lambda: (user, ["deal"], {"surprise": rng.choice([who, "enemigos", name(rng)])},
                     "/deal")),
        (1, lambda: (user, ["hex", "define"], {"text": (
            f"nombre: {name(rng) or 'Golpe'}; tipo: ataque; costo: {number(rng)}; "
            f"miembros: mano x{rng.choice(['1', '10', '11'])}; objetivo: {rng.choice(['1', '20', '21'])}; "
            f"chequeo: <Str>[{number(rng)}]<Def>; efecto: daño {rng.choice(['1', '100', '1000', '1001'])}d-{number(rng)}|{number(rng)}"
        )}, "/hex define")),
        (1, lambda: (user, ["hex", "round"], {}, "/hex round")),
        (1, lambda: (user, ["undo"], {}, "/undo")),
        (1, lambda: (user, ["encounter", "show"], {}, "/encounter show")),
        (0.5, lambda: (user, ["encounter", "export"], {}, "/encounter export")),
        # issue 28: power definitions with hostile names and numbers, cast by a hostile
        # name; a story benny (never undone); a session handed to an id Discord did not
        # resolve (no user data in the payload)
        (1, lambda: (user, ["power", "define"], {"text": (
            f"nombre: {name(rng) or 'Rayo'}; coste: {number(rng)}; objetivos: {number(rng)}; "
            f"duración: {number(rng)} rondas; éxito: daño {rng.choice(['2', '20', '21', '100'])}d6"
        )}, "/power define")),
        (0.5, lambda: (user, ["cast", "power"], {"power": name(rng) or "Rayo", "actor": who},
                       "/cast power")),
        (0.5, lambda: (user, ["bennies", "spend"], {"use": "story", "note": name(rng)},
                       "/bennies spend story")),
        (0.3, lambda: (user, ["bennies", "session-gm"], {"member": str(rng.randint(1, 10**18))},
                       "/bennies session-gm")),
        (0.5, lambda: (user, ["encounter", "settings"], {
            "setting": rng.choice(["heroes", "héroes", "HEROES per player"]),
            "value": rng.choice(["1", "2", "10", "11", "0", "-1", "99999999999", "x" * 50])},
            "/encounter settings heroes")),
    ]  # fmt: skip
    total = sum(weight for weight, _ in choices)
    pick = rng.uniform(0, total)
    for weight, make in choices:
        pick -= weight
        if pick <= 0:
            return make()
    return choices[-1][1]()


SETUP: dict[str, list[str]] = {
    "swade": [
        "@gm /encounter start system:swade name:Fuzz",
        '@gm /combatant add name:Goblin count:3 statblock:"Atributos: Agilidad d8, Astucia d6, '
        'Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: Pelear d6, Atletismo d6\\nParada: 5; Dureza: 5"',
        '@ana /character save name:Ana system:swade statblock:"Atributos: Agilidad d8, Astucia d6, '
        'Espíritu d8, Fuerza d6, Vigor d6\\nHabilidades: Pelear d8, Atletismo d8\\nParada: 6; Dureza: 5"',
        "@ana /join character:Ana",
        "@gm /bennies session-start",
        "@gm /deal",
    ],
    "ds20": [
        "@gm /encounter start system:ds20 name:Fuzz",
        '@gm /combatant add name:Bruto count:2 statblock:"Aptitudes: Fortaleza 11, Pelea 10, '
        'Acrobacia 8, Iniciativa 2 | Armas: Puños 2/6 pelea; Machete 5/10 C.C."',
        '@ana /character save name:Ana system:ds20 statblock:"Tipo: PJ | Aptitudes: Fortaleza 12, '
        "Pelea 10, Armas de Fuego 12, Acrobacia 9, Iniciativa 4 | Armas: Puños 2/6 pelea; "
        'Pistola 4/9 fuego alcance 20 cargador 15 semiautomática"',
        "@ana /join character:Ana",
        "@gm /initiative roll",
        "@gm /next",
    ],
    "ritualhex": [
        "@gm /encounter start system:ritualhex name:Fuzz",
        '@gm /combatant add name:Esbirro count:2 side:foes statblock:"AP 9, HP 6, Str 1, Def 1, '
        'Per 0, Mag 0, DR 0\\npartes: cabeza, torso\\nmiembros: mano x2, pies\\nacciones: Proteger"',
        '@ana /character save name:Ana system:ritualhex statblock:"AP 12, HP 10, Str 2, Def 1, '
        'Per 1, Mag 0, DR 0"',
        "@ana /join character:Ana",
        "@gm /hex round",
    ],
}


# -- playing them -------------------------------------------------------------------------------

INTERNAL = ("Algo ha fallado", "Something went wrong")


async def names_in(table: Any) -> list[str]:
    encounter = await table.bot.encounters.get(table.channel_id)
    if encounter is None:
        return []
    from bot.systems.common import raw_items

    return [c.name for c in raw_items(encounter.state.combatants)]


async def problems_after(table: Any, messages: list[Any], label: str) -> list[str]:
    """What is wrong after one hostile command: no answer, the internal error, or a state
    outside its bounds (``bot.systems.integrity``: what an import would refuse)."""
    from bot.systems.integrity import first_problem

    found: list[str] = []
    if not messages:
        found.append(f"{label}: no answer")
    for message in messages:
        if any(word in message.text() for word in INTERNAL):
            found.append(f"{label}: internal error: {message.text()[:200]}")
    encounter = await table.bot.encounters.get(table.channel_id)
    if encounter is not None:
        problem = first_problem(encounter)
        if problem is not None:
            found.append(f"{label}: state out of bounds: {problem}")
    return found


async def play(
    table: Any,
    system: str,
    rng: random.Random,
    commands: int,
    run: Callable[[Command], Any] | None = None,
) -> list[str]:
    """Set up ``system``'s encounter, then ``commands`` hostile commands; every problem
    found (:func:`problems_after`). ``run`` runs one command (the benchmark times it)."""
    import logging

    logged: list[str] = []

    class Errors(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(record.getMessage())

    handler = Errors(level=logging.ERROR)
    logging.getLogger("comodin").addHandler(handler)
    try:
        return await _play(table, system, rng, commands, run, logged)
    finally:
        logging.getLogger("comodin").removeHandler(handler)


async def _play(
    table: Any,
    system: str,
    rng: random.Random,
    commands: int,
    run: Callable[[Command], Any] | None,
    logged: list[str],
) -> list[str]:
    for line in SETUP[system]:
        await table.run(line)
    failures: list[str] = []
    for _ in range(commands):
        cmd = command(system, rng, await names_in(table))
        user, path, options, label = cmd
        if run is not None:
            messages = await run(cmd)
        else:
            messages = await table.run_raw(user, path, options)
        failures += await problems_after(table, messages, f"{label} {options!r:.160}")
        await table.settle()  # the board's update, whose errors are only logged
        failures += [f"{label} {options!r:.160}: logged: {line}" for line in logged]
        logged.clear()
    return failures


# -- issue 28: what a plain member could still do --------------------------------------------

MARKUP = "[Free bennies](https://x.example) @everyone"
SWADE_SHEET = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Pelear d8, Atletismo d6\\nParada: 6; Dureza: 6"
)
# A fight with every record to craft from: the Jefe (a GM Wild Card with its own 2
# bennies, c2) attacked Ana (c1); Vecino (c3) stands by.
RECORDS_SETUP = [
    "@mallory /encounter start name:Cripta",
    f'@mallory /combatant add name:Ana statblock:"{SWADE_SHEET}"',
    f'@mallory /combatant add name:Jefe wildcard:true statblock:"{SWADE_SHEET}\\nBenis: 2"',
    f'@mallory /combatant add name:Vecino statblock:"{SWADE_SHEET}"',
    "@mallory /initiative set combatant:Jefe card:AS",
    "@mallory /deal",
    "@mallory /attack target:Ana actor:Jefe",
]


def _jefe(data: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in data["encounter"]["state"]["combatants"] if c["name"] == "Jefe")


def crafted_records(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The issue's files: an export of :data:`RECORDS_SETUP` with a record crafted to
    restore each break through a benny reroll or a soak."""
    import copy

    def craft(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        out = copy.deepcopy(data)
        change(out)
        return out

    def copy_of_jefe(**fields: Any) -> Callable[[dict[str, Any]], None]:
        return lambda d: _jefe(d)["last_attack"]["before"]["c2"].update(fields)

    def fighting(d: dict[str, Any]) -> None:
        _jefe(d)["last_attack"]["before"]["c2"]["skills"]["fighting"] = {
            "die": 12,
            "bonus": 10**12,
        }

    def neighbour(d: dict[str, Any]) -> None:
        vecino = d["encounter"]["state"]["combatants"][2]
        _jefe(d)["last_attack"]["before"]["c3"] = {**vecino, "dead": True}

    def hit(d: dict[str, Any]) -> None:
        _jefe(d)["last_hit"] = {
            "attacker_id": "c1", "damage": 9, "toughness": 6, "wounds": 20_000_000,
            "shaken": True, "outcome": "wounded", "soaked": 0, "before": {"wounds": 0},
        }  # fmt: skip

    return [
        ("2×10^7 wound boxes", craft(copy_of_jefe(max_wounds=20_000_000))),
        ("a markup name", craft(copy_of_jefe(name=MARKUP))),
        ("999,998 bennies", craft(copy_of_jefe(bennies=999_998))),
        ("Fighting d12+10^12", craft(fighting)),
        ("a neighbour as dead", craft(neighbour)),
        ("a hit of 2×10^7 wounds", craft(hit)),
    ]


def power_definitions(count: int) -> list[dict[str, Any]]:
    """``count`` GM definitions as an export holds them (15,000: about 2 MiB)."""
    return [
        {
            "id": f"rayo_{i}", "name_es": f"Rayo {i}", "name_en": f"Bolt {i}", "cost": 1,
            "success": [{"kind": "damage", "dice": [6, 6]}],
        }
        for i in range(count)
    ]  # fmt: skip


def member_undoes(channel_lines: int = 5) -> list[tuple[str, str]]:
    """A plain member's encounter after the GM's fight in the same channel: Prone on and
    off ``channel_lines`` times, then ten /undo (each reversed the GM's fight's bennies)."""
    lines = [
        ("@mallory /encounter start name:Granja", "issue 28: member starts after the fight"),
        (f'@mallory /combatant add name:Yo statblock:"{SWADE_SHEET}"', "/combatant add"),
    ]
    for _ in range(channel_lines):
        lines.append(("@mallory /condition add combatant:Yo condition:prone", "/condition add"))
        lines.append(
            ("@mallory /condition remove combatant:Yo condition:prone", "/condition remove")
        )
    lines += [("@mallory /undo", "issue 28: /undo in a later encounter")] * 10
    return lines
