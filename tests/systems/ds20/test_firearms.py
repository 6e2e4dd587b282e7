"""DS-11 firearms (and DS-6 firearm damage): range, cover, emptying the magazine,
bursts, aim, the disaster table, ammunition; shots cannot be dodged or blocked."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ds20.combat import defend
from bot.systems.ds20.firearms import aim, clear_jam, range_penalty, reload, shoot
from bot.systems.ds20.state import DSWeapon
from bot.systems.ds20.statline import parse_statline
from tests.systems.ds20.helpers import GM, PLAYER, dice, in_turn, two

RIFLE = DSWeapon(
    name="Fusil",
    kind="fuego",
    mhl=5,
    mhg=10,
    range_m=50,
    magazine=30,
    ammo=30,
    fire_class="assault",
    automatic=True,
)


def ana_shoots(state, *values: int, **kw):  # type: ignore[no-untyped-def]
    """Ana (Armas de Fuego 12, Pistola 4/9, 20 m, 15 bullets, semiautomática) at Bruto."""
    kw.setdefault("weapon", "Pistola")
    return shoot(state, PLAYER, dice(*values), attacker_id="c1", target_id="c2", **kw)


def pistol(state):  # type: ignore[no-untyped-def]
    return state.get("c1").weapons[2]


def test_ds11_a_shot_resolves_at_once_and_spends_a_bullet() -> None:
    out = ana_shoots(in_turn(two(), "c1"), 6)  # margin 6 on 4/9: 1 HL
    assert out.state.pending is None
    assert out.state.get("c2").wounds.hl == 1
    assert pistol(out.state).ammo == 14


@pytest.mark.parametrize(
    ("metres", "units"),
    [(20, 0), (21, 1), (40, 1), (41, 2), (80, 2), (81, 3), (100, 3), (101, None)],
)
def test_ds11_one_penalty_per_doubling_and_nothing_beyond_five_times(
    metres: int, units: int | None
) -> None:
    assert range_penalty(metres, 20) == units


def test_ds11_beyond_five_times_the_range_misses_without_a_roll() -> None:
    out = ana_shoots(in_turn(two(), "c1"), range_m=101)  # strict: no die to roll
    assert out.events[0].key == "ds20.shot.out_of_range"
    assert pistol(out.state).ammo == 14


def test_ds6_firearm_penalties_are_added_back_for_damage() -> None:
    # 30 m: one penalty d4 (3): 12 - 6 - 3 = 3 hits; damage 6 -> 1 HL (not 3 -> R)
    out = ana_shoots(in_turn(two(), "c1"), 6, 3, range_m=30)
    assert out.events[0].params["margin"] == 3
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 1, "hg": 0}


def test_ds11_heavy_cover_is_two_penalties() -> None:
    out = ana_shoots(in_turn(two(), "c1"), 6, 1, 1, cover="heavy")
    assert out.events[0].params["margin"] == 4


def test_ds9_shooting_takes_one_wound_penalty_less() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").wounds.hl = 1
    assert ana_shoots(state, 6).events[0].params["margin"] == 6  # no d4 rolled
    state.get("c1").wounds.hg = 1
    assert ana_shoots(state, 6, 2).events[0].params["margin"] == 4


def test_ds11_seed_example_emptying_the_magazine_2d4_rolling_6_spends_6_bullets() -> None:
    # two penalties (1, 1): 12 - 8 - 2 = 2 hits; damage 4 (penalties back); 2d4 = 3 + 3
    out = ana_shoots(in_turn(two(), "c1"), 8, 1, 1, 3, 3, empty=2)
    assert pistol(out.state).ammo == 15 - 1 - 6
    pending = out.state.pending
    assert pending is not None and pending.maneuver == "bullets"
    assert (pending.base_damage, pending.extra_damage) == (4, 6)
    assert [o.data["kind"] for o in out.offers] == ["dodge", "none"]
    done = defend(out.state, GM, dice(), defender_id="c2", kind="none")
    assert done.state.get("c2").wounds.hg == 1  # 10 on 4/9


def test_ds11_dodging_extra_bullets_reduces_only_their_damage_and_costs_movement() -> None:
    state = ana_shoots(in_turn(two(), "c1"), 8, 1, 1, 3, 3, empty=2).state
    out = defend(state, GM, dice(4), defender_id="c2", kind="dodge")  # Acrobacia 8: 4
    bruto = out.state.get("c2")
    assert bruto.wounds.model_dump() == {"r": 0, "hl": 1, "hg": 0}  # 4 + (6 - 4) = 6
    assert bruto.no_move_next_turn


def test_ds11_shots_cannot_be_blocked() -> None:
    state = ana_shoots(in_turn(two(), "c1"), 8, 1, 1, 3, 3, empty=2).state
    with pytest.raises(RuleError) as err:
        defend(state, GM, dice(4), defender_id="c2", kind="block")
    assert err.value.key == "ds20.error.cannot_block_shots"


def test_ds11_emptying_limit_per_weapon_class_and_per_turn() -> None:
    with pytest.raises(RuleError) as err:
        ana_shoots(in_turn(two(), "c1"), 8, empty=3)  # semiautomática: 2
    assert err.value.key == "ds20.error.empty_limit"
    state = in_turn(two(), "c1")
    state.get("c1").empty_used = 2  # earlier this turn
    with pytest.raises(RuleError):
        ana_shoots(state, 8, empty=1)
    state = in_turn(two(), "c2")
    with pytest.raises(RuleError):  # revólver: 1
        shoot(state, GM, dice(5), attacker_id="c2", target_id="c1", empty=2)


def test_ds11_extra_bullets_cannot_exceed_the_magazine() -> None:
    state = in_turn(two(), "c1")
    pistol(state).ammo = 3
    out = ana_shoots(state, 8, 1, 1, 4, 4, empty=2, surprise=True)
    assert pistol(out.state).ammo == 0
    # 4 + 2 (not 8): 6 on 4/9 is 1 HL, not an HG
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 1, "hg": 0}


def with_rifle():  # type: ignore[no-untyped-def]
    state = in_turn(two(), "c1")
    state.get("c1").weapons.append(RIFLE.model_copy())
    return state


def test_ds11_three_round_burst_one_penalty_fixed_three_damage() -> None:
    # 12 - 6 - 2 = 4; damage 6 + 3 = 9 -> 1 HL on 5/10; bullets 30 - 1 - 3
    out = ana_shoots(with_rifle(), 6, 2, weapon="Fusil", burst="three", surprise=True)
    assert out.state.get("c2").wounds.hl == 1
    assert out.state.get("c1").weapons[3].ammo == 26


def test_ds11_full_burst_steady_roll_counts_only_two_penalties() -> None:
    # Fortaleza 12 d20 5 succeeds; attack d20 6 with 2 penalty d4s (1, 1); 4d4 damage
    out = ana_shoots(
        with_rifle(),
        5,
        6,
        1,
        1,
        1,
        1,
        1,
        1,
        weapon="Fusil",
        burst="full",
        empty=4,
        surprise=True,
    )
    assert out.events[1].params["margin"] == 4
    assert out.state.get("c1").weapons[3].ammo == 30 - 1 - 4


def test_ds11_full_burst_failed_steady_roll_counts_all_penalties() -> None:
    out = ana_shoots(
        with_rifle(),
        15,
        2,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        weapon="Fusil",
        burst="full",
        empty=4,
        surprise=True,
    )
    assert out.events[1].params["margin"] == 6  # 12 - 2 - 4


def test_ds11_bursts_need_an_automatic_weapon() -> None:
    with pytest.raises(RuleError) as err:
        ana_shoots(in_turn(two(), "c1"), 6, burst="three")
    assert err.value.key == "ds20.error.not_automatic"


def test_ds11_aim_adds_a_bonus_per_action_up_to_three() -> None:
    state = two()  # before initiative actions are not counted
    for _ in range(3):
        state = aim(state, PLAYER, "c1").state
    with pytest.raises(RuleError):
        aim(state, PLAYER, "c1")
    out = ana_shoots(state, 15, 1, 1, 1)
    assert out.events[0].params["margin"] == 0
    assert out.state.get("c1").aim == 0


def test_ds11_aim_is_lost_when_wounded() -> None:
    state = in_turn(two(), "c2")
    state.get("c1").aim = 2
    out = shoot(state, GM, dice(4), attacker_id="c2", target_id="c1")  # Armas de Fuego 8
    assert out.state.get("c1").aim == 0


@pytest.mark.parametrize(
    ("table", "jam", "damaged"),
    [(1, "major", True), (4, "major", False), (8, "minor", False)],
)
def test_ds11_disaster_jams(table: int, jam: str, damaged: bool) -> None:
    out = ana_shoots(in_turn(two(), "c1"), 20, table)
    w = pistol(out.state)
    assert (w.jam, w.damaged) == (jam, damaged)
    with pytest.raises(RuleError) as err:
        ana_shoots(out.state, 5)
    assert err.value.key == "ds20.error.jammed"


def test_ds11_revolvers_do_not_suffer_major_jams() -> None:
    out = shoot(in_turn(two(), "c2"), GM, dice(20, 3), attacker_id="c2", target_id="c1")
    assert out.state.get("c2").weapons[2].jam is None
    assert out.events[-2].key == "ds20.jam.revolver_miss"


def test_ds11_stray_bullet_rerolls_against_a_random_other() -> None:
    state = in_turn(two(), "c1")
    carla = parse_statline("Nombre: Carla | Aptitudes: Fortaleza 10")
    carla.id = "c3"
    state.combatants.append(carla)
    # disaster, table 15: stray; victim die 1 of 1 -> Carla; re-roll d20 4: 8 on 4/9
    out = ana_shoots(state, 20, 15, 1, 4)
    assert out.state.get("c3").wounds.hl == 1
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


def test_ds11_minor_jam_takes_one_action_major_five_successes() -> None:
    state = two()
    pistol(state).jam = "minor"
    assert pistol(clear_jam(state, PLAYER, dice(), "c1").state).jam is None
    pistol(state).jam = "major"
    for _ in range(4):
        state = clear_jam(state, PLAYER, dice(5), "c1").state
    assert pistol(state).jam_progress == 4
    failed = clear_jam(state, PLAYER, dice(15), "c1").state
    assert (pistol(failed).jam, pistol(failed).jam_progress) == ("major", 0)
    assert pistol(clear_jam(state, PLAYER, dice(5), "c1").state).jam is None


def test_reload_and_empty_magazine() -> None:
    state = in_turn(two(), "c1")
    pistol(state).ammo = 0
    with pytest.raises(RuleError) as err:
        ana_shoots(state, 5)
    assert err.value.key == "ds20.error.no_ammo"
    assert pistol(reload(state, PLAYER, "c1").state).ammo == 15
