"""/bennies session-start|session-end|give|spend|show|history (SW-35).

The ledger (:mod:`bot.bennies`) keeps the pools and the service
(:mod:`bot.bennies.service`) changes them with the actions they pay for, in one
transaction; :func:`act_with_benny` (:mod:`bot.commands.benny_spending`) runs a paid
action and replies. The benny buttons under results and /react soak|unshake are Savage
Worlds' moves (:mod:`bot.systems.swade.moves.bennies`); what the ledger does after an
action, an /undo and at an encounter's end is in :mod:`bot.commands.benny_follow_ups`.
Every /bennies command first brings the session up to date
(:func:`bot.bennies.service.sync_session`). /bennies spend runs:

- reroll a trait roll: ``combat.reroll_attack`` (SW-4: keep the better; a critical
  failure cannot be rerolled, one on the reroll stands);
- reroll damage: ``combat.reroll_damage``; soak: ``damage.soak`` (SW-14; calling it again
  rerolls the soak roll); remove Shaken: ``damage.unshake_with_benny`` (SW-15);
- new action card: ``turns.redraw_card`` (SW-31); power points: ``powers.recover_power_points``;
- influence the story: only spent and logged, with the player's note.
"""

from __future__ import annotations

from datetime import datetime

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.bennies import GM, service, user_key
from bot.bennies.holders import hidden_pools, players_present, uses_bennies
from bot.bennies.ledger import HistoryEntry, Session
from bot.commands.autocomplete import combatant_autocomplete
from bot.commands.benny_spending import (
    act_with_benny,
    holder_label,
    is_gm,
    link_scope,
    require_session_gm,
    with_bennies,
)
from bot.commands.choices import for_systems
from bot.commands.context import Ctx
from bot.errors import UserError
from bot.systems.encounter import Encounter

USE_CHOICES = [
    app_commands.Choice(name=_("Reroll a trait roll"), value="reroll"),
    app_commands.Choice(name=_("Reroll damage"), value="damage"),
    app_commands.Choice(name=_("Soak wounds"), value="soak"),
    app_commands.Choice(name=_("Stop being Shaken"), value="unshake"),
    app_commands.Choice(name=_("Draw a new action card"), value="card"),
    app_commands.Choice(name=_("Recover 5 power points"), value="power"),
    app_commands.Choice(name=_("Influence the story"), value="story"),
]
HISTORY_LIMIT = 20
# Internal references (Joker log rows, a Wild Card's pool per encounter) not shown as rolls.
HIDDEN_REFS = ("log:", "encounter:", "pc:")
COLOUR = 0xF1C40F


async def begin(ctx: Ctx) -> None:
    """What every /bennies command does first: a thread's link to its parent's session,
    and the session brought up to date with the channel's encounter (SW-35)."""
    await link_scope(ctx)
    if await service.sync_session(ctx.bot.bennies, ctx.channel_id, ctx.user_id):
        ctx.bot.boards.request(ctx.channel_id)


