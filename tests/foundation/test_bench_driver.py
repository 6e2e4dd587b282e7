"""The end-to-end bench sends only legal attacks (bench.driver): it follows each channel's
turn from the bot's replies, and asks the combatant whose turn it is, once (SW-36)."""

from __future__ import annotations

import random

from bench.driver import Table


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
