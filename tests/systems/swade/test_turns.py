"""Dealing, turn order, turn-start rolls, Hold, interrupts and surprise (SW-15, SW-16,
SW-30..SW-34), with forced cards (the state's deck, top first) and forced dice."""

from __future__ import annotations

import random

import pytest

from bot.dice.source import ForcedSource, RandomSource
from bot.systems.base import Actor, Event, RuleError
from bot.systems.swade.conditions import (
    CONDITIONS,
    add_condition,
    has_condition,
    remove_condition,
    trait_modifiers,
)
from bot.systems.swade.deck import card_code, full_deck, parse_card
from bot.systems.swade.encounter_rules import add_combatants, remove_combatant
from bot.systems.swade.state import SwadeCombatant, SwadeSettings, SwadeState, Trait
from bot.systems.swade.turns import (
    act_from_hold,
    current_combatant,
    deal,
    hold,
    interrupt,
    next_turn,
    redraw_card,
    set_card,
)

GM = Actor(user_id=1, is_gm=True)
ANA = Actor(user_id=2)


def fighter(
    cid: str,
    name: str,
    *,
    wild: bool = True,
    side: str = "heroes",
    spirit: int = 6,
    vigor: int = 6,
    athletics: int | None = None,
    notice: int | None = None,
    controller: int | None = None,
    **fields: object,
) -> SwadeCombatant:
    skills = {}
    if athletics:
        skills["athletics"] = Trait(die=athletics)
    if notice:
        skills["notice"] = Trait(die=notice)
    return SwadeCombatant(
        id=cid,
        name=name,
        wild_card=wild,
        side=side,
        controller_id=controller,
        is_pc=controller is not None,
        attributes={"spirit": Trait(die=spirit), "vigor": Trait(die=vigor)},
        skills=skills,
        **fields,
    )


def table(*combatants: SwadeCombatant, deck: str = "", **fields: object) -> SwadeState:
    return SwadeState(
        combatants=list(combatants),
        deck=[parse_card(c) for c in deck.split()],
        next_id=len(combatants) + 1,
        **fields,
    )


