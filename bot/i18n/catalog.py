"""Spanish and English message catalogues.

Each language is the union of the flat JSON files in ``bot/i18n/locales/<lang>/``; an
area (dice, swade_combat...) keeps its keys in its own file. ``t()`` formats a key with
``str.format`` parameters; a missing key falls back to the other language, then to the
key itself (and a test fails when a key exists in one language only).

A parameter is looked up in the catalogue only where the template says so, with
``{param:key}``: its value is a catalogue key the code chose (``"system.swade"``, a list
of them is translated item by item and joined). Every other parameter is inserted as it
is, so user text (a combatant called ``encounter.gm_only``) is never replaced by bot text
(issue 21).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
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


_KEY_PARAM = re.compile(r"\{(\w+):key\}")
# A description followed by the systems it is for: "<text> (<title>, <title>)".
_FOR_SYSTEMS = re.compile(r"(.+) \(([^()]+)\)")


@cache
def _template(text: str) -> tuple[str, frozenset[str]]:
    """The template as ``str.format`` reads it, and the parameters marked ``:key``."""
    marked = frozenset(_KEY_PARAM.findall(text))
    return (_KEY_PARAM.sub(r"{\1}", text) if marked else text), marked


def key_params(key: str, lang: str = "es") -> frozenset[str]:
    """The parameters of ``key``'s template that carry catalogue keys (``{param:key}``)."""
    text = catalog(lang if lang in LANGUAGES else "es").get(key)
    return _template(text)[1] if text is not None else frozenset()


def _looked_up(value: Any, lang: str) -> Any:
    """A ``:key`` parameter: a catalogue key becomes its text; anything else (text the
    code already translated) stays as it is. Lists are translated item by item."""
    if isinstance(value, str):
        return t(value, lang) if value in catalog(lang) else value
    if isinstance(value, list | tuple):
        return ", ".join(str(_looked_up(item, lang)) for item in value)
    return value


def _with_keys(params: Mapping[str, Any], marked: frozenset[str], lang: str) -> dict[str, Any]:
    return {k: _looked_up(v, lang) if k in marked else v for k, v in params.items()}


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
    text, marked = _template(text)
    if not params:
        return text
    if marked:
        params = _with_keys(params, marked, lang)
    return text.format_map(_Missing(params))


def command_text(word: str, lang: str) -> str | None:
    """A command's word (a name, an option, a description) in ``lang``: its ``cmd.*``
    text. A description followed by the systems it is for (``"Dodge the attack against
    you (Dread S-20)"``, ``bot.commands.choices.for_systems``) is its text's followed by
    each system's (``cmd.<title>``), so a system added to the catalogue needs no new
    text here. None when the catalogue has no text for it."""
    texts = catalog(lang)
    found = texts.get(f"cmd.{word}")
    if found is not None:
        return found
    composed = _FOR_SYSTEMS.fullmatch(word)
    if composed is None or f"cmd.{composed[1]}" not in texts:
        return None
    titles = composed[2].split(", ")
    if not all(f"cmd.{title}" in texts for title in titles):
        return None
    return f"{texts[f'cmd.{composed[1]}']} ({', '.join(texts[f'cmd.{x}'] for x in titles)})"


def command_word(word: str, lang: str) -> str:
    """A command's word (a name, an option, a description) as Discord shows it to a
    reader of ``lang``: :func:`command_text`, else the word itself."""
    found = command_text(word, lang)
    return word if found is None else found


class CommandName(str):
    """A command as typed, by its English path ("initiative roll"): a message shows it
    as Discord shows it to the reader ("/iniciativa tirar"), through the ``cmd.*`` names
    (English ones are the names themselves)."""

    def shown(self, lang: str) -> str:
        lang = lang if lang in LANGUAGES else "es"
        return "/" + " ".join(command_word(word, lang) for word in self.split())


class OptionNames(tuple[str, ...]):
    """Option (or subcommand) names by their English names: a message lists them as
    the reader's Discord shows them (``name, statblock`` is ``nombre, bloque``)."""

    def shown(self, lang: str) -> str:
        lang = lang if lang in LANGUAGES else "es"
        return ", ".join(command_word(name, lang) for name in self)


def shown(value: Any, lang: str) -> Any:
    """A parameter that names commands or options, in the reader's language."""
    return value.shown(lang) if isinstance(value, CommandName | OptionNames) else value


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
