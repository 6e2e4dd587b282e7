"""SW-6, SW-21, SW-24, SW-25 maneuvers with forced dice. Hero: Athletics d6, Agility
d8, Strength d8, Fighting d8 (Wild Card). Goblin (Extra): Agility d8, Strength d6,
Athletics d6."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import attack
from bot.systems.swade.maneuvers import (
    aim,
    declare_multi_action,
    defend,
    evade,
    finishing_move,
    push,
    reroll_maneuver,
    support,
    trick,
)
from bot.systems.swade.modifiers import AttackOptions, has_condition
from bot.systems.swade.state import Condition

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, keys, state_of


def _turns():  # type: ignore[no-untyped-def]
    """Round 1, the hero's turn in progress, the goblin still to act."""
    return state_of(hero(), goblin(), turn_order=["h", "g"], current=0, active="h")


# --- SW-21 Defend ------------------------------------------------------------------------


def test_defend_gives_plus_4_parry_to_attacks_against_it() -> None:
    out = defend(state_of(goblin(), hero()), GM, "g")
    assert get(out.state, "g").defending
    hit = attack(out.state, PLAYER, dice(2, 1), attacker_id="h", target_id="g", weapon="Espada")
    assert event(hit, "swade.combat.attack.roll").params["tn"] == 9


# --- SW-24 Trick -----------------------------------------------------------------------------


def test_trick_success_leaves_the_target_distracted_until_its_next_turn_end() -> None:
    out = trick(
        _turns(),
        PLAYER,
        dice(5, 1, 3),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="distracted",
    )
    g = get(out.state, "g")
    (cond,) = g.conditions
    # SW-17: the goblin's next turn is still to come this round.
    assert (cond.name, cond.turns_left, cond.ends_round) == ("distracted", 1, 1)
    assert not g.shaken


def test_trick_raise_also_shakes_and_the_choice_can_be_vulnerable() -> None:
    out = trick(
        _turns(),
        PLAYER,
        dice(6, 3, 1, 3),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="vulnerable",
    )  # hero 9 against goblin 3: a raise
    g = get(out.state, "g")
    assert has_condition(g, "vulnerable") and g.shaken


def test_trick_is_resisted_by_the_linked_attribute_and_ties_fail() -> None:
    # Unskilled Taunt: d4 3, wild 5: 5 - 2 = 3; goblin resists with Smarts d4: 3. Tie.
    out = trick(
        _turns(),
        PLAYER,
        dice(3, 5, 3),
        actor_id="h",
        target_id="g",
        skill="taunt",
        effect="distracted",
    )
    assert event(out, "swade.combat.trick.roll").params["total"] == 3
    assert event(out, "swade.combat.trick.resist").dice["die"] == 4  # Smarts, not Agility
    assert "swade.combat.trick.fails" in keys(out)
    assert get(out.state, "g").conditions == []


# --- SW-24 Push ------------------------------------------------------------------------------


def test_push_moves_one_step_and_a_failed_athletics_knocks_prone() -> None:
    # Hero Strength 4 + 2 (moved) = 6 against 5; goblin Athletics 2: falls prone.
    out = push(_turns(), PLAYER, dice(4, 1, 5, 2), actor_id="h", target_id="g", moved=True)
    assert event(out, "swade.combat.push.moved").params["steps"] == 1
    assert has_condition(get(out.state, "g"), "prone")


def test_push_raise_two_steps_and_athletics_at_minus_2() -> None:
    # Hero 8+1 = 9 against 3: a raise. Goblin Athletics 5 - 2 = 3: falls.
    out = push(_turns(), PLAYER, dice(8, 1, 1, 3, 5), actor_id="h", target_id="g")
    assert event(out, "swade.combat.push.moved").params["steps"] == 2
    assert has_condition(get(out.state, "g"), "prone")
    # Same push, goblin Athletics 6+1 = 7 - 2 = 5: keeps its footing.
    out = push(_turns(), PLAYER, dice(8, 1, 1, 3, 6, 1), actor_id="h", target_id="g")
    assert not has_condition(get(out.state, "g"), "prone")


