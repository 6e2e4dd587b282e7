"""Spanish and English message catalogues.

Each language is the union of the flat JSON files in ``bot/i18n/locales/<lang>/``; an
area (dice, swade_combat...) keeps its keys in its own file. ``t()`` formats a key with
``str.format`` parameters; a missing key falls back to the other language, then to the
key itself (and a test fails when a key exists in one language only).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("es", "en")
# Directories of a game system that lives outside bot/ (a plugin's ``locales``, installed
# through the catalogue): read after the bot's own.
_PLUGIN_DIRS: list[Path] = []


def add_locales(directory: Path) -> None:
    """Add a plugin's ``<lang>/*.json`` texts to the catalogues."""
    if directory not in _PLUGIN_DIRS:
        _PLUGIN_DIRS.append(directory)
        catalog.cache_clear()


def remove_locales(directory: Path) -> None:
    if directory in _PLUGIN_DIRS:
        _PLUGIN_DIRS.remove(directory)
        catalog.cache_clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    paths = [p for d in (LOCALES_DIR, *_PLUGIN_DIRS) for p in sorted((d / lang).glob("*.json"))]
    for path in paths:
        data = json.loads(path.read_text("utf-8"))
        for key, value in data.items():
            if key in merged and merged[key] != value:
                raise ValueError(f"i18n key {key!r} defined twice in {lang} ({path.name})")
            merged[key] = value
    return merged


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, lang: str = "es", /, **params: Any) -> str:
    """The text of ``key`` in ``lang`` ("es" or "en"), with ``params`` filled in."""
    lang = lang if lang in LANGUAGES else "es"
    text = catalog(lang).get(key)
    if text is None:
        other = "en" if lang == "es" else "es"
        text = catalog(other).get(key, key)
    if not params:
        return text
    return text.format_map(_Missing(params))


def has(key: str, lang: str = "es") -> bool:
    return key in catalog(lang)


def language_of(locale: object | None) -> str | None:
    """'es' for any Spanish locale (es-ES, es-419), 'en' for English ones, else None."""
    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).lower()
    if code.startswith("es"):
        return "es"
    if code.startswith("en"):
        return "en"
    return None
