"""Issue 32: a key's text is read once per language (``bot.i18n.catalog.entry``), a
branch that is only words is kept as its text (``bot.i18n.message``), and an event's
line reads only what its text reads (``bot.render.text``). Each is checked here against
the uncached path: the catalogue's text compiled afresh and formatted, for every key in
both languages, with every count and gender its text tells apart, in turn, so a text
read once for one language, one count or one gender and given for another fails."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import catalog, t, term
from bot.i18n.catalog import add_locales, entry, remove_locales, say
from bot.i18n.message import compile_message, samples
from bot.render.text import event_line, render_params, translate_value
from bot.systems.base import Event

LANGS = ("es", "en")
_MARKED = re.compile(r"\{(\w+):key\}")


def _uncached(key: str, lang: str, params: dict[str, Any]) -> str:
    """``key`` in ``lang`` as its catalogue text says, compiled now (no cache of the
    catalogue's or of the compiler's) and walked branch by branch."""
    text = catalog(lang)[key]
    marked = set(_MARKED.findall(text))
    message = compile_message.__wrapped__(_MARKED.sub(r"{\1}", text))  # type: ignore[attr-defined]
    shown = {k: say(v, lang) if k in marked else v for k, v in params.items()}
    return message.format(shown, lang, lambda name: "{" + name + "}")


def _samples(key: str, lang: str) -> list[dict[str, Any]]:
    return samples(compile_message(_MARKED.sub(r"{\1}", catalog(lang)[key])))


def test_every_text_in_both_languages_is_the_uncached_one() -> None:
    """Every key, Spanish then English, every count (0, 1, 2, a million) and gender:
    the text read once gives what the text compiled afresh gives."""
    wrong = []
    for key in sorted(catalog("es")):
        for lang in LANGS:
            for params in _samples(key, lang):
                if t(key, lang, **params) != _uncached(key, lang, params):
                    wrong.append((lang, key, params))
    assert wrong == []


@pytest.mark.parametrize(
    ("key", "params", "said"),
    [
        ("dice.view.raises", {"n": 1}, {"es": "éxito con 1 aumento", "en": "success with 1 raise"}),
        (
            "dice.view.raises",
            {"n": 3},
            {"es": "éxito con 3 aumentos", "en": "success with 3 raises"},
        ),
        ("swade.condition.name.shaken", {"gender": "f"}, {"es": "aturdida", "en": "Shaken"}),
        ("swade.condition.name.shaken", {"gender": "m"}, {"es": "aturdido", "en": "Shaken"}),
        ("swade.condition.name.shaken", {"gender": None}, {"es": "aturdido", "en": "Shaken"}),
    ],
)
def test_the_same_key_in_turn_by_language_count_and_gender(
    key: str, params: dict[str, Any], said: dict[str, str]
) -> None:
    for lang in (*LANGS, *reversed(LANGS)):
        assert t(key, lang, **params) == said[lang] == _uncached(key, lang, params)


def test_a_pronoun_one_language_has_follows_the_gender_each_time() -> None:
    """English says "her", "his" or "its" turn where Spanish has one text: the same key,
    read once, in turn for her, him, nobody and her again."""
    key = "swade.combat.warning.acted_already"
    for gender, pronoun in (("f", "her"), ("m", "his"), (None, "its"), ("f", "her")):
        en = t(key, "en", name="Brenna", gender=gender)
        es = t(key, "es", name="Brenna", gender=gender)
        assert f"not {pronoun} turn" in en and en == _uncached(
            key, "en", {"name": "Brenna", "gender": gender}
        )
        assert es.startswith("⚠️ Brenna ya actuó") and es == _uncached(
            key, "es", {"name": "Brenna", "gender": gender}
        )


def _event_params(key: str, lang: str, turn: int) -> dict[str, Any]:
    """A value for every parameter ``key`` reads, of each kind an event carries (a
    boolean, a list of names, a phrase, a name, a count, a gender), and two it does not
    read (a reroll hook and a boolean)."""
    values: list[Any] = [True, ["Ana", "Bruno"], term("word.yes"), "Brenna", 3, ["Ana"], 1]
    params: dict[str, Any] = {"hook": {"kind": "trait", "previous_total": 7}, "unread": False}
    for i, (name, how) in enumerate(
        compile_message(_MARKED.sub(r"{\1}", catalog(lang)[key])).arguments().items()
    ):
        if how == "select":
            params[name] = ("f", "m", None)[(i + turn) % 3]
        else:
            params[name] = values[(i + turn) % len(values)]
    return params


def _every_parameter_rendered(key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The long way: each parameter in turn, shown as given (a name, a number, one the
    text does not read, one marked ``:key``, a single value it counts or selects on) or
    translated."""
    found = entry(key, lang)
    rendered = {}
    for k, v in params.items():
        as_given = type(v) in (str, int, float, type(None)) or (
            found is not None
            and (
                k not in found.reads
                or k in found.marked
                or (k in found.chosen and not isinstance(v, list | tuple))
            )
        )
        rendered[k] = v if as_given else translate_value(v, lang)
    return rendered


def test_an_event_line_is_the_text_of_its_parameters_all_rendered() -> None:
    """An event's line reads only what its text reads, from the event's own parameters
    when nothing needs translating: it says what ``t`` says of every parameter rendered
    (the long way, which :func:`render_params` gives too), for every key in both
    languages."""
    wrong = []
    for key in sorted(catalog("es")):
        for lang in LANGS:
            for turn in range(3):
                params = _event_params(key, lang, turn)
                kept = json.dumps(params, sort_keys=True)
                line = event_line(Event(key=key, params=params), lang)
                every = _every_parameter_rendered(key, params, lang)
                if line != t(key, lang, **every) or render_params(key, params, lang) != every:
                    wrong.append((lang, key, turn))
                assert json.dumps(params, sort_keys=True) == kept  # the event's, untouched
    assert wrong == []


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[Path]:
    root = tmp_path / "first"
    for lang, text in (("es", "{n, plural, one {# herida} other {# heridas}}"),
                       ("en", "{n, plural, one {# wound} other {# wounds}}")):  # fmt: skip
        (root / lang).mkdir(parents=True)
        (root / lang / "test.json").write_text(json.dumps({"test.cache.text": text}), "utf-8")
    add_locales(root)
    yield root
    remove_locales(root)


def test_a_text_read_once_is_read_again_when_the_catalogue_changes(
    plugin: Path, tmp_path: Path
) -> None:
    assert t("test.cache.text", "es", n=1) == "1 herida"
    assert t("test.cache.text", "en", n=2) == "2 wounds"
    remove_locales(plugin)
    root = tmp_path / "second"
    for lang, text in (
        ("es", "{g, select, f {ella} other {él}}"),
        ("en", "{g, select, f {she} other {he}}"),
    ):
        (root / lang).mkdir(parents=True)
        (root / lang / "test.json").write_text(json.dumps({"test.cache.text": text}), "utf-8")
    add_locales(root)
    try:
        assert [t("test.cache.text", lang, g="f", n=1) for lang in LANGS] == ["ella", "she"]
    finally:
        remove_locales(root)
        add_locales(plugin)  # the fixture removes it
