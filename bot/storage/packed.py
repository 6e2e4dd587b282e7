"""Encounter states as the database keeps them: UTF-8 JSON compressed with zstd (level
3, a preset dictionary), as BLOBs; rows written before that, zlib's or plain text, still
read.

Packed with a preset dictionary (:data:`DICTIONARY_FILE`, package data: three small
fights' states, one of each system, as the bot stored them): what every state shares
with them, its keys and the shape of its records, costs a few bytes. The dictionary
never changes: a row packed with it (either way, zstd's or zlib's) reads only with it.

Since issue 32's eighth round a state is a zstd frame (:data:`ZSTD`: the frame's magic
number; its content size and a checksum of the content in it) made with the dictionary
as raw content: a SWADE state of a dozen combatants in the middle of a fight, about 39
KB of JSON, packs in about 25 µs to 1.1 KB, where zlib at level 3 with the dictionary
(the format from the third round to the seventh, still read) took about 55 µs for 1.6
KB; padded, the encounter's row is 1.26 KB instead of 1.78 on average, a 512-byte
overflow page fewer, and so is its undo snapshot (docs/STORAGE.md has the table). Both compressors let go
of the GIL while they work, so the writer thread packs without holding up the event
loop. Any error reading a packed state, a cut or damaged frame included, is
``zlib.error``, as it was: what the callers catch.

A SWADE state with a dozen combatants is about 34 KB of JSON and 3 KB packed without a
dictionary. Every action writes the new state and keeps the one before it for
``/undo``; unpacked, the bot wrote 68-72 KB to disk per command (WAL and checkpoint,
overflow pages: 1.8 GB over 90 s at 200 commands/s); packed, 23-26 KB (``python -m
bench.e2e``, "disk KB written per command"), and a state fits on one 4 KiB page (issue
32: new files have smaller pages, where it takes a leaf and overflow pages;
docs/STORAGE.md, "What an action writes").

The state before an action, kept for ``/undo``, is since issue 32's sixth round the very
bytes the encounter's row held (:func:`pack`'s, no CPU of its own: packing it against the
state after it cost an action 0.12-0.15 ms, a tenth of an attack). From its second round
to then it was packed against the state after it (:func:`pack_against`, still read, and
what tests make an older bot's rows with): both are cut at each ``},{`` (between combatants, and between
the items of a list in one), and the state before is written as runs of the pieces it
shares with the state after (two numbers each) and, compressed, the few pieces the action
changed (zlib, with the pieces they replaced as its dictionary). An attack's snapshot is
about 0.3 KB and costs about 0.12 ms to make, where zlib over the whole state with the
newer one as dictionary (the format before, ``DELTA``, still read) gave 0.5 KB for
0.32 ms (issue 32). It is read back only with that same newer state
(:func:`unpack_against`), byte for byte: the CRC-32 of that state and of the result are
in it, so a wrong base is an error (``zlib.error``), never a wrong state.

Rows written before packing hold the JSON as text; :func:`unpack` reads both.
"""

from __future__ import annotations

import json
import sys
import threading
import zlib
from importlib.resources import files

if sys.version_info >= (3, 14):
    from compression import zstd
else:  # the same module, for the Pythons before it (PyPI's backports.zstd)
    from backports import zstd

# zlib's level for what is still packed with it (pack_against's pieces; states were, up
# to issue 32's seventh round): a 39 KB SWADE state in 3.1 KB, 8% less than level 1 in
# the same time (about 0.1 ms here); level 6 saves 23% but took an attack 0.1-0.4 ms
# more (bench.storage).
LEVEL = 3

# zstd's level for a state (pack): with the dictionary, a SWADE fight's 39 KB state in
# 1.09-1.10 KB at levels 3 and 4 (about 23 µs here), 1.19-1.22 KB at 1 and 2 (17-19
# µs), 1.06 KB at 5 for nearly twice the time (docs/STORAGE.md has the table).
ZSTD_LEVEL = 3
ZSTD = b"\x28\xb5\x2f\xfd"  # a zstd frame's magic number: how a state packed with it begins

# A state packed against another as the bot did before PIECES (still read): this mark,
# then for each CHUNK bytes of the state, its length (4 bytes) and a zlib stream whose
# dictionary is the other state's bytes around the same place (REACH either side). A
# deflate match reaches 32 KB back at most: CHUNK + REACH (20 KB) keeps the same place in
# the other state within reach, and a shift of up to REACH (a combatant added, a longer
# record) still matches. A packed state begins with zstd's magic number (0x28) or zlib's
# header (0x78), a row from before packing is text: none begins with this mark.
DELTA = b"\x00\x01"
CHUNK = 16384
REACH = 4096

