"""SW-36 (with SW-6): actions counted per turn, the declared count caps the turn, the
multi-action penalty only on that turn's actions, the GM's override. Forced dice.

The hero: Fighting d8, Vigor d6 (Wild Card); the goblin: Fighting d6, Parry 5 (Extra).
Dice of an attack: Fighting die, wild die (hero), then damage (Str d8 + Espada d8)."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.swade.combat import attack, reroll_attack
from bot.systems.swade.damage import soak
from bot.systems.swade.maneuvers import declare_multi_action, defend, trick
from bot.systems.swade.modifiers import AttackOptions

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, keys, state_of


def _hero_turn():  # type: ignore[no-untyped-def]
    """Round 1, the hero's turn in progress, the goblin still to act."""
    return state_of(hero(), goblin(), turn_order=["h", "g"], current=0, active="h", acted=["h"])


def _goblin_turn(st):  # type: ignore[no-untyped-def]
    """The same round, now in the goblin's turn (the hero has acted)."""
    return st.model_copy(update={"current": 1, "active": "g", "acted": ["h", "g"]})


def _swing(st, d, **opts):  # type: ignore[no-untyped-def]
    return attack(
        st,
        PLAYER,
        d,
        attacker_id="h",
        target_id="g",
        weapon="Espada",
        options=AttackOptions(**opts),
    )


def _mods(out, key="swade.combat.attack.roll") -> dict[str, int]:  # type: ignore[no-untyped-def]
    return dict(map(tuple, event(out, key).params["modifiers"]))


def test_sw36_an_undeclared_second_action_is_refused_with_the_hint_to_declare() -> None:
    first = _swing(_hero_turn(), dice(2, 1))  # 2 against Parry 5: a miss, no damage
    assert get(first.state, "h").actions_taken == 1
    with pytest.raises(RuleError) as err:
        _swing(first.state, dice(2, 1))
    assert err.value.key == "swade.combat.error.undeclared_second_action"


def test_sw36_after_declaring_two_the_third_action_is_refused_saying_how_to_go_on() -> None:
    st = declare_multi_action(_hero_turn(), PLAYER, "h", 2).state
    st = _swing(st, dice(2, 1)).state
    st = _swing(st, dice(2, 1)).state
    with pytest.raises(RuleError) as err:
        _swing(st, dice(2, 1))
    assert err.value.key == "swade.combat.error.actions_used_up"
    assert err.value.params == {"name": "Heroína", "gender": None, "actions": 2, "more": 3}


def test_sw36_after_declaring_three_a_fourth_action_is_refused() -> None:
    st = declare_multi_action(_hero_turn(), PLAYER, "h", 3).state
    for _ in range(3):
        st = _swing(st, dice(2, 1)).state
    with pytest.raises(RuleError) as err:
        defend(st, PLAYER, "h")  # any action counts, not only attacks
    assert err.value.key == "swade.combat.error.actions_used_up_max"


def test_sw36_the_declared_penalty_is_on_that_turns_actions() -> None:
    st = declare_multi_action(_hero_turn(), PLAYER, "h", 3).state
    assert _mods(_swing(st, dice(2, 1)))["swade.combat.mod.multi_action"] == -4


def test_sw36_no_multi_action_penalty_on_a_resisting_roll_in_someone_elses_turn() -> None:
    st = declare_multi_action(_hero_turn(), PLAYER, "h", 2).state
    st = _swing(st, dice(2, 1)).state
    # The goblin's turn: it tricks the hero; the hero resists with Agility d8 + wild die.
    out = trick(
        _goblin_turn(st),
        GM,
        dice(3, 5, 1),
        actor_id="g",
        target_id="h",
        skill="athletics",
        effect="distracted",
    )
    resist = event(out, "swade.combat.trick.resist")
    assert "swade.combat.mod.multi_action" not in dict(map(tuple, resist.params["modifiers"]))
    assert resist.params["total"] == 5  # not 5 - 2


