"""Benny rerolls of the Vigor rolls outside an attack (SW-4, SW-35): the incapacitation
roll of a Wild Card (SW-13) and the start-of-turn rolls for Stunned (SW-16) and bleeding
out. The better roll counts; a critical failure cannot be rerolled; a critical failure
that comes up on the reroll must be accepted. Forced dice, strict."""

from __future__ import annotations

import pytest

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat import area_attack
from bot.systems.swade.conditions import add_condition, has_condition
from bot.systems.swade.damage import apply_damage, reroll_incapacitation, soak
from bot.systems.swade.deck import parse_card
from bot.systems.swade.grapple import crush
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeState, Trait, Weapon
from bot.systems.swade.turns import deal, reroll_turn_start

from .test_combat_fixtures import GM, PLAYER, dice, hero, villain

ANA = Actor(user_id=2)


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def actions(out: Outcome) -> list[str]:
    return [o.action for o in out.offers]


# --- SW-13: the incapacitation Vigor roll ----------------------------------------------------


def battered_hero() -> SwadeState:
    """A Wild Card with Vigor d10, already at 3 wounds (-3 to the roll): Toughness 6, so
    10 damage is one more wound and incapacitates her (SW-13)."""
    h = hero(wounds=3)
    h.attributes["vigor"] = Trait(die=10)
    return SwadeState(combatants=[h])


def incapacitate(vigor: int, wild: int, *injury: int) -> Outcome:
    """10 damage: the Vigor roll (d10 and the wild die, -3 wounds), then the injury table."""
    return apply_damage(battered_hero(), GM, dice(vigor, wild, *injury), target_id="h", damage=10)


def test_a_better_reroll_turns_bleeding_out_into_an_injury_until_healed() -> None:
    first = incapacitate(2, 2, 5, 5)  # 2 - 3: failure; injury table 10: the leg
    h = first.state.combatants[0]
    assert h.bleeding_out and h.hindrances == ["lame_minor"]
    offer = next(o for o in first.offers if o.action == "reroll_incapacitation")
    assert offer.user_id == PLAYER.user_id
    assert offer.label_key == "swade.combat.offer.reroll_vigor"

    out = reroll_incapacitation(first.state, PLAYER, dice(8, 3), combatant_id="h")  # 8-3=5
    h = out.state.combatants[0]
    assert not h.bleeding_out and not h.dead and h.incapacitated
    # the same injury, once, now lasting until the wounds are healed
    assert h.injuries == ["leg"]
    assert h.hindrances == ["lame_minor"]
    assert h.injury_log == [{"injury": "leg", "duration": "until_healed"}]
    assert "swade.combat.incapacitation.injured" in keys(out.events)
    assert actions(out) == ["reroll_incapacitation"]  # a raise is still to be had


def test_a_worse_reroll_keeps_the_first_result() -> None:
    first = incapacitate(9, 2, 5, 5)  # 9 - 3 = 6: success, injury until healed
    before = first.state.combatants[0]
    out = reroll_incapacitation(first.state, PLAYER, dice(3, 2), combatant_id="h")  # 0
    h = out.state.combatants[0]
    assert not h.bleeding_out
    assert h.injury_log == before.injury_log == [{"injury": "leg", "duration": "until_healed"}]
    assert "swade.combat.vigor_reroll.kept_first" in keys(out.events)
    assert not any(k.startswith("swade.combat.incapacitation.") for k in keys(out.events))


def test_a_raise_on_the_reroll_makes_the_injury_last_24_hours() -> None:
    first = incapacitate(2, 2, 5, 5)
    out = reroll_incapacitation(first.state, PLAYER, dice(10, 1, 2), combatant_id="h")
    h = out.state.combatants[0]  # 10 + 2 (ace) - 3 = 9: a raise
    assert h.injury_log == [{"injury": "leg", "duration": "24h"}]
    assert not h.bleeding_out
    assert out.offers == []  # nothing better to reroll for