# A state packed against another in pieces (pack_against, issue 32): this mark, the
# CRC-32 of the other state and of this one (4 bytes each), the length of the runs (4
# bytes), the runs (ASCII JSON: a flat list of pairs, ``start, count``: that many of the
# other state's pieces from ``start``, or ``-1, count``: that many of this one's own), and
# this one's own pieces, joined by CUT, as a zlib stream whose dictionary is the other
# state's pieces no run took (the ones the action changed), joined by CUT: its last 32 KB.
PIECES = b"\x00\x02"
CUT = "},{"
WINDOW = 32768


DICTIONARY_FILE = files("bot.storage") / "states.zdict"
DICTIONARY = DICTIONARY_FILE.read_bytes()
FDICT = 0x20  # the flag of a zlib stream's second byte: packed with a preset dictionary


# The dictionary as zstd takes it: raw content (no dictionary id in the frame). A
# compressor takes it in once, digested for its level (afresh, it hashes all 21 KB of
# it first). Each thread has its own compressor (the writer's packs every action).
_ZDICT = zstd.ZstdDict(DICTIONARY, is_raw=True)
_OPTIONS = {
    zstd.CompressionParameter.compression_level: ZSTD_LEVEL,
    zstd.CompressionParameter.checksum_flag: 1,  # a damaged row is an error, never a state
    zstd.CompressionParameter.content_size_flag: 1,
    zstd.CompressionParameter.dict_id_flag: 0,
}
_LOCAL = threading.local()


def pack(text: str) -> bytes:
    """The JSON ``text`` as stored: one zstd frame, packed with the dictionary."""
    packer = getattr(_LOCAL, "packer", None)
    if packer is None:
        packer = _LOCAL.packer = zstd.ZstdCompressor(
            options=_OPTIONS, zstd_dict=_ZDICT.as_digested_dict
        )
    return packer.compress(text.encode(), zstd.ZstdCompressor.FLUSH_FRAME)


# The encounters row keeps its state padded to a multiple of PAD bytes (zero bytes after
# the zlib stream, which reading ignores): a state a few bytes longer or shorter than the
# one it replaces makes a row of the same size, which SQLite overwrites in place; a row
# of another size has its overflow pages freed and taken again, which rewrote the
# file's first page and a freelist page at each action (issue 32: SQLite alone, 8.3 WAL
# pages an update of a 3 KB row against 5.7; ``python -m bench.storage --wal``, 14.8
# pages an attack against 14.2). 128 bytes wasted on average.
PAD = 256


def padded(stored: bytes | str) -> bytes | str:
    """A state as the encounters row keeps it (:data:`PAD`); :func:`unpack` reads it."""
    if not isinstance(stored, bytes) or not stored.startswith((ZSTD, b"\x78")):
        return stored
    return stored + bytes(-len(stored) % PAD)


def unpack(value: bytes | str) -> str:
    """The JSON text of a stored state: a zstd frame (:func:`pack`), a zlib stream (up to
    issue 32's seventh round: with the dictionary or, before it, without) or plain text
    from an older row. What follows the frame or the stream is padding
    (:func:`padded`). ``zlib.error`` when it does not read."""
    if not isinstance(value, bytes):
        return value
    if value.startswith(ZSTD):
        # One frame: a decompressor stops at its end, before the padding.
        unpacker = zstd.ZstdDecompressor(zstd_dict=_ZDICT)
        try:
            text = unpacker.decompress(value)
        except zstd.ZstdError as exc:
            raise zlib.error(f"a packed state does not read: {exc}") from exc
        if not unpacker.eof:
            raise zlib.error("a packed state is cut short")
        return text.decode()
    if len(value) > 1 and value[1] & FDICT:
        return _inflate(value, DICTIONARY).decode()
    return zlib.decompress(value).decode()


def _inflate(data: bytes, zdict: bytes) -> bytes:
    """One zlib stream (with ``zdict`` as its preset dictionary when there is one);
    ``zlib.error`` when it is cut short. What follows it is ignored."""
    unpacker = zlib.decompressobj(zdict=zdict) if zdict else zlib.decompressobj()
    out = unpacker.decompress(data) + unpacker.flush()
    if not unpacker.eof:
        raise zlib.error("a packed state is cut short")
    return out


