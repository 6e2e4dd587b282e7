"""Issue 21: names made plain (bot.systems.plain_names), and the bounds modules' copies
of rule constants they cannot import (the rules import them)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.plain_names import (
    admit_name,
    clean_name,
    looks_like_id,
    markup_problem,
    name_fold,
    plain_name,
)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Jefe orco", "Jefe orco"),
        ("  Jefe \t orco  ", "Jefe orco"),
        ("Jefe\norco", "Jefe orco"),
        ("\u200bJefe\u200d orco\u202e", "Jefe orco"),
        ("Jefe\u00a0orco", "Jefe orco"),
        ("Jefe\u3164orco", "Jefeorco"),
        ("Héroe", "Héroe"),
        ("He\u0301roe", "Héroe"),  # a combining accent is the composed one
    ],
)
def test_clean_name_drops_invisible_and_collapses_spaces(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    "name",
    ["[Beni](https://x.example)", "<@123>", "@everyone", "**Jefe**", "Orco_1", "`x`",
     "a|b", "# Ana", "- Ana", "> Ana", "ver https://x.example", "a\\b", "~~x~~"],
)  # fmt: skip
def test_markup_is_refused_naming_the_character(name: str) -> None:
    assert markup_problem(name) is not None
    with pytest.raises(RuleError) as refused:
        plain_name(name, limit=80)
    assert refused.value.key == "names.markup"


@pytest.mark.parametrize("name", ["Orco (jefe)", "Sr. Lobo", "Goblin #2", "Ana-Lía", "O'Neil"])
def test_ordinary_punctuation_is_plain(name: str) -> None:
    assert plain_name(name, limit=80) == name


def test_folded_names_ignore_case_accents_and_invisible_characters() -> None:
    assert name_fold("JEFE ÓRCO\u200b") == name_fold("jefe orco") == "jefe orco"
    with pytest.raises(RuleError) as refused:
        admit_name("Jefe  ÓRCO", ["Goblin", "Jefe orco"], limit=80)
    assert refused.value.key == "names.taken" and refused.value.params["other"] == "Jefe orco"


def test_an_id_form_empty_and_long_names_are_refused() -> None:
    assert looks_like_id("C12") and looks_like_id("c5") and not looks_like_id("c5a")
    for name, key in (
        ("c7", "names.like_id"),
        (" \u200b ", "names.empty"),
        ("x" * 81, "names.too_long"),
    ):
        with pytest.raises(RuleError) as refused:
            plain_name(name, limit=80)
        assert refused.value.key == key


def test_bounds_copies_of_rule_constants_agree() -> None:
    from bot.systems.ds20 import bounds as ds20_bounds
    from bot.systems.ds20._common import MAX_EXTRA_ACTIONS
    from bot.systems.ds20.firearms import MAX_AIM
    from bot.systems.ds20.initiative import MAX_TIEBREAKS
    from bot.systems.swade import bounds as swade_bounds
    from bot.systems.swade.conditions import CONDITIONS
    from bot.systems.swade.modifiers import BOUND, ENTANGLED
    from bot.systems.swade.references import HELD

    assert ds20_bounds.AIM[1] == MAX_AIM
    assert ds20_bounds.EXTRA_ACTIONS[1] == MAX_EXTRA_ACTIONS
    assert ds20_bounds.TIEBREAKS == MAX_TIEBREAKS + 1
    assert 2 * len(CONDITIONS) <= swade_bounds.CONDITIONS_MAX
    assert set(HELD) == {ENTANGLED, BOUND}
