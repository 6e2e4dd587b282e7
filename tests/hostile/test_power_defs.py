"""Issue 28: power definitions were unbounded and their names anything. ``/power define``
had no count bound and an import's ``power_defs`` was not checked (3,000 definitions
made each keystroke of ``/cast power`` cost 2.65 s of CPU; 19,000 took 165 s); power
names took markup, mentions, ``@everyone``, headings, right-to-left overrides and ids,
shown publicly; the refusal of a bad definition printed catalogue keys. Now: at most
100 definitions an encounter and 1,000 a server (README "Limits", named in the
refusal), plain names, the same checks on import, and lookups through an index. On
both engines, through the offline table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.play.table import OfflineTable
from bot.storage.packed import unpack
from bot.systems.bounds import SERVER_DEFINITIONS_MAX
from bot.systems.swade.power_bounds import POWER_DEFS_MAX
from tests.hostile.test_bounds import refused
from tests.table.swade.encounter_helpers import must
from tests.table.swade.test_powers_cast import complete

REST = "coste: 1; alcance: astucia; éxito: daño 2d6"


@pytest.fixture
async def table(engine_table: OfflineTable) -> OfflineTable:
    """The offline table on each engine, the GM's encounter started."""
    await must(engine_table, "@gm /encounter start name:Magia")
    return engine_table


async def stored(table: OfflineTable) -> str | None:
    row = await table.bot.db.fetchone(
        "SELECT state FROM encounters WHERE channel_id = ?", (table.channel_id,)
    )
    return unpack(row["state"]) if row else None


NAMES = [
    ("a masked link and @everyone", "[Beni](https://x.y) @everyone", "U+005B"),
    ("a mention", "<@123456789012345678>", "U+003C"),
    ("@everyone", "@everyone", "U+0040"),
    ("a heading", "# Ana ha muerto", "U+0023"),
    ("bold", "**Rayo**", "U+002A"),
    ("an id's form", "c5", "identificador interno"),
    ("a catalogue key", "encounter.none", "clave de los textos"),
]


@pytest.mark.parametrize(("what", "name", "said"), NAMES, ids=[n[0] for n in NAMES])
async def test_a_power_name_is_plain_text(
    table: OfflineTable, what: str, name: str, said: str
) -> None:
    text = await refused(table, f'@gm /power define text:"nombre: {name}; {REST}"')
    assert said in text, text


async def test_a_right_to_left_override_is_dropped_from_a_power_name(table: OfflineTable) -> None:
    """As in every name (issue 21): invisible and bidi characters are removed."""
    await must(table, f'@gm /power define text:"nombre: \u202eRayo; {REST}"')
    state = json.loads(await stored(table) or "{}")
    assert [d["name_es"] for d in state["state"]["power_defs"]] == ["Rayo"]


async def test_the_definitions_of_an_encounter_are_bounded(table: OfflineTable) -> None:
    for i in range(POWER_DEFS_MAX):
        await must(table, f'@gm /power define text:"nombre: Poder {i}; {REST}"')
    text = await refused(table, f'@gm /power define text:"nombre: Uno más; {REST}"')
    assert f"{POWER_DEFS_MAX} poderes definidos, el máximo ({POWER_DEFS_MAX})" in text, text
    await must(table, '@gm /power define text:"nombre: Poder 7; coste: 3; éxito: daño 3d6"')


async def test_a_bad_definition_is_refused_in_words_not_keys(table: OfflineTable) -> None:
    text = await refused(table, '@gm /power define text:"nombre: Rayo; coste: mucho; éxito: 2d6"')
    assert "coste" in text and "Puntos de Poder" in text and "swade.powers." not in text, text
    text = await refused(table, '@gm /power define text:"nombre: Rayo; coste: 1; éxito: volar"')
    assert "éxito" in text and "swade.powers." not in text, text
    text = await refused(table, '@gm /power define text:"nombre: Rayo; coste: 1"')
    assert "éxito" in text and "swade.powers." not in text, text


async def test_a_definition_rolls_at_most_twenty_damage_dice(table: OfflineTable) -> None:
    text = await refused(table, '@gm /power define text:"nombre: Rayo; coste: 1; éxito: daño 21d6"')
    assert "más de 20 dados" in text, text


# --- an import's power_defs -----------------------------------------------------------------


def definition(i: int, **fields: Any) -> dict[str, Any]:
    return {
        "id": f"poder_{i}", "name_es": f"Poder {i}", "name_en": f"Poder {i}", "cost": 1,
        "success": [{"kind": "damage", "dice": [6, 6]}], **fields,
    }  # fmt: skip


