"""Checks, damage, limbs, healing, equipment, advantages and GM-defined actions, with
forced dice (seed 002; RH-1, RH-2, RH-3, RH-4, RH-9, RH-10, RH-11)."""

from __future__ import annotations

import pytest

from bot.dice.odds import rh_check_odds
from bot.systems.base import Outcome, RuleError
from bot.systems.ritualhex import (
    declare,
    drop,
    end_opportunity,
    equip,
    parse_action,
    pass_all,
    pick_up,
    start_round,
    stow,
    take_from,
    wait,
)
from bot.systems.ritualhex.available import choose_limbs, find_action
from bot.systems.ritualhex.state import RitualHexState
from tests.systems.ritualhex.helpers import (
    GM,
    PLAYER_A,
    add,
    by_name,
    cid,
    dice,
    keys,
    no_dice,
)

ORC = """
nombre: Orco
AP 5, HP 10, Str 1, Def 1, Per 0, Mag 0, DR 1
partes: cabeza, torso
miembros: mano x2, pies
equipo: Escudo; partes: mano1; costo: 3; mod: Def+1
equipo: Brazal; partes: mano2; mod: Def+1
"""


def duel(hero: str = "", orc: str = ORC) -> RitualHexState:
    """Ana (AP 10, Str 2, Mag 2) against an Orc (AP 5) that cannot react to her: the
    needle stops at 9 with Ana to act."""
    state = RitualHexState()
    sheet = hero or "nombre: Ana\nAP 10, HP 10, Str 2, Def 1, Per 0, Mag 2, DR 0"
    state = add(state, sheet, "hero", PLAYER_A.user_id)
    state = add(state, orc, "minion")
    return start_round(state, GM).state


def punch(state: RitualHexState, roll: tuple[int, ...], **kw: object) -> Outcome:
    """Ana declares (Piña at the Orc by default); if the Orc may react (AP-eligible,
    RH-8), the GM passes for it; then the action resolves with ``roll``."""
    source = dice(*roll)
    out = declare(
        state,
        PLAYER_A,
        source,
        actor_id=cid(state, "Ana"),
        action=str(kw.pop("action", "Piña")),
        targets=[cid(state, str(kw.pop("target", "Orco")))],
        **kw,  # type: ignore[arg-type]
    )
    if out.state.awaiting:
        rest = pass_all(out.state, GM, source)
        return Outcome(state=rest.state, events=out.events + rest.events)
    return out


def test_rh1_a_six_counts_five_and_rolls_again_in_checks_and_damage() -> None:
    # Check: (6->5 + 2) + 3 + 4 = 14, + Str 2 = 16 > 11 + Def 3. Damage: (6->5 + 3) - 2 = 6,
    # minus DR 1 = 5. Counting a 6 as 6 would give 6 damage.
    out = punch(duel(), (6, 2, 3, 4, 6, 3))
    check = next(e for e in out.events if e.key == "ritualhex.check_success")
    assert check.params["total"] == 16
    assert by_name(out.state, "Orco").damage == 5


def test_rh2_the_check_must_beat_the_difficulty_strictly() -> None:
    # Str 2 + 4+4+4 = 14 against 11 + Def 3 = 14: a tie fails.
    out = punch(duel(), (4, 4, 4))
    check = next(e for e in out.events if e.key == "ritualhex.check_failure")
    assert (check.params["total"], check.params["target_number"], check.params["s"]) == (
        14,
        14,
        None,
    )
    assert by_name(out.state, "Orco").damage == 0


def test_rh2_the_check_event_carries_s_and_the_exact_odds() -> None:
    out = punch(duel(), (4, 4, 5, 3))
    check = next(e for e in out.events if e.key == "ritualhex.check_success")
    assert check.params["s"] == 1
    assert check.params["odds"] == rh_check_odds(2, 11, 3).to_view()
    assert check.params["chance"] == round(rh_check_odds(2, 11, 3).p_success * 100, 1)
    assert check.dice is not None and check.dice["total"] == 15


def test_rh3_the_minimum_applies_before_dr() -> None:
    # 1 - 2 = -1, minimum 1, minus DR 1 = 0: no damage.
    out = punch(duel(), (5, 5, 5, 1))
    assert "ritualhex.no_damage" in keys(out)
    assert by_name(out.state, "Orco").damage == 0


def test_rh3_minimum_damage_reaches_a_target_without_dr() -> None:
    orc = ORC.replace("DR 1", "DR 0")
    out = punch(duel(orc=orc), (5, 5, 5, 1))
    assert by_name(out.state, "Orco").damage == 1


