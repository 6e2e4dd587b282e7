"""Issue 32: a copy's empty list or dict of records (an injury log) is a new empty one,
made without ``copy.deepcopy``; what the copy adds to it stays the copy's."""

from __future__ import annotations

from bot.systems.common import _plan, copied
from bot.systems.swade.state import SwadeCombatant


def test_an_empty_record_list_is_a_new_one() -> None:
    assert ("injury_log", "deep") in _plan(SwadeCombatant)[0]  # what this test is about
    c = SwadeCombatant(id="c1", name="A")
    mine = copied(c)
    assert mine.injury_log == [] and mine.injury_log is not c.injury_log
    mine.injury_log.append({"injury": "leg"})
    assert c.injury_log == [] and copied(c).injury_log == []


def test_a_record_list_with_records_is_still_copied_deep() -> None:
    c = SwadeCombatant(id="c1", name="A", injury_log=[{"injury": "leg"}])
    mine = copied(c)
    mine.injury_log[0]["injury"] = "arm"
    assert c.injury_log == [{"injury": "leg"}]
