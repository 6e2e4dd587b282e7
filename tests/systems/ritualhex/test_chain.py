"""Reactions and the chain (seed 002 'Acciones (y reacciones)'; RH-8, RH-11)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ritualhex import (
    declare,
    pass_all,
    pass_reaction,
    react,
    start_round,
    usable_reactions,
)
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    PLAYER_B,
    by_name,
    cid,
    dice,
    example_cast,
    keys,
    names,
    no_dice,
)


def _opening() -> RitualHexState:
    """The example's start: needle 11, Red Haggar 12, Goblin 9, Thrall 8, Jade 7."""
    return start_round(example_cast(), GM).state


def _set(state: RitualHexState, name: str, **fields: int) -> None:
    c = by_name(state, name)
    for field, value in fields.items():
        setattr(c, field, value)


def _attack_goblin(state: RitualHexState, roll: tuple[int, ...] = ()) -> RitualHexState:
    return declare(
        state,
        PLAYER_A,
        dice(*roll),
        actor_id=cid(state, "Red Haggar"),
        action="Piña",
        targets=[cid(state, "Goblin")],
    ).state


def test_rh8_preparation_points_count_toward_eligibility() -> None:
    state = _opening()
    _set(state, "Goblin", ap_level=5)
    assert "Goblin" not in names(_attack_goblin(state), _attack_goblin(state).awaiting)
    _set(state, "Goblin", prep=3)  # 5 + 3 > 7
    # (RH-6 order: the Thrall's higher AP level puts him first.)
    assert names(_attack_goblin(state), _attack_goblin(state).awaiting) == ["Thrall", "Goblin"]


def test_rh8_preparation_points_pay_the_reaction_first_and_the_rest_is_lost() -> None:
    state = _opening()
    _set(state, "Goblin", ap_level=5, prep=4)
    _set(state, "Thrall", ap_level=2)
    state = _attack_goblin(state)
    state = react(state, GM, no_dice(), reactor_id=cid(state, "Goblin"), reaction="Bloqueo").state
    goblin = by_name(state, "Goblin")
    # Bloqueo costs 3: all from preparation; the 4th point is lost after the reaction.
    assert (goblin.ap_level, goblin.prep) == (5, 0)


def test_rh8_a_reactor_still_at_or_above_the_needle_drops_to_needle_minus_one() -> None:
    state = _opening()
    state.needle = 5
    _set(state, "Goblin", ap_level=11)
    state = _attack_goblin(state)  # Red Haggar 12 -> 7; the Goblin (11) may react
    state = react(state, GM, no_dice(), reactor_id=cid(state, "Goblin"), reaction="Bloqueo").state
    # 11 - 3 = 8 >= needle 5: set to 4.
    assert by_name(state, "Goblin").ap_level == 4


def test_rh8_reactions_go_in_rh6_order() -> None:
    state = _attack_goblin(_opening())
    assert names(state, state.awaiting) == ["Goblin", "Thrall"]
    with pytest.raises(RuleError) as err:
        react(state, GM, no_dice(), reactor_id=cid(state, "Thrall"), reaction="Proteger")
    assert err.value.key == "ritualhex.error.not_your_reaction_turn"
    assert err.value.params["first"] == "Goblin"


def test_rh8_nobody_reacts_twice_to_the_same_action() -> None:
    state = _opening()
    state.needle = 13
    _set(state, "Red Haggar", ap_level=14)
    _set(state, "Goblin", ap_level=13)
    state = _attack_goblin(state)  # Red Haggar 14 -> 9
    # Goblin 13 -> 10; nobody is above 10 to answer the block, so it resolves and fails
    # (Def 2 + 1+1+1 <= 10 + Str 2). Back on the attack, the Goblin (10 > 9, out of the
    # chain) already reacted to it, so nobody is asked and the attack resolves too
    # (Str 2 + 1+1+1 <= 11 + Def 2).
    out = react(
        state, GM, dice(1, 1, 1, 1, 1, 1), reactor_id=cid(state, "Goblin"), reaction="Bloqueo"
    )
    assert by_name(out.state, "Goblin").ap_level == 10
    assert "ritualhex.may_react" not in keys(out)
    assert [e.key for e in out.events if e.key.startswith("ritualhex.check")] == [
        "ritualhex.check_failure",
        "ritualhex.check_failure",
    ]
    assert out.state.chain == []


def test_rh11_a_successful_block_makes_the_attack_fail_without_rolling() -> None:
    state = _attack_goblin(_opening())
    state = react(state, GM, no_dice(), reactor_id=cid(state, "Goblin"), reaction="Bloqueo").state
    state = pass_reaction(state, GM, no_dice(), reactor_id=cid(state, "Thrall")).state
    # Jade passes: block check Def 2 + 6(5)+1, 4, 4 = 16 > 10 + Red Haggar's Str 2.
    state = pass_reaction(
        state, PLAYER_B, dice(6, 1, 4, 4), reactor_id=cid(state, "Jade Mistress")
    ).state
    assert state.chain[-1].cancelled
    # The Thrall passes on the attack too: it fails automatically, no dice (strict).
    out = pass_reaction(state, GM, no_dice(), reactor_id=cid(state, "Thrall"))
    assert "ritualhex.fails_cancelled" in keys(out)
    assert by_name(out.state, "Goblin").damage == 0
    assert out.state.chain == []


