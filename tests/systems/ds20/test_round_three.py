"""Issue 30, Dread S-20 rules with forced dice: first aid takes the hero out of Grave
(DS-12), a tie between opponents is broken by a roll that is shown (DS-3), and every
bonus and penalty unit of a roll keeps the rule that gave it (DS-1), so the result can
show each beside its d4s."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ds20 import (
    attack,
    defend,
    first_aid,
    grave_roll,
    roll_initiative,
    shoot,
)
from bot.systems.ds20.state import DS20State
from bot.systems.ds20.statline import parse_statline
from tests.systems.ds20.helpers import GM, PLAYER, dice, in_turn, two

# -- DS-12: first aid -------------------------------------------------------------------


def test_ds12_successful_first_aid_takes_a_grave_character_out_of_grave() -> None:
    state = two()
    bruto = state.get("c2")
    bruto.health, bruto.wounds.hg = "grave", 1
    out = first_aid(state, PLAYER, dice(4), "c1", "c2")  # Primeros Auxilios 8: margin 4
    treated = out.state.get("c2")
    # Seed 004: "el personaje sale del estado grave y comienza a sanar".
    assert (treated.health, treated.treated) == ("ok", True)
    assert treated.wounds.hg == 1  # the boxes stay: it heals from here
    assert [e.key for e in out.events][-1] == "ds20.health.treated"
    with pytest.raises(RuleError) as err:  # no more hourly Grave rolls
        grave_roll(out.state, GM, dice(5), "c2")
    assert err.value.key == "ds20.error.not_grave"


def test_ds12_failed_first_aid_leaves_it_grave() -> None:
    state = two()
    state.get("c2").health = "grave"
    out = first_aid(state, PLAYER, dice(15), "c1", "c2")  # 8 - 15: a failure
    assert (out.state.get("c2").health, out.state.get("c2").treated) == ("grave", False)


def test_ds12_a_new_hg_after_first_aid_is_grave_again() -> None:
    state = in_turn(two(), "c2")
    ana = state.get("c1")
    ana.health, ana.wounds.hg, ana.treated = "ok", 1, True
    # Bruto's Machete (5/10) with a natural 1: 10 - 1 = 9, doubled 18: one HG. Ana
    # does not defend; she has no armour.
    hit = attack(state, GM, dice(1), attacker_id="c2", target_id="c1", weapon="Machete")
    out = defend(hit.state, PLAYER, dice(), defender_id="c1", kind="none")
    again = out.state.get("c1")
    assert (again.health, again.treated, again.wounds.hg) == ("grave", False, 2)


# -- DS-3: tie-breaks between opponents, shown -----------------------------------------


def test_ds3_a_tie_between_opponents_says_its_roll_off() -> None:
    # Ana 5+4 = 9, Bruto 7+2 = 9: a tie between sides; the roll-off: Ana 2, Bruto 6.
    out = roll_initiative(two(), GM, dice(5, 7, 2, 6))
    [tie] = [e for e in out.events if e.key.startswith("ds20.initiative.tiebreak")]
    assert tie.key == "ds20.initiative.tiebreak"
    assert tie.params == {"total": 9, "rolls": "Ana 1d10 (2) · Bruto 1d10 (6)"}
    assert out.state.turn_order == ["c2", "c1"]


def test_ds3_a_repeated_roll_off_is_shown_each_time() -> None:
    out = roll_initiative(two(), GM, dice(5, 7, 4, 4, 1, 3))
    ties = [(e.key, e.params["rolls"]) for e in out.events if "tiebreak" in e.key]
    assert ties == [
        ("ds20.initiative.tiebreak", "Ana 1d10 (4) · Bruto 1d10 (4)"),
        ("ds20.initiative.tiebreak_again", "Ana 1d10 (1) · Bruto 1d10 (3)"),
    ]


def test_ds3_no_roll_off_within_a_side() -> None:
    state = DS20State()
    for i, name in enumerate(("Ana", "Beto"), start=1):
        c = parse_statline(f"Nombre: {name} | Tipo: PJ | Aptitudes: Iniciativa 3")
        c.id = f"c{i}"
        state.combatants.append(c)
    out = roll_initiative(state, GM, dice(5, 5))  # both 8, both heroes: they agree
    assert not [e for e in out.events if "tiebreak" in e.key]


# -- DS-1: the units of a roll, by source ----------------------------------------------


def test_ds1_a_defence_names_its_wound_and_earlier_defence_penalties() -> None:
    state = in_turn(two(), "c2")
    ana = state.get("c1")
    ana.wounds.hg, ana.health, ana.defences = 1, "grave", 1
    hit = attack(state, GM, dice(3), attacker_id="c2", target_id="c1", weapon="Machete")
    # Acrobacia 9, d20 2: two penalties for the second defence (DS-5: 3, 1) and two for
    # the HG (DS-9: 2, 4): 9 - 2 - 3 - 1 - 2 - 4 = -3.
    out = defend(hit.state, PLAYER, dice(2, 3, 1, 2, 4), defender_id="c1", kind="dodge")
    view = out.events[0].dice
    assert view["penalty_dice"] == [3, 1, 2, 4]
    assert view["penalty_from"] == [["ds20.unit.defences", 2], ["ds20.unit.wounds_hg", 2]]
    assert view["raw_margin"] == -3 == view["margin"]


def test_ds1_a_shot_names_aim_range_and_cover() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").aim = 1
    # Pistola range 20: 50 m is over two doublings (two penalties); obstructed, one (DS-11).
    out = shoot(
        state, PLAYER, dice(6, 4, 1, 2, 3), attacker_id="c1", target_id="c2",
        weapon="Pistola", range_m=50, cover="obstructed",
    )  # fmt: skip
    view = out.events[0].dice
    assert view["bonus_from"] == [["ds20.unit.aim", 1]]
    assert view["penalty_from"] == [["ds20.unit.range", 2], ["ds20.unit.cover", 1]]
    assert view["raw_margin"] == 12 - 6 + 4 - (1 + 2 + 3)


def test_ds1_extra_actions_are_named_on_the_next_turn_rolls() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").extra_actions = 1
    out = attack(state, PLAYER, dice(5, 2), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert out.events[0].dice["penalty_from"] == [["ds20.unit.extra_actions", 1]]