def dice(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def abc(**kwargs: object) -> SwadeState:
    return table(fighter("a", "Ana"), fighter("b", "Bea"), fighter("c", "Cid"), **kwargs)


# --- SW-30/SW-31: dealing and order ------------------------------------------------------


def test_deal_orders_by_card_and_suit_breaks_ties() -> None:
    out = deal(abc(deck="2C KS KH"), GM, dice())
    assert out.state.turn_order == ["b", "c", "a"]
    assert out.state.round == 1
    assert current_combatant(out.state).name == "Bea"
    assert keys(out.events) == ["swade.round.start", "swade.turn.start"]
    assert out.events[1].params["card"] == "K♠"


def test_jokers_go_first_black_before_red() -> None:
    out = deal(abc(deck="JOKER-R JOKER-B AS"), GM, dice())
    assert out.state.turn_order == ["b", "a", "c"]


def test_the_first_deal_shuffles_a_full_deck() -> None:
    out = deal(abc(), GM, dice())
    in_hand = [c.card for c in out.state.combatants]
    assert len(out.state.deck) == 51
    assert all(c not in out.state.deck for c in in_hand)
    assert "swade.deck.shuffled" in keys(out.events)


def test_no_reshuffle_after_a_round_without_jokers() -> None:
    state = table(fighter("a", "Ana"), fighter("b", "Bea"), deck="KS QS JS 10S 9S")
    state = deal(state, GM, dice()).state
    state = next_turn(state, GM, dice()).state
    out = next_turn(state, GM, dice())  # the last turn ends: round 2 is dealt
    assert out.state.round == 2
    assert [c.card for c in out.state.combatants] == [parse_card("JS"), parse_card("10S")]
    assert out.state.deck == [parse_card("9S")]
    assert out.state.discard == [parse_card("KS"), parse_card("QS")]
    assert "swade.deck.reshuffled" not in keys(out.events)


def test_reshuffle_after_a_round_in_which_a_joker_was_dealt() -> None:
    state = table(fighter("a", "Ana"), fighter("b", "Bea"), deck="JOKER-B QS JS 10S")
    state = deal(state, GM, dice()).state
    assert state.joker_dealt
    out = deal(state, GM, dice())
    assert "swade.deck.reshuffled" in keys(out.events)
    assert out.state.discard == []
    assert len(out.state.deck) == 52  # a fresh 54 minus the two cards just dealt


def test_level_headed_at_the_deal_keeps_the_better_of_two() -> None:
    state = table(fighter("a", "Ana", edges=["level_headed"]), fighter("b", "Bea"), deck="3H QS 2C")
    out = deal(state, GM, dice())
    assert out.state.combatants[0].card == parse_card("QS")
    assert out.state.combatants[1].card == parse_card("2C")
    assert out.state.discard == [parse_card("3H")]
    assert out.events[1].key == "swade.draw.edges"


def test_hesitant_is_read_from_the_hindrances() -> None:
    state = table(
        fighter("a", "Ana", hindrances=["hesitant"]), fighter("b", "Bea"), deck="KS 3H 2C"
    )
    out = deal(state, GM, dice())
    assert out.state.combatants[0].card == parse_card("3H")
    assert out.state.turn_order == ["a", "b"]


def test_a_group_of_extras_gets_one_card() -> None:
    goblins = [
        fighter(f"g{n}", f"Goblin {n}", wild=False, side="foes", group="Goblin") for n in (1, 2, 3)
    ]
    out = deal(table(fighter("a", "Ana"), *goblins, deck="2C KS"), GM, dice())
    assert out.state.turn_order == ["g1", "a"]
    assert [g.card for g in out.state.combatants[1:]] == [parse_card("KS")] * 3


def test_incapacitated_get_no_card_but_bleeding_out_get_one_without_edges() -> None:
    state = table(
        fighter("a", "Ana", incapacitated=True),
        fighter("b", "Bea", incapacitated=True, bleeding_out=True, edges=["level_headed"]),
        fighter("c", "Cid"),
        fighter("d", "Dan", dead=True),
        deck="9S KS 2C",
    )
    out = deal(state, GM, dice())
    cards = [c.card for c in out.state.combatants]
    assert cards == [None, parse_card("9S"), parse_card("KS"), None]
    assert out.state.turn_order == ["c", "b"]


# --- SW-33: Jokers -----------------------------------------------------------------------


def test_a_player_characters_joker_awards_bennies_and_gives_plus_two() -> None:
    state = table(
        fighter("a", "Ana", controller=2), fighter("o", "Orc", side="foes"), deck="JOKER-R 5C"
    )
    out = deal(state, GM, dice())
    award = [e for e in out.events if e.key == "swade.joker.award"]
    assert [e.params["pc"] for e in award] == [True]
    assert award[0].params["combatant_id"] == "a"
    ana = out.state.combatants[0]
    assert ("swade.mod.joker", 2) in trait_modifiers(ana, out.state)
    assert trait_modifiers(out.state.combatants[1], out.state) == []


def test_a_villains_joker_awards_nothing_by_default() -> None:
    state = table(
        fighter("o", "Orc", side="foes"), fighter("a", "Ana", controller=2), deck="JOKER-B 5C"
    )
    out = deal(state, GM, dice())
    assert "swade.joker.dealt" in keys(out.events)
    assert "swade.joker.award" not in keys(out.events)


def test_a_villains_joker_with_the_setting_gives_gm_wild_cards_a_benny() -> None:
    state = table(
        fighter("o", "Orc", side="foes", bennies=2),
        fighter("g", "Goblin", wild=False, side="foes"),
        fighter("a", "Ana", controller=2),
        deck="JOKER-B 5C 6C",
        settings=SwadeSettings(villain_jokers=True),
    )
    out = deal(state, GM, dice())
    award = next(e for e in out.events if e.key == "swade.joker.award")
    assert award.params["pc"] is False
    assert [c.bennies for c in out.state.combatants] == [3, 0, 0]


# --- SW-15/SW-16 and bleeding out: the start of a turn -----------------------------------


def test_shaken_rolls_spirit_at_the_start_of_its_turn_and_recovers() -> None:
    state = table(fighter("a", "Ana", shaken=True), fighter("b", "Bea"), deck="KS QS")
    out = deal(state, GM, dice(4, 2))
    assert not out.state.combatants[0].shaken
    roll = next(e for e in out.events if e.key == "swade.shaken.recovered")
    assert roll.dice is not None and roll.params["total"] == 4


def test_shaken_failing_spirit_stays_shaken_and_is_offered_a_benny() -> None:
    state = table(fighter("a", "Ana", shaken=True, controller=2), fighter("b", "Bea"), deck="KS QS")
    out = deal(state, GM, dice(2, 3))
    assert out.state.combatants[0].shaken
    assert "swade.shaken.still" in keys(out.events)
    assert [(o.action, o.user_id, o.combatant_id) for o in out.offers] == [
        ("swade.unshake", 2, "a")
    ]


def test_the_spirit_roll_takes_the_wound_penalty() -> None:
    state = table(fighter("a", "Ana", shaken=True, wounds=1), fighter("b", "Bea"), deck="KS QS")
    out = deal(state, GM, dice(4, 2))  # 4 - 1 = 3: a failure
    assert out.state.combatants[0].shaken


def test_combat_reflexes_adds_two_to_recover() -> None:
    state = table(fighter("a", "Ana", shaken=True, edges=["combat_reflexes"]), deck="KS")
    out = deal(state, GM, dice(2, 1))  # 2 + 2 = 4
    assert not out.state.combatants[0].shaken


def test_the_spirit_roll_happens_when_its_card_comes_up_not_before() -> None:
    state = table(fighter("a", "Ana"), fighter("b", "Bea", shaken=True), deck="KS QS")
    state = deal(state, GM, dice()).state  # Ana's turn: no roll yet
    assert state.combatants[1].shaken
    out = next_turn(state, GM, dice(5, 1))
    assert current_combatant(out.state).name == "Bea"
    assert not out.state.combatants[1].shaken


def test_each_extra_of_a_group_rolls_its_own_spirit() -> None:
    goblins = [
        fighter(f"g{n}", f"Goblin {n}", wild=False, side="foes", group="Goblin", shaken=True)
        for n in (1, 2)
    ]
    out = deal(table(*goblins, deck="KS"), GM, dice(4, 2))
    assert [g.shaken for g in out.state.combatants] == [False, True]


def test_a_group_turn_copies_only_the_members_it_changes() -> None:
    # The start and end of a group's turn reach only the Extras they change (here the
    # Shaken one): the others stay the very objects of the state before, so the saved
    # JSON reuses theirs (bot.encounter.cache). What the turn does is unchanged.
    goblins = [
        fighter(f"g{n}", f"Goblin {n}", wild=False, side="foes", group="Goblin", shaken=n == 2)
        for n in (1, 2, 3)
    ]
    dealt = deal(table(fighter("a", "Ana"), *goblins, deck="KS 2C"), GM, dice()).state
    assert dealt.active == "a"
    before = dealt.model_copy(deep=True)
    before.combatants = list(before.combatants)  # committed, as the service keeps it
    out = next_turn(before, GM, dice(4))  # Ana's turn ends; Goblin 2 recovers (Spirit 4)
    assert out.state.active == "g1"
    after = list(out.state.combatants.raw())  # read without copying
    assert [g.shaken for g in after[1:]] == [False, False, False]
    assert [a is b for a, b in zip(after, before.combatants, strict=True)] == [
        True, True, False, True
    ]  # fmt: skip


def test_stunned_rolls_vigor_and_a_success_leaves_it_vulnerable() -> None:
    state = table(fighter("a", "Ana", vigor=8), fighter("b", "Bea"), deck="KS QS")
    state = add_condition(state, GM, "a", "stunned").state
    out = deal(state, GM, dice(6, 1))  # 6 - 2 (Stunned is Distracted, SW-6) = 4
    ana = out.state.combatants[0]
    assert not has_condition(ana, "stunned", out.state.settings)
    assert has_condition(ana, "vulnerable", out.state.settings)
    assert has_condition(ana, "prone", out.state.settings)  # SW-16: it fell
    assert not has_condition(ana, "distracted", out.state.settings)


def test_stunned_with_a_raise_ends_vulnerable_too() -> None:
    state = add_condition(table(fighter("a", "Ana", vigor=12), deck="KS"), GM, "a", "stunned").state
    out = deal(state, GM, dice(11, 1))  # 11 - 2 = 9: a raise
    ana = out.state.combatants[0]
    assert not has_condition(ana, "stunned", out.state.settings)
    assert not has_condition(ana, "vulnerable", out.state.settings)


def test_stunned_failing_vigor_stays_stunned() -> None:
    state = add_condition(table(fighter("a", "Ana"), deck="KS"), GM, "a", "stunned").state
    out = deal(state, GM, dice(5, 1))  # 5 - 2 (Distracted) = 3
    assert has_condition(out.state.combatants[0], "stunned", out.state.settings)
    assert "swade.stunned.still" in keys(out.events)


def test_bleeding_out_failing_vigor_dies_and_the_turn_passes() -> None:
    state = table(
        fighter("a", "Ana", incapacitated=True, bleeding_out=True, wounds=3),
        fighter("b", "Bea"),
        deck="KS QS",
    )
    out = deal(state, GM, dice(5, 2))  # 5 - 3 wounds = 2: dies
    ana = out.state.combatants[0]
    assert ana.dead and not ana.bleeding_out
    assert "swade.bleeding.died" in keys(out.events)
    assert current_combatant(out.state).name == "Bea"


def test_bleeding_out_with_a_raise_stabilises() -> None:
    state = table(
        fighter("a", "Ana", vigor=10, incapacitated=True, bleeding_out=True),
        fighter("b", "Bea"),
        deck="KS QS",
    )
    out = deal(state, GM, dice(9, 1))
    ana = out.state.combatants[0]
    assert not ana.dead and not ana.bleeding_out and ana.incapacitated


# --- SW-34: Hold and interrupts ----------------------------------------------------------


def test_hold_then_act_after_the_current_turn() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    out = hold(state, GM, dice(), "a")
    assert out.state.combatants[0].on_hold
    assert current_combatant(out.state).name == "Bea"
    state = act_from_hold(out.state, GM, "Ana").state
    assert state.hold_queue == ["a"]
    out = next_turn(state, GM, dice())
    assert current_combatant(out.state).name == "Ana"
    assert "swade.hold.acts" in keys(out.events)
    assert not out.state.combatants[0].on_hold
    out = next_turn(out.state, GM, dice())
    assert current_combatant(out.state).name == "Cid"


def test_hold_only_on_its_own_turn() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    with pytest.raises(RuleError) as err:
        hold(state, GM, dice(), "b")
    assert err.value.key == "swade.hold.not_your_turn"


def test_a_holder_interrupts_by_winning_opposed_athletics_and_the_turn_resumes() -> None:
    state = table(fighter("a", "Ana", athletics=8), fighter("b", "Bea", athletics=6), deck="KS QS")
    state = hold(deal(state, GM, dice()).state, GM, dice(), "a").state
    out = interrupt(state, GM, dice(7, 2, 3, 4), "a", "b")  # Ana 7, Bea 4
    assert "swade.interrupt.won" in keys(out.events)
    assert current_combatant(out.state).name == "Ana"
    assert out.state.suspended == "b"
    out = next_turn(out.state, GM, dice())  # Bea resumes: no new start-of-turn rolls
    assert current_combatant(out.state).name == "Bea"
    assert keys(out.events) == ["swade.turn.resume"]


def test_interrupt_ties_go_to_the_defender_and_the_holder_acts_after() -> None:
    state = table(fighter("a", "Ana", athletics=8), fighter("b", "Bea", athletics=6), deck="KS QS")
    state = hold(deal(state, GM, dice()).state, GM, dice(), "a").state
    out = interrupt(state, GM, dice(5, 2, 5, 1), "a", "b")  # 5 against 5
    assert "swade.interrupt.lost" in keys(out.events)
    assert current_combatant(out.state).name == "Bea"
    out = next_turn(out.state, GM, dice())
    assert current_combatant(out.state).name == "Ana"


def test_only_the_combatant_acting_can_be_interrupted() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    state = hold(state, GM, dice(), "a").state
    with pytest.raises(RuleError) as err:
        interrupt(state, GM, dice(), "a", "c")
    assert err.value.key == "swade.interrupt.not_acting"


def test_shaken_ends_a_hold() -> None:
    state = hold(deal(abc(deck="KS QS JS"), GM, dice()).state, GM, dice(), "a").state
    out = add_condition(state, GM, "a", "shaken")
    assert not out.state.combatants[0].on_hold
    assert "swade.hold.lost" in keys(out.events)


def test_a_hold_lasts_this_round_and_the_next_then_lapses() -> None:
    state = table(fighter("a", "Ana"), fighter("b", "Bea"), deck="JOKER-R QS JS 10S 9S 8S")
    state.joker_dealt = False
    state = deal(state, GM, dice()).state
    state = hold(state, GM, dice(), "a").state  # round 1, on the Joker
    state.deck = [parse_card(c) for c in ["JS", "10S", "9S"]]
    state.joker_dealt = False  # keep the forced deck for this test
    state = deal(state, GM, dice()).state  # round 2: Ana keeps card and Hold
    ana = state.combatants[0]
    assert ana.on_hold and ana.card == parse_card("JOKER-R")
    assert state.combatants[1].card == parse_card("JS")
    assert state.turn_order == ["b"]
    assert ("swade.mod.joker", 2) not in trait_modifiers(ana, state)  # the Joker was round 1's
    state.joker_dealt = False
    out = deal(state, GM, dice())  # round 3: the Hold lapses, Ana is dealt again
    assert "swade.hold.lapsed" in keys(out.events)
    assert [c.card for c in out.state.combatants] == [parse_card("10S"), parse_card("9S")]


def test_holders_left_at_the_end_of_the_cards_are_waited_for() -> None:
    state = table(fighter("a", "Ana"), fighter("b", "Bea"), deck="KS QS JS 10S")
    state = deal(state, GM, dice()).state
    state = next_turn(state, GM, dice()).state
    out = hold(state, GM, dice(), "b")
    assert out.state.active is None and out.state.round == 1
    assert "swade.round.holders" in keys(out.events)
    out = act_from_hold(out.state, GM, "Bea")
    assert current_combatant(out.state).name == "Bea"
    out = next_turn(out.state, GM, dice())
    assert out.state.round == 2


# --- SW-34: surprise ---------------------------------------------------------------------


def test_surprise_ambushers_hold_and_victims_failing_notice_get_no_card() -> None:
    state = table(
        fighter("o", "Orc", side="foes"),
        fighter("a", "Ana", notice=6),
        fighter("b", "Bea", notice=6),
        deck="KS QS JS",
    )
    out = deal(state, GM, dice(2, 3, 5, 1), surprise=["Orc"])  # Ana 3 fails, Bea 5
    orc, ana, bea = out.state.combatants
    assert orc.on_hold and orc.card == parse_card("KS")
    assert ana.card is None
    assert bea.card == parse_card("QS")
    assert current_combatant(out.state).name == "Bea"
    assert keys(out.events).count("swade.surprise.caught") == 1


def test_a_group_of_extras_makes_one_group_notice_roll_with_a_wild_die() -> None:
    goblins = [
        fighter(f"g{n}", f"Goblin {n}", wild=False, group="Goblin", notice=6) for n in (1, 2)
    ]
    state = table(fighter("o", "Orc", side="foes"), *goblins, deck="KS QS")
    out = deal(state, GM, dice(2, 5), surprise=["Orc"])  # wild die 5: noticed
    assert [g.card for g in out.state.combatants[1:]] == [parse_card("QS")] * 2


def test_surprise_only_on_the_first_deal() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    with pytest.raises(RuleError) as err:
        deal(state, GM, dice(), surprise=["Ana"])
    assert err.value.key == "swade.surprise.not_first_round"


# --- physical decks ----------------------------------------------------------------------


def test_deal_with_cards_from_a_physical_deck() -> None:
    out = deal(abc(deck="AS"), GM, dice(), cards={"Ana": "2C", "Bea": "JOKER-R", "Cid": "10P"})
    assert out.state.turn_order == ["b", "c", "a"]
    assert out.state.deck == [parse_card("AS")]
    assert out.state.joker_dealt


def test_a_card_given_to_someone_who_gets_none_stays_in_the_deck() -> None:
    state = table(fighter("a", "Ana"), fighter("d", "Dan", dead=True), deck="AS KS")
    out = deal(state, GM, dice(), cards={"Dan": "KS"})
    assert out.state.combatants[0].card == parse_card("AS")
    assert out.state.deck == [parse_card("KS")]


def test_set_card_moves_a_slot_that_has_not_acted() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    out = set_card(state, GM, "Cid", "AS")
    assert out.state.turn_order == ["a", "c", "b"]
    assert out.state.combatants[2].card == parse_card("AS")
    assert parse_card("JS") in out.state.discard
    assert set_card(state, GM, "Ana", "2C").state.turn_order == ["a", "b", "c"]


def test_set_card_refuses_a_card_someone_else_has() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    with pytest.raises(RuleError) as err:
        set_card(state, GM, "Cid", "KS")
    assert err.value.key == "swade.card.in_use"


# --- permissions -------------------------------------------------------------------------


def players_table() -> SwadeState:
    return table(
        fighter("o", "Orc", side="foes"), fighter("a", "Ana", controller=2), deck="KS QS JS 10S"
    )


def test_only_the_gm_deals_and_sets_cards() -> None:
    with pytest.raises(RuleError) as err:
        deal(players_table(), ANA, dice())
    assert err.value.key == "swade.perm.gm_only"
    state = deal(players_table(), GM, dice()).state
    with pytest.raises(RuleError) as err:
        set_card(state, ANA, "Ana", "AS")
    assert err.value.key == "swade.perm.gm_only"


def test_a_player_cannot_end_someone_elses_turn_but_can_end_their_own() -> None:
    state = deal(players_table(), GM, dice()).state  # the Orc's turn
    with pytest.raises(RuleError) as err:
        next_turn(state, ANA, dice())
    assert err.value.key == "swade.perm.not_yours"
    state = next_turn(state, GM, dice()).state  # Ana's turn
    assert current_combatant(next_turn(state, ANA, dice()).state) is not None


def test_a_player_cannot_hold_or_interrupt_with_someone_elses_combatant() -> None:
    state = deal(players_table(), GM, dice()).state
    with pytest.raises(RuleError) as err:
        hold(state, ANA, dice(), "Orc")
    assert err.value.key == "swade.perm.not_yours"
    state = hold(state, GM, dice(), "Orc").state
    with pytest.raises(RuleError) as err:
        interrupt(state, ANA, dice(), "Orc", "Ana")
    assert err.value.key == "swade.perm.not_yours"


# --- SW-31: a benny buys a new card ------------------------------------------------------


def test_a_benny_redraw_replaces_the_card_ignoring_edges_and_reorders() -> None:
    state = table(
        fighter("a", "Ana"),
        fighter("b", "Bea"),
        fighter("c", "Cid", edges=["level_headed"], controller=2),
        deck="KS QS 2C 3C AS 4H",
    )
    state = deal(state, GM, dice()).state  # Cid (LH) keeps 3C from 2C, 3C
    assert state.combatants[2].card == parse_card("3C")
    out = redraw_card(state, ANA, dice(), "Cid")
    assert out.state.combatants[2].card == parse_card("AS")  # one card: no Level Headed
    assert out.state.deck == [parse_card("4H")]
    assert out.state.turn_order == ["a", "c", "b"]
    redrawn = next(e for e in out.events if e.key == "swade.card.redrawn")
    assert (redrawn.params["old"], redrawn.params["card"], redrawn.params["pc"]) == (
        "3♣",
        "A♠",
        True,
    )


def test_no_redraw_once_its_turn_has_come() -> None:
    state = deal(abc(deck="KS QS JS"), GM, dice()).state
    with pytest.raises(RuleError) as err:
        redraw_card(state, GM, dice(), "Ana")
    assert err.value.key == "swade.card.no_redraw"


def test_a_holder_shaken_by_damage_has_lost_its_hold() -> None:
    state = hold(deal(abc(deck="KS QS JS"), GM, dice()).state, GM, dice(), "a").state
    state.combatants[0].shaken = True  # as the damage rules set it
    with pytest.raises(RuleError) as err:
        act_from_hold(state, GM, "Ana")
    assert err.value.key == "swade.hold.not_on_hold"
    out = next_turn(state, GM, dice())
    assert "swade.hold.lost" in keys(out.events)
    assert not out.state.combatants[0].on_hold


def test_nobody_to_deal_to() -> None:
    with pytest.raises(RuleError) as err:
        deal(table(fighter("a", "Ana", dead=True)), GM, dice())
    assert err.value.key == "swade.deal.nobody"


# --- whatever is played, the deck stays whole --------------------------------------------


def _random_action(state: SwadeState, rng: random.Random, seed: str) -> SwadeState:
    roll = RandomSource(seed)
    names = [c.name for c in state.combatants] or ["nobody"]
    pick = rng.choice
    actions = {
        "deal": lambda: deal(state, GM, roll),
        "next": lambda: next_turn(state, GM, roll),
        "hold": lambda: hold(state, GM, roll, pick(names)),
        "act": lambda: act_from_hold(state, GM, pick(names)),
        "interrupt": lambda: interrupt(state, GM, roll, pick(names), pick(names)),
        "condition": lambda: add_condition(state, GM, pick(names), pick(CONDITIONS)),
        "uncondition": lambda: remove_condition(state, GM, pick(names), pick(CONDITIONS)),
        "redraw": lambda: redraw_card(state, GM, roll, pick(names)),
        "set": lambda: set_card(state, GM, pick(names), card_code(pick(full_deck()))),
        "remove": lambda: remove_combatant(state, GM, pick(names)),
        "add": lambda: add_combatants(state, GM, statblock=GOBLIN, count=rng.randint(1, 3)),
    }
    weights = [1, 6, 2, 2, 1, 2, 2, 1, 1, 1, 1]
    action = rng.choices(list(actions), weights)[0]
    try:
        return actions[action]().state
    except RuleError:
        return state


GOBLIN = "Goblin\nAttributes: Spirit d6, Vigor d6\nSkills: Athletics d6\nEdges: Level Headed, Quick"


@pytest.mark.parametrize("seed", range(25))
def test_random_play_never_loses_or_duplicates_a_card(seed: int) -> None:
    rng = random.Random(seed)
    state = add_combatants(SwadeState(), GM, statblock=GOBLIN, count=3).state
    state = add_combatants(state, GM, name="Orc", wild_card=True).state
    for step in range(80):
        state = _random_action(state, rng, f"{seed}:{step}")
        held: list[str] = []
        for c in state.combatants:
            if c.card is not None and card_code(c.card) not in held:
                held.append(card_code(c.card))
        piles = [card_code(c) for c in [*state.deck, *state.discard]]
        everything = piles + held
        assert len(everything) == len(set(everything)), (step, sorted(everything))
        if state.round:
            assert len(everything) == 54, step
        assert len(state.turn_order) == len(set(state.turn_order))
        ids = {c.id for c in state.combatants}
        assert state.active is None or state.active in ids
