"""DS-5 defence, DS-6 damage, DS-7 armour, DS-10 melee modifiers, called shots, stun."""

from __future__ import annotations

import pytest

from bot.systems.base import Actor, RuleError
from bot.systems.ds20.combat import attack, defend
from bot.systems.ds20.damage import inflict
from bot.systems.ds20.state import DSArmor
from bot.systems.ds20.statline import parse_statline
from bot.systems.ds20.turns import next_turn
from tests.systems.ds20.helpers import GM, PLAYER, dice, in_turn, two


def ana_attacks(state, d20: int, *more: int, **kw):  # type: ignore[no-untyped-def]
    """Ana (Armas C.C. 10, Cuchillo 3/8) attacks Bruto."""
    kw.setdefault("weapon", "Cuchillo")
    return attack(state, PLAYER, dice(d20, *more), attacker_id="c1", target_id="c2", **kw)


def test_ds5_hit_waits_for_the_defenders_answer() -> None:
    out = ana_attacks(in_turn(two(), "c1"), 4)
    assert out.state.pending is not None and out.state.pending.margin == 6
    assert [o.data["kind"] for o in out.offers] == ["dodge", "block", "none"]
    assert all(o.user_id is None for o in out.offers)  # Bruto is the GM's


def test_ds6_no_defence_damage_is_the_margin() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state  # margin 6
    out = defend(state, GM, dice(), defender_id="c2", kind="none")
    bruto = out.state.get("c2")
    assert (bruto.wounds.r, bruto.wounds.hl, bruto.wounds.hg) == (0, 1, 0)  # 6 on 3/8
    assert out.state.pending is None


def test_miss_leaves_nothing_pending() -> None:
    out = ana_attacks(in_turn(two(), "c1"), 15)
    assert out.state.pending is None
    assert out.events[0].key == "ds20.attack.failure"


def test_ds5_dodge_with_greater_margin_avoids_the_attack() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 8).state  # margin 2
    out = defend(state, GM, dice(5), defender_id="c2", kind="dodge")  # Acrobacia 8: 3
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}
    assert out.events[-1].key == "ds20.defence.dodged"


def test_ds5_dodge_with_equal_margin_fails() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 8).state  # margin 2
    out = defend(state, GM, dice(6), defender_id="c2", kind="dodge")  # margin 2
    assert out.state.get("c2").wounds.r == 1  # 2 < MHL 3


def test_ds5_dodge_disaster_falls_prone_and_is_hit() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 8).state
    out = defend(state, GM, dice(20), defender_id="c2", kind="dodge")
    bruto = out.state.get("c2")
    assert bruto.prone and bruto.wounds.r == 1


def test_ds5_block_subtracts_the_blockers_margin() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state  # margin 6
    out = defend(state, GM, dice(7), defender_id="c2", kind="block")  # Armas C.C. 9: 2
    assert out.state.get("c2").wounds.hl == 1  # 4 on 3/8


def test_ds5_block_below_zero_hurts_the_attacker_with_the_blockers_weapon() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 8).state  # margin 2
    out = defend(state, GM, dice(2), defender_id="c2", kind="block")  # margin 7
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}
    assert out.state.get("c1").wounds.hl == 1  # 5 on Machete 5/10


def test_ds5_failed_block_subtracts_nothing() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state  # margin 6
    out = defend(state, GM, dice(15), defender_id="c2", kind="block")  # -6
    assert out.state.get("c2").wounds.hl == 1  # still 6 on 3/8


def test_ds5_cc_attacks_are_blocked_only_with_a_cc_weapon() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state
    state.get("c2").weapons[1].dropped = True  # the machete
    with pytest.raises(RuleError) as err:
        defend(state, GM, dice(7), defender_id="c2", kind="block")
    assert err.value.key == "ds20.error.no_weapon_of_kind"


def test_ds5_pelea_blocks_pelea() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4, weapon="Puños").state  # Pelea 10: 6
    out = defend(state, GM, dice(9), defender_id="c2", kind="block")  # Pelea 10: 1
    assert out.state.get("c2").wounds.hl == 1  # 5 on Puños 2/6


