"""DS-6, DS-8, DS-9: wound levels, accumulation, health states, penalties. No dice."""

from __future__ import annotations

import pytest

from bot.systems.ds20.wounds import (
    can_run,
    mark_fatigue,
    movement_m,
    record_wound,
    wound_boxes,
    wound_level,
    wound_penalty,
)
from tests.systems.ds20.helpers import fresh


@pytest.mark.parametrize(
    ("damage", "levels"),
    [
        (0, ["R"]),
        (4, ["R"]),
        (5, ["HL"]),
        (9, ["HL"]),
        (10, ["HG"]),
        (19, ["HG"]),
        (20, ["HG", "HG"]),
        (30, ["HG", "HG", "HG"]),
    ],
)
def test_ds6_seed_example_mhl5_mhg10(damage: int, levels: list[str]) -> None:
    assert wound_level(damage, 5, 10) == levels


def test_ds8_fifth_scratch_records_an_hl() -> None:
    c = fresh()
    for _ in range(4):
        record_wound(c, "R")
    assert (c.wounds.r, c.wounds.hl) == (4, 0)
    events = record_wound(c, "R")
    assert (c.wounds.r, c.wounds.hl, c.wounds.hg) == (4, 1, 0)
    assert events[0].params["landed"] == "HL"
    assert c.health == "ok"


def test_ds8_full_hl_and_hg_plus_one_hl_is_agony() -> None:
    c = fresh()
    c.wounds.hl, c.wounds.hg, c.health = 3, 3, "grave"
    events = record_wound(c, "HL")
    assert c.health == "agony"
    assert "ds20.health.agony" in [e.key for e in events]


def test_ds8_eleven_scratches_bring_a_fresh_character_to_agony() -> None:
    c = fresh()
    for _ in range(10):
        record_wound(c, "R")
    assert (c.wounds.r, c.wounds.hl, c.wounds.hg) == (4, 3, 3)
    assert c.health == "grave"
    record_wound(c, "R")
    assert c.health == "agony"


def test_ds8_first_hg_is_grave() -> None:
    c = fresh()
    events = record_wound(c, "HG")
    assert c.health == "grave"
    assert [e.key for e in events] == ["ds20.wound", "ds20.health.grave"]


def test_ds8_hl_in_agony_marks_two_fatigue() -> None:
    c = fresh()
    c.health = "agony"
    c.wounds.hg = 3
    record_wound(c, "HL")
    assert c.wounds.hl == 1
    assert c.fatigue == 2
    assert c.health == "agony"


def test_ds8_hg_in_agony_kills() -> None:
    c = fresh()
    c.health, c.wounds.hg = "agony", 3
    events = record_wound(c, "HG")
    assert c.health == "dead"
    assert events[-1].key == "ds20.death"


def test_ds12_scratch_finding_full_boxes_in_agony_marks_two_fatigue_and_does_not_kill() -> None:
    # Issue 17 / DS-12: in Agonía the level as dealt decides, with no promotion up full
    # boxes. (Before DS-12 this test said the R passed up to an HG and killed.)
    c = fresh()
    c.health = "agony"
    c.wounds.r, c.wounds.hl, c.wounds.hg = 4, 3, 3
    events = record_wound(c, "R")
    assert c.health == "agony"
    assert c.fatigue == 2
    assert (c.wounds.r, c.wounds.hl) == (4, 3)
    assert [e.key for e in events] == ["ds20.wound_agony_full", "ds20.fatigue"]


def test_ds12_an_hl_in_agony_with_its_boxes_full_marks_two_fatigue_instead_of_killing() -> None:
    c = fresh()
    c.health = "agony"
    c.wounds.hl, c.wounds.hg = 3, 3
    record_wound(c, "HL")
    assert c.health == "agony"
    assert c.fatigue == 2


def test_ds12_a_scratch_with_a_free_box_in_agony_is_only_recorded() -> None:
    c = fresh()
    c.health, c.wounds.hg = "agony", 3
    record_wound(c, "R")
    assert (c.wounds.r, c.fatigue, c.health) == (1, 0, "agony")


def test_ds12_the_third_fatigue_point_of_a_treated_grave_character_does_not_kill() -> None:
    c = fresh()
    c.health, c.fatigue, c.treated = "grave", 2, True
    events = mark_fatigue(c, 1)
    assert c.fatigue == 3
    assert c.health == "grave"
    assert [e.key for e in events] == ["ds20.fatigue"]


def test_ds8_third_fatigue_point_while_grave_is_death() -> None:
    c = fresh()
    c.health, c.fatigue = "grave", 2
    events = mark_fatigue(c, 1)
    assert c.health == "dead"
    assert [e.key for e in events] == ["ds20.fatigue", "ds20.death"]


def test_ds8_third_fatigue_point_while_healthy_is_not_death() -> None:
    c = fresh()
    c.fatigue = 2
    mark_fatigue(c, 1)
    assert c.fatigue == 3
    assert c.health == "ok"


def test_ds9_wound_penalties_by_worst_wound() -> None:
    c = fresh()
    assert wound_penalty(c) == 0
    c.wounds.r = 2
    assert wound_penalty(c) == 0
    c.wounds.hl = 1
    assert (wound_penalty(c), wound_penalty(c, firearm=True)) == (1, 0)
    c.wounds.hg = 1
    assert (wound_penalty(c), wound_penalty(c, firearm=True)) == (2, 1)
    c.enduring_pain = True
    assert wound_penalty(c) == 0


def test_ds9_a_character_with_an_hg_cannot_run() -> None:
    c = fresh()
    c.wounds.hl = 3
    assert can_run(c)
    c.wounds.hg = 1
    assert not can_run(c)


def test_ds4_movement_is_half_destreza_rounded_up() -> None:
    c = fresh()  # Destreza 11
    assert movement_m(c) == 6
    assert movement_m(c, difficult=True) == 3


def test_board_wound_boxes() -> None:
    c = fresh()
    c.wounds.r, c.wounds.hl = 2, 1
    assert wound_boxes(c) == "R ▮▮▯▯ · HL ▮▯▯ · HG ▯▯▯"
