"""Issue 21, privacy: /encounter export holds the current encounter's state and its own
log, never a seed; an imported encounter gets a new seed, so a re-imported file does not
replay (nor let anyone predict) the original's next rolls. Private rolls are for their
roller and the GM: one made before the encounter (a previous fight's) is not in the file
of a member who starts the next one."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeState
from tests.table.swade.encounter_helpers import GOBLIN, JEFE, must

OTHER_CHANNEL = 1_100_000_000_000_000_778


async def _exported(table: OfflineTable, user: str = "gm") -> dict[str, Any]:
    [reply] = await table.run(f"@{user} /encounter export")
    assert reply.ephemeral and table.recorder.files, reply.text()
    filename, blob = table.recorder.files[-1]
    return json.loads(gzip.decompress(blob) if filename.endswith(".gz") else blob)


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


async def _fight(table: OfflineTable) -> None:
    await must(table, "@gm /encounter start name:Cripta")
    await must(table, f'@gm /combatant add name:Goblin count:2 statblock:"{GOBLIN}"')
    await must(table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"')


async def test_the_export_holds_no_seed(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", seed=1) as table:
        await _fight(table)
        await must(table, "@gm /deal")
        await table.run("@gm /roll expression:3d6")
        data = await _exported(table)
        assert "seed" not in _keys(data)
        assert any(row["kind"] == "swade.deal" for row in data["log"])


async def test_a_reimported_export_does_not_replay_the_originals_next_rolls(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", seed=1) as table:
        await _fight(table)
        data = await _exported(table)
        path = tmp_path / "copy.json"
        path.write_text(json.dumps(data))
        original = await table.bot.encounters.get(table.channel_id)
        table.channel_id = OTHER_CHANNEL
        await must(table, f"@gm /encounter import file:{path}")
        copy = await table.bot.encounters.get(OTHER_CHANNEL)
        assert copy.seed != original.seed and copy.seq == original.seq
        await must(table, "@gm /deal")
        table.channel_id = original.channel_id
        await must(table, "@gm /deal")

        async def cards(channel: int) -> list[tuple[int, str]]:
            encounter = await table.bot.encounters.get(channel)
            assert isinstance(encounter.state, SwadeState)
            return [(c.card.rank, c.card.suit) for c in encounter.state.combatants if c.card]

        assert await cards(OTHER_CHANNEL) != await cards(original.channel_id)


async def test_a_new_encounter_does_not_export_the_previous_ones_private_rolls(
    tmp_path: Path,
) -> None:
    """@bob, a plain member, starts an encounter where the last fight was: his file has
    none of that fight's log, @ana's private roll included."""
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", seed=1) as table:
        await _fight(table)
        [secret] = await table.run("@ana /roll expression:7d6 label:secreto private:true")
        assert secret.ephemeral
        await must(table, "@gm /encounter end")
        await must(table, "@bob /encounter start name:Otra")
        data = await _exported(table, "bob")
        text = json.dumps(data)
        assert "secreto" not in text and "7d6" not in text and "Cripta" not in text
        assert [row["kind"] for row in data["log"]] == ["encounter.start"]


async def test_a_private_roll_is_seen_by_its_roller_and_in_the_gms_file_only(
    tmp_path: Path,
) -> None:
    """Issue 21: a private roll is for its roller and the GM. Only @ana sees the reply,
    nothing reaches the channel; the GM's export has it, marked private, and no seed;
    another member cannot export."""
    async with OfflineTable(db_path=tmp_path / "p.sqlite3", seed=1) as table:
        await _fight(table)
        sent = await table.run("@ana /roll expression:7d6 label:secreto private:true")
        assert [(m.user, m.ephemeral) for m in sent] == [("ana", True)]
        sent = await table.run("@ana /roll expression:s8 label:oculto private:true")
        assert [(m.user, m.ephemeral) for m in sent] == [("ana", True)]
        refused = await table.run("@bob /encounter export")
        assert (
            len(refused) == 1 and refused[0].ephemeral and not refused[0].payload.get("attachments")
        )
        rolls = [row for row in (await _exported(table))["log"] if row["kind"] == "roll"]
        assert [(r["payload"]["expression"], r["payload"].get("private")) for r in rolls] == [
            ("7d6", True),
            ("s8", True),
        ]
        assert all("seed" not in r["payload"] for r in rolls)
