"""Catalogue keys as they were named before issue 33 (namespaces named after cogs, or a
feature glued to a system's name), read as they are named now.

Keys are data too: an encounter's state keeps the buttons' texts until the next action
(``Offer.label_key``) and a shipped power's name for as long as it lasts
(``swade.powers.power.<id>``), an undo row keeps its summary's parameters, and an
exported encounter keeps all of it for good. What was written before the rename is read
through :func:`current`: the catalogue's lookups (``bot.i18n.catalog.t``) and the
models that keep a key (``bot.systems.swade.power_models``). The table is
``renamed.json`` beside this module (package data): whole keys, then namespaces, the
first that matches. Nothing writes an old key; ``tests/foundation/test_i18n_namespaces.py``
fails on one anywhere else.
"""

from __future__ import annotations

import json
from pathlib import Path

_TABLE = json.loads((Path(__file__).resolve().parent / "renamed.json").read_text("utf-8"))
KEYS: dict[str, str] = _TABLE["keys"]
PREFIXES: tuple[tuple[str, str], ...] = tuple((old, new) for old, new in _TABLE["prefixes"])


def current(key: str) -> str:
    """``key`` as it is named now (itself when it was never renamed)."""
    if key in KEYS:
        return KEYS[key]
    for old, new in PREFIXES:
        if key.startswith(old):
            return new + key[len(old) :]
    return key
