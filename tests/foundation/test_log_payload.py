"""The log payload's JSON (``bot.encounter.records.dumps``): orjson, with the standard library for
what orjson refuses; the values read back are the same either way."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.encounter.records import dumps as _dumps


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
