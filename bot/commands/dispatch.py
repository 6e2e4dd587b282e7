"""From a shared command to the channel's system: the dispatcher.

A cog declares ``/attack`` with every option any system takes and calls :func:`route`
with the options given. The channel's system (its plugin in the catalogue) answers with
its :class:`~bot.systems.plugin.Move`: the options are validated by the move's model
(an option the system does not take is refused, naming it), ``play`` gives the rules
call, and :meth:`Ctx.act <bot.commands.context.Ctx.act>` runs it under the channel's
lock, logs it, replies and refreshes the board. Buttons (offers under a result, the
board's) reach moves the same way. A move that looks at the state first (a
:class:`~bot.systems.plugin.Look`) chooses its play there, or a
:class:`~bot.systems.plugin.Notice`, which is only shown (:func:`show`).

While no system is left on the old handlers (phase B of issue 22), a command a legacy
plugin has no move for would go to the old handler (:mod:`bot.commands.legacy`), which
phase C removes.

A move may also only show the encounter (a :class:`~bot.systems.plugin.Show`: a private
reply, nothing saved), or be paid for (a :class:`~bot.systems.plugin.Play` with a
:class:`~bot.systems.plugin.Cost`: :data:`PAYERS` charges it and runs the rules as one
action). What lives outside the encounter's state follows the action, by its events
(:mod:`bot.commands.benny_follow_ups`: the bennies ledger).

Every move is checked against the commands the cogs declare when they are loaded
(:mod:`bot.commands.checks`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.commands import benny_follow_ups
from bot.commands.benny_spending import pay_benny
from bot.commands.context import Ctx
from bot.commands.legacy import handler_for, has_handler
from bot.encounter.service import Undone
from bot.errors import UserError
from bot.i18n import CommandName
from bot.render.systems import renderers
from bot.render.text import event_lines
from bot.render.views import offers_view
from bot.systems import catalogue
from bot.systems.base import Offer, Outcome
from bot.systems.encounter import Encounter
from bot.systems.plugin import Look, Move, Notice, Play, Plugin, SavedSheet, Show
from bot.systems.sheets import SheetReading

Payer = Callable[[Ctx, Encounter, Play[Any]], Awaitable[tuple[Encounter, Outcome]]]
# A move's Cost.currency -> what charges it and runs the move's rules as one action.
PAYERS: dict[str, Payer] = {"benny": pay_benny}


def not_in_system(command: str, system: str) -> UserError:
    """The refusal of a command the system does not answer, naming the one of its own
    that does that job when it has one (``Plugin.instead``: /initiative roll in Savage
    Worlds says /deal), else where the system's commands are listed."""
    shown = CommandName(command.replace(":", " "))  # "grapple:crush": "/grapple crush"
    instead = catalogue.plugin(system).instead.get(command)
    if instead is not None:
        return UserError(
            "command.not_in_system_instead",
            command=shown,
            system=f"system.{system}",
            instead=f"command.instead.{instead.replace(':', '_')}",
        )
    return UserError("command.not_in_system", command=shown, system=f"system.{system}")


