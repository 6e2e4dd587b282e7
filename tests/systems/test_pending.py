"""Issue 27: what the table waits on, as each system says it (bot.systems.pending). Pure:
forced dice, no table. The decisions (SW-14 soak, DS-5 defence, RH-8 reaction windows),
whom they wait on, the turn when none is pending, and how an opening is kept."""

from __future__ import annotations

from bot.i18n import term
from bot.systems import catalogue
from bot.systems.base import Offer
from bot.systems.ds20.combat import attack as ds20_attack
from bot.systems.ds20.combat import defend
from bot.systems.pending import Opened, carry, owners, waited
from bot.systems.ritualhex import declare, start_round
from bot.systems.swade.combat import attack as swade_attack
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.words import duration
from tests.systems.ds20.helpers import GM as DS_GM
from tests.systems.ds20.helpers import PLAYER as DS_PLAYER
from tests.systems.ds20.helpers import dice as ds_dice
from tests.systems.ds20.helpers import in_turn, two
from tests.systems.ritualhex.helpers import GM as RH_GM
from tests.systems.ritualhex.helpers import PLAYER_A, PLAYER_B, by_name, cid, example_cast
from tests.systems.ritualhex.helpers import dice as rh_dice
from tests.systems.swade.test_combat_fixtures import GM as SW_GM
from tests.systems.swade.test_combat_fixtures import PLAYER as SW_PLAYER
from tests.systems.swade.test_combat_fixtures import dice as sw_dice
from tests.systems.swade.test_combat_fixtures import hero, state_of, villain

SWADE = catalogue.plugin("swade")
DS20 = catalogue.plugin("ds20")
RITUALHEX = catalogue.plugin("ritualhex")


# -- Savage Worlds -----------------------------------------------------------------------


def _villain_hits_hero():  # type: ignore[no-untyped-def]
    """The GM's Capitán (Fighting d8) hits the hero (Parry 6, Toughness 6): Fighting 6,
    wild die 1; damage Str d8 7 + Hacha d8 6 = 13, a raise over 6: one wound."""
    out = swade_attack(
        state_of(hero(), villain()),
        SW_GM,
        sw_dice(6, 1, 7, 6),
        attacker_id="v",
        target_id="h",
        weapon="Hacha",
        options=AttackOptions(),
    )
    assert out.state.combatants[0].wounds == 1
    return out


def test_sw14_a_wounded_wild_card_decides_to_soak_and_the_attackers_rerolls_wait_on_nobody() -> (
    None
):
    out = _villain_hits_hero()
    assert {o.action for o in out.offers} >= {"soak", "reroll_attack", "reroll_damage"}
    [decision] = SWADE.pending(out.state, out.offers)  # type: ignore[misc]
    assert decision.key == "soak:h" and decision.combatant_id == "h"
    assert decision.what == "swade.pending.soak"
    assert decision.button == "swade.combat.offer.soak"
    [item] = waited(SWADE, out.state, out.offers)
    assert item.decision == decision and item.combatants == ("h",)
    assert owners(out.state.combatants, item.combatants, gm_id=SW_GM.user_id) == [SW_PLAYER.user_id]


def test_an_opposed_rerolls_own_roll_is_part_of_its_turn_the_defenders_is_a_decision() -> None:
    own = Offer(action="reroll_maneuver", label_key="x", combatant_id="h", data={"owner_id": "h"})
    theirs = Offer(
        action="reroll_maneuver", label_key="x", combatant_id="v", data={"owner_id": "h"}
    )
    state = state_of(hero(), villain())
    decisions = SWADE.pending(state, [own, theirs])  # type: ignore[misc]
    assert [(d.key, d.combatant_id) for d in decisions] == [("opposed:v", "v")]


def test_without_a_decision_the_table_waits_on_the_turn() -> None:
    state = state_of(hero(), villain(), active="h", turn_order=["h", "v"], current=0)
    [item] = waited(SWADE, state, [])
    assert item.is_turn and item.combatants == ("h",) and item.key.startswith("turn:")
    assert waited(SWADE, state_of(hero(), villain()), []) == []  # no turn, nothing


