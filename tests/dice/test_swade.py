"""SWADE trait tests and damage with forced dice (SW-1..SW-8, SW-11)."""

from __future__ import annotations

import pytest

from bot.dice.source import DiceError, ForcedSource
from bot.dice.swade import (
    damage_roll,
    opposed,
    parse_damage,
    raises_for,
    trait_roll,
)


def forced(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


# SW-1 -----------------------------------------------------------------------------


def test_wild_card_keeps_the_higher_of_trait_and_wild_die() -> None:
    r = trait_roll(forced(2, 5), 8)
    assert r.total == 5
    assert r.kept[0].source == "wild"
    assert r.success and r.raises == 0


def test_trait_die_kept_when_higher() -> None:
    r = trait_roll(forced(7, 3), 8)
    assert r.total == 7 and r.kept[0].source == "trait"


def test_extra_rolls_only_the_trait_die() -> None:
    src = forced(3)
    r = trait_roll(src, 8, wild_die=None)
    assert r.wild_roll is None and r.total == 3 and not r.success
    assert src.remaining == 0


def test_tn_and_modifier_decide_success() -> None:
    assert not trait_roll(forced(5, 1), 8, tn=6).success
    assert trait_roll(forced(5, 1), 8, tn=6, modifier=1).success


def test_raises_are_full_steps_of_four_over_tn() -> None:
    assert trait_roll(forced(7, 1), 8).raises == 0
    assert trait_roll(forced(8, 1, 1), 8, modifier=-1).raises == 1  # 8+1-1 = 8
    assert raises_for(11, 4) == 1
    assert raises_for(12, 4) == 2
    assert raises_for(3, 4) == 0


def test_bonus_adds_like_a_modifier() -> None:
    r = trait_roll(forced(2, 1), 8, bonus=2)
    assert r.total == 4 and r.success and r.bonus == 2


# SW-2 aces ------------------------------------------------------------------------


def test_trait_die_aces_and_adds() -> None:
    r = trait_roll(forced(8, 8, 3, 2), 8)
    assert r.trait_rolls[0].faces == (8, 8, 3)
    assert r.total == 19 and r.raises == 3


def test_wild_die_aces_too_and_is_rolled_after_the_trait_chain() -> None:
    r = trait_roll(forced(4, 6, 6, 1), 8)
    assert r.wild_roll is not None and r.wild_roll.faces == (6, 6, 1)
    assert r.total == 13


def test_ace_chain_is_capped_and_flagged() -> None:
    src = ForcedSource([4] * 101 + [1], strict=True)
    r = trait_roll(src, 4)
    assert r.trait_rolls[0].capped and len(r.trait_rolls[0].faces) == 101
    assert r.capped


def test_d1_never_aces() -> None:
    r = damage_roll(forced(1, 1), [1, 1])
    assert r.total == 2


# SW-3 critical failure ------------------------------------------------------------


def test_wild_card_critical_failure_on_double_one_fails_whatever_the_modifier() -> None:
    r = trait_roll(forced(1, 1), 8, modifier=10)
    assert r.critical_failure and not r.success and r.raises == 0
    assert r.total == 11


def test_wild_card_single_one_is_not_critical() -> None:
    assert not trait_roll(forced(1, 2), 8).critical_failure
    assert not trait_roll(forced(2, 1), 8).critical_failure


def test_extra_showing_one_rolls_extra_d6_and_a_one_is_critical() -> None:
    r = trait_roll(forced(1, 1), 8, wild_die=None, modifier=5)
    assert r.extra_d6 == 1 and r.critical_failure and not r.success


def test_extra_showing_one_with_extra_d6_not_one_is_not_critical() -> None:
    r = trait_roll(forced(1, 2), 8, wild_die=None, modifier=5)
    assert r.extra_d6 == 2 and not r.critical_failure and r.success


def test_extra_without_a_one_rolls_no_extra_d6() -> None:
    src = forced(2)
    r = trait_roll(src, 8, wild_die=None)
    assert r.extra_d6 is None and src.remaining == 0


# SW-5 unskilled -------------------------------------------------------------------


def test_unskilled_rolls_d4_and_subtracts_two() -> None:
    r = trait_roll(forced(4, 3, 2), 10, unskilled=True)
    assert r.die == 4 and r.trait_rolls[0].faces == (4, 3)
    assert r.total == 5


# rate of fire (SW-3 reading) --------------------------------------------------------


def test_rate_of_fire_each_die_is_a_result_and_wild_replaces_lowest() -> None:
    r = trait_roll(forced(5, 2, 7, 4), 8, trait_dice=3)
    assert r.results == [5, 4, 7]
    assert [k.source for k in r.kept] == ["trait", "wild", "trait"]
    assert r.hits == 3


def test_rate_of_fire_wild_die_lower_than_all_replaces_nothing() -> None:
    r = trait_roll(forced(5, 3, 2), 8, trait_dice=2)
    assert r.results == [5, 3] and r.hits == 1


def test_rate_of_fire_critical_needs_more_than_half_ones() -> None:
    assert trait_roll(forced(1, 1, 5, 1), 8, trait_dice=3).critical_failure
    assert not trait_roll(forced(1, 5, 1), 8, trait_dice=2).critical_failure


def test_extra_with_rate_of_fire_rolls_extra_d6_on_majority_ones() -> None:
    r = trait_roll(forced(1, 1, 3, 1), 8, wild_die=None, trait_dice=3)
    assert r.critical_failure and r.hits == 0


def test_custom_wild_die_size() -> None:
    r = trait_roll(forced(2, 8, 3), 12, wild_die=8)
    assert r.wild_roll is not None and r.wild_roll.faces == (8, 3)
    assert r.total == 11


def test_to_view_is_plain() -> None:
    v = trait_roll(forced(8, 2, 1), 8).to_view()
    assert v["trait_rolls"][0]["faces"] == [8, 2] and v["total"] == 10


# SW-7 opposed ---------------------------------------------------------------------


def test_opposed_tie_goes_to_defender() -> None:
    assert opposed(7, 7).winner == "defender"


def test_opposed_initiator_raises_over_defender_total() -> None:
    o = opposed(13, 5)
    assert o.winner == "initiator" and o.raises == 2
    assert opposed(8, 5).raises == 0


def test_opposed_critical_failure_loses() -> None:
    assert opposed(20, 3, initiator_critical=True).winner == "defender"
    assert opposed(3, 20, defender_critical=True).winner == "initiator"


# SW-11 damage ---------------------------------------------------------------------


def test_damage_strength_then_weapon_then_raise_die_each_acing() -> None:
    r = damage_roll(forced(8, 2, 6, 6, 1, 3), [8, 6], modifier=1, raise_die=True)
    assert [c.faces for c in r.rolls] == [(8, 2), (6, 6, 1)]
    assert r.raise_roll is not None and r.raise_roll.faces == (3,)
    assert r.total == 10 + 13 + 3 + 1


def test_damage_to_objects_does_not_ace() -> None:
    src = forced(6, 6)
    r = damage_roll(src, [6, 6], aces=False)
    assert r.total == 12 and src.remaining == 0


# notation -------------------------------------------------------------------------


def test_parse_damage_strength_first_in_both_languages() -> None:
    assert parse_damage("Str+d6", strength=8).dice_sides == (8, 6)
    assert parse_damage("Fue+d6+2", strength=10).dice_sides == (10, 6)
    assert parse_damage("d6+Fue", strength=10).dice_sides == (10, 6)
    assert parse_damage("2d6-1").modifier == -1


def test_parse_damage_needs_strength() -> None:
    with pytest.raises(DiceError) as e:
        parse_damage("Str+d6")
    assert e.value.key == "dice.strength_unknown"


@pytest.mark.parametrize("text", ["", "Str+", "2d6-d4", "foo", "2d6 3"])
def test_parse_damage_rejects(text: str) -> None:
    with pytest.raises(DiceError):
        parse_damage(text, strength=6)


def test_group_roll_of_extras_uses_one_wild_die_and_wild_card_crit() -> None:
    # SW-8: the group rolls as one character with a wild die.
    r = trait_roll(forced(1, 5), 6, wild_die=6)
    assert r.total == 5 and r.success and r.extra_d6 is None
    assert trait_roll(forced(1, 1), 6, wild_die=6).critical_failure
