"""Issue 29: plural and gender by the catalogue's rules (``bot.i18n.message``), checked
when the catalogue loads and for every text of both languages."""

from __future__ import annotations

import re

import pytest

from bot.i18n import catalog, t
from bot.i18n.catalog import term
from bot.i18n.message import Joined, compile_message, problems, samples

LANGS = ["es", "en"]


def _say(text: str, lang: str, **params: object) -> str:
    return compile_message(text).format(params, lang, lambda name: "{" + name + "}")


@pytest.mark.parametrize(
    ("lang", "n", "said"),
    [
        ("es", 0, "0 rondas"),
        ("es", 1, "1 ronda"),
        ("es", 2, "2 rondas"),
        ("es", 1_000_000, "1000000 de rondas"),  # CLDR's Spanish "many"
        ("en", 1, "1 round"),
        ("en", 0, "0 rounds"),
        ("en", 1_000_000, "1000000 rounds"),
    ],
)
def test_a_count_takes_its_languages_plural_form(lang: str, n: int, said: str) -> None:
    text = {
        "es": "{n, plural, one {# ronda} many {# de rondas} other {# rondas}}",
        "en": "{n, plural, one {# round} other {# rounds}}",
    }[lang]
    assert _say(text, lang, n=n) == said


def test_an_exact_count_wins_over_its_category() -> None:
    text = "{n, plural, =0 {ninguna herida} one {# herida} other {# heridas}}"
    assert [_say(text, "es", n=n) for n in (0, 1, 3)] == ["ninguna herida", "1 herida", "3 heridas"]


def test_a_list_counts_its_items_and_shows_them_joined() -> None:
    text = "{names, plural, one {{names} actúa} other {{names} actúan}}"
    assert _say(text, "es", names=Joined(["Ana"])) == "Ana actúa"
    assert _say(text, "es", names=Joined(["Ana", "Beto"])) == "Ana, Beto actúan"


def test_a_gender_select_falls_back_to_other() -> None:
    text = "{name} ({gender, select, f {Rápida} other {Rápido}})"
    assert _say(text, "es", name="Brenna", gender="f") == "Brenna (Rápida)"
    assert _say(text, "es", name="Brom", gender=None) == "Brom (Rápido)"
    assert _say(text, "es", name="Brom", gender="m") == "Brom (Rápido)"


def test_a_count_inside_a_select_inside_a_plural() -> None:
    text = "{n, plural, one {{g, select, f {# herida} other {# herido}}} other {# más}}"
    assert _say(text, "es", n=1, g="f") == "1 herida"


def test_a_term_is_a_key_translated_with_its_own_parameters() -> None:
    said = t("swade.draw.edges", "es", combatant="Brenna", drawn="A", kept="A",
             edges=[term("sheet.swade.edge.quick", gender="f")])  # fmt: skip
    assert said.startswith("Brenna (")


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("{n, plural, one {x}}", "other"),
        ("{n, plural, on {x} other {y}}", "'on'"),
        ("{n, plural, one {x} other {y}", "unbalanced"),
        ("{g, select, f {x} f {y} other {z}}", "twice"),
        ("{n plural}", "a field is"),
    ],
)
def test_a_text_that_is_not_a_message_is_named(text: str, wrong: str) -> None:
    assert any(wrong in problem for problem in problems(text, "es"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_formats_for_sample_values(lang: str) -> None:
    """Every text of the catalogue, in every branch of its counts and selects, formats
    with no field left unfilled and no brace left over."""
    broken = []
    for key, text in catalog(lang).items():
        message = compile_message(re.sub(r"\{(\w+):key\}", r"{\1}", text))
        for params in samples(message):
            said = t(key, lang, **params)
            if "{" in said or "}" in said:
                broken.append((key, params, said))
                break
    assert broken == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_pastes_a_plural_by_hand(lang: str) -> None:
    """Issue 29: "(s)" and "(es)" are the catalogue's plural rules now."""
    pasted = {k: v for k, v in catalog(lang).items() if re.search(r"\w\((?:s|es)\)", v)}
    assert pasted == {}


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_cites_a_ruling_id(lang: str) -> None:
    """Issue 29, one policy: a player reads the rule in words, never the project's ruling
    ids (SW-12, RH-8, DS-6 live in RULES-NOTES, the code and the tests); README "Rules"."""
    cited = {k: v for k, v in catalog(lang).items() if re.search(r"\b(?:SW|RH|DS|N)-\d+\b", k + v)}
    assert cited == {}
