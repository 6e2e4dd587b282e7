"""SW-42 durations and maintaining with forced dice: active powers with their rounds,
ending at the end of the caster's turn (through the turn sequence), /cast end, lasting
effects undone exactly, Power Points between 0 and the maximum, the benny's 5."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.maneuvers import reroll_maneuver
from bot.systems.swade.power_defs import define_power
from bot.systems.swade.powers import (
    cast,
    end_of_turn,
    end_power,
    recover_power_points,
    start_of_turn,
)
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


def _in_turn(*combatants, active="m"):  # type: ignore[no-untyped-def]
    ranks = iter(range(14, 1, -1))
    for c in combatants:
        c.card, c.card_round = Card(rank=next(ranks), suit="S"), 1
    ids = [c.id for c in combatants]
    return state_of(
        *combatants, turn_order=ids, current=ids.index(active), active=active, acted=[active]
    )


def test_a_power_with_rounds_is_maintained_with_its_rounds_left() -> None:
    out = cast(state_of(mage(), hero("h")), PLAYER, dice(4, 1), "m", "protection", ["h"])
    (active,) = get(out.state, "m").maintaining
    assert (active.id, active.power_id, active.rounds_left, active.target_ids) == (
        "1",
        "protection",
        5,
        ("h",),
    )
    assert event(out, "swade.powers.maintained.rounds").params["count"] == 1


def test_rounds_count_down_at_the_end_of_the_casters_turn_and_then_it_ends() -> None:
    st = cast(state_of(mage(), hero("h")), PLAYER, dice(4, 1), "m", "protection", ["h"]).state
    for left in (4, 3, 2, 1):
        st = end_of_turn(st, "m").state
        assert get(st, "m").maintaining[0].rounds_left == left
        assert get(st, "h").armor == 2
    out = end_of_turn(st, "m")
    assert "swade.powers.ended.expired" in keys(out)
    h = get(out.state, "h")
    assert (get(out.state, "m").maintaining, h.armor, h.toughness, h.power_effects) == (
        [],
        0,
        6,
        [],
    )


def test_another_combatants_turn_end_does_not_count_the_casters_power_down() -> None:
    st = cast(state_of(mage(), hero("h")), PLAYER, dice(4, 1), "m", "protection", ["h"]).state
    st = end_of_turn(st, "h").state
    assert get(st, "m").maintaining[0].rounds_left == 5


def test_the_turn_sequence_ends_a_one_round_power_when_the_casters_turn_ends() -> None:
    st = define_power(
        _in_turn(mage(), hero("h"), active="m"),
        GM,
        "nombre: Escudo; coste: 1; alcance: toque; duración: 1 ronda; éxito: parada +2",
    ).state
    st = cast(st, PLAYER, dice(4, 1), "m", "escudo", ["h"]).state
    assert get(st, "h").parry == 8
    out = next_turn(st, GM, dice())
    assert "swade.powers.ended.expired" in keys(out)
    assert get(out.state, "h").parry == 6 and get(out.state, "m").maintaining == []


def test_a_power_until_ended_stays_until_the_caster_ends_it() -> None:
    st = define_power(
        state_of(mage(), hero("h")),
        GM,
        "name: Ward; cost: 2; duration: until ended; success: toughness +1",
    ).state
    st = cast(st, PLAYER, dice(4, 1), "m", "ward", ["h"]).state
    for _ in range(10):
        st = end_of_turn(st, "m").state
    assert get(st, "h").toughness == 7
    out = end_power(st, PLAYER, "m", "1")
    assert "swade.powers.ended.ended" in keys(out) and get(out.state, "h").toughness == 6


def test_end_power_by_name_in_either_language_and_refusals() -> None:
    st = cast(state_of(mage(), hero("h")), PLAYER, dice(4, 1), "m", "protection", ["h"]).state
    assert get(end_power(st, PLAYER, "m", "Protection").state, "m").maintaining == []
    with pytest.raises(RuleError) as err:
        end_power(st, PLAYER, "m", "bolt")
    assert err.value.key == "swade.powers.error.not_maintaining"
    with pytest.raises(RuleError) as err:
        end_power(state_of(mage()), PLAYER, "m", "bolt")
    assert err.value.key == "swade.powers.error.nothing_maintained"


def test_each_maintained_power_gives_minus_1_to_the_next_activation() -> None:
    st = state_of(mage(), hero("h"))
    st = cast(st, PLAYER, dice(4, 1), "m", "protection", ["h"]).state
    st = cast(st, PLAYER, dice(5, 1), "m", "protection", ["m"]).state  # 5 - 1 = 4
    assert [a.id for a in get(st, "m").maintaining] == ["1", "2"]
    out = cast(st, PLAYER, dice(5, 1), "m", "bolt", ["h"])  # 5 - 2 = 3: a failure
    assert ("swade.powers.mod.maintaining", -2) in [
        tuple(m) for m in event(out, "swade.powers.cast.roll").params["modifiers"]
    ]
    assert "swade.powers.cast.failure" in keys(out)


def test_boost_trait_steps_the_die_and_gives_it_back() -> None:
    # A raise: +2 steps, Fighting d8 -> d12. An unskilled Stealth boosted becomes d4.
    st = state_of(mage(), hero("h"))
    out = cast(st, PLAYER, dice(8, 1, 2), "m", "boost trait", ["h"], trait="Pelear")
    assert get(out.state, "h").skills["fighting"] == Trait(die=12)
    back = end_power(out.state, PLAYER, "m", "boost trait")
    assert get(back.state, "h").skills["fighting"] == Trait(die=8)
    sneak = cast(st, PLAYER, dice(4, 1), "m", "boost trait", ["h"], trait="sigilo")
    assert get(sneak.state, "h").skills["stealth"] == Trait(die=4)
    gone = end_power(sneak.state, PLAYER, "m", "potenciar rasgo")
    assert "stealth" not in get(gone.state, "h").skills


def test_a_trait_past_d12_gets_a_bonus_and_never_goes_below_d4() -> None:
    strong = hero("h", skills={"fighting": Trait(die=12)})
    out = cast(
        state_of(mage(), strong), PLAYER, dice(8, 1, 2), "m", "boost trait", ["h"], trait="fighting"
    )
    assert get(out.state, "h").skills["fighting"] == Trait(die=12, bonus=2)
    weak = goblin(skills={"fighting": Trait(die=4)}, wild_card=False)
    low = cast(
        state_of(mage(), weak),
        PLAYER,
        dice(6, 1, 1, 2),
        "m",
        "lower trait",
        ["g"],
        trait="fighting",
    )
    assert get(low.state, "g").skills["fighting"] == Trait(die=4)
    assert "swade.powers.effect.trait_unchanged" in keys(low)


def test_protection_raise_adds_armour_and_toughness() -> None:
    out = cast(state_of(mage(), hero("h")), PLAYER, dice(8, 1, 2), "m", "protection", ["h"])
    h = get(out.state, "h")
    assert (h.armor, h.toughness) == (2, 10)


def test_power_points_never_go_below_zero() -> None:
    st = define_power(
        state_of(mage(power_points=0), villain()), GM, "nombre: Chispa; coste: 0; éxito: daño 1d4"
    ).state
    out = cast(st, PLAYER, dice(2, 1), "m", "chispa", ["v"])  # a failure costs 1, it has 0
    assert get(out.state, "m").power_points == 0


def test_a_benny_recovers_5_power_points_up_to_the_maximum() -> None:
    st = state_of(mage(power_points=3))
    out = recover_power_points(st, PLAYER, "m")
    assert get(out.state, "m").power_points == 8
    assert event(out, "bennies.power_recovered").params["gained"] == 5
    top = recover_power_points(state_of(mage(power_points=8)), PLAYER, "m")
    assert get(top.state, "m").power_points == 10
    assert event(top, "bennies.power_recovered").params["gained"] == 2


def test_recovering_power_points_is_refused_when_full_or_untracked() -> None:
    with pytest.raises(RuleError) as err:
        recover_power_points(state_of(mage()), PLAYER, "m")
    assert err.value.key == "bennies.error.power_points_full"
    with pytest.raises(RuleError) as err:
        recover_power_points(state_of(mage(power_points=None)), PLAYER, "m")
    assert err.value.key == "bennies.error.no_power_points"
    unbounded = recover_power_points(state_of(mage(max_power_points=None)), PLAYER, "m")
    assert get(unbounded.state, "m").power_points == 15


def test_start_of_turn_fires_lingering_damage_once() -> None:
    st = cast(
        state_of(mage(), goblin()), PLAYER, dice(4, 1, 1, 1), "m", "bolt", ["g"], ["lingering"]
    ).state
    out = start_of_turn(st, dice(2, 1), "g")
    assert event(out, "swade.powers.lingering.roll").params["damage"] == 3
    again = start_of_turn(out.state, dice(), "g")
    assert again.events == []


def test_a_reroll_of_an_activation_puts_the_power_points_and_maintained_powers_back() -> None:
    st = cast(state_of(mage(), hero("h")), PLAYER, dice(4, 1), "m", "protection", ["h"]).state
    failed = cast(st, PLAYER, dice(2, 1), "m", "bolt", ["h"])  # 2 - 1 = 1: a failure
    assert get(failed.state, "m").power_points == 8
    # The reroll: 5 - 1 = 4, a success; bolt's damage 1+1 does nothing to Toughness 8.
    again = reroll_maneuver(failed.state, PLAYER, dice(5, 1, 1, 1), owner_id="m", index=0)
    m = get(again.state, "m")
    assert [a.power_id for a in m.maintaining] == ["protection"]
    assert get(again.state, "h").armor == 2
    assert m.power_points == 10 - 1 - 1  # protection 1, then the bolt 1 (not 1 + 1)
