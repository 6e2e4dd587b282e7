"""DS-3 initiative, DS-4 turns and extra actions, DS-5 reset, DS-8 agony rolls, DS-9
Aguantar el dolor, techniques."""

from __future__ import annotations

import pytest

from bot.systems.base import RuleError
from bot.systems.ds20.combat import attack
from bot.systems.ds20.initiative import roll_initiative, swap_initiative
from bot.systems.ds20.state import DS20State
from bot.systems.ds20.statline import parse_statline
from bot.systems.ds20.turns import (
    add_combatant,
    declare_actions,
    edit_combatant,
    endure_pain,
    first_aid,
    grave_roll,
    next_turn,
    remove_combatant,
    use_technique,
)
from tests.systems.ds20.helpers import ANA, GM, PLAYER, dice, in_turn, two


def test_ds3_initiative_is_d10_plus_score_high_to_low() -> None:
    out = roll_initiative(two(), GM, dice(3, 9))
    ana, bruto = out.state.get("c1"), out.state.get("c2")
    assert (ana.initiative, bruto.initiative) == (7, 11)
    assert out.state.turn_order == ["c2", "c1"]


def test_ds3_tie_between_opponents_is_rolled_off() -> None:
    # Ana 5+4 = 9, Bruto 7+2 = 9; roll-off: Ana 2, Bruto 6
    out = roll_initiative(two(), GM, dice(5, 7, 2, 6))
    assert out.state.turn_order == ["c2", "c1"]


def test_ds3_roll_off_repeats_while_tied() -> None:
    out = roll_initiative(two(), GM, dice(5, 7, 4, 4, 1, 3))
    assert out.state.turn_order == ["c2", "c1"]
    assert out.state.get("c1").tiebreak == [4, 1]


def test_ds3_group_of_similar_foes_rolls_once() -> None:
    state = DS20State()
    state = add_combatant(state, GM, ANA).state
    for name in ("Matón 1", "Matón 2"):
        state = add_combatant(
            state, GM, f"Nombre: {name} | Grupo: Matones | Aptitudes: Pelea 8, Iniciativa 3"
        ).state
    # Ana 3+4 = 7; Matones 4+3 = 7 (one roll); roll-off: Ana 1, Matones 8
    out = roll_initiative(state, GM, dice(3, 4, 1, 8))
    assert out.state.turn_order == ["c2", "c3", "c1"]
    assert out.state.get("c3").initiative == 7


def test_ds3_same_side_ties_are_not_rolled_off_and_players_choose() -> None:
    state = two()
    ben = parse_statline(ANA.replace("Ana", "Ben"))
    ben.id = "c3"
    state.combatants.append(ben)
    state.combatants = [state.get("c1"), ben]  # two heroes only
    out = roll_initiative(state, GM, dice(5, 5))  # strict: a roll-off would run out of dice
    assert out.state.turn_order == ["c1", "c3"]
    swapped = swap_initiative(out.state, GM, "c3", "c1")
    assert swapped.state.turn_order == ["c3", "c1"]


def test_ds4_next_turn_starts_round_and_walks_the_order() -> None:
    state = roll_initiative(two(), GM, dice(3, 9)).state
    s1 = next_turn(state, GM, dice()).state
    assert (s1.round, s1.current_id) == (1, "c2")
    s2 = next_turn(s1, GM, dice()).state
    assert (s2.round, s2.current_id) == (1, "c1")
    s3 = next_turn(s2, PLAYER, dice()).state
    assert (s3.round, s3.current_id) == (2, "c2")


def test_ds5_defence_penalties_reset_when_own_turn_starts() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").defences = 2
    state.get("c1").defences = 1
    out = next_turn(state, PLAYER, dice())
    assert out.state.get("c2").defences == 0
    assert out.state.get("c1").defences == 1  # Ana's reset waits for her own turn


