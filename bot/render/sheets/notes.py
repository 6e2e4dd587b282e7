"""The defaults a sheet parser applied (``bot.systems.sheets.Note``), said in the reader's
language: list parameters of ids (attributes, characteristics) are translated first,
with the catalogue prefix of each parameter its system's renderers name
(``Renderers.note_ids``; the side is every system's)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t
from bot.systems.sheets import Note

# parameter -> the catalogue prefix its ids are translated with, in every system
ID_PARAMS = {"side": "sheet.side."}


def note(n: Note, lang: str, ids: Mapping[str, str] | None = None) -> str:
    """``n`` in ``lang``; ``ids``: the system's parameters of ids and their prefixes."""
    prefixes = {**ID_PARAMS, **(ids or {})}
    params = {}
    for key, value in n.params.items():
        prefix = prefixes.get(key)
        if prefix and isinstance(value, list):
            value = ", ".join(t(prefix + v, lang) for v in value)
        elif prefix and isinstance(value, str):
            value = t(prefix + value, lang)
        params[key] = value
    return t(n.key, lang, **params)
