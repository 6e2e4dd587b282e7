"""Seed 002's worked example ('Ejemplo'), played through the public rule functions with
forced dice (RH-5, RH-6, RH-8, RH-11). Every AP level and every eligibility the seed
states is asserted at the moment it states it."""

from __future__ import annotations

from bot.systems.ritualhex import declare, pass_reaction, react, start_round
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    PLAYER_B,
    by_name,
    cid,
    dice,
    example_cast,
    keys,
    levels,
    names,
    no_dice,
)


def test_the_seeds_worked_example_plays_out_as_written() -> None:
    state = example_cast()

    # Round 1: AP levels equal AP; the needle falls from 15 until Red Haggar is above it.
    out = start_round(state, GM)
    state = out.state
    assert [e.params["needle"] for e in out.events if e.key == "ritualhex.needle_fell"] == [
        14,
        13,
        12,
        11,
    ]
    assert state.needle == 11
    assert levels(state) == {"Red Haggar": 12, "Goblin": 9, "Thrall": 8, "Jade Mistress": 7}
    # "En este momento Red Haggar es el único con oportunidad."
    assert names(state, state.acting) == ["Red Haggar"]

    # He attacks the Goblin; the attack costs 5: his AP level is 7.
    rh, goblin, thrall, jade = (
        cid(state, n) for n in ("Red Haggar", "Goblin", "Thrall", "Jade Mistress")
    )
    state = declare(state, PLAYER_A, no_dice(), actor_id=rh, action="Piña", targets=[goblin]).state
    assert by_name(state, "Red Haggar").ap_level == 7
    # "los habilitados a reaccionar son el Goblin y el Thrall"
    assert names(state, state.awaiting) == ["Goblin", "Thrall"]

    # The Goblin blocks with its shield (3 AP): AP level 6.
    state = react(state, GM, no_dice(), reactor_id=goblin, reaction="Bloqueo").state
    assert by_name(state, "Goblin").ap_level == 6
    # Thrall (8) and Jade Mistress (7) may react to the block; Red Haggar (7) may not:
    # he is already in the chain.
    assert names(state, state.awaiting) == ["Thrall", "Jade Mistress"]

    # The Thrall does not react; Jade Mistress casts Parálisis on the block (4 AP): 3.
    state = pass_reaction(state, GM, no_dice(), reactor_id=thrall).state
    assert names(state, state.awaiting) == ["Jade Mistress"]
    state = react(state, PLAYER_B, no_dice(), reactor_id=jade, reaction="Parálisis").state
    assert by_name(state, "Jade Mistress").ap_level == 3
    # The Thrall, above 3 and the only one out of the chain, could react to the spell.
    assert names(state, state.awaiting) == ["Thrall"]
    assert levels(state) == {"Red Haggar": 7, "Goblin": 6, "Thrall": 8, "Jade Mistress": 3}
    assert [(link.author, link.action.name) for link in state.chain] == [
        (rh, "Piña"),
        (goblin, "Bloqueo"),
        (jade, "Parálisis"),
    ]

    # He passes: Parálisis resolves and succeeds (Mag 3 + 4+4+4 = 15 > 10 + Goblin's Per 0).
    out = pass_reaction(state, GM, dice(4, 4, 4), reactor_id=thrall)
    state = out.state
    assert keys(out)[:4] == [
        "ritualhex.passed",
        "ritualhex.resolves",
        "ritualhex.check_success",
        "ritualhex.cancelled",
    ]
    # The block, annulled but still in the chain, reopens: the Thrall may react to it.
    assert [link.action.name for link in state.chain] == ["Piña", "Bloqueo"]
    assert state.chain[-1].cancelled
    assert names(state, state.awaiting) == ["Thrall"]

    # He passes again: the block fails automatically (no dice). Now the Thrall (8 > 7)
    # may react to the attack.
    out = pass_reaction(state, GM, no_dice(), reactor_id=thrall)
    state = out.state
    assert "ritualhex.fails_cancelled" in keys(out)
    assert [link.action.name for link in state.chain] == ["Piña"]
    assert names(state, state.awaiting) == ["Thrall"]

    # Proteger (3 AP): the Thrall's AP level is 5. Red Haggar is in the chain, Jade
    # Mistress lacks AP level; the Goblin (6 > 5), out of the chain now, may react.
    state = react(state, GM, no_dice(), reactor_id=thrall, reaction="Proteger").state
    assert by_name(state, "Thrall").ap_level == 5
    assert names(state, state.awaiting) == ["Goblin"]

    # The Goblin passes: Proteger resolves and the attack now aims at the Thrall; then
    # the attack resolves against him: Str 2 + 5+4+3 = 14 > 11 + Def 1; damage
    # 1d-2|1 with a 4 = 2, minus the Thrall's DR 1 = 1.
    out = pass_reaction(state, GM, dice(5, 4, 3, 4), reactor_id=goblin)
    state = out.state
    retarget = next(e for e in out.events if e.key == "ritualhex.retargeted")
    assert retarget.params["ally"] == "Goblin"
    attack_check = next(e for e in out.events if e.key == "ritualhex.check_success")
    assert attack_check.params["target"] == "Thrall"
    assert attack_check.params["target_number"] == 12
    assert by_name(state, "Thrall").damage == 1
    assert by_name(state, "Goblin").damage == 0
    assert state.chain == []

    # Nobody is above the needle any more: it falls by 1, to 10, with the levels the
    # seed's last table shows.
    falls = [e.params["needle"] for e in out.events if e.key == "ritualhex.needle_fell"]
    assert falls[0] == 10
    assert levels(state) == {"Red Haggar": 7, "Goblin": 6, "Thrall": 5, "Jade Mistress": 3}
    # (It keeps falling one step at a time until someone is above it: Red Haggar at 6.)
    assert falls == [10, 9, 8, 7, 6]
    assert names(state, state.acting) == ["Red Haggar"]
