"""Conditions: SW-17 expiry at exactly the right turn, renewal, implied conditions
(SW-16, SW-20), SW-6 trait modifiers, and who may change them."""

from __future__ import annotations

import pytest

from bot.dice.source import ForcedSource
from bot.systems.base import Actor, RuleError
from bot.systems.swade.conditions import (
    add_condition,
    apply_condition,
    condition_ends_key,
    effective_conditions,
    has_condition,
    parse_condition,
    remove_condition,
    trait_modifiers,
)
from bot.systems.swade.deck import parse_card
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeSettings, SwadeState
from bot.systems.swade.turns import current_combatant, deal, next_turn

GM = Actor(user_id=1, is_gm=True)
ANA = Actor(user_id=2)


def dice() -> ForcedSource:
    return ForcedSource([], strict=True)


def two(**settings: bool) -> SwadeState:
    """Ana (played by user 2) and an Orc; Ana acts first in round 1 and round 2."""
    return SwadeState(
        combatants=[
            SwadeCombatant(id="a", name="Ana", controller_id=2, is_pc=True, wild_card=True),
            SwadeCombatant(id="o", name="Orc", side="foes"),
        ],
        deck=[parse_card(c) for c in ["KS", "QS", "KH", "QH"]],
        settings=SwadeSettings(**settings),
    )


def ana(state: SwadeState) -> SwadeCombatant:
    return state.combatants[0]


def orc(state: SwadeState) -> SwadeCombatant:
    return state.combatants[1]


def is_(state: SwadeState, c: SwadeCombatant, name: str) -> bool:
    return has_condition(c, name, state.settings)


# --- SW-17 ---------------------------------------------------------------------------------


def test_distracted_from_someone_elses_turn_ends_at_the_end_of_its_next_turn() -> None:
    state = deal(two(), GM, dice()).state  # Ana's turn
    state = add_condition(state, GM, "Orc", "distracted").state
    state = next_turn(state, GM, dice()).state  # the Orc's turn starts
    assert is_(state, orc(state), "distracted")
    out = next_turn(state, GM, dice())  # the Orc's turn ends
    assert not is_(out.state, orc(out.state), "distracted")
    assert ("swade.condition.expired", "distracted") in [
        (e.key, e.params.get("condition")) for e in out.events
    ]


def test_vulnerable_from_its_own_turn_lasts_through_its_next_turn() -> None:
    state = deal(two(), GM, dice()).state  # Ana's turn
    state = add_condition(state, GM, "Ana", "vulnerable").state  # e.g. a Wild Attack
    state = next_turn(state, GM, dice()).state  # Ana's turn ends: still Vulnerable
    assert is_(state, ana(state), "vulnerable")
    state = next_turn(state, GM, dice()).state  # round 2, Ana's next turn starts
    assert state.round == 2 and current_combatant(state).name == "Ana"
    assert is_(state, ana(state), "vulnerable")
    state = next_turn(state, GM, dice()).state  # ...and ends
    assert not is_(state, ana(state), "vulnerable")


def test_vulnerable_before_its_turn_comes_ends_with_that_turn() -> None:
    state = deal(two(), GM, dice()).state
    state = next_turn(state, GM, dice()).state  # the Orc's turn
    state = add_condition(state, GM, "Ana", "distracted").state  # Ana already acted
    state = next_turn(state, GM, dice()).state  # round 2: Ana's turn
    assert is_(state, ana(state), "distracted")
    state = next_turn(state, GM, dice()).state
    assert not is_(state, ana(state), "distracted")


def test_applying_again_renews_and_does_not_stack() -> None:
    state = deal(two(), GM, dice()).state
    state = add_condition(state, GM, "Orc", "distracted").state
    state = next_turn(state, GM, dice()).state  # the Orc's turn: now it lasts one more turn
    out = add_condition(state, GM, "Orc", "distracted")  # renewed during its own turn
    assert out.events[0].key == "swade.condition.renewed"
    assert [c.name for c in orc(out.state).conditions] == ["distracted"]
    state = next_turn(out.state, GM, dice()).state  # its turn ends: renewed, so it stays
    assert is_(state, orc(state), "distracted")
    assert trait_modifiers(orc(state), state) == [("swade.mod.distracted", -2)]


def test_a_round_stamped_condition_ends_with_its_owners_turn_in_that_round() -> None:
    state = deal(two(), GM, dice()).state
    orc(state).conditions.append(Condition(name="vulnerable", ends_after_turn_of="o", ends_round=2))
    state = next_turn(state, GM, dice()).state
    state = next_turn(state, GM, dice()).state  # round 1 Orc's turn ended: round 2 now
    assert is_(state, orc(state), "vulnerable")
    state = next_turn(state, GM, dice()).state
    state = next_turn(state, GM, dice()).state  # the Orc's round-2 turn ended
    assert not is_(state, orc(state), "vulnerable")


def test_defend_ends_at_the_start_of_its_next_turn() -> None:
    state = deal(two(), GM, dice()).state
    state = add_condition(state, ANA, "Ana", "defending").state
    state = next_turn(state, GM, dice()).state
    assert ana(state).defending
    state = next_turn(state, GM, dice()).state  # round 2, Ana's turn
    assert not ana(state).defending


# --- implied conditions (SW-16, SW-20) and SW-6 -------------------------------------------


def test_entangled_is_distracted_and_the_penalty_counts_once() -> None:
    state = two()
    state = add_condition(state, GM, "Ana", "entangled").state
    state = add_condition(state, GM, "Ana", "distracted").state
    assert is_(state, ana(state), "distracted") and not is_(state, ana(state), "vulnerable")
    assert trait_modifiers(ana(state), state) == [("swade.mod.distracted", -2)]


