"""Properties: rules never change their input state; DS-6 and DS-8 invariants."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.dice.source import RandomSource
from bot.systems.ds20.combat import attack, defend
from bot.systems.ds20.firearms import shoot
from bot.systems.ds20.turns import next_turn
from bot.systems.ds20.wounds import record_wound, wound_severity
from tests.systems.ds20.helpers import GM, PLAYER, fresh, in_turn, two


@given(st.integers(0, 200), st.integers(1, 20), st.integers(1, 30))
def test_ds6_more_damage_never_gives_a_lighter_wound(damage: int, mhl: int, extra: int) -> None:
    mhg = mhl + extra
    assert wound_severity(damage + 1, mhl, mhg) >= wound_severity(damage, mhl, mhg)


@given(st.lists(st.sampled_from(["R", "HL", "HG"]), max_size=30))
def test_ds8_boxes_never_exceed_capacity_and_states_follow_the_boxes(levels: list[str]) -> None:
    c = fresh()
    for level in levels:
        record_wound(c, level)  # type: ignore[arg-type]
        assert c.wounds.r <= c.capacity.r
        assert c.wounds.hl <= c.capacity.hl
        assert c.wounds.hg <= c.capacity.hg
        assert c.fatigue <= c.fatigue_max
        if c.wounds.hg == 0:
            assert c.health == "ok"
        else:
            assert c.health != "ok"


@given(st.integers(0, 10_000))
def test_rules_do_not_touch_their_input(seed: int) -> None:
    state = in_turn(two(), "c1")
    before = state.model_dump()
    dice = RandomSource(seed)
    out = attack(state, PLAYER, dice, attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert state.model_dump() == before
    if out.state.pending is not None:
        mid = out.state.model_dump()
        after = defend(out.state, GM, dice, defender_id="c2", kind="block")
        assert out.state.model_dump() == mid
        next_turn(after.state, PLAYER, dice)
    shoot(state, PLAYER, dice, attacker_id="c1", target_id="c2", empty=2)
    assert state.model_dump() == before