def test_push_shields_add_their_parry_bonus() -> None:
    out = push(
        _turns(), PLAYER, dice(4, 1, 3), actor_id="h", target_id="g", target_shield=2
    )  # 4 against 3 + 2 = 5: fails
    assert "swade.combat.push.fails" in keys(out)


# --- SW-24 Support -----------------------------------------------------------------------


def test_support_success_plus_1_raise_plus_2_capped_at_4() -> None:
    st = state_of(hero(), hero("a", name="Aliado"))
    out = support(st, PLAYER, dice(4, 1), actor_id="h", ally_id="a", skill="fighting")
    assert get(out.state, "a").support_bonus == 1
    out = support(out.state, PLAYER, dice(8, 1, 1), actor_id="h", ally_id="a", skill="fighting")
    assert get(out.state, "a").support_bonus == 3
    out = support(out.state, PLAYER, dice(8, 1, 1), actor_id="h", ally_id="a", skill="fighting")
    assert get(out.state, "a").support_bonus == 4


def test_support_critical_failure_subtracts_2() -> None:
    st = state_of(hero(), hero("a", name="Aliado"))
    out = support(st, PLAYER, dice(1, 1), actor_id="h", ally_id="a", skill="fighting")
    assert get(out.state, "a").support_bonus == -2
    assert event(out, "swade.combat.support.roll").params["reroll"]["rerollable"] is False


# --- SW-24 Aim, SW-6 multi-action -------------------------------------------------------


def test_aim_marks_the_next_ranged_attack() -> None:
    out = aim(state_of(hero(), goblin()), PLAYER, "h")
    assert get(out.state, "h").aiming


def test_multi_action_up_to_three() -> None:
    out = declare_multi_action(state_of(hero()), PLAYER, "h", 2)
    h = get(out.state, "h")
    assert (h.actions_declared, h.actions_round) == (2, 1)
    assert out.events[0].params["penalty"] == -2
    with pytest.raises(RuleError) as err:
        declare_multi_action(state_of(hero()), PLAYER, "h", 4)
    assert err.value.key == "swade.combat.error.actions_range"


def test_multi_action_penalty_applies_to_other_trait_rolls_too() -> None:
    st = declare_multi_action(_turns(), PLAYER, "h", 3).state
    out = trick(
        st,
        PLAYER,
        dice(6, 1, 1, 2),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="distracted",
    )  # 7 - 4 = 3 against 2
    assert ["swade.combat.mod.multi_action", -4] in event(out, "swade.combat.trick.roll").params[
        "modifiers"
    ]


# --- SW-25 finishing move, evasion ---------------------------------------------------------


def test_finishing_move_kills_a_helpless_victim_without_dice() -> None:
    st = state_of(hero(), goblin(incapacitated=True, wounds=1))
    out = finishing_move(st, PLAYER, attacker_id="h", target_id="g")
    assert get(out.state, "g").dead


def test_finishing_move_needs_a_helpless_victim() -> None:
    with pytest.raises(RuleError) as err:
        finishing_move(state_of(hero(), goblin()), PLAYER, attacker_id="h", target_id="g")
    assert err.value.key == "swade.combat.error.not_helpless"


def test_evasion_is_agility_minus_2() -> None:
    out = evade(state_of(hero()), PLAYER, dice(6, 1), "h")  # 6 - 2 = 4
    assert keys(out) == ["swade.combat.evade.success"]
    out = evade(state_of(hero()), PLAYER, dice(5, 1), "h")  # 3
    assert keys(out) == ["swade.combat.evade.failure"]


def test_support_is_spent_on_the_next_trait_roll() -> None:
    st = state_of(hero(support_bonus=2), goblin())
    out = evade(st, PLAYER, dice(4, 1), "h")  # 4 - 2 + 2 = 4
    assert keys(out) == ["swade.combat.evade.success"]
    assert get(out.state, "h").support_bonus == 0
    _ = AttackOptions  # options are covered in test_combat


