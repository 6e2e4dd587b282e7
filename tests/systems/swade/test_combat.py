"""SW-10, SW-11, SW-18, SW-21..SW-23: attacks with forced dice.

The hero: Fighting d8, Shooting d8, Strength d8, Espada Str+d8, Pistola 2d6 AP 1,
Subfusil 2d6 AP 1 RoF 3. The goblin (Extra): Parry 5, Toughness 5 with 1 armour.
"""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import (
    attack,
    attack_object,
    reload_weapon,
    reroll_attack,
    reroll_damage,
    wild_attack,
)
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import Condition, Trait, Weapon

from .test_combat_fixtures import (
    PLAYER,
    dice,
    event,
    get,
    goblin,
    hero,
    joker,
    keys,
    state_of,
    villain,
)


def _roll(out: object) -> dict:
    return event(out, "swade.combat.attack.roll").params


def _mods(out: object) -> dict[str, int]:
    return dict(map(tuple, _roll(out)["modifiers"]))


def _attack(st, d, *, weapon="Espada", target="g", **opts):  # type: ignore[no-untyped-def]
    return attack(
        st,
        PLAYER,
        d,
        attacker_id="h",
        target_id=target,
        weapon=weapon,
        options=AttackOptions(**opts),
    )


# --- SW-10 -------------------------------------------------------------------------------


def test_melee_attack_hits_on_matching_parry() -> None:
    d = dice(5, 2, 3, 2)  # Fighting 5 vs Parry 5; damage Str d8 3 + d8 2 = 5 vs T5
    out = _attack(state_of(hero(), goblin()), d)
    assert _roll(out)["tn"] == 5 and _roll(out)["skill"] == "swade.combat.skill.fighting"
    assert get(out.state, "g").shaken and d.remaining == 0
    assert "swade.combat.hit.shaken" in keys(out)


def test_melee_attack_below_parry_misses_and_rolls_no_damage() -> None:
    d = dice(4, 3)
    out = _attack(state_of(hero(), goblin()), d)
    assert "swade.combat.attack.miss" in keys(out)
    assert not get(out.state, "g").shaken and d.remaining == 0


def test_ranged_attack_is_against_4_with_the_range_band() -> None:
    st = state_of(hero(), goblin())
    out = _attack(st, dice(6, 1), weapon="Pistola", range="long")  # 6 - 4 = 2
    assert _roll(out)["tn"] == 4 and _mods(out)["swade.combat.mod.range"] == -4
    assert "swade.combat.attack.miss" in keys(out)
    out = _attack(st, dice(6, 1, 3, 3), weapon="Pistola", range="short")
    assert _roll(out)["skill"] == "swade.combat.skill.shooting"
    # 2d6 = 6 against Toughness 5 with armour 1 and AP 1: 4, excess 2: Shaken.
    assert get(out.state, "g").shaken and get(out.state, "g").wounds == 0
    assert get(out.state, "h").weapons[1].shots == 5  # seed 003: RoF 1 spends 1


def test_range_bands_are_0_2_4_8() -> None:
    st = state_of(hero(), goblin())
    for band, mod in (("medium", -2), ("extreme", -8)):
        out = _attack(st, dice(2, 1), weapon="Pistola", range=band)
        assert _mods(out)["swade.combat.mod.range"] == mod
    out = _attack(st, dice(2, 1), weapon="Pistola")
    assert "swade.combat.mod.range" not in _mods(out)


def test_throwing_uses_athletics() -> None:
    h = hero(weapons=[Weapon(name="Daga", damage="Str+d4", range="3/6/12")])
    out = _attack(state_of(h, goblin()), dice(2, 1), weapon="Daga", thrown=True)
    assert _roll(out)["skill"] == "swade.combat.skill.athletics"


def test_an_unskilled_attack_rolls_d4_minus_2() -> None:
    h = hero(skills={})
    out = _attack(state_of(h, goblin()), dice(3, 5))  # d4 3, wild 5: 5 - 2 = 3 < 5
    assert _roll(out)["unskilled"] and _roll(out)["total"] == 3
    assert event(out, "swade.combat.attack.roll").dice["die"] == 4
    assert "swade.combat.attack.miss" in keys(out)


