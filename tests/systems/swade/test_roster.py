"""Adding, joining, editing, finding and removing SWADE combatants, with permissions."""

from __future__ import annotations

import pytest

from bot.dice.source import ForcedSource
from bot.systems.base import Actor, RuleError
from bot.systems.swade.deck import parse_card
from bot.systems.swade.encounter_rules import (
    add_combatants,
    edit_combatant,
    find_combatant,
    join,
    remove_combatant,
)
from bot.systems.swade.state import SwadeState
from bot.systems.swade.turns import current_combatant, deal, next_turn

GM = Actor(user_id=1, is_gm=True)
ANA = Actor(user_id=2)
BEA = Actor(user_id=3)

GOBLIN = "Goblin\nAttributes: Agility d8, Spirit d6, Vigor d6\nSkills: Fighting d6\nPace: 5"
HERO = "Ana\nAttributes: Agility d8, Spirit d8, Vigor d6\nSkills: Fighting d8"


def test_six_goblins_are_numbered_and_share_one_group() -> None:
    out = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=6)
    names = [c.name for c in out.state.combatants]
    assert names == [f"Goblin {n}" for n in range(1, 7)]
    assert {c.group for c in out.state.combatants} == {"Goblin"}
    assert [c.id for c in out.state.combatants] == [f"c{n}" for n in range(1, 7)]
    assert all(not c.wild_card and c.side == "foes" for c in out.state.combatants)


def test_more_goblins_continue_the_numbering() -> None:
    state = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=2).state
    state = add_combatants(state, GM, statblock=GOBLIN, count=2).state
    assert [c.name for c in state.combatants] == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]


def test_several_wild_cards_get_no_shared_card() -> None:
    out = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=2, wild_card=True)
    assert all(c.wild_card and c.group is None for c in out.state.combatants)


def test_the_group_shares_one_card_when_dealt() -> None:
    state = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=3).state
    state.deck = [parse_card("QS"), parse_card("2C")]
    state = deal(state, GM, ForcedSource([], strict=True)).state
    assert [c.card for c in state.combatants] == [parse_card("QS")] * 3
    assert state.turn_order == ["c1"]


def test_add_does_not_change_the_given_state() -> None:
    state = SwadeState()
    add_combatants(state, GM, statblock=GOBLIN, count=2)
    assert state.combatants == [] and state.next_id == 1


def test_only_the_gm_adds_combatants() -> None:
    with pytest.raises(RuleError) as err:
        add_combatants(SwadeState(), ANA, statblock=GOBLIN)
    assert err.value.key == "swade.perm.gm_only"


def test_a_player_joins_as_a_wild_card_they_control() -> None:
    out = join(SwadeState(), ANA, statblock=HERO)
    (ana,) = out.state.combatants
    assert (ana.name, ana.controller_id, ana.is_pc, ana.wild_card, ana.side) == (
        "Ana",
        2,
        True,
        True,
        "heroes",
    )
    assert out.events[0].key == "swade.combatant.joined"


def test_join_from_a_saved_sheet() -> None:
    sheet = join(SwadeState(), ANA, statblock=HERO).state.combatants[0].model_dump()
    out = join(SwadeState(), BEA, sheet=sheet, name="Bea")
    assert out.state.combatants[0].name == "Bea"
    assert out.state.combatants[0].controller_id == 3
    assert out.state.combatants[0].skills["fighting"].die == 8


def test_names_are_unique() -> None:
    state = join(SwadeState(), ANA, statblock=HERO).state
    with pytest.raises(RuleError) as err:
        add_combatants(state, GM, name="ana")
    assert err.value.key == "swade.combatant.name_taken"


def test_find_by_id_or_name_ignoring_case_and_accents() -> None:
    state = add_combatants(SwadeState(), GM, name="Álvaro").state
    assert find_combatant(state, "alvaro").id == "c1"
    assert find_combatant(state, "c1").name == "Álvaro"
    with pytest.raises(RuleError) as err:
        find_combatant(state, "Nadie")
    assert (err.value.key, err.value.params) == ("swade.unknown_combatant", {"name": "Nadie"})


def test_a_player_edits_no_combatant_not_even_their_own() -> None:
    """Issue 21: ``Heridas: 0 | Parada: 40`` on one's own hero undid a fight; the GM edits."""
    state = join(SwadeState(), ANA, statblock=HERO).state
    state = add_combatants(state, GM, name="Orc").state
    with pytest.raises(RuleError) as err:
        edit_combatant(state, ANA, "Ana", {"bennies": 4})
    assert err.value.key == "swade.perm.edit_gm"
    with pytest.raises(RuleError) as err:
        edit_combatant(state, ANA, "Ana", {"wounds": 0, "parry": 40})
    assert err.value.key == "swade.perm.edit_gm"
    with pytest.raises(RuleError) as err:
        edit_combatant(state, ANA, "Orc", {"wounds": 1})
    assert err.value.key == "swade.perm.not_yours"
    assert edit_combatant(state, GM, "Ana", {"bennies": 4}).state.combatants[0].bennies == 4
    assert edit_combatant(state, GM, "Ana", {"side": "foes"}).state.combatants[0].side == "foes"


def test_edit_rejects_bad_values() -> None:
    state = add_combatants(SwadeState(), GM, name="Orc").state
    with pytest.raises(RuleError) as err:
        edit_combatant(state, GM, "Orc", {"wounds": -1})
    assert err.value.key == "swade.combatant.bad_value"
    with pytest.raises(RuleError) as err:
        edit_combatant(state, GM, "Orc", {"shoe_size": 3})
    assert err.value.key == "swade.combatant.bad_field"


def test_only_the_gm_removes_a_hero() -> None:
    """Issue 21: a player removing their hero and joining again came back unhurt."""
    state = join(SwadeState(), ANA, statblock=HERO).state
    with pytest.raises(RuleError) as err:
        remove_combatant(state, BEA, "Ana")
    assert err.value.key == "swade.perm.not_yours"
    with pytest.raises(RuleError) as err:
        remove_combatant(state, ANA, "Ana")
    assert err.value.key == "swade.perm.remove_gm"
    assert remove_combatant(state, GM, "Ana").state.combatants == []


def test_removing_the_combatant_whose_turn_it_is_moves_on_to_the_next_card() -> None:
    state = add_combatants(SwadeState(), GM, name="Orc").state
    state = add_combatants(state, GM, name="Elf").state
    state = add_combatants(state, GM, name="Imp").state
    state.deck = [parse_card(c) for c in ("KS", "QS", "JS")]
    state = deal(state, GM, ForcedSource([], strict=True)).state
    assert current_combatant(state).name == "Orc"
    state = remove_combatant(state, GM, "Orc").state
    assert current_combatant(state) is None
    assert parse_card("KS") in state.discard
    state = next_turn(state, GM, ForcedSource([], strict=True)).state
    assert current_combatant(state).name == "Elf"


def test_removing_a_group_leader_keeps_the_group_in_the_order() -> None:
    state = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=3).state
    state = add_combatants(state, GM, name="Orc").state
    state.deck = [parse_card("2C"), parse_card("KS")]
    state = deal(state, GM, ForcedSource([], strict=True)).state
    assert state.turn_order == ["c4", "c1"]
    state = remove_combatant(state, GM, "Goblin 1").state
    assert state.turn_order == ["c4", "c2"]
    state = next_turn(state, GM, ForcedSource([], strict=True)).state
    assert current_combatant(state).name == "Goblin 2"
