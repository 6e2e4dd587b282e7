"""/ping (latency, version, shard) and /help."""

from __future__ import annotations

import math

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import replies
from bot.app import VERSION, ComodinBot
from bot.i18n import catalog, t
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
    async def help(self, interaction: discord.Interaction) -> None:
        lang = self.bot.language_for(interaction)
        strings = catalog(lang)
        lines = []
        for command in sorted(self.bot.tree.get_commands(), key=lambda c: c.name):
            name = strings.get(f"cmd.{command.name}", command.name)
            description = strings.get(f"cmd.{command.description}", command.description)
            subs = ""
            if isinstance(command, app_commands.Group):
                subs = " " + " | ".join(
                    strings.get(f"cmd.{c.name}", c.name) for c in command.commands
                )
            lines.append(f"**/{name}**{subs} — {description}")
        embed = discord.Embed(
            title=t("help.title", lang),
            description=t("help.intro", lang) + "\n" + "\n".join(lines),
            colour=EMBED_COLOUR,
        )
        await replies.reply(interaction, lang, embeds=[embed], ephemeral=True)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Meta(bot))
