"""Who a Dread S-20 move is about, looked up inside its rules call (under the channel's
lock, on the state it is given): names through the one resolver
(:func:`bot.systems.lookup.find`), who acts through the one actor picker. Dread S-20
groups (DS-3) only share an initiative roll: each member is a figure of its own, so a
group's name is not a combatant's (``Goblin`` is ambiguous between ``Goblin 1`` and
``Goblin 2``)."""

from __future__ import annotations

from collections.abc import Callable

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.lookup import find, pick_actor
from bot.systems.plugin import Play

SYSTEM = "ds20"
Rules = Callable[[DS20State, Actor, DiceSource], Outcome]


def play(kind: str, rules: Rules) -> Play[DS20State]:
    """A Dread S-20 move's rules call, logged as ``ds20.<kind>`` and titled
    ``ds20.title.<kind>``."""
    return Play(rules=rules, kind=f"{SYSTEM}.{kind}", title=f"ds20.title.{kind}")


def find_combatant(state: DS20State, text: str) -> DSCombatant:
    """A combatant by id, name or the start of exactly one name."""
    return find(state.combatants, text)


def acting(state: DS20State, actor: Actor, name: str | None) -> DSCombatant:
    """Who acts: the one named; else the combatant whose turn it is, if the user
    controls it; else the user's only combatant."""
    current = state.current_id
    turn = [state.get(current)] if current is not None else []
    return pick_actor(state.combatants, actor, name, turn=turn)


def defender(state: DS20State, name: str | None) -> DSCombatant:
    """The combatant answering the pending attack: its target unless named."""
    if state.pending is None:
        raise RuleError("ds20.error.no_pending_attack")
    return find_combatant(state, name) if name else state.get(state.pending.target_id)


def target_of(state: DS20State, target: str | None, action_id: str) -> DSCombatant:
    """The target an action needs."""
    if not target:
        raise RuleError("ds20.error.needs_target", action=f"ds20.action.{action_id}")
    return find_combatant(state, target)


def units(modifier: int | None) -> tuple[int, int]:
    """A +N/-N modifier as (bonus, penalty) d4 units (DS-1)."""
    m = modifier or 0
    return (m, 0) if m >= 0 else (0, -m)


def with_notes(rules: Rules, notes: list[Event]) -> Rules:
    """Put explanatory events (how an option was read) before the rules' own."""
    if not notes:
        return rules

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        outcome = rules(state, actor, dice)
        return outcome.model_copy(update={"events": [*notes, *outcome.events]})

    return run
