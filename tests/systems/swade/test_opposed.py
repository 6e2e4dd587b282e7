"""SW-37 (with SW-7, SW-19, SW-34): who cannot act does not contest; each roll of an
opposed pair says whose it is and is read against the opponent's total; the reroll
buttons say whose roll they reroll. Forced dice and cards."""

from __future__ import annotations

from bot.render.text import event_line
from bot.systems.swade.grapple import escape, grapple
from bot.systems.swade.maneuvers import push
from bot.systems.swade.state import Condition
from bot.systems.swade.turns import current_combatant, deal, hold, interrupt, interrupt_target

from .test_combat_fixtures import GM, PLAYER, dice, event, get, goblin, hero, state_of
from .test_turns import fighter, keys, table


def _holder_and_acting(**bea: object):  # type: ignore[no-untyped-def]
    """Ana holds; Bea (or Bea's group) is acting."""
    state = table(
        fighter("a", "Ana", athletics=8), fighter("b", "Bea", athletics=6, **bea), deck="KS QS"
    )
    return hold(deal(state, GM, dice()).state, GM, dice(), "a").state


def test_sw37_an_interrupt_against_an_incapacitated_combatant_succeeds_without_a_roll() -> None:
    state = _holder_and_acting()
    state.combatants[1].incapacitated = True
    out = interrupt(state, GM, dice(), "a", "b")  # strict: no die may be rolled
    assert keys(out.events) == ["swade.interrupt.uncontested"]
    assert current_combatant(out.state).name == "Ana"
    assert out.state.suspended == "b"
    text = event_line(out.events[0], "en")
    assert "Bea cannot act (Incapacitated): it does not contest" in text, text


def test_sw37_a_stunned_or_bound_target_does_not_race_an_interrupt_either() -> None:
    for condition in ("stunned", "bound"):
        state = _holder_and_acting()
        state.combatants[1].conditions.append(Condition(name=condition))
        out = interrupt(state, GM, dice(), "a", "b")
        assert keys(out.events) == ["swade.interrupt.uncontested"], condition


def test_sw37_a_groups_interrupt_is_raced_by_a_member_able_to_act() -> None:
    goblins = [
        fighter(f"g{i}", f"Goblin {i}", wild=False, side="foes", group="Goblins", athletics=6)
        for i in (1, 2)
    ]
    state = table(fighter("a", "Ana", athletics=8), *goblins, deck="KS QS")
    state = hold(deal(state, GM, dice()).state, GM, dice(), "a").state
    state.combatants[1].incapacitated = True  # the group's first member falls
    assert interrupt_target(state).name == "Goblin 2"


def test_sw37_each_interrupt_roll_is_read_against_the_other_total() -> None:
    state = _holder_and_acting()
    out = interrupt(state, GM, dice(7, 2, 3, 4), "a", "b")  # Ana 7, Bea 4
    ana, bea = out.events[0], out.events[1]
    assert ana.dice["opposed"] == {
        "role": "initiator",
        "against": "Bea",
        "against_total": 4,
        "won": True,
        "raises": 0,
    }
    assert "against Bea's 4 — wins" in event_line(ana, "en")
    assert "contra el 7 de Ana — es superado" in event_line(bea, "es")
    assert "(TN 4)" not in event_line(ana, "en")


def test_sw37_escape_from_an_incapacitated_grappler_frees_at_once() -> None:
    st = state_of(hero(), goblin())
    held = grapple(st, PLAYER, dice(6, 3, 1, 2), attacker_id="h", target_id="g").state  # Bound
    assert any(c.name == "bound" for c in get(held, "g").conditions)
    get(held, "h").incapacitated = True
    out = escape(held, GM, dice(), combatant_id="g")  # strict: no roll at all
    assert keys(out.events) == ["swade.combat.escape.uncontested"]
    assert get(out.state, "g").grappled_by is None and not get(out.state, "g").conditions
    assert get(out.state, "h").grappling is None
    es = event_line(out.events[0], "es")
    assert "Heroína no puede actuar (incapacitado): no disputa la huida" in es, es


def test_sw37_grapple_rolls_say_whose_they_are_and_read_raises_over_the_other() -> None:
    # The hero's Athletics 6+3 = 9 (an ace) against the goblin's 2: one raise over 2 (not two over TN 4).
    out = grapple(
        state_of(hero(), goblin()), PLAYER, dice(6, 3, 1, 2), attacker_id="h", target_id="g"
    )
    attacker = event(out, "swade.combat.grapple.attacker_roll")
    defender = event(out, "swade.combat.grapple.defender_roll")
    assert attacker.dice["opposed"]["raises"] == 1
    en = event_line(attacker, "en")
    assert "against Goblin's 2 — wins with 1 raise" in en, en
    assert "contra el 9 de Heroína — es superado" in event_line(defender, "es")


def test_sw37_a_tie_reads_as_the_defender_holding() -> None:
    # Push: the hero's Strength 4 against the goblin's 4.
    out = push(state_of(hero(), goblin()), PLAYER, dice(4, 1, 4), actor_id="h", target_id="g")
    assert "a tie: the defender wins" in event_line(event(out, "swade.combat.push.roll"), "en")
    resist = event_line(event(out, "swade.combat.push.resist"), "es")
    assert "resiste (el empate es de quien se defiende)" in resist, resist


def test_sw37_the_reroll_buttons_say_whose_roll_each_rerolls() -> None:
    out = grapple(
        state_of(hero(), goblin()), PLAYER, dice(6, 3, 1, 2), attacker_id="h", target_id="g"
    )
    rerolls = [o for o in out.offers if o.action == "reroll_maneuver"]
    assert [(o.combatant_id, o.data["name"]) for o in rerolls] == [
        ("h", "Heroína"),
        ("g", "Goblin"),
    ]