def test_a_bound_character_cannot_push() -> None:
    st = state_of(hero(conditions=[Condition(name="bound")]), goblin())
    with pytest.raises(RuleError) as err:
        push(st, PLAYER, dice(), actor_id="h", target_id="g")
    assert err.value.key == "swade.combat.error.bound"


# --- SW-4 / SW-35: benny rerolls of a maneuver's rolls -------------------------------------


def _failed_trick():  # type: ignore[no-untyped-def]
    # Hero Athletics 3 against goblin Agility 4: fails.
    return trick(
        _turns(),
        PLAYER,
        dice(3, 1, 4),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="distracted",
    )


def test_every_maneuver_roll_offers_a_reroll_to_whoever_made_it() -> None:
    out = _failed_trick()
    offers = [o for o in out.offers if o.action == "reroll_maneuver"]
    assert [(o.combatant_id, o.user_id, o.data["index"]) for o in offers] == [
        ("h", PLAYER.user_id, 0),
        ("g", None, 1),
    ]
    hook = event(out, "swade.combat.trick.roll").params["reroll"]
    assert (hook["action"], hook["owner_id"], hook["index"]) == ("reroll_maneuver", "h", 0)


def test_rerolling_the_tricksters_roll_keeps_the_defenders_and_resolves_again() -> None:
    d = dice(5, 2)  # only the hero's roll is rolled again: 5 against the kept 4
    out = reroll_maneuver(_failed_trick().state, PLAYER, d, owner_id="h", index=0)
    assert has_condition(get(out.state, "g"), "distracted")
    assert d.remaining == 0


def test_a_worse_reroll_keeps_the_first_roll() -> None:
    out = reroll_maneuver(_failed_trick().state, PLAYER, dice(2, 1), owner_id="h", index=0)
    assert event(out, "swade.combat.trick.roll").params["kept_previous"]
    assert event(out, "swade.combat.trick.roll").params["total"] == 3
    assert get(out.state, "g").conditions == []


def test_the_defender_rerolls_its_own_roll_only() -> None:
    won = trick(
        _turns(),
        PLAYER,
        dice(5, 1, 3),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="distracted",
    )
    with pytest.raises(RuleError):
        reroll_maneuver(won.state, PLAYER, dice(8, 8), owner_id="h", index=1)
    out = reroll_maneuver(won.state, GM, dice(6), owner_id="h", index=1)  # 6 beats 5
    assert get(out.state, "g").conditions == []  # the trick's effect is undone


def test_a_critical_failure_in_a_maneuver_cannot_be_rerolled() -> None:
    out = trick(
        _turns(),
        PLAYER,
        dice(1, 1, 4),
        actor_id="h",
        target_id="g",
        skill="athletics",
        effect="distracted",
    )
    assert [o.data["index"] for o in out.offers] == [1]
    with pytest.raises(RuleError) as err:
        reroll_maneuver(out.state, PLAYER, dice(6, 6), owner_id="h", index=0)
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_rerolling_a_push_rolls_the_footing_again_but_rerolling_the_footing_keeps_the_push() -> (
    None
):
    # Push: hero 4 + 2 = 6 against 5; goblin Athletics 2: prone.
    first = push(_turns(), PLAYER, dice(4, 1, 5, 2), actor_id="h", target_id="g", moved=True)
    footing = reroll_maneuver(first.state, GM, dice(5), owner_id="h", index=2)
    assert not has_condition(get(footing.state, "g"), "prone")  # 5 >= 4: keeps its footing
    d = dice(8, 4, 1, 4)  # hero 12 + 2 = 14 vs 5: a raise; new footing roll 4 - 2 = 2
    again = reroll_maneuver(first.state, PLAYER, d, owner_id="h", index=0)
    assert event(again, "swade.combat.push.moved").params["steps"] == 2
    assert has_condition(get(again.state, "g"), "prone") and d.remaining == 0