# --- modifiers the bot knows ------------------------------------------------------------


def test_wounds_fatigue_distracted_and_joker_apply_by_themselves() -> None:
    h = hero(
        wounds=2,
        fatigue=1,
        card=joker(),
        card_round=1,
        conditions=[Condition(name="entangled"), Condition(name="distracted")],
    )
    out = _attack(state_of(h, goblin()), dice(8, 1, 1, 1, 1))  # 9 -2 -1 -2 +2 = 6 >= 5
    assert _mods(out) == {
        "swade.mod.wounds": -2,
        "swade.mod.fatigue": -1,
        "swade.mod.distracted": -2,  # once, though Entangled distracts too
        "swade.mod.joker": 2,
    }
    assert _roll(out)["total"] == 6
    assert event(out, "swade.combat.damage.roll").params["damage"] == 4  # 1+1 +2 Joker


def test_declared_multi_action_is_minus_2_per_extra_action() -> None:
    st = state_of(hero(actions_declared=3, actions_round=1), goblin())
    assert _mods(_attack(st, dice(2, 1)))["swade.combat.mod.multi_action"] == -4
    st = state_of(hero(actions_declared=3, actions_round=0), goblin())  # another round
    assert "swade.combat.mod.multi_action" not in _mods(_attack(st, dice(2, 1)))


def test_vulnerable_target_gives_plus_2() -> None:
    st = state_of(hero(), goblin(conditions=[Condition(name="vulnerable")]))
    out = _attack(st, dice(3, 1, 1, 1))  # 3 + 2 = 5: hits Parry 5
    assert _mods(out)["swade.combat.mod.target_vulnerable"] == 2
    assert "swade.combat.attack.miss" not in keys(out)


def test_stunned_target_counts_as_vulnerable_and_a_stunned_attacker_cannot_attack() -> None:
    # SW-16: Stunned is Vulnerable (+2 to attacks against it).
    st = state_of(hero(), goblin(conditions=[Condition(name="stunned")]))
    assert _mods(_attack(st, dice(2, 1)))["swade.combat.mod.target_vulnerable"] == 2
    st = state_of(hero(conditions=[Condition(name="stunned")]), goblin())
    with pytest.raises(RuleError) as err:
        _attack(st, dice(2, 1))
    assert err.value.key == "swade.combat.error.shaken_or_stunned"


def test_defending_target_has_plus_4_parry() -> None:
    out = _attack(state_of(hero(), goblin(defending=True)), dice(8, 1, 1, 1, 1))  # 9
    assert _roll(out)["tn"] == 9
    assert "swade.combat.attack.miss" not in keys(out)
    out = _attack(state_of(hero(), goblin(defending=True)), dice(7, 1))
    assert "swade.combat.attack.miss" in keys(out)


def test_prone_target_minus_2_parry_and_minus_4_to_ranged_from_afar() -> None:
    st = state_of(hero(), goblin(conditions=[Condition(name="prone")]))
    assert _roll(_attack(st, dice(2, 1)))["tn"] == 3
    out = _attack(st, dice(2, 1), weapon="Pistola")
    assert _mods(out)["swade.combat.mod.target_prone"] == -4
    out = _attack(st, dice(2, 1), weapon="Pistola", target_adjacent=True)
    assert "swade.combat.mod.target_prone" not in _mods(out)


def test_prone_attacker_has_minus_2_fighting() -> None:
    st = state_of(hero(conditions=[Condition(name="prone")]), goblin())
    assert _mods(_attack(st, dice(2, 1)))["swade.combat.mod.attacker_prone"] == -2


def test_armed_attacker_gets_plus_2_against_unarmed_defender() -> None:
    st = state_of(hero(), goblin(weapons=[]))
    assert _mods(_attack(st, dice(2, 1)))["swade.combat.mod.unarmed_defender"] == 2
    out = _attack(st, dice(2, 1), weapon=None)  # unarmed against unarmed: no bonus
    assert "swade.combat.mod.unarmed_defender" not in _mods(out)


