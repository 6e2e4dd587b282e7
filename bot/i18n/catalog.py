"""Spanish and English message catalogues.

Each language is the union of the flat JSON files in ``bot/i18n/locales/<lang>/``; an
area (dice, swade.combat...) keeps its keys in its own file. ``t()`` formats a key with
``str.format`` parameters; a missing key falls back to the other language, then to the
key itself (and a test fails when a key exists in one language only).

A parameter is looked up in the catalogue only where the template says so, with
``{param:key}``: its value is a catalogue key the code chose (``"system.swade"``, a list
of them is translated item by item and joined), or a key with its own parameters
(:func:`term`: ``{"key": "swade.condition.name.bound", "params": {"gender": "f"}}``, a
*phrase*: the renderer writes one in any parameter, ``bot.render.text``). Every other
parameter is inserted as it is, so user text (a combatant called ``encounter.gm_only``)
is never replaced by bot text (issue 21).

Counts and genders are the catalogue's, never the code's (issue 29): a text says
``{n, plural, one {# ronda} other {# rondas}}`` or ``{gender, select, f {Rápida} other
{Rápido}}`` (``bot.i18n.message``: CLDR plural rules through Babel). A text that is not
a valid message stops the catalogue from loading, naming the key.

Each key's text is read once per language (:func:`entry`: compiled, and what it reads,
marks and counts or selects on), so ``t`` costs two dict lookups and the formatting
(issue 32); ``tests/foundation/test_i18n_cache.py`` holds every text, in both languages,
by count and gender, to the text compiled afresh.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from bot.i18n.message import Joined, Message, compile_message, problems
from bot.i18n.renamed import current

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("es", "en")
# Directories of a game system that lives outside bot/ (a plugin's ``locales``, installed
# through the catalogue): read after the bot's own.
_PLUGIN_DIRS: list[Path] = []


def add_locales(directory: Path) -> None:
    """Add a plugin's ``<lang>/*.json`` texts to the catalogues."""
    if directory not in _PLUGIN_DIRS:
        _PLUGIN_DIRS.append(directory)
        _reload()


def remove_locales(directory: Path) -> None:
    if directory in _PLUGIN_DIRS:
        _PLUGIN_DIRS.remove(directory)
        _reload()


def _reload() -> None:
    """Read the catalogues afresh: their texts, and every key's text as read once."""
    catalog.cache_clear()
    for read in _entries.values():
        read.clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    paths = [p for d in (LOCALES_DIR, *_PLUGIN_DIRS) for p in sorted((d / lang).glob("*.json"))]
    for path in paths:
        data = json.loads(path.read_text("utf-8"))
        for key, value in data.items():
            if key in merged and merged[key] != value:
                raise ValueError(f"i18n key {key!r} defined twice in {lang} ({path.name})")
            if wrong := problems(_KEY_PARAM.sub(r"{\1}", value), lang):
                raise ValueError(f"i18n key {key!r} in {lang} ({path.name}): {wrong[0]}")
            merged[key] = value
    return merged


_KEY_PARAM = re.compile(r"\{(\w+):key\}")
# A description followed by the systems it is for: "<text> (<title>, <title>)".
_FOR_SYSTEMS = re.compile(r"(.+) \(([^()]+)\)")


@cache
def _template(text: str) -> tuple[str, Message | None, frozenset[str]]:
    """The template as ``str.format`` reads it, its compiled message when it counts or
    selects (``None``: plain fields only, formatted by ``str.format_map``), and the
    parameters marked ``:key``."""
    marked = frozenset(_KEY_PARAM.findall(text))
    plain = _KEY_PARAM.sub(r"{\1}", text) if marked else text
    message = compile_message(plain)
    return plain, (None if message.plain else message), marked


class Entry(NamedTuple):
    """A key's text in one language as :func:`t` reads it, read once (issue 32): the
    :func:`_template` of its text, every parameter it reads and those it counts or
    selects on (``bot.render.text`` translates only what a text reads)."""

    plain: str
    message: Message | None
    marked: frozenset[str]
    reads: frozenset[str]
    chosen: frozenset[str]


# Each language's keys as read so far: only keys of that language's own catalogue (a
# fallback to a renamed key or to the other language is read anew each time). Cleared
# with the catalogues (:func:`_reload`): they change only through ``add_locales`` and
# ``remove_locales``.
_entries: dict[str, dict[str, Entry]] = {lang: {} for lang in LANGUAGES}


def entry(key: str, lang: str) -> Entry | None:
    """``key``'s text in ``lang`` as :func:`t` reads it; None when that
    language's catalogue has no such key (``t`` falls back to a renamed key or the
    other language). A language the bot does not speak reads Spanish, as ``t`` does."""
    read = _entries.get(lang)
    if read is None:
        lang, read = "es", _entries["es"]
    found = read.get(key)
    if found is None:
        text = catalog(lang).get(key)
        if text is None:
            return None
        plain, message, marked = _template(text)
        reading = compile_message(plain).arguments()
        chosen = frozenset(k for k, how in reading.items() if how != "field")
        found = read[key] = Entry(plain, message, marked, frozenset(reading), chosen)
    return found


def arguments(key: str, lang: str = "es") -> dict[str, str]:
    """The parameters ``key``'s text reads, each as ``"field"``, ``"plural"`` or
    ``"select"``."""
    text = catalog(lang if lang in LANGUAGES else "es").get(key, "")
    return compile_message(_template(text)[0]).arguments()


def key_params(key: str, lang: str = "es") -> frozenset[str]:
    """The parameters of ``key``'s template that carry catalogue keys (``{param:key}``)."""
    text = catalog(lang if lang in LANGUAGES else "es").get(key)
    return _template(text)[2] if text is not None else frozenset()