class BenniesCog(commands.Cog):
    bennies = app_commands.Group(
        name=_("bennies"),
        description=for_systems(
            "Bennies: sessions, pools, giving and spending", lambda p: p.bennies is not None
        ),
        guild_only=True,
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @bennies.command(
        name=_("session-start"),
        description=_("Start a game session: 3 bennies each player, 1 per hero for the GM"),
    )
    async def session_start(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await link_scope(ctx)
        if not is_gm(ctx):  # issue 21: a session is opened by a server GM
            raise UserError("bennies.error.start_gm_only")
        encounter = await self.bot.encounters.get(ctx.channel_id)
        playing = encounter if encounter is not None and uses_bennies(encounter.system) else None
        await self.bot.bennies.start_session(
            channel_id=ctx.channel_id,
            guild_id=ctx.guild_id,
            gm_id=ctx.user_id,
            players=players_present(playing) if playing else [],
            player_characters=0,  # SW-45: one per character, given as each is in the session
            user_id=ctx.user_id,
        )
        if playing is not None:  # the characters present, as their players get their 3
            await service.gm_bennies_for_characters(
                self.bot.bennies, ctx.channel_id, playing, ctx.user_id
            )
        await service.sync_session(self.bot.bennies, ctx.channel_id, ctx.user_id)
        await self._send_pools(ctx, "bennies.session_started")
        if encounter is not None:
            self.bot.boards.request(ctx.channel_id)

    @bennies.command(name=_("session-end"), description=_("End the game session (GM)"))
    async def session_end(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await link_scope(ctx)
        session = await self.bot.bennies.require_session(ctx.channel_id)
        require_session_gm(ctx, session)
        _, pools = await self.bot.bennies.end_session(ctx.channel_id)
        lines = [
            ctx.t("bennies.pool_line", holder=holder_label(ctx, h), count=n)
            for h, n in pools.items()
        ]
        embed = discord.Embed(
            title=ctx.t("bennies.session_ended"), description="\n".join(lines), colour=COLOUR
        )
        await ctx.send(embed=embed)
        if await self.bot.encounters.get(ctx.channel_id) is not None:
            self.bot.boards.request(ctx.channel_id)

    @bennies.command(name=_("session-gm"), description=_("Hand this benny session to another GM"))
    @app_commands.describe(member=_("Who runs the session from now on"))
    async def session_gm(self, interaction: discord.Interaction, member: discord.User) -> None:
        """Issue 21: the session's GM (or a server GM) hands the session to a member, who
        then gives, spends the GM's pool and ends it; the one who handed it no longer
        does, unless they are a server GM."""
        ctx = Ctx.of(interaction)
        await link_scope(ctx)
        session = await self.bot.bennies.require_session(ctx.channel_id)
        require_session_gm(ctx, session)
        if not isinstance(member, discord.User | discord.Member):
            # issue 28: an id Discord did not resolve (a hostile or broken client)
            raise UserError("bennies.error.unknown_member")
        if member.bot:
            raise UserError("bennies.error.bot_gm")
        await self.bot.bennies.hand_over(ctx.channel_id, member.id)
        await ctx.send(ctx.t("bennies.handed_over", gm=f"<@{member.id}>"))

    @bennies.command(
        name=_("give"), description=_("Give bennies to a player, a character or the GM")
    )
    @app_commands.describe(
        player=_("Player who gets them"),
        combatant=_("Character who gets them (a GM Wild Card keeps its own)"),
        gm=_("Give them to the GM's pool"),
        count=_("How many (1 by default)"),
        reason=_("Why (shown in the history)"),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def give(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        combatant: app_commands.Range[str, 1, 100] | None = None,
        gm: bool = False,
        count: app_commands.Range[int, 1, 10] = 1,
        reason: app_commands.Range[str, 0, 200] = "",
    ) -> None:
        ctx = Ctx.of(interaction)
        await begin(ctx)
        session = await self.bot.bennies.require_session(ctx.channel_id)
        require_session_gm(ctx, session)
        if (player is not None) + (combatant is not None) + gm != 1:
            raise UserError("bennies.error.one_target")
        note = reason.strip() or None
        encounter = await self.bot.encounters.get(ctx.channel_id)
        target = None
        if combatant is not None:
            encounter = with_bennies(encounter)
            target = service.named(encounter, combatant)
        holder = service.holder_of(player.id if player else None, gm, target)
        after, left = await service.give(
            self.bot.bennies, ctx.channel_id, holder, count, user_id=ctx.user_id, note=note
        )
        encounter = after or encounter
        label = holder_label(ctx, holder, encounter)
        text = ctx.t("bennies.given", holder=label, count=count, left=left)
        secret = holder in hidden_pools(encounter)  # issue 27: its pool is the GM's to see
        shown = ctx.t("bennies.given", holder=label, count=count, left="?") if secret else text
        if note:
            text += " " + ctx.t("bennies.because", note=note)
            shown += " " + ctx.t("bennies.because", note=note)
        await ctx.send(shown)
        if secret:
            await gm_detail(ctx, encounter, session, "bennies.title.give", [text])
        if encounter is not None:
            self.bot.boards.request(ctx.channel_id)

    @bennies.command(name=_("spend"), description=_("Spend a benny"))
    @app_commands.describe(
        use=_("What the benny is for"),
        combatant=_("Character spending it (yours by default)"),
        note=_("What happens in the story (for the history)"),
    )
    @app_commands.choices(use=USE_CHOICES)
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def spend(
        self,
        interaction: discord.Interaction,
        use: str,
        combatant: app_commands.Range[str, 1, 100] | None = None,
        note: app_commands.Range[str, 0, 200] = "",
    ) -> None:
        ctx = Ctx.of(interaction)
        await begin(ctx)
        encounter = await self.bot.encounters.get(ctx.channel_id)
        text = note.strip()
        if use == "story" and combatant is None:
            await self._spend_story(ctx, encounter, text)
            return
        encounter = with_bennies(encounter)
        target = service.spender(encounter, ctx.actor(encounter), combatant)
        await act_with_benny(
            ctx,
            encounter,
            target,
            service.rules_for(encounter, use, target, text, encounter.offers),
            use=use,
            note=text or None,
        )

    async def _spend_story(self, ctx: Ctx, encounter: Encounter | None, note: str) -> None:
        """SW-35 influence the story: no roll; the player's (or the GM's) pool pays and the
        note goes to the history."""
        ledger = self.bot.bennies
        session = await ledger.require_session(ctx.channel_id)
        holder = GM if is_gm(ctx, session) else user_key(ctx.user_id)
        with service.named_pool(holder, holder_label(ctx, holder)):
            left = await ledger.spend(
                ctx.channel_id, holder, reason="spend.story", user_id=ctx.user_id, note=note or None
            )
        lines = [
            ctx.t("bennies.spent", holder=holder_label(ctx, holder), left=left),
            ctx.t("bennies.story", note=note or "—"),
        ]
        embed = discord.Embed(
            title=ctx.t("bennies.title.story"), description="\n".join(lines), colour=COLOUR
        )
        await ctx.send(embed=embed)
        if encounter is not None:
            self.bot.boards.request(ctx.channel_id)

    @bennies.command(name=_("show"), description=_("Show every benny pool of this session"))
    async def show(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await begin(ctx)
        await self._send_pools(ctx, "bennies.pools_title")

    async def _send_pools(self, ctx: Ctx, title_key: str) -> None:
        ledger = self.bot.bennies
        session = await ledger.session(ctx.channel_id)
        pools = await ledger.pools_for_channel(ctx.channel_id)
        if session is None and not pools:
            raise UserError("bennies.error.no_session")
        encounter = await self.bot.encounters.get(ctx.channel_id)
        hidden = hidden_pools(encounter)  # issue 27: the GM's alone
        lines = [
            ctx.t("bennies.pool_line", holder=holder_label(ctx, h, encounter), count=n)
            for h, n in pools.items()
        ]
        shown = [line for (h, _), line in zip(pools.items(), lines, strict=True) if h not in hidden]
        if session is None:
            shown.append(ctx.t("bennies.no_session_note"))
        else:
            shown.append(ctx.t("bennies.session_gm", gm=f"<@{session.gm_id}>"))
        embed = discord.Embed(title=ctx.t(title_key), description="\n".join(shown), colour=COLOUR)
        await ctx.send(embed=embed)
        secret = [line for (h, _), line in zip(pools.items(), lines, strict=True) if h in hidden]
        await gm_detail(ctx, encounter, session, title_key, secret)

    @bennies.command(
        name=_("history"), description=_("Who gained or spent bennies, when, why, on which roll")
    )
    async def history(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await begin(ctx)
        entries = await self.bot.bennies.history(ctx.channel_id, HISTORY_LIMIT)
        encounter = await self.bot.encounters.get(ctx.channel_id)
        hidden = hidden_pools(encounter)  # issue 27: a hidden Wild Card's rows, the GM's
        lines = [self._history_line(ctx, e, encounter) for e in entries]
        shown = [line for e, line in zip(entries, lines, strict=True) if e.holder not in hidden]
        embed = discord.Embed(
            title=ctx.t("bennies.history_title"),
            description="\n".join(shown) or ctx.t("bennies.history_empty"),
            colour=COLOUR,
        )
        await ctx.send(embed=embed)
        if len(shown) < len(lines):
            session = await self.bot.bennies.last_session(ctx.channel_id)
            await gm_detail(ctx, encounter, session, "bennies.history_title", lines)

    @staticmethod
    def _history_line(ctx: Ctx, entry: HistoryEntry, encounter: Encounter | None) -> str:
        text = ctx.t(
            "bennies.history_line",
            time=discord.utils.format_dt(datetime.fromisoformat(entry.created_at), "t"),
            holder=holder_label(ctx, entry.holder, encounter),
            delta=f"{entry.delta:+d}",
            reason=ctx.t(f"bennies.reason.{entry.reason}"),
        )
        if entry.user_id is not None:
            text += " " + ctx.t("bennies.history_by", user=f"<@{entry.user_id}>")
        if entry.roll_ref and not entry.roll_ref.startswith(HIDDEN_REFS):
            text += " " + ctx.t("bennies.history_ref", ref=entry.roll_ref)
        if entry.note:
            text += " " + ctx.t("bennies.because", note=entry.note)
        return text


async def gm_detail(
    ctx: Ctx, encounter: Encounter | None, session: Session | None, title_key: str, lines: list[str]
) -> None:
    """Issue 27: what a public reply left out (a hidden GM Wild Card's bennies), for the
    GM who asked (the encounter's or the session's), privately; nothing for anyone else."""
    if not lines:
        return
    gm = (encounter is not None and ctx.actor(encounter).is_gm) or is_gm(ctx, session)
    if gm:
        await ctx.send_gm_detail(title_key, lines)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(BenniesCog(bot))
