"""SW-43 healing in combat with forced dice: the Healing skill or a healing power, one
wound per success and raise, the target's wound penalty on the roll, stabilising a
Bleeding Out character."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.healing import TARGET_WOUNDS, heal
from bot.systems.swade.maneuvers import reroll_maneuver
from bot.systems.swade.powers import cast
from bot.systems.swade.state import Trait

from .power_fixtures import mage
from .test_combat_fixtures import PLAYER, dice, event, get, hero, keys, state_of


def _mods(out, key):  # type: ignore[no-untyped-def]
    return [tuple(m) for m in event(out, key).params["modifiers"]]


def test_the_targets_wound_penalty_turns_a_success_into_a_failure() -> None:
    # Healing d6 5 (wild 2): 5, less the patient's 2 wounds = 3: a failure.
    out = heal(state_of(mage(), hero("h", wounds=2)), PLAYER, dice(5, 2), "m", "h")
    assert (TARGET_WOUNDS, -2) in _mods(out, "swade.powers.heal.roll")
    assert "swade.powers.heal.failure" in keys(out) and get(out.state, "h").wounds == 2


def test_a_success_heals_one_wound_and_a_raise_two() -> None:
    st = state_of(mage(), hero("h", wounds=3))
    one = heal(st, PLAYER, dice(6, 1, 2), "m", "h")  # 6+1 = 7 - 3 = 4: one wound
    assert get(one.state, "h").wounds == 2
    two = heal(st, PLAYER, dice(6, 6, 2, 1), "m", "h")  # 14 - 3 = 11: a raise, two wounds
    assert get(two.state, "h").wounds == 1
    assert event(two, "swade.powers.heal.wounds").params == {
        "target": "Heroína",
        "healed": 2,
        "wounds": 1,
    }


def test_healing_oneself_takes_the_wound_penalty_once() -> None:
    out = heal(state_of(mage(wounds=1)), PLAYER, dice(5, 1), "m", "m")
    mods = _mods(out, "swade.powers.heal.roll")
    assert ("swade.mod.wounds", -1) in mods and all(k != TARGET_WOUNDS for k, _ in mods)
    assert get(out.state, "m").wounds == 0


def test_a_success_stabilises_a_bleeding_out_character() -> None:
    st = state_of(mage(), hero("h", wounds=3, incapacitated=True, bleeding_out=True))
    out = heal(st, PLAYER, dice(6, 1, 2), "m", "h")  # 7 - 3 = 4
    h = get(out.state, "h")
    assert not h.bleeding_out and "swade.powers.heal.stabilised" in keys(out)
    assert h.wounds == 2 and not h.incapacitated


def test_a_failure_leaves_a_bleeding_out_character_bleeding() -> None:
    st = state_of(mage(), hero("h", wounds=3, incapacitated=True, bleeding_out=True))
    out = heal(st, PLAYER, dice(4, 2), "m", "h")
    assert get(out.state, "h").bleeding_out


def test_someone_knocked_out_by_fatigue_stays_down_when_healed() -> None:
    st = state_of(mage(), hero("h", wounds=1, fatigue=3, incapacitated=True, knocked_out_hours=4))
    out = heal(st, PLAYER, dice(6, 1, 2), "m", "h")
    assert get(out.state, "h").wounds == 0 and get(out.state, "h").incapacitated


def test_nothing_to_heal_is_refused_before_any_roll() -> None:
    with pytest.raises(RuleError) as err:
        heal(state_of(mage(), hero("h")), PLAYER, dice(), "m", "h")
    assert err.value.key == "swade.powers.error.nothing_to_heal"


def test_healing_unskilled_rolls_d4_minus_2() -> None:
    medic = mage(skills={"spellcasting": Trait(die=8)})
    out = heal(state_of(medic, hero("h", wounds=1)), PLAYER, dice(4, 1, 3), "m", "h")
    roll = event(out, "swade.powers.heal.roll")
    assert roll.params["unskilled"] and roll.params["total"] == 4 + 1 - 2 - 1


def test_a_benny_rerolls_the_healing_roll() -> None:
    st = state_of(mage(), hero("h", wounds=2))
    failed = heal(st, PLAYER, dice(3, 2), "m", "h")
    out = reroll_maneuver(failed.state, PLAYER, dice(6, 1, 2), owner_id="m", index=0)
    assert get(out.state, "h").wounds == 1


def test_a_healing_power_takes_the_patients_wound_penalty_too() -> None:
    # Healing (example, 3 PP): Spellcasting 5 (wild 2) - 2 wounds = 3: a failure, 1 PP.
    st = state_of(mage(), hero("h", wounds=2))
    out = cast(st, PLAYER, dice(5, 2), "m", "curación", ["h"])
    assert (TARGET_WOUNDS, -2) in _mods(out, "swade.powers.cast.roll")
    assert get(out.state, "h").wounds == 2 and get(out.state, "m").power_points == 9


def test_heal_with_a_power_casts_it() -> None:
    st = state_of(mage(), hero("h", wounds=2, bleeding_out=True, incapacitated=True))
    out = heal(st, PLAYER, dice(8, 4, 2), "m", "h", via="healing")  # 12 - 2 = 10: a raise
    h = get(out.state, "h")
    assert (h.wounds, h.bleeding_out, h.incapacitated) == (0, False, False)
    assert get(out.state, "m").power_points == 7


def test_heal_with_a_power_that_does_not_heal_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        heal(state_of(mage(), hero("h", wounds=1)), PLAYER, dice(), "m", "h", via="bolt")
    assert err.value.key == "swade.powers.error.not_healing"
