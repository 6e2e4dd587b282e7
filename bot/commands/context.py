"""What a command handler needs: who is acting, in which language, and the calls that
run a rules action through the service, reply, and refresh the board. Keeps cogs thin.

Every reply goes through :mod:`bot.replies` (fitted to Discord's limits, paged when
long). Work that may outlast Discord's 3 seconds acknowledges first: :meth:`Ctx.defer`
when it is known to be slow (a download, an export, an action in a big fight), and
:meth:`Ctx.in_time` for work off the event loop that is usually quick (exact odds): it
defers only if the work is not done after :data:`DEFER_AFTER` seconds."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot import board, replies
from bot.app import ALREADY_ACKNOWLEDGED, ComodinBot
from bot.commands.pending_pings import announce
from bot.commands.turn_pings import Announcement, whose_turn
from bot.dice.source import DiceSource
from bot.encounter.service import DuplicateInteraction
from bot.errors import ReplayedInteraction, UserError
from bot.i18n import t
from bot.render.text import result_lines
from bot.render.views import offers_view
from bot.systems import masking
from bot.systems.base import Actor, Outcome
from bot.systems.encounter import Encounter
from bot.systems.plugin import Turn

log = logging.getLogger("comodin")

RESULT_COLOUR = 0xC0392B
Rules = Callable[[Any, Actor, DiceSource], Outcome]
T = TypeVar("T")

DEFER_AFTER = 1.0  # seconds: past this, work still running defers the reply
# An action on an encounter this big defers first: its rules run on the event loop and,
# before the reactor-eligibility work of issue 15 item 3, took 1.1 s at 40 Ritual Hex
# minions (5.6 s at 80); deferring costs one more callback, so it stays on afterwards.
DEFER_AT_COMBATANTS = 40


@dataclass
class Ctx:
    bot: ComodinBot
    interaction: discord.Interaction
    lang: str

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Ctx:
        """The handler's context; called in the handler's task, which it marks as the
        one the board edits it asks for wait for (:func:`bot.board.handling`)."""
        bot: ComodinBot = interaction.client  # type: ignore[assignment]
        board.handling()
        return cls(bot, interaction, bot.language_for(interaction))

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def channel_id(self) -> int:
        return self.interaction.channel_id or 0

    @property
    def guild_id(self) -> int:
        return self.interaction.guild_id or 0

    def t(self, key: str, **params: Any) -> str:
        return t(key, self.lang, **params)

    # -- who may do what ------------------------------------------------------------------

    def server_gm(self) -> bool:
        """Manage Server, or the server's GM role, makes a member GM of every encounter."""
        permissions = self.interaction.permissions
        if permissions.manage_guild or permissions.administrator:
            return True
        role_id = self.bot.gm_roles.get(self.guild_id)
        user = self.interaction.user
        # The role ids the interaction carries (``Member._roles``): ``Member.roles`` keeps
        # only roles of a cached guild, and a guild may not be cached (offline table,
        # a server whose GUILD_CREATE has not arrived yet).
        return role_id is not None and isinstance(user, discord.Member) and role_id in user._roles

    def actor(self, encounter: Encounter) -> Actor:
        return Actor(
            user_id=self.user_id, is_gm=self.user_id == encounter.gm_id or self.server_gm()
        )

    async def encounter(self) -> Encounter:
        return await self.bot.encounters.require(self.channel_id)

    async def require_gm(self) -> Encounter:
        encounter = await self.encounter()
        if not self.actor(encounter).is_gm:
            raise UserError("encounter.gm_only")
        return encounter

    # -- acting -----------------------------------------------------------------------------

    def command_line(self) -> dict[str, Any]:
        """The command as typed (path and raw option values), kept in the log so an
        encounter can be replayed command by command."""
        data: dict[str, Any] = self.interaction.data or {}  # type: ignore[assignment]
        if self.interaction.type is not discord.InteractionType.application_command:
            return {"_component": data.get("custom_id")}
        path = [data.get("name", "")]
        options = data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            path.append(options[0]["name"])
            options = options[0].get("options", [])
        return {"_command": path, "_options": {o["name"]: o.get("value") for o in options}}

    async def act(
        self,
        rules: Rules,
        *,
        kind: str,
        params: dict[str, Any] | None = None,
        title_key: str | None = None,
        ephemeral: bool = False,
        undoable: bool = True,
        found: Encounter | None = None,
    ) -> tuple[Encounter, Outcome]:
        """Run ``rules(state, actor, dice)`` on the channel's encounter, reply with its
        events and offers, and refresh the board. ``found``: the encounter as the command
        already read it (not read again to see whether the reply waits)."""

        before: list[Turn | None] = []

        def apply(encounter: Encounter, dice: DiceSource) -> Outcome:
            before[:] = [whose_turn(encounter)]  # under the lock: the turn this action ends
            return rules(encounter.state, self.actor(encounter), dice)

        params = {**(params or {}), **self.command_line()}
        current = found if found is not None else await self.bot.encounters.get(self.channel_id)
        if current is not None and len(current.state.combatants) >= DEFER_AT_COMBATANTS:
            await self.defer(ephemeral=ephemeral)
        try:
            encounter, outcome = await self.bot.encounters.act(
                self.channel_id,
                self.user_id,
                apply,
                kind=kind,
                params=params,
                undoable=undoable,
                interaction_id=self.interaction.id,
            )
        except DuplicateInteraction:
            log.warning(
                "interaction %s was already applied; ignoring the replay", self.interaction.id
            )
            raise ReplayedInteraction(self.interaction.id) from None
        # The turn it started and the decisions it opened (issues 18, 27).
        turn = None if ephemeral else announce(before[0] if before else None, encounter, self.lang)
        await self.send_outcome(
            encounter,
            outcome,
            title_key=title_key or f"title.{kind}",
            ephemeral=ephemeral,
            turn=turn,
        )
        self.bot.boards.request(self.channel_id)
        return encounter, outcome

    async def send_outcome(
        self,
        encounter: Encounter,
        outcome: Outcome,
        *,
        title_key: str,
        ephemeral: bool = False,
        turn: Announcement | None = None,
    ) -> None:
        """The result of an action; when it started a turn, its announcement first, the
        only text that may mention someone (:mod:`bot.commands.turn_pings`). A hidden
        combatant's rolls and numbers reach players masked, and the GM who acted gets
        them whole, privately (issue 27, :mod:`bot.systems.masking`)."""
        masked = None if ephemeral else masking.for_players(encounter.state, outcome.events)
        shown = outcome.events if masked is None else masked
        lines = result_lines(shown, self.lang) or [self.t("result.done")]
        embed = replies.embed(
            title=self.t(title_key), description="\n".join(lines), colour=RESULT_COLOUR
        )
        view = offers_view(encounter.channel_id, encounter.seq, encounter.offers, self.lang)
        await self.send(
            turn.content if turn is not None else None,
            embed=embed,
            view=view,
            ephemeral=ephemeral,
            allowed_mentions=turn.allowed_mentions if turn is not None else None,
        )
        if masked is not None and self.actor(encounter).is_gm:
            await self.send_gm_detail(title_key, result_lines(outcome.events, self.lang))

    async def send_gm_detail(self, title_key: str, lines: list[str]) -> None:
        """What players saw masked, whole, for the GM alone (issue 27)."""
        title = self.t("hidden.detail_title", what=self.t(title_key))
        embed = discord.Embed(title=title, description="\n".join(lines), colour=RESULT_COLOUR)
        await self.send(embed=embed, ephemeral=True)

    # -- taking time ------------------------------------------------------------------------

    async def defer(self, *, ephemeral: bool = False) -> None:
        """Acknowledge the interaction now ("thinking…"); the reply comes later. Say
        whether the reply will be ephemeral: a deferred reply keeps that flag."""
        await replies.defer(self.interaction, ephemeral=ephemeral)

    async def in_time(self, work: Awaitable[T], *, ephemeral: bool = False) -> T:
        """Await ``work`` (which must not block the event loop: run CPU work in a thread);
        if it is not done after :data:`DEFER_AFTER` seconds, defer the reply first."""
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:
            await self.defer(ephemeral=ephemeral)
        return await task

    # -- replying ---------------------------------------------------------------------------

    async def send(
        self,
        content: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        ephemeral: bool = False,
        file: discord.File | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> None:
        """Reply (fitted, paged when long: :mod:`bot.replies`). ``allowed_mentions``: only
        for a turn's announcement (:mod:`bot.commands.turn_pings`)."""
        embeds = [embed] if embed is not None else []
        try:
            await replies.reply(
                self.interaction,
                self.lang,
                content=content,
                embeds=embeds,
                view=view,
                file=file,
                ephemeral=ephemeral,
                allowed_mentions=allowed_mentions,
            )
        except discord.HTTPException as exc:
            if exc.code == ALREADY_ACKNOWLEDGED:
                # Another process received this interaction too and answered it (a shard
                # moving): its answer stands; this one stops here, saying nothing.
                raise ReplayedInteraction(self.interaction.id) from None
            # The interaction expired (older than 15 minutes, or Discord lost it) or the
            # callback failed: the action is already saved, so tell the channel instead.
            if ephemeral or file is not None:
                raise
            log.warning(
                "reply to interaction %s failed (%s); posting in the channel",
                self.interaction.id,
                exc,
            )
            channel = self.bot.get_partial_messageable(
                self.channel_id, guild_id=self.interaction.guild_id
            )
            await replies.post(
                channel,
                self.lang,
                content=content,
                embeds=embeds,
                view=view,
                allowed_mentions=allowed_mentions,
            )