def is_delta(value: bytes | str) -> bool:
    """Whether a stored state was packed against another (:func:`pack_against`, or the
    format before it)."""
    return isinstance(value, bytes) and value.startswith((DELTA, PIECES))


def _dictionary(base: bytes, start: int) -> bytes:
    return base[max(0, start - REACH) : start + CHUNK + REACH]


def pack_against(text: str, base: str) -> bytes:
    """``text`` packed against ``base`` (the state after it): only :func:`unpack_against`
    with the same ``base`` reads it. The bot's undo snapshots were these until issue
    32's sixth round (:func:`bot.encounter.acting.undo_state`); they still read."""
    theirs = base.split(CUT)
    where: dict[str, int] = {}
    for at, piece in enumerate(theirs):
        where.setdefault(piece, at)
    taken = bytearray(len(theirs))
    runs: list[int] = []
    own: list[str] = []
    start = count = 0
    for piece in text.split(CUT):
        at = where.get(piece, -1)
        # a run goes on: the next of the other state's pieces, or another of its own
        if count and (at == start + count if at >= 0 <= start else at < 0 > start):
            count += 1
        else:
            if count:
                runs += (start, count)
            start, count = at, 1
        if at >= 0:
            taken[at] = 1
        else:
            own.append(piece)
    runs += (start, count)
    zdict = _replaced(theirs, taken)
    # memLevel 6: the smaller hash table halves the cost of starting the stream (~25 µs
    # of 50), and what it packs is a few KB (the same output for these sizes).
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 15, 6, **({"zdict": zdict} if zdict else {}))
    body = packer.compress(CUT.join(own).encode()) + packer.flush()
    head = json.dumps(runs, separators=(",", ":")).encode()
    return b"".join(
        (
            PIECES,
            zlib.crc32(base.encode()).to_bytes(4, "big"),
            zlib.crc32(text.encode()).to_bytes(4, "big"),
            len(head).to_bytes(4, "big"),
            head,
            body,
        )
    )


def unpack_against(value: bytes | str, base: str) -> str:
    """The JSON text of a stored undo state: packed against ``base``
    (:func:`pack_against`; ``zlib.error`` if ``base`` is not the one it was packed
    against), packed alone, or text from an older row."""
    if isinstance(value, bytes) and value.startswith(PIECES):
        return _unpack_pieces(value, base)
    if not is_delta(value):
        return unpack(value)
    assert isinstance(value, bytes)
    other, pieces = base.encode(), []
    at, start = len(DELTA), 0
    while at < len(value):
        size = int.from_bytes(value[at : at + 4], "big")
        piece = _inflate(value[at + 4 : at + 4 + size], _dictionary(other, start))
        if len(piece) > CHUNK:
            raise zlib.error("a state packed against another is cut short")
        pieces.append(piece)
        at, start = at + 4 + size, start + CHUNK
    return b"".join(pieces).decode()


def _replaced(theirs: list[str], taken: bytearray) -> bytes:
    """The other state's pieces no run took (those the action changed), joined: the
    dictionary of the own pieces' stream (its last :data:`WINDOW` bytes)."""
    return CUT.join(piece for at, piece in enumerate(theirs) if not taken[at]).encode()[-WINDOW:]


def _unpack_pieces(value: bytes, base: str) -> str:
    if int.from_bytes(value[2:6], "big") != zlib.crc32(base.encode()):
        raise zlib.error("a state packed against another read with a different one")
    size = int.from_bytes(value[10:14], "big")
    theirs = base.split(CUT)
    try:
        runs = json.loads(value[14 : 14 + size])
        pairs = list(zip(runs[::2], runs[1::2], strict=True))
        taken = bytearray(len(theirs))
        for start, count in pairs:
            if start >= 0:
                taken[start : start + count] = b"\x01" * count
    except (ValueError, TypeError) as exc:
        raise zlib.error("a state packed against another is cut short") from exc
    if len(taken) != len(theirs):  # a run past the other state's end
        raise zlib.error("a state packed against another read with a different one")
    own = _inflate(value[14 + size :], _replaced(theirs, taken)).decode().split(CUT)
    pieces: list[str] = []
    mine = 0
    for start, count in pairs:
        if start >= 0:
            pieces += theirs[start : start + count]
        else:
            pieces += own[mine : mine + count]
            mine += count
    text = CUT.join(pieces)
    if int.from_bytes(value[6:10], "big") != zlib.crc32(text.encode()):
        raise zlib.error("a state packed against another read with a different one")
    return text
