"""Issue 21: README's permission table ("Who may do what"), every cell run through the
offline table. The test reads the table, so the README and the code cannot drift: a row
added there is tried here; a rule changed here fails until the table says so.

Per row and system, one table is set up as the README says (a server GM, an encounter GM
without Manage Server, Ana's player and another member; Ana, a Goblin, each with the
system's sample sheet, and, in a system with bennies, a benny session the server GM
opened). ``all`` is every system of the catalogue. The cells marked ✗ run on that table one
after another: each must answer with one private message and change nothing (the
encounter, the benny tables, the server's settings). Each ✓ runs on a fresh table of its
own and must be done: anything but a private refusal that changed nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.bennies.holders import uses_bennies
from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from bot.systems import catalogue
from tests.every_system import examples

README = Path(__file__).resolve().parents[2] / "README.md"
SYSTEMS = tuple(catalogue.systems())
# The columns, and who types in each (the first user of a table has Manage Server).
WHO = {"Server GM": "boss", "Encounter GM": "dj", "Its player": "ana", "Other member": "eve"}
DONE, REFUSED = "✓", "✗"


@dataclass(frozen=True)
class Row:
    command: str  # the line typed, as in the README (SHEET: the system's sheet)
    note: str  # the README's words after the command: "(none open)", "(the GM's pool)"
    systems: tuple[str, ...]
    cells: dict[str, str]  # column -> ✓ or ✗


def read_table() -> list[Row]:
    text = README.read_text(encoding="utf-8")
    table = text.split("<!-- permissions:start -->")[1].split("<!-- permissions:end -->")[0]
    lines = [line for line in table.strip().splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header[:2] == ["Command", "Systems"] and header[2:] == list(WHO), header
    rows = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        command = re.match(r"`([^`]+)`\s*(.*)", cells[0])
        assert command, cells[0]
        systems = SYSTEMS if cells[1] == "all" else tuple(s.strip() for s in cells[1].split(","))
        assert set(systems) <= set(SYSTEMS), cells[1]
        marks = dict(zip(WHO, cells[2:], strict=True))
        assert set(marks.values()) <= {DONE, REFUSED}, marks
        rows.append(Row(command[1], command[2], systems, marks))
    return rows


ROWS = read_table()
CASES = [
    pytest.param(row, system, id=f"{system}:{row.command}{' ' + row.note if row.note else ''}")
    for row in ROWS
    for system in row.systems
]


def test_the_table_covers_the_commands_issue_21_names() -> None:
    commands = " ".join(row.command for row in ROWS)
    for needed in (
        "/combatant edit",
        "/combatant remove",
        "/condition remove combatant:Ana condition:shaken",
        "/join",
        "/bennies give",
        "/bennies session-end",
        "combatant:Goblin",
    ):
        assert needed in commands, needed


async def setup(tmp_path: Path, system: str, row: Row, n: int) -> OfflineTable:
    table = OfflineTable(db_path=tmp_path / f"perm{n}.sqlite3", seed=1, locale="en")
    await table.__aenter__()
    table.user("boss")  # the first user: Manage Server
    sheet = examples(system).foe
    lines = [
        f"@dj /encounter start system:{system}",
        f'@ana /character save name:Ana system:{system} statblock:"{sheet}"',
        "@ana /join character:Ana",
        f'@dj /combatant add name:Goblin statblock:"{sheet}"',
    ]
    condition = re.search(r"\(Ana is (\w+)\)", row.note)
    if condition:
        lines.append(f"@dj /condition add combatant:Ana condition:{condition[1].lower()}")
    if uses_bennies(system) and "(none open)" not in row.note:
        lines.append("@boss /bennies session-start")
    if "/join" in row.command:
        lines += [
            f'@{who} /character save name:Mine system:{system} statblock:"{sheet}"'
            for who in WHO.values()
        ]
    for line in lines:
        sent = await table.run(line)
        if "/character save" not in line:  # its card is private
            assert not any(m.ephemeral for m in sent), (line, [m.text() for m in sent])
    return table


async def snapshot(table: OfflineTable) -> str:
    """What a refused command must leave as it was."""
    db = table.bot.db
    row = await db.fetchone(
        "SELECT state FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    parts = {
        "state": json.loads(unpack(row["state"])) if row else None,
        "sessions": [dict(r) for r in await db.fetchall("SELECT * FROM benny_sessions")],
        "bennies": [dict(r) for r in await db.fetchall("SELECT * FROM bennies")],
        "settings": [dict(r) for r in await db.fetchall("SELECT * FROM guild_settings")],
    }
    return json.dumps(parts, sort_keys=True, default=str)


async def outcome(table: OfflineTable, who: str, command: str, system: str) -> tuple[str, str]:
    """✓ or ✗ for ``command`` typed by ``who``, and what the bot said."""
    before = await snapshot(table)
    sheet = json.dumps(examples(system).foe, ensure_ascii=False)
    line = f"@{who} {command.replace('SHEET', sheet)}"
    sent = await table.run(line)
    text = " | ".join(m.text() for m in sent)
    private = len(sent) == 1 and sent[0].ephemeral and not sent[0].payload.get("attachments")
    if private and await snapshot(table) == before:
        return REFUSED, text
    return DONE, text


@pytest.mark.parametrize(("row", "system"), CASES)
async def test_every_cell_of_the_permission_table(tmp_path: Path, row: Row, system: str) -> None:
    found: dict[str, tuple[str, str]] = {}
    refused_here = [column for column, mark in row.cells.items() if mark == REFUSED]
    table = await setup(tmp_path, system, row, 0)
    try:
        for column in refused_here:
            found[column] = await outcome(table, WHO[column], row.command, system)
    finally:
        await table.close()
    for n, column in enumerate((c for c in row.cells if c not in refused_here), start=1):
        table = await setup(tmp_path, system, row, n)
        try:
            found[column] = await outcome(table, WHO[column], row.command, system)
        finally:
            await table.close()
    wrong = {
        column: f"README says {row.cells[column]}, the bot did {mark}: {text}"
        for column, (mark, text) in found.items()
        if mark != row.cells[column]
    }
    assert not wrong, wrong