def test_support_received_is_added_once_and_spent() -> None:
    st = state_of(hero(support_bonus=2), goblin())
    out = _attack(st, dice(2, 1))
    assert _mods(out)["swade.combat.mod.support"] == 2
    assert get(out.state, "h").support_bonus == 0


# --- declared options ---------------------------------------------------------------------


def test_declared_options_are_listed_by_name() -> None:
    st = state_of(hero(), goblin())
    out = _attack(
        st,
        dice(2, 1),
        cover="medium",
        illumination="dark",
        gang_up=6,
        off_hand=True,
        two_weapons=True,
        touch=True,
        nonlethal=True,
        edged=True,
        target_scale="huge",
        improvised=True,
        running=True,
    )
    assert _mods(out) == {
        "swade.combat.mod.cover": -4,
        "swade.combat.mod.illumination": -4,
        "swade.combat.mod.gang_up": 4,  # capped at +4
        "swade.combat.mod.two_weapons": 1,
        "swade.combat.mod.touch": 2,
        "swade.combat.mod.off_hand": -2,
        "swade.combat.mod.nonlethal_edged": -1,
        "swade.combat.mod.scale": 4,
        "swade.combat.mod.improvised": -2,
        "swade.combat.mod.running": -2,
    }


def test_ranged_options_unstable_platform_illumination_speed() -> None:
    st = state_of(hero(), goblin())
    out = _attack(
        st,
        dice(2, 1),
        weapon="Pistola",
        unstable_platform=True,
        illumination="pitch_dark",
        cover="near_total",
        speed="193kmh",
        attacker_scale="huge",
    )
    assert _mods(out) == {
        "swade.combat.mod.unstable_platform": -2,
        "swade.combat.mod.illumination": -6,
        "swade.combat.mod.cover": -8,
        "swade.combat.mod.speed": -2,
        "swade.combat.mod.scale": -4,  # huge shooting a normal-sized target
    }


def test_called_shot_to_the_head_is_minus_4_and_plus_4_damage() -> None:
    # Fighting 8+1 = 9 - 4 = 5: hit. Damage 1 + 1 + 4 = 6 vs T5: Shaken.
    out = _attack(state_of(hero(), goblin()), dice(8, 1, 1, 1, 1), called_shot="head")
    assert _mods(out)["swade.combat.mod.called_shot"] == -4
    assert event(out, "swade.combat.damage.roll").params["damage"] == 6
    assert _attack(state_of(hero(), goblin()), dice(2, 1), called_shot="limb")


def test_unarmoured_spot_ignores_armour_with_the_gms_penalty() -> None:
    # villain T8 with 2 armour; Fighting 8+2 = 10 - 3 = 7 >= 6. Damage 4+2 = 6 vs 6.
    st = state_of(hero(), villain())
    out = _attack(st, dice(8, 2, 1, 4, 2), target="v", called_shot="unarmored", called_penalty=-3)
    assert _mods(out)["swade.combat.mod.called_shot"] == -3
    assert get(out.state, "v").shaken


def test_disarm_limb_shot_strength_roll() -> None:
    # Fighting 6-2 = 4 < 5... use 8+1 = 9 - 4 (hand) = 5: hit; damage 3+2 = 5: Shaken.
    # Goblin Strength d6: 2 - 4 = -2: drops.
    out = _attack(
        state_of(hero(), goblin()), dice(8, 1, 1, 3, 2, 2), called_shot="hand", disarm=True
    )
    assert "swade.combat.disarm.drops" in keys(out)


# --- SW-11 damage -------------------------------------------------------------------------


def test_a_raise_adds_a_d6_to_damage() -> None:
    # Fighting 8+1 = 9 = Parry 5 + 4: a raise. Damage d8 2 + d8 2 + raise d6 1 = 5.
    d = dice(8, 1, 1, 2, 2, 1)
    out = _attack(state_of(hero(), goblin()), d)
    assert event(out, "swade.combat.damage.roll").dice["raise_roll"]["faces"] == [1]
    assert d.remaining == 0


