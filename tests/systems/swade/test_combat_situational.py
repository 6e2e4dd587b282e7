"""A situational modifier the GM gives (``/attack modifier:``, ``/grapple ... modifier:``)
applies to the roll and is listed by name. Fixtures: ``test_combat_fixtures`` (hero
Fighting d8, Athletics d6, Strength d8, Wild Card; goblin Parry 5, Athletics d6, Extra). Also SW-4 on a maneuver's benny reroll."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import attack
from bot.systems.swade.grapple import crush, escape, grapple
from bot.systems.swade.maneuvers import reroll_maneuver
from bot.systems.swade.modifiers import AttackOptions, has_condition
from bot.systems.swade.state import Condition

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, keys, state_of


def test_an_attack_modifier_can_turn_a_hit_into_a_miss() -> None:
    d = dice(6, 2)  # Fighting 6 - 2 = 4 against Parry 5
    out = attack(
        state_of(hero(), goblin()),
        PLAYER,
        d,
        attacker_id="h",
        target_id="g",
        weapon="Espada",
        options=AttackOptions(modifier=-2),
    )
    roll = event(out, "swade.combat.attack.roll").params
    assert ["swade.combat.mod.situational", -2] in roll["modifiers"]
    assert roll["total"] == 4 and "swade.combat.attack.miss" in keys(out)
    assert d.remaining == 0


def test_a_grapple_modifier_turns_a_win_into_a_tie_for_the_defender() -> None:
    # Without it 5 against 3 entangles (test_grapple); with -2 it is 3 against 3.
    out = grapple(
        state_of(hero(), goblin()), PLAYER, dice(5, 1, 3), attacker_id="h", target_id="g",
        modifier=-2,
    )  # fmt: skip
    assert "swade.combat.grapple.fails" in keys(out)
    mods = event(out, "swade.combat.grapple.attacker_roll").params["modifiers"]
    assert ["swade.combat.mod.situational", -2] in mods


def _held():  # type: ignore[no-untyped-def]
    return state_of(
        hero(grappling="g"), goblin(grappled_by="h", conditions=[Condition(name="entangled")])
    )


def test_an_escape_modifier_applies_to_the_victims_roll() -> None:
    # Goblin 4 - 2 (Distracted) + 2 = 4 against the hero's 3: free.
    out = escape(_held(), GM, dice(4, 3, 1), combatant_id="g", modifier=2)
    assert not has_condition(get(out.state, "g"), "entangled")


def test_a_crush_modifier_applies_to_the_grapplers_strength() -> None:
    # Hero Strength 4 - 1 = 3 against the goblin's 5 - 2 (Distracted) = 3: a tie.
    out = crush(_held(), PLAYER, dice(4, 1, 5), attacker_id="h", modifier=-1)
    assert "swade.combat.crush.fails" in keys(out)
    assert not get(out.state, "g").shaken


def test_a_critical_failure_on_a_maneuver_reroll_stands() -> None:
    """SW-4: a critical failure that comes up on a benny reroll must be accepted, even
    when the first roll was higher; and it cannot be rerolled again."""
    first = grapple(
        state_of(hero(), goblin()), PLAYER, dice(2, 1, 3), attacker_id="h", target_id="g"
    )
    assert "swade.combat.grapple.fails" in keys(first)
    again = reroll_maneuver(first.state, PLAYER, dice(1, 1), owner_id="h", index=0)
    roll = event(again, "swade.combat.grapple.attacker_roll").params
    assert roll["total"] == 1 and not roll["kept_previous"]  # not the first roll's 2
    assert [o.data["index"] for o in again.offers] == [1]  # only the goblin's roll
    with pytest.raises(RuleError) as err:
        reroll_maneuver(again.state, PLAYER, dice(), owner_id="h", index=0)
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"
