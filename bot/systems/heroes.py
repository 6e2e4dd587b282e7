"""How many heroes one player brings to a fight, the same in every system (issue 21). Pure.

``/join`` takes one hero per player: a second one was a second turn every round and a
second pool of bennies, and joining the same sheet again a fresh copy of a hero the
fight had worn down. The GM may allow more for an encounter (a player running two
characters at a small table) with ``/encounter settings setting:heroes value:N``
(:func:`allow_heroes`). Every combatant a player controls counts, those the GM gave
them (``/combatant add controller:``) too; the GM is not limited by it.
"""

from __future__ import annotations

from typing import Any

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.words import fold

HEROES_PER_PLAYER = 1
"""Heroes a player may ``/join`` with, unless the GM allows more."""
HEROES_PER_PLAYER_MAX = 10
"""The most the GM may allow (a bound like the others: README "Limits")."""
SETTING_NAMES = frozenset(
    {"heroes", "heroes per player", "heroes_per_player", "heroe", "heroes por jugador"}
)


def is_heroes_setting(text: str) -> bool:
    """Whether ``/encounter settings``'s ``setting`` names this one (Spanish or English,
    case and accents ignored: ``héroes``, ``heroes per player``)."""
    return fold(text).replace("-", " ").strip() in SETTING_NAMES


def require_hero_slot(state: Any, user_id: int) -> None:
    """Issue 21: refuse a ``/join`` by a player who already controls as many combatants as
    the encounter allows (``state.heroes_per_player``), naming them and how the GM
    allows more (``roster.error.one_hero``)."""
    mine = [c.name for c in state.combatants if c.controller_id == user_id]
    if len(mine) >= state.heroes_per_player:
        raise RuleError(
            "roster.error.one_hero", names=", ".join(mine), limit=state.heroes_per_player
        )


def parse_allowance(value: str | None) -> int:
    """The number ``/encounter settings setting:heroes`` was given: 1..
    :data:`HEROES_PER_PLAYER_MAX` (``roster.error.heroes_value`` names the bound)."""
    text = (value or "").strip()
    if not text.isdigit() or not 1 <= int(text) <= HEROES_PER_PLAYER_MAX:
        raise RuleError("roster.error.heroes_value", value=text or "—", max=HEROES_PER_PLAYER_MAX)
    return int(text)


def allow_heroes(count: int) -> Any:
    """The rules call of ``/encounter settings setting:heroes value:N``: the GM sets how
    many heroes each player may join this encounter with."""

    def run(state: Any, actor: Actor, dice: Any) -> Outcome:
        if not actor.is_gm:
            raise RuleError("roster.error.heroes_gm")
        new = state.model_copy(deep=True)
        new.heroes_per_player = count
        event = Event(key="roster.heroes_allowed", params={"count": count})
        summary = Event(key="log.heroes_allowed", params={"count": count})
        return Outcome(state=new, events=[event], summary=summary)

    return run


def allowance_line(state: Any) -> Event:
    """The setting's line in ``/encounter settings``'s list."""
    return Event(key="roster.heroes_setting", params={"count": state.heroes_per_player})
