"""/character save|show|list|delete, /join, /combatant add|remove|edit.

Characters are stored as text plus the system's parsed sheet; parsing is the system's
(``@handles("parse_sheet", system)``: ``(text, name) -> dict``, raising RuleError with the
line and what was expected). Adding to an encounter routes to the system's handlers
(``join``, ``combatant:add``, ``combatant:remove``, ``combatant:edit``).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.errors import UserError
from bot.i18n import t
from bot.render.limits import INPUT_LABEL, MODAL_TITLE, clip
from bot.storage.characters import CharacterRepository, SavedCharacter
from cogs._buttons import modal_route, unkept
from cogs._context import Ctx
from cogs._registry import handler_for
from cogs.encounter import SYSTEM_CHOICES
from cogs.shared import combatant_autocomplete, route

STATBLOCK_LIMIT = 4000


async def _characters(interaction: discord.Interaction) -> CharacterRepository:
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    return CharacterRepository(bot.db)


async def character_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    repo = await _characters(interaction)
    saved = await repo.list(guild_id=interaction.guild_id or 0, owner_id=interaction.user.id)
    needle = current.lower()
    return [
        app_commands.Choice(name=c.name[:100], value=c.name[:100])
        for c in saved
        if needle in c.name.lower()
    ][:25]


async def save_character(ctx: Ctx, name: str, text: str, system: str | None) -> None:
    name = name.strip()
    if not name:
        raise UserError("character.bad_name")
    if system is None:
        encounter = await ctx.bot.encounters.get(ctx.channel_id)
        system = encounter.system if encounter else "swade"
    sheet = handler_for("parse_sheet", system)(text, name)
    repo = CharacterRepository(ctx.bot.db)
    replaced = await repo.save(
        guild_id=ctx.guild_id,
        owner_id=ctx.user_id,
        name=name,
        system=system,
        source=text,
        sheet=sheet,
    )
    await ctx.send(
        ctx.t(
            "character.replaced" if replaced else "character.saved",
            name=name,
            system=ctx.t(f"system.{system}"),
        ),
        ephemeral=True,
    )


# The form's custom_id carries what its submit needs, so an open form survives a restart:
# "cmd:m:cs:{system or ''}:{name}" (9 + 9 + 1 + 80 characters at most, within Discord's 100).
FORM_ID = "cmd:m:cs:{system}:{name}"


def statblock_form(name: str, system: str | None, lang: str) -> discord.ui.Modal:
    """``/character save`` without a stat block: a form to paste it in."""
    modal = discord.ui.Modal(
        title=clip(t("character.modal_title", lang, name=name), MODAL_TITLE),
        custom_id=FORM_ID.format(system=system or "", name=name),
    )
    modal.add_item(
        discord.ui.TextInput(
            label=clip(t("character.modal_label", lang), INPUT_LABEL),
            style=discord.TextStyle.paragraph,
            max_length=STATBLOCK_LIMIT,
            custom_id="statblock",
        )
    )
    return unkept(modal)


@modal_route(r"cmd:m:cs:(?P<system>[a-z0-9]*):(?P<name>.+)")
async def statblock_submitted(
    interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]
) -> None:
    """A stat block the form sent: saved like ``/character save`` with one (the parser
    refuses an empty or bad one, naming the line)."""
    text = values.get("statblock", "")
    await save_character(Ctx.of(interaction), match["name"], text, match["system"] or None)


class Roster(commands.Cog):
    character = app_commands.Group(
        name=_("character"), description=_("Your saved characters on this server"), guild_only=True
    )
    combatant = app_commands.Group(
        name=_("combatant"), description=_("Add, edit or remove combatants (GM)"), guild_only=True
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @character.command(
        name=_("save"),
        description=_(
            "Save a character sheet (paste the stat block, or leave it empty for a form)"
        ),
    )
    @app_commands.describe(
        name=_("Character name"),
        statblock=_("The stat block"),
        system=_("Game system (default: this channel's)"),
    )
    @app_commands.choices(system=SYSTEM_CHOICES)
    async def save(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        statblock: app_commands.Range[str, 1, STATBLOCK_LIMIT] | None = None,
        system: str | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        if statblock is None:
            await interaction.response.send_modal(statblock_form(name, system, ctx.lang))
            return
        await save_character(ctx, name, statblock.replace("\\n", "\n"), system)

    @character.command(name=_("show"), description=_("Show one of your saved characters"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def show(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80]
    ) -> None:
        ctx = Ctx.of(interaction)
        saved = await self._get(ctx, name)
        embed = discord.Embed(
            title=f"{saved.name} · {ctx.t(f'system.{saved.system}')}",
            description=f"```\n{saved.source}\n```",
        )
        await ctx.send(embed=embed, ephemeral=True)

    @character.command(name=_("list"), description=_("List your saved characters"))
    async def list_(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        saved = await CharacterRepository(self.bot.db).list(
            guild_id=ctx.guild_id, owner_id=ctx.user_id
        )
        lines = [f"• {c.name} ({ctx.t(f'system.{c.system}')})" for c in saved] or [
            ctx.t("character.none")
        ]
        await ctx.send(
            embed=discord.Embed(title=ctx.t("character.list_title"), description="\n".join(lines)),
            ephemeral=True,
        )

    @character.command(name=_("delete"), description=_("Delete one of your saved characters"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def delete(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80]
    ) -> None:
        ctx = Ctx.of(interaction)
        if not await CharacterRepository(self.bot.db).delete(
            guild_id=ctx.guild_id, owner_id=ctx.user_id, name=name
        ):
            raise UserError("character.unknown", name=name)
        await ctx.send(ctx.t("character.deleted", name=name), ephemeral=True)

    @app_commands.command(
        name=_("join"),
        description=_("Join this channel's encounter with one of your saved characters"),
    )
    @app_commands.guild_only()
    @app_commands.autocomplete(character=character_autocomplete)
    async def join(
        self, interaction: discord.Interaction, character: app_commands.Range[str, 1, 80]
    ) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.encounter()
        saved = await self._get(ctx, character)
        if saved.system != encounter.system:
            raise UserError(
                "character.wrong_system",
                name=saved.name,
                system=f"system.{saved.system}",
                encounter_system=f"system.{encounter.system}",
            )
        await handler_for("join", encounter.system)(ctx, encounter, saved)

    @combatant.command(
        name=_("add"), description=_("Add combatants from a stat block or a saved character (GM)")
    )
    @app_commands.describe(
        name=_("Name (numbered when count > 1)"),
        statblock=_("Stat block (use \\n for new lines)"),
        character=_("One of your saved characters"),
        count=_("How many (Extras share one card)"),
        wildcard=_("Wild Card (Savage Worlds)"),
        side=_("Side: heroes or foes"),
        controller=_("Player who controls it"),
    )
    @app_commands.choices(
        side=[
            app_commands.Choice(name=_("heroes"), value="heroes"),
            app_commands.Choice(name=_("foes"), value="foes"),
        ]
    )
    @app_commands.autocomplete(character=character_autocomplete)
    async def add(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        statblock: app_commands.Range[str, 1, STATBLOCK_LIMIT] | None = None,
        character: app_commands.Range[str, 1, 80] | None = None,
        count: app_commands.Range[int, 1, 40] = 1,
        wildcard: bool | None = None,
        side: str | None = None,
        controller: discord.User | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.require_gm()
        saved = await self._get(ctx, character) if character else None
        await handler_for("combatant:add", encounter.system)(
            ctx, encounter, name=name, statblock=statblock.replace("\\n", "\n") if statblock else None, character=saved,
            count=count, wildcard=wildcard, side=side, controller_id=controller.id if controller else None,
        )  # fmt: skip

    @combatant.command(name=_("remove"), description=_("Remove a combatant (GM)"))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def remove(
        self, interaction: discord.Interaction, combatant: app_commands.Range[str, 1, 100]
    ) -> None:
        await route(interaction, "combatant:remove", combatant=combatant)

    @combatant.command(name=_("edit"), description=_("Change a combatant (GM)"))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def edit(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        statblock: app_commands.Range[str, 1, STATBLOCK_LIMIT] | None = None,
        name: app_commands.Range[str, 1, 60] | None = None,
        controller: discord.User | None = None,
    ) -> None:
        await route(
            interaction, "combatant:edit", combatant=combatant, statblock=statblock.replace("\\n", "\n") if statblock else None,
            name=name, controller_id=controller.id if controller else None,
        )  # fmt: skip

    async def _get(self, ctx: Ctx, name: str) -> SavedCharacter:
        saved = await CharacterRepository(self.bot.db).get(
            guild_id=ctx.guild_id, owner_id=ctx.user_id, name=name
        )
        if saved is None:
            raise UserError("character.unknown", name=name)
        return saved


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Roster(bot))
