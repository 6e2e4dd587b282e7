"""Issue 9 item 4: 50 attacks sent at once on one channel are each applied exactly once,
and replaying the log command by command, in log order, rebuilds the same final state;
on each engine (the replay runs on SQLite: both must reach the same state)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bench.e2e import EXTRA_BLOCK, PC_BLOCK
from bot.play.lines import parse_line
from bot.play.table import OfflineTable

SEED = 5
SETUP = [
    "@gm /encounter start system:swade",
    *(
        f'@gm /combatant add name:"PJ {i}" statblock:"{PC_BLOCK}" wildcard:true side:heroes'
        for i in range(1, 5)
    ),
    f'@gm /combatant add name:Goblin statblock:"{EXTRA_BLOCK}" count:8',
    "@gm /deal",
]


async def _setup(table: OfflineTable) -> int:
    for line in SETUP:
        await table.run(line)
    row = await table.bot.db.fetchone("SELECT MAX(id) FROM encounter_log")
    return row[0]


def on(database: str | Path, tmp_path: Path) -> OfflineTable:
    """The offline table on ``database`` (an SQLite file or a PostgreSQL URL)."""
    if isinstance(database, Path):
        return OfflineTable(db_path=database, seed=SEED)
    return OfflineTable(db_path=tmp_path / "unused.sqlite3", seed=SEED, database_url=database)


async def test_fifty_concurrent_attacks_apply_once_and_replay_to_the_same_state(
    database: str | Path, tmp_path: Path
) -> None:
    async with on(database, tmp_path) as table:
        last_setup_row = await _setup(table)
        before = await table.bot.encounters.get(table.channel_id)
        gm = table.user("gm")
        lines = [
            f'@gm /attack target:"Goblin {i % 8 + 1}" actor:"PJ {i % 4 + 1}"' for i in range(50)
        ]
        payloads = [table._command_payload(parse_line(line), gm) for line in lines]
        replies = await asyncio.gather(*(table.dispatch(p, gm) for p in payloads))
        assert all(r for r in replies), "every attack got an answer"

        rows = await table.bot.db.fetchall(
            "SELECT id, payload FROM encounter_log WHERE id > ? AND kind NOT IN ('roll') ORDER BY id",
            (last_setup_row,),
        )
        applied = [json.loads(r["payload"])["params"] for r in rows]
        refused = sum(1 for r in replies if r[0].ephemeral)
        assert len(applied) + refused == 50, "each attack was applied or refused, once"
        assert len(applied) >= 8, "most attacks went through"
        ids = ",".join(str(int(p["id"])) for p in payloads)
        processed = await table.bot.db.fetchone(
            f"SELECT COUNT(*) FROM processed_interactions WHERE interaction_id IN ({ids})"
        )
        assert processed[0] == len(applied), "one record per applied interaction, no more"
        final = await table.bot.encounters.get(table.channel_id)
        assert final is not None and before is not None
        assert final.seq == before.seq + len(applied)

    async with OfflineTable(db_path=tmp_path / "b.sqlite3", seed=SEED) as replay:
        await _setup(replay)
        for params in applied:
            answer = await replay.run_raw("gm", params["_command"], params["_options"])
            assert not answer[0].ephemeral, answer[0].text()
        rebuilt = await replay.bot.encounters.get(replay.channel_id)
        assert rebuilt is not None
        assert rebuilt.state.model_dump() == final.state.model_dump()
