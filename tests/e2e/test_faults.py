"""Faults injected by the Discord double against the real `comodin run` (issue 9 item 5):
rate limits on board edits and callbacks, a 500 on a callback, the gateway dropped
mid-fight, and kill -9 in the middle of a burst. Nothing is lost or applied twice."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from bot.storage.packed import unpack
from tests.e2e.conftest import BotProcess, launch, stop
from tests.fakediscord import FakeDiscord

RAT = "Aptitudes: Fortaleza 8, Destreza 9, Pelea 8, Acrobacia 8, Iniciativa 1 | Heridas: 1/1/1 | Armas: Mordisco 2/6 pelea"


async def _ready(fd: FakeDiscord, bot: BotProcess, count: int = 1) -> None:
    await bot.expect(fd.wait_ready(count=count, timeout=10), "IDENTIFY")
    await bot.expect(
        fd.wait_request("PUT", f"/applications/*/guilds/{fd.guild_id}/commands", count=count),
        "sync",
    )


async def _command(
    fd: FakeDiscord, bot: BotProcess, name: str, options: dict | None = None
) -> dict:
    iid = await fd.send_interaction(fd.slash(name, options))
    callback = await bot.expect(fd.wait_callback(iid, timeout=10), f"/{name}")
    return callback.data or {}


def _state(db: Path) -> dict:
    conn = sqlite3.connect(db)
    try:
        (state,) = conn.execute("SELECT state FROM encounters").fetchone()
        return json.loads(unpack(state))
    finally:
        conn.close()


def _applied_actions(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        (count,) = conn.execute(
            "SELECT COUNT(*) FROM encounter_log WHERE kind LIKE 'ds20.%'"
        ).fetchone()
        return count
    finally:
        conn.close()


def _board_text(fd: FakeDiscord, db: Path) -> str:
    """The board message as the double holds it now (its id is in the encounter)."""
    board_id = _state(db)["board_message_id"]
    board = next((m for m in fd.messages_in(fd.channel_id) if m["id"] == str(board_id)), None)
    return json.dumps(board["embeds"], ensure_ascii=False) if board else ""


async def test_rate_limited_board_edits_end_on_the_latest_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    bot = await launch(fd, tmp_path / "a.sqlite3", tmp_path / "a.log")
    try:
        await _ready(fd, bot)
        await _command(fd, bot, "encounter start", {"system": "ds20"})
        await bot.expect(
            fd.wait_request("POST", f"/channels/{fd.channel_id}/messages"), "the board"
        )
        fault = fd.inject(
            f"PATCH /channels/{fd.channel_id}/messages/*", 429, count=2, retry_after=0.3
        )
        assert "Rata" not in _board_text(fd, tmp_path / "a.sqlite3")
        callback_fault = fd.inject("POST /interactions/*/callback", 429, count=1, retry_after=0.2)
        for i in range(1, 4):
            await _command(fd, bot, "combatant add", {"name": f"Rata{i}", "statblock": RAT})
        await bot.expect(
            fd.wait_until(
                lambda: "Rata3" in _board_text(fd, tmp_path / "a.sqlite3"),
                timeout=15,
                what="the board showing the last rat",
            ),
            "the final board",
        )
        assert fault.hits == 2 and callback_fault.hits == 1
        assert [c["name"] for c in _state(tmp_path / "a.sqlite3")["state"]["combatants"]] == [
            "Rata1",
            "Rata2",
            "Rata3",
        ]
    finally:
        await stop(bot)


async def test_a_500_on_the_callback_is_retried_and_applied_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db = tmp_path / "b.sqlite3"
    bot = await launch(fd, db, tmp_path / "b.log")
    try:
        await _ready(fd, bot)
        await _command(fd, bot, "encounter start", {"system": "ds20"})
        fault = fd.inject("POST /interactions/*/callback", 500, count=1)
        data = await _command(fd, bot, "combatant add", {"name": "Rata", "statblock": RAT})
        assert fault.hits == 1
        assert "Rata" in json.dumps(data, ensure_ascii=False)
        assert len(_state(db)["state"]["combatants"]) == 1
        assert _applied_actions(db) == 1
    finally:
        await stop(bot)


async def test_gateway_dropped_mid_fight_applies_every_command_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db = tmp_path / "c.sqlite3"
    bot = await launch(fd, db, tmp_path / "c.log")
    try:
        await _ready(fd, bot)
        await _command(fd, bot, "encounter start", {"system": "ds20"})
        await _command(fd, bot, "combatant add", {"name": "Rata1", "statblock": RAT})
        await fd.drop_gateway(code=4000)
        # Sent while the socket is down: the double replays them after RESUME.
        pending = [
            await fd.send_interaction(
                fd.slash("combatant add", {"name": f"Rata{i}", "statblock": RAT})
            )
            for i in (2, 3)
        ]
        await bot.expect(fd.wait_resumed(timeout=10), "RESUME")
        for iid in pending:
            await bot.expect(fd.wait_callback(iid, timeout=10), "a replayed command")
        await _command(fd, bot, "combatant add", {"name": "Rata4", "statblock": RAT})
        names = [c["name"] for c in _state(db)["state"]["combatants"]]
        assert sorted(names) == ["Rata1", "Rata2", "Rata3", "Rata4"]
        assert _applied_actions(db) == 4
    finally:
        await stop(bot)


async def test_kill_during_a_burst_leaves_no_torn_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db = tmp_path / "d.sqlite3"
    log = tmp_path / "d.log"
    bot = await launch(fd, db, log)
    try:
        await _ready(fd, bot)
        await _command(fd, bot, "encounter start", {"system": "ds20"})
        ids = [
            await fd.send_interaction(
                fd.slash("combatant add", {"name": f"R{i}", "statblock": RAT})
            )
            for i in range(30)
        ]
        # Wait for four answers, not for the fourth command's: the burst does not keep
        # its order (a command whose encounter read hits the cache reaches the channel
        # lock before earlier ones still reading from the database), so "ids[3]
        # answered" does not mean four commands were applied. Four answers do: a
        # command is answered only after its transaction commits.
        for iid in ids[:4]:
            await bot.expect(fd.wait_callback(iid, timeout=10), "a few answers")
        await stop(bot, kill=True)
    finally:
        await stop(bot)
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    state = _state(db)
    applied = _applied_actions(db)
    assert 4 <= applied <= 30
    assert len(state["state"]["combatants"]) == applied, "state and log disagree: a torn write"

    bot = await launch(fd, db, log)
    try:
        await _ready(fd, bot, count=2)
        await _command(fd, bot, "combatant add", {"name": "Después", "statblock": RAT})
        assert len(_state(db)["state"]["combatants"]) == applied + 1
    finally:
        await stop(bot)
    await asyncio.sleep(0)
