"""The undo snapshots of a channel as whole states (for tests that make rows as an older
database had them): the newest is packed against the state stored now, each older one
against the state the one above it restores (``bot.storage.packed.pack_against``)."""

from collections.abc import Sequence

from bot.storage.packed import unpack_against


def undo_texts(stored_now: str, newest_first: Sequence[bytes | str]) -> list[str]:
    """The JSON text each undo row restores, newest first."""
    texts, base = [], stored_now
    for state in newest_first:
        base = unpack_against(state, base)
        texts.append(base)
    return texts
