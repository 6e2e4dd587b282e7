"""Play-by-post reminders (issue 27): the task that sends the due ones.

``/encounter settings setting:reminders value:1h``: when a pending decision or a turn
has waited that long (``Encounter.waiting``), its owner is reminded in the channel, and
once more after as long again; never more. The encounter service keeps the rows
(:mod:`bot.storage.reminders`) in step with each change, in its transaction: planned
when something starts waiting, gone when it is taken, undone, or the encounter ends.

This task, one per process, looks every :data:`PERIOD` seconds (and the tests whenever
they move the clock: :meth:`ReminderSender.run_due`) for the due rows of the servers
whose shards this process runs, claims each (of two processes running a shard, as while
it moves, one wins the claim) and sends it: a message in the channel, in the board's
language, mentioning only whom it reminds (the players who decide; for the GM's
combatants, the GM; nobody with ``pings`` off). Before sending it reads the encounter
as it is: a row whose encounter or decision is gone is dropped unsent. A reminder due
while no process ran its shard is sent when one does (late, once). When both reminders
of one wait are due at once (the bot was down), only the last is sent.

Effect reminders that follow an action are another thing: :mod:`bot.commands.reminders`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot import replies
from bot.clock import stamp
from bot.render.waiting import reminder
from bot.storage import reminders

if TYPE_CHECKING:
    from bot.app import ComodinBot

log = logging.getLogger("comodin.reminders")

PERIOD = 20.0  # seconds between looks at the due reminders
BATCH = 100  # due rows read at a time


class ReminderSender:
    def __init__(self, bot: ComodinBot, period: float = PERIOD) -> None:
        self.bot = bot
        self.period = period
        self.name = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"  # claimed_by
        self.sent = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._loop(), name="comodin-reminders")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_due()
            except Exception:
                log.exception("sending reminders failed; trying again in %s s", self.period)
            await asyncio.sleep(self.period)

    async def run_due(self) -> int:
        """Send every reminder due now of this process's shards; how many were sent."""
        now = self.bot.clock.now()
        rows = await reminders.due(
            self.bot.db,
            stamp(now),
            shards=self.bot.shard_ids,
            shard_count=self.bot.shard_count or 1,
            limit=BATCH,
        )
        # A wait whose last reminder is due too gets that one only.
        last_due = {(r.encounter_id, r.decision) for r in rows if r.nth >= 2}
        sent = 0
        for row in rows:
            if not await reminders.claim(self.bot.db, row.id, stamp(now), self.name):
                continue  # another process (or pass) has it
            if row.nth < 2 and (row.encounter_id, row.decision) in last_due:
                continue
            if await self._send(row, now):
                sent += 1
        self.sent += sent
        return sent

    async def _send(self, row: reminders.Due, now: datetime) -> bool:
        db = self.bot.db
        encounter = await self.bot.encounters.get(row.channel_id)
        if (
            encounter is None
            or await reminders.encounter_id(db, row.channel_id) != row.encounter_id
        ):
            await reminders.drop(db, row.id)
            return False
        lang = self.bot.boards.language(encounter)
        said = reminder(encounter, row.decision, row.nth, now, lang)
        if said is None:  # taken meanwhile by a change this row has not heard of
            await reminders.drop(db, row.id)
            return False
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            await replies.post(
                channel, lang, content=said.text, allowed_mentions=replies.only_users(said.users)
            )
        except discord.HTTPException as exc:
            log.warning("reminder %s in channel %s not sent: %s", row.id, row.channel_id, exc)
            return False
        await reminders.mark_sent(db, row.id, stamp(self.bot.clock.now()))
        return True