def logged(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options given, as the log keeps them (a saved character by its name)."""
    return {
        k: (v.name if isinstance(v, SavedSheet) else v) for k, v in options.items() if v is not None
    }


async def play(
    ctx: Ctx,
    plugin: Plugin[Any],
    move: Move[Any, Any],
    options: Mapping[str, Any],
    *,
    encounter: Encounter,
    log: dict[str, Any] | None = None,
) -> None:
    """Validate ``options`` for ``move`` and run its rules call as one encounter action
    (logged with the options given, or ``log``), paid for when it costs something; then
    what follows it outside the state. ``encounter`` is the channel's as the command
    found it. A :class:`Show` only replies, privately; a :class:`Look` reads
    ``encounter`` to choose its play, or a :class:`Notice`, which is only shown."""
    chosen = move.read(options, plugin.system)
    planned = move.play(chosen)
    if isinstance(planned, Show):
        lines = event_lines(planned.lines(encounter.state), ctx.lang)
        embed = discord.Embed(title=ctx.t(planned.title), description="\n".join(lines))
        await ctx.send(embed=embed, ephemeral=True)
        return
    if isinstance(planned, Look):
        planned = planned.choose(encounter.state, ctx.actor(encounter))
        if isinstance(planned, Notice):
            await show(ctx, encounter, planned)
            return
    if planned.cost is not None:
        _, outcome = await PAYERS[planned.cost.currency](ctx, encounter, planned)
    else:
        _, outcome = await ctx.act(
            planned.rules,
            kind=planned.kind,
            params=logged(options) if log is None else log,
            title_key=planned.title,
            undoable=planned.undoable,
        )
    await benny_follow_ups.follow_up(ctx, outcome)


async def show(ctx: Ctx, encounter: Encounter, notice: Notice) -> None:
    """A move's :class:`Notice`: its events under its title, and the buttons under the
    last result again (still valid: nothing changed)."""
    embed = discord.Embed(
        title=ctx.t(notice.title), description="\n".join(event_lines(list(notice.events), ctx.lang))
    )
    view = offers_view(encounter.channel_id, encounter.seq, encounter.offers, ctx.lang)
    await ctx.send(embed=embed, view=view)


async def answer(ctx: Ctx, encounter: Encounter, command: str, **options: Any) -> None:
    """The channel's system answers ``command`` (its move, else its old handler)."""
    plugin = catalogue.plugin(encounter.system)
    move = plugin.move(command)
    if move is not None:
        await play(ctx, plugin, move, options, encounter=encounter)
    elif plugin.legacy:
        await _legacy(handler_for(command, encounter.system), command, ctx, encounter, options)
    else:
        raise not_in_system(command, encounter.system)


async def _legacy(
    handler: Any, command: str, ctx: Ctx, encounter: Encounter, options: dict[str, Any]
) -> None:
    """An old handler, called the old way: ``/join``'s character positionally, the
    controller as ``controller_id``."""
    if command == "join":
        await handler(ctx, encounter, options["character"])
        return
    if "controller" in options:
        options["controller_id"] = options.pop("controller")
    await handler(ctx, encounter, **options)


async def route(interaction: discord.Interaction, command: str, **options: Any) -> None:
    """A shared command: the channel's encounter's system answers it."""
    ctx = Ctx.of(interaction)
    await answer(ctx, await ctx.encounter(), command, **options)


async def undo_notes(ctx: Ctx, undone: Undone) -> list[str]:
    """What ``/undo`` also says: what it undid outside the encounter's state (the
    bennies ledger's rows of that action, SW-38)."""
    return await benny_follow_ups.undone(ctx, undone)


def has_answer(system: str, command: str) -> bool:
    plugin = catalogue.plugin(system)
    return plugin.move(command) is not None or (plugin.legacy and has_handler(command, system))


# -- buttons -----------------------------------------------------------------------------


async def press_board(ctx: Ctx, encounter: Encounter, action: str) -> None:
    """A board button: the system's ``board:<action>`` move."""
    plugin = catalogue.plugin(encounter.system)
    move = plugin.move(f"board:{action}")
    if move is not None:
        await play(ctx, plugin, move, {}, encounter=encounter)
    elif plugin.legacy:
        await handler_for(f"board:{action}", encounter.system)(ctx)
    else:
        raise not_in_system(f"board:{action}", encounter.system)


async def press_offer(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    """A button under a result: the system's ``offer:<action>`` move, with the offer's
    data and combatant as its options."""
    plugin = catalogue.plugin(encounter.system)
    move = plugin.move(f"offer:{offer.action}")
    if move is None and plugin.legacy:
        await handler_for(f"offer:{offer.action}", encounter.system)(ctx, encounter, offer)
        return
    if move is None:
        raise not_in_system(f"offer:{offer.action}", encounter.system)
    options = dict(offer.data)
    if offer.combatant_id is not None:
        options["combatant_id"] = offer.combatant_id
    log = {"offer": offer.action, **offer.data}
    await play(ctx, plugin, move, options, encounter=encounter, log=log)


# -- what is not a rules action ----------------------------------------------------------


def read_sheet(
    system: str, text: str, name: str, encounter: Encounter | None = None
) -> SheetReading[Any]:
    """The system's reading of a pasted sheet (refusals are the system's RuleErrors)."""
    plugin = catalogue.plugin(system)
    if plugin.read_sheet is not None:
        return plugin.read_sheet(text, name, encounter.state if encounter else None)
    reading: SheetReading[Any] = handler_for("read_sheet", system)(text, name, encounter)
    return reading


async def end_summary(ctx: Ctx, encounter: Encounter) -> str:
    """What ``/encounter end`` says of the fight: the system's summary renderer (and the
    bennies spent in it), else its old handler, else nothing."""
    render = renderers(encounter.system).summary
    if render is not None:
        spent = await benny_follow_ups.spent_in(ctx, encounter)
        return "\n".join(line for line in (render(encounter.state, ctx.lang), spent) if line)
    if has_handler("summary", encounter.system):
        text: str = await handler_for("summary", encounter.system)(ctx, encounter)
        return text
    return ""
