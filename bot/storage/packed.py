"""Encounter states as SQLite keeps them: zlib-compressed UTF-8 JSON (level 3), as BLOBs.

A SWADE state with a dozen combatants is about 34 KB of JSON and 3 KB packed. Every
action writes the new state and keeps the one before it for ``/undo``; unpacked, the bot
wrote 68-72 KB to disk per command (WAL and checkpoint, overflow pages: 1.8 GB over 90 s
at 200 commands/s); packed, 23-26 KB (``python -m bench.e2e``, "disk KB written per
command"), and a state fits on one 4 KiB page (issue 32: new files have 1 KiB pages,
where it takes a leaf and two or three overflow pages; docs/STORAGE.md, "What an action
writes"). ``zlib`` lets go of the GIL while it compresses, so the writer thread packs
without holding up the event loop.

Rows written before packing hold the JSON as text; :func:`unpack` reads both.
"""

from __future__ import annotations

import zlib

# Level 3: a 39 KB SWADE state in 3.1 KB, 8% less than level 1 in the same time (about
# 0.1 ms here); level 6 saves 23% but took an attack 0.1-0.4 ms more (bench.storage).
LEVEL = 3


def pack(text: str) -> bytes:
    """The JSON ``text`` as stored."""
    return zlib.compress(text.encode(), LEVEL)


def unpack(value: bytes | str) -> str:
    """The JSON text of a stored state (packed, or plain text from an older row)."""
    return zlib.decompress(value).decode() if isinstance(value, bytes) else value
