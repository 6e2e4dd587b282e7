"""``/encounter export`` as a file within the interaction's ``attachment_size_limit``, and
reading it back for ``/encounter import``.

The document is ``{"encounter": <the encounter>, "log": [<the encounter's log rows>]}``
(``log_left_out``: how many of the oldest rows are missing, when some are). It is sent as
plain JSON when it fits; else gzip-compressed (``.json.gz``, which import reads as it is);
else compressed without the oldest log rows, as many as needed. The state is never cut:
an encounter whose state alone does not fit cannot be exported (the reply says so).

Issue 21, privacy: the file holds the current encounter and its own log (the rows since
it started or was imported: ``EncounterService.encounter_history``), and no seed: the
encounter's ``seed`` is left out, and so is every ``seed`` in the log rows (the
encounter's would predict its next rolls). Export is the GM's, and a private roll made
in the channel during the encounter is in it (private rolls are for their roller and the
GM); rolls from before the encounter, a previous fight's included, are not. An import
gets a new seed (``EncounterService.replace``), so a re-imported file never replays the
original's next rolls.

Issue 21, integrity: :func:`read_encounter` reads only the encounter (the log beside it
is for people), within ``STATE_JSON_MAX`` bytes and ``JSON_DEPTH_MAX`` levels, and refuses
it with ONE message naming the first problem: its path in the file and what was expected
(pydantic's types, then :mod:`bot.systems.integrity`'s meaning).
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.errors import UserError
from bot.systems.bounds import (
    JSON_DEPTH_MAX,
    LIST_MAX,
    STATE_JSON_MAX,
    pydantic_expected,
    said,
    shown,
)
from bot.systems.encounter import Encounter
from bot.systems.integrity import first_problem

GZIP_MAGIC = b"\x1f\x8b"
MAX_IMPORT_BYTES = 8 * 1024 * 1024  # the file as uploaded


@dataclass(frozen=True)
class Export:
    blob: bytes
    filename: str
    compressed: bool
    left_out: int  # oldest log rows not in the file


def _without_seeds(value: Any) -> Any:
    """``value`` with every ``seed`` key left out, at any depth."""
    if isinstance(value, dict):
        return {k: _without_seeds(v) for k, v in value.items() if k != "seed"}
    if isinstance(value, list):
        return [_without_seeds(v) for v in value]
    return value


def _encode(encounter: dict[str, Any], rows: list[dict[str, Any]], left_out: int) -> bytes:
    document: dict[str, Any] = {"encounter": encounter, "log": rows}
    if left_out:
        document["log_left_out"] = left_out
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


def _compress(blob: bytes) -> bytes:
    return gzip.compress(blob, compresslevel=9, mtime=0)


def fit_export(
    encounter: dict[str, Any], rows: list[dict[str, Any]], limit: int, stem: str
) -> Export:
    """The smallest change that makes the file fit ``limit`` bytes (see the module), with
    no seed in it."""
    encounter = {k: v for k, v in encounter.items() if k != "seed"}
    rows = _without_seeds(rows)
    plain = _encode(encounter, rows, 0)
    if len(plain) <= limit:
        return Export(plain, f"{stem}.json", False, 0)
    packed = _compress(plain)
    if len(packed) <= limit:
        return Export(packed, f"{stem}.json.gz", True, 0)

    def packed_with(kept: int) -> bytes:
        left_out = len(rows) - kept
        return _compress(_encode(encounter, rows[left_out:], left_out))

    if len(packed_with(0)) > limit:
        raise UserError("encounter.export_too_big", limit=size_text(limit))
    low, high = 0, len(rows)  # the most rows that fit lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        if len(packed_with(middle)) <= limit:
            low = middle
        else:
            high = middle
    return Export(packed_with(low), f"{stem}.json.gz", True, len(rows) - low)


_ENCOUNTER_FIRST = re.compile(rb'\s*\{\s*"encounter"\s*:')


def _inflated_head(blob: bytes, limit: int) -> bytes:
    """The first ``limit`` bytes of the file's JSON (gzip inflated as far as needed)."""
    if blob[:2] != GZIP_MAGIC:
        return blob[:limit]
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        return inflate.decompress(blob, limit)
    except zlib.error as exc:
        raise UserError("encounter.import_bad") from exc


