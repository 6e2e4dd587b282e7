"""DS-10 advanced melee: grapple, escape, headbutt, knock down, disarm, push, standing."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ds20.combat import attack, defend
from bot.systems.ds20.melee import disarm, escape, grapple, headbutt, push, release, stand_up
from tests.systems.ds20.helpers import GM, PLAYER, dice, in_turn, two


def held(turn: str = "c2"):  # type: ignore[no-untyped-def]
    """Ana (c1) holds Bruto (c2); ``turn`` is acting."""
    state = in_turn(two(), turn)
    state.get("c2").grappled_by = "c1"
    state.get("c1").grappling = "c2"
    return state


def test_ds10_grapple_hit_waits_for_defence_then_holds() -> None:
    out = grapple(in_turn(two(), "c1"), PLAYER, dice(5), attacker_id="c1", target_id="c2")
    assert out.state.pending is not None and out.state.pending.maneuver == "grapple"
    done = defend(out.state, GM, dice(), defender_id="c2", kind="none")
    assert done.state.get("c2").grappled_by == "c1"
    assert done.state.get("c1").grappling == "c2"
    assert done.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


def test_ds10_grapple_blocked_with_more_success_is_avoided_without_damage() -> None:
    state = grapple(in_turn(two(), "c1"), PLAYER, dice(8), attacker_id="c1", target_id="c2").state
    out = defend(state, GM, dice(3), defender_id="c2", kind="block")  # Pelea 10: 7 > 2
    assert out.state.get("c2").grappled_by is None
    assert out.state.get("c1").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


def test_ds10_grappled_can_only_escape_or_headbutt() -> None:
    with pytest.raises(RuleError) as err:
        attack(held(), GM, dice(5), attacker_id="c2", target_id="c1")
    assert err.value.key == "ds20.error.grappled"


@pytest.mark.parametrize(
    ("bruto_d20", "ana_d20", "free"),
    [(3, 8, True), (8, 5, False), (7, 8, False), (10, 15, True), (15, 15, False)],
)
def test_ds10_escape_is_opposed_fortaleza(bruto_d20: int, ana_d20: int, free: bool) -> None:
    # Bruto Fortaleza 11, Ana Fortaleza 12; a tie (4 vs 4) keeps the hold
    out = escape(held(), GM, dice(bruto_d20, ana_d20), "c2")
    assert (out.state.get("c2").grappled_by is None) is free
    assert (out.state.get("c1").grappling is None) is free


def test_ds10_headbutt_has_a_penalty_and_the_grappler_cannot_defend() -> None:
    # Pelea 10, d20 5, penalty d4 1 -> 4 on Puños 2/6 -> 1 HL to Ana, no defence
    out = headbutt(held(), GM, dice(5, 1), attacker_id="c2")
    assert out.state.pending is None
    assert out.state.get("c1").wounds.hl == 1


def test_ds10_headbutt_against_a_grappler_with_free_arms_is_defendable() -> None:
    out = headbutt(held(), GM, dice(5, 1), attacker_id="c2", arms_free=True)
    assert out.state.pending is not None and out.state.pending.target_id == "c1"


def test_ds10_knock_down_instead_of_holding() -> None:
    state = grapple(
        in_turn(two(), "c1"), PLAYER, dice(5), attacker_id="c1", target_id="c2", knock_down=True
    ).state
    out = defend(state, GM, dice(), defender_id="c2", kind="none")
    bruto = out.state.get("c2")
    assert bruto.prone and bruto.grappled_by is None
    assert bruto.wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


@pytest.mark.parametrize(
    ("ana", "bruto", "dropped"),
    [
        ((3, 1), (8,), True),  # 6 - 3 = 3: falls
        ((7, 1), (4,), False),  # 2 - 7 < 0: kept
        ((9, 1), (15,), True),  # 0, Fortaleza failed subtracts nothing
    ],
)
def test_ds10_disarm_called_attack_against_fortaleza(
    ana: tuple[int, ...], bruto: tuple[int, ...], dropped: bool
) -> None:
    out = disarm(
        in_turn(two(), "c1"),
        PLAYER,
        dice(*ana, *bruto),
        attacker_id="c1",
        target_id="c2",
        weapon="Cuchillo",
        target_weapon="Machete",
    )
    assert out.state.get("c2").weapons[1].dropped is dropped


def test_ds10_push_margin_is_metres_and_far_enough_knocks_down() -> None:
    # Pelea 10 d20 2 -> 8; Bruto Fortaleza 11 d20 10 -> 1; 7 m > ceil(9 / 2) = 5
    out = push(in_turn(two(), "c1"), PLAYER, dice(2, 10), attacker_id="c1", target_id="c2")
    moved = next(e for e in out.events if e.key == "ds20.push.moved")
    assert moved.params["metres"] == 7
    assert out.state.get("c2").prone


def test_ds10_short_push_keeps_the_victim_standing() -> None:
    out = push(in_turn(two(), "c1"), PLAYER, dice(5, 10), attacker_id="c1", target_id="c2")
    assert next(e for e in out.events if e.key == "ds20.push.moved").params["metres"] == 4
    assert not out.state.get("c2").prone


def test_ds10_push_into_a_wall_turns_the_rest_into_fall_damage() -> None:
    out = push(
        in_turn(two(), "c1"), PLAYER, dice(2, 10), attacker_id="c1", target_id="c2", wall_m=3
    )
    wall = next(e for e in out.events if e.key == "ds20.push.wall")
    assert wall.params["damage"] == 4


def test_ds10_push_loses_aim() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").aim = 2
    out = push(state, PLAYER, dice(5, 10), attacker_id="c1", target_id="c2")
    assert out.state.get("c2").aim == 0


def test_ds10_standing_up_by_movement_or_with_an_acrobacia_action() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").prone = True
    assert not stand_up(state, PLAYER, dice(), "c1").state.get("c1").prone
    assert not stand_up(state, PLAYER, dice(9), "c1", with_action=True).state.get("c1").prone
    assert stand_up(state, PLAYER, dice(10), "c1", with_action=True).state.get("c1").prone


def test_ds10_grappled_cannot_stand_up() -> None:
    state = held()
    state.get("c2").prone = True
    with pytest.raises(RuleError):
        stand_up(state, GM, dice(), "c2")


def test_release_lets_go() -> None:
    out = release(held(), PLAYER, "c1")
    assert out.state.get("c2").grappled_by is None and out.state.get("c1").grappling is None
