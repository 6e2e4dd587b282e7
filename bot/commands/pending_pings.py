"""Pending decisions call their owner (issue 27), and the reminders setting.

- The reply of an action that opened a decision (a soak offer, a defence, a reaction
  window: :mod:`bot.systems.pending`) says who decides, what, and what to press or
  type, mentioning the player who controls the combatant that decides (nobody for a
  combatant the GM controls; nobody with ``pings`` off, as turn pings), after the turn's
  announcement when the action also started a turn (:func:`announce`). Its
  ``allowed_mentions`` name exactly the users its text mentions.
- ``/encounter settings setting:reminders value:off|15m|1h|12h|1d...`` (GM): how long a
  decision or a turn waits before its owner is reminded (:mod:`bot.reminders` sends
  them), in either language (``recordatorios``, ``valor:no``, ``1 hora``, ``2 días``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import replies
from bot.commands.envelope_settings import EnvelopeSetting, answer
from bot.commands.turn_pings import Announcement, announcement
from bot.render.waiting import opened, reminders_line
from bot.systems.encounter import Encounter
from bot.systems.pending import REMINDERS_MAX, REMINDERS_MIN
from bot.systems.plugin import Turn
from bot.systems.words import NO, duration, fold

if TYPE_CHECKING:
    from bot.commands.context import Ctx

SETTING_NAMES = frozenset({"reminders", "reminder", "recordatorios", "recordatorio"})
OFF = NO | {"none", "ninguno", "nada", "apagado"}


def announce(before: Turn | None, encounter: Encounter, lang: str) -> Announcement | None:
    """What an action's reply says first: the turn it started (turn pings), then the
    decisions it opened; None when neither."""
    turn = announcement(before, encounter, lang)
    said = opened(encounter, lang)
    if said is None:
        return turn
    if turn is None:
        return Announcement(said.text, replies.only_users(said.users), said.users)
    users = (*turn.users, *(u for u in said.users if u not in turn.users))
    return Announcement(f"{turn.content}\n{said.text}", replies.only_users(users), users)


# -- the setting ----------------------------------------------------------------------


def read_delay(value: str) -> int | None:
    """``"1h"``, ``"90 min"``, ``"1 hora"``, ``"2 días"``, ``"1h30m"`` → seconds
    (:func:`bot.systems.words.duration`); ``"off"``, ``"no"`` → 0; None for anything
    else, or a wait outside 5 min..7 d."""
    if fold(value).strip().rstrip(".") in OFF:
        return 0
    seconds = duration(value)
    if seconds is None or not REMINDERS_MIN <= seconds <= REMINDERS_MAX:
        return None
    return seconds


REMINDERS = EnvelopeSetting(
    SETTING_NAMES, "reminders", read_delay, "pending.error.value", reminders_line
)


async def reminder_settings(
    ctx: Ctx, encounter: Encounter, setting: str | None, value: str | None
) -> bool:
    """``/encounter settings`` for the reminders setting; True when it answered."""
    return await answer(ctx, encounter, setting, value, REMINDERS)
