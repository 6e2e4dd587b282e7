"""The round: AP levels, the needle, opportunities, waiting and preparation points
(seed 002 'Rondas de combate', 'Esperar', 'Preparar'; RH-5, RH-6, RH-7)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ritualhex import (
    declare,
    opportunity,
    parse_sheet,
    pass_reaction,
    prepare,
    start_round,
    wait,
)
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    add,
    by_name,
    cid,
    dice,
    keys,
    names,
    no_dice,
)

DUMMY = "nombre: Muñeco\nAP 3, HP 20, Str 0, Def 0\npartes: torso\nmiembros: mano x2"


def duel(hero_ap: int, dummy: str = DUMMY) -> RitualHexState:
    state = RitualHexState()
    state = add(
        state, f"nombre: Ana\nAP {hero_ap}, HP 10, Str 0, Def 0, Mag 0", "hero", PLAYER_A.user_id
    )
    return add(state, dummy, "minion")


def test_rh5_ap_levels_are_capped_at_15_and_the_needle_falls_to_the_first() -> None:
    state = start_round(duel(17), GM).state
    assert by_name(state, "Ana").ap_level == 15
    assert state.needle == 14
    assert names(state, opportunity(state)) == ["Ana"]


def test_rh5_rh7_overspending_leaves_waiting_points_that_cut_the_next_round() -> None:
    state = start_round(duel(4), GM).state  # Ana 4, Muñeco 3; needle 3
    ana, dummy = cid(state, "Ana"), cid(state, "Muñeco")
    state = declare(state, PLAYER_A, no_dice(), actor_id=ana, action="Piña", targets=[dummy]).state
    # Piña costs 5 with 4 AP: the level is 0 and the 1 left goes on the body card.
    assert by_name(state, "Ana").ap_level == 0
    assert by_name(state, "Ana").waiting == 1
    # The dummy (3 > 0) may react; it passes and the punch misses (1+1+1 <= 11).
    state = pass_reaction(state, GM, dice(1, 1, 1), reactor_id=dummy).state
    assert names(state, state.acting) == ["Muñeco"]
    for _ in range(2):
        state = wait(state, GM, actor_id=dummy).state
    out = wait(state, GM, actor_id=dummy)
    state = out.state
    # Every AP level is 0: the round ends and the next one starts with AP - waiting.
    assert "ritualhex.round_ended" in keys(out)
    assert state.round == 2
    assert by_name(state, "Ana").ap_level == 3
    assert by_name(state, "Ana").waiting == 0
    assert by_name(state, "Muñeco").ap_level == 3


def test_rh5_unspent_preparation_is_lost_when_the_round_ends() -> None:
    state = start_round(duel(1), GM).state  # Ana 1, Muñeco 3
    dummy = cid(state, "Muñeco")
    state = wait(state, GM, actor_id=dummy).state  # 2
    state = wait(state, GM, actor_id=dummy).state  # 1; now Ana (1, AP 1) vs Muñeco (1, AP 3)
    assert names(state, state.acting) == ["Muñeco"]  # RH-6: higher AP attribute
    state = prepare(state, GM, actor_id=dummy).state
    assert by_name(state, "Muñeco").prep == 1
    out = prepare(state, PLAYER_A, actor_id=cid(state, "Ana"))
    assert "ritualhex.round_ended" in keys(out)
    assert all(c.prep == 0 for c in out.state.combatants)


def test_rh5_combat_ends_when_no_two_enemies_are_active() -> None:
    weak = "nombre: Muñeco\nAP 3, HP 1, Def 0\npartes: torso"
    state = start_round(duel(10, weak), GM).state
    ana, dummy = cid(state, "Ana"), cid(state, "Muñeco")
    out = declare(state, PLAYER_A, dice(5, 5, 5, 4), actor_id=ana, action="Piña", targets=[dummy])
    assert "ritualhex.down" in keys(out)
    assert keys(out)[-1] == "ritualhex.combat_over_heroes"
    assert out.state.phase == "over"


def test_start_round_needs_a_hero_and_a_minion_and_the_gm() -> None:
    state = add(RitualHexState(), "nombre: Ana\nAP 5, HP 5", "hero", PLAYER_A.user_id)
    with pytest.raises(RuleError) as err:
        start_round(state, GM)
    assert err.value.key == "ritualhex.error.need_two_sides"
    with pytest.raises(RuleError) as err:
        start_round(duel(5), PLAYER_A)
    assert err.value.key == "ritualhex.error.gm_only"


def _tied(**overrides: dict[str, int]) -> RitualHexState:
    """Four combatants at AP level 8 above a needle of 7, with the given tweaks."""
    state = RitualHexState(phase="round", needle=7)
    for name, side in (("H1", "hero"), ("H2", "hero"), ("M1", "minion"), ("M2", "minion")):
        c = parse_sheet(f"nombre: {name}\nAP 8, HP 5", kind=side)  # type: ignore[arg-type]
        c.id = name
        c.ap_level = 8
        for field, value in overrides.get(name, {}).items():
            if field == "ap":
                c.base["ap"] = value
            else:
                setattr(c, field, value)
        state.combatants.append(c)
    return state


def test_rh6_higher_ap_level_acts_first() -> None:
    assert opportunity(_tied(M2={"ap_level": 9})) == ["M2"]


def test_rh6_then_more_preparation_points() -> None:
    assert opportunity(_tied(M1={"prep": 1})) == ["M1"]


def test_rh6_then_higher_ap_attribute() -> None:
    assert opportunity(_tied(M2={"ap": 9})) == ["M2"]


def test_rh6_then_heroes_before_minions_and_tied_heroes_choose() -> None:
    # H1 and H2 tie on everything: their controllers choose, so either may act.
    assert opportunity(_tied()) == ["H1", "H2"]


def test_rh6_tied_minions_are_the_dark_lords_choice() -> None:
    state = _tied(H1={"ap_level": 2}, H2={"ap_level": 2})
    assert opportunity(state) == ["M1", "M2"]


def test_only_the_combatant_with_the_opportunity_may_act() -> None:
    state = start_round(duel(10), GM).state
    with pytest.raises(RuleError) as err:
        wait(state, GM, actor_id=cid(state, "Muñeco"))
    assert err.value.key == "ritualhex.error.not_your_opportunity"


def test_a_player_cannot_act_for_a_combatant_they_do_not_control() -> None:
    state = start_round(duel(10), GM).state
    from tests.systems.ritualhex.helpers import PLAYER_B

    with pytest.raises(RuleError) as err:
        wait(state, PLAYER_B, actor_id=cid(state, "Ana"))
    assert err.value.key == "ritualhex.error.not_your_combatant"


def test_rh7_with_waiting_on_the_body_only_wait_is_allowed() -> None:
    state = start_round(duel(10), GM).state
    ana, dummy = cid(state, "Ana"), cid(state, "Muñeco")
    state.combatants[0].waiting = 2
    for act in (
        lambda s: declare(s, PLAYER_A, no_dice(), actor_id=ana, action="Piña", targets=[dummy]),
        lambda s: prepare(s, PLAYER_A, actor_id=ana),
    ):
        with pytest.raises(RuleError) as err:
            act(state)
        assert err.value.key == "ritualhex.error.body_waiting"
    state = wait(state, PLAYER_A, actor_id=ana).state
    # Paying 1 AP removed one waiting point.
    assert (by_name(state, "Ana").ap_level, by_name(state, "Ana").waiting) == (9, 1)


def test_rh7_paying_ap_removes_waiting_from_each_limb_but_prepare_does_not() -> None:
    state = start_round(duel(10), GM).state
    ana = cid(state, "Ana")
    hero = state.combatants[0]
    hero.part("mano1").waiting = 3  # type: ignore[union-attr]
    hero.part("pies").waiting = 1  # type: ignore[union-attr]
    # Prepare (1 AP) leaves the waiting points alone.
    state = prepare(state, PLAYER_A, actor_id=ana).state
    assert by_name(state, "Ana").part("mano1").waiting == 3  # type: ignore[union-attr]
    # Wait (1 AP) removes one from each limb.
    state = wait(state, PLAYER_A, actor_id=ana).state
    hero = by_name(state, "Ana")
    assert (hero.part("mano1").waiting, hero.part("pies").waiting) == (2, 0)  # type: ignore[union-attr]
    # Preparation points are lost after any action other than Prepare.
    assert hero.prep == 0


def test_rh7_prepare_gives_a_preparation_point_for_one_ap() -> None:
    state = start_round(duel(10), GM).state
    out = prepare(state, PLAYER_A, actor_id=cid(state, "Ana"))
    hero = by_name(out.state, "Ana")
    assert (hero.ap_level, hero.prep) == (9, 1)


def test_players_add_only_their_own_heroes_and_names_are_unique() -> None:
    from bot.systems.ritualhex import add_combatant

    hero = parse_sheet("nombre: Ana\nAP 5, HP 5", kind="hero")
    out = add_combatant(RitualHexState(), PLAYER_A, hero, controller_id=PLAYER_A.user_id)
    assert out.state.combatants[0].controller_id == PLAYER_A.user_id
    assert out.state.combatants[0].id == "c1"
    with pytest.raises(RuleError) as err:
        add_combatant(RitualHexState(), PLAYER_A, hero, controller_id=None)
    assert err.value.key == "ritualhex.error.gm_only"
    with pytest.raises(RuleError) as err:
        add_combatant(out.state, GM, hero)
    assert err.value.key == "ritualhex.error.duplicate_name"


def test_someone_added_mid_round_acts_from_the_next_round() -> None:
    state = start_round(duel(10), GM).state
    state = add(state, "nombre: Beto\nAP 14, HP 5", "hero", PLAYER_A.user_id)
    assert by_name(state, "Beto").ap_level == 0
    assert names(state, state.acting) == ["Ana"]
