"""/ping (latency, version, shard) and /help."""

from __future__ import annotations

import math

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import replies
from bot.app import VERSION, ComodinBot
from bot.commands import help_pages
from bot.errors import UserError
from bot.i18n import t
from bot.render import limits
from bot.shards import format_shard_ids

EMBED_COLOUR = 0xC0392B


class Meta(commands.Cog):
    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("ping"), description=_("Check that the bot answers, and its latency")
    )
    async def ping(self, interaction: discord.Interaction) -> None:
        """Latency, version, and the shard this server's commands come through (and the
        shards this process runs: with several processes, which one answered)."""
        lang = self.bot.language_for(interaction)
        latency = self.bot.latency
        shown = (
            t("ping.offline", lang)
            if not math.isfinite(latency) or self.bot.offline
            else f"{latency * 1000:.0f} ms"
        )
        count = self.bot.shard_count or 1
        shard = t(
            "ping.shard",
            lang,
            shard=self.bot.shard_for(interaction.guild_id),
            count=count,
            shards=format_shard_ids(self.bot.shard_ids or range(count)),
        )
        embed = discord.Embed(
            title=t("ping.title", lang),
            description=t("ping.body", lang, latency=shown, version=VERSION) + "\n" + shard,
            colour=EMBED_COLOUR,
        )
        await replies.reply(interaction, lang, embeds=[embed])

    @app_commands.command(name=_("help"), description=_("What Comodín can do"))
    @app_commands.describe(command=_("One command's page: its options, who may use it, an example"))
    async def help(
        self,
        interaction: discord.Interaction,
        command: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        """The commands in the order of play, or one command's page (issue 18)."""
        lang = self.bot.language_for(interaction)
        if command is not None:
            found = help_pages.find(self.bot.tree, command)
            if found is None:
                raise UserError("help.unknown", command=command)
            title, lines = help_pages.page(*found, lang)
            embeds = [discord.Embed(title=title, description="\n".join(lines), colour=EMBED_COLOUR)]
            embeds += [
                discord.Embed(description=text, colour=EMBED_COLOUR)
                for text in help_pages.packed(help_pages.tables(found[0], lang), limits.DESCRIPTION)
            ]
        else:
            blocks = [t("help.intro", lang)]
            for section, lines in help_pages.overview(self.bot.tree, lang):
                blocks.append("\n".join([f"__**{section}**__", *lines]))
            embeds = [
                discord.Embed(description=text, colour=EMBED_COLOUR)
                for text in help_pages.packed(blocks, limits.DESCRIPTION)
            ]
            embeds[0].title = t("help.title", lang)
        await replies.reply(interaction, lang, embeds=embeds, ephemeral=True)

    @help.autocomplete("command")
    async def _help_command(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = self.bot.language_for(interaction)
        return [
            app_commands.Choice(name=label, value=path)
            for label, path in help_pages.suggestions(self.bot.tree, current, lang)
        ]


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Meta(bot))
