"""What a change of an encounter leaves beside its state: which action it was
(:class:`ActionRef`, for the rows kept outside the state), what ``/undo`` undid
(:class:`Undone`) and its log row (:func:`log_row`, its payload's JSON made on the event
loop before the write)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from bot.storage.encounters import LogRow
from bot.systems.base import Event
from bot.systems.encounter import Encounter


def now_text() -> str:
    """The time a row is written, as stored (UTC ISO text, milliseconds)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class ActionRef:
    """Which encounter action a row kept outside the state belongs to (issue 28): the
    encounter's stable id (``encounter_ids``: never reused, unlike the channel, whose
    ``seq`` starts again with each encounter) and its ``seq`` before the action. None:
    an encounter saved before ids existed and not running when they came (no row of it
    is ever matched)."""

    encounter_id: int | None
    seq: int


@dataclass(frozen=True)
class Undone:
    """What ``/undo`` undid: its summary as stored (an event's JSON, or older rows' plain
    text: ``bot.systems.base.read_summary``), the action (the encounter it was applied to
    and its ``seq`` before it: what the undo snapshot keeps as ``version``) and the
    system."""

    summary: str
    action: ActionRef
    system: str


_ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


@dataclass(frozen=True, slots=True)
class Made:
    """JSON already made (:func:`events_json`), which :func:`dumps` writes as it is."""

    json: bytes


def dumps(payload: dict[str, Any]) -> str:
    """A log payload as JSON: orjson (several times faster; it was ~3% of an attack's
    time on the event loop), or the standard library for what orjson refuses (an
    integer past 64 bits from a hostile option, say). Both give the values
    ``json.dumps(payload, default=str)`` gives: dates and dataclasses go to ``str`` too;
    JSON already made (:class:`Made`) goes in as the value it is."""
    try:
        return orjson.dumps(payload, default=_fragment, option=_ORJSON_OPTIONS).decode()
    except TypeError:
        return json.dumps(payload, ensure_ascii=False, default=_standard)


def _fragment(value: Any) -> Any:
    """What orjson writes for a value it does not know: JSON already made as it is,
    anything else as ``str``."""
    if type(value) is Made:
        return orjson.Fragment(value.json)
    return str(value)


def _standard(value: Any) -> Any:
    """The same for the standard library: JSON already made as its value."""
    if type(value) is Made:
        return json.loads(value.json)
    return str(value)


# orjson takes only what JSON has by itself: anything else (a model, a date, a
# dataclass, a subclass of str or int, a key that is not a string, an integer past 64
# bits) raises, and pydantic serializes it as before.
PLAIN_ONLY = (
    orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def events_json(events: Sequence[Event]) -> Made:
    """An action's events as its log payload keeps them, as JSON made once: each event's
    own serializer writes it (issue 32: ``model_dump(mode="json")`` then :func:`dumps`
    took about ten times as long for an attack's events, whose parameters are untyped).
    The same JSON value as ``[e.model_dump(mode="json") for e in events]`` (the tests
    compare them after every action: :func:`bot.encounter.acting.apply`).

    Events whose parameters hold only what JSON has by itself (all of an attack's) go
    through orjson at once, the same bytes in a third of the time (issue 32: pydantic
    works out the type of each untyped value); any other, through pydantic."""
    if all(type(e) is Event and e.__pydantic_extra__ is None for e in events):
        try:
            return Made(
                # An Event's __dict__ is its fields, in order (its extras are elsewhere).
                orjson.dumps([e.__dict__ for e in events], option=PLAIN_ONLY)
            )
        except TypeError:
            pass
    parts = [e.__pydantic_serializer__.to_json(e) for e in events]
    return Made(b"[" + b",".join(parts) + b"]")


def log_row(
    encounter: Encounter, user_id: int, kind: str, payload: dict[str, Any], version: int | None
) -> LogRow:
    """An encounter_log row, made on the event loop (JSON and all) before the write."""
    return (
        now_text(),
        encounter.guild_id,
        encounter.channel_id,
        user_id,
        kind,
        version,
        dumps(payload),
    )


def history_rows(rows: Any) -> list[dict[str, Any]]:
    """Log rows (newest first, as read) as the export and ``/encounter`` show them:
    oldest first, their payloads parsed."""
    return [
        {
            "created_at": r["created_at"],
            "user_id": r["user_id"],
            "kind": r["kind"],
            "payload": json.loads(r["payload"]),
        }
        for r in reversed(rows)
    ]
