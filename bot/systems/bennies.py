"""What a system whose combatants spend bennies tells the bot (SW-33, SW-35, SW-38): the
one door the bennies service (:mod:`bot.bennies`) and the follow-ups of an action
(``bot/commands/benny_follow_ups.py``) go through. A system without bennies leaves
``Plugin.bennies`` out: the ledger then reads and writes nothing for its encounters.
Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Offer, Outcome

Rules = Callable[[Any, Actor, DiceSource], Outcome]

# What the bot does after an action whose events hold a key (BennyRules.events).
JOKER = "joker"  # hand out a Joker's bennies and say so (SW-33)
JOINED = "joined"  # a player new to the running session gets theirs (SW-35, SW-45)
SYNC = "sync"  # someone came in: the session's pools brought up to date (SW-35)


@dataclass(frozen=True)
class BennyRules:
    """How a system's bennies work, as the bot needs it:

    - ``uses``: what a benny buys, by name (``/bennies spend use:``, the benny buttons);
      ``spend(use, combatant_id, offers)`` is the rules call of one for one combatant
      (the reroll its last result offered it, else the use's own rules);
    - ``spender(state, actor, name)``: who spends (the one ``name`` names, else the one
      combatant the user controls); ``named(state, name)``: the one ``name`` names;
    - a GM Wild Card's own pool, kept in the state: ``take(state, combatant_id)`` (one
      spent), ``give(state, combatant_id, count)`` (within its bound) and
      ``seed(state, ids)`` (its pool for a session; the new state and each pool);
    - ``events``: an event key -> what the bot does after an action that said it
      (:data:`JOKER`, :data:`JOINED`, :data:`SYNC`).

    Each rules function returns a new state, never changing the one it is given."""

    uses: frozenset[str]
    spend: Callable[[str, str, Sequence[Offer]], Rules]
    spender: Callable[[Any, Actor, str | None], Any]
    named: Callable[[Any, str], Any]
    take: Callable[[Any, str], Any]
    give: Callable[[Any, str, int], Any]
    seed: Callable[[Any, list[str]], tuple[Any, dict[str, int]]]
    events: Mapping[str, str] = field(default_factory=dict)

    def keys(self, follow_up: str) -> frozenset[str]:
        """The event keys after which the bot does ``follow_up``."""
        return frozenset(key for key, then in self.events.items() if then == follow_up)
