"""Hostile commands for every system (issue 21): what a member trying to break the bot
types, drawn from a ``random.Random`` so that a seed (the benchmark) or Hypothesis (the
property test, ``tests/hostile/test_fuzz.py``) chooses them.

Each command is ``(user, path, options, label)`` for ``OfflineTable.run_raw``: the values
go into the payload as a hostile client would send them, past the limits Discord's own
client enforces. Numbers sit at, inside and far past their bounds, in options and inside
text; names carry markup, mentions, line breaks, invisible characters, catalogue keys
and id forms.

Nothing here knows a system: what is typed in each comes from its plugin's examples
(``Plugin.examples``, :mod:`bot.systems.examples`): its sheets with hostile numbers in
place of theirs, its ``/combatant edit`` corrections, its own commands, the lines that
start its fight. A system in the catalogue is fuzzed as soon as it has them. The shared
commands are tried in every system's channel, and every system's own commands too, most
often its own.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from bot.play.lines import parse_line
from bot.systems import catalogue
from bot.systems.examples import Examples

Command = tuple[str, list[str], dict[str, Any], str]

NUMBERS = [
    "0", "1", "2", "3", "4", "6", "10", "12", "20", "30", "40", "99", "100", "101", "999",
    "1000", "1001", "9999", "999999", "2000000000", "-1", "-4", "-99", "-100",
    "99999999999999999999999",
]  # fmt: skip
INTEGERS = [1, 1, 2, 3, 4, 10, 11, 40, 41, 100, -100, 10**6, 10**9]
NAMES = [
    "Orco", "Goblin", "Jefe orco", "Ana", "Bruto", "Héroe", "Orco Jefe 2",
    "Jefe orco\u200b", "JEFE ÓRCO", "c1", "c5", "C12", "encounter.none", "word.yes",
    "[Beni gratis](https://x.example)", "<@123456789012345678>", "@everyone",
    "# Ana ha muerto", "**negrita**", "Orco\nJefe", "\u202eocrO", "x" * 200, "", " ",
]  # fmt: skip


PLAUSIBLE = ["1", "2", "3", "4", "5", "6", "8"]
_NUMBER = re.compile(r"\d+")
_SLOT = re.compile(r"\{(n|name|who|int|id)\}")


def number(rng: random.Random) -> str:
    """Half the time a value any sheet has, else one at or past a bound."""
    return rng.choice(PLAUSIBLE if rng.random() < 0.5 else NUMBERS)


def name(rng: random.Random) -> str:
    """Half the time a new plain name, else a hostile or taken one."""
    if rng.random() < 0.5:
        return f"{rng.choice(['Orco', 'Trasgo', 'Lobo', 'Sombra'])} {rng.randint(1, 999)}"
    return rng.choice(NAMES)


def examples(system: str) -> Examples:
    found = catalogue.plugin(system).examples
    assert found is not None, f"{system} has no examples"
    return found


# -- what each system's examples become ----------------------------------------------------


def hostile_numbers(text: str, rng: random.Random) -> str:
    """``text`` with about half its numbers put at or past their bounds."""
    return _NUMBER.sub(lambda m: number(rng) if rng.random() < 0.5 else m[0], text)


def sheet(system: str, rng: random.Random) -> str:
    """One of the system's sample sheets with hostile numbers."""
    ex = examples(system)
    return hostile_numbers(rng.choice([ex.foe, ex.hero, *ex.sheets]), rng)


def edit_text(system: str, rng: random.Random) -> str:
    """Two of the system's ``/combatant edit`` corrections, with hostile numbers and
    names (a hostile name alone when the system has none)."""
    fields = examples(system).corrections
    if not fields:
        return name(rng)
    pieces = rng.sample(fields, min(2, len(fields)))
    return " | ".join(hostile_numbers(p, rng).replace("{name}", name(rng)) for p in pieces)


def _combatant(rng: random.Random, known: list[str]) -> str:
    return rng.choice(known) if known and rng.random() < 0.8 else name(rng)


def _fill(value: str, rng: random.Random, known: list[str]) -> Any:
    """An option's value from an example: each slot filled (``{int}`` and ``{id}`` alone
    give the whole value)."""
    if value == "{int}":
        return rng.choice(INTEGERS)
    if value == "{id}":
        return str(rng.randint(1, 10**18))
    slots: dict[str, Callable[[], str]] = {
        "n": lambda: number(rng),
        "name": lambda: name(rng) or "Golpe",
        "who": lambda: _combatant(rng, known),
        "int": lambda: str(rng.choice(INTEGERS)),
        "id": lambda: str(rng.randint(1, 10**18)),
    }
    return _SLOT.sub(lambda m: slots[m[1]](), value)


