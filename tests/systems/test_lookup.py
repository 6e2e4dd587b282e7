"""The one name resolver reads a name as typed, then without the quotes around it and the
punctuation after it (``bot.systems.words.readings``); the literal reading wins, so a
name that really ends in punctuation stays reachable."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.systems.base import RuleError
from bot.systems.lookup import find, first_named, matching
from bot.systems.words import looked_up, readings


@dataclass(frozen=True)
class Someone:
    id: str
    name: str


ORCS = [Someone("c1", "Orco"), Someone("c2", "Orco!"), Someone("c3", "Orca Grande")]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Orco", ("orco",)),
        ("orco.", ("orco.", "orco")),
        ("«Orco»,", ("«orco»,", "orco")),
        ('"Orco!"', ('"orco!"', "orco")),
        ("“Jefe órco”?!", ("“jefe orco”?!", "jefe orco")),
        ("O'Brien", ("o'brien",)),  # a quote inside a name stays
        ("...", ("...",)),  # nothing left: only the text as typed
    ],
)
def test_readings_as_typed_then_bare(typed: str, meant: tuple[str, ...]) -> None:
    assert readings(typed) == meant


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("Orco!", "c2"),  # the literal name first
        ("orco.", "c1"),
        ("«orco»", "c1"),
        ("Orco!!", "c1"),  # not a name as typed: the bare reading
        ("c2.", "c2"),  # an id too
        ("orca,", "c3"),  # the start of one name
    ],
)
def test_find_prefers_the_name_as_typed(typed: str, found: str) -> None:
    assert find(ORCS, typed).id == found


def test_unknown_and_ambiguous_name_the_text_as_typed() -> None:
    with pytest.raises(RuleError) as unknown:
        find(ORCS, "Nadie.")
    assert unknown.value.key == "names.unknown_combatant"
    assert unknown.value.params["name"] == "Nadie."
    with pytest.raises(RuleError) as ambiguous:
        find([Someone("c1", "Goblin Arquero"), Someone("c2", "Goblin Brujo")], "gob.")
    assert ambiguous.value.key == "names.ambiguous"


def test_first_named_and_tables_follow_the_same_order() -> None:
    weapons = ["Hacha", "Hacha."]
    assert first_named(weapons, "Hacha.", lambda w, wanted: w.casefold() == wanted) == "Hacha."
    assert first_named(weapons, "hacha!", lambda w, wanted: w.casefold() == wanted) == "Hacha"
    assert looked_up({"cabeza": "head"}, "Cabeza!") == "head"
    assert looked_up({"cabeza": "head"}, "cuello") is None
    assert matching(["Orco", "Orca Grande"], "«orc».") == ["Orco", "Orca Grande"]


def test_whole_names_only_never_takes_the_start_of_one() -> None:
    """For what cannot be undone (deleting a saved character): a whole name, however
    typed, but not the start of one."""
    assert find(ORCS, "«ORCA GRANDE».", whole=True).id == "c3"
    assert find(ORCS, "Orca").id == "c3"
    with pytest.raises(RuleError) as err:
        find(ORCS, "Orca", whole=True, unknown_key="character.unknown")
    assert (err.value.key, err.value.params) == ("character.unknown", {"name": "Orca"})


def test_the_ambiguous_refusal_is_the_callers() -> None:
    with pytest.raises(RuleError) as err:
        find(ORCS, "Or", ambiguous_key="character.ambiguous")
    assert err.value.key == "character.ambiguous"
    assert err.value.params["names"] == "Orco, Orco!, Orca Grande"