def test_ds5_each_extra_defence_adds_two_cumulative_penalties() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state
    state.get("c2").defences = 2  # third defence: four penalty d4s
    out = defend(state, GM, dice(2, 1, 1, 1, 1), defender_id="c2", kind="dodge")
    assert out.events[0].params["margin"] == 2  # 8 - 2 - 4
    assert out.state.get("c2").defences == 3


def test_ds5_only_the_defenders_controller_or_gm_answers() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state
    with pytest.raises(RuleError) as err:
        defend(state, Actor(user_id=7), dice(5), defender_id="c2", kind="dodge")
    assert err.value.key == "ds20.error.not_your_combatant"


def test_ds5_pending_attack_blocks_other_actions() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 4).state
    with pytest.raises(RuleError):
        next_turn(state, GM, dice())
    with pytest.raises(RuleError):
        ana_attacks(state, 4)


def test_ds10_surprise_attack_allows_no_defence() -> None:
    out = ana_attacks(in_turn(two(), "c1"), 4, surprise=True)
    assert out.state.pending is None
    assert out.state.get("c2").wounds.hl == 1


def test_ds10_back_attack_and_grappled_target_give_a_bonus() -> None:
    out = ana_attacks(in_turn(two(), "c1"), 10, 3, back=True)
    assert out.events[0].params["margin"] == 3
    state = in_turn(two(), "c1")
    state.get("c2").grappled_by = "c1"  # counts as from behind
    assert ana_attacks(state, 10, 3).events[0].params["margin"] == 3


def test_ds10_prone_target_gives_a_bonus_prone_attacker_a_penalty() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").prone = True
    assert ana_attacks(state, 10, 2).events[0].params["margin"] == 2
    state = in_turn(two(), "c1")
    state.get("c1").prone = True
    assert ana_attacks(state, 5, 2).events[0].params["margin"] == 3


def test_ds10_prone_defender_has_a_penalty() -> None:
    state = ana_attacks(in_turn(two(), "c1"), 8).state
    state.get("c2").prone = True
    out = defend(state, GM, dice(2, 3), defender_id="c2", kind="dodge")
    assert out.events[0].params["margin"] == 3  # 8 - 2 - 3


def with_armour(parts: list[str], score: int, extra: int = 0):  # type: ignore[no-untyped-def]
    state = in_turn(two(), "c1")
    state.get("c2").armor = DSArmor(parts=parts, score=score, extra=extra)
    return state


def test_ds7_armour_success_lowers_one_level_plus_extra() -> None:
    # d20 2 -> margin 8 -> 1 HG on 3/8; armour 12 rolls 10: lowers 1 + 1 extra -> 1 R
    out = ana_attacks(with_armour(["torso", "brazos"], 12, 1), 2, 10, surprise=True)
    assert out.state.get("c2").wounds.model_dump() == {"r": 1, "hl": 0, "hg": 0}


def test_ds7_armour_spectacular_doubles_the_levels() -> None:
    # 1 HG, armour natural 1 without extra: lowers 2 -> 1 R
    out = ana_attacks(with_armour(["torso"], 8), 2, 1, surprise=True)
    assert out.state.get("c2").wounds.model_dump() == {"r": 1, "hl": 0, "hg": 0}


def test_ds7_armour_failure_lowers_nothing() -> None:
    out = ana_attacks(with_armour(["torso"], 8), 2, 15, surprise=True)
    assert out.state.get("c2").wounds.hg == 1
    assert out.state.get("c2").health == "grave"


def test_ds7_called_shot_at_an_uncovered_part_skips_armour() -> None:
    # called: one penalty d4 (1) -> margin 7 -> 1 HL; strict dice: no armour roll
    out = ana_attacks(with_armour(["torso"], 8), 2, 1, called="cabeza", surprise=True)
    assert out.state.get("c2").wounds.hl == 1
    assert not any(e.key.startswith("ds20.armour") for e in out.events)


def test_ds10_stun_lowers_an_hl_and_knocks_out() -> None:
    # called at the head: d20 2, penalty d4 1 -> 7 -> HL -> one level less: R
    out = ana_attacks(in_turn(two(), "c1"), 2, 1, stun=True, surprise=True)
    bruto = out.state.get("c2")
    assert (bruto.wounds.r, bruto.wounds.hl) == (1, 0)
    assert bruto.unconscious and bruto.prone


