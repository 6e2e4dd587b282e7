"""SW-19/SW-20 grappling with forced dice. Hero Athletics d6, Strength d8 (Wild Card);
goblin Athletics d6, Strength d6 (Extra: no wild die)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import attack
from bot.systems.swade.grapple import crush, escape, grapple, release
from bot.systems.swade.maneuvers import reroll_maneuver, reroll_maneuver_damage
from bot.systems.swade.modifiers import (
    AttackOptions,
    has_condition,
    is_distracted,
    is_vulnerable,
    state_trait_modifiers,
)
from bot.systems.swade.state import Condition, SwadeSettings

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, keys, state_of


def _grab(st, d):  # type: ignore[no-untyped-def]
    return grapple(st, PLAYER, d, attacker_id="h", target_id="g")


def test_winning_the_opposed_athletics_entangles_and_links_both_sides() -> None:
    out = _grab(state_of(hero(), goblin()), dice(5, 1, 3))  # 5 against 3
    h, g = get(out.state, "h"), get(out.state, "g")
    assert has_condition(g, "entangled") and not has_condition(g, "bound")
    assert (h.grappling, g.grappled_by) == ("g", "h")
    assert "swade.combat.grapple.entangled" in keys(out)


def test_a_raise_binds_and_leaves_the_grappler_vulnerable() -> None:
    out = _grab(state_of(hero(), goblin()), dice(6, 1, 2, 2))  # 7 against 2: a raise
    h, g = get(out.state, "h"), get(out.state, "g")
    assert has_condition(g, "bound")
    assert is_vulnerable(h, out.state)  # seed 003: the grappler holding a Bound foe
    assert is_vulnerable(g, out.state) and is_distracted(g, out.state)


def test_a_tie_goes_to_the_defender() -> None:
    out = _grab(state_of(hero(), goblin()), dice(4, 1, 4))
    assert "swade.combat.grapple.fails" in keys(out)
    assert get(out.state, "h").grappling is None


def test_heroes_cannot_grapple_more_than_two_sizes_larger() -> None:
    with pytest.raises(RuleError) as err:
        _grab(state_of(hero(), goblin(size=3)), dice())
    assert err.value.key == "swade.combat.error.grapple_too_big"
    assert _grab(state_of(hero(), goblin(size=2)), dice(4, 1, 4))


def test_entangled_is_distracted_by_default_and_vulnerable_with_the_setting() -> None:
    g = goblin(conditions=[Condition(name="entangled")])
    plain = state_of(hero(), g)
    assert is_distracted(g, plain) and not is_vulnerable(g, plain)
    assert ("swade.mod.distracted", -2) in state_trait_modifiers(g, plain)
    variant = state_of(hero(), g, settings=SwadeSettings(entangled_vulnerable=True))
    assert not is_distracted(g, variant) and is_vulnerable(g, variant)
    out = attack(
        variant,
        PLAYER,
        dice(2, 1),
        attacker_id="h",
        target_id="g",
        weapon="Espada",
        options=AttackOptions(),
    )
    mods = dict(map(tuple, event(out, "swade.combat.attack.roll").params["modifiers"]))
    assert mods["swade.combat.mod.target_vulnerable"] == 2


def _held(bound: bool = False):  # type: ignore[no-untyped-def]
    cond = "bound" if bound else "entangled"
    return state_of(hero(grappling="g"), goblin(grappled_by="h", conditions=[Condition(name=cond)]))


def test_escape_from_entangled_on_a_success_frees_both_sides() -> None:
    # Goblin 6+2 = 8 - 2 (Distracted) = 6 against the hero's 3.
    out = escape(_held(), GM, dice(6, 2, 3, 2), combatant_id="g")
    h, g = get(out.state, "h"), get(out.state, "g")
    assert not has_condition(g, "entangled")
    assert (h.grappling, g.grappled_by) == (None, None)


def test_escape_failure_keeps_the_hold() -> None:
    out = escape(_held(), GM, dice(4, 3, 1), combatant_id="g")  # 4 - 2 = 2 against 3
    assert has_condition(get(out.state, "g"), "entangled")
    assert "swade.combat.escape.fails" in keys(out)


def test_escape_from_bound_success_entangles_raise_frees() -> None:
    out = escape(_held(bound=True), GM, dice(6, 1, 3, 1), combatant_id="g")  # 5 vs 3
    g = get(out.state, "g")
    assert has_condition(g, "entangled") and not has_condition(g, "bound")
    assert g.grappled_by == "h"
    out = escape(_held(bound=True), GM, dice(6, 4, 3, 1), combatant_id="g")  # 8 vs 3
    g = get(out.state, "g")
    assert not has_condition(g, "entangled") and not has_condition(g, "bound")


def test_escape_with_strength_minus_2() -> None:
    out = escape(_held(), GM, dice(6, 1, 3, 1), combatant_id="g", use_strength=True)
    params = event(out, "swade.combat.escape.roll").params
    assert ["swade.combat.mod.strength_instead", -2] in params["modifiers"]
    assert params["total"] == 3  # 7 - 2 - 2: not above the hero's 3
    assert has_condition(get(out.state, "g"), "entangled")


def test_escape_from_an_object_is_against_tn_4() -> None:
    st = state_of(hero(conditions=[Condition(name="entangled")]), goblin())
    out = escape(st, PLAYER, dice(6, 1, 1), combatant_id="h")  # 7 - 2 = 5 >= 4
    assert not has_condition(get(out.state, "h"), "entangled")


def test_crush_deals_strength_damage_on_an_opposed_strength_win() -> None:
    # Hero Strength 5 against goblin 3; damage d8 = 5 against Toughness 5: Shaken.
    out = crush(_held(), PLAYER, dice(5, 1, 3, 5), attacker_id="h")
    assert get(out.state, "g").shaken
    assert event(out, "swade.combat.damage.roll").params["damage"] == 5


def test_crush_needs_a_hold() -> None:
    with pytest.raises(RuleError) as err:
        crush(state_of(hero(), goblin()), PLAYER, dice(), attacker_id="h")
    assert err.value.key == "swade.combat.error.not_grappling"


def test_release_frees_the_victim() -> None:
    out = release(_held(bound=True), PLAYER, grappler_id="h")
    assert not has_condition(get(out.state, "g"), "bound")
    assert get(out.state, "g").grappled_by is None


def test_the_victim_may_reroll_its_resistance_and_undo_the_hold() -> None:
    held = _grab(state_of(hero(), goblin()), dice(5, 1, 3))
    assert [o.data["index"] for o in held.offers] == [0, 1]
    out = reroll_maneuver(held.state, GM, dice(6, 1), owner_id="h", index=1)  # 7 beats 5
    h, g = get(out.state, "h"), get(out.state, "g")
    assert h.grappling is None and g.grappled_by is None
    assert not has_condition(g, "entangled")


def test_a_shaken_victim_cannot_try_to_escape() -> None:
    st = state_of(
        hero(grappling="g"),
        goblin(grappled_by="h", shaken=True, conditions=[Condition(name="entangled")]),
    )
    with pytest.raises(RuleError) as err:
        escape(st, GM, dice(), combatant_id="g")
    assert err.value.key == "swade.combat.error.shaken_or_stunned"


def test_sw35_a_benny_rerolls_a_crushs_damage_and_offers_soak_for_the_new_wound() -> None:
    # SW-19 crush on a Wild Card goblin (Entangled: -2): Strength 6 against 2 - 2; damage
    # d8 = 1 against Toughness 5: nothing, but a "Reroll damage" for the grappler.
    held = Condition(name="entangled")
    st = state_of(
        hero(grappling="v"), goblin("v", wild_card=True, grappled_by="h", conditions=[held])
    )
    first = crush(st, PLAYER, dice(6, 1, 2, 1, 1), attacker_id="h")
    assert get(first.state, "v").wounds == 0
    [offer] = [o for o in first.offers if o.action == "reroll_maneuver_damage"]
    assert (offer.combatant_id, offer.user_id) == ("h", PLAYER.user_id)
    # SW-35: only the damage again (the opposed rolls stay): 8 aces + 5 = 13, 2 wounds.
    d = dice(8, 5)
    out = reroll_maneuver_damage(first.state, PLAYER, d, owner_id="h")
    assert d.remaining == 0
    assert event(out, "swade.combat.damage.roll").params["damage"] == 13
    assert get(out.state, "v").wounds == 2
    assert [o.combatant_id for o in out.offers if o.action == "soak"] == ["v"]  # SW-14


def test_sw35_a_worse_crush_damage_reroll_keeps_the_first() -> None:
    first = crush(_held(), PLAYER, dice(5, 1, 3, 5), attacker_id="h")  # d8 5: Shaken
    out = reroll_maneuver_damage(first.state, PLAYER, dice(2), owner_id="h")
    kept = event(out, "swade.combat.reroll.damage_kept")
    assert (kept.params["rolled"], kept.params["kept"]) == (2, 5)
    assert event(out, "swade.combat.damage.roll").params["damage"] == 5
    assert get(out.state, "g").shaken
