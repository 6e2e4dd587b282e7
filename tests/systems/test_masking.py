"""Issue 27 (pure): what players see of a hidden combatant's events
(:mod:`bot.systems.masking`)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.systems.base import Event
from bot.systems.masking import MASK, for_players

STATE = SimpleNamespace(
    system="swade",  # whose events have their target roll (Plugin.target_rolls: a soak)
    combatants=[SimpleNamespace(name="Jefe", hidden=True), SimpleNamespace(name="Ana")],
)
ROLL = {"kind": "trait", "trait_rolls": [{"sides": 8}], "total": 13, "success": True, "raises": 1}
AXE = {"key": "swade.combat.weapon.named", "params": {"name": "Hacha", "damage": "Fue+d8"}}


def test_nothing_hidden_changes_nothing() -> None:
    events = [Event(key="x", params={"attacker": "Ana", "modifiers": [["m", 2]]}, dice=ROLL)]
    assert for_players(STATE, events) is None
    nobody = SimpleNamespace(
        system="swade", combatants=[SimpleNamespace(name="Jefe", hidden=False)]
    )
    assert for_players(nobody, [Event(key="x", params={"attacker": "Jefe"}, dice=ROLL)]) is None


def test_a_hidden_attackers_roll_keeps_its_total_and_outcome_only() -> None:
    event = Event(
        key="swade.combat.attack.roll",
        params={"attacker": "Jefe", "target": "Ana", "weapon": AXE, "total": 13, "tn": 6,
                "modifiers": [["swade.combat.mod.unarmed_defender", 2]]},
        dice=ROLL,
    )  # fmt: skip
    [shown] = for_players(STATE, [event]) or []
    assert shown.dice == {"kind": "hidden", "total": 13, "success": True, "raises": 1}
    assert "modifiers" not in shown.params
    assert shown.params["weapon"]["params"] == {"name": "Hacha", "damage": MASK}
    assert shown.params["total"] == 13 and shown.params["tn"] == 6
    assert event.params["weapon"]["params"]["damage"] == "Fue+d8"  # the GM's is untouched


def test_a_heros_damage_on_a_hidden_minion_keeps_the_dice_and_hides_its_hp() -> None:
    event = Event(
        key="ritualhex.damage",
        params={"author": "Ana", "name": "Jefe", "rolled": 3, "total": 3, "hp": 6},
        dice={"kind": "rh_damage", "total": 3},
    )
    [shown] = for_players(STATE, [event]) or []
    assert shown.dice == event.dice and shown.params["hp"] == MASK and shown.params["rolled"] == 3


def test_a_list_of_levels_masks_the_hidden_ones_only() -> None:
    levels = [
        {"key": "ritualhex.level_of", "params": {"name": "Jefe", "ap_level": 13}},
        {"key": "ritualhex.level_of", "params": {"name": "Ana", "ap_level": 12}},
    ]
    event = Event(key="ritualhex.round_started", params={"round": 1, "levels": levels})
    [shown] = for_players(STATE, [event]) or []
    assert [p["params"]["ap_level"] for p in shown.params["levels"]] == [MASK, 12]


def test_words_are_not_numbers() -> None:
    """A Dread S-20 wound's level is a word of the rules (HL), shown as it is."""
    event = Event(key="ds20.wound", params={"name": "Jefe", "level": "HL", "landed": "HL"})
    assert for_players(STATE, [event]) is None


def test_a_soak_is_the_one_soaking() -> None:
    event = Event(
        key="swade.combat.soak.result",
        params={"target": "Jefe", "cancelled": 1, "remaining": 2},
        dice=ROLL,
    )
    [shown] = for_players(STATE, [event]) or []
    assert shown.params["remaining"] == MASK and shown.params["cancelled"] == 1
    assert shown.dice is not None and shown.dice["kind"] == "hidden"