def test_melee_damage_is_strength_plus_weapon_and_aces() -> None:
    # Damage Str d8 8+3 = 11 (ace) + d8 1 = 12 vs T5 -> excess 7: 1 wound: Extra out.
    out = _attack(state_of(hero(), goblin()), dice(5, 1, 8, 3, 1))
    assert event(out, "swade.combat.damage.roll").params["damage"] == 12
    assert get(out.state, "g").incapacitated


def test_damage_total_against_toughness_and_soak_offer_for_a_wild_card() -> None:
    # Villain Parry 6: Fighting 6. Damage 8+8+4 (aces) + 2 = 22 vs T8: excess 14, 3 wounds.
    out = _attack(state_of(hero(), villain()), dice(6, 1, 8, 8, 4, 2), target="v")
    v = get(out.state, "v")
    assert v.wounds == 3 and v.shaken and not v.incapacitated
    soak = [o for o in out.offers if o.action == "soak"]
    assert soak and soak[0].user_id is None and soak[0].data["wounds"] == 3
    assert v.last_hit is not None and v.last_hit["attacker_id"] == "h"


# --- SW-18 wild attack ----------------------------------------------------------------------


def test_wild_attack_plus_2_hit_and_damage_and_vulnerable() -> None:
    st = state_of(hero(), goblin(), turn_order=["h", "g"], current=0, active="h")
    out = wild_attack(st, PLAYER, dice(3, 1, 1, 1), attacker_id="h", target_id="g", weapon="Espada")
    assert _mods_of(out)["swade.combat.mod.wild_attack"] == 2
    assert event(out, "swade.combat.damage.roll").params["damage"] == 4  # 1 + 1 + 2
    h = get(out.state, "h")
    (vul,) = [c for c in h.conditions if c.name == "vulnerable"]
    # Until the end of its next turn: this turn's end, then the next one's.
    assert (vul.ends, vul.turns_left, vul.ends_round) == ("turn_end", 2, 2)


def _mods_of(out: object) -> dict[str, int]:
    return dict(map(tuple, event(out, "swade.combat.attack.wild_roll").params["modifiers"]))


def test_wild_attack_is_melee_only() -> None:
    with pytest.raises(RuleError) as err:
        wild_attack(
            state_of(hero(), goblin()),
            PLAYER,
            dice(),
            attacker_id="h",
            target_id="g",
            weapon="Pistola",
        )
    assert err.value.key == "swade.combat.error.wild_attack_melee_only"


# --- SW-21 ---------------------------------------------------------------------------------


def test_a_defending_character_cannot_attack_but_may_make_a_free_attack() -> None:
    st = state_of(hero(defending=True), goblin())
    with pytest.raises(RuleError) as err:
        _attack(st, dice(2, 1))
    assert err.value.key == "swade.combat.error.defending"
    assert _attack(st, dice(2, 1), free_attack=True)


def test_shaken_or_bound_attackers_cannot_attack() -> None:
    for h in (hero(shaken=True), hero(conditions=[Condition(name="bound")])):
        with pytest.raises(RuleError):
            _attack(state_of(h, goblin()), dice(2, 1))


# --- SW-23 ----------------------------------------------------------------------------------


def test_miss_only_because_of_cover_hits_with_the_obstacles_armour() -> None:
    # Shooting 7 (no ace on d8) - 4 medium cover = 3 < 4, but 7 >= 4 without it.
    # Obstacle +4: goblin T5+4-1 = 8 (armour 1 - AP 1); damage 5+3 = 8: Shaken.
    out = _attack(
        state_of(hero(), goblin()),
        dice(7, 1, 5, 3),
        weapon="Pistola",
        cover="medium",
        obstacle_armor=4,
    )
    assert "swade.combat.attack.obstacle" in keys(out)
    assert event(out, "swade.combat.hit.shaken").params["toughness"] == 8
    # Without the obstacle's armour, a miss is a miss.
    out = _attack(state_of(hero(), goblin()), dice(7, 1), weapon="Pistola", cover="medium")
    assert "swade.combat.attack.miss" in keys(out)


