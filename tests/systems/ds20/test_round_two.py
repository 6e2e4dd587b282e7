"""Issue 17, Dread S-20 (RULES-NOTES DS-12, DS-3, DS-4, DS-5, DS-9, DS-11), forced dice.

Ana: Fortaleza 12, Armas de Fuego 12, Acrobacia 9, Primeros Auxilios 8, Iniciativa 4
(a PJ); Bruto: Iniciativa 2, Acrobacia 8 (an NPC). A roll: d20, then bonus d4s, then
penalty d4s (DS-1)."""

from __future__ import annotations

import pytest

from bot.render.text import event_line
from bot.systems.base import RuleError
from bot.systems.ds20.damage import inflict
from bot.systems.ds20.firearms import aim, clear_jam, reload, shoot
from bot.systems.ds20.initiative import roll_initiative, swap_initiative
from bot.systems.ds20.statline import parse_statline
from bot.systems.ds20.turns import (
    declare_actions,
    endure_pain,
    first_aid,
    next_turn,
    run,
)
from tests.systems.ds20.helpers import ANA, GM, PLAYER, dice, in_turn, two


def keys(out) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.key for e in out.events]


# --- DS-12: first aid takes a character out of Grave ---------------------------------------


def test_ds12_a_treated_grave_character_survives_its_third_agotamiento() -> None:
    state = in_turn(two(), "c1")
    ana = state.get("c1")
    ana.health, ana.fatigue, ana.wounds.hg = "grave", 2, 1
    # Ana gives herself first aid: Primeros Auxilios 8, d20 3 -> margin 5, a success.
    treated = first_aid(state, PLAYER, dice(3), "c1", "c1").state
    assert treated.get("c1").treated
    state = next_turn(next_turn(treated, GM, dice()).state, GM, dice()).state  # Ana again
    out = endure_pain(state, PLAYER, "c1")  # no confirmation asked: it cannot kill
    ana = out.state.get("c1")
    assert (ana.fatigue, ana.health) == (3, "ok")  # DS-12: out of Grave since the first aid
    assert "ds20.death" not in keys(out)


def test_ds12_an_hl_dealt_in_agonia_marks_two_agotamiento_instead_of_killing() -> None:
    state = in_turn(two(), "c1")
    bruto = state.get("c2")
    bruto.health, bruto.wounds.hl, bruto.wounds.hg = "agony", 3, 3
    # 6 damage on 4/9 is an HL; with Bruto's HL boxes full it used to pass up and kill.
    out = inflict(state, GM, dice(), target_id="c2", damage=6, mhl=4, mhg=9, armour=False)
    bruto = out.state.get("c2")
    assert (bruto.health, bruto.fatigue) == ("agony", 2)
    assert "ds20.wound_agony_full" in keys(out)


def test_ds12_only_a_wound_dealt_as_hg_kills_in_agonia() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").health, state.get("c2").wounds.hg = "agony", 3
    out = inflict(state, GM, dice(), target_id="c2", damage=9, mhl=4, mhg=9, armour=False)
    assert out.state.get("c2").health == "dead"


# --- DS-12: running -------------------------------------------------------------------------


def test_ds12_running_is_an_action_of_acrobacia_metres() -> None:
    out = run(in_turn(two(), "c1"), PLAYER, dice(), "c1")
    assert keys(out) == ["ds20.run"]
    assert out.events[0].params["metres"] == 9
    assert out.state.get("c1").actions_used == 1
    assert "Ana corre: se desplaza 9 m" in event_line(out.events[0], "es")
    with pytest.raises(RuleError) as err:
        run(out.state, PLAYER, dice(), "c1")  # its one action is spent
    assert err.value.key == "ds20.error.no_actions_left"


def test_ds12_a_character_with_an_hg_cannot_run() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").wounds.hg = 1
    with pytest.raises(RuleError) as err:
        run(state, PLAYER, dice(), "c1")
    assert err.value.key == "ds20.error.cannot_run_hg"


def test_ds4_running_as_one_of_three_actions_needs_an_acrobacia_roll() -> None:
    state = declare_actions(in_turn(two(), "c1"), PLAYER, "c1", 2).state
    # Acrobacia 9, d20 8, two penalty d4s 1 and 2: margin -2, a failure: no running.
    out = run(state, PLAYER, dice(8, 1, 2), "c1")
    assert keys(out) == ["ds20.hurried.run.failure"]
    assert out.state.get("c1").actions_used == 1


# --- DS-3: a three-way tie -------------------------------------------------------------------


