"""Contracts shared by every game system. Pure: no discord, no database, no clock.

A system is a package under ``bot/systems`` exposing pure functions of
``(state, ..., dice) -> Outcome``. The encounter service (``bot/encounter``) loads the
channel's :class:`~bot.systems.Encounter`, calls one such function under the channel's
lock, and saves the new state and the events in one transaction.

- :class:`Event` — something that happened, as an i18n key plus parameters. The render
  layer turns events into embeds/text in the reader's language. Keys live in
  ``bot/i18n/{es,en}.json``; every key used must exist in both.
- :class:`Offer` — a follow-up the bot offers as a button (soak, reroll, unshake,
  react...), for one user (or the GM), valid until the encounter's next action.
- :class:`Outcome` — what a rules function returns; its ``summary`` says what the action
  was as an event too (``/undo`` says it undid it, in the reader's language).
- :class:`RuleError` — the user asked for something the rules or permissions forbid
  (not your turn, unknown combatant, no bennies...). Localized, ephemeral, changes
  nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, Field, ValidationError


class RuleError(Exception):
    """A user-caused error: an i18n key and its parameters. Nothing is changed."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.key!r}, {self.params!r})"


class Event(BaseModel):
    """Something that happened, rendered later in the reader's language.

    ``key`` is an i18n key; ``params`` fill its placeholders (``{name}``). ``dice`` is an
    optional structured view of a roll (see ``bot.dice``) for the renderer.
    """

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    dice: dict[str, Any] | None = None


class Offer(BaseModel):
    """A button offered with a result: ``action`` names what pressing it does (the cog
    maps it to a service call), ``user_id`` is who may press it (``None``: the GM)."""

    action: str
    label_key: str
    user_id: int | None = None
    combatant_id: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    # Parameters of the label alone, not passed to the move (a shipped reaction's name as a
    # term, said in the reader's language: issue 29).
    label: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def to_player_of(cls, combatant: Any, action: str, label_key: str, **fields: Any) -> Offer:
        """A button for ``combatant``'s decision: only its player (its ``controller_id``;
        None: the GM) may press it, and it says whose it is (issue 27: a decision calls
        its owner). ``fields``: the rest of the offer (``data``, ``label``)."""
        return cls(
            action=action,
            label_key=label_key,
            user_id=combatant.controller_id,
            combatant_id=combatant.id,
            **fields,
        )


class Actor(BaseModel):
    """Who is acting: the Discord user and whether they may act as the encounter's GM."""

    user_id: int
    is_gm: bool = False


class Outcome(BaseModel):
    """What a rules function returns: the new system state, the events, the offers."""

    model_config = {"arbitrary_types_allowed": True}

    state: Any
    events: list[Event] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    # What the action was, for the log and /undo: an event (``log.*`` key and params),
    # rendered in each reader's language. A plain string is shown as written.
    summary: Event | str = ""
    # Issue 33: the ids of the combatants the action added, in the order they came in
    # (the encounter service fills it from the state's allocator: StateCore.ids_from).
    added: list[str] = Field(default_factory=list)
    # Issue 33: what the action read from text a user pasted (a stat block): the
    # SheetReading the sheet card after it shows the warnings of (bot.systems.sheets);
    # None when it read none. Read once: where the move read it.
    reading: Any = None


def stored_summary(summary: Event | str) -> str:
    """A summary as the undo table keeps it: an event as its JSON, a string as is."""
    if isinstance(summary, Event):
        return json.dumps(summary.model_dump(mode="json", exclude={"dice"}), ensure_ascii=False)
    return summary


def read_summary(stored: str) -> Event | str:
    """:func:`stored_summary` read back: the event, or the plain string older rows and
    plain summaries keep."""
    if stored.startswith("{"):
        try:
            return Event.model_validate_json(stored)
        except ValidationError:
            pass
    return stored


def chain(
    state: Any, steps: Iterable[Callable[[Any], Outcome]], *, summary: Event | str = ""
) -> Outcome:
    """Apply rules steps one after another as one action: each step gets the state the
    previous one left; events and offers add up (the last step's offers win, as offers
    are valid until the next action)."""
    events: list[Event] = []
    offers: list[Offer] = []
    for step in steps:
        out = step(state)
        state = out.state
        events.extend(out.events)
        offers = list(out.offers) or offers
    return Outcome(state=state, events=events, offers=offers, summary=summary)