def test_ds4_extra_action_puts_a_penalty_on_every_action() -> None:
    state = in_turn(two(), "c1")
    state = declare_actions(state, PLAYER, "c1", 1).state
    # Armas C.C. 10, d20 5, one penalty d4 of 3 -> margin 2
    out = attack(state, PLAYER, dice(5, 3), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert out.events[0].params["margin"] == 2


def test_ds4_declared_actions_limit_the_turn() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").actions_used = 1
    with pytest.raises(RuleError) as err:
        attack(state, PLAYER, dice(5), attacker_id="c1", target_id="c2")
    assert err.value.key == "ds20.error.no_actions_left"


def test_ds4_more_than_two_actions_all_need_rolls() -> None:
    out = declare_actions(in_turn(two(), "c1"), PLAYER, "c1", 2)
    assert [e.key for e in out.events] == ["ds20.actions.declared", "ds20.actions.all_need_rolls"]


def test_ds4_declare_only_before_acting() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").actions_used = 1
    with pytest.raises(RuleError) as err:
        declare_actions(state, PLAYER, "c1", 1)
    assert err.value.key == "ds20.error.declare_before_acting"


def test_ds4_only_the_current_combatant_acts() -> None:
    with pytest.raises(RuleError) as err:
        attack(in_turn(two(), "c2"), PLAYER, dice(5), attacker_id="c1", target_id="c2")
    assert err.value.key == "ds20.error.not_your_turn"


def test_ds3_nobody_acts_between_the_initiative_roll_and_round_1() -> None:
    # Ana 6+4 = 10, Bruto 4+2 = 6: rolled, but the GM has not started round 1 (/next).
    rolled = roll_initiative(two(), GM, dice(6, 4)).state
    for who in (PLAYER, GM):
        with pytest.raises(RuleError) as err:
            attack(rolled, who, dice(), attacker_id="c1", target_id="c2", weapon="Cuchillo")
        assert (err.value.key, err.value.params["name"]) == ("ds20.error.round_not_started", "Ana")
    assert rolled.pending is None and rolled.get("c1").actions_used == 0
    # Once it starts, Ana (first in the order) attacks: Armas C.C. 10, d20 5: margin 5.
    started = next_turn(rolled, GM, dice()).state
    out = attack(started, PLAYER, dice(5), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert out.events[0].params["margin"] == 5


def test_ds4_before_initiative_an_attack_is_not_counted() -> None:
    # A surprise attack before anyone rolls initiative (DS-10) is still allowed.
    out = attack(two(), PLAYER, dice(5), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert out.state.pending is not None and out.state.get("c1").actions_used == 0


def test_ds4_one_technique_roll_per_turn_and_its_bonus_and_damage() -> None:
    state = in_turn(two(), "c1")
    out = use_technique(state, PLAYER, dice(3), "c1", "estocada")  # Armas C.C. 10 vs 3
    assert out.state.get("c1").active_technique == "Estocada"
    with pytest.raises(RuleError):
        use_technique(out.state, PLAYER, dice(3), "c1", "Estocada")
    # d20 10, bonus d4 4 -> margin 4; damage 4 + 2 technique points = 6 -> 1 HL (3/8)
    hit = attack(
        out.state,
        PLAYER,
        dice(10, 4),
        attacker_id="c1",
        target_id="c2",
        weapon="Cuchillo",
        surprise=True,
    )
    bruto = hit.state.get("c2")
    assert (bruto.wounds.r, bruto.wounds.hl) == (0, 1)
    assert hit.state.get("c1").active_technique is None


def test_ds8_agony_roll_at_turn_start_failure_marks_one_fatigue() -> None:
    state = in_turn(two(), "c1")
    bruto = state.get("c2")
    bruto.health, bruto.wounds.hg = "agony", 3
    # Fortaleza 11 with two wound penalties: d20 12, d4 1, d4 1 -> -3
    out = next_turn(state, PLAYER, dice(12, 1, 1))
    assert out.state.get("c2").fatigue == 1
    assert out.state.get("c2").health == "agony"


def test_ds8_agony_roll_disaster_marks_two() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").health = "agony"
    out = next_turn(state, PLAYER, dice(20, 1, 1))
    assert out.state.get("c2").fatigue == 2


def test_ds8_agony_roll_success_does_nothing() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").health = "agony"
    out = next_turn(state, PLAYER, dice(5, 1, 1))
    assert (out.state.get("c2").fatigue, out.state.get("c2").health) == (0, "agony")


def test_ds8_agony_roll_spectacular_stabilises_to_grave() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").health = "agony"
    out = next_turn(state, PLAYER, dice(1, 4, 4))
    assert out.state.get("c2").health == "grave"
    assert out.state.get("c2").fatigue == 0


def test_ds8_third_fatigue_in_agony_is_death() -> None:
    state = in_turn(two(), "c1")
    bruto = state.get("c2")
    bruto.health, bruto.fatigue = "agony", 2
    out = next_turn(state, PLAYER, dice(15, 1, 1))
    assert out.state.get("c2").health == "dead"
    assert out.events[-1].key == "ds20.death"


def test_dead_combatants_are_skipped() -> None:
    state = in_turn(two(), "c1")
    state.get("c2").health = "dead"
    out = next_turn(state, PLAYER, dice())
    assert (out.state.current_id, out.state.round) == ("c1", 2)


def test_ds8_grave_roll_once_an_hour_by_the_gm() -> None:
    state = two()
    state.get("c2").health = "grave"
    out = grave_roll(state, GM, dice(18, 1, 1), "c2")
    assert out.state.get("c2").fatigue == 1


def test_ds8_first_aid_treats_a_grave_character() -> None:
    state = two()
    state.get("c2").health = "grave"
    out = first_aid(state, PLAYER, dice(4), "c1", "c2")  # Primeros Auxilios 8
    assert out.state.get("c2").treated
    with pytest.raises(RuleError):
        grave_roll(out.state, GM, dice(5), "c2")


def test_ds9_endure_pain_marks_fatigue_and_drops_wound_penalty() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").wounds.hl = 1
    out = endure_pain(state, PLAYER, "c1")
    assert out.state.get("c1").fatigue == 1
    # no penalty d4 is rolled: strict dice hold only the d20 (10 - 6 = 4)
    hit = attack(out.state, PLAYER, dice(6), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert hit.events[0].params["margin"] == 4
    after = next_turn(hit.state.model_copy(update={"pending": None}), PLAYER, dice())
    assert not after.state.get("c1").enduring_pain


def test_ds9_wound_penalty_applies_to_attacks() -> None:
    state = in_turn(two(), "c1")
    state.get("c1").wounds.hl = 1
    out = attack(state, PLAYER, dice(5, 2), attacker_id="c1", target_id="c2", weapon="Cuchillo")
    assert out.events[0].params["margin"] == 3


def test_ds9_endure_pain_while_grave_can_kill() -> None:
    state = in_turn(two(), "c1")
    ana = state.get("c1")
    ana.health, ana.fatigue = "grave", 2
    # Issue 17: it kills only once confirmed (before, this call killed silently).
    with pytest.raises(RuleError) as err:
        endure_pain(state, PLAYER, "c1")
    assert err.value.key == "ds20.error.endure_would_kill"
    out = endure_pain(state, PLAYER, "c1", confirm=True)
    assert out.state.get("c1").health == "dead"


def test_add_combatant_mid_fight_rolls_and_keeps_current() -> None:
    state = roll_initiative(two(), GM, dice(3, 9)).state  # Bruto 11, Ana 7
    state = next_turn(state, GM, dice()).state  # Bruto acts
    out = add_combatant(state, GM, "Nombre: Rápido | Aptitudes: Iniciativa 5", dice=dice(10))
    assert out.state.turn_order == ["c3", "c2", "c1"]
    assert out.state.current_id == "c2"


def test_players_roll_their_own_initiative_once() -> None:
    out = roll_initiative(two(), PLAYER, dice(6), ["c1"])
    assert out.state.get("c1").initiative == 10
    with pytest.raises(RuleError) as err:
        roll_initiative(out.state, PLAYER, dice(6), ["c1"])
    assert err.value.key == "ds20.error.already_rolled"


def test_gm_edits_wounds_fatigue_and_ammo() -> None:
    out = edit_combatant(two(), GM, "c1", wounds=(2, 1, 0), ammo=("pistola", 3), fatigue=1)
    ana = out.state.get("c1")
    assert (ana.wounds.r, ana.wounds.hl, ana.fatigue, ana.weapons[2].ammo) == (2, 1, 1, 3)
    with pytest.raises(RuleError):
        edit_combatant(two(), GM, "c1", wounds=(5, 0, 0))
    with pytest.raises(RuleError):
        edit_combatant(two(), PLAYER, "c1", fatigue=1)
    with pytest.raises(RuleError):
        edit_combatant(two(), GM, "c1", scores={})


def test_remove_current_combatant_passes_to_the_next() -> None:
    state = in_turn(two(), "c1")
    out = remove_combatant(state, GM, "c1")
    after = next_turn(out.state, GM, dice())
    assert after.state.current_id == "c2"
