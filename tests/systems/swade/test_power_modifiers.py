"""SW-41 power modifiers: seed 003's eight with their costs, names in both languages,
the choices for autocomplete, and each effect applied and listed (forced dice)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import attack
from bot.systems.swade.modifiers import AttackOptions, roll_trait
from bot.systems.swade.power_defs import define_power
from bot.systems.swade.power_modifiers import (
    POWER_MODIFIERS,
    parse_power_modifier,
    power_modifier_choices,
)
from bot.systems.swade.powers import cast, end_power, lingering_dice
from bot.systems.swade.state import Card, Trait
from bot.systems.swade.turns import next_turn

from .power_fixtures import mage
from .test_combat_fixtures import (
    GM,
    PLAYER,
    dice,
    event,
    get,
    goblin,
    hero,
    keys,
    state_of,
    villain,
)


def test_the_costs_are_seed_003s() -> None:
    assert {m.id: m.cost for m in POWER_MODIFIERS.values()} == {
        "heavy_weapon": 2,
        "glow": 1,
        "shroud": 1,
        "lingering_damage": 2,
        "range_double": 1,
        "range_triple": 2,
        "fatigue": 2,
        "hinder": 1,
        "hasten": 1,
        "armor_piercing_2": 1,
        "armor_piercing_4": 2,
        "armor_piercing_6": 3,
        "selective": 1,
    }


@pytest.mark.parametrize(
    ("text", "mod_id"),
    [
        ("Arma pesada", "heavy_weapon"),
        ("heavy weapon", "heavy_weapon"),
        ("BRILLO", "glow"),
        ("Sudario", "shroud"),
        ("Daño residual", "lingering_damage"),
        ("dano residual", "lingering_damage"),
        ("Lingering Damage", "lingering_damage"),
        ("Distancia superior", "range_double"),
        ("range x3", "range_triple"),
        ("Fatiga", "fatigue"),
        ("Molestia", "hinder"),
        ("Impulso", "hasten"),
        ("Perforación de armadura (PA 4)", "armor_piercing_4"),
        ("ap 6", "armor_piercing_6"),
        ("Selectivo", "selective"),
        ("selective", "selective"),
    ],
)
def test_modifiers_are_named_in_either_language(text: str, mod_id: str) -> None:
    assert parse_power_modifier(text).id == mod_id


def test_an_unknown_modifier_lists_the_known_ones() -> None:
    with pytest.raises(RuleError) as err:
        parse_power_modifier("turbo")
    assert err.value.key == "swade.powers.error.unknown_modifier"
    assert "swade.powers.modifier.selective" in err.value.params["known"]


def test_choices_for_autocomplete_in_each_language_with_their_cost() -> None:
    es = power_modifier_choices("es")
    assert ("Arma pesada (+2)", "heavy_weapon") in es and len(es) == len(POWER_MODIFIERS)
    assert power_modifier_choices("en", "pierc") == [
        ("Armor Piercing (AP 2) (+1)", "armor_piercing_2"),
        ("Armor Piercing (AP 4) (+2)", "armor_piercing_4"),
        ("Armor Piercing (AP 6) (+3)", "armor_piercing_6"),
    ]
    assert power_modifier_choices("es", "residual") == [("Daño residual (+2)", "lingering_damage")]


@pytest.mark.parametrize(
    ("power", "modifier", "key"),
    [
        ("healing", "heavy weapon", "swade.powers.error.modifier_needs_damage"),
        ("healing", "range", "swade.powers.error.modifier_needs_ranged"),
        ("bolt", "selective", "swade.powers.error.modifier_needs_area"),
        ("bolt", "glow", "swade.powers.error.modifier_needs_lasting"),
        ("bolt", "hinder", "swade.powers.error.modifier_needs_lasting"),
        ("protection", "fatigue", "swade.powers.error.modifier_needs_damage_or_resisted"),
    ],
)
def test_a_modifier_that_does_not_suit_the_power_is_refused(
    power: str, modifier: str, key: str
) -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(), hero("h")), PLAYER, dice(), "m", power, ["h"], [modifier])
    assert err.value.key == key


def test_exclusive_modifiers_and_repeats_are_refused() -> None:
    st = state_of(mage(), hero("h"))
    with pytest.raises(RuleError) as err:
        cast(st, PLAYER, dice(), "m", "protection", ["h"], ["glow", "shroud"])
    assert err.value.key == "swade.powers.error.modifier_clash"
    with pytest.raises(RuleError) as err:
        cast(st, PLAYER, dice(), "m", "bolt", ["h"], ["ap 2", "ap 4"])
    assert err.value.key == "swade.powers.error.modifier_clash"
    with pytest.raises(RuleError) as err:
        cast(st, PLAYER, dice(), "m", "bolt", ["h"], ["fatiga", "fatigue"])
    assert err.value.key == "swade.powers.error.modifier_twice"


def test_the_cost_adds_the_modifiers_and_they_are_listed() -> None:
    # Bolt 1 + Heavy Weapon 2 + Range x2 1 = 4.
    out = cast(
        state_of(mage(), villain()),
        PLAYER,
        dice(4, 1, 1, 1),
        "m",
        "bolt",
        ["v"],
        ["heavy weapon", "range"],
    )
    assert get(out.state, "m").power_points == 6
    assert event(out, "swade.powers.modifiers").params["cost"] == 3
    # SW-41: each modifier is listed with its own cost (issue 30), and its effect.
    heavy = event(out, "swade.powers.modifier.heavy_weapon_effect").params
    assert (heavy["modifier"], heavy["cost"]) == ("swade.powers.modifier.heavy_weapon", 2)
    ranged = event(out, "swade.powers.modifier.range_smarts").params
    assert (ranged["modifier"], ranged["cost"], ranged["factor"]) == (
        "swade.powers.modifier.range_double",
        1,
        2,
    )


def test_armor_piercing_lowers_the_armour() -> None:
    # 3+3 = 6 against Toughness 8 (2 armour): nothing; with AP 4 against 6: Shaken.
    plain = cast(state_of(mage(), villain()), PLAYER, dice(4, 1, 3, 3), "m", "bolt", ["v"])
    pierced = cast(
        state_of(mage(), villain()), PLAYER, dice(4, 1, 3, 3), "m", "bolt", ["v"], ["PA 4"]
    )
    assert not get(plain.state, "v").shaken and get(pierced.state, "v").shaken
    assert event(pierced, "swade.powers.damage.roll").params["ap"] == 4
    assert get(pierced.state, "m").power_points == 10 - 3


def test_fatigue_modifier_adds_a_level_to_an_affected_victim() -> None:
    # 5+5 = 10 vs Toughness 8: Shaken, so affected: Fatigued.
    out = cast(
        state_of(mage(), villain()), PLAYER, dice(4, 1, 5, 5), "m", "bolt", ["v"], ["fatiga"]
    )
    assert get(out.state, "v").fatigue == 1
    missed = cast(
        state_of(mage(), villain()), PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["v"], ["fatiga"]
    )
    assert get(missed.state, "v").fatigue == 0  # not affected: no Fatigue


def test_fatigue_from_the_modifier_never_incapacitates() -> None:
    # SW-41/SW-43: an Exhausted victim stays Exhausted and is not incapacitated.
    out = cast(
        state_of(mage(), villain(fatigue=2)),
        PLAYER,
        dice(4, 1, 5, 5),
        "m",
        "bolt",
        ["v"],
        ["fatigue"],
    )
    v = get(out.state, "v")
    assert (v.fatigue, v.incapacitated) == (2, False)
    assert "swade.powers.fatigue.capped" in keys(out)


def test_lingering_damage_steps_the_dice_down() -> None:
    assert lingering_dice((6, 6)) == (4, 4)
    assert lingering_dice((8, 6, 4)) == (6, 4, 4)
    assert lingering_dice((4, 4)) == (4,)
    assert lingering_dice((4,)) == ()


def test_lingering_damage_hits_again_at_the_start_of_the_victims_next_turn() -> None:
    st = state_of(
        mage(card=Card(rank=10, suit="S"), card_round=1),
        goblin(card=Card(rank=5, suit="H"), card_round=1),
        turn_order=["m", "g"],
        current=0,
        active="m",
        acted=["m"],
    )
    # Bolt: 1+1 = 2 against Toughness 5, no effect; the goblin still takes 2d4 next turn.
    out = cast(st, PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["g"], ["daño residual"])
    g = get(out.state, "g")
    assert not g.shaken and [x.dice for x in g.lingering] == [(4, 4)]
    assert event(out, "swade.powers.lingering.pending").params["damage"] == "2d4"
    # The goblin's turn starts: 3+3 = 6 vs 5: Shaken; then its Spirit roll (SW-15): 5.
    d = dice(3, 3, 5)
    nxt = next_turn(out.state, GM, d)
    assert d.remaining == 0
    order = keys(nxt)
    assert order.index("swade.powers.lingering.roll") < order.index("swade.shaken.recovered")
    assert get(nxt.state, "g").lingering == []


def test_hasten_lasts_until_the_power_ends() -> None:
    st = state_of(mage(), hero("h"))
    out = cast(st, PLAYER, dice(4, 1), "m", "protection", ["h"], ["hasten"])
    assert get(out.state, "h").pace == 8 and get(out.state, "m").power_points == 8
    ended = end_power(out.state, PLAYER, "m", "protección")
    h = get(ended.state, "h")
    assert (h.pace, h.armor, h.toughness, h.power_effects) == (6, 0, 6, [])


def test_hinder_slows_the_target() -> None:
    st = define_power(
        state_of(mage(), goblin()),
        GM,
        "nombre: Telaraña; coste: 2; duración: 3 rondas; éxito: aferrado",
    ).state
    out = cast(st, PLAYER, dice(4, 1), "m", "telaraña", ["g"], ["molestia"])
    g = get(out.state, "g")
    assert g.pace == 4 and any(c.name == "entangled" for c in g.conditions)


def test_shroud_gives_minus_1_to_attacks_against_the_target_and_plus_1_to_its_stealth() -> None:
    st = state_of(mage(), hero("h", skills={"stealth": Trait(die=6)}), villain())
    st = cast(st, PLAYER, dice(4, 1), "m", "protection", ["h"], ["sudario"]).state
    out = attack(st, GM, dice(4, 1), attacker_id="v", target_id="h", weapon="Hacha")
    assert ["swade.powers.mod.shroud", -1] in event(out, "swade.combat.attack.roll").params[
        "modifiers"
    ]
    h = get(st, "h")
    _, mods = roll_trait(h, st, dice(3, 3), "stealth")
    assert ("swade.powers.mod.shroud_stealth", 1) in mods


def test_glow_helps_attacks_in_the_dark_and_hurts_stealth() -> None:
    st = state_of(mage(), hero("h", skills={"stealth": Trait(die=6)}), villain())
    st = cast(st, PLAYER, dice(4, 1), "m", "protection", ["h"], ["glow"]).state
    dark = attack(
        st,
        GM,
        dice(4, 1),
        attacker_id="v",
        target_id="h",
        weapon="Hacha",
        options=AttackOptions(illumination="dim"),
    )
    assert ["swade.powers.mod.glow", 1] in event(dark, "swade.combat.attack.roll").params[
        "modifiers"
    ]
    lit = attack(st, GM, dice(4, 1), attacker_id="v", target_id="h", weapon="Hacha")
    assert ["swade.powers.mod.glow", 1] not in event(lit, "swade.combat.attack.roll").params[
        "modifiers"
    ]
    _, mods = roll_trait(get(st, "h"), st, dice(3, 3), "stealth")
    assert ("swade.powers.mod.glow_stealth", -2) in mods


def test_selective_is_listed_on_an_area_power() -> None:
    st = state_of(mage(), goblin("g1"), goblin("g2", name="Goblin 2"))
    out = cast(st, PLAYER, dice(4, 1, 8, 8, 1, 1), "m", "blast", ["g1"], ["selectivo"])
    assert "swade.powers.modifier.selective_effect" in keys(out)
    assert get(out.state, "m").power_points == 10 - 3
