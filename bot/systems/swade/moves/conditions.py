"""``/condition add|remove`` in Savage Worlds (SW-15..SW-20): a condition by its id or
its name in either language (``conditions.add_condition`` reads it); any other name is
a custom effect with an optional ``duration`` (:mod:`bot.systems.swade.effects`, issue
18). A rule's condition lasts what its rule says: ``duration`` is refused with one. On
removal a custom effect of that name is found before a condition the combatant does
not have."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import conditions, effects
from bot.systems.swade.moves.who import find_named, table
from bot.systems.swade.state import SwadeState


class ConditionOptions(Options):
    combatant: str
    condition: str


class AddOptions(ConditionOptions):
    duration: str | None = None


def add(o: AddOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        c = find_named(state, o.combatant)
        rule = conditions.rule_condition(o.condition)
        if rule is None:
            return effects.add(state, actor, c.id, o.condition, o.duration)
        if o.duration:
            raise RuleError("swade.effect.duration_builtin", **conditions.condition_params(c, rule))
        return conditions.add_condition(state, actor, c.id, o.condition)

    return table("condition", run)


def remove(o: ConditionOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        c = find_named(state, o.combatant)
        rule = conditions.rule_condition(o.condition)
        if rule is None or (
            effects.find_effect(c, o.condition) is not None
            and not conditions.has_condition(c, rule, state.settings)
        ):
            return effects.remove(state, actor, c.id, o.condition)
        return conditions.remove_condition(state, actor, c.id, o.condition)

    return table("condition", run)


MOVES = (
    Move("condition:add", AddOptions, add),
    Move("condition:remove", ConditionOptions, remove),
)
