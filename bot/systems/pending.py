"""What the table waits on (issue 27): the pending decisions, else the turn. Pure.

A *pending decision* is a choice only one combatant's side can make before the fight
goes on: soaking a hit or taking it (SW-14), a defence (dodge, block or none; DS-5), a
reaction window (RH-8), a benny to shake off Shaken (SW-15)... Its owner is the
combatant that must decide, so the user who controls it (a combatant the GM controls:
the GM). The channel's system says what is pending: ``Plugin.pending(state, offers)``
returns :class:`Decision` s, read from its state and the buttons the last action offered
(no list of systems here). When nothing is pending, the table waits on the turn in
progress (``Plugin.turn``).

The encounter keeps when each of these started waiting (:class:`Opened`, in
``Encounter.waiting``): after every action :func:`carry` keeps the opening of what
still waits and opens what is new. A decision that stops waiting and comes back later
(an undo, a chain back on the same link) is a new opening. Times come from the bot's
clock (``bot.clock``), passed in: nothing here reads the time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from bot.systems.base import Offer

if TYPE_CHECKING:
    from bot.systems.plugin import Plugin

TURN = "turn:"
# /encounter settings setting:reminders (issue 27): how long a decision or a turn waits
# before its owner is reminded, in seconds (0: never), and the bounds of a value.
REMINDERS_MIN = 5 * 60
REMINDERS_MAX = 7 * 24 * 60 * 60


@dataclass(frozen=True)
class Decision:
    """A choice waiting on ``combatant_id``'s side. ``key`` names it while it stays open
    (the same key after the next action: it is still the same decision). ``what`` is
    the i18n key of what they decide ("soak the wounds with a benny or take them"),
    ``how`` of what to press or type; ``params`` fill both. ``button``: the label key of
    the button that answers it (``button_params`` fill it), shown in ``how`` as
    ``{button}``."""

    key: str
    combatant_id: str
    what: str
    how: str
    params: Mapping[str, Any] = field(default_factory=dict)
    button: str = ""
    button_params: Mapping[str, Any] = field(default_factory=dict)


PendingOf = Callable[[Any, Sequence[Offer]], list[Decision]]


@dataclass(frozen=True)
class Waited:
    """One thing the table waits on now: a :class:`Decision`, or the turn (``decision``
    None) of ``combatants``."""

    key: str
    combatants: tuple[str, ...]
    decision: Decision | None = None

    @property
    def is_turn(self) -> bool:
        return self.decision is None


def waited(plugin: Plugin[Any], state: Any, offers: Sequence[Offer]) -> list[Waited]:
    """What the table waits on in ``state`` (with the buttons ``offers`` under the last
    result): every pending decision; with none, the turn in progress, if any."""
    decisions = plugin.pending(state, offers) if plugin.pending is not None else []
    if decisions:
        unique = {d.key: d for d in decisions}
        return [Waited(d.key, (d.combatant_id,), d) for d in unique.values()]
    turn = plugin.turn(state) if plugin.turn is not None else None
    if turn is None or not turn.now:
        return []
    mark = "/".join(str(part) for part in turn.mark)
    return [Waited(f"{TURN}{mark}", tuple(turn.now))]


class Opened(BaseModel):
    """When the thing ``key`` names started waiting: after action ``seq`` of the
    encounter (its ``seq`` then), at ``at`` (UTC ISO text, ``bot.clock.stamp``)."""

    model_config = ConfigDict(frozen=True)

    key: str
    seq: int
    at: str

    @property
    def id(self) -> str:
        """This opening, never given to another one of the encounter (an action's
        ``seq`` is never reused: ``/undo`` keeps counting forward)."""
        return f"{self.key}@{self.seq}"

    @property
    def is_turn(self) -> bool:
        return self.key.startswith(TURN)


def carry(before: Iterable[Opened], keys: Iterable[str], *, seq: int, at: str) -> list[Opened]:
    """What waits after an action, in the order of ``keys``: each key that waited
    before keeps its opening; a new one opens after action ``seq``, at ``at``."""
    kept = {o.key: o for o in before}
    return [kept.get(k) or Opened(key=k, seq=seq, at=at) for k in dict.fromkeys(keys)]


def owners(combatants: Iterable[Any], ids: Iterable[str], gm_id: int) -> list[int]:
    """The players who control the combatants ``ids``, each once (the GM is not one:
    a combatant with no controller, or the GM's own, is the GM's)."""
    wanted = set(ids)
    found: list[int] = []
    for c in combatants:
        user = c.controller_id
        if c.id in wanted and user is not None and user != gm_id and user not in found:
            found.append(user)
    return found
