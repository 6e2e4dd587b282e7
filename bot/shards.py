"""Shards: which process answers which servers (issue 20, docs/STORAGE.md "Shards").

Discord splits a bot's servers into ``shard_count`` shards: a server's events (its
interactions included) go to shard ``(guild_id >> 22) % shard_count``, direct messages to
shard 0. ``comodin run --shards 0-3 --shard-count 8`` runs shards 0..3 of 8 in this
process; another process runs the others, on the same database. Nothing here talks to
Discord: parsing the command line's shard list and the arithmetic every part shares.
"""

from __future__ import annotations

from collections.abc import Iterable

MAX_SHARD_COUNT = 65_536  # far past any bot; a typo like 80000 is refused, not tried


class ShardError(ValueError):
    """A malformed ``--shards`` / ``--shard-count``; the message says how to fix it."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a server's events to (direct messages: shard 0)."""
    if guild_id is None or shard_count <= 1:
        return 0
    return (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int) -> list[int]:
    """``"0-3"``, ``"0,2,5-7"`` → the sorted shard ids, each below ``shard_count``."""
    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ShardError(f"--shards: empty item in {text!r} (write e.g. 0-3 or 0,2,5-7)")
        low_text, dash, high_text = part.partition("-")
        try:
            low = int(low_text)
            high = int(high_text) if dash else low
        except ValueError:
            raise ShardError(
                f"--shards: {part!r} is not a shard id or a range (write e.g. 0-3 or 0,2,5-7)"
            ) from None
        if low < 0 or high < low:
            raise ShardError(f"--shards: {part!r} is not a range from low to high")
        if high >= shard_count:
            raise ShardError(
                f"--shards: shard {high} does not exist with --shard-count {shard_count} "
                f"(shards are 0 to {shard_count - 1})"
            )
        ids.update(range(low, high + 1))
    return sorted(ids)


def check_shard_count(count: int) -> int:
    if not 1 <= count <= MAX_SHARD_COUNT:
        raise ShardError(f"--shard-count: expected 1 to {MAX_SHARD_COUNT}, got {count}")
    return count


def format_shard_ids(ids: Iterable[int]) -> str:
    """``[0, 1, 2, 3, 6]`` → ``"0-3, 6"`` (how /ping and the log name a process's shards)."""
    ordered = sorted(set(ids))
    parts: list[str] = []
    start = previous = None
    for shard in [*ordered, None]:
        if start is not None and (shard is None or shard != previous + 1):  # type: ignore[operator]
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            start = None
        if shard is not None and start is None:
            start = shard
        previous = shard
    return ", ".join(parts)
