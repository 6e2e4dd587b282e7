"""The Bot subclass and the CommandTree with the one error handler (DESIGN.md).

The bot is discord.py's ``AutoShardedBot``: by default one process runs every shard
(Discord's recommended count, from GET /gateway/bot); ``comodin run --shards 0-3
--shard-count 8`` runs some of them, with other processes on the same database running
the rest (docs/STORAGE.md, "Shards and processes").
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
import pkgutil
import uuid
import weakref
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot import loopwatch, replies
from bot.bennies import BennyLedger
from bot.board import INTERVAL as BOARD_INTERVAL
from bot.board import BoardManager
from bot.clock import Clock, SystemClock
from bot.commands.checks import check_commands
from bot.config import Settings
from bot.dice.source import DiceError
from bot.dice_provider import DiceProvider
from bot.encounter.service import (
    DuplicateInteraction,
    EncounterService,
    InteractionClaim,
    current_claim,
)
from bot.errors import ReplayedInteraction
from bot.i18n import HelpPage, OptionNames, language_of, t
from bot.i18n.translator import ComodinTranslator
from bot.reminders import ReminderSender
from bot.shards import format_shard_ids, shard_of
from bot.storage import interactions, settings
from bot.storage.db import Database, open_database
from bot.systems.base import RuleError

log = logging.getLogger("comodin")
SYNC_HASH = "global_sync_hash"  # meta: the command tree's hash at the last global sync

# Comodín never joins voice: don't warn that voice libraries are missing.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

VERSION = "0.1.0"
IDENTIFY_INTERVAL = 5.0  # Discord: max_concurrency IDENTIFYs per 5 seconds, per bucket
ALREADY_ACKNOWLEDGED = 40060  # Discord's code when another process answered first


def discover_cogs() -> list[str]:
    """Every extension in ``cogs/``: a module or package whose name doesn't start with _."""
    return [
        f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.name.startswith("_")
    ]


class OptionRejected(app_commands.AppCommandError):
    """An option's value breaks the command's declared limits (length, range, choices).
    Discord enforces these in its client; the bot checks again, never trusting input."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclasses.dataclass(frozen=True)
class _Limits:
    """What :func:`check_options` reads of one parameter: its choices' values, and the
    bounds of a string's length or of a number."""

    name: str
    choices: frozenset[Any] | None
    string: bool
    low: int | float | None
    high: int | float | None


# A command's parameters as check_options reads them, built once per command (issue 32:
# discord.py's ``Command.parameters`` wraps every parameter anew on each read, and an
# /attack has fifteen).
_LIMITS: weakref.WeakKeyDictionary[app_commands.Command, dict[str, _Limits]] = (
    weakref.WeakKeyDictionary()
)


def _limits(command: app_commands.Command) -> dict[str, _Limits]:
    found = _LIMITS.get(command)
    if found is None:
        found = _LIMITS[command] = {
            p.name: _Limits(
                p.name,
                frozenset(c.value for c in p.choices) if p.choices else None,
                p.type is discord.AppCommandOptionType.string,
                p.min_value,
                p.max_value,
            )
            for p in command.parameters
        }
    return found


def check_options(command: app_commands.Command, options: list[dict[str, Any]]) -> None:
    """Raise OptionRejected when a value is outside the parameter's declared limits."""
    params = _limits(command)
    for option in options:
        param = params.get(option.get("name", ""))
        value = option.get("value")
        if param is None or value is None:
            continue
        if param.choices is not None and value not in param.choices:
            name, page = _named(command, param)
            raise OptionRejected("error.option_choice", option=name, help=page)
        if isinstance(value, str) and param.string:
            low, high = param.low, param.high
            if (low is not None and len(value) < low) or (high is not None and len(value) > high):
                name, page = _named(command, param)
                raise OptionRejected(
                    "error.option_length", option=name, min=low or 0, max=high or 6000, help=page
                )
        elif isinstance(value, int | float) and not isinstance(value, bool):
            low, high = param.low, param.high
            if (low is not None and value < low) or (high is not None and value > high):
                name, page = _named(command, param)
                raise OptionRejected(
                    "error.option_range", option=name, min=low, max=high, help=page
                )


def _named(command: app_commands.Command, param: _Limits) -> tuple[OptionNames, HelpPage]:
    """The option as the reader's Discord names it, and the help page of its command
    (`/ayuda orden:tirar`) as the reader types it."""
    return OptionNames([param.name]), HelpPage(command.qualified_name)


