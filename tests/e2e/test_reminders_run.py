"""Issue 27 with the real `comodin run` against the double: a reminder planned before a
restart is sent by the bot started after it, as soon as its shard connects, in the
channel, pinging only its owner; the other reminder of that wait, not yet due, is not.

No test waits for the delay (5 minutes at least): while the bot is stopped its due time
is moved into the past in the database, as if the time had passed meanwhile."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.e2e.conftest import launch, stop
from tests.fakediscord import FakeDiscord

GOBLIN = (
    "Goblin\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6\n"
    "Habilidades: Atletismo d6, Pelear d6, Notar d6"
)


def reminder_rows(db: Path) -> list[tuple[int, str | None]]:
    """Each reminder of the wait and when it was claimed (its claim is what keeps any
    process from sending it again; ``sent_at`` may trail the message)."""
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT nth, claimed_at FROM reminders ORDER BY nth").fetchall()


async def test_a_reminder_survives_a_restart_and_is_sent_once_by_the_shards_process(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db, log = tmp_path / "r.sqlite3", tmp_path / "r.log"
    bot = await launch(fd, db, log)
    try:
        await bot.ready(fd)
        steps = [
            ("encounter start", {"system": "swade", "name": "Cripta"}),
            ("combatant add", {"name": "Goblin", "count": 2, "statblock": GOBLIN}),
            ("encounter settings", {"setting": "reminders", "value": "5m"}),
            ("deal", None),  # the Goblins' turn (the GM's) waits from now
        ]
        for command, options in steps:
            iid = await fd.send_interaction(fd.slash(command, options))
            await bot.expect(fd.wait_callback(iid, timeout=5), f"/{command}")
    finally:
        await stop(bot)
    assert bot.process.returncode == 0, bot.log_tail()
    assert reminder_rows(db) == [(1, None), (2, None)]
    with sqlite3.connect(db) as conn:  # the five minutes pass while the bot is down
        conn.execute("UPDATE reminders SET due_at = '2000-01-01T00:00:00+00:00' WHERE nth = 1")

    def reminders_posted() -> list[dict[str, object]]:
        return [m for m in fd.messages_in(fd.channel_id) if str(m.get("content")).startswith("⏰")]

    bot = await launch(fd, db, log)
    try:
        await bot.expect(fd.wait_ready(count=2, timeout=10), "the second IDENTIFY")
        [posted] = await bot.expect(
            fd.wait_until(reminders_posted, timeout=10, what="the reminder"), "the reminder"
        )
    finally:
        await stop(bot)
    gm = str(fd.player["id"])
    text = json.dumps(posted, ensure_ascii=False)
    assert str(posted["content"]).startswith(f"⏰ <@{gm}>"), text
    assert "**Goblin**" in str(posted["content"]), text
    assert len(reminders_posted()) == 1
    sent = reminder_rows(db)
    assert sent[0][0] == 1 and sent[0][1] is not None and sent[1] == (2, None)
