"""``/condition add|remove`` in Savage Worlds (SW-15..SW-20): a condition by its id or
its name in either language (``conditions.add_condition`` reads it)."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import conditions
from bot.systems.swade.moves.who import find_combatant, table
from bot.systems.swade.state import SwadeState


class ConditionOptions(Options):
    combatant: str
    condition: str


def add(o: ConditionOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        c = find_combatant(state, o.combatant)
        return conditions.add_condition(state, actor, c.id, o.condition)

    return table("condition", run)


def remove(o: ConditionOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        c = find_combatant(state, o.combatant)
        return conditions.remove_condition(state, actor, c.id, o.condition)

    return table("condition", run)


MOVES = (
    Move("condition:add", ConditionOptions, add),
    Move("condition:remove", ConditionOptions, remove),
)
