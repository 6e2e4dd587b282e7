"""What the encounter waits on, kept with each change (issue 27): the service's part.

After every change of an encounter (an action, an ``/undo``, an import) the service
sets ``Encounter.waiting`` from its system's answer (:func:`bot.systems.pending.waited`:
the pending decisions, else the turn), keeping the opening time of what still waits
(:func:`waiting_after`). In the same transaction the encounter's reminder rows follow
(:func:`follow`): planned for what opened, gone for what closed, planned again when the
delay changes (``/encounter settings setting:reminders``), none while it is off. The
SQL is the repository's (:mod:`bot.storage.reminders`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.clock import read_stamp, stamp
from bot.encounter.turns import remembering
from bot.storage import reminders
from bot.storage.db import Transaction
from bot.systems import catalogue
from bot.systems.base import Offer
from bot.systems.encounter import Encounter
from bot.systems.pending import Opened, carry, waited


def waiting_after(
    before: Sequence[Opened],
    state: Any,
    offers: Sequence[Offer],
    *,
    seq: int,
    now: datetime,
    checked: bool = False,
) -> list[Opened]:
    """What waits in ``state`` (its last action at ``seq``, offering ``offers``): what
    waited ``before`` keeps its opening, the rest opens ``now``. Whose turn it is is
    kept for ``state`` (:mod:`bot.encounter.turns`: the reply asks again; ``checked``:
    the tests' check of kept turns)."""
    plugin = remembering(catalogue.plugin(state.system), checked=checked)
    keys = [w.key for w in waited(plugin, state, offers)]
    return carry(before, keys, seq=seq, at=stamp(now))


def planned(encounter: Encounter, now: datetime) -> list[reminders.Planned]:
    """The reminders of what ``encounter`` waits on: the first when it has waited the
    encounter's delay (not before ``now``: a delay set later, a decision back after an
    undo), the last one delay after that."""
    delay = timedelta(seconds=encounter.reminders)
    found = []
    for opened in encounter.waiting:
        first = max(read_stamp(opened.at) + delay, now)
        found.append(reminders.Planned(opened.id, stamp(first), stamp(first + delay)))
    return found


async def follow(
    tx: Transaction,
    before: Encounter | None,
    after: Encounter,
    now: datetime,
    encounter_id: int | None,
) -> None:
    """The reminder rows after a change from ``before`` (None: a new encounter in the
    channel) to ``after``, whose stable id is ``encounter_id`` (issue 28; None: an
    encounter from before ids, which gets no reminders), written in the change's
    transaction ``tx``. Nothing is written when neither the delay nor what waits
    changed (most actions), nor while reminders are off."""
    was = before.reminders if before is not None else 0
    if not after.reminders and not was:
        return
    delay_changed = was != after.reminders
    if not delay_changed and before is not None and _ids(before) == _ids(after):
        return
    if encounter_id is None:
        return
    await reminders.plan(
        tx,
        encounter=encounter_id,
        channel_id=after.channel_id,
        guild_id=after.guild_id,
        planned=planned(after, now) if after.reminders else [],
        reschedule=delay_changed,
    )


def _ids(encounter: Encounter) -> list[str]:
    return [o.id for o in encounter.waiting]