def is_phrase(value: Any) -> bool:
    """A parameter that is a phrase the code built: exactly ``{"key": str, "params":
    dict}``, written in the reader's language with its own parameters ("with Battle axe
    (Str+d10)", SW-44; a condition said of her). Never text a user typed: that is always
    a string."""
    return (
        (type(value) is dict or isinstance(value, Mapping))  # a dict, first: no ABC check
        and value.keys() == _PHRASE_KEYS
        and isinstance(value["key"], str)
        and (type(value["params"]) is dict or isinstance(value["params"], Mapping))
    )


_PHRASE_KEYS = frozenset({"key", "params"})


def term(key: str, **params: Any) -> dict[str, Any]:
    """A phrase (:func:`is_phrase`): a key with parameters of its own (a condition said
    of a combatant: ``term("swade.condition.name.bound", gender="f")``); plain data, so an
    event that carries it is stored and rendered later like any other."""
    return {"key": key, "params": params}


def written(text: str) -> dict[str, Any]:
    """A name the GM, a player or a sheet invented, for a ``:key`` parameter: shown as
    written in every language, never looked up (issue 21)."""
    return term("word.as_written", name=text)


def _looked_up(value: Any, lang: str) -> Any:
    """A ``:key`` parameter: a catalogue key becomes its text, a :func:`term` its text
    with its parameters; anything else (text the code already translated) stays as it
    is. Lists are translated item by item."""
    if isinstance(value, str):
        texts = catalog(lang)
        key = value if value in texts else current(value)  # stored before a rename
        return t(key, lang) if key in texts else value
    if is_phrase(value):
        return t(value["key"], lang, **value["params"])
    if isinstance(value, list | tuple):
        return Joined([str(_looked_up(item, lang)) for item in value])
    return value


def say(value: Any, lang: str) -> str:
    """A catalogue key or a :func:`term` as text in ``lang`` (what a ``:key`` parameter
    shows)."""
    return str(_looked_up(value, lang))


def _with_keys(params: Mapping[str, Any], marked: frozenset[str], lang: str) -> dict[str, Any]:
    return {**params, **{k: _looked_up(params[k], lang) for k in marked if k in params}}


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, lang: str = "es", /, **params: Any) -> str:
    """The text of ``key`` in ``lang`` ("es" or "en"), with ``params`` filled in."""
    return text_of(key, lang, params)


def text_of(key: str, lang: str, params: Mapping[str, Any]) -> str:
    """:func:`t` with its parameters as a mapping (the caller's own, not copied: an
    event's; only those the text reads are read)."""
    read = _entries.get(lang)
    if read is None:  # a language the bot does not speak: Spanish
        lang, read = "es", _entries["es"]
    found = read.get(key) or entry(key, lang) or _fallback(key, lang)
    text, message, marked, _, _ = found
    if message is None:
        if not params:
            return text
        if marked:
            params = _with_keys(params, marked, lang)
        try:  # every field given, as usual: no copy that fills the missing ones (issue 32)
            return text.format_map(params)
        except KeyError:
            return text.format_map(_Missing(params))
    if marked:
        params = _with_keys(params, marked, lang)
    return message.format(params, lang, _missing)


def _fallback(key: str, lang: str) -> Entry:
    """The text :func:`t` shows for a key ``lang``'s catalogue lacks: the key's new
    name's, the other language's, else the key."""
    key = current(key)
    found = entry(key, lang)
    if found is not None:
        return found
    other = "en" if lang == "es" else "es"
    text = catalog(other).get(key, key)
    plain, message, marked = _template(text)
    return Entry(plain, message, marked, frozenset(), frozenset())


def _missing(name: str) -> str:
    return "{" + name + "}"


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


class HelpPage(CommandName):
    """A command as the value of ``/help``'s ``command:`` option, as the reader types it
    (``tirar``, ``"personaje guardar"``): a message writes ``/help command:{page}``."""

    def shown(self, lang: str) -> str:
        text = super().shown(lang).removeprefix("/")
        return f'"{text}"' if " " in text else text


class OptionNames(tuple[str, ...]):
    """Option (or subcommand) names by their English names: a message lists them as
    the reader's Discord shows them (``name, statblock`` is ``nombre, bloque``)."""

    def shown(self, lang: str) -> str:
        lang = lang if lang in LANGUAGES else "es"
        return ", ".join(command_word(name, lang) for name in self)


class OptionExample(tuple[str, str]):
    """``option:value`` as a reader types it: the option's name as their Discord shows
    it, and the value a choice's name through the ``cmd.*`` names (``alcance:corto``,
    ``range:short``), a command as the reader's Discord names it (a :class:`CommandName`:
    ``orden:"combatiente editar"``), or a catalogue text when it is a key (``word.yes``:
    ``privada:sí``); quoted when it has a space (``sistema:"Savage Worlds"``)."""

    def __new__(cls, option: str, value: str) -> OptionExample:
        return super().__new__(cls, (option, value))

    def shown(self, lang: str) -> str:
        lang = lang if lang in LANGUAGES else "es"
        option, value = self
        if isinstance(value, CommandName):
            text = value.shown(lang).removeprefix("/")
        else:
            text = catalog(lang).get(value) or command_word(value, lang)
        return f"{command_word(option, lang)}:" + (f'"{text}"' if " " in text else text)


def shown(value: Any, lang: str) -> Any:
    """A parameter that names commands or options, in the reader's language."""
    named = CommandName | OptionNames | OptionExample
    return value.shown(lang) if isinstance(value, named) else value


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