def test_an_incapacitation_critical_failure_dies_and_cannot_be_rerolled() -> None:
    first = incapacitate(1, 1)  # SW-3: both dice 1; dies, no injury roll
    assert first.state.combatants[0].dead
    assert "reroll_incapacitation" not in actions(first)
    with pytest.raises(RuleError) as err:
        reroll_incapacitation(first.state, PLAYER, dice(), combatant_id="h")
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_a_critical_failure_on_the_incapacitation_reroll_stands() -> None:
    first = incapacitate(2, 2, 5, 5)  # failure: bleeding out
    out = reroll_incapacitation(first.state, PLAYER, dice(1, 1), combatant_id="h")
    h = out.state.combatants[0]
    assert h.dead and h.injuries == []
    assert "swade.combat.vigor_reroll.critical" in keys(out.events)
    assert out.offers == []
    with pytest.raises(RuleError) as err:
        reroll_incapacitation(out.state, PLAYER, dice(), combatant_id="h")
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_after_a_soak_undoes_the_incapacitation_its_vigor_roll_cannot_be_rerolled() -> None:
    first = incapacitate(2, 2, 5, 5)
    soaked = soak(first.state, PLAYER, dice(8, 1), "h")  # 8 - 3 = 5: the wound is soaked
    assert not soaked.state.combatants[0].incapacitated
    with pytest.raises(RuleError) as err:
        reroll_incapacitation(soaked.state, PLAYER, dice(), combatant_id="h")
    assert err.value.key == "swade.combat.error.vigor_reroll_stale"


def test_only_the_controller_or_the_gm_may_reroll_the_incapacitation_roll() -> None:
    first = incapacitate(2, 2, 5, 5)
    with pytest.raises(RuleError):
        reroll_incapacitation(first.state, Actor(user_id=99), dice(), combatant_id="h")


# --- SW-16 Stunned and bleeding out at the start of a turn ------------------------------------


def fighter(cid: str, name: str, vigor: int = 6, **fields: object) -> SwadeCombatant:
    return SwadeCombatant(
        id=cid,
        name=name,
        wild_card=True,
        side="heroes",
        controller_id=ANA.user_id,
        is_pc=True,
        attributes={"spirit": Trait(die=6), "vigor": Trait(die=vigor)},
        **fields,
    )


def dealt(state: SwadeState, *values: int) -> Outcome:
    """Deal the round (the state's deck: no shuffle); the dice are the turn-start rolls."""
    return deal(state, GM, dice(*values))


def stunned_ana(vigor: int = 8) -> SwadeState:
    state = SwadeState(
        combatants=[fighter("a", "Ana", vigor), fighter("b", "Bea")],
        deck=[parse_card("KS"), parse_card("QS")],
        next_id=3,
    )
    return add_condition(state, GM, "a", "stunned").state


def test_a_better_stunned_reroll_ends_stunned() -> None:
    first = dealt(stunned_ana(), 3, 1)  # 3 - 2 (Distracted) = 1: still Stunned
    assert has_condition(first.state.combatants[0], "stunned", first.state.settings)
    offer = next(o for o in first.offers if o.action == "reroll_turn_start")
    assert (offer.user_id, offer.combatant_id) == (ANA.user_id, "a")

    out = reroll_turn_start(first.state, ANA, dice(6, 1), combatant_id="a")  # 6 - 2 = 4
    ana = out.state.combatants[0]
    assert not has_condition(ana, "stunned", out.state.settings)
    assert has_condition(ana, "vulnerable", out.state.settings)  # SW-16: success only
    assert "swade.stunned.recovered" in keys(out.events)


def test_a_worse_stunned_reroll_keeps_the_first_success() -> None:
    first = dealt(stunned_ana(), 6, 1)  # 4: a success, Vulnerable
    conditions = first.state.combatants[0].conditions
    out = reroll_turn_start(first.state, ANA, dice(2, 1), combatant_id="a")  # 0
    ana = out.state.combatants[0]
    assert ana.conditions == conditions
    assert not has_condition(ana, "stunned", out.state.settings)
    assert "swade.combat.vigor_reroll.kept_first" in keys(out.events)


def test_a_stunned_critical_failure_cannot_be_rerolled() -> None:
    first = dealt(stunned_ana(), 1, 1)
    assert "reroll_turn_start" not in actions(first)
    with pytest.raises(RuleError) as err:
        reroll_turn_start(first.state, ANA, dice(), combatant_id="a")
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def bleeding_ana() -> SwadeState:
    """Ana is bleeding out with 3 wounds (-3) and Vigor d10; Bea acts after her."""
    return SwadeState(
        combatants=[
            fighter("a", "Ana", 10, incapacitated=True, bleeding_out=True, wounds=3),
            fighter("b", "Bea"),
        ],
        deck=[parse_card("KS"), parse_card("QS")],
        next_id=3,
    )


