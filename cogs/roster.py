"""/character save|show|list|delete, /join, /combatant add|remove|edit.

Characters are stored as text plus the system's parsed sheet; parsing is the system's
(``@handles("read_sheet", system)``: ``(text, name, encounter|None) -> SheetReading``,
raising RuleError with the line and what was expected). Adding to an encounter routes to
the system's handlers (``join``, ``combatant:add``, ``combatant:remove``,
``combatant:edit``).

Issue 16: after every save, add, edit and join, and on ``/character show``, the sheet card
says what the bot understood, with the text it did not use and the defaults it applied
(``bot.render.sheets``). The card after save and show is private, like their reply; after
add, edit and join it follows the public result. ``/combatant add`` with neither a stat
block nor a character opens the same form as ``/character save``.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.errors import UserError
from bot.i18n import t
from bot.render.limits import INPUT_LABEL, MODAL_TITLE, clip
from bot.render.sheets import sheet_card
from bot.storage.characters import CharacterRepository, SavedCharacter
from bot.systems.base import RuleError
from bot.systems.bounds import NAME_MAX
from bot.systems.encounter import Encounter
from bot.systems.plain_names import plain_name
from bot.systems.sheets import SheetReading
from bot.systems.swade.names import fold
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


def read_sheet(
    system: str, text: str, name: str, encounter: Encounter | None = None
) -> SheetReading[Any]:
    """The system's reading of a pasted sheet (refusals are the system's RuleErrors)."""
    reading: SheetReading[Any] = handler_for("read_sheet", system)(text, name, encounter)
    return reading


def card(ctx: Ctx, system: str, sheet: Any, reading: SheetReading[Any] | None) -> discord.Embed:
    return sheet_card(system, sheet, reading, ctx.lang)


async def save_character(ctx: Ctx, name: str, text: str, system: str | None) -> None:
    name = name.strip()
    if not name:
        raise UserError("character.bad_name")
    name = plain_name(name, limit=NAME_MAX)  # issue 21: plain text, no markup
    if system is None:
        encounter = await ctx.bot.encounters.get(ctx.channel_id)
        system = encounter.system if encounter else "swade"
    reading = read_sheet(system, text, name)
    repo = CharacterRepository(ctx.bot.db)
    replaced = await repo.save(
        guild_id=ctx.guild_id,
        owner_id=ctx.user_id,
        name=name,
        system=system,
        source=text,
        sheet=reading.sheet.model_dump(mode="json"),
    )
    await ctx.send(
        ctx.t(
            "character.replaced" if replaced else "character.saved",
            name=name,
            system=ctx.t(f"system.{system}"),
        ),
        embed=card(ctx, system, reading.sheet, reading),
        ephemeral=True,
    )


def _newest(encounter: Encounter, name: str) -> Any | None:
    """The newest combatant called ``name`` (or numbered after it, "Goblin 6")."""
    wanted = fold(name)
    numbered = re.compile(rf"{re.escape(wanted)} \d+")
    found = [
        c
        for c in encounter.state.combatants
        if fold(c.name) == wanted or numbered.fullmatch(fold(c.name))
    ]
    return found[-1] if found else None


async def send_combatant_card(
    ctx: Ctx, name: str, text: str | None, *, count: int = 1, character: str | None = None
) -> None:
    """After an add, edit or join: the card of the combatant as it is now in the
    encounter, with the warnings of the text it came from (when there was one)."""
    encounter = await ctx.bot.encounters.get(ctx.channel_id)
    combatant = _newest(encounter, name) if encounter is not None else None
    if encounter is None or combatant is None:
        return
    reading = None
    if text is not None:
        try:
            reading = read_sheet(encounter.system, text, character or name, encounter)
        except RuleError:
            reading = None  # the system read it its own way; the card shows the result
    if count > 1:  # "Goblin ×6", not "Goblin 6"
        combatant = combatant.model_copy(update={"name": f"{name.strip()} ×{count}"})
    await ctx.send(embed=card(ctx, encounter.system, combatant, reading))


async def add_combatants(
    ctx: Ctx,
    *,
    name: str,
    statblock: str | None,
    character: SavedCharacter | None,
    count: int,
    wildcard: bool | None,
    side: str | None,
    controller_id: int | None,
) -> None:
    """GM: the system adds them; then the card of what was added."""
    encounter = await ctx.require_gm()
    await handler_for("combatant:add", encounter.system)(
        ctx, encounter, name=name, statblock=statblock, character=character, count=count,
        wildcard=wildcard, side=side, controller_id=controller_id,
    )  # fmt: skip
    text = statblock if statblock is not None else character.source if character else None
    await send_combatant_card(ctx, name, text, count=count)


# A form's custom_id carries what its submit needs, so an open form survives a restart:
# "cmd:m:cs:{system or ''}:{name}" (9 + 9 + 1 + 80 characters at most, within Discord's 100)
# for /character save; "cmd:m:ca:{count}:{wildcard y/n/-}:{side h/f/-}:{controller or ''}:
# {name}" (9 + 3 + 2 + 2 + 21 + 60 = 97 at most) for /combatant add.
SAVE_FORM_ID = "cmd:m:cs:{system}:{name}"
ADD_FORM_ID = "cmd:m:ca:{count}:{wildcard}:{side}:{controller}:{name}"
_YES_NO = {True: "y", False: "n", None: "-"}
_SIDES = {"heroes": "h", "foes": "f", None: "-"}


def statblock_form(name: str, custom_id: str, lang: str) -> discord.ui.Modal:
    """The form a stat block is pasted into (line breaks kept): ``/character save`` and
    ``/combatant add`` without one."""
    modal = discord.ui.Modal(
        title=clip(t("character.modal_title", lang, name=name), MODAL_TITLE),
        custom_id=custom_id,
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


@modal_route(
    r"cmd:m:ca:(?P<count>\d+):(?P<wildcard>[yn-]):(?P<side>[hf-]):(?P<controller>\d*):(?P<name>.+)"
)
async def combatant_form_submitted(
    interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]
) -> None:
    """The stat block of a ``/combatant add`` that had none: added as if typed in it."""
    wildcard = {v: k for k, v in _YES_NO.items()}[match["wildcard"]]
    side = {v: k for k, v in _SIDES.items()}[match["side"]]
    await add_combatants(
        Ctx.of(interaction), name=match["name"], statblock=values.get("statblock", ""),
        character=None, count=int(match["count"]), wildcard=wildcard, side=side,
        controller_id=int(match["controller"]) if match["controller"] else None,
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
            form_id = SAVE_FORM_ID.format(system=system or "", name=name)
            await interaction.response.send_modal(statblock_form(name, form_id, ctx.lang))
            return
        await save_character(ctx, name, statblock.replace("\\n", "\n"), system)

    @character.command(name=_("show"), description=_("Show one of your saved characters"))
    @app_commands.autocomplete(name=character_autocomplete)
    async def show(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80]
    ) -> None:
        ctx = Ctx.of(interaction)
        saved = await self._get(ctx, name)
        try:
            reading: SheetReading[Any] | None = read_sheet(saved.system, saved.source, saved.name)
            sheet: Any = reading.sheet if reading is not None else saved.sheet
        except RuleError:  # read once with the encounter's actions (Ritual Hex): as saved
            reading, sheet = None, saved.sheet
        await ctx.send(embed=card(ctx, saved.system, sheet, reading), ephemeral=True)

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
        await send_combatant_card(ctx, saved.name, saved.source)

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
        await ctx.require_gm()
        saved = await self._get(ctx, character) if character else None
        options: dict[str, Any] = {
            "name": name, "character": saved, "count": count, "wildcard": wildcard, "side": side,
            "controller_id": controller.id if controller else None,
        }  # fmt: skip
        if statblock is None and saved is None:
            # Issue 16: no blank combatants: the same form as /character save.
            form_id = ADD_FORM_ID.format(
                count=count, wildcard=_YES_NO[wildcard], side=_SIDES.get(side, "-"),
                controller=controller.id if controller else "", name=name,
            )  # fmt: skip
            await interaction.response.send_modal(statblock_form(name, form_id, ctx.lang))
            return
        text = statblock.replace("\\n", "\n") if statblock else None
        await add_combatants(ctx, statblock=text, **options)

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
        await self._card_after_edit(Ctx.of(interaction), combatant, name)

    async def _card_after_edit(self, ctx: Ctx, combatant: str, new_name: str | None) -> None:
        """The card of the combatant as edited (found by its new name, its name or id)."""
        encounter = await ctx.bot.encounters.get(ctx.channel_id)
        if encounter is None:
            return
        wanted = {fold(combatant), fold(new_name or "")}
        found = next(
            (c for c in encounter.state.combatants
             if c.id == combatant.strip() or fold(c.name) in wanted),
            None,
        )  # fmt: skip
        if found is not None:
            await ctx.send(embed=card(ctx, encounter.system, found, None))

    async def _get(self, ctx: Ctx, name: str) -> SavedCharacter:
        saved = await CharacterRepository(self.bot.db).get(
            guild_id=ctx.guild_id, owner_id=ctx.user_id, name=name
        )
        if saved is None:
            raise UserError("character.unknown", name=name)
        return saved


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(Roster(bot))
