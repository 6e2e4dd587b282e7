"""Keeps each channel's board message current: posted once, then edited in place.

At most one edit per ``interval`` seconds per channel (Discord lets a channel's messages
be edited 5 times in 5 seconds), and always ending on the latest state: a request while
an edit is pending just marks the channel dirty, so one render shows every command of
its window. A channel whose board was not edited for ``interval`` is edited at once.
Runs after the command's transaction, never inside it.

Under load the whole bot keeps to ``EDITS_PER_SECOND`` board edits (Discord allows a bot
50 requests a second; interaction replies are not counted): with more channels waiting
for an edit than that budget allows at ``interval``, each waits longer (a hundred of
them: one edit each 2.2 s), and no two edits go closer than ``1 / EDITS_PER_SECOND``.
Only channels with an edit to make count: one whose board is current waits for nothing. An edit that would show exactly
what the message already shows is not sent.

The edit a command asks for is made after that command's handler ends (its reply and
follow-ups sent), not raced against them: :func:`handling` marks the task of the handler
running (``Ctx.of`` calls it), and the channel's edit, when due, first waits for the
handlers that asked for it. A handler's last message goes out before the board shows
what it did; the edit is not held past that (a handler still running when an edit of an
earlier request is made keeps the channel dirty, and gets the next edit).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import weakref
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import discord

from bot import loopwatch
from bot.bennies.holders import uses_bennies
from bot.render.board import BoardContext, render_board
from bot.render.views import board_view

if TYPE_CHECKING:
    from bot.app import ComodinBot
    from bot.systems.encounter import Encounter

log = logging.getLogger("comodin.board")

# Discord's 50 requests a second less 5 for the bot's other requests that count (a board
# posted, a reminder; interaction replies do not count). Issue 32: at 40 a hundred busy
# channels waited 2.5 s each for their edit, and the board lag's p99 at 200 commands a
# second was 1.56-1.66 s; at 45, 1.2-1.5 s (bench.e2e, no 429 from the double).
EDITS_PER_SECOND = 45.0
INTERVAL = 1.0  # seconds between two edits of one channel's board, at least
EDITED_KEPT = 4096  # channels whose last edit time is kept past INTERVAL (then pruned)

# What a board shows, as rendered: its embed's dict, its buttons (label key, action) and
# the language of their labels.
Shown = tuple[dict[str, Any], tuple[tuple[str, str], ...], str]

# The command handler's task that a board request comes from (set in the handler's own
# task: a task made inside it sees it too, a task made before it does not). A weak
# reference: the task itself, held in its own context, made a reference cycle of every
# command (task -> context -> task) that only the full collection freed, which grew with
# all a command's context held until one collection found 238,000-252,000 objects and
# held the loop 134-317 ms (issue 32, bench.e2e --rate max).
_HANDLER: ContextVar[weakref.ref[asyncio.Task[object]]] = ContextVar("comodin_board_handler")


def handling() -> None:
    """Mark the running task as a command's handler: the board edits it asks for
    (:meth:`BoardManager.request`) are made once it ends."""
    task = asyncio.current_task()
    if task is not None:
        _HANDLER.set(weakref.ref(task))


class BoardManager:
    def __init__(self, bot: ComodinBot, interval: float = INTERVAL) -> None:
        self.bot = bot
        self.interval = interval
        self._dirty: set[int] = set()
        # The channels with an edit to make (their task waits for its turn, or edits).
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # channel -> the handlers that asked for its next edit (it waits for their end)
        self._asked_by: dict[int, set[asyncio.Task[object]]] = {}
        self._edited_at: dict[int, float] = {}  # channel -> its last edit (loop clock)
        self._next_slot = 0.0  # the earliest time the next edit of any channel may go
        # channel -> (message id, what it shows: the rendered embed, its buttons, language)
        self._shown: dict[int, tuple[int, Shown]] = {}
        self.edits = 0
        self.skipped = 0

    def forget_shown(self) -> None:
        """Forget what each board was last edited to show (another process may have
        edited them since: a shard reconnected), so the next edit is not skipped."""
        self._shown.clear()

    def request(self, channel_id: int) -> None:
        loopwatch.board_requested(channel_id)
        self._dirty.add(channel_id)
        ref = _HANDLER.get(None)
        handler = None if ref is None else ref()
        if handler is not None and not handler.done():
            self._asked_by.setdefault(channel_id, set()).add(handler)
        task = self._tasks.get(channel_id)
        if task is None or task.done():
            task = asyncio.create_task(self._run(channel_id), name=f"comodin-board-{channel_id}")
            self._tasks[channel_id] = task
            task.add_done_callback(lambda done: self._finished(channel_id, done))
            if len(self._edited_at) > EDITED_KEPT:
                self._prune_edited()

    def _finished(self, channel_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(channel_id) is task:
            del self._tasks[channel_id]

    def _prune_edited(self) -> None:
        """Forget when boards were edited long enough ago not to matter any more."""
        horizon = asyncio.get_running_loop().time() - self.interval - 60.0
        for channel_id in [c for c, at in self._edited_at.items() if at < horizon]:
            del self._edited_at[channel_id]

    async def flush(self) -> None:
        """Wait for pending board edits (shutdown, tests)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, channel_id: int) -> None:
        """Edit the channel's board while it has changes to show, each edit ``pause()``
        after the one before (the channel's previous ones included); then stop."""
        loopwatch.mark("board")
        loop = asyncio.get_running_loop()
        while channel_id in self._dirty:
            if self.interval:
                due = self._edited_at.get(channel_id, -math.inf) + self.pause()
                if due > loop.time():
                    await asyncio.sleep(due - loop.time())
            still = await self._after_handlers(channel_id)
            self._dirty.discard(channel_id)
            if still:  # asked while it waited, and running yet: the next edit is theirs
                self._asked_by[channel_id] = still
                self._dirty.add(channel_id)
            try:
                await self._update(channel_id)
            except discord.HTTPException as exc:
                log.warning("board edit in channel %s failed: %s", channel_id, exc)
            except Exception:
                log.exception("board update in channel %s failed", channel_id)
            self._edited_at[channel_id] = loop.time()

    async def _after_handlers(self, channel_id: int) -> set[asyncio.Task[object]]:
        """Wait for the handlers that asked for this edit to end. Once, not for ever
        under a busy channel: of those that ask while it waits, the ones that have
        ended by then are covered by it (the state is read after); the ones still
        running are returned, for the next edit."""
        asked = self._asked_by.pop(channel_id, set())
        running = {handler for handler in asked if not handler.done()}
        if not running:
            return set()
        await asyncio.wait(running)
        later = self._asked_by.pop(channel_id, set())
        return {handler for handler in later if not handler.done()}

    async def _take_slot(self) -> None:
        """Keep the whole bot's edits at least ``1 / EDITS_PER_SECOND`` apart: channels
        that became due together (after the process was held up) go one by one, not in a
        burst past Discord's 50 requests a second."""
        if not self.interval:
            return
        now = asyncio.get_running_loop().time()
        slot = max(now, self._next_slot)
        self._next_slot = slot + 1 / EDITS_PER_SECOND
        if slot > now:
            await asyncio.sleep(slot - now)

    def pause(self) -> float:
        """Seconds between two edits of one channel: ``interval``, longer when so many
        channels have an edit to make that the edits would pass ``EDITS_PER_SECOND``."""
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
        if encounter is not None:
            lang = self.language(encounter)
            data, buttons = render_board(encounter, lang, await self.context(encounter))
            await self._show(encounter, (data, tuple(buttons), lang))
        loopwatch.board_shown(channel_id, read_at)

    async def _show(self, encounter: Encounter, shown: Shown) -> None:
        """Edit the channel's board to show ``shown`` unless it shows it already; post it
        again when its message is gone. The embed and the buttons are made only to be
        sent (issue 32: most commands leave the board as it was, and what it shows is
        compared as rendered, not as discord.py would write it: the same render writes
        the same request, :func:`message`)."""
        channel_id = encounter.channel_id
        if self._shown.get(channel_id) == (encounter.board_message_id, shown):  # ids: ints
            self.skipped += 1
            return
        embed, view = message(channel_id, shown)
        channel = self.bot.get_partial_messageable(channel_id, guild_id=encounter.guild_id)
        if encounter.board_message_id is not None:
            await self._take_slot()
            try:
                await channel.get_partial_message(encounter.board_message_id).edit(
                    embed=embed, view=view
                )
                self.edits += 1
                self._shown[channel_id] = (encounter.board_message_id, shown)
                return
            except discord.NotFound:
                pass
        await self._take_slot()
        posted = await channel.send(embed=embed, view=view)
        self.edits += 1
        self._shown[channel_id] = (posted.id, shown)
        await self.bot.encounters.set_board(channel_id, posted.id)


def message(channel_id: int, shown: Shown) -> tuple[discord.Embed, discord.ui.View | None]:
    """The board's embed and buttons for what :func:`~bot.render.board.render_board`
    rendered (as :func:`~bot.render.board.board_embed` makes them)."""
    data, buttons, lang = shown
    return discord.Embed.from_dict(data), board_view(channel_id, list(buttons), lang)