async def exported(table: OfflineTable) -> dict[str, Any]:
    await table.run("@gm /encounter export")
    _, blob = table.recorder.files[-1]
    return json.loads(blob)


async def import_into(
    table: OfflineTable, tmp_path: Path, channel: int, data: dict[str, Any]
) -> list[str]:
    table.channel_id = channel
    path = tmp_path / f"{channel}.json"
    path.write_text(json.dumps(data))
    return [m.text() for m in await table.run(f"@gm /encounter import file:{path}")]


IMPORTS = [
    ("101 definitions", [definition(i) for i in range(101)], "power_defs", "≤ 100"),
    ("a markup name", [definition(1, name_es="[x](https://x.example)")], "name_es", "Discord"),
    ("an example's flag", [definition(1, example=True)], "example", "DJ"),
    (
        "500 damage dice",
        [definition(1, success=[{"kind": "damage", "dice": [6] * 500}])],
        "success[0].dice",
        "≤ 20",
    ),
    ("a name twice", [definition(1), definition(2, name_en="Poder 1")], "power_defs[1]", ""),
    # the 2 MiB: refused before anything reads them (a list longer than any state's)
    ("15,000 definitions (2 MiB)", [definition(i) for i in range(15_000)], "power_defs", "≤ 1000"),
]


@pytest.mark.parametrize(("what", "defs", "path", "said"), IMPORTS, ids=[c[0] for c in IMPORTS])
async def test_an_imports_definitions_pass_the_same_checks(
    table: OfflineTable, tmp_path: Path, what: str, defs: list[Any], path: str, said: str
) -> None:
    data = await exported(table)
    data["encounter"]["state"]["power_defs"] = defs
    [text] = await import_into(table, tmp_path, table.channel_id + 1, data)
    assert "no es un encuentro válido" in text and path in text and said in text, text
    assert await stored(table) is None


async def test_a_server_keeps_at_most_a_thousand_definitions(
    table: OfflineTable, tmp_path: Path
) -> None:
    data = await exported(table)
    data["encounter"]["state"]["power_defs"] = [definition(i) for i in range(POWER_DEFS_MAX)]
    first = table.channel_id + 1
    full = SERVER_DEFINITIONS_MAX // POWER_DEFS_MAX
    for channel in range(first, first + full):
        said = await import_into(table, tmp_path, channel, data)
        assert any("restaurado" in text for text in said), said
    said = await import_into(table, tmp_path, first + full, data)
    assert said and f"como mucho {SERVER_DEFINITIONS_MAX} poderes" in said[0], said
    assert f"tienen {SERVER_DEFINITIONS_MAX}" in said[0] and "tendría 100" in said[0], said
    table.channel_id = first + full + 1
    await must(table, "@gm /encounter start name:Otra")
    text = await refused(table, f'@gm /power define text:"nombre: Rayo; {REST}"')
    assert f"como mucho {SERVER_DEFINITIONS_MAX}" in text, text
    table.channel_id = first  # an encounter that forgets one makes room
    await must(table, '@gm /power forget power:"Poder 1"')
    table.channel_id = first + full + 1
    await must(table, f'@gm /power define text:"nombre: Rayo; {REST}"')


# --- autocomplete at the bound --------------------------------------------------------------


async def test_cast_power_suggests_definitions_by_a_word_start_at_the_bound(
    table: OfflineTable,
) -> None:
    for i in range(POWER_DEFS_MAX):
        await must(table, f'@gm /power define text:"nombre: Rayo {i} / Bolt {i}; {REST}"')
    offered = await complete(table, "power", "gm", "cast power", "bolt 4")
    assert offered[:2] == [("Rayo 4 / Bolt 4", "Rayo 4"), ("Rayo 40 / Bolt 40", "Rayo 40")]
    assert len(offered) == 11  # 4, 40..49
    assert await complete(table, "power", "gm", "cast power", "zz") == []
    assert len(await complete(table, "power", "gm", "cast power", "")) == 25


def test_the_readme_limits_table_names_these_bounds() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if "power definitions (`/power" in line)
    assert f"{POWER_DEFS_MAX} an encounter, {SERVER_DEFINITIONS_MAX:,} a server" in row, row


async def test_a_list_too_long_is_said_in_the_readers_words(
    table: OfflineTable, tmp_path: Path
) -> None:
    """A list or record in an import refusal is said by its size in the reader's
    language (it read «list of 15000» in Spanish, built by hand)."""
    data = await exported(table)
    data["encounter"]["state"]["power_defs"] = [definition(i) for i in range(1_500)]
    [text] = await import_into(table, tmp_path, table.channel_id + 1, data)
    assert "y hay «una lista de 1500 elementos»" in text, text
    assert "list of" not in text
