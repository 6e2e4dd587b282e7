"""``/cast power|end`` and ``/power define|list|forget`` in Savage Worlds (RULES-NOTES
SW-39..SW-42): the moves over :mod:`bot.systems.swade.powers` and
:mod:`bot.systems.swade.power_defs`. Who casts and every name are looked up inside the
rules call (:mod:`.who`).

Readings (README "Savage Worlds: powers"):

- ``target`` takes names separated by commas. For an area power (a template, or more
  than one target) or with ``count``, a group of Extras' name (``Goblin``) stands for
  its members (all of them, or ``count`` of those still able to act, SW-25); otherwise,
  and for every other name, the one resolver answers (a unique prefix, an id; a group's
  name is its first member standing, SW-31).
- ``modifiers`` are seed 003's, separated by commas, by name in either language.
- ``/cast end`` is a free action (out of turn too): the caster named, else the user's
  combatant whose turn it is, else the user's only combatant; without ``power``, the
  one power it maintains (refused, listing them, when it maintains several).
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.plugin import Move, Options, Play, Show
from bot.systems.swade import power_defs, power_lookup, powers
from bot.systems.swade.moves.who import acting, fight, find_named, reacting, table
from bot.systems.swade.power_lookup import EXAMPLES
from bot.systems.swade.state import SwadeState
from bot.systems.words import fold


def split_list(text: str | None) -> list[str]:
    """Words separated by commas, blanks dropped."""
    return [p.strip() for p in (text or "").split(",") if p.strip()]


class CastOptions(Options):
    """``/cast power``: the power by name, its targets, modifiers and the roll's TN."""

    power: str
    target: str | None = None
    modifiers: str | None = None
    count: int | None = None
    trait: str | None = None
    actor: str | None = None
    tn: int | None = None
    modifier: int | None = None


def target_names(state: SwadeState, text: str | None, *, whole_groups: bool) -> list[str]:
    """The names a cast's ``target`` gives (module docstring): with ``whole_groups`` (an
    area power, or ``count`` given) a group of Extras by its name stays a name
    (``powers.resolve_targets`` takes its members); every other name becomes the id
    the one resolver finds (a group's name: its first member standing, SW-31)."""
    groups = {fold(c.group) for c in state.combatants if c.group} if whole_groups else set()
    return [
        name if fold(name) in groups else find_named(state, name).id for name in split_list(text)
    ]


def cast(o: CastOptions) -> Play[SwadeState]:
    """SW-40/SW-41: the arcane skill roll, the cost, the effects, Backlash."""
    modifiers = split_list(o.modifiers)

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, actor, o.actor)
        definition = power_lookup.resolve_power(state, me, o.power).definition
        area = definition is not None and (
            definition.template is not None or definition.targets > 1
        )
        names = target_names(state, o.target, whole_groups=area or o.count is not None)
        return powers.cast(
            state, actor, dice, me.id, o.power, names, modifiers, o.tn, trait=o.trait,
            count=o.count, modifier=o.modifier or 0,
        )  # fmt: skip

    return fight("cast", run)


class EndOptions(Options):
    power: str | None = None
    actor: str | None = None


def end(o: EndOptions) -> Play[SwadeState]:
    """SW-42 ``/cast end``: the caster stops maintaining a power (module docstring)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        me = reacting(state, actor, o.actor)
        which = o.power
        if which is None:
            if not me.maintaining:
                raise RuleError("swade.powers.error.nothing_maintained", name=me.name)
            if len(me.maintaining) > 1:
                raise RuleError(
                    "swade.powers.error.which_power",
                    name=me.name,
                    active=[f"[{a.id}] {a.power}" for a in me.maintaining],
                )
            which = me.maintaining[0].id
        return powers.end_power(state, actor, me.id, which)

    return fight("cast_end", run)


class DefineOptions(Options):
    text: str


def define(o: DefineOptions) -> Play[SwadeState]:
    """SW-39: the GM's definition for the encounter (``\\n`` typed as a new line)."""
    body = o.text.replace("\\n", "\n")

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return power_defs.define_power(state, actor, body)

    return table("power_define", run)


class ForgetOptions(Options):
    power: str


def forget(o: ForgetOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return power_defs.forget_power(state, actor, o.power)

    return table("power_forget", run)


class ListOptions(Options):
    pass


def _line(power: power_defs.PowerDef) -> Event:
    """One power of ``/power list``: its name, cost, range, duration, template."""
    steps = str(power.range_steps) if power.range == "steps" else None
    return Event(
        key=f"swade.powers.list.{power.duration}",
        params={
            "power": power.label(),
            "cost": power.cost,
            "range": steps or f"swade.powers.list.range.{power.range}",
            "rounds": power.rounds,
            "area": f"swade.powers.list.template.{power.template}" if power.template else "",
            "example": "swade.powers.list.is_example" if power.example else "",
        },
    )


def listed(state: SwadeState) -> list[Event]:
    """The GM's definitions for the encounter, then the shipped examples it does not
    replace, each with its cost and what it does."""
    defined = {d.id for d in state.power_defs}
    shown = [*state.power_defs, *(e for e in EXAMPLES if e.id not in defined)]
    return [_line(p) for p in shown]


def power_list(o: ListOptions) -> Show[SwadeState]:
    return Show(lines=listed, title="swade.title.power_list")


MOVES = (
    Move("cast:power", CastOptions, cast),
    Move("cast:end", EndOptions, end),
    Move("power:define", DefineOptions, define),
    Move("power:forget", ForgetOptions, forget),
    Move("power:list", ListOptions, power_list),
)
