"""SW-11..SW-15: damage against Toughness, incapacitation, soak, Shaken by benny."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat.objects import damage_object
from bot.systems.swade.damage import (
    apply_damage,
    effective_toughness,
    soak,
    unshake_with_benny,
    wounds_for,
)
from bot.systems.swade.fatigue import apply_fatigue, recover_fatigue
from bot.systems.swade.rerolls import reroll_trait
from bot.systems.swade.state import SwadeSettings, Trait

from .test_combat_fixtures import GM, PLAYER, dice, get, goblin, hero, keys, state_of, villain

# --- SW-12 ---------------------------------------------------------------------------


def test_damage_below_toughness_does_nothing() -> None:
    out = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=5)
    h = get(out.state, "h")
    assert (h.shaken, h.wounds) == (False, 0)
    assert keys(out) == ["swade.combat.hit.no_effect"]


def test_damage_matching_toughness_shakes() -> None:
    out = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=9)  # excess 3
    h = get(out.state, "h")
    assert (h.shaken, h.wounds) == (True, 0)
    assert keys(out) == ["swade.combat.hit.shaken"]


def test_shaken_again_is_a_wound() -> None:
    out = apply_damage(state_of(hero(shaken=True)), GM, dice(), target_id="h", damage=6)
    h = get(out.state, "h")
    assert (h.shaken, h.wounds) == (True, 1)


def test_each_full_four_over_toughness_is_a_wound_and_shaken() -> None:
    out = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=13)  # excess 7
    h = get(out.state, "h")
    assert (h.shaken, h.wounds) == (True, 1)
    out = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=14)  # excess 8
    assert get(out.state, "h").wounds == 2


def test_ap_lowers_only_the_armour_part() -> None:
    v = villain()  # Toughness 8 with 2 armour
    assert effective_toughness(v, ap=1) == 7
    assert effective_toughness(v, ap=10) == 6
    assert effective_toughness(v, ignore_armor=True) == 6
    out = apply_damage(state_of(v), GM, dice(), target_id="v", damage=10, ap=4)
    assert get(out.state, "v").wounds == 1
    out = apply_damage(state_of(v), GM, dice(), target_id="v", damage=10)
    assert (get(out.state, "v").wounds, get(out.state, "v").shaken) == (0, True)


def test_wound_cap_setting_limits_a_hit_to_four_wounds() -> None:
    assert wounds_for(20, already_shaken=False, cap=False) == (5, True)
    assert wounds_for(20, already_shaken=False, cap=True) == (4, True)
    st = state_of(villain(max_wounds=10), settings=SwadeSettings(wound_cap=True))
    out = apply_damage(st, GM, dice(), target_id="v", damage=28)  # excess 20
    assert get(out.state, "v").wounds == 4


def test_only_the_gm_applies_raw_damage() -> None:
    with pytest.raises(RuleError) as err:
        apply_damage(state_of(hero()), PLAYER, dice(), target_id="h", damage=20)
    assert err.value.key == "swade.perm.gm_only"


# --- SW-13 ---------------------------------------------------------------------------


def test_an_extra_is_incapacitated_by_one_wound_without_rolling() -> None:
    out = apply_damage(state_of(goblin()), GM, dice(), target_id="g", damage=9)  # T5, +4
    g = get(out.state, "g")
    assert g.incapacitated and g.wounds == 1
    assert keys(out) == ["swade.combat.hit.incapacitated"]
    assert out.offers == []  # no soak offer for an Extra


def test_a_wild_card_survives_three_wounds() -> None:
    out = apply_damage(state_of(hero(wounds=2)), GM, dice(), target_id="h", damage=10)
    h = get(out.state, "h")
    assert (h.wounds, h.incapacitated) == (3, False)


def test_wild_card_critical_failure_on_incapacitation_dies() -> None:
    # 4th wound -> Vigor d6 (1) and wild d6 (1): critical failure.
    out = apply_damage(state_of(hero(wounds=3)), GM, dice(1, 1), target_id="h", damage=10)
    h = get(out.state, "h")
    assert h.incapacitated and h.dead and h.injuries == []
    assert "swade.combat.incapacitation.dead" in keys(out)


def test_wild_card_failed_incapacitation_is_injured_and_bleeding_out() -> None:
    # Vigor 3 / wild 2, -3 wounds: fails. Injury 2d6 = 3+4 = 7 (guts), 1d6 = 5: busted.
    out = apply_damage(state_of(hero(wounds=3)), GM, dice(3, 2, 3, 4, 5), target_id="h", damage=10)
    h = get(out.state, "h")
    assert h.incapacitated and not h.dead and h.bleeding_out
    assert h.injuries == ["guts_busted"]
    assert h.attributes["strength"] == Trait(die=6)  # d8 one step down
    assert h.injury_log == [{"injury": "guts_busted", "duration": "permanent"}]


def test_wild_card_incapacitation_success_injury_until_healed() -> None:
    # Vigor 6+1 = 7 (ace), wild 2; -3 wounds -> 4: success, no raise. Injury 5+5: leg.
    out = apply_damage(state_of(hero(wounds=3)), GM, dice(6, 1, 2, 5, 5), target_id="h", damage=10)
    h = get(out.state, "h")
    assert not h.bleeding_out and not h.dead
    assert h.hindrances == ["lame_minor"]
    assert h.injury_log == [{"injury": "leg", "duration": "until_healed"}]


def test_wild_card_incapacitation_raise_injury_for_24_hours() -> None:
    # Vigor 6+5 = 11, -3 = 8: a raise. Injury 1+1: unmentionables.
    out = apply_damage(state_of(hero(wounds=3)), GM, dice(6, 5, 3, 1, 1), target_id="h", damage=10)
    h = get(out.state, "h")
    assert h.injury_log == [{"injury": "unmentionables", "duration": "24h"}]
    assert "swade.combat.incapacitation.injured_24h" in keys(out)


def test_nonlethal_knocks_out_for_1d6_hours_instead_of_sw13() -> None:
    out = apply_damage(
        state_of(hero(wounds=3)), GM, dice(5), target_id="h", damage=10, nonlethal=True
    )
    h = get(out.state, "h")
    assert h.incapacitated and h.knocked_out_hours == 5 and not h.dead and h.injuries == []


def test_fatigue_levels_then_unconscious_for_2d6_hours() -> None:
    out = apply_fatigue(state_of(hero()), GM, dice(), combatant_id="h")
    assert get(out.state, "h").fatigue == 1
    out = apply_fatigue(out.state, GM, dice(3, 4), combatant_id="h", levels=2)
    h = get(out.state, "h")
    assert (h.fatigue, h.incapacitated, h.knocked_out_hours) == (3, True, 7)
    back = recover_fatigue(out.state, GM, combatant_id="h")
    h = get(back.state, "h")
    assert (h.fatigue, h.incapacitated, h.knocked_out_hours) == (2, False, None)


def test_fatigue_penalties_apply_to_trait_rolls() -> None:
    from bot.systems.swade.modifiers import state_trait_modifiers

    st = state_of(hero(fatigue=2))
    assert ("swade.mod.fatigue", -2) in state_trait_modifiers(get(st, "h"), st)


# --- SW-14 soak ----------------------------------------------------------------------


def _two_wounds() -> object:
    return apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=14)


def test_a_wounded_wild_card_is_offered_soak_with_the_pending_hit() -> None:
    out = _two_wounds()
    (offer,) = out.offers  # type: ignore[attr-defined]
    assert offer.action == "soak" and offer.combatant_id == "h"
    assert offer.user_id == PLAYER.user_id
    assert offer.data["wounds"] == 2 and offer.data["damage"] == 14


def test_soak_success_cancels_one_wound_ignoring_that_hits_penalty() -> None:
    # Vigor 4 (no -2 from the hit's own wounds), wild 2: success, cancels 1 of 2.
    hit = _two_wounds().state  # type: ignore[attr-defined]
    out = soak(hit, PLAYER, dice(4, 2), "h")
    h = get(out.state, "h")
    assert (h.wounds, h.shaken) == (1, True)
    assert out.events[0].params["cancelled"] == 1


def test_soak_cancelling_every_wound_cancels_that_hits_shaken() -> None:
    hit = _two_wounds().state  # type: ignore[attr-defined]
    out = soak(hit, PLAYER, dice(6, 2, 1), "h")  # 8: success and a raise
    h = get(out.state, "h")
    assert (h.wounds, h.shaken) == (0, False)


def test_soak_keeps_shaken_the_target_had_before_the_hit() -> None:
    st = apply_damage(state_of(hero(shaken=True)), GM, dice(), target_id="h", damage=10).state
    out = soak(st, PLAYER, dice(5, 1), "h")
    h = get(out.state, "h")
    assert (h.wounds, h.shaken) == (0, True)


def test_soak_reroll_keeps_the_best_result() -> None:
    hit = _two_wounds().state  # type: ignore[attr-defined]
    first = soak(hit, PLAYER, dice(4, 2), "h")  # cancels 1
    second = soak(first.state, PLAYER, dice(2, 3), "h")  # fails: the 1 stands
    assert get(second.state, "h").wounds == 1
    third = soak(second.state, PLAYER, dice(6, 3, 1), "h")  # 9: cancels 2
    assert get(third.state, "h").wounds == 0


def test_soak_undoes_the_incapacitation_of_that_hit() -> None:
    # 2 wounds + 2 = 4 > 3: incapacitated; Vigor 2/3 at -3 fails; injury 5+5 leg.
    st = apply_damage(
        state_of(hero(wounds=2)), GM, dice(2, 3, 5, 5), target_id="h", damage=14
    ).state
    assert get(st, "h").incapacitated and get(st, "h").bleeding_out
    out = soak(st, PLAYER, dice(6, 1, 1), "h")  # 7 - 2 (old wounds) = 5: cancels 1
    h = get(out.state, "h")
    assert (h.wounds, h.incapacitated, h.bleeding_out) == (3, False, False)
    assert h.injuries == [] and h.hindrances == []


def test_soak_without_a_wounding_hit_is_an_error() -> None:
    st = apply_damage(state_of(hero()), GM, dice(), target_id="h", damage=7).state
    with pytest.raises(RuleError) as err:
        soak(st, PLAYER, dice(6, 6), "h")
    assert err.value.key == "swade.combat.error.nothing_to_soak"


def test_soak_critical_failure_offers_no_reroll() -> None:
    hit = _two_wounds().state  # type: ignore[attr-defined]
    out = soak(hit, PLAYER, dice(1, 1), "h")
    assert out.offers == [] and get(out.state, "h").wounds == 2
    assert out.events[0].params["reroll"]["rerollable"] is False


# --- SW-15 ---------------------------------------------------------------------------


def test_a_benny_removes_shaken_at_once() -> None:
    out = unshake_with_benny(state_of(hero(shaken=True)), PLAYER, "h")
    assert get(out.state, "h").shaken is False
    with pytest.raises(RuleError):
        unshake_with_benny(out.state, PLAYER, "h")


def test_a_player_cannot_unshake_someone_elses_combatant() -> None:
    with pytest.raises(RuleError) as err:
        unshake_with_benny(state_of(goblin(shaken=True)), PLAYER, "g")
    assert err.value.key == "swade.perm.not_yours"


# --- SW-11 breaking things -------------------------------------------------------------


def test_damage_to_objects_does_not_ace_and_breaks_at_hardness() -> None:
    hit = damage_object(dice(8, 6), [8, 6], hardness=14)  # an 8 on a d8 does not ace
    assert hit.roll.total == 14 and hit.broken
    miss = damage_object(dice(8, 5), [8, 6], hardness=14)
    assert not miss.broken


# --- SW-4 / SW-35 reroll hook ------------------------------------------------------------


def test_a_trait_rolls_hook_redoes_the_same_roll_and_says_if_better() -> None:
    hit = _two_wounds().state  # type: ignore[attr-defined]
    out = soak(hit, PLAYER, dice(3, 2), "h")  # Vigor d6 3: fails
    hook = out.events[0].params["reroll"]
    assert (hook["die"], hook["wild_die"], hook["tn"], hook["previous_total"]) == (6, 6, 4, 3)
    again, better = reroll_trait(dice(5, 1), hook)
    assert (again.total, better) == (5, True)
    again, better = reroll_trait(dice(2, 1), hook)
    assert better is False


def test_a_critical_failure_hook_cannot_be_rerolled() -> None:
    hit = _two_wounds().state  # type: ignore[attr-defined]
    hook = soak(hit, PLAYER, dice(1, 1), "h").events[0].params["reroll"]
    with pytest.raises(RuleError) as err:
        reroll_trait(dice(6, 6), hook)
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_being_shaken_by_a_hit_ends_a_hold() -> None:
    st = state_of(hero(on_hold=True, hold_round=1), hold_queue=["h"])
    out = apply_damage(st, GM, dice(), target_id="h", damage=6)
    assert not get(out.state, "h").on_hold and out.state.hold_queue == []
    assert "swade.hold.lost" in keys(out)
    unharmed = apply_damage(st, GM, dice(), target_id="h", damage=5)
    assert get(unharmed.state, "h").on_hold
