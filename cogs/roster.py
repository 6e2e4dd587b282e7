"""/character save|show|list|delete, /join, /combatant add|remove|edit: the commands.

What they do is in :mod:`bot.commands.roster` (sheets read by the system's plugin, the
sheet card after each, the forms) and the channel's system's moves
(``combatant:add``, ``combatant:remove``, ``combatant:edit``, ``join``).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands import roster
from bot.commands.autocomplete import combatant_autocomplete
from bot.commands.buttons import modal_route
from bot.commands.choices import SIDES, answering, system_choices
from bot.commands.context import Ctx
from bot.commands.dispatch import route
from bot.commands.roster import (
    ADD_FORM_ID,
    FORM_YES_NO,
    SAVE_FORM_ID,
    STATBLOCK_LIMIT,
    character_autocomplete,
    statblock_form,
)
from bot.errors import UserError


@modal_route(r"cmd:m:cs:(?P<system>[a-z0-9]*):(?P<name>.+)")
async def statblock_submitted(
    interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]
) -> None:
    """A stat block the form sent: saved like ``/character save`` with one (the parser
    refuses an empty or bad one, naming the line)."""
    text = values.get("statblock", "")
    await roster.save_character(Ctx.of(interaction), match["name"], text, match["system"] or None)


@modal_route(
    r"cmd:m:ca:(?P<count>\d+):(?P<wildcard>[yn-]):(?P<side>[hf-]):(?P<hidden>[yn]):"
    r"(?P<controller>\d*):(?P<name>.+)"
)
async def combatant_form_submitted(
    interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]
) -> None:
    """The stat block of a ``/combatant add`` that had none: added as if typed in it (the
    controller checked again: issue 27)."""
    wildcard = {v: k for k, v in FORM_YES_NO.items()}[match["wildcard"]]
    side = {v: k for k, v in roster.FORM_SIDES.items()}[match["side"]]
    ctx = Ctx.of(interaction)
    encounter = await ctx.require_gm()  # its submit is an interaction of its own
    await roster.add_combatants(
        ctx, encounter, name=match["name"], statblock=values.get("statblock", ""),
        character=None, count=int(match["count"]), wildcard=wildcard, side=side,
        controller=int(match["controller"]) if match["controller"] else None,
        hidden=match["hidden"] == "y",
    )  # fmt: skip


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
    @app_commands.choices(system=system_choices())
    async def save(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        statblock: app_commands.Range[str, 1, STATBLOCK_LIMIT] | None = None,
        system: str | None = None,
    ) -> None:
        ctx = Ctx.of(interaction)
        if statblock is None:
            form_id = SAVE_FORM_ID.format(system=system or "", name=name)
            await interaction.response.send_modal(statblock_form(name, form_id, ctx.lang))
            return
        await roster.save_character(ctx, name, statblock.replace("\\n", "\n"), system)

    @character.command(name=_("show"), description=_("Show one of your saved characters"))
    @app_commands.describe(name=_("Name of the saved character"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def show(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80]
    ) -> None:
        await roster.show_character(Ctx.of(interaction), name)

    @character.command(name=_("list"), description=_("List your saved characters"))
    async def list_(self, interaction: discord.Interaction) -> None:
        await roster.list_characters(Ctx.of(interaction))

    @character.command(name=_("delete"), description=_("Delete one of your saved characters"))
    @app_commands.describe(name=_("Name of the saved character"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def delete(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80]
    ) -> None:
        await roster.delete_character(Ctx.of(interaction), name)

    @app_commands.command(
        name=_("join"),
        description=_("Join this channel's encounter with one of your saved characters"),
    )
    @app_commands.guild_only()
    @app_commands.describe(character=_("Name of the saved character"))
    @app_commands.autocomplete(character=character_autocomplete)
    async def join(
        self, interaction: discord.Interaction, character: app_commands.Range[str, 1, 80]
    ) -> None:
        await roster.join(Ctx.of(interaction), character)

    @combatant.command(
        name=_("add"), description=_("Add combatants from a stat block or a saved character (GM)")
    )
    @app_commands.describe(
        name=_("Name (numbered when count > 1)"),
        statblock=_("Stat block (use \\n for new lines)"),
        character=_("One of your saved characters"),
        count=_("How many (Extras share one card)"),
        wildcard=answering("Wild Card", "combatant:add", "wildcard"),
        side=_("Side: heroes or foes"),
        controller=_("Player who controls it (yourself unless you are a server GM)"),
        hidden=_("Hidden from the start: its numbers only for the GM"),
    )
    @app_commands.choices(side=SIDES)
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
        hidden: bool = False,
    ) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.require_gm()  # once: before the form, the parse, the lock
        controller_id = roster.controller_of(ctx, controller)  # issue 27
        saved = await roster.saved_character(ctx, character) if character else None
        if statblock is None and saved is None:
            # Issue 16: no blank combatants: the same form as /character save.
            form_id = ADD_FORM_ID.format(
                count=count, wildcard=FORM_YES_NO[wildcard], side=roster.FORM_SIDES.get(side, "-"),
                hidden="y" if hidden else "n", controller=controller_id or "", name=name,
            )  # fmt: skip
            await interaction.response.send_modal(statblock_form(name, form_id, ctx.lang))
            return
        await roster.add_combatants(
            ctx, encounter, name=name,
            statblock=statblock.replace("\\n", "\n") if statblock else None,
            character=saved, count=count, wildcard=wildcard, side=side,
            controller=controller_id, hidden=hidden,
        )  # fmt: skip

    @combatant.command(name=_("remove"), description=_("Remove a combatant (GM)"))
    @app_commands.describe(combatant=_("Who leaves the encounter"))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def remove(
        self, interaction: discord.Interaction, combatant: app_commands.Range[str, 1, 100]
    ) -> None:
        await route(interaction, "combatant:remove", combatant=combatant)

    @combatant.command(name=_("edit"), description=_("Change a combatant (GM)"))
    @app_commands.describe(
        combatant=_("Who you change"),
        statblock=_("Lines of the stat block to change (use \\n for new lines)"),
        name=_("A new name"),
        controller=_("Player who controls it (yourself unless you are a server GM)"),
        hidden=_("Hide its numbers from the board: only words (GM; on its own)"),
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def edit(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        statblock: app_commands.Range[str, 1, STATBLOCK_LIMIT] | None = None,
        name: app_commands.Range[str, 1, 60] | None = None,
        controller: discord.User | None = None,
        hidden: bool | None = None,
    ) -> None:
        if hidden is not None:
            if statblock or name or controller:
                raise UserError("combatant.hidden_alone")
            await roster.set_hidden(Ctx.of(interaction), combatant, hidden)
            return
        controller_id = roster.controller_of(Ctx.of(interaction), controller)  # issue 27
        await route(
            interaction, "combatant:edit", combatant=combatant, statblock=statblock.replace("\\n", "\n") if statblock else None,
            name=name, controller=controller_id,
        )  # fmt: skip
        await roster.card_after_edit(Ctx.of(interaction), combatant, name)

    @combatant.command(
        name=_("show"), description=_("A combatant's numbers, hidden ones too (GM, private)")
    )
    @app_commands.describe(combatant=_("Whose numbers"))
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def show_combatant(
        self, interaction: discord.Interaction, combatant: app_commands.Range[str, 1, 100]
    ) -> None:
        await roster.show_combatant(Ctx.of(interaction), combatant)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Roster(bot))