def test_rh11_reactions_only_answer_their_kind_and_trigger() -> None:
    state = _attack_goblin(_opening())
    state = react(state, GM, no_dice(), reactor_id=cid(state, "Goblin"), reaction="Bloqueo").state
    # Proteger answers attacks only, not a block.
    with pytest.raises(RuleError) as err:
        react(state, GM, no_dice(), reactor_id=cid(state, "Thrall"), reaction="Proteger")
    assert err.value.key == "ritualhex.error.reaction_kind"
    assert usable_reactions(state, cid(state, "Thrall")) == []
    assert usable_reactions(state, cid(state, "Jade Mistress")) == ["Parálisis"]


def test_rh11_block_needs_the_blocker_to_be_the_target() -> None:
    state = _opening()
    state = declare(
        state,
        PLAYER_A,
        no_dice(),
        actor_id=cid(state, "Red Haggar"),
        action="Piña",
        targets=[cid(state, "Thrall")],
    ).state
    with pytest.raises(RuleError) as err:
        react(state, GM, no_dice(), reactor_id=cid(state, "Goblin"), reaction="Bloqueo")
    assert err.value.key == "ritualhex.error.trigger_self"


def test_a_player_passes_only_for_their_own_combatant_but_the_gm_for_anyone() -> None:
    state = _opening()
    _set(state, "Jade Mistress", ap_level=10)
    state = _attack_goblin(state)
    jade = cid(state, "Jade Mistress")
    assert jade in state.awaiting
    with pytest.raises(RuleError) as err:
        pass_reaction(state, PLAYER_A, no_dice(), reactor_id=jade)
    assert err.value.key == "ritualhex.error.not_your_combatant"
    state = pass_reaction(state, GM, no_dice(), reactor_id=jade).state
    assert jade not in state.awaiting


def test_pass_all_resolves_the_window_and_rolls_the_action() -> None:
    state = _attack_goblin(_opening())
    # Everybody passes: Piña resolves against the Goblin (Def 1 + shield 1):
    # Str 2 + 4+4+4 = 14 > 11 + 2; damage 1d-2|1 with a 5 = 3.
    out = pass_all(state, GM, dice(4, 4, 4, 5))
    assert by_name(out.state, "Goblin").damage == 3
    assert out.state.chain == []


def test_not_eligible_combatants_cannot_react() -> None:
    state = _attack_goblin(_opening())
    with pytest.raises(RuleError) as err:
        react(
            state, PLAYER_B, no_dice(), reactor_id=cid(state, "Jade Mistress"), reaction="Parálisis"
        )
    assert err.value.key == "ritualhex.error.not_eligible"


def test_offers_follow_the_window_react_for_the_head_pass_for_everyone() -> None:
    out = declare(
        _opening(),
        PLAYER_A,
        no_dice(),
        actor_id=cid(_opening(), "Red Haggar"),
        action="Piña",
        targets=[cid(_opening(), "Goblin")],
    )
    got = [(o.action, o.combatant_id, o.data.get("reactions")) for o in out.offers]
    goblin, thrall = cid(out.state, "Goblin"), cid(out.state, "Thrall")
    # The Goblin answers first (RH-6 order); the Thrall's Proteger waits its turn.
    assert got == [
        ("rh_react", goblin, ["Bloqueo"]),
        ("rh_pass", goblin, None),
        ("rh_pass", thrall, None),
        ("rh_pass_all", None, None),
    ]
    out = pass_reaction(out.state, GM, no_dice(), reactor_id=goblin)
    assert ("rh_react", thrall) in [(o.action, o.combatant_id) for o in out.offers]


def test_rh11_a_block_against_a_two_target_attack_only_spares_the_blocker() -> None:
    from tests.systems.ritualhex.helpers import GOBLIN, JADE_MISTRESS, RED_HAGGAR, THRALL, add

    sweeper = RED_HAGGAR + (
        "acción: Barrido; tipo: ataque; costo: 5; miembros: pies; objetivo: 2;"
        " chequeo: <Str>[11]<Def>; efecto: daño 1d\n"
    )
    state = RitualHexState()
    state = add(state, sweeper, "hero", PLAYER_A.user_id)
    state = add(state, GOBLIN, "minion")
    state = add(state, THRALL, "minion")
    state = add(state, JADE_MISTRESS, "hero", PLAYER_B.user_id)
    state = start_round(state, GM).state
    rh, gob, thr, jade = (
        cid(state, n) for n in ("Red Haggar", "Goblin", "Thrall", "Jade Mistress")
    )
    state = declare(
        state, PLAYER_A, no_dice(), actor_id=rh, action="Barrido", targets=[gob, thr]
    ).state
    state = react(state, GM, no_dice(), reactor_id=gob, reaction="Bloqueo").state
    state = pass_reaction(state, GM, no_dice(), reactor_id=thr).state
    # The block succeeds: Def 2 + 5+5+5 = 17 > 10 + Str 2.
    out = pass_reaction(state, PLAYER_B, dice(5, 5, 5), reactor_id=jade)
    assert "ritualhex.cancelled_for" in keys(out)
    state = out.state
    assert not state.chain[-1].cancelled and state.chain[-1].spared == [gob]
    # The sweep still hits the Thrall: 2 + 5+5+5 > 11 + 1; 1d = 3, minus DR 1.
    out = pass_reaction(state, GM, dice(5, 5, 5, 3), reactor_id=thr)
    assert "ritualhex.spared" in keys(out)
    assert by_name(out.state, "Goblin").damage == 0
    assert by_name(out.state, "Thrall").damage == 2