def test_sw36_no_multi_action_penalty_on_a_soak_in_someone_elses_turn() -> None:
    st = declare_multi_action(_hero_turn(), PLAYER, "h", 2).state
    st = _swing(st, dice(2, 1)).state
    # The goblin hits the hero: Fighting 6 (ace) + 1 = 7 against Parry 6; Str d6 6 (ace)
    # + 4, d4 2: 12 against Toughness 6: one wound. The soak: Vigor d6 4, wild die 1 -> 4.
    hit = attack(_goblin_turn(st), GM, dice(6, 1, 6, 4, 2), attacker_id="g", target_id="h")
    assert get(hit.state, "h").wounds == 1
    out = soak(hit.state, PLAYER, dice(4, 1), "h")
    assert event(out, "swade.combat.soak.result").dice["total"] == 4  # not 4 - 2
    assert get(out.state, "h").wounds == 0


def test_sw36_a_player_cannot_declare_after_acting() -> None:
    st = _swing(_hero_turn(), dice(2, 1)).state
    with pytest.raises(RuleError) as err:
        declare_multi_action(st, PLAYER, "h", 2)
    assert err.value.key == "swade.combat.error.multi_action_after_acting"


def test_sw36_the_gms_override_is_said_and_then_the_second_action_is_allowed() -> None:
    st = _swing(_hero_turn(), dice(2, 1)).state
    out = declare_multi_action(st, GM, "h", 2)
    assert keys(out) == ["swade.combat.multi_action", "swade.combat.multi_action.override"]
    assert event(out, "swade.combat.multi_action.override").params["taken"] == 1
    second = _swing(out.state, dice(2, 1))
    assert _mods(second)["swade.combat.mod.multi_action"] == -2
    assert get(second.state, "h").actions_taken == 2


def test_sw36_declaring_in_someone_elses_turn_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        declare_multi_action(_goblin_turn(_hero_turn()), PLAYER, "h", 2)
    assert err.value.key == "swade.combat.error.multi_action_not_your_turn"


def test_sw36_a_new_turn_starts_a_new_count() -> None:
    st = _swing(_hero_turn(), dice(2, 1)).state
    st = st.model_copy(update={"round": 2, "acted": ["h"], "current": 0})
    assert get(_swing(st, dice(2, 1)).state, "h").actions_taken == 1


def test_sw36_a_benny_reroll_redoes_the_same_action_and_is_not_refused() -> None:
    st = _swing(_hero_turn(), dice(2, 1)).state  # the hero's only action, a miss
    out = reroll_attack(st, PLAYER, dice(3, 1), "h")
    assert get(out.state, "h").actions_taken == 1


def test_sw36_an_extra_that_acted_attacking_in_another_turn_is_warned() -> None:
    st = state_of(hero(), goblin(), turn_order=["g", "h"], current=1, active="h", acted=["g", "h"])
    out = attack(st, GM, dice(2, 4), attacker_id="g", target_id="h")
    assert keys(out)[0] == "swade.combat.warning.acted_already"
    assert get(out.state, "g").actions_taken == 0  # not its turn: not counted
    free = attack(
        st, GM, dice(2, 4), attacker_id="g", target_id="h", options=AttackOptions(free_attack=True)
    )
    assert "swade.combat.warning.acted_already" not in keys(free)


def test_sw36_an_extra_that_has_not_acted_yet_is_not_warned() -> None:
    st = state_of(hero(), goblin(), turn_order=["h", "g"], current=0, active="h", acted=["h"])
    out = attack(st, GM, dice(2, 4), attacker_id="g", target_id="h")
    assert "swade.combat.warning.acted_already" not in keys(out)


# --- SW-21 gang up ------------------------------------------------------------------------


def test_sw21_gang_up_above_four_is_capped_at_plus_four_and_said() -> None:
    out = _swing(state_of(hero(), goblin()), dice(2, 1, 1, 1), gang_up=6)  # 6 vs 5: a hit
    assert _mods(out)["swade.combat.mod.gang_up"] == 4
    note = event(out, "swade.combat.note.gang_up_capped")
    assert note.params == {"given": 6, "max": 4}


def test_sw21_gang_up_on_a_ranged_attack_is_refused_not_ignored() -> None:
    with pytest.raises(RuleError) as err:
        attack(
            state_of(hero(), goblin()),
            PLAYER,
            dice(2, 1),
            attacker_id="h",
            target_id="g",
            weapon="Pistola",
            options=AttackOptions(gang_up=2),
        )
    assert err.value.key == "swade.combat.error.gang_up_ranged"
