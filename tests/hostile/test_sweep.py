"""Hostile input over every command (issue 9 item 6): empty strings, 6,000 characters,
markdown and mention injection, zero-width and right-to-left characters, huge and
negative numbers, unknown names, and every option in every system's channel.

Each call must give a localized ephemeral error or a correct result: never the internal
error (a traceback in the log), never a change of state on an error, never a message that
could ping anyone. Values go into the payload as a hostile client would send them, past
the limits Discord's own client enforces (``OfflineTable.run_raw``).

Issue 21 adds: names that read like catalogue keys or ids, masked links and line breaks;
stat blocks with numbers far past their bounds in each system (a stat block option gets
them); after every call the state must be one an import accepts (every value within its
bound, every reference a combatant's: ``bot.systems.integrity``); and hostile import files
(nesting, 10,000 combatants, unknown cards, ``seq`` 2^70) in every system.
"""

from __future__ import annotations

import itertools
import json
import logging
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.i18n import t
from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from bot.systems.integrity import first_problem
from tests.every_system import every_system, examples, names

STRINGS = [
    "",
    "x" * 6000,
    "@everyone @here <@&123456789012345678> <@123456789012345678>",
    "\u200b\u200d\u202eGoblin\u202c\u2066",
    "**_~~`||spoiler||`~~_**",
    "Nadie Conocido",
    "-1",
    "encounter.none",
    "c1",
    "[Beni gratis](https://x.example)",
    "Orco\n# Ana ha muerto",
]
# Issue 21: a stat block option gets these too, the findings' numbers in each system.
SHEETS = [
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d12+99999999999999999999999, "
    "Vigor d8\nParada: 999999",
    "Aptitudes: Fortaleza 11, Pelea 10 | Heridas: 2000000000/1/1 | Armas: Puños 2/6 pelea",
    "AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\nmiembros: brazo x20, pierna x20",
    "Heridas: 2000000000 | Parada: 40 | Agotamiento: 999",
]
INTEGERS = [10**15, -(10**15), 0, -1]
INTERNAL = t("error.internal", "es", error_id="").split("`")[0]


def setup(system: str) -> list[str]:
    """An encounter of ``system`` with a foe and a player's hero (its examples' sheets)."""
    if system == "none":
        return []
    ex = examples(system)
    return [
        f'@gm /encounter start system:{system} name:"Sweep"',
        f'@gm /combatant add name:Orco {ex.add} statblock:"{ex.foe}"',
        f'@gm /combatant add name:Héroe controller:@ana statblock:"{ex.hero}"',
    ]


def _commands(tree: app_commands.CommandTree) -> list[tuple[list[str], app_commands.Command]]:
    found: list[tuple[list[str], app_commands.Command]] = []

    def walk(command: Any, path: list[str]) -> None:
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub, [*path, sub.name])
        else:
            found.append((path, command))

    for command in tree.get_commands():
        walk(command, [command.name])
    return found


def _hostile_values(param: app_commands.Parameter) -> list[Any]:
    kind = param.type
    if kind is discord.AppCommandOptionType.string:
        return STRINGS + (SHEETS if param.name == "statblock" else [])
    if kind is discord.AppCommandOptionType.integer:
        return INTEGERS
    if kind is discord.AppCommandOptionType.number:
        return [1e308, -1.5]
    if kind is discord.AppCommandOptionType.boolean:
        return [True]
    return []  # users and attachments need resolved data: covered by their own tests


def _plausible(param: app_commands.Parameter) -> Any:
    if param.choices:
        return param.choices[0].value
    if param.type is discord.AppCommandOptionType.integer:
        return param.min_value if param.min_value is not None else 1
    if param.type is discord.AppCommandOptionType.boolean:
        return False
    return "Orco"


