"""The Savage Worlds commands no other system shares: /wildattack, /deal, /hold, /cast
(power, end) and /power (define, list, forget).
They only declare the command; the channel's system answers it
(:mod:`bot.systems.swade.moves`). Savage Worlds' answers to the shared commands
(/attack, /act, /react, /grapple, /condition, /initiative set, /encounter settings...)
are its moves too."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import combatant_autocomplete, suggestions, weapon_autocomplete
from bot.commands.choices import COVER, LIGHT
from bot.commands.dispatch import route

TEXT_LIMIT = 2000


class SwadeCommands(commands.Cog):
    cast = app_commands.Group(
        name=_("cast"),
        description=_("Cast a power or end one you maintain (Savage Worlds)"),
        guild_only=True,
    )
    power = app_commands.Group(
        name=_("power"),
        description=_("The powers of this encounter: define, list, forget (Savage Worlds)"),
        guild_only=True,
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("wildattack"),
        description=_("Wild Attack: +2 Fighting and damage, then Vulnerable (Savage Worlds)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        target=_("Who you attack"),
        weapon=_("Weapon (from the sheet) or damage like Str+d6"),
        actor=_("Which of your combatants attacks (default: the one whose turn it is)"),
        modifier=_("Extra modifier the bot cannot know"),
        cover=_("Target's cover"),
        called=_("Called shot: limb, hand, head, vitals... (or a body part)"),
        gangup=_("Extra attackers adjacent to the target"),
        illumination=_("Lighting penalty"),
        flags=_(
            "Other options, comma separated: aim, nonlethal, offhand, twoweapons, unstable, touch..."
        ),
    )
    @app_commands.choices(cover=COVER, illumination=LIGHT)
    @app_commands.autocomplete(
        target=combatant_autocomplete, actor=combatant_autocomplete, weapon=weapon_autocomplete
    )
    async def wildattack(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[str, 1, 100],
        weapon: app_commands.Range[str, 1, 100] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
        cover: str | None = None,
        called: app_commands.Range[str, 1, 50] | None = None,
        gangup: app_commands.Range[int, 0, 20] | None = None,
        illumination: str | None = None,
        flags: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await route(
            interaction, "wildattack", target=target, weapon=weapon, actor=actor,
            modifier=modifier, cover=cover, called=called, gangup=gangup,
            illumination=illumination, flags=flags,
        )  # fmt: skip

    @app_commands.command(
        name=_("deal"), description=_("Deal the action cards for a new round (GM, Savage Worlds)")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        surprise=_("Ambush in the first round: ambushers separated by commas, or a side")
    )
    async def deal(
        self,
        interaction: discord.Interaction,
        surprise: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        await route(interaction, "deal", surprise=surprise)

    @app_commands.command(
        name=_("hold"), description=_("Go on Hold, or act from Hold now (Savage Worlds)")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        actor=_("Which of your combatants acts"),
        now=_("Act from Hold now, without interrupting anyone"),
    )
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def hold(
        self,
        interaction: discord.Interaction,
        actor: app_commands.Range[str, 1, 100] | None = None,
        now: bool = False,
    ) -> None:
        await route(interaction, "hold", actor=actor, now=now)

    @cast.command(name=_("power"), description=_("Cast a power: the arcane skill roll"))
    @app_commands.describe(
        power=_("The power (from the sheet or the encounter's definitions)"),
        target=_("Targets, comma separated (a group of Extras by its name)"),
        modifiers=_("Power modifiers, comma separated: glow, heavy weapon, AP 2..."),
        count=_("How many of the group of Extras named as target"),
        trait=_("The trait a boost or lower trait power changes"),
        actor=_("Which of your combatants casts (default: the one whose turn it is)"),
        tn=_("Target number (default 4)"),
        modifier=_("Extra modifier the bot cannot know"),
    )
    @app_commands.autocomplete(
        power=suggestions("power"),
        target=combatant_autocomplete,
        modifiers=suggestions("power_modifier"),
        actor=combatant_autocomplete,
    )
    async def cast_power(
        self,
        interaction: discord.Interaction,
        power: app_commands.Range[str, 1, 100],
        target: app_commands.Range[str, 1, 300] | None = None,
        modifiers: app_commands.Range[str, 1, 200] | None = None,
        count: app_commands.Range[int, 1, 50] | None = None,
        trait: app_commands.Range[str, 1, 50] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        tn: app_commands.Range[int, 1, 40] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
    ) -> None:
        await route(
            interaction, "cast:power", power=power, target=target, modifiers=modifiers,
            count=count, trait=trait, actor=actor, tn=tn, modifier=modifier,
        )  # fmt: skip

    @cast.command(name=_("end"), description=_("Stop maintaining a power"))
    @app_commands.describe(
        power=_("The power maintained (default: the only one)"),
        actor=_("Which of your combatants maintains it"),
    )
    @app_commands.autocomplete(power=suggestions("power"), actor=combatant_autocomplete)
    async def cast_end(
        self,
        interaction: discord.Interaction,
        power: app_commands.Range[str, 1, 100] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await route(interaction, "cast:end", power=power, actor=actor)

    @power.command(
        name=_("define"),
        description=_("Define a power for this encounter in the power format (GM)"),
    )
    @app_commands.describe(text=_("The power: name: ...; cost: ...; success: ... (use \\n or ;)"))
    async def power_define(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, TEXT_LIMIT]
    ) -> None:
        await route(interaction, "power:define", text=text)

    @power.command(name=_("list"), description=_("The powers defined here and the examples"))
    async def power_list(self, interaction: discord.Interaction) -> None:
        await route(interaction, "power:list")

    @power.command(name=_("forget"), description=_("Remove a power defined here (GM)"))
    @app_commands.describe(power=_("The power defined here"))
    @app_commands.autocomplete(power=suggestions("power"))
    async def power_forget(
        self, interaction: discord.Interaction, power: app_commands.Range[str, 1, 100]
    ) -> None:
        await route(interaction, "power:forget", power=power)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(SwadeCommands(bot))
