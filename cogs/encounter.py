"""/encounter start|end|show|export|import|settings and /undo: the encounter around the
rules, the same for every system. The systems are the catalogue's (``system`` choices
built from it when the tree is built); their parts come through the dispatcher."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.buttons import BoardButton, OfferButton, dispatch_modal_submit
from bot.commands.choices import system_choices
from bot.commands.context import Ctx
from bot.commands.dispatch import answer, end_summary, imported, undo
from bot.commands.pending_pings import reminder_settings
from bot.commands.turn_pings import ping_settings
from bot.encounter.export import MAX_IMPORT_BYTES, fit_export, read_encounter, size_text
from bot.errors import UserError
from bot.render.board import board_embed
from bot.render.text import summary_text
from bot.render.views import board_view
from bot.systems.bounds import ENCOUNTER_NAME_MAX
from bot.systems.catalogue import DEFAULT_SYSTEM
from bot.systems.encounter import Encounter
from bot.systems.heroes import allow_heroes, is_heroes_setting, parse_allowance

EXPORT_ROWS = 10_000


class EncounterCog(commands.Cog):
    encounter = app_commands.Group(
        name=_("encounter"),
        description=_("Start, show and end this channel's encounter"),
        guild_only=True,
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @encounter.command(
        name=_("start"), description=_("Start an encounter in this channel; you are its GM")
    )
    @app_commands.describe(
        system=_("Game system (the first one by default)"), name=_("A name for the fight")
    )
    @app_commands.choices(system=system_choices())
    async def start(
        self,
        interaction: discord.Interaction,
        system: str = DEFAULT_SYSTEM,
        name: app_commands.Range[str, 1, ENCOUNTER_NAME_MAX] = "",
    ) -> None:
        ctx = Ctx.of(interaction)
        encounter = await self.bot.encounters.start(
            channel_id=ctx.channel_id,
            guild_id=ctx.guild_id,
            gm_id=ctx.user_id,
            gm_server=ctx.server_gm(),  # issue 21: whether it may use the channel's session
            system=system,
            name=name,  # issue 21: refused past its bound, naming it (never cut)
            lang=ctx.lang,
        )
        await ctx.send(
            ctx.t(
                "encounter.started",
                system=ctx.t(f"system.{system}"),
                name=encounter.name or "—",
                gm=f"<@{ctx.user_id}>",
            )
        )
        self.bot.boards.request(ctx.channel_id)

    @encounter.command(name=_("end"), description=_("End this channel's encounter (GM)"))
    async def end(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.require_gm()
        summary, whole = await end_summary(ctx, encounter)
        await self.bot.encounters.end(ctx.channel_id, ctx.user_id)
        title = ctx.t("encounter.ended", name=encounter.name or ctx.t(f"system.{encounter.system}"))
        await ctx.send(embed=discord.Embed(title=title, description=summary or None))
        if whole:  # issue 27: a hidden combatant's numbers, for the GM alone
            await ctx.send_gm_detail("encounter.summary_title", [whole])

    @encounter.command(
        name=_("show"), description=_("Post the board again at the bottom of the channel")
    )
    async def show(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.encounter()
        lang = self.bot.boards.language(encounter)  # the board's, not the reader's
        embed, buttons = board_embed(encounter, lang, await self.bot.boards.context(encounter))
        view = board_view(ctx.channel_id, buttons, lang)
        await ctx.send(embed=embed, **({"view": view} if view else {}))
        message = await interaction.original_response()
        await self.bot.encounters.set_board(ctx.channel_id, message.id)

    @encounter.command(name=_("export"), description=_("Download the encounter as JSON (GM)"))
    async def export(self, interaction: discord.Interaction) -> None:
        """The encounter and its own log, within the file size this interaction allows
        (``bot.encounter.export``); the reply says what was compressed or left out."""
        ctx = Ctx.of(interaction)
        encounter = await ctx.require_gm()
        rows = await ctx.in_time(
            self.bot.encounters.encounter_history(ctx.channel_id, limit=EXPORT_ROWS),
            ephemeral=True,
        )
        limit = interaction.filesize_limit
        made = await ctx.in_time(
            asyncio.to_thread(
                fit_export,
                encounter.model_dump(mode="json"),
                rows,
                limit,
                f"encounter-{ctx.channel_id}",
            ),
            ephemeral=True,
        )
        if made.left_out:
            text = ctx.t("encounter.exported_trimmed", n=made.left_out, limit=size_text(limit))
        elif made.compressed:
            text = ctx.t("encounter.exported_compressed", limit=size_text(limit))
        else:
            text = ctx.t("encounter.exported")
        file = discord.File(io.BytesIO(made.blob), filename=made.filename)
        await ctx.send(text, file=file, ephemeral=True)

    @encounter.command(
        name=_("import"), description=_("Restore an encounter from an exported JSON file (GM)")
    )
    @app_commands.describe(file=_("A file made by /encounter export"))
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        ctx = Ctx.of(interaction)
        current = await self.bot.encounters.get(ctx.channel_id)
        if current is not None and not ctx.actor(current).is_gm:
            raise UserError("encounter.gm_only")
        if file.size > MAX_IMPORT_BYTES:
            raise UserError("encounter.import_too_big")
        encounter = await ctx.in_time(self._read(file))
        encounter = encounter.model_copy(
            update={
                "channel_id": ctx.channel_id,
                "guild_id": ctx.guild_id,
                "board_message_id": None,
                "offers": [],
                "waiting": [],  # what it waits on opens now (issue 27)
                "gm_id": ctx.user_id if current is None else current.gm_id,
                # issue 21: the importer's standing, never the file's
                "gm_server": ctx.server_gm() if current is None else current.gm_server,
                "seed": self.bot.dice.new_seed(),  # issue 21: the file's dice never replay
            }
        )
        await self.bot.encounters.replace(encounter, ctx.user_id)
        await ctx.send(
            ctx.t("encounter.imported", name=encounter.name or ctx.t(f"system.{encounter.system}"))
        )
        await imported(ctx)
        self.bot.boards.request(ctx.channel_id)

    @staticmethod
    async def _read(file: discord.Attachment) -> Encounter:
        """Download and validate an exported file (plain or gzip), off the event loop."""
        blob = await file.read()

        return await asyncio.to_thread(read_encounter, blob)  # issue 21: validated

    @encounter.command(
        name=_("settings"), description=_("Show or change this encounter's rule settings (GM)")
    )
    @app_commands.describe(
        setting=_("Which setting (leave empty to list them)"),
        value=_("New value: on/off, a number or a wait (1h)"),
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Range[str, 1, 50] | None = None,
        value: app_commands.Range[str, 1, 50] | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.encounter()
        if setting is not None and is_heroes_setting(setting):  # issue 21: every system's
            count = parse_allowance(value)
            await ctx.act(
                allow_heroes(count),
                kind="encounter.heroes",
                params={"heroes_per_player": count},
                title_key="roster.heroes_title",
            )
            return
        if await ping_settings(ctx, encounter, setting, value):
            return  # the turn pings setting, the same in every system (issue 18)
        if await reminder_settings(ctx, encounter, setting, value):
            return  # play-by-post reminders, the same in every system (issue 27)
        await answer(ctx, encounter, "encounter:settings", setting=setting, value=value)

    @app_commands.command(
        name=_("undo"), description=_("Undo the last change to the encounter (GM)")
    )
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await ctx.require_gm()
        undone, notes, detail = await undo(ctx)  # and what lives outside the state (SW-38)
        lines = [ctx.t("encounter.undone", what=summary_text(undone.summary, ctx.lang))]
        lines += notes
        await ctx.send("\n".join(lines))
        if detail:  # issue 27: a hidden Wild Card's pool, for the GM alone
            await ctx.send_gm_detail("encounter.undo_title", detail)
        self.bot.boards.request(ctx.channel_id)


async def setup(bot: ComodinBot) -> None:
    bot.add_dynamic_items(BoardButton, OfferButton)
    bot.add_listener(dispatch_modal_submit, "on_interaction")
    await bot.add_cog(EncounterCog(bot))