async def _snapshot(table: OfflineTable) -> tuple[str | None, int]:
    row = await table.bot.db.fetchone(
        "SELECT state FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    state = json.loads(unpack(row["state"])) if row else None
    if state is not None:
        state.pop("board_message_id", None)
    count = await table.bot.db.fetchone("SELECT COUNT(*) FROM encounter_log")
    return (json.dumps(state, sort_keys=True) if state else None), count[0]


def _no_pings(message: Any) -> bool:
    if message.kind == "modal":
        return True  # a form carries no message text
    mentions = message.payload.get("allowed_mentions")
    return (
        mentions is not None
        and mentions.get("parse") == []
        and not mentions.get("roles")
        and not mentions.get("replied_user")
    )


@pytest.mark.parametrize("system", [*names(), "none"])
async def test_every_command_survives_hostile_input(
    tmp_path: Path, system: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="comodin")
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", seed=3) as table:
        for line in setup(system):
            await table.run(line)
        table.user("ana")
        users = itertools.cycle(["gm", "ana"])
        failures: list[str] = []
        for path, command in _commands(table.bot.tree):
            if path[0] in ("encounter", "undo") and path[-1] in ("end", "import", "undo", "start"):
                continue  # they replace the whole encounter: covered by their own tests
            for param in command.parameters:
                for value in _hostile_values(param):
                    values = {p.name: _plausible(p) for p in command.parameters if p.required}
                    values[param.name] = value
                    user = next(users)
                    before = await _snapshot(table)
                    messages = await table.run_raw(user, path, values)
                    label = f"/{' '.join(path)} {param.name}={str(value)[:40]!r} as {user}"
                    if not messages:
                        failures.append(f"{label}: no answer")
                        continue
                    for message in messages:
                        if INTERNAL in message.text():
                            failures.append(f"{label}: internal error: {message.text()[:200]}")
                        if not _no_pings(message):
                            failures.append(
                                f"{label}: may ping: {message.payload.get('allowed_mentions')}"
                            )
                    if (
                        messages[0].ephemeral
                        and messages[0].kind == "reply"
                        and await _snapshot(table) != before
                    ):
                        failures.append(f"{label}: state changed on an error")
                    encounter = await table.bot.encounters.get(table.channel_id)
                    problem = first_problem(encounter) if encounter is not None else None
                    if problem is not None:
                        failures.append(f"{label}: state out of bounds: {problem}")
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert failures == [], "\n".join(failures[:40])
        assert errors == []


def _hostile_files(system: str) -> dict[str, bytes]:
    """Files a member might import (issue 21): each must be refused with one message."""
    base = {"channel_id": 1, "guild_id": 1, "gm_id": 1, "state": {"system": system}}
    many = [{"id": f"c{i}", "name": f"G{i}"} for i in range(1, 10_001)]
    return {
        "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
        "10,000 combatants": json.dumps(
            {
                "encounter": {
                    **base,
                    "state": {"system": system, "combatants": many, "next_id": 10_001},
                }
            }
        ).encode(),
        "seq 2^70": json.dumps({"encounter": {**base, "seq": 2**70}}).encode(),
        "a card of suit Z, an unknown id": json.dumps(
            {"encounter": {**base, "state": {"system": system, **examples(system).refused_state}}}
        ).encode(),
        "not an encounter": b'{"nope": 1}',
        "not JSON": b"\x00\xff{[",
    }


@every_system
async def test_every_hostile_import_is_refused_with_one_message(
    tmp_path: Path, system: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="comodin")
    async with OfflineTable(db_path=tmp_path / "h.sqlite3", seed=3) as table:
        for line in setup(system):
            await table.run(line)
        before = await _snapshot(table)
        for what, blob in _hostile_files(system).items():
            path = tmp_path / "hostile.json"
            path.write_bytes(blob)
            messages = await table.run(f"@gm /encounter import file:{path}")
            assert len(messages) == 1 and messages[0].ephemeral, (what, messages)
            assert INTERNAL not in messages[0].text(), what
            assert await _snapshot(table) == before, what
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
