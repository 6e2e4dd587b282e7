"""Whole-engine properties: rule functions never touch their input, states survive the
encounter's JSON, and random legal play keeps the RH-5..RH-8 invariants."""

from __future__ import annotations

import random

import pytest

from bot.dice.source import RandomSource
from bot.i18n import term
from bot.systems.base import Outcome, RuleError
from bot.systems.encounter import Encounter
from bot.systems.ritualhex import (
    available_actions,
    declare,
    end_opportunity,
    next_reactors,
    pass_reaction,
    prepare,
    react,
    start_round,
    usable_reactions,
    wait,
)
from bot.systems.ritualhex.state import AP_CAP, RitualHexState
from tests.systems.ritualhex.helpers import GM, PLAYER_A, cid, example_cast, no_dice


def test_rule_functions_never_change_their_input() -> None:
    state = start_round(example_cast(), GM).state
    before = state.model_dump()
    rh, gob = cid(state, "Red Haggar"), cid(state, "Goblin")
    declare(state, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[gob])
    assert state.model_dump() == before


def test_a_state_mid_chain_survives_the_encounter_json() -> None:
    state = start_round(example_cast(), GM).state
    rh, gob = cid(state, "Red Haggar"), cid(state, "Goblin")
    state = declare(state, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[gob]).state
    enc = Encounter(channel_id=1, guild_id=2, gm_id=3, state=state)
    back = Encounter.model_validate_json(enc.model_dump_json())
    assert isinstance(back.state, RitualHexState)
    assert back.state == state


def _random_step(state: RitualHexState, rng: random.Random, source: RandomSource) -> Outcome:
    if state.awaiting:
        who = rng.choice(next_reactors(state))
        options = usable_reactions(state, who)
        if options and rng.random() < 0.5:
            return react(state, GM, source, reactor_id=who, reaction=rng.choice(options))
        return pass_reaction(state, GM, source, reactor_id=rng.choice(state.awaiting))
    actor_id = rng.choice(state.acting)
    actor = state.get(actor_id)
    assert actor is not None
    if state.multi_attack is not None:
        enemies = [c.id for c in state.combatants if c.active and c.side != actor.side]
        try:
            return declare(
                state, GM, source, actor_id=actor_id, action="Piña", targets=[rng.choice(enemies)]
            )
        except RuleError:
            return end_opportunity(state, GM, actor_id=actor_id)
    roll = rng.random()
    if roll < 0.1:
        return wait(state, GM, actor_id=actor_id)
    if roll < 0.2:
        try:
            return prepare(state, GM, actor_id=actor_id)
        except RuleError:
            return wait(state, GM, actor_id=actor_id)
    actions = [a for a, _ in available_actions(actor) if not a.is_reaction]
    if not actions:
        return wait(state, GM, actor_id=actor_id)
    action = rng.choice(actions)
    pool = [c for c in state.combatants if c.active]
    target = rng.choice(pool)
    limb = None
    if target.limbs and rng.random() < 0.3:
        limb = rng.choice(target.limbs).key
    try:
        return declare(
            state, GM, source, actor_id=actor_id, action=action.name, targets=[target.id], limb=limb
        )
    except RuleError:
        return wait(state, GM, actor_id=actor_id)


def _check_invariants(state: RitualHexState) -> None:
    assert 0 <= state.needle <= AP_CAP
    for c in state.combatants:
        assert 0 <= c.ap_level <= AP_CAP
        assert c.prep >= 0 and c.waiting >= 0
        assert all(p.waiting >= 0 and p.damage >= 0 for p in c.parts)
    if state.phase != "round":
        return
    in_chain = {link.author for link in state.chain}
    if state.chain:
        # RH-8: the chain stays open only while someone may still react to it.
        assert state.awaiting
        for cid_ in state.awaiting:
            c = state.get(cid_)
            assert c is not None and c.active and cid_ not in in_chain
    else:
        # RH-5: outside a chain someone always has the opportunity.
        assert state.acting
        for cid_ in state.acting:
            c = state.get(cid_)
            assert c is not None and c.active
            assert state.multi_attack is not None or c.ap_level > state.needle


@pytest.mark.parametrize("seed", range(25))
def test_random_legal_play_keeps_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    cast = example_cast()
    if seed % 2:
        cast.combatants[0].advantages["multiataque"] = 2  # Red Haggar, RH-10
    state = start_round(cast, GM).state
    for n in range(600):
        source = RandomSource(f"{seed}:{n}")
        state = _random_step(state, rng, source).state
        _check_invariants(state)
        if state.phase == "over":
            break
    assert state.round >= 1


def test_the_board_shows_needle_levels_limbs_equipment_and_the_chain() -> None:
    from bot.systems.ritualhex import board

    state = start_round(example_cast(), GM).state
    rh, gob = cid(state, "Red Haggar"), cid(state, "Goblin")
    state = declare(state, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[gob]).state
    view = board(state)
    assert view["needle"] == 11
    assert [(c["name"], c["ap_level"]) for c in view["combatants"]] == [
        ("Goblin", 9),
        ("Thrall", 8),
        ("Red Haggar", 7),
        ("Jade Mistress", 7),
    ]
    goblin = view["combatants"][0]
    [shield] = goblin["equipment"]
    assert (shield["name"], shield["worn_on"], shield["working"]) == ("Escudo", ["mano1"], True)
    assert shield["worn_labels"] == [term("ritualhex.part.mano", number="1")]  # "hand1"
    assert goblin["stats"]["def"] == 2
    assert [limb["key"] for limb in goblin["limbs"]] == ["mano1", "mano2", "pies"]
    assert view["chain"][0]["action"] == "Piña" and view["chain"][0]["targets"] == [gob]
    assert view["next"] == [gob]


def test_removing_the_acting_combatant_moves_the_opportunity_on() -> None:
    from bot.systems.ritualhex import remove_combatant

    state = start_round(example_cast(), GM).state
    out = remove_combatant(state, GM, combatant_id=cid(state, "Red Haggar"))
    # Nobody above 11 now: the needle falls to 8 for the Goblin (9).
    assert out.state.needle == 8
    assert out.state.acting == [cid(state, "Goblin")]
