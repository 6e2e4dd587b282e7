"""Sheets and combatants for ``/character``, ``/combatant`` and ``/join``: saving a sheet
(read by its system's plugin), adding combatants through the system's move, and the
sheet card after each (issue 16: what the bot understood, what it did not use, the
defaults it applied; private after save and show, public after add, edit and join).

``/combatant add`` and ``/character save`` without a stat block open a form; its
custom_id carries what the submit needs, so an open form survives a restart.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import discord
from discord import app_commands

from bot.app import ComodinBot
from bot.commands.buttons import unkept
from bot.commands.context import Ctx
from bot.commands.dispatch import answer, read_sheet
from bot.errors import UserError
from bot.i18n import t
from bot.render.board import board_embed
from bot.render.limits import CHOICE_NAME, CHOICES, INPUT_LABEL, MODAL_TITLE, clip
from bot.render.sheets import sheet_card
from bot.storage.characters import CharacterRepository, SavedCharacter
from bot.systems import catalogue, visibility
from bot.systems.base import Outcome, RuleError
from bot.systems.bounds import NAME_MAX, require_controller
from bot.systems.encounter import Encounter
from bot.systems.lookup import find, matching
from bot.systems.plain_names import plain_name
from bot.systems.plugin import SavedSheet
from bot.systems.sheets import SheetReading

STATBLOCK_LIMIT = 4000

# A form's custom_id carries what its submit needs, so an open form survives a restart:
# "cmd:m:cs:{system or ''}:{name}" (9 + 9 + 1 + 80 characters at most, within Discord's 100)
# for /character save; "cmd:m:ca:{count}:{wildcard y/n/-}:{side h/f/-}:{hidden y/n}:
# {controller or ''}:{name}" (9 + 3 + 2 + 2 + 2 + 20 + 60 = 98 at most) for /combatant add.
SAVE_FORM_ID = "cmd:m:cs:{system}:{name}"
ADD_FORM_ID = "cmd:m:ca:{count}:{wildcard}:{side}:{hidden}:{controller}:{name}"
FORM_YES_NO = {True: "y", False: "n", None: "-"}
FORM_SIDES = {"heroes": "h", "foes": "f", None: "-"}


def repository(ctx: Ctx) -> CharacterRepository:
    return CharacterRepository(ctx.bot.db)


async def character_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The user's saved characters on this server whose name contains what was typed."""
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    saved = await CharacterRepository(bot.db).list(
        guild_id=interaction.guild_id or 0, owner_id=interaction.user.id
    )
    names = [clip(c.name, CHOICE_NAME) for c in saved]
    return [app_commands.Choice(name=n, value=n) for n in matching(names, current)][:CHOICES]


class _Saved(NamedTuple):
    """A saved character as the one name resolver sees it: its name is its id."""

    id: str
    name: str


async def saved_character(ctx: Ctx, name: str, *, whole: bool = False) -> SavedCharacter:
    """The user's saved character ``name`` names, found as a combatant is
    (:func:`bot.systems.lookup.find`: case, accents, quotes and trailing punctuation
    ignored, or the start of exactly one name unless ``whole``)."""
    mine = await repository(ctx).list(guild_id=ctx.guild_id, owner_id=ctx.user_id)
    found = find(
        [_Saved(c.name, c.name) for c in mine],
        name,
        unknown_key="character.unknown",
        ambiguous_key="character.ambiguous",
        whole=whole,
    )
    return next(c for c in mine if c.name == found.name)


async def delete_character(ctx: Ctx, name: str) -> None:
    """``/character delete``: the one ``name`` names, by its whole name only (it cannot
    be undone), said back as it was saved."""
    saved = await saved_character(ctx, name, whole=True)
    if not await repository(ctx).delete(
        guild_id=ctx.guild_id, owner_id=ctx.user_id, name=saved.name
    ):
        raise UserError("character.unknown", name=name)
    await ctx.send(ctx.t("character.deleted", name=saved.name), ephemeral=True)


def as_sheet(saved: SavedCharacter) -> SavedSheet:
    """A saved character as a move receives it."""
    return SavedSheet(name=saved.name, system=saved.system, sheet=saved.sheet, source=saved.source)


def card(ctx: Ctx, system: str, sheet: Any, reading: SheetReading[Any] | None) -> discord.Embed:
    return sheet_card(system, sheet, reading, ctx.lang)