def test_rh4_a_called_shot_costs_one_more_ap_and_two_more_difficulty() -> None:
    # Piña at the Orc's feet: 6 AP; Str 2 + 4+4+4 = 14 against 11 + 2 + Def 3 = 16: fails.
    out = punch(duel(), (4, 4, 4), limb="pies")
    assert by_name(out.state, "Ana").ap_level == 4
    check = next(e for e in out.events if e.key == "ritualhex.check_failure")
    assert check.params["difficulty"] == 13


def test_rh4_limb_damage_counts_toward_the_total_and_disables_the_limb_at_half_hp() -> None:
    # Feet: Str 2 + 6(5)+5, 5, 5 = 22 > 16; damage (6->5 + 2) - 2 = 5 - DR 1 = 4: active.
    state = punch(duel(), (6, 5, 5, 5, 6, 2), limb="pies").state
    orc = by_name(state, "Orco")
    assert (orc.part("pies").damage, orc.damage, orc.total_damage) == (4, 0, 4)  # type: ignore[union-attr]
    assert orc.part_active("pies")
    # Next round's punch at the feet adds 1 more: 5 >= ceil(10 / 2): inactive.
    state.combatants[0].ap_level = 10
    state.acting = [cid(state, "Ana")]
    out = punch(state, (5, 5, 5, 4), limb="pies")
    orc = by_name(out.state, "Orco")
    assert "ritualhex.limb_inactive" in keys(out)
    assert not orc.part_active("pies")
    assert orc.active  # 5 < 10
    # An action that needs feet cannot be taken now.
    orc.actions.append(
        parse_action("nombre: Coz; tipo: ataque; costo: 2; miembros: pies; efecto: daño 1d")
    )
    with pytest.raises(RuleError) as err:
        choose_limbs(orc, *find_action(orc, "Coz"))
    assert err.value.key == "ritualhex.error.no_limb"


def test_rh4_a_combatant_is_inactive_once_damage_reaches_hp() -> None:
    state = duel()
    state.combatants[1].damage = 8
    # 2 more: (4 - 2) + ... -> 4 - 2 = 2, minus DR 1 = 1 -> 9: still active.
    state = punch(state, (5, 5, 5, 4)).state
    assert by_name(state, "Orco").active
    state.combatants[0].ap_level = 10
    state.acting = [cid(state, "Ana")]
    out = punch(state, (5, 5, 5, 5))  # 3 - 1 = 2 -> 11 >= 10
    assert "ritualhex.down" in keys(out)
    assert not by_name(out.state, "Orco").active


def test_healing_a_limb_can_bring_it_back_but_not_below_zero() -> None:
    state = duel()
    orc = state.combatants[1]
    orc.part("pies").damage = 6  # type: ignore[union-attr]
    orc.damage = 1
    # Ana heals the Orc's feet (as an example): Mag 2 + 5+5+5 > 12 + 2; 1d = 4.
    out = punch(state, (5, 5, 5, 4), action="Curar", limb="pies")
    orc = by_name(out.state, "Orco")
    assert orc.part("pies").damage == 2  # type: ignore[union-attr]
    assert orc.damage == 1  # only the chosen limb is healed
    assert "ritualhex.limb_active" in keys(out)


def test_healing_never_removes_more_damage_than_there_is() -> None:
    state = duel()
    state.combatants[1].damage = 2
    out = punch(state, (5, 5, 5, 6, 1), action="Curar")  # 1d = 6 -> 5 + 1 = 6
    assert by_name(out.state, "Orco").damage == 0
    healed = next(e for e in out.events if e.key == "ritualhex.healed")
    assert (healed.params["rolled"], healed.params["removed"]) == (6, 2)


def test_rh9_equipment_with_an_ap_cost_drops_when_its_limb_goes_inactive() -> None:
    state = duel()
    assert by_name(state, "Orco").stat("def") == 3  # Def 1 + Escudo 1 + Brazal 1
    # Called shot on the shield hand: Str 2 + 6(5)+6(5)+3, 5, 5 = 30 > 16;
    # damage (6->5)+(6->5)+1 - 2 = 9 - DR 1 = 8 >= 5.
    out = punch(state, (6, 6, 3, 5, 5, 6, 6, 1), limb="mano1")
    assert "ritualhex.item_dropped" in keys(out)
    orc = by_name(out.state, "Orco")
    assert [e.name for e in out.state.ground] == ["Escudo"]
    assert [e.name for e in orc.equipment] == ["Brazal"]
    assert orc.stat("def") == 2


