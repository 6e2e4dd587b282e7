"""Who pays (SW-35) and the state changes the bennies package owns: a GM Wild Card's own
pool, its session allotment, recovering power points. Pure functions, no table."""

from __future__ import annotations

import pytest

from bot.bennies import GM, holder_for
from bot.systems.base import Actor, RuleError
from bot.systems.swade.benny_pools import seed_wild_card_pools, take_wild_card_benny
from bot.systems.swade.powers import recover_power_points
from bot.systems.swade.state import SwadeState
from tests.bennies.helpers import extra, hero, villain

PLAYER = Actor(user_id=7)
GM_ACTOR = Actor(user_id=1, is_gm=True)


def test_a_hero_pays_from_its_players_pool() -> None:
    assert holder_for(hero("c1", "Ana", 7)) == ["user:7"]


def test_a_gm_wild_card_pays_from_its_own_pool_then_the_gms() -> None:
    assert holder_for(villain("c2", "Jefe")) == ["wc:c2", GM]


def test_an_extra_and_an_unassigned_hero_pay_from_the_gms_pool() -> None:
    assert holder_for(extra("c3", "Goblin")) == [GM]
    assert holder_for(hero("c4", "Sin jugador", None)) == [GM]


def test_a_wild_card_benny_comes_off_its_own_pool_without_touching_the_input() -> None:
    state = SwadeState(combatants=[villain("c2", "Jefe", bennies=1)])
    after = take_wild_card_benny(state, "c2")
    assert after.combatants[0].bennies == 0
    assert state.combatants[0].bennies == 1
    with pytest.raises(RuleError) as empty:
        take_wild_card_benny(after, "c2")
    assert empty.value.key == "bennies.error.empty"


def test_session_allotment_is_the_sheets_number_or_two_and_only_for_gm_wild_cards() -> None:
    state = SwadeState(
        combatants=[
            villain("c1", "Jefe"),
            villain("c2", "Bruja", bennies=3),
            hero("c3", "Ana", 7),
            extra("c4", "Goblin"),
        ]
    )
    after, given = seed_wild_card_pools(state, ["c1", "c2", "c3", "c4"])
    assert given == {"c1": 2, "c2": 3}
    assert [c.bennies for c in after.combatants] == [2, 3, 0, 0]


def test_power_points_come_back_five_at_a_time_up_to_the_maximum() -> None:
    state = SwadeState(combatants=[hero("c1", "Ana", 7, power_points=7, max_power_points=10)])
    out = recover_power_points(state, PLAYER, "c1")
    assert out.state.combatants[0].power_points == 10
    assert out.events[0].params["gained"] == 3
    assert state.combatants[0].power_points == 7


def test_power_points_without_a_known_maximum_gain_the_full_five() -> None:
    state = SwadeState(combatants=[hero("c1", "Ana", 7, power_points=2)])
    assert recover_power_points(state, PLAYER, "c1").state.combatants[0].power_points == 7


def test_only_the_controller_or_the_gm_recovers_a_characters_power_points() -> None:
    state = SwadeState(combatants=[hero("c1", "Ana", 7, power_points=2, max_power_points=10)])
    with pytest.raises(RuleError) as refused:
        recover_power_points(state, Actor(user_id=8), "c1")
    assert refused.value.key == "bennies.error.not_yours"
    assert recover_power_points(state, GM_ACTOR, "c1").state.combatants[0].power_points == 7
