"""SW-40 activation with forced dice: the arcane skill roll and its modifiers, the cost,
raises, Backlash, refusals, damage through the attack path (soak, incapacitation),
area powers with evasion, resisted powers, and the benny reroll of an activation."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.maneuvers import declare_multi_action, reroll_maneuver
from bot.systems.swade.power_defs import define_power
from bot.systems.swade.powers import MAINTAINING, cast
from bot.systems.swade.state import SwadeSettings, Trait

from .power_fixtures import mage, maintained
from .test_combat_fixtures import (
    GM,
    PLAYER,
    dice,
    event,
    get,
    goblin,
    joker,
    keys,
    state_of,
    villain,
)


def _mods(out, key="swade.powers.cast.roll"):  # type: ignore[no-untyped-def]
    return [tuple(m) for m in event(out, key).params["modifiers"]]


def test_bolt_success_pays_its_cost_and_deals_damage_through_the_attack_path() -> None:
    # Spellcasting d8 5, wild 2: 5 >= 4. Damage 2d6: 6 aces +3, 4 = 13 vs Toughness 8:
    # excess 5, one wound and Shaken (SW-12); a wounded Wild Card is offered soak (SW-14).
    d = dice(5, 2, 6, 3, 4)
    out = cast(state_of(mage(), villain()), PLAYER, d, "m", "bolt", ["Capitán"])
    v = get(out.state, "v")
    assert (v.wounds, v.shaken) == (1, True) and d.remaining == 0
    assert v.last_hit is not None and v.last_hit["attacker_id"] == "m"
    assert get(out.state, "m").power_points == 9
    assert "swade.combat.hit.wounded" in keys(out)
    soak = [o for o in out.offers if o.action == "soak"]
    assert len(soak) == 1 and soak[0].combatant_id == "v" and soak[0].user_id is None


def test_a_failure_costs_one_power_point_whatever_the_power_costs() -> None:
    # Spellcasting 3, wild 2: a failure. Bolt + Heavy Weapon would cost 3; it costs 1.
    out = cast(
        state_of(mage(), villain()), PLAYER, dice(3, 2), "m", "bolt", ["v"], ["heavy weapon"]
    )
    assert "swade.powers.cast.failure" in keys(out)
    assert get(out.state, "m").power_points == 9
    assert get(out.state, "v").wounds == 0 and not get(out.state, "v").shaken


def test_the_full_cost_setting_makes_a_failure_cost_everything() -> None:
    st = state_of(mage(), villain(), settings=SwadeSettings(failed_cast_full_cost=True))
    out = cast(st, PLAYER, dice(3, 2), "m", "bolt", ["v"], ["heavy weapon"])
    assert get(out.state, "m").power_points == 7


def test_short_power_points_are_refused_with_the_cost_and_what_is_left() -> None:
    st = state_of(mage(power_points=2), villain())
    with pytest.raises(RuleError) as err:
        cast(st, PLAYER, dice(), "m", "bolt", ["v"], ["arma pesada"])
    assert err.value.key == "swade.powers.error.short"
    assert {"cost": 3, "base": 1, "extra": 2, "points": 2}.items() <= err.value.params.items()


def test_a_caster_without_power_points_or_arcane_skill_is_told_how_to_fix_it() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(power_points=None), villain()), PLAYER, dice(), "m", "bolt", ["v"])
    assert err.value.key == "swade.powers.error.no_power_points"
    plain = mage(arcane_skill=None, skills={"fighting": Trait(die=6)})
    with pytest.raises(RuleError) as err:
        cast(state_of(plain, villain()), PLAYER, dice(), "m", "bolt", ["v"])
    assert err.value.key == "swade.powers.error.no_arcane_skill"


def test_the_arcane_skill_falls_back_to_the_one_on_the_sheet() -> None:
    priest = mage(arcane_skill=None, skills={"faith": Trait(die=10)})
    out = cast(state_of(priest, villain()), PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["v"])
    assert event(out, "swade.powers.cast.roll").params["skill"] == "swade.combat.skill.faith"


def test_a_raise_uses_the_raise_effect_without_the_raise_die() -> None:
    # d8 8 aces +1 = 9 (wild 2): one raise. Bolt's raise is 3d6, no extra raise die.
    out = cast(state_of(mage(), villain()), PLAYER, dice(8, 1, 2, 1, 1, 1), "m", "bolt", ["v"])
    dmg = event(out, "swade.powers.damage.roll")
    assert len(dmg.dice["rolls"]) == 3 and dmg.dice["raise_roll"] is None
    assert "swade.powers.cast.raise" in keys(out)


def test_without_raise_effects_a_raise_adds_the_d6_raise_die() -> None:
    st = define_power(
        state_of(mage(), villain()), GM, "nombre: Rayo; coste: 1; éxito: daño 2d6"
    ).state
    out = cast(st, PLAYER, dice(8, 1, 2, 1, 1, 1), "m", "rayo", ["v"])
    dmg = event(out, "swade.powers.damage.roll")
    assert len(dmg.dice["rolls"]) == 2 and dmg.dice["raise_roll"] is not None


def test_every_trait_roll_modifier_is_applied_and_named() -> None:
    # Wounds -1, Joker +2 and -1 per maintained power (SW-6, SW-33, SW-42).
    st = state_of(mage(wounds=1, card=joker(), card_round=1, maintaining=maintained(2)), villain())
    out = cast(st, PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["v"])
    mods = _mods(out)
    assert ("swade.mod.wounds", -1) in mods and ("swade.mod.joker", 2) in mods
    assert (MAINTAINING, -2) in mods
    assert event(out, "swade.powers.cast.roll").params["total"] == 3  # 4 - 1 + 2 - 2
    assert "swade.powers.cast.failure" in keys(out)


def test_one_maintained_power_is_the_difference_between_success_and_failure() -> None:
    # SW-42: 4 on the die succeeds alone; with a power maintained it is a 3.
    free = cast(state_of(mage(), villain()), PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["v"])
    busy = cast(
        state_of(mage(maintaining=maintained(1)), villain()), PLAYER, dice(4, 1), "m", "bolt", ["v"]
    )
    assert "swade.powers.cast.success" in keys(free)
    assert "swade.powers.cast.failure" in keys(busy)


def test_a_joker_adds_2_to_the_power_damage_too() -> None:
    st = state_of(mage(card=joker(), card_round=1), villain())
    out = cast(st, PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["v"])
    dmg = event(out, "swade.powers.damage.roll")
    assert ["swade.combat.dmg.joker", 2] in dmg.params["modifiers"] and dmg.params["damage"] == 4


def test_casting_is_an_action_with_the_multi_action_penalty() -> None:
    st = state_of(mage(card=None), villain(), turn_order=["m", "v"], current=0, active="m")
    st = declare_multi_action(st, PLAYER, "m", 2).state
    out = cast(st, PLAYER, dice(5, 1), "m", "bolt", ["v"])
    assert ("swade.combat.mod.multi_action", -2) in _mods(out)
    assert get(out.state, "m").actions_taken == 1


def test_a_shaken_caster_cannot_cast() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(shaken=True), villain()), PLAYER, dice(), "m", "bolt", ["v"])
    assert err.value.key == "swade.combat.error.shaken_or_stunned"


def test_only_its_controller_or_the_gm_casts() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(controller_id=7), villain()), PLAYER, dice(), "m", "bolt", ["v"])
    assert err.value.key == "swade.perm.not_yours"


# --- Backlash ---------------------------------------------------------------------------


def test_backlash_fatigues_the_caster_and_ends_every_maintained_power() -> None:
    st = state_of(mage(), villain())
    # Protection on itself: 4 (wild 2) succeeds: Armour +2.
    st = cast(st, PLAYER, dice(4, 2), "m", "protection", ["m"]).state
    m = get(st, "m")
    assert (m.armor, m.toughness, len(m.maintaining)) == (2, 8, 1)
    # Bolt: both dice 1, a critical failure (SW-3): 1 PP, Fatigue, the protection ends.
    out = cast(st, PLAYER, dice(1, 1), "m", "bolt", ["v"])
    m = get(out.state, "m")
    assert "swade.powers.backlash" in keys(out) and "swade.powers.ended.backlash" in keys(out)
    assert (m.fatigue, m.maintaining, m.armor, m.toughness) == (1, [], 0, 6)
    assert m.power_points == 10 - 1 - 1


def test_backlash_fatigue_may_incapacitate() -> None:
    # SW-43: one level beyond Exhausted incapacitates (2d6 hours unconscious).
    out = cast(state_of(mage(fatigue=2), villain()), PLAYER, dice(1, 1, 3, 4), "m", "bolt", ["v"])
    m = get(out.state, "m")
    assert m.fatigue == 3 and m.incapacitated and m.knocked_out_hours == 7


def test_a_critical_failure_cannot_be_rerolled() -> None:
    out = cast(state_of(mage(), villain()), PLAYER, dice(1, 1), "m", "bolt", ["v"])
    assert not [o for o in out.offers if o.action == "reroll_maneuver"]
    with pytest.raises(RuleError) as err:
        reroll_maneuver(out.state, PLAYER, dice(6, 6), owner_id="m", index=0)
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


# --- benny reroll (SW-4/SW-35) -------------------------------------------------------------


def test_a_benny_rerolls_a_failed_activation_and_the_power_points_follow_the_new_roll() -> None:
    st = state_of(mage(), goblin())
    failed = cast(st, PLAYER, dice(2, 3), "m", "bolt", ["g"])
    assert get(failed.state, "m").power_points == 9
    offer = next(o for o in failed.offers if o.action == "reroll_maneuver")
    assert (
        offer.data == {"owner_id": "m", "index": 0, "name": "Maga"}
        and offer.user_id == PLAYER.user_id
    )
    # The reroll: 6 (wild 1) succeeds; damage 5+4 = 9 vs Toughness 5: a wound, incapacitated.
    out = reroll_maneuver(failed.state, PLAYER, dice(6, 1, 5, 4), owner_id="m", index=0)
    assert get(out.state, "m").power_points == 9  # the bolt's 1, not 1 + 1
    assert get(out.state, "g").incapacitated


def test_a_reroll_that_is_worse_keeps_the_first_roll() -> None:
    st = state_of(mage(), villain())
    first = cast(st, PLAYER, dice(6, 1, 1, 1), "m", "bolt", ["v"])
    out = reroll_maneuver(first.state, PLAYER, dice(2, 1, 1, 1), owner_id="m", index=0)
    roll = event(out, "swade.powers.cast.roll")
    assert roll.params["kept_previous"] and roll.params["total"] == 6
    assert get(out.state, "m").power_points == 9


def test_a_cast_leaves_its_input_state_unchanged() -> None:
    st = state_of(mage(), villain())
    before = st.model_dump()
    out = cast(st, PLAYER, dice(5, 2, 6, 3, 4), "m", "bolt", ["v"])
    assert st.model_dump() == before and out.state.model_dump() != before


# --- area powers (SW-25) ---------------------------------------------------------------


def _goblins(n: int):  # type: ignore[no-untyped-def]
    return [goblin(f"g{i}", name=f"Goblin {i}", group="Goblin") for i in range(1, n + 1)]


def test_an_area_power_takes_at_most_its_template_count() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), *_goblins(4)), PLAYER, dice(), "m", "blast", ["g1", "g2", "g3", "g4"])
    assert err.value.key == "swade.combat.error.template_targets"
    assert err.value.params["max"] == 3


def test_an_area_power_takes_a_count_of_a_group_and_each_target_may_evade() -> None:
    # Activation 4 (wild 2). Goblin 1 evades: Agility d8 7 - 2 = 5. Goblin 2 fails:
    # 3 - 2 = 1; its damage 3+3 = 6 vs Toughness 5: Shaken.
    d = dice(4, 2, 7, 3, 3, 3)
    out = cast(state_of(mage(), *_goblins(4)), PLAYER, d, "m", "explosión", ["Goblin"], count=2)
    assert d.remaining == 0
    assert keys(out).count("swade.combat.evade.success") == 1
    assert keys(out).count("swade.combat.evade.failure") == 1
    assert not get(out.state, "g1").shaken and get(out.state, "g2").shaken
    assert not get(out.state, "g3").shaken
    rerolls = [o.data["index"] for o in out.offers if o.action == "reroll_maneuver"]
    assert rerolls == [0, 1, 2]  # the activation and each evasion roll
    assert get(out.state, "m").power_points == 8


def test_a_target_rerolls_its_evasion_and_the_activation_stays() -> None:
    d = dice(4, 2, 7, 3, 3, 3)
    first = cast(state_of(mage(), *_goblins(2)), PLAYER, d, "m", "blast", ["g1", "g2"])
    # Goblin 2's evasion (roll 2) again: 8 aces +2 = 10 - 2 = 8: it evades this time.
    out = reroll_maneuver(first.state, GM, dice(8, 2), owner_id="m", index=2)
    assert not get(out.state, "g2").shaken
    assert event(out, "swade.powers.cast.roll").params["kept_previous"] is False
    assert get(out.state, "m").power_points == 8


def test_count_needs_a_group() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), goblin()), PLAYER, dice(), "m", "blast", ["g"], count=2)
    assert err.value.key == "swade.powers.error.count_needs_group"


def test_a_single_target_power_refuses_two_targets() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), *_goblins(2)), PLAYER, dice(), "m", "bolt", ["g1", "g2"])
    assert err.value.key == "swade.powers.error.too_many_targets"


def test_an_extra_hit_by_a_wound_is_incapacitated() -> None:
    out = cast(state_of(mage(), goblin()), PLAYER, dice(4, 2, 5, 4), "m", "bolt", ["g"])
    assert get(out.state, "g").incapacitated and "swade.combat.hit.incapacitated" in keys(out)


# --- resisted powers (SW-7) ----------------------------------------------------------------


def test_a_resisted_power_works_when_the_target_rolls_lower() -> None:
    # Lower Trait on the villain's Fighting: activation 6 (wild 2); Spirit d6 3 (wild 2).
    out = cast(
        state_of(mage(), villain()),
        PLAYER,
        dice(6, 2, 3, 2),
        "m",
        "lower trait",
        ["v"],
        trait="pelear",
    )
    assert "swade.powers.resist.fails" in keys(out)
    assert get(out.state, "v").skills["fighting"] == Trait(die=6)
    assert [a.power_id for a in get(out.state, "m").maintaining] == ["lower_trait"]


def test_a_resisted_power_fails_on_a_tie_and_nothing_is_maintained() -> None:
    # Activation 5 (wild 2); Spirit 5 (wild 2): a tie goes to the target (SW-7).
    out = cast(
        state_of(mage(), villain()),
        PLAYER,
        dice(5, 2, 5, 2),
        "m",
        "lower trait",
        ["v"],
        trait="fighting",
    )
    assert "swade.powers.resist.succeeds" in keys(out)
    assert get(out.state, "v").skills["fighting"] == Trait(die=8)
    assert get(out.state, "m").maintaining == []
    assert get(out.state, "m").power_points == 8  # the activation succeeded: paid


def test_a_trait_power_needs_the_trait() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), villain()), PLAYER, dice(6, 2), "m", "boost trait", ["m"])
    assert err.value.key == "swade.powers.error.trait_needed"


def test_a_target_first_evades_then_resists() -> None:
    st = define_power(
        state_of(mage(), goblin()),
        GM,
        "nombre: Nube; coste: 2; área: pequeña; evasión: sí; opuesto: vigor; éxito: distraído",
    ).state
    # Activation 5 (wild 1). The goblin: Agility 3 - 2 = 1, no evasion; Vigor 2 < 5.
    d = dice(5, 1, 3, 2)
    out = cast(st, PLAYER, d, "m", "nube", ["g"])
    assert d.remaining == 0
    order = keys(out)
    assert order.index("swade.combat.evade.failure") < order.index("swade.powers.resist.fails")
    assert any(c.name == "distracted" for c in get(out.state, "g").conditions)


@pytest.mark.parametrize(
    ("kw", "key"),
    [
        ({"tn": 0}, "swade.powers.error.bad_tn"),
        ({"modifier": 30}, "swade.powers.error.bad_modifier"),
        ({"count": 0}, "swade.powers.error.bad_count"),
    ],
)
def test_numbers_out_of_range_are_refused(kw, key) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), villain()), PLAYER, dice(), "m", "bolt", ["v"], **kw)
    assert err.value.key == key


def test_a_tn_given_by_the_gm_replaces_4() -> None:
    out = cast(state_of(mage(), villain()), PLAYER, dice(5, 2), "m", "bolt", ["v"], tn=6)
    assert "swade.powers.cast.failure" in keys(out)
    assert event(out, "swade.powers.cast.roll").params["tn"] == 6


def test_a_cast_rerolled_offers_soak_to_a_wild_card_the_new_roll_wounds() -> None:
    failed = cast(state_of(mage(), villain()), PLAYER, dice(2, 1), "m", "bolt", ["v"])
    out = reroll_maneuver(failed.state, PLAYER, dice(5, 2, 6, 3, 4), owner_id="m", index=0)
    assert get(out.state, "v").wounds == 1
    assert [o.combatant_id for o in out.offers if o.action == "soak"] == ["v"]


def test_an_area_powers_refusal_does_not_offer_a_larger_template() -> None:
    """The power's template is its own: the area attack's advice ("name a larger
    template in the action") does not apply."""
    from bot.i18n import t

    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), *_goblins(4)), PLAYER, dice(), "m", "blast", ["g1", "g2", "g3", "g4"])
    for lang in ("es", "en"):
        text = t(err.value.key, lang, **err.value.params)
        assert "larger" not in text and "mayor" not in text and "1" in text, text
