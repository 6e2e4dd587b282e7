"""/encounter export within the interaction's ``attachment_size_limit`` (issue 15 item 4),
through the offline table, whose recorder refuses a file past that limit as Discord does."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from bot.play.table import OfflineTable

ORC = "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8"


async def _encounter_with_rolls(table: OfflineTable, rolls: int) -> None:
    await table.run('@gm /encounter start system:swade name:"Largo"')
    await table.run(f'@gm /combatant add name:Orco statblock:"{ORC}"')
    for _ in range(rolls):
        await table.run("@gm /roll expression:3d6+2 label:registro")


def _exported(table: OfflineTable) -> tuple[str, dict]:
    filename, blob = table.recorder.files[-1]
    raw = gzip.decompress(blob) if filename.endswith(".gz") else blob
    return filename, json.loads(raw)


async def test_a_small_export_is_plain_json(table: OfflineTable) -> None:
    await _encounter_with_rolls(table, 2)
    [reply] = await table.run("@gm /encounter export")
    assert reply.ephemeral and reply.content == "Aquí tienes el encuentro en JSON."
    filename, data = _exported(table)
    assert filename.endswith(".json") and "log_left_out" not in data


async def test_the_export_holds_only_this_encounters_log(table: OfflineTable) -> None:
    await _encounter_with_rolls(table, 3)
    await table.run("@gm /encounter end")
    await _encounter_with_rolls(table, 1)
    await table.run("@gm /encounter export")
    _, data = _exported(table)
    kinds = [row["kind"] for row in data["log"]]
    assert kinds[0] == "encounter.start" and kinds.count("encounter.start") == 1
    assert kinds.count("roll") == 1


async def test_an_export_past_the_limit_is_compressed(tmp_path: Path) -> None:
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3", seed=1, attachment_size_limit=12 * 1024
    ) as table:
        await _encounter_with_rolls(table, 30)
        [reply] = await table.run("@gm /encounter export")
        filename, data = _exported(table)
        assert filename.endswith(".json.gz")
        assert len(table.recorder.files[-1][1]) <= 12 * 1024
        assert "comprimido (gzip)" in reply.content and "12 KiB" in reply.content
        assert "log_left_out" not in data


async def test_an_export_still_too_big_leaves_out_the_oldest_log_and_says_how_many(
    tmp_path: Path,
) -> None:
    limit = 4 * 1024
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3", seed=1, attachment_size_limit=limit
    ) as table:
        await _encounter_with_rolls(table, 200)
        [reply] = await table.run("@gm /encounter export")
        filename, blob = table.recorder.files[-1]
        assert filename.endswith(".json.gz") and len(blob) <= limit
        _, data = _exported(table)
        left_out = data["log_left_out"]
        assert left_out > 0 and f"las {left_out} entradas más antiguas" in reply.content
        total = len(await table.bot.encounters.encounter_history(table.channel_id))
        assert len(data["log"]) + left_out == total
        assert data["log"][-1]["kind"] == "roll", "the newest rows are the ones kept"
        # The compressed file imports as it is.
        await table.run("@gm /encounter end")
        path = tmp_path / filename
        path.write_bytes(blob)
        imported, *_board = await table.run(f"@gm /encounter import file:{path}")
        assert "Largo" in imported.content and not imported.ephemeral


async def test_a_state_that_cannot_fit_is_refused_with_the_limit(tmp_path: Path) -> None:
    async with OfflineTable(
        db_path=tmp_path / "x.sqlite3", seed=1, attachment_size_limit=300
    ) as table:
        await _encounter_with_rolls(table, 0)
        [reply] = await table.run("@gm /encounter export")
        assert reply.ephemeral and "no se puede exportar" in reply.content
        assert "1 KiB" in reply.content or "300" in reply.content
        assert table.recorder.files == []