# -- Dread S-20 --------------------------------------------------------------------------


def test_ds5_a_hit_waits_on_the_defender_until_it_answers() -> None:
    out = ds20_attack(
        in_turn(two(), "c2"), DS_GM, ds_dice(4), attacker_id="c2", target_id="c1", weapon="Machete"
    )
    [decision] = DS20.pending(out.state, out.offers)  # type: ignore[misc]
    assert decision.combatant_id == "c1" and decision.what == "ds20.pending.defend"
    assert owners(out.state.combatants, ["c1"], gm_id=DS_GM.user_id) == [DS_PLAYER.user_id]
    answered = defend(out.state, DS_PLAYER, ds_dice(15), defender_id="c1", kind="dodge")
    assert DS20.pending(answered.state, answered.offers) == []  # type: ignore[misc]
    [item] = waited(DS20, answered.state, answered.offers)
    assert item.is_turn and item.combatants == ("c2",)


def test_ds5_a_gm_combatants_defence_is_the_gms() -> None:
    out = ds20_attack(in_turn(two(), "c1"), DS_PLAYER, ds_dice(4), attacker_id="c1", target_id="c2")
    [decision] = DS20.pending(out.state, out.offers)  # type: ignore[misc]
    assert decision.combatant_id == "c2"
    assert owners(out.state.combatants, ["c2"], gm_id=DS_GM.user_id) == []


# -- Ritual Hex --------------------------------------------------------------------------


def test_rh8_the_window_waits_on_its_head_in_rh6_order() -> None:
    state = start_round(example_cast(), RH_GM).state
    out = declare(
        state,
        PLAYER_A,
        rh_dice(),
        actor_id=cid(state, "Red Haggar"),
        action="Piña",
        targets=[cid(state, "Goblin")],
    )
    decisions = RITUALHEX.pending(out.state, out.offers)  # type: ignore[misc]
    goblin = by_name(out.state, "Goblin")
    assert [d.combatant_id for d in decisions] == [goblin.id]
    assert decisions[0].params == {"author": "Red Haggar", "action": term("ritualhex.action.punch")}
    jade = by_name(out.state, "Jade Mistress")
    assert owners(out.state.combatants, [jade.id], gm_id=RH_GM.user_id) == [PLAYER_B.user_id]


# -- openings --------------------------------------------------------------------------------


def test_an_opening_is_kept_while_it_waits_and_a_new_one_opens_at_its_action() -> None:
    first = carry([], ["soak:h", "turn:1/h"], seq=4, at="2026-01-01T10:00:00+00:00")
    assert [o.id for o in first] == ["soak:h@4", "turn:1/h@4"]
    later = carry(first, ["soak:h", "vigor:h"], seq=5, at="2026-01-01T11:00:00+00:00")
    assert later == [
        Opened(key="soak:h", seq=4, at="2026-01-01T10:00:00+00:00"),
        Opened(key="vigor:h", seq=5, at="2026-01-01T11:00:00+00:00"),
    ]
    back = carry(carry(later, [], seq=6, at="x"), ["soak:h"], seq=7, at="y")
    assert [o.id for o in back] == ["soak:h@7"], "closed, then back: a new opening"


def test_durations_are_read_as_people_type_them_in_both_languages() -> None:
    assert duration("15m") == duration("15 min") == duration("15 minutos") == 900
    assert duration("1h") == duration("1 hora") == duration("1 hour") == 3600
    assert duration("12 horas") == duration("12h") == 43_200
    assert duration("1 día") == duration("1 DIA") == duration("1 day") == 86_400
    assert duration("1h30m") == duration("1 hora y 30 minutos") == duration("1h, 30m") == 5400
    for bad in ("", "h", "90", "1 hora y media", "soon", "1h extra", "-1h"):
        assert duration(bad) is None, bad
