"""The real `comodin run` against the double: a Savage Worlds encounter survives a
restart, and the board's "next turn" button posted before it still works after it
(issue 4; the custom_id carries the channel, DynamicItem matches it after a restart)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage.packed import unpack
from tests.e2e.conftest import launch, stop
from tests.fakediscord import FakeDiscord

GOBLIN = (
    "Goblin\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6\n"
    "Habilidades: Atletismo d6, Pelear d6, Notar d6"
)
JEFE = (
    "Jefe orco\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\n"
    "Habilidades: Pelear d8\nBenis: 2"
)


def saved_state(db: Path, channel_id: int) -> dict[str, Any]:
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT state FROM encounters WHERE channel_id = ?", (channel_id,)
        ).fetchone()
    assert row is not None, "no encounter saved"
    return json.loads(unpack(row[0]))["state"]


def next_button(fd: FakeDiscord) -> tuple[str, int] | None:
    """The board's "next" button: (custom_id, message id), once the board shows it."""
    for message in fd.messages_in(fd.channel_id):
        for row in message.get("components") or []:
            for component in row.get("components", []):
                if str(component.get("custom_id", "")).startswith("cmd:b:next:"):
                    return component["custom_id"], int(message["id"])
    return None


async def test_the_board_button_works_after_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db, log = tmp_path / "s.sqlite3", tmp_path / "s.log"
    bot = await launch(fd, db, log)
    try:
        await bot.ready(fd)
        steps = [
            ("encounter start", {"system": "swade", "name": "Cripta"}, "Cripta"),
            ("combatant add", {"name": "Goblin", "count": 3, "statblock": GOBLIN}, "Goblin 3"),
            ("combatant add", {"name": "Jefe orco", "statblock": JEFE}, "Jefe orco"),
            ("deal", None, "Ronda 1"),
        ]
        for command, options, expected in steps:
            iid = await fd.send_interaction(fd.slash(command, options))
            callback = await bot.expect(fd.wait_callback(iid, timeout=5), f"/{command}")
            assert callback.data is not None
            assert expected in json.dumps(callback.data, ensure_ascii=False), callback.data
        found = await bot.expect(
            fd.wait_until(
                lambda: next_button(fd), timeout=10, what="the board with its next button"
            ),
            "the board",
        )
        assert found
    finally:
        await stop(bot)
    assert bot.process.returncode == 0, bot.log_tail()
    before = saved_state(db, fd.channel_id)
    assert before["round"] == 1 and before["active"] is not None
    custom_id, message_id = next_button(fd) or ("", 0)

    bot = await launch(fd, db, log)
    try:
        await bot.expect(fd.wait_ready(count=2, timeout=10), "the second IDENTIFY")
        iid = await fd.send_interaction(fd.press(custom_id, message_id))
        callback = await bot.expect(fd.wait_callback(iid, timeout=5), "the button's reply")
        assert "Siguiente turno" in json.dumps(callback.data, ensure_ascii=False)
    finally:
        await stop(bot)
    after = saved_state(db, fd.channel_id)
    assert after["round"] == 1
    assert after["active"] not in (None, before["active"]), "the turn did not advance"
    assert after["acted"] == [*before["acted"], after["active"]]