def own_command(system: str, rng: random.Random, known: list[str], user: str) -> Command:
    """One of the commands a system's examples list, filled with hostile values: most
    often the channel's system's, else any system's (a command another system answers,
    tried in this one's channel)."""
    mine = examples(system).hostile
    lines = [*mine] if mine and rng.random() < 0.8 else []
    if not lines:
        lines = [line for p in catalogue.plugins() if p.examples for line in p.examples.hostile]
    if not lines:
        return (user, ["encounter", "show"], {}, "/encounter show")
    template = rng.choice(lines)
    parsed = parse_line(template)
    assert parsed is not None and parsed.kind == "command", template
    options = {k: _fill(v, rng, known) for k, v in parsed.options.items()}
    return (user, parsed.words, options, template.split(" ", 2)[0] + " (" + system + ")")


# -- the commands ---------------------------------------------------------------------------


def command(system: str, rng: random.Random, known: list[str]) -> Command:
    """One hostile command for an encounter of ``system`` whose combatants are named
    ``known``; the GM or a player types it."""
    user = rng.choice(["gm", "gm", "gm", "ana", "bob"])
    who = _combatant(rng, known)
    choices: list[tuple[float, Callable[[], Command]]] = [
        (3, lambda: (user, ["combatant", "add"], {
            "name": name(rng), "statblock": sheet(system, rng),
            "count": rng.choice([1, 1, 2, 40, 41, 10**6])}, "/combatant add")),
        (2, lambda: (user, ["combatant", "edit"], {
            "combatant": who, "statblock": edit_text(system, rng)}, "/combatant edit")),
        (1, lambda: (user, ["combatant", "edit"], {"combatant": who, "name": name(rng)},
                     "/combatant edit name")),
        (1, lambda: (user, ["combatant", "remove"], {"combatant": who}, "/combatant remove")),
        (1, lambda: ("ana", ["character", "save"], {
            "name": name(rng), "statblock": sheet(system, rng), "system": system},
            "/character save")),
        (1, lambda: ("ana", ["join"], {"character": rng.choice(["Ana", name(rng)])}, "/join")),
        (2, lambda: (user, ["attack"], {"target": _combatant(rng, known), "actor": who},
                     "/attack")),
        (0.5, lambda: (user, ["act"], {"action": name(rng), "target": _combatant(rng, known),
                                       "actor": who}, "/act")),
        (2, lambda: (user, ["next"], {}, "/next")),
        (0.5, lambda: (user, ["condition", "add"], {"combatant": who, "condition": "x" * 60},
                       "/condition add")),
        (1, lambda: (user, ["grapple", "start"], {"target": _combatant(rng, known), "actor": who},
                     "/grapple start")),
        # the systems' own commands (and options): each system's examples
        (10, lambda: own_command(system, rng, known, user)),
        (1, lambda: (user, ["undo"], {}, "/undo")),
        (1, lambda: (user, ["encounter", "show"], {}, "/encounter show")),
        (0.5, lambda: (user, ["encounter", "export"], {}, "/encounter export")),
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


def setup(system: str) -> list[str]:
    """The fuzzed encounter: foes, a player's hero joined, the fight started (each as the
    system's examples say)."""
    ex = examples(system)
    return [
        f"@gm /encounter start system:{system} name:Fuzz",
        f'@gm /combatant add name:Goblin count:2 {ex.add} statblock:"{ex.foe}"',
        f'@gm /combatant add name:Orco {ex.add} statblock:"{ex.foe}"',
        f'@ana /character save name:Ana system:{system} statblock:"{ex.hero}"',
        "@ana /join character:Ana",
        *ex.fight,
    ]


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
    for line in setup(system):
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
# The sheet of the fights below: Savage Worlds' (the default system), whose benny
# rerolls and soaks keep records to restore.
RECORDS_SHEET = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Pelear d8, Atletismo d6\\nParada: 6; Dureza: 6"
)
# A fight with every record to craft from: the Jefe (a GM Wild Card with its own 2
# bennies, c2) attacked Ana (c1); Vecino (c3) stands by.
RECORDS_SETUP = [
    "@mallory /encounter start name:Cripta",
    f'@mallory /combatant add name:Ana statblock:"{RECORDS_SHEET}"',
    f'@mallory /combatant add name:Jefe wildcard:true statblock:"{RECORDS_SHEET}\\nBenis: 2"',
    f'@mallory /combatant add name:Vecino statblock:"{RECORDS_SHEET}"',
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
        (f'@mallory /combatant add name:Yo statblock:"{RECORDS_SHEET}"', "/combatant add"),
    ]
    for _ in range(channel_lines):
        lines.append(("@mallory /condition add combatant:Yo condition:prone", "/condition add"))
        lines.append(
            ("@mallory /condition remove combatant:Yo condition:prone", "/condition remove")
        )
    lines += [("@mallory /undo", "issue 28: /undo in a later encounter")] * 10
    return lines
