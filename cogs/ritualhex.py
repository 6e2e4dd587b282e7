"""``/hex define|grant|round``: the Ritual Hex-only commands of the GM (the Dark Lord).
They only declare the command; Ritual Hex's moves answer them
(:mod:`bot.systems.ritualhex.moves.hex`, :mod:`bot.systems.ritualhex.moves.turns`).
Ritual Hex's answers to the shared commands (``/attack``, ``/act``, ``/react``,
``/next``, ``/combatant``, ``/join``) are its other moves."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import combatant_autocomplete, suggestions
from bot.commands.dispatch import route

TEXT_LIMIT = 2000


class HexCommands(commands.Cog):
    """Ritual Hex only: the GM defines and grants actions and starts the round."""

    hex = app_commands.Group(
        name=_("hex"),
        description=_("Ritual Hex: define and grant actions, start the round (GM)"),
        guild_only=True,
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @hex.command(
        name=_("define"),
        description=_("Define an action or reaction in the action format (GM)"),
    )
    @app_commands.describe(text=_("The action: name: ...; kind: ...; cost: ... (use \\n or ;)"))
    async def define(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, TEXT_LIMIT]
    ) -> None:
        await route(interaction, "hex:define", text=text)

    @hex.command(name=_("grant"), description=_("Give a combatant a defined action (GM)"))
    @app_commands.describe(
        combatant=_("Who gets it"), action=_("A defined action, or Block, Protect, Paralysis")
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete, action=suggestions("grant"))
    async def grant(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        action: app_commands.Range[str, 1, 100],
    ) -> None:
        await route(interaction, "hex:grant", combatant=combatant, action=action)

    @hex.command(name=_("round"), description=_("Start the round: AP levels and the needle (GM)"))
    async def round_(self, interaction: discord.Interaction) -> None:
        await route(interaction, "hex:round")


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(HexCommands(bot))
