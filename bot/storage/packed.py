"""Encounter states as SQLite keeps them: zlib-compressed UTF-8 JSON (level 3), as BLOBs.

A SWADE state with a dozen combatants is about 34 KB of JSON and 3 KB packed. Every
action writes the new state and keeps the one before it for ``/undo``; unpacked, the bot
wrote 68-72 KB to disk per command (WAL and checkpoint, overflow pages: 1.8 GB over 90 s
at 200 commands/s); packed, 23-26 KB (``python -m bench.e2e``, "disk KB written per
command"), and a state fits on one 4 KiB page (issue 32: new files have 1 KiB pages,
where it takes a leaf and two or three overflow pages; docs/STORAGE.md, "What an action
writes"). ``zlib`` lets go of the GIL while it compresses, so the writer thread packs
without holding up the event loop.

The state before an action, kept for ``/undo``, is packed against the state after it
(:func:`pack_against`): zlib with the newer state as its preset dictionary, so what the
two share costs a few bytes (about 0.5 KB for an attack's, not 3 KB). It is read back
only with that same newer state (:func:`unpack_against`), byte for byte; zlib checks
both the dictionary (its Adler-32 is in the stream) and what it gives back, so a wrong
base is an error, never a wrong state.

Rows written before packing hold the JSON as text; :func:`unpack` reads both.
"""

from __future__ import annotations

import zlib

# Level 3: a 39 KB SWADE state in 3.1 KB, 8% less than level 1 in the same time (about
# 0.1 ms here); level 6 saves 23% but took an attack 0.1-0.4 ms more (bench.storage).
LEVEL = 3

# A state packed against another (pack_against): this mark, then for each CHUNK bytes of
# the state, its length (4 bytes) and a zlib stream whose dictionary is the other state's
# bytes around the same place (REACH either side). A deflate match reaches 32 KB back
# at most: CHUNK + REACH (20 KB) keeps the same place in the other state within reach,
# and a shift of up to REACH (a combatant added, a longer record) still matches. A packed
# state begins with zlib's header (0x78), a row from before packing is text: neither
# begins with this mark.
DELTA = b"\x00\x01"
CHUNK = 16384
REACH = 4096
DELTA_LEVEL = 9  # long matches end the search early: about as fast as level 3 here


def pack(text: str) -> bytes:
    """The JSON ``text`` as stored."""
    return zlib.compress(text.encode(), LEVEL)


def unpack(value: bytes | str) -> str:
    """The JSON text of a stored state (packed, or plain text from an older row)."""
    return zlib.decompress(value).decode() if isinstance(value, bytes) else value


def is_delta(value: bytes | str) -> bool:
    """Whether a stored state was packed against another (:func:`pack_against`)."""
    return isinstance(value, bytes) and value.startswith(DELTA)


def _dictionary(base: bytes, start: int) -> bytes:
    return base[max(0, start - REACH) : start + CHUNK + REACH]


def pack_against(text: str, base: str) -> bytes:
    """``text`` packed against ``base`` (the state after it): only :func:`unpack_against`
    with the same ``base`` reads it."""
    data, other = text.encode(), base.encode()
    parts = [DELTA]
    for start in range(0, len(data), CHUNK):
        zdict = _dictionary(other, start)
        packer = zlib.compressobj(DELTA_LEVEL, zdict=zdict) if zdict else zlib.compressobj()
        body = packer.compress(data[start : start + CHUNK]) + packer.flush()
        parts += [len(body).to_bytes(4, "big"), body]
    return b"".join(parts)


def unpack_against(value: bytes | str, base: str) -> str:
    """The JSON text of a stored undo state: packed against ``base``
    (:func:`pack_against`; ``zlib.error`` if ``base`` is not the one it was packed
    against), packed alone, or text from an older row."""
    if not is_delta(value):
        return unpack(value)
    assert isinstance(value, bytes)
    other, pieces = base.encode(), []
    at, start = len(DELTA), 0
    while at < len(value):
        size = int.from_bytes(value[at : at + 4], "big")
        zdict = _dictionary(other, start)
        unpacker = zlib.decompressobj(zdict=zdict) if zdict else zlib.decompressobj()
        piece = unpacker.decompress(value[at + 4 : at + 4 + size]) + unpacker.flush()
        if not unpacker.eof or len(piece) > CHUNK:
            raise zlib.error("a state packed against another is cut short")
        pieces.append(piece)
        at, start = at + 4 + size, start + CHUNK
    return b"".join(pieces).decode()