def _encounter_data(blob: bytes) -> Any:
    """The encounter's JSON, parsed: from an export's ``{"encounter": ...}`` (read alone,
    the log after it untouched), or a file that is only an encounter."""
    head = _inflated_head(blob, STATE_JSON_MAX + 1)
    text = head.decode("utf-8", errors="replace")
    try:
        start = _ENCOUNTER_FIRST.match(head)
        if start is not None:
            at = len(head[: start.end()].decode())
            while text[at : at + 1].isspace():
                at += 1
            return json.JSONDecoder().raw_decode(text, at)[0]
        if len(head) > STATE_JSON_MAX:
            raise UserError("encounter.import_state_too_big", limit=size_text(STATE_JSON_MAX))
        return json.loads(text)
    except RecursionError:
        raise UserError("encounter.import_too_deep", max=JSON_DEPTH_MAX) from None
    except ValueError:
        if len(head) > STATE_JSON_MAX:
            raise UserError(
                "encounter.import_state_too_big", limit=size_text(STATE_JSON_MAX)
            ) from None
        raise UserError("encounter.import_bad") from None


def _shape(data: Any) -> tuple[int, str | None]:
    """How deep ``data`` nests, and the path of a list longer than any a state holds
    (:data:`LIST_MAX`: issue 28, 19,000 power definitions cost the event loop 116 ms
    to validate, to be refused after). Walked iteratively: a hostile file cannot
    overflow the stack."""
    deepest, stack = 0, [(data, 1, "")]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, dict):
            deepest = max(deepest, depth)
            stack.extend(
                (child, depth + 1, f"{path}.{key}" if path else str(key))
                for key, child in value.items()
            )
        elif isinstance(value, list):
            deepest = max(deepest, depth)
            if len(value) > LIST_MAX:
                return deepest, path
            stack.extend((child, depth + 1, f"{path}[{i}]") for i, child in enumerate(value))
    return deepest, None


def _path(loc: tuple[Any, ...], system: Any) -> str:
    """pydantic's location as the file's path: ``state.combatants[2].parry``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "[" in str(part) or "(" in str(part):
            continue  # a union member's label ("tagged-union[...]"), not a field
        elif part == system and out == "state":
            continue  # the union's tag: the state's own system
        else:
            out += f".{part}" if out else str(part)
    return out or "encounter"


def read_encounter(blob: bytes) -> Encounter:
    """The encounter of an exported file (plain or gzip), validated (module docstring).
    Raises UserError naming the first problem; never anything else for bad input."""
    data = _encounter_data(blob)
    if isinstance(data, dict):
        data = data.get("encounter", data)
    depth, long_list = _shape(data)
    if depth > JSON_DEPTH_MAX:
        raise UserError("encounter.import_too_deep", max=JSON_DEPTH_MAX)
    if long_list is not None:
        raise UserError(
            "encounter.import_invalid",
            path=long_list,
            expected=f"≤ {LIST_MAX}",
            value=said(shown(_at(data, long_list))),
        )
    if not isinstance(data, dict) or "state" not in data:
        raise UserError("encounter.import_bad")
    try:
        encounter = Encounter.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        state = data["state"]
        system = state.get("system") if isinstance(state, dict) else None
        raise UserError(
            "encounter.import_invalid",
            path=_path(tuple(error["loc"]), system),
            expected=pydantic_expected(error),
            value=said(shown(error.get("input"))),
        ) from None
    except (RecursionError, AttributeError, TypeError):
        raise UserError("encounter.import_bad") from None
    problem = first_problem(encounter)
    if problem is not None:
        raise UserError(
            "encounter.import_invalid",
            path=problem.path,
            expected=problem.expected,
            value=said(problem.found),
        )
    return encounter


def _at(data: Any, path: str) -> Any:
    """The value at ``path`` (``state.combatants[3].skills``) in ``data``."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    return data


def size_text(size: int) -> str:
    """10 MiB, 500 KiB: a file size as people read it."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.3g} MiB"
    return f"{max(1, round(size / 1024))} KiB"
