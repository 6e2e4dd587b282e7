"""Issue 17: every modifier on every SWADE roll is named, as attacks already were: the
SW-13 incapacitation Vigor roll, the SW-14 soak, the disarm Strength roll (SW-22), the
Vigor reroll and the start-of-turn Spirit roll (SW-15) carry ``modifiers`` whose total
is the roll's modifier (the unskilled -2 of SW-5 is named by the renderer)."""

from __future__ import annotations

from typing import Any

from bot.render.text import event_line
from bot.systems.swade.combat import attack
from bot.systems.swade.damage import reroll_incapacitation, soak
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import Card, Trait
from bot.systems.swade.turns import next_turn

from .test_combat_fixtures import GM, PLAYER, dice, event, goblin, hero, state_of, villain


def assert_every_roll_named(outcome: Any) -> None:
    """Each SWADE trait roll of the outcome names modifiers adding up to its modifier."""
    rolls = [e for e in outcome.events if e.dice and e.dice.get("kind") == "swade_trait"]
    assert rolls
    for e in rolls:
        named = sum(int(v) for _, v in e.params.get("modifiers", []))
        unskilled = -2 if e.dice["unskilled"] else 0
        assert named + unskilled == e.dice["modifier"], (e.key, e.params, e.dice["modifier"])


def _hero_with_wounds(**kw: Any):  # type: ignore[no-untyped-def]
    return hero(wounds=3, attributes={**hero().attributes, "vigor": Trait(die=6, bonus=1)}, **kw)


def test_the_incapacitation_vigor_roll_names_its_wounds_and_attribute_bonus() -> None:
    # The villain: Fighting 7 against Parry 6; Str d8 6, Hacha d8 6: 12 against
    # Toughness 6: a wound beyond the third. Vigor d6 2, wild die 3: 3 -3 +1 = 1, a
    # failure; injury table 4+5 (guts), sub-table d6 3.
    st = state_of(_hero_with_wounds(), villain())
    out = attack(
        st, GM, dice(7, 1, 6, 6, 2, 3, 4, 5, 3), attacker_id="v", target_id="h", weapon="Hacha"
    )
    vigor = event(out, "swade.combat.incapacitation.bleeding_out")
    assert vigor.params["modifiers"] == [
        ["swade.mod.wounds", -3],
        ["swade.combat.mod.trait_bonus", 1],
    ]
    assert_every_roll_named(out)
    text = event_line(vigor, "en")
    assert "Modifiers: Wounds -3, Trait bonus +1 (total -2)" in text, text


def test_the_vigor_reroll_keeps_the_named_modifiers() -> None:
    st = state_of(_hero_with_wounds(), villain())
    out = attack(
        st, GM, dice(7, 1, 6, 6, 2, 3, 4, 5, 3), attacker_id="v", target_id="h", weapon="Hacha"
    )
    again = reroll_incapacitation(out.state, PLAYER, dice(1, 2), combatant_id="h")  # no better
    rolled = event(again, "swade.combat.vigor_reroll.rolled")
    assert rolled.params["modifiers"] == [
        ["swade.mod.wounds", -3],
        ["swade.combat.mod.trait_bonus", 1],
    ]


def test_the_soak_roll_names_its_modifiers() -> None:
    # SW-14: the hit's wound penalty does not count; the hero's earlier wound does.
    st = state_of(hero(wounds=1), villain())
    hit = attack(
        st, GM, dice(7, 1, 6, 4), attacker_id="v", target_id="h", weapon="Hacha"
    )  # 7 vs Parry 6; 6+4 = 10 vs 6: a wound
    out = soak(hit.state, PLAYER, dice(5, 1), "h")
    assert event(out, "swade.combat.soak.result").params["modifiers"] == [["swade.mod.wounds", -1]]
    assert_every_roll_named(out)
    es = event_line(event(out, "swade.combat.soak.result"), "es")
    assert "Modificadores: Heridas -1 (total -1)" in es, es


def test_the_disarm_roll_names_its_penalty() -> None:
    # A called shot to the hand (-4): Fighting 8+5 -4 = 9 against Parry 5, a raise;
    # damage 8+6, 4, raise die 3: 21. The goblin's Strength d6 2, -3 -4: it drops it.
    st = state_of(hero(), goblin())
    out = attack(
        st,
        PLAYER,
        dice(8, 5, 1, 8, 6, 4, 3, 2),
        attacker_id="h",
        target_id="g",
        weapon="Espada",
        options=AttackOptions(called_shot="hand", disarm=True),
    )
    drops = event(out, "swade.combat.disarm.drops")
    # The hit's wounds (an Extra's, at most -3) and the hand's -4.
    assert drops.params["modifiers"] == [
        ["swade.mod.wounds", -3],
        ["swade.combat.mod.disarm_hand", -4],
    ]
    assert_every_roll_named(out)


def test_the_start_of_turn_spirit_roll_shows_its_modifiers_by_name() -> None:
    ten = Card(rank=10, suit="S")
    h = hero(shaken=True, wounds=2, card=ten, card_round=1)
    st = state_of(h, turn_order=["h"], current=-1)
    out = next_turn(st, GM, dice(3, 2))  # Spirit d6 3, wild 2: 3 - 2 = 1, still Shaken
    still = event(out, "swade.shaken.still")
    assert still.params["modifiers"] == [["swade.mod.wounds", -2]]
    assert "Modifiers: Wounds -2 (total -2)" in event_line(still, "en")
    assert "Modificadores: Heridas -2 (total -2)" in event_line(still, "es")


def test_an_unskilled_roll_names_its_minus_two() -> None:
    st = state_of(hero(skills={}), goblin())
    out = attack(st, PLAYER, dice(2, 3), attacker_id="h", target_id="g", weapon="Espada")
    line = event_line(event(out, "swade.combat.attack.roll"), "en")
    assert "Modifiers: Unskilled -2 (total -2)" in line, line
    assert "Modificadores: Sin entrenar -2" in event_line(
        event(out, "swade.combat.attack.roll"), "es"
    )