def test_rh9_equipment_without_an_ap_cost_stays_but_stops_working() -> None:
    state = duel()
    out = punch(state, (6, 6, 3, 5, 5, 6, 6, 1), limb="mano2")
    orc = by_name(out.state, "Orco")
    assert "ritualhex.item_dropped" not in keys(out)
    assert [e.name for e in orc.equipment] == ["Escudo", "Brazal"]
    assert orc.stat("def") == 2  # the Brazal's +1 no longer applies


SWORD_HERO = """
nombre: Ana
AP 10, HP 10, Str 2, Def 1, Per 0, Mag 2, DR 0
equipo: Espada; partes: mano; costo: 2; mod: Str+1
"""


def test_rh9_stow_costs_half_rounded_up_drop_is_free_and_pick_up_costs_the_equip_cost() -> None:
    state = duel(hero=SWORD_HERO.replace("costo: 2", "costo: 3"))
    ana = cid(state, "Ana")
    state = stow(state, PLAYER_A, actor_id=ana, item="Espada").state
    assert by_name(state, "Ana").ap_level == 8  # ceil(3 / 2) = 2
    assert by_name(state, "Ana").stat("str") == 2
    state = equip(state, PLAYER_A, actor_id=ana, item="Espada").state
    hero = by_name(state, "Ana")
    assert (hero.ap_level, hero.stat("str"), hero.equipment[0].worn_on) == (5, 3, ["mano1"])
    state = drop(state, PLAYER_A, actor_id=ana, item="Espada").state
    assert by_name(state, "Ana").ap_level == 5 and by_name(state, "Ana").equipment == []
    assert [e.name for e in state.ground] == ["Espada"]
    assert state.acting == [ana]  # dropping is free: the opportunity goes on
    state = pick_up(state, PLAYER_A, actor_id=ana, item="Espada").state
    assert by_name(state, "Ana").ap_level == 2 and state.ground == []


def test_rh9_equipment_without_cost_is_handled_out_of_combat_only() -> None:
    state = duel()
    state.combatants[1].ap_level = 10
    state.combatants[0].ap_level = 0
    state.acting = [cid(state, "Orco")]
    with pytest.raises(RuleError) as err:
        stow(state, GM, actor_id=cid(state, "Orco"), item="Brazal")
    assert err.value.key == "ritualhex.error.item_out_of_combat_only"


def test_rh9_a_free_hand_action_cannot_use_a_hand_holding_equipment() -> None:
    hero = (
        SWORD_HERO.replace("partes: mano;", "partes: mano1;")
        + "equipo: Daga; partes: mano2; costo: 1"
    )
    state = duel(hero=hero)
    with pytest.raises(RuleError) as err:
        punch(state, ())
    assert err.value.key == "ritualhex.error.no_limb"


def test_rh7_a_waiting_limb_cannot_be_used_nor_can_actions_needing_no_limb() -> None:
    hero = "nombre: Ana\nAP 10, HP 10, Str 2, Mag 2\nacción: Grito; tipo: hechizo; costo: 2; miembros: ninguno; objetivo: 1; efecto: espera 1"
    state = duel(hero=hero)
    hand = state.combatants[0].part("mano1")
    assert hand is not None
    hand.waiting = 4
    # Piña uses the other (free, not waiting) hand.
    out = punch(state, (1, 1, 1))
    assert out.state.chain == [] and by_name(out.state, "Ana").ap_level == 5
    with pytest.raises(RuleError) as err:
        punch(state, (), action="Grito")
    assert err.value.key == "ritualhex.error.needs_no_limb_while_waiting"
    state.combatants[0].part("mano2").waiting = 1  # type: ignore[union-attr]
    with pytest.raises(RuleError) as err:
        punch(state, ())
    assert err.value.key == "ritualhex.error.no_limb"


def test_rh7_equipment_on_a_waiting_limb_keeps_its_bonus() -> None:
    state = duel()
    state.combatants[1].part("mano1").waiting = 3  # type: ignore[union-attr]
    assert by_name(state, "Orco").stat("def") == 3


