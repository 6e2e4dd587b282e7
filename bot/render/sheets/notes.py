"""The defaults a sheet parser applied (``bot.systems.sheets.Note``), said in the reader's
language: list parameters of ids (attributes, characteristics) are translated first."""

from __future__ import annotations

from bot.i18n import t
from bot.systems.sheets import Note

# parameter -> the catalogue prefix its ids are translated with
ID_PARAMS = {
    "attributes": "sheet.swade.attr.",
    "stats": "sheet.rh.stat.",
    "side": "sheet.side.",
}


def note(n: Note, lang: str) -> str:
    params = {}
    for key, value in n.params.items():
        prefix = ID_PARAMS.get(key)
        if prefix and isinstance(value, list):
            value = ", ".join(t(prefix + v, lang) for v in value)
        elif prefix and isinstance(value, str):
            value = t(prefix + value, lang)
        params[key] = value
    return t(n.key, lang, **params)
