"""What players see of a hidden combatant's events (issue 27; hidden stats, issue 18).
Pure: events in, events out; every system's.

A hidden combatant's own rolls reach players as their totals and outcome words only: the
dice, the bonuses (a roll's modifiers), the weapon's damage, its bennies left, Power
Points, AP, HP and the like become ``?``. The GM gets the whole events privately. What
the GM would want, and why:

- Totals and outcome words stay: the table must know whether the villain hit and by how
  much it beat the TN (the TN is the target's number: Parry, TN 4), and what a soak or a
  Vigor roll did; a player can guess a die from one total, not a sheet.
- The dice go (an ace chain shows the die size), and so do the modifiers by name (they
  list its edges and wounds), a weapon's damage dice, a Dread S-20 roll's d20 and
  weapon MHL/MHG, a Ritual Hex check's characteristic and odds, AP levels and costs.
- What players roll against it resolves as before (issue 18): the reply names the
  Toughness or Parry their roll met; their own dice are theirs.

Whose an event's dice are is the first name among :data:`ROLLER` it has (``names``
lists several; a soak names the one soaking as ``target``: the events whose ``target``
rolled are their system's, ``Plugin.target_rolls``): when
that combatant is hidden, its dice, its bonuses and its weapon's damage are masked.
Whose numbers it shows is the first among :data:`SUBJECT` (else the roller): a Ritual
Hex hero's damage roll on a hidden minion keeps its dice and hides the minion's HP. A
parameter that is a phrase the rules built (``{"key", "params"}``: a weapon "with Axe
(Str+d8)", an AP level "Goblin 9"), or a list of them, is read the same way on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n.catalog import is_phrase
from bot.systems import catalogue
from bot.systems.base import Event

MASK = "?"
# The parameters that say whose roll an event shows, and whose numbers, first found first.
ROLLER = ("attacker", "caster", "author", "holder", "name", "names")
SUBJECT = ("holder", "name", "names")
# The numbers of a hidden combatant a player never sees (module docstring): those of
# its roll (a check's characteristic and odds, a d20, its weapon's AP and MHL/MHG)...
ROLLER_NUMBERS = frozenset({"co", "chance", "d20", "mhl", "mhg", "ap"})
# ...and those of its own (bennies and Power Points left, AP levels and costs, HP).
SUBJECT_NUMBERS = frozenset(
    {"left", "remaining", "points", "max", "paid", "gained", "hp", "ap_level", "cost", "waiting"}
)
NUMBERS = ROLLER_NUMBERS | SUBJECT_NUMBERS
# Parameters dropped: the bonuses of a roll, a check's odds view.
DROPPED = frozenset({"modifiers", "odds"})
# Weapon phrases' damage as written ("Str+d8"), a Ritual Hex attack's ("1d-2|1").
PHRASE_NUMBERS = frozenset({"damage", *NUMBERS})


def hidden_names(state: Any) -> frozenset[str]:
    """The names of ``state``'s hidden combatants."""
    return frozenset(c.name for c in state.combatants if getattr(c, "hidden", False))


def for_players(state: Any, events: Iterable[Event]) -> list[Event] | None:
    """``events`` as players may see them, or None when none is about a hidden
    combatant (the module's reading): the GM's version is the events themselves."""
    hidden = hidden_names(state)
    events = list(events)
    if not hidden:
        return None
    own_target = catalogue.plugin(state.system).target_rolls
    shown = [_masked(e, hidden, own_target) for e in events]
    return shown if shown != events else None


def _whose(params: dict[str, Any], order: tuple[str, ...]) -> list[str] | None:
    """The names in the first of ``order``'s parameters ``params`` has (not empty)."""
    for name in order:
        value = params.get(name)
        if isinstance(value, str) and value:
            return value.split(", ") if name == "names" else [value]
    return None


def _hides(names: list[str] | None, hidden: frozenset[str]) -> bool:
    return names is not None and any(n in hidden for n in names)


def _masked(event: Event, hidden: frozenset[str], own_target: frozenset[str]) -> Event:
    own = [str(event.params.get("target"))] if event.key in own_target else None
    roller = own or _whose(event.params, ROLLER)
    rolled = _hides(roller, hidden)
    numbers = _hides(own or _whose(event.params, SUBJECT) or roller, hidden)
    params = {
        k: _param(k, v, hidden, rolled=rolled, numbers=numbers)
        for k, v in event.params.items()
        if not (rolled and k in DROPPED)
    }
    dice = masked_view(event.dice) if rolled and event.dice is not None else event.dice
    if params == event.params and dice is event.dice:
        return event
    return Event(key=event.key, params=params, dice=dice)


def _param(key: str, value: Any, hidden: frozenset[str], *, rolled: bool, numbers: bool) -> Any:
    if is_phrase(value):
        return _phrase(value, hidden, rolled)
    if isinstance(value, list) and value and all(is_phrase(v) for v in value):
        return [_phrase(v, hidden, rolled) for v in value]
    mine = (rolled and key in ROLLER_NUMBERS) or (numbers and key in SUBJECT_NUMBERS)
    if mine and value is not None and not isinstance(value, bool):
        return MASK
    return value


def _phrase(value: dict[str, Any], hidden: frozenset[str], rolled: bool) -> dict[str, Any]:
    """A phrase of a hidden roller's (its weapon's damage), or about a hidden one (an AP
    level), with its numbers masked."""
    inner = value["params"]
    mine = rolled or _hides(_whose(inner, ROLLER), hidden)
    params = {k: MASK if mine and k in PHRASE_NUMBERS else v for k, v in inner.items()}
    return {"key": value["key"], "params": params}


def masked_view(view: dict[str, Any]) -> dict[str, Any]:
    """A roll as players see a hidden combatant's: its total and how it went (success,
    raises, critical failure, its margin), no die."""
    kept = ("total", "success", "raises", "critical_failure", "margin", "spectacular", "disaster")
    return {"kind": "hidden", **{k: view[k] for k in kept if k in view}}
