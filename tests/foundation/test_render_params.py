"""Issue 32: an event's parameters are translated only where its template reads them
(``bot.render.text.render_params``): the others go on as they are, and the text is the
same as when every one was translated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.i18n.catalog import add_locales, remove_locales
from bot.i18n.message import Joined
from bot.render.text import render_params, translate_value

TEXTS = {
    "es": {
        "test.render.reads": "{flag} · {names} · {n, plural, one {# herida} other {# heridas}}",
        "test.render.only_es": "{flag} y {names}",
    },
    "en": {"test.render.reads": "{flag} · {names} · {n, plural, one {# wound} other {# wounds}}"},
}
PARAMS = {
    "flag": True,
    "names": ["Ana", "Bruno"],
    "n": 2,
    "unread": False,  # a boolean the template does not read
    "hook": {"kind": "trait", "previous_total": 7},  # a reroll hook (only the dice read it)
}


def _locales(root: Path, texts: dict[str, dict[str, str]]) -> Path:
    for lang, entries in texts.items():
        (root / lang).mkdir(parents=True, exist_ok=True)
        (root / lang / "test.json").write_text(json.dumps(entries), "utf-8")
    return root


@pytest.fixture
def locales(tmp_path: Path) -> Iterator[Path]:
    root = _locales(tmp_path / "one", TEXTS)
    add_locales(root)
    yield root
    remove_locales(root)


def _all_translated(key: str, lang: str) -> str:
    """The text as it was before issue 32: every parameter translated (but the count)."""
    shown = {k: translate_value(v, lang) for k, v in PARAMS.items() if k != "n"}
    return t(key, lang, **shown, n=PARAMS["n"])


@pytest.mark.parametrize(("lang", "said"), [("es", "sí · Ana, Bruno · 2 heridas"),
                                            ("en", "yes · Ana, Bruno · 2 wounds")])  # fmt: skip
def test_what_the_template_reads_is_translated_and_the_rest_goes_as_it_is(
    locales: Path, lang: str, said: str
) -> None:
    shown = render_params("test.render.reads", PARAMS, lang)
    assert shown["flag"] == t("word.yes", lang)
    assert isinstance(shown["names"], Joined) and shown["names"].size == 2
    assert shown["n"] == 2  # counted: a value
    assert shown["unread"] is False and shown["hook"] is PARAMS["hook"]
    assert (
        t("test.render.reads", lang, **shown) == said == _all_translated("test.render.reads", lang)
    )


def test_a_key_found_in_the_other_language_translates_every_parameter(locales: Path) -> None:
    """``t`` falls back to the Spanish text for an English reader: what it reads is not
    known here, so every parameter is translated (as before)."""
    shown = render_params("test.render.only_es", PARAMS, "en")
    assert shown["flag"] == "yes" and shown["unread"] == "no"
    assert t("test.render.only_es", "en", **shown) == "yes y Ana, Bruno"


def test_a_changed_catalogue_is_read_afresh(locales: Path, tmp_path: Path) -> None:
    """What a template reads is kept by its text: a plugin's catalogue that changes the
    text is read again."""
    assert render_params("test.render.reads", PARAMS, "es")["unread"] is False
    remove_locales(locales)
    other = {"es": {"test.render.reads": "{unread}"}, "en": {"test.render.reads": "{unread}"}}
    root = _locales(tmp_path / "two", other)
    add_locales(root)
    try:
        assert render_params("test.render.reads", PARAMS, "es")["unread"] == "no"
        assert (
            t("test.render.reads", "es", **render_params("test.render.reads", PARAMS, "es")) == "no"
        )
    finally:
        remove_locales(root)
        add_locales(locales)  # the fixture removes it