class ComodinTree(app_commands.CommandTree):
    """One error handler: user errors become a localized ephemeral message; anything
    else is logged with its traceback and the user gets a short message with an id."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        bot: ComodinBot = interaction.client  # type: ignore[assignment]
        await bot.begin_interaction(interaction)
        if interaction.type is discord.InteractionType.application_command:
            try:
                command, options = self._get_app_command_options(interaction.data)  # type: ignore[arg-type]
            except app_commands.CommandNotFound:
                return True
            if isinstance(command, app_commands.Command):
                check_options(command, options)  # type: ignore[arg-type]
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        bot: ComodinBot = interaction.client  # type: ignore[assignment]
        await bot.report_error(interaction, error)


class ComodinBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        dice: DiceProvider | None = None,
        db: Database | None = None,
        offline: bool = False,
        shard_ids: list[int] | None = None,
        shard_count: int | None = None,
        clock: Clock | None = None,
    ) -> None:
        """``shard_ids`` of ``shard_count``: the shards this process runs (both None: all
        of Discord's recommended count; :mod:`bot.shards`). ``clock``: the time the
        pending decisions and their reminders are read against (issue 27; the tests and
        the offline table move a ``ManualClock``)."""
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=ComodinTree,
            help_command=None,
            max_messages=None,  # no message events are used: don't cache sent boards
            shard_ids=shard_ids,
            shard_count=shard_count,
        )
        self.settings = settings
        self.dice = dice or DiceProvider()
        self._db = db
        self.offline = offline
        # Offline table only: interaction ids already applied when it dispatched them.
        self.replays_to_tell: set[int] = set()
        # A server's settings as last read from the database (begin_interaction reads
        # them again before each interaction: another process may have changed them).
        self.guild_locales: dict[int, str] = {}
        self.gm_roles: dict[int, int] = {}
        self.started_extensions: list[str] = []
        self.boards = BoardManager(self, interval=0 if offline else BOARD_INTERVAL)
        self.clock: Clock = clock or SystemClock()
        # Play-by-post reminders (issue 27): a task of the bot connected to Discord,
        # started with its first shard; the offline table and the tests call its
        # run_due() when they move the clock.
        self.reminders = ReminderSender(self)
        self.identify_concurrency = 1  # Discord's max_concurrency (GET /gateway/bot)
        self._identified_at: dict[int, float] = {}
        self._identify_locks: dict[int, asyncio.Lock] = {}

    @property
    def db(self) -> Database:
        assert self._db is not None, "setup_hook has not run"
        return self._db

    async def setup_hook(self) -> None:
        if self._db is None:
            self._db = await open_database(self.settings.database())
        self.encounters = EncounterService(self._db, self.dice, self.clock)
        self.bennies = BennyLedger(self._db, self.encounters, parent_of=self.thread_parent)
        await self.tree.set_translator(ComodinTranslator())
        for extension in discover_cogs():
            await self.load_extension(extension)
            self.started_extensions.append(extension)
        # Every game system's moves against the commands just declared: a move for a
        # command or an option no cog declares stops the bot here, not a player later.
        check_commands(self.tree)

    def thread_parent(self, channel_id: int) -> int | None:
        """A thread's parent channel, from the gateway cache (its benny session is the
        parent's); None for anything else, or a thread not in the cache."""
        channel = self.get_channel(channel_id)
        return channel.parent_id if isinstance(channel, discord.Thread) else None

    async def close(self) -> None:
        try:
            await self.reminders.stop()
            await self.boards.flush()
            await super().close()
        finally:
            if self._db is not None:
                await self._db.close()
                self._db = None

    # --- shards -----------------------------------------------------------------------

    def owns_shard(self, shard_id: int) -> bool:
        """Whether this process runs ``shard_id`` (every shard when none were given)."""
        return self.shard_ids is None or shard_id in self.shard_ids

    def shard_for(self, guild_id: int | None) -> int:
        """The shard a server's interactions come through (direct messages: 0)."""
        return shard_of(guild_id, self.shard_count or 1)

    def describe_shards(self) -> str:
        """This process's shards, as ``/ping`` and the log name them: ``0-3 of 8``."""
        count = self.shard_count or 1
        return f"{format_shard_ids(self.shard_ids or range(count))} of {count}"

    async def prepare_gateway(self) -> None:
        """Read Discord's ``max_concurrency`` (how many shards may IDENTIFY every 5
        seconds: :meth:`before_identify_hook`). Keeps 1 if Discord does not say."""
        try:
            limits = await self.fetch_session_start_limits()
        except discord.DiscordException as exc:
            log.warning("could not read the session start limits (%s); identifying one by one", exc)
            return
        self.identify_concurrency = max(1, limits.max_concurrency)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord lets ``max_concurrency`` shards IDENTIFY every 5 seconds: shard ``s``
        is in bucket ``s % max_concurrency`` and waits until 5 seconds after the last
        IDENTIFY of its bucket in this process (discord.py's default waits 5 seconds
        before every shard but the first, whatever the bucket). A shard identifying
        again (its session was refused or lost) is in a bucket that identified
        recently, so it waits too."""
        bucket = (shard_id or 0) % self.identify_concurrency
        lock = self._identify_locks.setdefault(bucket, asyncio.Lock())
        async with lock:
            loop = asyncio.get_running_loop()
            last = self._identified_at.get(bucket)
            if last is not None and (wait := last + IDENTIFY_INTERVAL - loop.time()) > 0:
                await asyncio.sleep(wait)
            self._identified_at[bucket] = loop.time()

    async def on_shard_connect(self, shard_id: int) -> None:
        self._shard_regained(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self._shard_regained(shard_id)

    def _shard_regained(self, shard_id: int) -> None:
        """A shard's session has just started (READY) or resumed: while it was away,
        another process may have run its servers' commands (a shard moving, or started
        twice), so what this process kept of those servers is read afresh. Runs before
        any interaction the new session delivers (their tasks are created after this
        event's)."""
        count = self.shard_count or 1
        dropped = self.encounters.forget_guilds(lambda g: shard_of(g, count) == shard_id)
        self.boards.forget_shown()
        log.info("shard %s connected; %s cached encounters dropped", shard_id, dropped)
        if not self.offline:
            # Reminders are sent by a process connected to Discord, for the shards it
            # runs: never by ``comodin sync`` (which never connects), nor before the
            # shard count is known (issue 27).
            self.reminders.start()

    # --- per interaction ------------------------------------------------------------

    async def begin_interaction(self, interaction: discord.Interaction) -> None:
        """Before any handler runs: claim the interaction for this task's writes (a
        command two processes receive is applied by one: ``InteractionClaim``), and
        read the server's settings (another process may have changed them)."""
        current_claim.set(InteractionClaim(interaction.id, interaction.channel_id or 0))
        task = asyncio.current_task()
        if task is not None:
            task.add_done_callback(lambda _: _let_go(interaction))
        if loopwatch.on():
            loopwatch.mark(loopwatch.command_kind(interaction))
        replies.without_echo()
        await self.refresh_guild_settings(interaction.guild_id)
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id and self._db is not None:
            # Issue 28: a thread's fight uses its parent channel's benny session from its
            # first command (a Joker dealt there found "no session" until a /bennies
            # command had linked the thread): the interaction says which the parent is.
            await self.bennies.link(channel.id, channel.parent_id)

    async def refresh_guild_settings(self, guild_id: int | None) -> None:
        """The server's language and GM role, read from the database (one indexed read)."""
        if guild_id is None or self._db is None:
            return
        found = await settings.guild_settings(self._db, guild_id)
        if found.locale:
            self.guild_locales[guild_id] = found.locale
        else:
            self.guild_locales.pop(guild_id, None)
        if found.gm_role_id:
            self.gm_roles[guild_id] = found.gm_role_id
        else:
            self.gm_roles.pop(guild_id, None)

    async def answered_elsewhere(self, interaction: discord.Interaction) -> bool:
        """Before answering an interaction with an error: whether another process that
        received it too (a shard moving, docs/STORAGE.md) applied it or answered it, so
        its answer is the user's and this one says nothing. Otherwise the interaction is
        marked processed here, so no process applies it later (one that received it
        late, or a replay): the user's answer is this error, and nothing changes after
        it. Commands that changed nothing are marked only here, on their error."""
        claim = current_claim.get()
        if claim is not None and claim.interaction_id == interaction.id and claim.claimed:
            return False
        if self._db is None:
            return False
        try:
            async with self._db.transaction() as tx:
                marked = await interactions.mark(tx, interaction.id, interaction.channel_id or 0)
        except Exception:  # the database failing is no reason to leave the user unanswered
            log.warning("could not mark interaction %s", interaction.id, exc_info=True)
            return False
        if marked and claim is not None and claim.interaction_id == interaction.id:
            claim.claimed = True
        return not marked

    # --- language -------------------------------------------------------------------

    def language_for(self, interaction: discord.Interaction) -> str:
        """The interaction's locale, then the guild's setting, then the default (DESIGN)."""
        lang = language_of(interaction.locale)
        if lang is None and interaction.guild_id is not None:
            lang = self.guild_locales.get(interaction.guild_id)
        return lang or self.settings.default_locale

    # --- errors and replies -----------------------------------------------------------

    async def report_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        """User errors become a localized ephemeral message; anything else is logged with
        its traceback and the user gets a short message with an error id."""
        lang = self.language_for(interaction)
        original = getattr(error, "original", error)
        if (
            isinstance(original, ReplayedInteraction | DuplicateInteraction)
            or _answered_elsewhere(original)
            or await self.answered_elsewhere(interaction)
        ):
            # Applied or answered already, here or by another process that received it
            # too: that answer is the user's (docs/STORAGE.md).
            log.info(
                "interaction %s was already applied or answered; not answering", interaction.id
            )
            await self._say_replayed(interaction, lang)
            return
        if isinstance(original, RuleError | DiceError | OptionRejected):
            text = t(original.key, lang, **_params(original.key, original.params, lang))
        elif isinstance(error, app_commands.TransformerError):
            text = t("error.bad_value", lang, value=str(error.value))
        elif isinstance(error, app_commands.CheckFailure):
            text = t("error.not_allowed", lang)
        elif isinstance(error, app_commands.CommandNotFound):
            text = t("error.unknown_command", lang)
        else:
            error_id = uuid.uuid4().hex[:8]
            name = interaction.command.qualified_name if interaction.command else interaction.data
            log.error("error %s in %r", error_id, name, exc_info=original)
            text = t("error.internal", lang, error_id=error_id)
        await self.send_ephemeral(interaction, text, lang)

    async def _say_replayed(self, interaction: discord.Interaction, lang: str) -> None:
        """On Discord a replayed interaction was answered by its first delivery (or by the
        other process that received it too), so the replay stays silent. The offline
        table marks in :attr:`replays_to_tell` the ids that were applied before it
        dispatched them (a payload sent again, an earlier session's id): no delivery in
        sight answered those, so the transcript says why nothing happened."""
        if interaction.id in self.replays_to_tell:
            self.replays_to_tell.discard(interaction.id)
            await self.send_ephemeral(
                interaction, t("play.replayed", lang, id=interaction.id), lang
            )

    async def send_ephemeral(
        self, interaction: discord.Interaction, text: str, lang: str | None = None
    ) -> None:
        """An error (or any private note) to the user who acted, fitted to Discord's limits
        and after a defer if there was one (:mod:`bot.replies`)."""
        try:
            await replies.reply(
                interaction, lang or self.language_for(interaction), content=text, ephemeral=True
            )
        except discord.HTTPException:
            log.warning("could not deliver an error message to interaction %s", interaction.id)

    # --- command sync ---------------------------------------------------------------

    def command_tree_hash(self) -> str:
        """A hash of the command payloads and their translations: sync when it changes."""
        payload: list[Any] = [c.to_dict(self.tree) for c in self.tree.get_commands()]
        from bot.i18n import catalog

        strings = {
            lang: {k: v for k, v in catalog(lang).items() if k.startswith("cmd.")}
            for lang in ("es", "en")
        }
        blob = json.dumps([payload, strings], sort_keys=True, default=str).encode()
        return hashlib.sha256(blob).hexdigest()

    async def sync_commands(self, guild_id: int | None = None, *, force: bool = False) -> bool:
        """Sync to a guild (always) or globally (only when the tree changed, or forced).
        Returns whether a sync was sent."""
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            return True
        current = self.command_tree_hash()
        if not force and await settings.meta(self.db, SYNC_HASH) == current:
            log.info("command tree unchanged since the last global sync; not syncing")
            return False
        await self.tree.sync()
        async with self.db.transaction() as tx:
            await settings.set_meta(tx, SYNC_HASH, current)
        return True

    async def clear_global_commands(self) -> None:
        """Remove this application's global commands on Discord (the tree keeps them).
        With a development server its guild copies are the only ones, so the server does
        not list every command twice. The next global sync then always goes out."""
        assert self.application_id is not None, "login first"
        await self.http.bulk_upsert_global_commands(self.application_id, payload=[])
        async with self.db.transaction() as tx:
            await settings.drop_meta(tx, SYNC_HASH)


def _let_go(interaction: discord.Interaction) -> None:
    """Once the task that served an interaction is done, break the cycle discord.py
    leaves between it and its ``response`` (``InteractionResponse._parent``): the
    interaction, its member, user, channel and namespace are then freed at once, by
    reference counting, instead of surviving as garbage into the collector's older
    generations (two dozen objects a command, which made its collections longer)."""
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]


def _answered_elsewhere(error: BaseException) -> bool:
    """Discord refused our answer because another process answered first."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


def _params(key: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    from bot.render.text import render_params

    return render_params(key, params, lang)
