"""Issue 21, integrity: /encounter import validates everything the state means and
answers ONE localized error naming the first problem (its path in the file and what was
expected), changing nothing. Each of these was accepted (or crashed) before: duplicate
ids (a combatant vanished), unknown ids in the turn order, a card of suit "Z" (a
KeyError on every board update), ``seq`` 2^70 (an OverflowError on every action), JSON
nested 100,000 deep (a RecursionError), negative Parry and bennies, 10,000 combatants
(15.7 s to import, 17.6 s per board), a 5,000-character name."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import GOBLIN, JEFE, must

OTHER_CHANNEL = 1_100_000_000_000_000_777


async def _exported(table: OfflineTable) -> dict[str, Any]:
    await table.run("@gm /encounter export")  # a private reply with the file
    filename, blob = table.recorder.files[-1]
    return json.loads(gzip.decompress(blob) if filename.endswith(".gz") else blob)


async def _fight(table: OfflineTable) -> dict[str, Any]:
    await must(table, "@gm /encounter start name:Cripta")
    await must(table, f'@gm /combatant add name:Goblin count:2 statblock:"{GOBLIN}"')
    await must(table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"')
    await must(table, "@gm /deal")
    return await _exported(table)


async def _import(
    table: OfflineTable, tmp_path: Path, data: Any, *, raw: bytes | None = None
) -> str:
    """Import into a channel with no encounter: one private reply, nothing created."""
    table.channel_id = OTHER_CHANNEL
    path = tmp_path / "import.json.gz"
    path.write_bytes(gzip.compress(raw if raw is not None else json.dumps(data).encode()))
    messages = await table.run(f"@gm /encounter import file:{path}")
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await table.bot.encounters.get(OTHER_CHANNEL) is None
    return messages[0].text()


def _mutated(data: dict[str, Any], change: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    change(data["encounter"])
    return data


def _set(path: str, value: Any) -> Any:
    def change(encounter: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = encounter
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value

    return change


CASES = [
    ("duplicate id", _set("state.combatants.1.id", "c1"), "state.combatants[1].id"),
    ("unknown id in the order", _set("state.turn_order.0", "c99"), "state.turn_order[0]"),
    ("card of suit Z", _set("state.combatants.0.card", {"rank": 5, "suit": "Z"}), "card.suit"),
    ("seq 2^70", _set("seq", 2**70), "seq"),
    ("negative Parry", _set("state.combatants.0.parry", -3), "state.combatants[0].parry"),
    ("negative bennies", _set("state.combatants.2.bennies", -10), "state.combatants[2].bennies"),
    ("a 5,000-character name", _set("state.combatants.0.name", "G" * 5000), "combatants[0].name"),
    ("a look-alike name", _set("state.combatants.1.name", "GOBLIN 1\u200b"), "combatants[1].name"),
    ("an id as a name", _set("state.combatants.1.name", "c7"), "combatants[1].name"),
    ("a one-sided grapple", _set("state.combatants.0.grappling", "c2"), "combatants[0].grappling"),
    ("a wrong type", _set("state.combatants.0.wounds", "many"), "state.combatants[0].wounds"),
    ("an id past next_id", _set("state.next_id", 2), "state.combatants[1].id"),
    # Issue 27: a controller outside Discord's ids (whom its turns would ping).
    ("controller 0", _set("state.combatants.0.controller_id", 0), "combatants[0].controller_id"),
    (
        "controller 10^23",
        _set("state.combatants.0.controller_id", 10**23),
        "combatants[0].controller_id",
    ),
]


@pytest.mark.parametrize(("what", "change", "path"), CASES, ids=[c[0] for c in CASES])
async def test_an_invalid_import_names_the_first_problem(
    tmp_path: Path, what: str, change: Any, path: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1) as table:
        data = await _fight(table)
        text = await _import(table, tmp_path, _mutated(data, change))
        assert "no es un encuentro válido" in text and path in text, text


async def test_the_error_is_in_english_too(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1, locale="en") as table:
        data = await _fight(table)
        text = await _import(
            table, tmp_path, _mutated(data, _set("state.combatants.0.parry", 999999))
        )
        assert text.startswith("The file is not a valid encounter: at state.combatants[0].parry")
        assert "0..30" in text and "999999" in text


async def test_ten_thousand_combatants_are_refused(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1) as table:
        data = await _fight(table)
        state = data["encounter"]["state"]
        one = {"id": "c1", "name": "G", "system": "swade"}
        state["combatants"] = [{**one, "id": f"c{i}", "name": f"G{i}"} for i in range(1, 10_001)]
        state["turn_order"], state["current"], state["active"], state["acted"] = [], -1, None, []
        state["next_id"] = 10_001
        text = await _import(table, tmp_path, data)
        assert "state.combatants" in text and "≤ 100" in text and "10000" in text


async def test_nesting_100000_deep_is_refused(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1) as table:
        await _fight(table)
        deep = b'{"encounter": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
        text = await _import(table, tmp_path, None, raw=deep)
        assert "32 niveles" in text
        text = await _import(table, tmp_path, None, raw=b"[" * 100_000 + b"]" * 100_000)
        assert "32 niveles" in text


async def test_a_state_over_its_bound_is_refused_without_reading_the_log(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1) as table:
        data = await _fight(table)
        data["encounter"]["name"] = "x" * (3 * 1024 * 1024)
        text = await _import(table, tmp_path, data)
        assert "2 MiB" in text


async def test_a_valid_export_still_imports_and_its_log_is_not_read(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "i.sqlite3", seed=1) as table:
        data = await _fight(table)
        data["log"] = [
            {
                "kind": "x",
                "payload": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
            }
        ]
        table.channel_id = OTHER_CHANNEL
        path = tmp_path / "ok.json"
        path.write_text(json.dumps(data))
        [reply, *_] = await table.run(f"@gm /encounter import file:{path}")
        assert not reply.ephemeral, reply.text()
        imported = await table.bot.encounters.get(OTHER_CHANNEL)
        assert [c.name for c in imported.state.combatants] == ["Goblin 1", "Goblin 2", "Jefe orco"]
        [board, *_] = await table.run("@gm /encounter show")
        assert "Jefe orco" in board.text()
