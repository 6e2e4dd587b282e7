"""Issue 30, Savage Worlds rules with forced dice: a benny rerolls a power's damage and
the better total counts (SW-35; seed 001: "Repetir una tirada de daño"); ``/bennies
spend`` rerolls what the last result offers (a failed activation, a power's damage);
a plain cast short of Power Points is not told about modifiers (SW-40); each power
modifier is listed with its own cost (SW-41)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.maneuvers import reroll_maneuver_damage
from bot.systems.swade.moves.bennies import spend
from bot.systems.swade.powers import cast

from .power_fixtures import mage
from .test_combat_fixtures import PLAYER, dice, event, get, goblin, keys, state_of, villain


def test_sw35_a_benny_rerolls_a_powers_damage_and_the_better_counts() -> None:
    # Spellcasting 5 (wild 2): a success. Bolt 2d6: 1 + 2 = 3 against Toughness 8: nothing.
    first = cast(state_of(mage(), villain()), PLAYER, dice(5, 2, 1, 2), "m", "bolt", ["v"])
    assert get(first.state, "v").wounds == 0 and not get(first.state, "v").shaken
    [offer] = [o for o in first.offers if o.action == "reroll_maneuver_damage"]
    assert (offer.combatant_id, offer.user_id, offer.data) == (
        "m",
        PLAYER.user_id,
        {"owner_id": "m"},
    )
    # The reroll rolls only the damage (the activation stays): 6 aces +3, 4 = 13, a
    # wound and Shaken (excess 5, SW-12); the bolt's Power Point is paid once.
    d = dice(6, 3, 4)
    out = reroll_maneuver_damage(first.state, PLAYER, d, owner_id="m")
    assert d.remaining == 0
    v = get(out.state, "v")
    assert (v.wounds, v.shaken) == (1, True)
    assert get(out.state, "m").power_points == 9
    assert event(out, "swade.powers.damage.roll").params["damage"] == 13
    assert "swade.combat.reroll.damage_kept" not in keys(out)
    assert any(o.action == "soak" for o in out.offers)  # SW-14 for the new wound


def test_sw35_a_worse_damage_reroll_keeps_the_first_and_says_so() -> None:
    first = cast(state_of(mage(), villain()), PLAYER, dice(5, 2, 6, 3, 4), "m", "bolt", ["v"])
    out = reroll_maneuver_damage(first.state, PLAYER, dice(1, 1), owner_id="m")
    kept = event(out, "swade.combat.reroll.damage_kept")
    assert (kept.params["rolled"], kept.params["kept"]) == (2, 13)
    assert event(out, "swade.powers.damage.roll").params["damage"] == 13
    assert get(out.state, "v").wounds == 1  # applied once, from the state before the cast


def test_sw35_no_damage_no_damage_reroll() -> None:
    failed = cast(state_of(mage(), villain()), PLAYER, dice(2, 3), "m", "bolt", ["v"])
    assert not [o for o in failed.offers if o.action == "reroll_maneuver_damage"]
    with pytest.raises(RuleError) as err:
        reroll_maneuver_damage(failed.state, PLAYER, dice(), owner_id="m")
    assert err.value.key == "swade.combat.error.no_damage_to_reroll"


def test_sw35_bennies_spend_reroll_rerolls_the_failed_activation_it_follows() -> None:
    failed = cast(state_of(mage(), goblin()), PLAYER, dice(2, 3), "m", "bolt", ["g"])
    # Without the result's offers, "reroll" is the last attack's: there is none.
    with pytest.raises(RuleError) as err:
        spend("reroll", "m")(failed.state, PLAYER, dice())
    assert err.value.key == "swade.combat.error.no_attack_to_reroll"
    # With them (right after it), it is the activation's: 6 succeeds, 5 + 4 = 9 damage.
    out = spend("reroll", "m", failed.offers)(failed.state, PLAYER, dice(6, 1, 5, 4))
    assert "swade.powers.cast.success" in keys(out)
    assert get(out.state, "g").incapacitated
    assert get(out.state, "m").power_points == 9


def test_sw35_bennies_spend_damage_rerolls_the_powers_damage() -> None:
    first = cast(state_of(mage(), villain()), PLAYER, dice(5, 2, 1, 2), "m", "bolt", ["v"])
    out = spend("damage", "m", first.offers)(first.state, PLAYER, dice(6, 3, 4))
    assert get(out.state, "v").wounds == 1


def test_sw40_a_plain_cast_short_of_points_is_not_told_about_modifiers() -> None:
    with pytest.raises(RuleError) as err:
        cast(state_of(mage(power_points=0), villain()), PLAYER, dice(), "m", "bolt", ["v"])
    assert err.value.key == "swade.powers.error.short_plain"
    assert err.value.params == {"name": "Maga", "cost": 1, "points": 0}


def test_sw41_each_modifier_is_listed_with_its_own_cost() -> None:
    out = cast(
        state_of(mage(), villain()), PLAYER, dice(5, 2, 1, 1), "m", "bolt", ["v"],
        ["pa 4", "fatiga"],
    )  # fmt: skip
    assert event(out, "swade.powers.modifiers").params == {"cost": 4}
    listed = [
        (e.params["modifier"], e.params["cost"])
        for e in out.events
        if e.key == "swade.powers.modifier.cost"
    ]
    assert listed == [
        ("swade.powers.modifier.armor_piercing_4", 2),
        ("swade.powers.modifier.fatigue", 2),
    ]


def test_sw35_a_kept_activation_reroll_still_shows_its_dice() -> None:
    # The activation 6 (wild 1) stands against the reroll's 2 (wild 1): the reroll's
    # dice are shown all the same, so the spent benny's roll reads on screen.
    first = cast(state_of(mage(), villain()), PLAYER, dice(6, 1, 1, 1), "m", "bolt", ["v"])
    out = spend("reroll", "m", first.offers)(first.state, PLAYER, dice(2, 1, 1, 1))
    kept = event(out, "swade.combat.reroll.attack_kept")
    assert (kept.params["rolled"], kept.params["kept"]) == (2, 6)
    assert kept.dice is not None and kept.dice["total"] == 2
    assert keys(out).index("swade.combat.reroll.attack_kept") < keys(out).index(
        "swade.powers.cast.roll"
    )
