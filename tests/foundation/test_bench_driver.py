"""The end-to-end bench sends only legal attacks (bench.driver): it follows each channel's
turn from the bot's replies, and asks the combatant whose turn it is, once (SW-36)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bench import floor
from bench.driver import Table
from bot.app import ComodinBot
from bot.play.table import OfflineTable


def test_the_turn_is_read_from_the_announcement() -> None:
    table = Table()
    table.heard({"content": "▶ Turno de **PJ 1**. A continuación: Goblin."})
    assert table.turn == "PJ 1"
    table.heard({"content": "▶ **Goblin**'s turn."})
    assert table.turn == "Goblin"


def test_the_turn_is_read_from_the_result_when_nothing_is_announced() -> None:
    table = Table()
    table.heard({"embeds": [{"description": "Ronda 2.\nTurno de PJ 3 (10♦)."}]})
    assert table.turn == "PJ 3"
    table.heard({"embeds": [{"description": "Round 2.\nPJ 4's turn (Joker)."}]})
    assert table.turn == "PJ 4"
    table.heard({"embeds": [{"description": "PJ 4 ataca a Goblin 1: 3 contra 5."}]})
    assert table.turn == "PJ 4"  # a result that starts no turn changes nothing


def test_a_character_attacks_once_in_its_turn() -> None:
    rng = random.Random(1)
    table = Table(turn="PJ 2")
    attacker, target = table.attack(rng, extras=8) or ("", "")
    assert attacker == "PJ 2"
    assert target.startswith("Goblin ")
    table.acted.add(attacker)
    assert table.attack(rng, extras=8) is None  # SW-36: a second attack needs a declaration
    table.heard({"content": "▶ Turno de **Goblin**."})
    assert table.acted == set()


def test_each_extra_of_the_group_attacks_once_in_the_groups_turn() -> None:
    rng = random.Random(2)
    table = Table(turn="Goblin")
    seen = set()
    while (picked := table.attack(rng, extras=3)) is not None:
        attacker, target = picked
        assert target.startswith("PJ ")
        seen.add(attacker)
        table.acted.add(attacker)
    assert seen == {"Goblin 1", "Goblin 2", "Goblin 3"}


def test_no_attack_while_a_turn_command_is_in_flight_or_nobody_can() -> None:
    rng = random.Random(3)
    assert Table(turn="PJ 1", busy=True).attack(rng, extras=8) is None
    assert Table(turn=None).attack(rng, extras=8) is None
    assert Table(turn="PJ 1", out={"PJ 1"}).attack(rng, extras=8) is None
    fallen = {f"Goblin {i}" for i in range(1, 9)}
    assert Table(turn="PJ 1", fallen=fallen).attack(rng, extras=8) is None


async def test_the_floor_attack_parses_attack_writes_once_and_answers_one_embed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/floor.py (issue 32): the real tree parses /attack's options and the floor
    body answers it, with one write of its rows, and no reply the bench reads as a turn."""
    monkeypatch.setattr(ComodinBot, "setup_hook", ComodinBot.setup_hook)  # undone after
    floor.install()
    db_path = tmp_path / "floor.sqlite3"
    async with OfflineTable(db_path=db_path, seed=1) as table:
        [reply] = await table.run('@ana /atacar objetivo:"Goblin 3" quien:"PJ 1" modificador:-2')
    assert not reply.ephemeral
    [embed] = reply.embeds
    assert embed["description"].startswith("**PJ 1** attacks **Goblin 3**.")
    assert len(embed["description"]) == floor.DESCRIPTION_CHARS
    heard = Table(turn="PJ 1")
    heard.heard({"embeds": reply.embeds})
    assert heard.turn == "PJ 1"
    with sqlite3.connect(db_path) as conn:
        [(payload,)] = conn.execute("SELECT payload FROM floor_log").fetchall()
        [(state,)] = conn.execute("SELECT state FROM floor_state").fetchall()
        [(undo,)] = conn.execute("SELECT state FROM floor_undo").fetchall()
        marked = conn.execute("SELECT COUNT(*) FROM processed_interactions").fetchone()[0]
    assert "'modifier': -2" in payload  # the option, transformed by discord.py
    assert (len(payload), len(state), len(undo)) == (
        floor.LOG_BYTES,
        floor.STATE_BYTES,
        floor.UNDO_BYTES,
    )
    assert marked == 1
