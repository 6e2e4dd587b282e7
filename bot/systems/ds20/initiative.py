"""Dread S-20 initiative (DS-3): 1d10 + Iniciativa, high to low; similar foes may share
one roll; ties within a side keep their order (the players may swap them); ties between
opponents are broken by a roll of 1d10 per side, again while tied, and each roll-off is
shown. Pure functions of (state, ..., dice).

Dice order: ``roll_initiative`` rolls 1d10 per combatant or group in the order they were
added, then the tie-break d10s, one per side in the order the sides' first units were
added.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ds20._common import controlled, copy, require_gm
from bot.systems.ds20.state import INICIATIVA, DS20State, DSCombatant

MAX_TIEBREAKS = 20


def roll_for(state: DS20State, members: Sequence[DSCombatant], dice: DiceSource) -> list[Event]:
    """DS-3: 1d10 + Iniciativa per combatant; similar foes sharing a group share one roll
    (the first member's Iniciativa), and a newcomer joins its group's earlier roll."""
    events: list[Event] = []
    rolled_groups: dict[str, DSCombatant] = {
        o.group: o
        for o in state.combatants
        if o.group and o.initiative is not None and o not in members
    }
    for c in members:
        leader = rolled_groups.get(c.group) if c.group else None
        if leader is not None:
            c.init_roll, c.initiative = leader.init_roll, leader.initiative
            c.tiebreak = list(leader.tiebreak)
            continue
        d10 = dice.roll(10)
        c.init_roll = d10
        c.initiative = d10 + c.scores.get(INICIATIVA, 0)
        c.tiebreak = []
        if c.group:
            rolled_groups[c.group] = c
        events.append(
            Event(
                key="ds20.initiative.roll",
                params={
                    "name": c.group if c.group else c.name,
                    "d10": d10,
                    "score": c.scores.get(INICIATIVA, 0),
                    "total": c.initiative,
                },
            )
        )
    return events


def _units(state: DS20State) -> list[list[DSCombatant]]:
    """Initiative units: a group's members together, else one combatant each."""
    units: list[list[DSCombatant]] = []
    by_group: dict[str, list[DSCombatant]] = {}
    for c in state.combatants:
        if c.initiative is None:
            continue
        if c.group:
            if c.group not in by_group:
                by_group[c.group] = []
                units.append(by_group[c.group])
            by_group[c.group].append(c)
        else:
            units.append([c])
    return units


def _break_ties(
    units: list[list[DSCombatant]], dice: DiceSource, total: int, depth: int = 0
) -> list[Event]:
    """DS-3: units tied from different sides roll off (1d10 per side, again while tied);
    ties within one side keep their order, and the players may swap them. One roll per
    side, not per unit, so that in a three-way tie (two player characters and a foe)
    the roll-off puts the foe before or after both, and the two players stay tied and
    may still choose their order (seed 004: "Si dos personajes del mismo bando empatan,
    pueden acordar entre ellos quién actúa primero"). Sides roll in the order their
    first unit was added. Each roll-off is an event (DS-3: the tie-break roll is shown)."""
    if len(units) < 2 or len({u[0].side for u in units}) < 2 or depth >= MAX_TIEBREAKS:
        return []
    by_side: dict[str, int] = {}
    names: dict[str, list[str]] = {}
    for unit in units:
        side = unit[0].side
        if side not in by_side:
            by_side[side] = dice.roll(10)
        names.setdefault(side, []).append(_unit_name(unit))
        for c in unit:
            c.tiebreak.append(by_side[side])
    rolls = [f"{', '.join(names[side])} 1d10 ({roll})" for side, roll in by_side.items()]
    events = [
        Event(
            key="ds20.initiative.tiebreak_again" if depth else "ds20.initiative.tiebreak",
            params={"total": total, "rolls": " · ".join(rolls)},
        )
    ]
    by_roll: dict[int, list[list[DSCombatant]]] = {}
    for unit in units:
        by_roll.setdefault(unit[0].tiebreak[-1], []).append(unit)
    for tied in by_roll.values():
        events += _break_ties(tied, dice, total, depth + 1)
    return events


def _unit_name(unit: list[DSCombatant]) -> str:
    """How the initiative lines name a unit: a group by its name, else the combatant."""
    return unit[0].group or unit[0].name


def sort_order(state: DS20State, dice: DiceSource) -> list[Event]:
    """DS-3: the turn order, high to low, ties between opponents rolled off (the
    roll-offs' events returned)."""
    current = state.current_id
    units = _units(state)
    by_total: dict[tuple[int, tuple[int, ...]], list[list[DSCombatant]]] = {}
    for unit in units:
        key = (unit[0].initiative or 0, tuple(unit[0].tiebreak))
        by_total.setdefault(key, []).append(unit)
    events: list[Event] = []
    for (total, _), tied in by_total.items():
        events += _break_ties(tied, dice, total)
    units.sort(key=lambda u: (u[0].initiative or 0, u[0].tiebreak), reverse=True)
    state.turn_order = [c.id for unit in units for c in unit]
    if current is not None and current in state.turn_order:
        state.current = state.turn_order.index(current)
    return events


def roll_initiative(
    state: DS20State, actor: Actor, dice: DiceSource, combatant_ids: Sequence[str] | None = None
) -> Outcome:
    """DS-3: roll 1d10 + Iniciativa for the given combatants (default: every one that
    has not rolled) and order them high to low. A player may roll for their own, once;
    the GM may have anyone roll again."""
    new = copy(state)
    if combatant_ids is None:
        require_gm(actor)
        members = [c for c in new.combatants if c.initiative is None]
    else:
        members = [controlled(new, actor, cid) for cid in combatant_ids]
        rolled = [c for c in members if c.initiative is not None]
        if rolled and not actor.is_gm:
            raise RuleError("ds20.error.already_rolled", name=rolled[0].name)
    if not members:
        raise RuleError("ds20.error.nobody_to_roll")
    events = roll_for(new, members, dice)
    events += sort_order(new, dice)
    events.append(
        Event(
            key="ds20.initiative.order",
            params={"order": ", ".join(new.get(i).name for i in new.turn_order)},
        )
    )
    return Outcome(state=new, events=events, summary=Event(key="log.initiative"))


def swap_initiative(state: DS20State, actor: Actor, first_id: str, second_id: str) -> Outcome:
    """DS-3: two tied combatants of the same side choose who acts first: ``first_id`` is
    put before ``second_id``."""
    new = copy(state)
    a, b = new.get(first_id), new.get(second_id)
    if not (
        a.controlled_by(actor.user_id, is_gm=actor.is_gm)
        or b.controlled_by(actor.user_id, is_gm=actor.is_gm)
    ):
        raise RuleError("ds20.error.not_your_combatant", name=a.name, gender=a.gender)
    if a.initiative is None or (a.initiative, a.tiebreak) != (b.initiative, b.tiebreak):
        raise RuleError("ds20.error.not_tied", first=a.name, second=b.name)
    if a.side != b.side:
        raise RuleError("ds20.error.not_same_side", first=a.name, second=b.name)
    current = new.current_id
    order = new.turn_order
    ia, ib = order.index(a.id), order.index(b.id)
    if ia > ib:
        order[ia], order[ib] = order[ib], order[ia]
    if current is not None:
        new.current = order.index(current)
    return Outcome(
        state=new,
        events=[Event(key="ds20.initiative.swapped", params={"first": a.name, "second": b.name})],
        summary=Event(key="log.ds20.swap", params={"first": a.name, "second": b.name}),
    )
