"""Issue 30, Ritual Hex rules with forced dice: a 6 is kept as the 5 it counts, so a
result adds up on screen (RH-1); a protecting reaction shows whom it protects (RH-11);
who acts is not asked while a reaction chain is open (RH-8)."""

from __future__ import annotations

import pytest

from bot.dice.ritualhex import damage, rh_die
from bot.i18n import term
from bot.systems.base import RuleError
from bot.systems.ritualhex import declare, pass_reaction, react, start_round
from bot.systems.ritualhex.moves.who import acting
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.ritualhex.view import board
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    PLAYER_B,
    cid,
    dice,
    example_cast,
    no_dice,
)


def test_rh1_a_six_is_kept_as_the_five_it_counts() -> None:
    die = rh_die(dice(6, 3))
    view = die.to_view()
    assert view["faces"] == [6, 3] and view["counted"] == [5, 3] and view["value"] == 8
    # "1d-1": 5 + 3 - 1 = 7, as the counted values add up.
    roll = damage(dice(6, 3), 1, 1).to_view()
    assert sum(roll["dice"][0]["counted"]) - roll["minus"] == roll["value"] == 7


def _protected(state: RitualHexState) -> tuple[RitualHexState, str]:
    """Seed 002's example up to the Thrall's Proteger on the Goblin."""
    state = start_round(state, GM).state
    rh, goblin, thrall, jade = (
        cid(state, n) for n in ("Red Haggar", "Goblin", "Thrall", "Jade Mistress")
    )
    state = declare(state, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[goblin]).state
    state = react(state, GM, no_dice(), reactor_id=goblin, reaction="Bloqueo").state
    state = pass_reaction(state, GM, no_dice(), reactor_id=thrall).state
    state = react(state, PLAYER_B, no_dice(), reactor_id=jade, reaction="Parálisis").state
    state = pass_reaction(state, GM, dice(4, 4, 4), reactor_id=thrall).state
    state = pass_reaction(state, GM, no_dice(), reactor_id=thrall).state
    return react(state, GM, no_dice(), reactor_id=thrall, reaction="Proteger").state, goblin


def test_rh11_the_chain_shows_the_ally_proteger_protects() -> None:
    state, goblin = _protected(example_cast())
    links = board(state)["chain"]
    assert [(link["action"], link["targets"]) for link in links][-1] == ("Proteger", [goblin])
    # RH-8: when it resolves, the line names the Goblin too (not the attacker).
    out = pass_reaction(state, GM, dice(5, 4, 3, 4), reactor_id=goblin)
    resolves = [e for e in out.events if e.key == "ritualhex.resolves"]
    assert resolves[0].params["action"] == term("ritualhex.action.protect")  # "Proteger"
    assert resolves[0].params["targets"] == "Goblin"


def test_rh8_who_acts_is_not_asked_while_a_chain_is_open() -> None:
    state, _ = _protected(example_cast())
    for who in (GM, PLAYER_A):
        with pytest.raises(RuleError) as err:
            acting(state, who, None)
        assert err.value.key == "ritualhex.error.chain_open"
