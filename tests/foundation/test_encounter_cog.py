"""/encounter and /undo through the real command tree."""

import json
from pathlib import Path

from bot.play.table import OfflineTable


async def test_start_posts_the_board_and_refuses_a_second(table: OfflineTable) -> None:
    messages = await table.run('@gm /encounter start name:"La cripta"')
    kinds = [m.kind for m in messages]
    assert kinds == ["reply", "channel"]
    assert "La cripta" in messages[1].embeds[0]["title"]
    [again] = await table.run("@gm /encounter start")
    assert again.ephemeral and "Ya hay un encuentro" in again.content
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and encounter.board_message_id == messages[1].message_id


async def test_only_the_gm_ends_it(table: OfflineTable) -> None:
    await table.run("@gm /encounter start system:ds20")
    [refusal] = await table.run("@ana /encounter end")
    assert refusal.ephemeral and "Solo el DJ" in refusal.content
    assert await table.bot.encounters.get(table.channel_id) is not None
    [ended] = await table.run("@gm /encounter end")
    assert "Fin del encuentro" in ended.embeds[0]["title"]
    assert await table.bot.encounters.get(table.channel_id) is None


async def test_export_then_import_restores_the_encounter(
    table: OfflineTable, tmp_path: Path
) -> None:
    await table.run('@gm /encounter start system:ritualhex name:"Ritual"')
    [export] = await table.run("@gm /encounter export")
    assert export.ephemeral
    filename, blob = table.recorder.files[-1]
    data = json.loads(blob)
    assert data["encounter"]["state"]["system"] == "ritualhex"
    await table.run("@gm /encounter end")
    path = tmp_path / filename
    path.write_bytes(blob)
    messages = await table.run(f"@gm /encounter import file:{path}")
    assert "Ritual" in messages[0].content
    restored = await table.bot.encounters.get(table.channel_id)
    assert restored is not None and restored.name == "Ritual" and restored.system == "ritualhex"


async def test_import_of_a_bad_file_changes_nothing(table: OfflineTable, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"nope": 1}')
    [reply] = await table.run(f"@gm /encounter import file:{bad}")
    assert reply.ephemeral and "no es un encuentro" in reply.content
    assert await table.bot.encounters.get(table.channel_id) is None


async def test_english_user_gets_english(table: OfflineTable) -> None:
    table.locale = "en"
    [reply] = await table.run("@gm /encounter end")
    assert reply.content.startswith("There is no encounter")
