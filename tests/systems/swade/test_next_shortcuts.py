"""Issue 32: the shortcuts ``/next`` and a new round's deal take answer as the long way
does: a card looked for in a pile by its fields (SW-30), the full deck made once
(SW-31), and only the combatants a deal changes copied (SW-31, SW-34 holders kept).

The long way is the code as it was: ``in`` with pydantic's ``==``, a deck of new cards
at each reshuffle, every combatant copied when the roster is walked. The differential
test swaps the shortcuts for it (the same module names, given the long way's
functions) and plays the same seeded /next, Holds and conditions both ways."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from bot.dice.source import RandomSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.swade import deck
from bot.systems.swade.conditions import add_condition
from bot.systems.swade.deck import SUITS, full_deck, in_pile
from bot.systems.swade.encounter_rules import add_combatants, find_combatant, group_members
from bot.systems.swade.state import Card, SwadeCombatant, SwadeSettings, SwadeState, Trait
from bot.systems.swade.turns import (
    act_from_hold,
    deal,
    dealable,
    hold,
    next_turn,
    slot_members,
)

from .test_combat_fixtures import outcome_json

# The modules (``turns`` exports functions of the same names).
dealing = importlib.import_module("bot.systems.swade.turns.deal")
sequence = importlib.import_module("bot.systems.swade.turns.sequence")

GM = Actor(user_id=1, is_gm=True)


def fresh_deck() -> list[Card]:
    """SW-30's 54 cards, each a new object (never the shared ones)."""
    cards = [Card(rank=r, suit=s) for s in SUITS for r in range(2, 15)]
    return [*cards, Card(joker=True, suit="B"), Card(joker=True, suit="R")]


def test_in_pile_answers_as_in_does() -> None:
    # SW-30: a card is its rank, suit and Joker mark; an equal card that is another
    # object is in the pile too.
    rng = random.Random(32)
    cards = fresh_deck()
    for _ in range(300):
        pile = rng.sample(full_deck(), rng.randint(0, 54))
        for card in [*rng.sample(cards, 6), *rng.sample(full_deck(), 6)]:
            assert in_pile(card, pile) is (card in pile), (card, len(pile))


def test_the_full_deck_is_sw30s_and_a_new_list_each_time() -> None:
    first = full_deck()
    assert first == fresh_deck()
    first.pop()
    assert len(full_deck()) == 54


def _long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The code before the shortcuts: every combatant reached is copied (a CowList's
    own iteration), cards compared by ``==``, a deck of new cards at each reshuffle."""
    monkeypatch.setattr(dealing, "raw_items", iter)
    monkeypatch.setattr(dealing, "_dealt_before", lambda c: True)
    monkeypatch.setattr(
        dealing,
        "_dealt_members",
        lambda state, c, skip: [
            m for m in group_members(state, c) if dealable(m) and m.id not in skip
        ],
    )
    monkeypatch.setattr(dealing, "peek_group", group_members)
    monkeypatch.setattr(dealing, "peek_combatant", find_combatant)
    monkeypatch.setattr(sequence, "peek_members", slot_members)
    monkeypatch.setattr(dealing, "in_pile", lambda card, pile: card in pile)
    monkeypatch.setattr(deck, "in_pile", lambda card, pile: card in pile)
    monkeypatch.setattr(deck, "_FULL_DECK", tuple(fresh_deck()))


def _roster() -> SwadeState:
    """PCs with draw edges (SW-32), a GM Wild Card, and a group of Extras with a dead,
    an incapacitated and a bleeding-out member; villains' Jokers give bennies (SW-33)."""

    def pc(cid: str, name: str, **fields: Any) -> SwadeCombatant:
        traits = {"spirit": Trait(die=6), "vigor": Trait(die=6)}
        return SwadeCombatant(
            id=cid, name=name, wild_card=True, side="heroes", controller_id=2, is_pc=True,
            attributes=traits, skills={"athletics": Trait(die=8)}, **fields,
        )  # fmt: skip

    state = SwadeState(
        combatants=[
            pc("c1", "Ana", edges=["level_headed", "quick"]),
            pc("c2", "Bruno", hindrances=["hesitant"]),
            pc(
                "c3", "Cira", edges=["improved_level_headed"], incapacitated=True, bleeding_out=True
            ),
        ],
        next_id=4,
        settings=SwadeSettings(villain_jokers=True),
    )
    state = add_combatants(state, GM, statblock=GOBLIN, count=5).state
    state = add_combatants(state, GM, name="Orco", wild_card=True, side="foes").state
    for name, fields in [
        ("Goblin 2", {"dead": True}),
        ("Goblin 3", {"incapacitated": True}),
        ("Goblin 4", {"incapacitated": True, "bleeding_out": True}),
    ]:
        state.combatants[[c.name for c in state.combatants].index(name)] = find_combatant(
            state, name
        ).model_copy(update=fields)
    return state


GOBLIN = "Goblin\nAttributes: Spirit d6, Vigor d6\nSkills: Athletics d6, Notice d6"
NAMES = ["Ana", "Bruno", "Cira", "Goblin 1", "Goblin 5", "Orco"]


def _step(state: SwadeState, rng: random.Random, seed: str) -> Outcome | None:
    """A /next most of the time; else a Hold, acting from Hold, Shaken or Stunned."""
    action = rng.choices(["next", "hold", "act", "shaken", "stunned"], [12, 2, 1, 1, 1])[0]
    who = rng.choice(NAMES)
    try:
        if action == "next":
            return next_turn(state, GM, RandomSource(seed))
        if action == "hold":
            return hold(state, GM, RandomSource(seed), who)
        if action == "act":
            return act_from_hold(state, GM, who)
        return add_condition(state, GM, who, action)
    except RuleError:
        return None


@pytest.mark.parametrize("seed", range(6))
def test_many_next_over_rounds_answer_as_the_long_way(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    state = deal(_roster(), GM, RandomSource(f"deal {seed}")).state
    rounds, jokers = set(), 0
    for step in range(150):
        before = state.model_dump(mode="json")
        choice = rng.getstate()
        short = _step(state, rng, f"{seed}:{step}")
        assert state.model_dump(mode="json") == before, step  # the input is left as it was
        with monkeypatch.context() as long_way:
            _long_way(long_way)
            rng.setstate(choice)
            long = _step(state, rng, f"{seed}:{step}")
        assert (short is None) is (long is None), step
        if short is None or long is None:
            continue
        assert outcome_json(short) == outcome_json(long), step
        jokers += sum(e.key == "swade.joker.dealt" for e in short.events)
        state = short.state
        state.combatants = list(state.combatants)  # committed, as the service keeps it
        rounds.add(state.round)
    assert len(rounds) >= 8 and jokers  # many rounds, Jokers among them (SW-31, SW-33)


def test_a_new_round_leaves_those_it_deals_nothing_shared() -> None:
    # The dead (no card, no Hold) are not copied by the deal: the saved JSON reuses
    # theirs (bot.encounter.cache). Everyone dealt a card is a copy.
    state = deal(_roster(), GM, RandomSource("shared")).state
    state.combatants = list(state.combatants)
    while True:
        out = next_turn(state, GM, RandomSource(f"shared {state.round} {state.current}"))
        if out.state.round != state.round:
            break
        state = out.state
        state.combatants = list(state.combatants)
    after = list(out.state.combatants.raw())
    kept = [c.name for c, old in zip(after, state.combatants, strict=True) if c is old]
    assert "Goblin 2" in kept  # dead: nothing to change
    assert not any(c.card is not None for c in after if c.name in kept)