def test_recoil_and_rate_of_fire_one_hit_per_die_and_ammunition() -> None:
    # Subfusil RoF 3: three d8 (6, 5, 2), wild 1; -2 recoil: 4, 3, 0 -> one hit.
    # Damage 2d6 3+3 = 6 vs goblin T4 after AP: excess 2: Shaken.
    d = dice(6, 5, 2, 1, 3, 3)
    out = _attack(state_of(hero(), goblin()), d, weapon="Subfusil", rof=3)
    assert _mods(out)["swade.combat.mod.recoil"] == -2
    assert _roll(out)["hits"] == 1 and d.remaining == 0
    assert get(out.state, "h").weapons[2].shots == 20  # seed 003: RoF 3 spends 10


def test_two_hits_from_rate_of_fire_each_roll_damage() -> None:
    # 8+2 = 10, 7, wild 1: totals 8, 5 with recoil: two hits (the first a raise).
    d = dice(8, 2, 7, 1, 1, 1, 1, 3, 3)
    out = _attack(state_of(hero(), villain()), d, weapon="Subfusil", rof=2, target="v")
    assert [e.key for e in out.events].count("swade.combat.damage.roll") == 2
    assert d.remaining == 0


def test_rof_above_the_weapons_and_running_out_of_ammo_are_errors() -> None:
    with pytest.raises(RuleError) as err:
        _attack(state_of(hero(), goblin()), dice(), weapon="Pistola", rof=2)
    assert err.value.key == "swade.combat.error.rof_too_high"
    h = hero()
    h.weapons[2].shots = 4
    with pytest.raises(RuleError) as err:
        _attack(state_of(h, goblin()), dice(2, 2, 2, 1), weapon="Subfusil", rof=2)
    assert err.value.key == "swade.combat.error.out_of_ammo"


def test_shotgun_plus_2_and_dice_by_range() -> None:
    h = hero(weapons=[Weapon(name="Escopeta", damage="3d6", range="12/24/48", shots=2)])
    d = dice(2, 1, 1, 1, 1)  # 2 + 2 = 4: hit; short range 3d6
    out = _attack(state_of(h, goblin()), d, weapon="Escopeta", shotgun=True)
    assert _mods(out)["swade.combat.mod.shotgun"] == 2
    assert len(event(out, "swade.combat.damage.roll").dice["rolls"]) == 3
    out = _attack(
        state_of(h, goblin()), dice(6, 1, 1), weapon="Escopeta", shotgun=True, range="long"
    )
    assert len(event(out, "swade.combat.damage.roll").dice["rolls"]) == 1


# --- SW-25 innocent bystanders ------------------------------------------------------------


def test_a_failed_shot_with_a_natural_1_hits_a_bystander() -> None:
    out = _attack(state_of(hero(), goblin()), dice(1, 2), weapon="Pistola")
    assert event(out, "swade.combat.attack.bystanders").params["count"] == 1
    out = _attack(state_of(hero(), goblin()), dice(2, 2), weapon="Pistola")
    assert "swade.combat.attack.bystanders" not in keys(out)
    # Melee never hits bystanders.
    out = _attack(state_of(hero(), goblin()), dice(1, 2))
    assert "swade.combat.attack.bystanders" not in keys(out)


def test_with_rof_2_a_natural_1_or_2_hits_a_bystander() -> None:
    out = _attack(state_of(hero(), goblin()), dice(2, 1, 3), weapon="Subfusil", rof=2)
    assert event(out, "swade.combat.attack.bystanders").params["count"] == 2


# --- seed 003: mounted, The Drop, engaged -----------------------------------------------------


def test_mounted_rider_uses_the_lower_of_fighting_and_riding_and_charges_for_4() -> None:
    h = hero(skills={"fighting": Trait(die=10), "riding": Trait(die=6)})
    out = _attack(state_of(h, goblin()), dice(5, 1, 1, 1), mounted=True, charge=True)
    assert event(out, "swade.combat.attack.roll").dice["die"] == 6  # Riding d6, not d10
    assert event(out, "swade.combat.damage.roll").params["damage"] == 6  # 1 + 1 + 4