def test_ds10_stun_with_only_a_scratch_does_not_knock_out() -> None:
    out = ana_attacks(in_turn(two(), "c1"), 8, 1, stun=True, surprise=True)  # 1 -> R
    assert not out.state.get("c2").unconscious


def test_ds10_unconscious_wakes_on_a_fortaleza_roll_at_turn_start() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").unconscious = True
    assert not next_turn(state, PLAYER, dice(5)).state.get("c2").unconscious
    assert next_turn(state, PLAYER, dice(15)).state.get("c2").unconscious


def test_ds10_unconscious_target_cannot_defend() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").unconscious = True
    out = ana_attacks(state, 4)
    assert out.state.pending is None and out.state.get("c2").wounds.hl == 1


def test_gm_inflicts_fall_damage_through_armour() -> None:
    out = inflict(with_armour([], 10), GM, dice(12), target_id="c2", damage=12, mhl=4, mhg=10)
    assert out.state.get("c2").wounds.hg == 1  # armour roll 12 > 10 fails


def test_players_cannot_attack_with_someone_elses_combatant() -> None:
    with pytest.raises(RuleError) as err:
        attack(in_turn(two(), "c2"), PLAYER, dice(5), attacker_id="c2", target_id="c1")
    assert err.value.key == "ds20.error.not_your_combatant"


def test_ds10_a_knocked_out_grappler_lets_go() -> None:
    state = in_turn(two(), "c1")
    carla = parse_statline("Nombre: Carla | Aptitudes: Fortaleza 10")
    carla.id, carla.grappled_by = "c3", "c2"
    state.combatants.append(carla)
    state.get("c2").grappling = "c3"
    out = ana_attacks(state, 2, 1, stun=True, surprise=True)
    assert out.state.get("c2").unconscious
    assert out.state.get("c3").grappled_by is None


def test_ds1_each_bonus_and_penalty_unit_is_a_d4() -> None:
    # Armas C.C. 10, d20 8, bonus d4 4, penalty d4 1 -> 10 - 8 + 4 - 1 = 5
    out = ana_attacks(in_turn(two(), "c1"), 8, 4, 1, bonus=1, penalty=1)
    assert out.events[0].params["margin"] == 5
    assert out.events[0].dice["bonus_dice"] == [4]
    assert out.events[0].dice["penalty_dice"] == [1]


def test_ds2_natural_1_doubles_the_margin_and_so_the_damage() -> None:
    # d20 1: 9 -> 18 on Cuchillo 3/8 -> 2 HG
    out = ana_attacks(in_turn(two(), "c1"), 1, surprise=True)
    assert out.events[0].key == "ds20.attack.spectacular"
    assert out.state.get("c2").wounds.hg == 2


def test_ds2_natural_1_turns_a_small_failure_into_a_hit() -> None:
    # d20 1 with four penalty d4s of 4: 10 - 1 - 16 = -7 -> 0 -> 0 damage -> 1 R
    out = ana_attacks(in_turn(two(), "c1"), 1, 4, 4, 4, 4, penalty=4, surprise=True)
    assert out.events[0].params["margin"] == 0
    assert out.state.get("c2").wounds.r == 1


def test_ds2_natural_20_always_misses() -> None:
    # d20 20 with four bonus d4s of 4: 10 - 20 + 16 = 6 -> still a failure
    out = ana_attacks(in_turn(two(), "c1"), 20, 4, 4, 4, 4, bonus=4, surprise=True)
    assert out.events[0].key == "ds20.attack.disaster"
    assert out.state.get("c2").wounds.model_dump() == {"r": 0, "hl": 0, "hg": 0}


def test_ds8_eleven_punches_of_one_scratch_each_bring_bruto_to_agony() -> None:
    state = two()  # before initiative: actions are not counted
    for n in range(11):
        # Pelea 10, d20 10: margin 0 on Puños 2/6 -> 1 R
        state = attack(
            state,
            PLAYER,
            dice(10),
            attacker_id="c1",
            target_id="c2",
            weapon="Puños",
            surprise=True,
        ).state
        assert state.get("c2").health == ("agony" if n == 10 else "grave" if n >= 7 else "ok")
    assert state.get("c2").wounds.model_dump() == {"r": 4, "hl": 3, "hg": 3}
