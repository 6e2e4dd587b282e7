"""Issue 32: a record's JSON is checked without writing every value's path (only a
problem's): each problem still names where it is, and the first found is the same."""

from __future__ import annotations

import math

from bot.systems.bounds import JSON_DEPTH_MAX, JSON_INT, first, json_problems


def _paths(value: object, *, nodes: int = 1000, text_limit: int = 10) -> list[str]:
    return [p.path for p in json_problems("rec", value, nodes=nodes, text_limit=text_limit)]


def test_each_problem_names_its_path() -> None:
    record = {
        "before": {"c1": {"name": "x" * 11, "notes": ["ok", {"deep": JSON_INT[1] + 1}]}},
        "roll": {"results": [1, math.nan], "view": {"x" * 11: True}},
    }
    assert sorted(_paths(record)) == [
        "rec.before.c1.name",
        "rec.before.c1.notes[1].deep",
        "rec.roll.results[1]",
        "rec.roll.view",
    ]


def test_the_first_problem_is_the_one_the_walk_meets_first() -> None:
    """The walk takes the last value first (a stack): the refusal names it."""
    found = first(json_problems("rec", {"a": "x" * 11, "b": ["y" * 11]}, nodes=99, text_limit=10))
    assert found is not None and found.path == "rec.b[0]"


def test_too_many_values_or_too_deep() -> None:
    assert _paths(list(range(10)), nodes=5) == ["rec"]
    deep: object = "leaf"
    for _ in range(JSON_DEPTH_MAX):
        deep = [deep]
    assert _paths(deep) == ["rec" + "[0]" * JSON_DEPTH_MAX]
    assert _paths({"a": [1, "ok", None, True, 2.5]}) == []
