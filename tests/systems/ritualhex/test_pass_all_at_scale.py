"""RH-8 at 80 minions: "Nadie reacciona" (pass_all) is exactly the passes of
pass_reaction one after another (the events, the state and the offers), now done on one
copy of the state; eligibility keeps RH-6 order. Not timed: bench/rules.py times it."""

from __future__ import annotations

from bot.dice.source import RandomSource
from bot.systems.base import Outcome
from bot.systems.ritualhex import (
    declare,
    eligible,
    offers_for,
    pass_all,
    pass_reaction,
    start_round,
)
from bot.systems.ritualhex.rounds import priority
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import GM, add

HERO = "nombre: Heroe\nAP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0"


def minion(i: int, ap: int) -> str:
    return (
        f"nombre: Esbirro {i}\nAP {ap}, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0\n"
        "partes: cabeza, torso\nmiembros: mano x2, pies\nacciones: Proteger"
    )


def fight(minions: int) -> RitualHexState:
    """A hero has just hit Esbirro 1; the minions (AP 8..10, so RH-6 has ties and
    order) may all react."""
    state = add(RitualHexState(), HERO)
    for i in range(1, minions + 1):
        state = add(state, minion(i, 8 + i % 3), kind="minion")
    state = start_round(state, GM).state
    hero = next(c for c in state.combatants if c.name == "Heroe")
    target = next(c for c in state.combatants if c.name == "Esbirro 1")
    return declare(
        state, GM, RandomSource("fight"), actor_id=hero.id, action="Piña", targets=[target.id]
    ).state


def one_by_one(state: RitualHexState, seed: str) -> Outcome:
    """pass_all as it was: pass_reaction for the head of ``awaiting`` until the window
    closes."""
    dice = RandomSource(seed)
    events = []
    window = len(state.chain)
    while state.chain and len(state.chain) == window and state.awaiting:
        out = pass_reaction(state, GM, dice, reactor_id=state.awaiting[0])
        state = out.state
        events += out.events
    return Outcome(state=state, events=events, offers=offers_for(state), summary="all pass")


def test_eighty_minions_may_react_in_rh6_order() -> None:
    state = fight(80)
    waiting = eligible(state)
    assert len(waiting) == 80  # every minion: AP level + prep above the hero's 7
    assert [priority(c) for c in waiting] == sorted(priority(c) for c in waiting)
    assert state.awaiting == [c.id for c in waiting]


def test_pass_all_is_the_passes_one_by_one() -> None:
    state = fight(80)
    fast = pass_all(state, GM, RandomSource("resolve"))
    slow = one_by_one(state, "resolve")
    assert [e.model_dump() for e in fast.events] == [e.model_dump() for e in slow.events]
    assert fast.state.model_dump() == slow.state.model_dump()
    assert [o.model_dump() for o in fast.offers] == [o.model_dump() for o in slow.offers]
    passed = [e for e in fast.events if e.key == "ritualhex.passed"]
    assert len(passed) == 80


def test_pass_all_leaves_the_state_it_was_given_unchanged() -> None:
    state = fight(40)
    before = state.model_dump()
    pass_all(state, GM, RandomSource("resolve"))
    assert state.model_dump() == before
