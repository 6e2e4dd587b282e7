"""SW-25 area attacks without a map, deviation and suppressive fire, forced dice."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import area_attack, suppressive_fire
from bot.systems.swade.maneuvers import reroll_maneuver, reroll_maneuver_damage
from bot.systems.swade.modifiers import AttackOptions, has_condition
from bot.systems.swade.state import Weapon

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, keys, state_of

GRENADE = Weapon(name="Granada", damage="3d6", range="5/10/20")


def _three_goblins(**kw):  # type: ignore[no-untyped-def]
    return state_of(
        hero(weapons=[*hero().weapons, GRENADE]),
        goblin("g1"),
        goblin("g2"),
        goblin("g3"),
        turn_order=["h", "g1", "g2", "g3"],
        current=0,
        **kw,
    )


def _throw(st, d, ids, template="medium", **kw):  # type: ignore[no-untyped-def]
    opts = kw.pop("options", AttackOptions(thrown=True))
    return area_attack(
        st,
        PLAYER,
        d,
        attacker_id="h",
        target_ids=ids,
        template=template,
        weapon="Granada",
        options=opts,
        **kw,
    )


def test_templates_touch_2_3_3_4_targets() -> None:
    with pytest.raises(RuleError) as err:
        _throw(_three_goblins(), dice(), ["g1", "g2", "g3"], template="small")
    assert err.value.key == "swade.combat.error.template_targets"
    assert err.value.params["max"] == 2


def test_a_hit_rolls_damage_for_each_target() -> None:
    # Athletics 4: hit. g1: 3d6 2+2+1 = 5 vs T5: Shaken. g2: 1+1+1 = 3: nothing.
    d = dice(4, 1, 2, 2, 1, 1, 1, 1)
    out = _throw(_three_goblins(), d, ["g1", "g2"])
    assert get(out.state, "g1").shaken and not get(out.state, "g2").shaken
    assert keys(out).count("swade.combat.damage.roll") == 2 and d.remaining == 0


def test_cover_counts_as_armour_not_as_a_penalty() -> None:
    d = dice(4, 1, 2, 2, 1)  # 4 with no -2 cover penalty: hit; 5 vs T5 + 2: nothing
    out = _throw(_three_goblins(), d, ["g1"], options=AttackOptions(thrown=True, cover="light"))
    mods = event(out, "swade.combat.area.roll").params["modifiers"]
    assert all(m[0] != "swade.combat.mod.cover" for m in mods)
    assert not get(out.state, "g1").shaken
    assert event(out, "swade.combat.hit.no_effect").params["toughness"] == 7


def test_evasion_agility_minus_2_avoids_the_area() -> None:
    # Hit; g1 Agility 6 - 2 = 4: evades; g2 Agility 3 - 2: fails, takes 2+2+1 = 5.
    d = dice(4, 1, 6, 3, 2, 2, 1)
    out = _throw(_three_goblins(), d, ["g1", "g2"], evasion=True)
    assert not get(out.state, "g1").shaken and get(out.state, "g2").shaken
    assert keys(out).count("swade.combat.evade.success") == 1


def test_a_miss_deviates_1d6_thrown_times_the_range_multiplier_in_a_d12_direction() -> None:
    opts = AttackOptions(thrown=True, range="medium")
    out = _throw(_three_goblins(), dice(3, 1, 5, 7), ["g1"], options=opts)  # 3 - 2 = 1
    params = event(out, "swade.combat.area.deviates").params
    assert params == {"steps": 10, "clock": 7}


def test_launched_projectiles_deviate_2d6() -> None:
    opts = AttackOptions(thrown=True, range="long")
    out = _throw(_three_goblins(), dice(2, 1, 3, 4, 12), ["g1"], options=opts, launched=True)
    assert event(out, "swade.combat.area.deviates").params == {"steps": 21, "clock": 12}


def test_a_grenade_is_thrown_without_saying_so_and_deviates_1d6() -> None:
    """SW-10 / seed 003 "Desvío": a grenade on the sheet is thrown (Athletics, 1d6)."""
    opts = AttackOptions(range="medium")
    out = _throw(_three_goblins(), dice(3, 1, 5, 7), ["g1"], options=opts)
    assert event(out, "swade.combat.area.roll").params["skill"] == "swade.combat.skill.athletics"
    assert event(out, "swade.combat.area.deviates").params == {"steps": 10, "clock": 7}


def test_a_weapon_that_shoots_deviates_2d6_without_saying_launched() -> None:
    """Seed 003 "Desvío": "2d6 en proyectiles": a Shooting area attack is launched."""
    launcher = Weapon(name="Lanzagranadas", damage="4d8", range="24/48/96")
    st = state_of(hero(weapons=[launcher]), goblin("g1"), turn_order=["h", "g1"], current=0)
    out = area_attack(
        st, PLAYER, dice(2, 1, 3, 4, 12), attacker_id="h", target_ids=["g1"],
        template="small", weapon="Lanzagranadas", options=AttackOptions(range="long"),
    )  # fmt: skip
    assert event(out, "swade.combat.area.roll").params["skill"] == "swade.combat.skill.shooting"
    assert event(out, "swade.combat.area.deviates").params == {"steps": 21, "clock": 12}


def test_suppressive_fire_success_distracts_every_target() -> None:
    # Subfusil RoF 3: Shooting 6 - 2 recoil = 4: success, no raise.
    out = suppressive_fire(
        _three_goblins(),
        PLAYER,
        dice(6, 1),
        attacker_id="h",
        target_ids=["g1", "g2", "g3"],
        weapon="Subfusil",
    )
    for gid in ("g1", "g2", "g3"):
        g = get(out.state, gid)
        assert has_condition(g, "distracted") and not g.shaken
    assert get(out.state, "h").weapons[2].shots == 20  # seed 003: RoF 3 spends 10


def test_suppressive_fire_raise_also_damages_up_to_rof_targets() -> None:
    # 8+2 = 10 - 2 = 8: a raise. Damage 2d6 per target: 5+5, 1+1, 3+3 (T5, armour - AP 1).
    d = dice(8, 2, 1, 5, 5, 1, 1, 3, 3)
    out = suppressive_fire(
        _three_goblins(),
        PLAYER,
        d,
        attacker_id="h",
        target_ids=["g1", "g2", "g3"],
        weapon="Subfusil",
    )
    assert get(out.state, "g1").incapacitated  # 10 vs 4: a wound
    assert not get(out.state, "g2").shaken
    assert get(out.state, "g3").shaken
    assert d.remaining == 0


def test_suppressive_fire_needs_rof_2() -> None:
    with pytest.raises(RuleError) as err:
        suppressive_fire(
            _three_goblins(),
            PLAYER,
            dice(),
            attacker_id="h",
            target_ids=["g1"],
            weapon="Pistola",
        )
    assert err.value.key == "swade.combat.error.suppressive_needs_rof"


def test_a_benny_rerolls_the_area_attack_roll() -> None:
    missed = _throw(_three_goblins(), dice(3, 1, 5, 7), ["g1"])  # 3 - 2: deviates
    # Reroll: Athletics 4 hits; 3d6 2+2+1 = 5 against T5: Shaken.
    out = reroll_maneuver(missed.state, PLAYER, dice(4, 1, 2, 2, 1), owner_id="h", index=0)
    assert get(out.state, "g1").shaken
    assert "swade.combat.area.deviates" not in keys(out)


def test_a_target_rerolls_its_evasion_and_the_attack_roll_stays() -> None:
    hit = _throw(_three_goblins(), dice(4, 1, 3, 2, 2, 1), ["g1"], evasion=True)
    assert get(hit.state, "g1").shaken
    out = reroll_maneuver(hit.state, GM, dice(6), owner_id="h", index=1)  # 6 - 2 = 4
    assert not get(out.state, "g1").shaken
    assert "swade.combat.evade.success" in keys(out)


# SW-14: soak offers come from one path for every maneuver (run_maneuver), first run or
# replayed for a benny: an area attack offers soak as a power does, never for an old hit.


def _villain_and_goblin():  # type: ignore[no-untyped-def]
    """The hero with a grenade, a Wild Card (the Capitán, Toughness 5) and a goblin."""
    villain = goblin("v", name="Capitán", wild_card=True)
    return state_of(hero(weapons=[*hero().weapons, GRENADE]), villain, goblin("g1"))


def test_an_area_attack_rerolled_into_a_hit_offers_soak_to_the_wild_card_it_wounds() -> None:
    # Athletics 2 (wild 1): a miss, deviating 3 steps toward 5 o'clock.
    missed = _throw(_villain_and_goblin(), dice(2, 1, 3, 5), ["v", "g1"])
    assert not [o for o in missed.offers if o.action == "soak"]
    # The benny reroll: Athletics 4 hits; the Capitán takes 5+5+5 = 15 against
    # Toughness 5: two wounds; the goblin 1+1+1 = 3: nothing.
    out = reroll_maneuver(missed.state, PLAYER, dice(4, 1, 5, 5, 5, 1, 1, 1), owner_id="h", index=0)
    assert get(out.state, "v").wounds == 2
    soaks = [o for o in out.offers if o.action == "soak"]
    assert [(o.combatant_id, o.data["wounds"]) for o in soaks] == [("v", 2)]


def test_an_area_attack_that_misses_offers_no_soak_for_an_earlier_hit() -> None:
    # First throw: 4 hits; the Capitán 5+5+5 = 15: wounds (soak offered); goblin 3.
    hit = _throw(_villain_and_goblin(), dice(4, 1, 5, 5, 5, 1, 1, 1), ["v", "g1"])
    assert [o.combatant_id for o in hit.offers if o.action == "soak"] == ["v"]
    # Second throw misses (2, wild 1; deviation 3 toward 5): that old wound is not this
    # attack's, so it offers no soak.
    missed = _throw(hit.state, dice(2, 1, 3, 5), ["v", "g1"])
    assert "swade.combat.area.deviates" in keys(missed)
    assert not [o for o in missed.offers if o.action == "soak"]


# SW-35 (seed 001: "Repetir una tirada de daño: Se vuelve a tirar todo el daño causado
# por un ataque"): an area attack's damage is rerolled with a benny as a single attack's.


def test_sw35_a_benny_rerolls_an_area_attacks_damage_and_each_better_total_counts() -> None:
    # Athletics 4 hits; the Capitán 1+1+1 = 3 and the goblin 1+1+2 = 4: nothing.
    first = _throw(_villain_and_goblin(), dice(4, 1, 1, 1, 1, 1, 1, 2), ["v", "g1"])
    [offer] = [o for o in first.offers if o.action == "reroll_maneuver_damage"]
    assert (offer.combatant_id, offer.user_id, offer.data) == (
        "h",
        PLAYER.user_id,
        {"owner_id": "h"},
    )
    # The benny rolls only the damage (the attack roll stays): the Capitán 5+5+5 = 15
    # counts (two wounds, soak offered); the goblin's 1+1+1 = 3 does not beat 4, which
    # stands.
    d = dice(5, 5, 5, 1, 1, 1)
    out = reroll_maneuver_damage(first.state, PLAYER, d, owner_id="h")
    assert d.remaining == 0
    assert get(out.state, "v").wounds == 2
    damage = [e.params["damage"] for e in out.events if e.key == "swade.combat.damage.roll"]
    assert damage == [15, 4]
    kept = event(out, "swade.combat.reroll.damage_kept")
    assert (kept.params["name"], kept.params["rolled"], kept.params["kept"]) == ("Goblin", 3, 4)
    assert [o.combatant_id for o in out.offers if o.action == "soak"] == ["v"]
    assert get(out.state, "h").weapons[-1].shots == get(first.state, "h").weapons[-1].shots


def test_sw35_an_area_attack_that_missed_has_no_damage_to_reroll() -> None:
    missed = _throw(_villain_and_goblin(), dice(2, 1, 3, 5), ["v", "g1"])
    assert not [o for o in missed.offers if o.action == "reroll_maneuver_damage"]
    with pytest.raises(RuleError) as err:
        reroll_maneuver_damage(missed.state, PLAYER, dice(), owner_id="h")
    assert err.value.key == "swade.combat.error.no_damage_to_reroll"