def test_the_drop_plus_4_attack_and_damage() -> None:
    # 2 + 4 = 6 >= 5; damage 1 + 1 + 4 = 6 vs T5: Shaken; goblin Vigor 5: stays awake.
    out = _attack(state_of(hero(), goblin()), dice(2, 1, 1, 1, 5), the_drop=True)
    assert _mods(out)["swade.combat.mod.the_drop"] == 4
    assert event(out, "swade.combat.damage.roll").params["damage"] == 6
    assert "swade.combat.the_drop.awake" in keys(out)
    assert not get(out.state, "g").incapacitated


def test_the_drop_shaken_victim_fails_vigor_and_is_knocked_out() -> None:
    out = _attack(state_of(hero(), goblin()), dice(2, 1, 1, 1, 3), the_drop=True)
    assert "swade.combat.the_drop.knocked_out" in keys(out)
    assert get(out.state, "g").incapacitated


def test_the_drop_ignores_the_vulnerable_bonus() -> None:
    st = state_of(hero(), goblin(conditions=[Condition(name="vulnerable")]))
    out = _attack(st, dice(2, 1, 1, 1, 5), the_drop=True)
    assert "swade.combat.mod.target_vulnerable" not in _mods(out)


def test_shooting_while_engaged_is_against_parry_and_out_of_melee_leaves_vulnerable() -> None:
    out = _attack(
        state_of(hero(), goblin()),
        dice(2, 1),
        weapon="Pistola",
        engaged=True,
        shoot_out_of_melee=True,
    )
    assert _roll(out)["tn"] == 5
    assert any(c.name == "vulnerable" for c in get(out.state, "h").conditions)


def test_aim_is_lost_by_a_melee_attack() -> None:
    out = _attack(state_of(hero(aiming=True), goblin()), dice(2, 1))
    assert "swade.combat.mod.aim" not in _mods(out)
    assert get(out.state, "h").aiming is False


def test_aim_ignores_up_to_4_points_or_gives_plus_2() -> None:
    st = state_of(hero(aiming=True), goblin())
    out = _attack(st, dice(2, 1), weapon="Pistola", range="extreme")
    assert _mods(out)["swade.combat.mod.aim"] == 4
    assert get(out.state, "h").aiming is False
    out = _attack(st, dice(2, 1), weapon="Pistola", range="medium")
    assert _mods(out)["swade.combat.mod.aim"] == 2  # ignores the -2
    out = _attack(st, dice(2, 1), weapon="Pistola", illumination="dark")
    assert _mods(out)["swade.combat.mod.aim"] == 2  # no ignorable penalty: +2


# --- SW-4 / SW-35 rerolls ---------------------------------------------------------------


def test_reroll_attack_keeps_the_better_roll_and_resolves_again() -> None:
    st = state_of(hero(), goblin())
    miss = _attack(st, dice(3, 2))
    assert any(o.action == "reroll_attack" for o in miss.offers)
    out = reroll_attack(miss.state, PLAYER, dice(6, 1, 3, 2), "h")  # 6: hit, damage 5
    assert get(out.state, "g").shaken
    again = reroll_attack(out.state, PLAYER, dice(2, 2), "h")  # worse: the hit stays
    assert get(again.state, "g").shaken
    assert event(again, "swade.combat.attack.roll").params["kept_previous"]
    # SW-35: the worse reroll is shown with its dice, and the first roll stands.
    kept = event(again, "swade.combat.reroll.attack_kept")
    assert kept.params == {"name": "Heroína", "rolled": 2, "kept": 6}
    assert [r["faces"] for r in kept.dice["trait_rolls"]] == [[2]]
    assert kept.dice["wild_roll"]["faces"] == [2]
    assert keys(again).index("swade.combat.reroll.attack_kept") < keys(again).index(
        "swade.combat.attack.roll"
    )
    # A better reroll needs no such line.
    assert "swade.combat.reroll.attack_kept" not in keys(out)


