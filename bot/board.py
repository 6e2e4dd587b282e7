"""Keeps each channel's board message current: posted once, then edited in place.

At most one edit per ``interval`` seconds per channel, and always ending on the latest
state: a request while an edit is pending just marks the channel dirty. Runs after the
command's transaction, never inside it.

Under load the whole bot keeps to about ``EDITS_PER_SECOND`` board edits: with more busy
channels than that budget allows at ``interval``, each waits longer between edits (a
hundred busy channels: one edit each 2.5 s). An edit that would show exactly what the
message already shows is not sent.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import discord

from bot import loopwatch
from bot.bennies.holders import uses_bennies
from bot.render.board import BoardContext, board_embed
from bot.render.views import board_view

if TYPE_CHECKING:
    from bot.app import ComodinBot
    from bot.systems.encounter import Encounter

log = logging.getLogger("comodin.board")

EDITS_PER_SECOND = 40.0


class BoardManager:
    def __init__(self, bot: ComodinBot, interval: float = 1.5) -> None:
        self.bot = bot
        self.interval = interval
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._shown: dict[int, tuple[int, str]] = {}  # channel -> (message id, what it shows)
        self.edits = 0
        self.skipped = 0

    def forget_shown(self) -> None:
        """Forget what each board was last edited to show (another process may have
        edited them since: a shard reconnected), so the next edit is not skipped."""
        self._shown.clear()

    def request(self, channel_id: int) -> None:
        loopwatch.board_requested(channel_id)
        self._dirty.add(channel_id)
        task = self._tasks.get(channel_id)
        if task is None or task.done():
            self._tasks[channel_id] = asyncio.create_task(
                self._run(channel_id), name=f"comodin-board-{channel_id}"
            )

    async def flush(self) -> None:
        """Wait for pending board edits (shutdown, tests)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, channel_id: int) -> None:
        loopwatch.mark("board")
        while channel_id in self._dirty:
            self._dirty.discard(channel_id)
            try:
                await self._update(channel_id)
            except discord.HTTPException as exc:
                log.warning("board edit in channel %s failed: %s", channel_id, exc)
            except Exception:
                log.exception("board update in channel %s failed", channel_id)
            if self.interval:
                await asyncio.sleep(self.pause())

    def pause(self) -> float:
        """Seconds between two edits of one channel: ``interval``, longer when so many
        channels are busy that the edits would pass ``EDITS_PER_SECOND``."""
        busy = sum(1 for task in self._tasks.values() if not task.done())
        return max(self.interval, busy / EDITS_PER_SECOND)

    def language(self, encounter: Encounter) -> str:
        """The board's language (issue 18): the server's setting (/server language), else
        the language of the GM who started the encounter, else the bot's default."""
        return (
            self.bot.guild_locales.get(encounter.guild_id)
            or encounter.lang
            or self.bot.settings.default_locale
        )

    async def context(self, encounter: Encounter) -> BoardContext:
        """Benny pools for the board, when a ledger is installed (``bot.bennies``) and the
        system uses bennies (the others' boards read nothing of them). The session's pools
        only when the encounter shares the session (issue 21: its GM is the session's)."""
        ledger = getattr(self.bot, "bennies", None)
        if ledger is None or not uses_bennies(encounter.system):
            return BoardContext()
        pools = await ledger.pools_for_channel(encounter.channel_id, board=True)
        return BoardContext(pools=pools)

    async def _update(self, channel_id: int) -> None:
        read_at = time.monotonic()
        encounter = await self.bot.encounters.get(channel_id)
        if encounter is None:
            loopwatch.board_shown(channel_id, read_at)
            return
        lang = self.language(encounter)
        embed, buttons = board_embed(encounter, lang, await self.context(encounter))
        view = board_view(channel_id, buttons, lang)
        shown = repr((embed.to_dict(), view.to_components() if view is not None else None))
        channel = self.bot.get_partial_messageable(channel_id, guild_id=encounter.guild_id)
        if encounter.board_message_id is not None:
            if self._shown.get(channel_id) == (encounter.board_message_id, shown):
                self.skipped += 1
                loopwatch.board_shown(channel_id, read_at)
                return
            try:
                await channel.get_partial_message(encounter.board_message_id).edit(
                    embed=embed, view=view
                )
                self.edits += 1
                self._shown[channel_id] = (encounter.board_message_id, shown)
                loopwatch.board_shown(channel_id, read_at)
                return
            except discord.NotFound:
                pass
        message = await channel.send(embed=embed, view=view)
        self.edits += 1
        self._shown[channel_id] = (message.id, shown)
        loopwatch.board_shown(channel_id, read_at)
        await self.bot.encounters.set_board(channel_id, message.id)
