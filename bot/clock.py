"""The bot's clock: when a pending decision opened and when its reminder is due (issue 27).

Everything that reads the time to decide something (a decision's opening time, a
reminder's due time, which reminders are due) asks the bot's clock, never
``datetime.now`` directly, so the tests and the offline table move time forward by hand
(``ManualClock.advance``) and nothing sleeps. Times are UTC, written as ISO 8601 text
to the second (``2026-11-27T21:53:37+00:00``): one format everywhere, so the database
compares them as text on either engine.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, UTC."""
        ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that stands still until moved (the tests, the offline table's ``wait``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = (start or datetime.now(UTC)).replace(microsecond=0)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        self._now += delta
        return self._now


def stamp(moment: datetime) -> str:
    """``moment`` as stored: UTC ISO 8601 to the second."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def read_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text)
