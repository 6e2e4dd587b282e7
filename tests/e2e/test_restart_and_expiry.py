"""The real `comodin run` against the double: state survives a restart (on SQLite and on
PostgreSQL), and a reply to an expired interaction falls back to a channel message
(issue 9 item 5)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import launch, stop
from tests.fakediscord import FakeDiscord


async def test_encounter_survives_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path, database: str | Path
) -> None:
    fd = fake_discord
    db, log = tmp_path / "r.sqlite3", tmp_path / "r.log"
    url = database if isinstance(database, str) else None
    bot = await launch(fd, db, log, database_url=url)
    try:
        await bot.ready(fd)
        iid = await fd.send_interaction(
            fd.slash("encounter start", {"system": "ds20", "name": "Sótano"})
        )
        callback = await bot.expect(fd.wait_callback(iid, timeout=5), "the start reply")
        assert "Sótano" in callback.data["content"]
        await bot.expect(
            fd.wait_request("POST", f"/channels/{fd.channel_id}/messages"), "the board"
        )
    finally:
        await stop(bot)
    assert bot.process.returncode == 0, bot.log_tail()

    bot = await launch(fd, db, log, database_url=url)
    try:
        await bot.expect(fd.wait_ready(count=2, timeout=10), "the second IDENTIFY")
        iid = await fd.send_interaction(fd.slash("encounter start", {"system": "swade"}))
        callback = await bot.expect(fd.wait_callback(iid, timeout=5), "the refusal")
        assert "Ya hay un encuentro" in callback.data["content"], "the first encounter was lost"
    finally:
        await stop(bot)
    assert (url is None) == db.exists(), "the database was where COMODIN_DATABASE_URL said"


async def test_expired_interaction_falls_back_to_a_channel_message(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    bot = await launch(fd, tmp_path / "x.sqlite3", tmp_path / "x.log")
    try:
        await bot.ready(fd)
        await fd.send_interaction(fd.slash("encounter start", {"name": "Tarde"}), expired=True)
        await bot.expect(
            fd.wait_until(
                lambda: any("Tarde" in m.get("content", "") for m in fd.messages_in(fd.channel_id)),
                timeout=10,
                what="the result posted in the channel",
            ),
            "the fallback message",
        )
    finally:
        await stop(bot)