async def save_character(ctx: Ctx, name: str, text: str, system: str | None) -> None:
    name = name.strip()
    if not name:
        raise UserError("character.bad_name")
    name = plain_name(name, limit=NAME_MAX)  # issue 21: plain text, no markup
    if system is None:
        encounter = await ctx.bot.encounters.get(ctx.channel_id)
        system = encounter.system if encounter else catalogue.DEFAULT_SYSTEM
    reading = read_sheet(system, text, name)
    replaced = await repository(ctx).save(
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


async def show_character(ctx: Ctx, name: str) -> None:
    """A saved character's card, read again from its text (private)."""
    saved = await saved_character(ctx, name)
    try:
        reading: SheetReading[Any] | None = read_sheet(saved.system, saved.source, saved.name)
        sheet: Any = reading.sheet if reading is not None else saved.sheet
    except RuleError:  # read once with the encounter's actions (Ritual Hex): as saved
        reading, sheet = None, saved.sheet
    await ctx.send(embed=card(ctx, saved.system, sheet, reading), ephemeral=True)


async def list_characters(ctx: Ctx) -> None:
    saved = await repository(ctx).list(guild_id=ctx.guild_id, owner_id=ctx.user_id)
    lines = [f"• {c.name} ({ctx.t(f'system.{c.system}')})" for c in saved] or [
        ctx.t("character.none")
    ]
    await ctx.send(
        embed=discord.Embed(title=ctx.t("character.list_title"), description="\n".join(lines)),
        ephemeral=True,
    )


async def send_added_card(
    ctx: Ctx,
    done: tuple[Encounter, Outcome] | None,
    source: str | None,
    name: str,
    *,
    private: bool = False,
) -> None:
    """After an add or a join: the card of the combatant it added (found by the ids the
    outcome carries, in the encounter as the action left it), with the warnings of the
    text it came from: the reading the move made and put in its outcome (the stat block
    read once, before the lock), else ``source`` (a saved character's text, kept as
    its parsed sheet) read for the card; the GM's alone when the combatant is hidden
    (``private``, issue 27). Several added: "Goblin ×6"."""
    if done is None:
        return
    encounter, outcome = done
    added = [c for c in encounter.state.combatants if c.id in outcome.added]
    if not added:
        return
    combatant, reading = added[0], outcome.reading
    if reading is None and source is not None:
        try:
            reading = read_sheet(encounter.system, source, name, encounter)
        except RuleError:
            reading = None  # the system read it its own way; the card shows the result
    if len(added) > 1:  # "Goblin ×6", not "Goblin 1"
        combatant = combatant.model_copy(update={"name": f"{name.strip()} ×{len(added)}"})
    hidden = private or combatant.hidden
    await ctx.send(embed=card(ctx, encounter.system, combatant, reading), ephemeral=hidden)


async def add_combatants(
    ctx: Ctx,
    encounter: Encounter,
    *,
    name: str,
    statblock: str | None,
    character: SavedCharacter | None,
    count: int,
    wildcard: bool | None,
    side: str | None,
    controller: int | None,
    hidden: bool = False,
) -> None:
    """GM (``encounter``: the channel's, as the command that checked it found it): the
    system adds them (``hidden``: hidden from the start, issue 27); then the card of what
    was added (the GM's alone when hidden)."""
    check_controller_id(ctx, controller)
    done = await answer(
        ctx, encounter, "combatant:add", name=name, statblock=statblock,
        character=as_sheet(character) if character else None, count=count, wildcard=wildcard,
        side=side, controller=controller,
        around=visibility.hidden_from_start if hidden else None,
    )  # fmt: skip
    source = statblock if statblock is not None else character.source if character else None
    await send_added_card(ctx, done, source, name, private=hidden)


def controller_of(ctx: Ctx, user: discord.User | discord.Member | None) -> int | None:
    """Issue 27: whom a command names as a combatant's controller (and so pings at its
    turns): a member of this server, not a bot, with a Discord id; a member who is not a
    server GM may name only themselves (a server GM names anyone: the player who should
    not be pinged can ask the GM, who is there). ``None`` when nobody is named."""
    if user is None:
        return None
    check_controller_id(ctx, user.id)
    if user.bot:
        raise UserError("roster.controller.bot", user=f"<@{user.id}>")
    if not isinstance(user, discord.Member):
        raise UserError("roster.controller.not_member", user=f"<@{user.id}>")
    return user.id


def check_controller_id(ctx: Ctx, controller: int | None) -> None:
    """The rule of :func:`controller_of` that a bare id can be checked for (a form's):
    a Discord id, and one's own unless a server GM names it."""
    if controller is None:
        return
    require_controller(controller)
    if controller != ctx.user_id and not ctx.server_gm():
        raise UserError("roster.controller.not_self", user=f"<@{controller}>")


async def join(ctx: Ctx, character: str) -> None:
    """A player's saved character joins the channel's encounter; then its card."""
    encounter = await ctx.encounter()
    saved = await saved_character(ctx, character)
    if saved.system != encounter.system:
        raise UserError(
            "character.wrong_system",
            name=saved.name,
            system=f"system.{saved.system}",
            encounter_system=f"system.{encounter.system}",
        )
    done = await answer(ctx, encounter, "join", character=as_sheet(saved))
    await send_added_card(ctx, done, saved.source, saved.name)


async def card_after_edit(ctx: Ctx, combatant: str, new_name: str | None) -> None:
    """The card of the combatant as edited (found by its new name, else as named)."""
    encounter = await ctx.bot.encounters.get(ctx.channel_id)
    if encounter is None:
        return
    for wanted in (new_name, combatant):
        if not wanted:
            continue
        try:
            found = find(encounter.state.combatants, wanted)
        except RuleError:
            continue
        # A hidden combatant's card (its numbers) is for the GM only (issue 18).
        await ctx.send(embed=card(ctx, encounter.system, found, None), ephemeral=found.hidden)
        return


async def set_hidden(ctx: Ctx, combatant: str, hidden: bool) -> None:
    """``/combatant edit hidden``: the GM hides a combatant's numbers from the board (or
    shows them again); the reply is the GM's alone."""

    def rules(state: Any, actor: Any, dice: Any) -> Any:
        return visibility.set_hidden(state, actor, combatant, hidden)

    await ctx.act(
        rules,
        kind="combatant.hidden",
        params={"combatant": combatant, "hidden": hidden},
        title_key="combatant.title.hidden",
        ephemeral=True,
    )


async def show_combatant(ctx: Ctx, combatant: str) -> None:
    """``/combatant show``: the GM's private view of a combatant, numbers included even
    when hidden: its sheet card and the board as the GM sees it."""
    encounter = await ctx.require_gm()
    found = find(encounter.state.combatants, combatant)
    context = dataclasses.replace(await ctx.bot.boards.context(encounter), reveal=True)
    board, _ = board_embed(encounter, ctx.lang, context)
    await ctx.send(embed=card(ctx, encounter.system, found, None), ephemeral=True)
    await ctx.send(embed=board, ephemeral=True)


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