def test_a_better_bleeding_out_reroll_saves_from_death() -> None:
    first = dealt(bleeding_ana(), 5, 2)  # 5 - 3 = 2: failure, dies
    assert first.state.combatants[0].dead
    assert "reroll_turn_start" in actions(first)
    out = reroll_turn_start(first.state, ANA, dice(9, 2), combatant_id="a")  # 6: still bleeding
    ana = out.state.combatants[0]
    assert not ana.dead and ana.bleeding_out
    assert "swade.bleeding.still" in keys(out.events)


def test_a_critical_failure_on_the_bleeding_out_reroll_stands() -> None:
    first = dealt(bleeding_ana(), 9, 2)  # 6: still bleeding
    assert not first.state.combatants[0].dead
    out = reroll_turn_start(first.state, ANA, dice(1, 1), combatant_id="a")
    ana = out.state.combatants[0]
    assert ana.dead and not ana.bleeding_out  # SW-4: accepted though the first was better
    assert out.offers == []
    with pytest.raises(RuleError) as err:
        reroll_turn_start(out.state, ANA, dice(), combatant_id="a")
    assert err.value.key == "swade.combat.error.critical_failure_no_reroll"


def test_a_start_of_turn_reroll_is_refused_in_a_later_round() -> None:
    first = dealt(bleeding_ana(), 9, 2)  # still bleeding, in round 1
    later = first.state.model_copy(update={"round": first.state.round + 1})
    with pytest.raises(RuleError) as err:
        reroll_turn_start(later, ANA, dice(), combatant_id="a")
    assert err.value.key == "swade.combat.error.vigor_reroll_stale"


def test_a_crush_that_incapacitates_offers_the_vigor_reroll() -> None:
    """SW-19 crush, then SW-13: the held Wild Card's Vigor roll gets the same benny
    button as after an attack (it had none)."""
    st = SwadeState(
        combatants=[
            villain(grappling="h"),
            hero(wounds=3, grappled_by="v", conditions=[Condition(name="entangled")]),
        ],
        round=1,
    )
    # Strength 6 against 2; damage d8 8 (aces) + 3 = 11 against Toughness 6: a wound,
    # her fourth: Vigor 2 - 3 fails; the injury table's 10 is the leg.
    out = crush(st, GM, dice(6, 1, 2, 1, 8, 3, 2, 2, 5, 5), attacker_id="v")
    h = next(c for c in out.state.combatants if c.id == "h")
    assert h.incapacitated and h.bleeding_out
    offer = next(o for o in out.offers if o.action == "reroll_incapacitation")
    assert offer.user_id == PLAYER.user_id and offer.combatant_id == "h"

    # A crush that does not incapacitate offers no Vigor reroll: Strength 2 against
    # 6 - 3 wounds - 2 entangled = 1; damage 3 against Toughness 6: no effect.
    again = crush(st, GM, dice(2, 1, 6, 1, 3), attacker_id="v")
    assert "swade.combat.hit.no_effect" in keys(again.events)
    assert "reroll_incapacitation" not in actions(again)


def test_an_area_attack_that_incapacitates_offers_the_vigor_reroll() -> None:
    """SW-25 area attack, then SW-13, as above; and only for whom this attack felled."""
    grenade = Weapon(name="Granada", damage="3d6", range="5/10/20")
    st = SwadeState(
        combatants=[villain(weapons=[grenade]), hero(wounds=3), hero("h2", name="Bea")],
        round=1,
    )
    # Athletics 5 against 4; Heroína takes 4+4+4 = 12 against Toughness 6: a fourth
    # wound, Vigor 2 - 3 fails, injury 10 (leg); Bea takes 1+1+1 = 3: nothing.
    out = area_attack(
        st,
        GM,
        dice(5, 1, 4, 4, 4, 2, 2, 5, 5, 1, 1, 1),
        attacker_id="v",
        target_ids=["h", "h2"],
        template="small",
        weapon="Granada",
        options=AttackOptions(thrown=True),
    )
    assert next(c for c in out.state.combatants if c.id == "h").incapacitated
    vigor = [o for o in out.offers if o.action == "reroll_incapacitation"]
    assert [o.combatant_id for o in vigor] == ["h"]