def test_reroll_attack_restores_ammunition_before_rolling_again() -> None:
    miss = _attack(state_of(hero(), goblin()), dice(2, 2), weapon="Pistola")
    out = reroll_attack(miss.state, PLAYER, dice(2, 3), "h")
    assert get(out.state, "h").weapons[1].shots == 5


def test_a_critical_failure_cannot_be_rerolled() -> None:
    out = _attack(state_of(hero(), goblin()), dice(1, 1))
    assert "swade.combat.attack.critical_failure" in keys(out)
    assert not any(o.action == "reroll_attack" for o in out.offers)
    with pytest.raises(RuleError) as err:
        reroll_attack(out.state, PLAYER, dice(8, 8), "h")
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_reroll_damage_keeps_the_better_total() -> None:
    # Villain: Fighting 6 hits Parry 6; damage 2+2 = 4 vs T8: nothing.
    hit = _attack(state_of(hero(), villain()), dice(6, 1, 2, 2), target="v")
    assert get(hit.state, "v").wounds == 0
    better = reroll_damage(hit.state, PLAYER, dice(7, 5), "h")  # 12: one wound
    assert get(better.state, "v").wounds == 1 and get(better.state, "v").shaken
    worse = reroll_damage(better.state, PLAYER, dice(1, 1), "h")  # 2 < 12: 12 stays
    assert get(worse.state, "v").wounds == 1
    kept = event(worse, "swade.combat.reroll.damage_kept")
    assert kept.params == {"name": "Capitán", "rolled": 2, "kept": 12}
    assert "swade.combat.reroll.damage_kept" not in keys(better)


def test_only_the_controller_or_gm_may_attack() -> None:
    st = state_of(hero(), goblin())
    with pytest.raises(RuleError) as err:
        attack(st, PLAYER, dice(), attacker_id="g", target_id="h")
    assert err.value.key == "swade.perm.not_yours"


# --- SW-11 breaking things ------------------------------------------------------------------


def test_breaking_an_object_parry_2_no_aces_no_raise_die() -> None:
    # Fighting 8+2 = 10 vs Parry 2: two raises, yet no raise die. Str d8 8 (no ace) + d8 6.
    d = dice(8, 2, 1, 8, 6)
    out = attack_object(
        state_of(hero()),
        PLAYER,
        d,
        attacker_id="h",
        weapon="Espada",
        hardness=14,
        object_name="puerta",
    )
    assert event(out, "swade.combat.object.broken").params["damage"] == 14
    assert d.remaining == 0
    out = attack_object(
        state_of(hero()),
        PLAYER,
        dice(8, 2, 1, 8, 5),
        attacker_id="h",
        weapon="Espada",
        hardness=14,
    )
    assert "swade.combat.object.holds" in keys(out)


def test_rules_never_change_the_state_they_are_given() -> None:
    st = state_of(hero(), villain())
    before = st.model_dump()
    out = _attack(st, dice(6, 1, 5, 5), weapon="Pistola", target="v")
    assert st.model_dump() == before and out.state.model_dump() != before


def test_attack_snapshots_do_not_nest_from_one_attack_to_the_next() -> None:
    st = state_of(hero(), goblin())
    for _ in range(3):
        st = _attack(st, dice(2, 2)).state
    last = get(st, "h").last_attack
    assert last is not None and "last_attack" not in last["before"]["h"]
    out = reroll_attack(st, PLAYER, dice(3, 3), "h")
    assert get(out.state, "h").last_attack is not None


def test_reload_sets_the_rounds_and_ammunition_runs_out_again() -> None:
    h = hero()
    h.weapons[2].shots = 4
    out = reload_weapon(
        state_of(h, goblin()), PLAYER, combatant_id="h", weapon="Subfusil", shots=30
    )
    assert get(out.state, "h").weapons[2].shots == 30
    fired = _attack(out.state, dice(2, 2, 2, 1), weapon="Subfusil", rof=3)
    assert get(fired.state, "h").weapons[2].shots == 20
