"""/server language and /server gm-role: per-server settings for members with Manage
Server. The language is the board's and the fallback for users whose Discord language is
neither Spanish nor English; the GM role makes its members GM of every encounter and of
every benny session on the server (issue 21: README "Who may do what")."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.context import Ctx
from bot.storage import settings


class ServerSettings(commands.Cog):
    server = app_commands.Group(
        name=_("server"),
        description=_("This server's Comodín settings (Manage Server)"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    async def _save(self, guild_id: int, setting: settings.Setting, value: object) -> None:
        async with self.bot.db.transaction() as tx:
            await settings.save_guild_setting(tx, guild_id, setting, value)

    @server.command(name=_("language"), description=_("The board's language on this server"))
    @app_commands.describe(language=_("Spanish or English"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=_("Spanish"), value="es"),
            app_commands.Choice(name=_("English"), value="en"),
        ]
    )
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        ctx = Ctx.of(interaction)
        if not ctx.server_gm():
            raise app_commands.CheckFailure
        await self._save(ctx.guild_id, "locale", language)
        self.bot.guild_locales[ctx.guild_id] = language
        await ctx.send(
            ctx.t("server.language_set", language=ctx.t(f"server.language.{language}")),
            ephemeral=True,
        )

    @server.command(
        name=_("gm-role"), description=_("Members with this role are GM of every encounter")
    )
    @app_commands.describe(role=_("The role (none: no GM role)"))
    async def gm_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        ctx = Ctx.of(interaction)
        if not ctx.server_gm():
            raise app_commands.CheckFailure
        await self._save(ctx.guild_id, "gm_role_id", role.id if role else None)
        if role is None:
            self.bot.gm_roles.pop(ctx.guild_id, None)
            await ctx.send(ctx.t("server.gm_role_cleared"), ephemeral=True)
        else:
            self.bot.gm_roles[ctx.guild_id] = role.id
            await ctx.send(ctx.t("server.gm_role_set", role=role.name), ephemeral=True)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(ServerSettings(bot))
