"""The log payload's JSON (``bot.encounter.records.dumps``): orjson, with the standard library for
what orjson refuses; the values read back are the same either way."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from bot.encounter.records import dumps as _dumps
from bot.encounter.records import events_json
from bot.systems.base import Event


def test_the_payload_reads_back_as_the_standard_library_would_write_it() -> None:
    payload = {
        "params": {"target": "Goblin «1» 🎲", "modifier": -2, "flags": None, "wild": True},
        "seed": "12:7",
        "events": [{"key": "swade.combat.attack.roll", "params": {"tn_parts": [["x", 5]]}}],
        "at": datetime(2026, 11, 22, tzinfo=UTC),  # not JSON: written as its str()
        "by_id": {3: "c3"},  # a non-string key becomes a string, as json.dumps does
    }
    expected = json.loads(json.dumps(payload, ensure_ascii=False, default=str))
    assert json.loads(_dumps(payload)) == expected
    assert "🎲" in _dumps(payload)  # not escaped


def test_an_integer_orjson_refuses_still_makes_valid_json() -> None:
    huge = {"params": {"modifier": 10**30, "minus": -(10**25)}}
    assert json.loads(_dumps(huge)) == huge


def _payload_with(events: list[Event]) -> dict[str, Any]:
    return {"params": {"actor": "Ana"}, "seed": "1:2", "events": events, "summary": ""}


TRICKY = [
    Event(key="swade.combat.attack.roll", params={"tn_parts": [("x", 5)], "r": 1.5}),
    Event(key="x", params={"by_id": {3: "c3"}, "name": "Goblin «1» 🎲", "none": None}),
    Event(key="x", params={"nested": {"a": [True, False, {"b": -0.25}]}}, dice={"kind": "k"}),
    Event(key="x", params={"big": 10**30, "minus": -(10**25)}),
    Event(key="x", params={"inf": float("inf"), "set": ("a",)}),
]


def test_events_json_is_the_value_of_each_events_json_dump() -> None:
    """Issue 32: the log keeps an action's events as each event's own serializer writes
    them; the value read back is the one ``model_dump(mode="json")`` gave, also when the
    standard library writes the payload (an integer orjson refuses)."""
    for events in ([], TRICKY[:1], TRICKY[:3], TRICKY):
        made = json.loads(_dumps(_payload_with(events_json(events))))  # type: ignore[arg-type]
        dumped = [e.model_dump(mode="json") for e in events]
        assert made == json.loads(json.dumps(_payload_with(dumped), default=str))  # type: ignore[arg-type]
    assert "🎲" in _dumps(_payload_with(events_json(TRICKY[1:2])))  # type: ignore[arg-type]


def test_json_made_before_reads_as_its_value_when_the_standard_library_writes() -> None:
    huge = {"params": {"modifier": 10**30}, "events": events_json(TRICKY[:2])}
    assert json.loads(_dumps(huge)) == {
        "params": {"modifier": 10**30},
        "events": [e.model_dump(mode="json") for e in TRICKY[:2]],
    }


class _Word(StrEnum):
    HIT = "hit"


PLAIN_AND_NOT = [
    *TRICKY,
    Event(key="x", params={"word": _Word.HIT, _Word.HIT: "key"}),
    Event(key="x", params={"when": datetime(2026, 11, 28, tzinfo=UTC), "bytes": b"a"}),
    Event(key="x", params={"floats": [0.1, 2 / 3, 1e16, 1e-7, -0.0, 1e22, 123456.789]}),
    Event.model_construct(key="x", params={"set": {1}, "frozen": frozenset({"a"})}),
    Event(key="x", params={"escapes": '"\\\x1f\u2028\n\tü'}),
]


def test_events_json_is_the_bytes_of_each_event_s_serializer() -> None:
    """Issue 32: events whose parameters are plain JSON go through orjson at once, the
    rest through pydantic; either way the log keeps the very bytes each event's own
    serializer writes (stored logs are compared byte for byte: tests/table)."""
    for n in range(len(PLAIN_AND_NOT)):
        for events in ([PLAIN_AND_NOT[n]], PLAIN_AND_NOT[: n + 1]):
            pydantic = [e.__pydantic_serializer__.to_json(e, warnings=False) for e in events]
            assert events_json(events).json == b"[" + b",".join(pydantic) + b"]", events