def test_entangled_is_vulnerable_instead_with_the_setting() -> None:
    state = add_condition(two(entangled_vulnerable=True), GM, "Ana", "entangled").state
    assert is_(state, ana(state), "vulnerable") and not is_(state, ana(state), "distracted")


def test_bound_is_distracted_and_vulnerable_and_replaces_entangled() -> None:
    state = add_condition(two(), GM, "Ana", "entangled").state
    state = add_condition(state, GM, "Ana", "bound").state
    assert effective_conditions(ana(state), state.settings) == ["distracted", "vulnerable", "bound"]


def test_an_implied_condition_cannot_be_removed_alone() -> None:
    state = add_condition(two(), GM, "Ana", "bound").state
    with pytest.raises(RuleError) as err:
        remove_condition(state, GM, "Ana", "vulnerable")
    assert err.value.key == "swade.condition.implied"


def test_stunned_knocks_prone() -> None:
    state = add_condition(two(), GM, "Ana", "stunned").state
    names = effective_conditions(ana(state), state.settings)
    assert names == ["stunned", "distracted", "vulnerable", "prone"]


def test_trait_modifiers_name_each_modifier() -> None:
    state = deal(two(), GM, dice()).state
    c = ana(state)
    c.wounds, c.fatigue = 5, 2
    c.card = parse_card("JOKER-R")
    apply_condition(state, c, "distracted")
    assert trait_modifiers(c, state) == [
        ("swade.mod.wounds", -3),  # at most -3
        ("swade.mod.fatigue", -2),
        ("swade.mod.distracted", -2),
        ("swade.mod.joker", 2),
    ]


def test_nerves_of_steel_ignores_a_wound_point() -> None:
    c = SwadeCombatant(id="a", name="Ana", wounds=2, edges=["nerves_of_steel"])
    assert trait_modifiers(c, SwadeState(combatants=[c])) == [("swade.mod.wounds", -1)]


def test_removing_exhausted_leaves_fatigued() -> None:
    state = add_condition(two(), GM, "Ana", "exhausto").state
    assert ana(state).fatigue == 2
    state = remove_condition(state, GM, "Ana", "exhausted").state
    assert ana(state).fatigue == 1 and is_(state, ana(state), "fatigued")


def test_adding_twice_is_refused() -> None:
    state = add_condition(two(), GM, "Ana", "prone").state
    with pytest.raises(RuleError) as err:
        add_condition(state, GM, "Ana", "cuerpo a tierra")
    assert err.value.key == "swade.condition.already"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("aturdido", "shaken"),
        ("Conmocionado", "stunned"),
        ("distraído", "distracted"),
        ("aferrado", "entangled"),
        ("inmovilizado", "bound"),
        ("en espera", "on_hold"),
        ("desangrándose", "bleeding_out"),
        ("Bleeding out", "bleeding_out"),
        ("on_hold", "on_hold"),
    ],
)
def test_condition_names_in_both_languages(text: str, name: str) -> None:
    assert parse_condition(text) == name


def test_unknown_condition() -> None:
    with pytest.raises(RuleError) as err:
        parse_condition("happy")
    assert err.value.key == "swade.condition.unknown"


# --- permissions ---------------------------------------------------------------------------


def test_a_player_changes_conditions_only_on_what_they_control() -> None:
    state = two()
    assert ana(add_condition(state, ANA, "Ana", "prone").state).conditions[0].name == "prone"
    with pytest.raises(RuleError) as err:
        add_condition(state, ANA, "Orc", "shaken")
    assert err.value.key == "swade.perm.not_yours"


def test_only_the_gm_puts_someone_on_hold_by_condition() -> None:
    with pytest.raises(RuleError) as err:
        add_condition(two(), ANA, "Ana", "on_hold")
    assert err.value.key == "swade.perm.condition_add"


@pytest.mark.parametrize(
    "condition",
    ["shaken", "stunned", "bound", "entangled", "incapacitated", "vulnerable", "distracted"],
)
def test_a_player_cannot_clear_what_the_rules_end(condition: str) -> None:
    """Issue 21: a player removed Incapacitated, Shaken, Stunned or Bound from their own
    hero by command; the rules end them (SW-15, SW-16, SW-19) or the GM does."""
    state = add_condition(two(), GM, "Ana", condition).state
    with pytest.raises(RuleError) as err:
        remove_condition(state, ANA, "Ana", condition)
    assert err.value.key == "swade.perm.condition_remove"
    assert remove_condition(state, GM, "Ana", condition).events


@pytest.mark.parametrize("condition", ["prone", "defending"])
def test_a_player_stands_up_and_stops_defending(condition: str) -> None:
    state = add_condition(two(), ANA, "Ana", condition).state
    assert remove_condition(state, ANA, "Ana", condition).events


def test_the_action_does_not_change_the_given_state() -> None:
    state = two()
    add_condition(state, GM, "Ana", "shaken")
    assert not ana(state).shaken


def test_the_board_says_when_a_timed_condition_ends() -> None:
    state = deal(two(), GM, dice()).state  # Ana's turn
    state = add_condition(state, GM, "Ana", "vulnerable").state
    state = add_condition(state, GM, "Orc", "distracted").state
    state = add_condition(state, GM, "Orc", "prone").state
    vulnerable = ana(state).conditions[0]
    distracted, prone = orc(state).conditions
    assert condition_ends_key(state, ana(state), vulnerable) == "swade.condition.ends.next_turn"
    assert condition_ends_key(state, orc(state), distracted) == "swade.condition.ends.next_turn"
    assert condition_ends_key(state, orc(state), prone) is None
    state = next_turn(state, GM, dice()).state  # the Orc's turn
    distracted = orc(state).conditions[0]
    assert condition_ends_key(state, orc(state), distracted) == "swade.condition.ends.this_turn"
