"""``/encounter export`` as a file within the interaction's ``attachment_size_limit``, and
reading it back for ``/encounter import``.

The document is ``{"encounter": <the encounter>, "log": [<the encounter's log rows>]}``
(``log_left_out``: how many of the oldest rows are missing, when some are). It is sent as
plain JSON when it fits; else gzip-compressed (``.json.gz``, which import reads as it is);
else compressed without the oldest log rows, as many as needed. The state is never cut:
an encounter whose state alone does not fit cannot be exported (the reply says so).
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError

GZIP_MAGIC = b"\x1f\x8b"
MAX_IMPORT_BYTES = 8 * 1024 * 1024  # the file as uploaded
MAX_IMPORT_JSON = 64 * 1024 * 1024  # the JSON inside a compressed file


@dataclass(frozen=True)
class Export:
    blob: bytes
    filename: str
    compressed: bool
    left_out: int  # oldest log rows not in the file


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
    """The smallest change that makes the file fit ``limit`` bytes (see the module)."""
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


def read_export(blob: bytes) -> Any:
    """The JSON of an exported file, compressed or not. Raises UserError when it is too
    big (a compressed file may hold at most 64 MiB of JSON) and ValueError when it is not
    JSON."""
    if blob[:2] == GZIP_MAGIC:
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            blob = inflate.decompress(blob, MAX_IMPORT_JSON)
        except zlib.error as exc:
            raise ValueError("not a gzip file") from exc
        if inflate.unconsumed_tail:
            raise UserError("encounter.import_too_big")
    return json.loads(blob)


def size_text(size: int) -> str:
    """10 MiB, 500 KiB: a file size as people read it."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.3g} MiB"
    return f"{max(1, round(size / 1024))} KiB"