def _three() -> object:
    state = two()
    ben = parse_statline(ANA.replace("Ana", "Ben"))
    ben.id, ben.controller_id = "c3", 43
    state.combatants.append(ben)
    return state


def test_ds3_in_a_three_way_tie_the_two_player_characters_can_swap() -> None:
    # Ana 5+4 = 9, Bruto 7+2 = 9, Ben 5+4 = 9. Roll-off, one d10 per side: heroes 3,
    # foes 8. Bruto first; Ana and Ben stay tied and may choose their order.
    out = roll_initiative(_three(), GM, dice(5, 7, 5, 3, 8))
    assert out.state.turn_order == ["c2", "c1", "c3"]
    assert out.state.get("c1").tiebreak == out.state.get("c3").tiebreak == [3]
    swapped = swap_initiative(out.state, GM, "c3", "c1")
    assert swapped.state.turn_order == ["c2", "c3", "c1"]


# --- DS-4: with more than 2 actions every action rolls ---------------------------------------


def _three_actions():  # type: ignore[no-untyped-def]
    return declare_actions(in_turn(two(), "c1"), PLAYER, "c1", 2).state


def test_ds4_reload_among_three_actions_rolls_and_a_failure_keeps_the_magazine() -> None:
    state = _three_actions()
    state.get("c1").weapons[2].ammo = 0
    # Armas de Fuego 12, d20 15, penalties 1 + 1: margin -5.
    out = reload(state, PLAYER, "c1", "Pistola", dice(15, 1, 1))
    assert keys(out) == ["ds20.hurried.reload.failure"]
    assert out.state.get("c1").weapons[2].ammo == 0
    ok = reload(state, PLAYER, "c1", "Pistola", dice(5, 1, 1))  # margin 5
    assert keys(ok) == ["ds20.hurried.reload.success", "ds20.reload"]
    assert ok.state.get("c1").weapons[2].ammo == 15


def test_ds4_aim_among_three_actions_rolls() -> None:
    out = aim(_three_actions(), PLAYER, "c1", dice(15, 1, 1))
    assert keys(out) == ["ds20.hurried.aim.failure"]
    assert out.state.get("c1").aim == 0


def test_ds4_clearing_a_minor_jam_among_three_actions_rolls() -> None:
    state = _three_actions()
    state.get("c1").weapons[2].jam = "minor"
    out = clear_jam(state, PLAYER, dice(15, 1, 1), "c1", "Pistola")
    assert keys(out) == ["ds20.hurried.jam.failure"]
    assert out.state.get("c1").weapons[2].jam == "minor"


def test_ds4_with_two_actions_reload_still_needs_no_roll() -> None:
    state = declare_actions(in_turn(two(), "c1"), PLAYER, "c1", 1).state
    state.get("c1").weapons[2].ammo = 0
    out = reload(state, PLAYER, "c1", "Pistola", dice())
    assert keys(out) == ["ds20.reload"]


# --- DS-9: Aguantar el dolor that would kill asks first ------------------------------------


def test_ds9_endure_that_would_kill_is_refused_until_confirmed() -> None:
    state = in_turn(two(), "c1")
    ana = state.get("c1")
    ana.health, ana.fatigue = "agony", 2
    with pytest.raises(RuleError) as err:
        endure_pain(state, PLAYER, "c1")
    assert err.value.key == "ds20.error.endure_would_kill"
    assert err.value.params == {"name": "Ana", "gender": None, "fatigue": 2, "max": 3}
    out = endure_pain(state, PLAYER, "c1", confirm=True)
    assert out.state.get("c1").health == "dead"


# --- DS-5/DS-11: the extra-bullets prompt ---------------------------------------------------


def test_ds11_the_extra_bullets_prompt_offers_only_dodge_and_no_defence() -> None:
    out = shoot(
        in_turn(two(), "c1"),
        PLAYER,
        dice(8, 1, 1, 3, 3),
        attacker_id="c1",
        target_id="c2",
        weapon="Pistola",
        empty=2,
    )
    prompt = next(e for e in out.events if e.key.startswith("ds20.attack.awaiting"))
    assert prompt.key == "ds20.attack.awaiting_dodge"
    for lang, word in (("es", "bloquear"), ("en", "block")):
        text = event_line(prompt, lang)
        assert word not in text.replace("cannot be blocked", "").replace(
            "no se pueden bloquear", ""
        ), text
    assert "esquivar o no defenderse" in event_line(prompt, "es")
    assert "dodge or no defence" in event_line(prompt, "en")
