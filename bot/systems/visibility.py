"""Hidden stats (issue 18): the GM marks a combatant hidden and every system's board
shows it in words only (Shaken, wounded, out), never its numbers (wounds, Toughness,
Parry, bennies, damage, HP); rolls against it resolve as before, and the GM still sees
the numbers privately (``/combatant show``). One action for every system: it only sets
:attr:`~bot.systems.common.CombatantCore.hidden`. Pure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.common import owned_where, raw_items
from bot.systems.lookup import find

Rules = Callable[[Any, Actor, DiceSource], Outcome]


def set_hidden(state: Any, actor: Actor, name: str, hidden: bool) -> Outcome:
    """Action, the GM's: hide (or show again) the numbers of the combatant ``name``."""
    if not actor.is_gm:
        raise RuleError("combatant.hidden_gm_only")
    target = find(state.combatants, name)
    new = state.model_copy(deep=True)
    c = next(x for x in new.combatants if x.id == target.id)
    c.hidden = hidden
    params = {"combatant": c.name, "gender": c.gender}
    key = "combatant.hidden_on" if hidden else "combatant.hidden_off"
    return Outcome(
        state=new,
        events=[Event(key=key, params=params)],
        summary=Event(key=f"log.{key}", params=params),
    )


def hidden_from_start(rules: Rules) -> Rules:
    """Issue 27, ``/combatant add hidden:true``: the combatants ``rules`` add are hidden
    in the state they leave, so no board, card or reply ever shows their numbers (the
    same action: there is no moment they are shown). The GM's only: an add is."""

    def run(state: Any, actor: Actor, dice: DiceSource) -> Outcome:
        outcome = rules(state, actor, dice)
        added = set(outcome.state.ids_from(state.next_id))
        for c in owned_where(outcome.state.combatants, lambda c: c.id in added):
            c.hidden = True
        return outcome

    return run


def revealed(encounter: Any) -> Any | None:
    """The encounter with every combatant shown (the GM's private copy of a summary,
    issue 27), or None when none is hidden. A copy: the encounter is not changed."""
    if not any(c.hidden for c in raw_items(encounter.state.combatants)):
        return None
    copy = encounter.model_copy(deep=True)
    for c in owned_where(copy.state.combatants, lambda c: c.hidden):
        c.hidden = False
    return copy