def test_rh10_multi_attack_follow_up_uses_another_limb_and_is_harder() -> None:
    hero = "nombre: Ana\nAP 15, HP 10, Str 2, Mag 2\nventajas: Multi-ataque"
    state = duel(hero=hero)
    ana = cid(state, "Ana")
    out = punch(state, (5, 5, 5, 4))
    state = out.state
    assert keys(out)[-1] == "ritualhex.multi_attack_offer"
    assert state.acting == [ana]
    # The follow-up must be an attack.
    with pytest.raises(RuleError):
        wait(state, PLAYER_A, actor_id=ana)
    # It takes the other hand, difficulty +1, and that hand gets 5 waiting points.
    out = punch(state, (4, 4, 4))
    check = next(e for e in out.events if e.key.startswith("ritualhex.check"))
    assert check.params["difficulty"] == 12
    hero_now = by_name(out.state, "Ana")
    assert out.state.chain == [] and hero_now.ap_level == 5
    assert hero_now.part("mano2").waiting == 5  # type: ignore[union-attr]
    assert hero_now.part("mano1").waiting == 0  # type: ignore[union-attr]
    # One copy, one follow-up: the opportunity is over.
    assert "ritualhex.multi_attack_offer" not in keys(out)


def test_rh10_multi_attack_can_be_declined() -> None:
    hero = "nombre: Ana\nAP 15, HP 10, Str 2, Mag 2\nventajas: Multi-ataque x2"
    state = duel(hero=hero)
    state = punch(state, (1, 1, 1)).state
    assert state.multi_attack is not None and state.multi_attack.left == 2
    out = end_opportunity(state, PLAYER_A, actor_id=cid(state, "Ana"))
    assert out.state.multi_attack is None
    assert "ritualhex.opportunity" in keys(out)


def test_rh11_a_gm_defined_action_puts_waiting_points_on_the_target() -> None:
    hero = (
        "nombre: Ana\nAP 10, HP 10, Str 2, Mag 2\n"
        "acción: Telaraña; tipo: hechizo; costo: 3; miembros: mano libre; objetivo: 1;"
        " chequeo: <Mag>[9]<Per>; efecto: espera 2"
    )
    state = duel(hero=hero)
    out = punch(state, (4, 4, 4), action="Telaraña")
    orc = by_name(out.state, "Orco")
    assert orc.waiting == 2
    # With waiting points on its body card the Orc can only Wait.
    state = out.state
    state.combatants[0].ap_level = 0
    state.combatants[1].ap_level = 5
    state.needle = 4
    state.acting = [orc.id]
    with pytest.raises(RuleError):
        declare(
            state, GM, no_dice(), actor_id=orc.id, action="Telaraña", targets=[cid(state, "Ana")]
        )


def test_rh9_an_equipment_action_goes_with_its_item() -> None:
    hero = (
        SWORD_HERO
        + "acción: Tajo; tipo: ataque; costo: 4; objetivo: 1; chequeo: <Str>[10]<Def>; efecto: daño 1d+1\n"
    )
    hero = hero.replace("mod: Str+1", "mod: Str+1; acciones: Tajo")
    state = duel(hero=hero)
    ana = cid(state, "Ana")
    # Tajo uses the sword's hand: Str 3 + 4+4+4 = 15 > 10 + 3; 1d+1 with a 3 = 4 - DR 1.
    out = punch(state, (4, 4, 4, 3), action="Tajo")
    assert by_name(out.state, "Orco").damage == 3
    assert out.state.chain == []
    # Without the sword, no Tajo.
    state = drop(state, PLAYER_A, actor_id=ana, item="Espada").state
    with pytest.raises(RuleError) as err:
        punch(state, (), action="Tajo")
    assert err.value.key == "ritualhex.error.unknown_action"


def test_rh9_taking_an_item_from_a_willing_ally_costs_the_taker_its_equip_cost() -> None:
    state = RitualHexState()
    state = add(state, SWORD_HERO, "hero", PLAYER_A.user_id)
    state = add(
        state,
        "nombre: Bea\nAP 3, HP 8\nequipo: Daga; partes: mano; costo: 1",
        "hero",
        PLAYER_A.user_id,
    )
    state = add(state, ORC, "minion")
    state = start_round(state, GM).state
    ana, bea = cid(state, "Ana"), cid(state, "Bea")
    out = take_from(state, PLAYER_A, actor_id=ana, giver_id=bea, item="Daga")
    ana_now, bea_now = by_name(out.state, "Ana"), by_name(out.state, "Bea")
    assert ana_now.ap_level == 9 and bea_now.ap_level == 3
    assert [(e.name, e.worn_on) for e in ana_now.equipment] == [
        ("Espada", ["mano1"]),
        ("Daga", ["mano2"]),
    ]
    assert bea_now.equipment == []
    # An enemy is not a willing ally.
    with pytest.raises(RuleError) as err:
        take_from(state, GM, actor_id=ana, giver_id=cid(state, "Orco"), item="Escudo")
    assert err.value.key == "ritualhex.error.not_an_ally"
