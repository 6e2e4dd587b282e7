"""Two bots writing one channel at once on one database (issue 20 item 5): two offline
tables, each a whole bot with its own encounter service, cache, locks and connection
(or pool), as two processes sharing a PostgreSQL (or an SQLite file) would be. Attacks
sent to both at once: when one bot's copy is stale its write fails on the version
check and is retried on the fresh state, so every attack is applied once or refused,
none is lost, and replaying the log rebuilds the final state."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bot.i18n import t
from bot.play.lines import parse_line
from bot.play.table import OfflineTable
from tests.concurrency.test_attacks import SEED, _setup, on

ATTACKS = 40


async def test_two_bots_attacking_one_channel_lose_nothing_and_replay_to_the_same_state(
    database: str | Path, tmp_path: Path
) -> None:
    async with on(database, tmp_path) as first, on(database, tmp_path) as second:
        last_setup_row = await _setup(first)
        tables = [first, second]
        payloads = []
        for i in range(ATTACKS):
            table = tables[i % 2]
            line = parse_line(f'@gm /attack target:"Goblin {i % 8 + 1}" actor:"PJ {i % 4 + 1}"')
            assert line is not None
            payloads.append((table, table._command_payload(line, table.user("gm"))))
        before = [len(t.recorder.sent) for t in tables]
        await asyncio.gather(*(t.dispatch(p, t.user("gm")) for t, p in payloads))
        # Each table's replies during the burst (dispatches at once share the recorder).
        replies = [
            m
            for t, n in zip(tables, before, strict=True)
            for m in t.recorder.sent[n:]
            if m.kind == "reply"
        ]
        assert len(replies) == ATTACKS, "every attack got one answer"

        rows = await first.bot.db.fetchall(
            "SELECT payload, version FROM encounter_log WHERE id > ? AND kind NOT IN ('roll')"
            " ORDER BY id",
            (last_setup_row,),
        )
        applied = [json.loads(r["payload"])["params"] for r in rows]
        refused = sum(1 for m in replies if m.ephemeral)
        assert t("encounter.busy", "es") not in [m.content for m in replies], "none gave up"
        assert len(applied) + refused == ATTACKS, "each attack was applied or refused, once"
        assert len(applied) >= 8, "most attacks went through"
        versions = [r["version"] for r in rows]
        assert versions == list(range(versions[0], versions[0] + len(versions))), (
            "every write was made on the version before it: none overwrote another"
        )
        conflicts = first.bot.encounters.conflicts + second.bot.encounters.conflicts
        assert conflicts > 0, "a bot with a stale copy met the other's change and retried"
        ids = ",".join(str(int(p["id"])) for _, p in payloads)
        processed = await first.bot.db.fetchone(
            f"SELECT COUNT(*) FROM processed_interactions WHERE interaction_id IN ({ids})"
        )
        assert processed[0] == len(applied)
        first.bot.encounters.forget(first.channel_id)
        final = await first.bot.encounters.get(first.channel_id)
        assert final is not None

    async with OfflineTable(db_path=tmp_path / "replay.sqlite3", seed=SEED) as replay:
        await _setup(replay)
        for params in applied:
            answer = await replay.run_raw("gm", params["_command"], params["_options"])
            assert not answer[0].ephemeral, answer[0].text()
        rebuilt = await replay.bot.encounters.get(replay.channel_id)
        assert rebuilt is not None
        assert rebuilt.state.model_dump() == final.state.model_dump()
        assert rebuilt.seq == final.seq
