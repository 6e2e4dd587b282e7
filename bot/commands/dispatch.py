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

A command, button or form the channel's system has no move for is refused, naming the
command and the system (``command.not_in_system``).

A move may also only show the encounter (a :class:`~bot.systems.plugin.Show`: a private
reply, nothing saved), or be paid for (a :class:`~bot.systems.plugin.Play` with a
:class:`~bot.systems.plugin.Cost`: :data:`PAYERS` charges it and runs the rules as one
action). What lives outside the encounter's state follows the action, by its events
(:mod:`bot.commands.benny_follow_ups`: the bennies ledger).

Every move is checked against the commands the cogs declare when they are loaded
(:mod:`bot.commands.checks`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.commands import benny_follow_ups, reminders
from bot.commands.benny_spending import pay_benny
from bot.commands.context import Ctx
from bot.encounter.service import Undone
from bot.errors import UserError
from bot.i18n import CommandName
from bot.render.systems import renderers
from bot.render.text import event_lines
from bot.render.views import offers_view
from bot.systems import catalogue, visibility
from bot.systems.base import Offer, Outcome
from bot.systems.encounter import Encounter
from bot.systems.plugin import Look, Move, Notice, Play, Plugin, Rules, SavedSheet, Show
from bot.systems.sheets import SheetReading

Payer = Callable[[Ctx, Encounter, Play[Any]], Awaitable[tuple[Encounter, Outcome]]]
Around = Callable[[Rules[Any]], Rules[Any]]
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
    around: Around | None = None,
) -> tuple[Encounter, Outcome] | None:
    """Validate ``options`` for ``move`` and run its rules call as one encounter action
    (logged with the options given, or ``log``), paid for when it costs something; then
    what follows it outside the state. ``encounter`` is the channel's as the command
    found it. A :class:`Show` only replies, privately; a :class:`Look` reads
    ``encounter`` to choose its play, or a :class:`Notice`, which is only shown.
    ``around``: what the bot adds to the rules of every system's move in the same action
    (a combatant added hidden, issue 27). Returns the encounter after the action and
    what its rules said (None when nothing was applied)."""
    chosen = move.read(options, plugin.system)
    planned = move.play(chosen)
    if isinstance(planned, Show):
        lines = event_lines(planned.lines(encounter.state), ctx.lang)
        embed = discord.Embed(title=ctx.t(planned.title), description="\n".join(lines))
        await ctx.send(embed=embed, ephemeral=True)
        return None
    if isinstance(planned, Look):
        planned = planned.choose(encounter.state, ctx.actor(encounter))
        if isinstance(planned, Notice):
            await show(ctx, encounter, planned)
            return None
    if around is not None:
        planned = dataclasses.replace(planned, rules=around(planned.rules))
    if planned.cost is not None:
        after, outcome = await PAYERS[planned.cost.currency](ctx, encounter, planned)
    else:
        after, outcome = await ctx.act(
            planned.rules,
            kind=planned.kind,
            params=logged(options) if log is None else log,
            title_key=planned.title,
            undoable=planned.undoable,
            found=encounter,
        )
    await benny_follow_ups.follow_up(ctx, after, outcome)
    await reminders.follow_up(ctx, after, outcome)
    return after, outcome


async def show(ctx: Ctx, encounter: Encounter, notice: Notice) -> None:
    """A move's :class:`Notice`: its events under its title, and the buttons under the
    last result again (still valid: nothing changed)."""
    embed = discord.Embed(
        title=ctx.t(notice.title), description="\n".join(event_lines(list(notice.events), ctx.lang))
    )
    view = offers_view(encounter.channel_id, encounter.seq, encounter.offers, ctx.lang)
    await ctx.send(embed=embed, view=view)


async def answer(
    ctx: Ctx, encounter: Encounter, command: str, *, around: Around | None = None, **options: Any
) -> tuple[Encounter, Outcome] | None:
    """The channel's system answers ``command`` with its move (``around``: :func:`play`);
    the encounter after it and what its rules said (None when nothing was applied)."""
    plugin = catalogue.plugin(encounter.system)
    move = _move(plugin, command)
    return await play(ctx, plugin, move, options, encounter=encounter, around=around)


def _move(plugin: Plugin[Any], command: str) -> Move[Any, Any]:
    """``plugin``'s move for ``command``, else ``command.not_in_system``."""
    move = plugin.move(command)
    if move is None:
        raise not_in_system(command, plugin.system)
    return move


async def route(interaction: discord.Interaction, command: str, **options: Any) -> None:
    """A shared command: the channel's encounter's system answers it."""
    ctx = Ctx.of(interaction)
    await answer(ctx, await ctx.encounter(), command, **options)


async def undo(ctx: Ctx) -> tuple[Undone, list[str], list[str]]:
    """``/undo``: the channel's last change undone, with what it undid outside the
    encounter's state in the same transaction (the bennies ledger's rows of that action,
    SW-38); what was undone, the lines saying the rest, and those lines whole for the GM
    when players read some masked (issue 27)."""
    return await benny_follow_ups.undo(ctx)


async def imported(ctx: Ctx) -> None:
    """What follows ``/encounter import`` outside the state: the session's pools for
    whoever the imported encounter brings (SW-35, :func:`benny_follow_ups.sync`)."""
    await benny_follow_ups.sync(ctx)


# -- buttons -----------------------------------------------------------------------------


async def press_board(ctx: Ctx, encounter: Encounter, action: str) -> None:
    """A board button: the system's ``board:<action>`` move."""
    plugin = catalogue.plugin(encounter.system)
    await play(ctx, plugin, _move(plugin, f"board:{action}"), {}, encounter=encounter)


async def press_offer(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    """A button under a result: the system's ``offer:<action>`` move, with the offer's
    data and combatant as its options."""
    plugin = catalogue.plugin(encounter.system)
    move = _move(plugin, f"offer:{offer.action}")
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
    return catalogue.plugin(system).read_sheet(text, name, encounter.state if encounter else None)


async def end_summary(ctx: Ctx, encounter: Encounter) -> tuple[str, str]:
    """What ``/encounter end`` says of the fight: the system's summary renderer (and the
    bennies spent in it), as players read it and, when that hid a hidden combatant's
    numbers (issue 27), whole for the GM (else empty)."""
    render = renderers(encounter.system).summary
    shown = [
        render(encounter.state, ctx.lang) if render is not None else "",
        await benny_follow_ups.spent_in(ctx, encounter),
    ]
    revealed = visibility.revealed(encounter)
    if revealed is None:
        return "\n".join(line for line in shown if line), ""
    whole = [
        render(revealed.state, ctx.lang) if render is not None else "",
        await benny_follow_ups.spent_in(ctx, revealed),
    ]
    return "\n".join(line for line in shown if line), "\n".join(line for line in whole if line)
