"""Bennies for an action of a system with them, as the bot's commands see them (SW-35):
who may spend, how a pool is named to the reader, and :func:`act_with_benny`, which
runs an action paid by a benny through :func:`bot.bennies.service.paying` (spent in the
action's own transaction) and replies. ``/bennies spend`` uses it, and so does the dispatcher for
every move with a benny :class:`~bot.systems.plugin.Cost` (:func:`pay_benny`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.bennies import service
from bot.bennies.holders import GM, combatant_of, user_key, user_of, uses_bennies
from bot.bennies.ledger import BennyLedger, Session
from bot.commands.context import Ctx, Rules
from bot.errors import UserError
from bot.systems.base import Outcome
from bot.systems.encounter import Encounter
from bot.systems.plugin import Play


def ledger_of(ctx: Ctx) -> BennyLedger:
    return ctx.bot.bennies


async def link_scope(ctx: Ctx) -> None:
    """A thread shares its parent channel's session: remember the link."""
    channel = ctx.interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id:
        await ledger_of(ctx).link(channel.id, channel.parent_id)


def is_gm(ctx: Ctx, session: Session | None = None) -> bool:
    """Issue 21: the GM of the channel's benny session (:meth:`Session.run_by`: Manage
    Server, the server's GM role, or the member the session belongs to). Without a
    session, only a server GM, who alone may open one. Being GM of the channel's
    encounter is not enough (anyone may start one in a thread or an idle channel)."""
    if session is None:
        return ctx.server_gm()
    return session.run_by(ctx.user_id, server_gm=ctx.server_gm())


def require_session_gm(ctx: Ctx, session: Session) -> None:
    """``bennies.error.session_gm_only`` (naming the session's GM and how to get the
    session handed over) unless the caller is the session's GM."""
    if not is_gm(ctx, session):
        raise UserError("bennies.error.session_gm_only", gm=f"<@{session.gm_id}>")


def with_bennies(encounter: Encounter | None) -> Encounter:
    """The channel's encounter, when its system has bennies (``Plugin.bennies``); else
    the refusal that says how to start one that has."""
    if encounter is None or not uses_bennies(encounter.system):
        raise UserError("bennies.error.no_bennies_in_system")
    return encounter


def holder_label(ctx: Ctx, holder: str, encounter: Encounter | None = None) -> str:
    """How a pool is named to the reader: a mention, "DJ", or the Wild Card's name."""
    if holder == GM:
        return ctx.t("bennies.holder.gm")
    user_id = user_of(holder)
    if user_id is not None:
        return f"<@{user_id}>"
    cid = combatant_of(holder)
    if encounter is not None:
        for c in encounter.state.combatants:
            if c.id == cid:
                return ctx.t("bennies.holder.wild_card", name=c.name)
    return holder


async def act_with_benny(
    ctx: Ctx,
    encounter: Encounter,
    combatant: service.Combatant,
    rules: Rules,
    *,
    use: str,
    note: str | None = None,
) -> tuple[Encounter, Outcome]:
    """SW-35: one benny of ``combatant``'s pool pays for ``rules(state, actor, dice)``,
    run as one encounter action in the same transaction (:func:`bot.bennies.service.paying`),
    replying with its events (the spend first); returns what the action left and said.
    Only the combatant's controller or the GM may spend; when the rules refuse, nothing
    is spent."""
    await link_scope(ctx)
    actor = ctx.actor(encounter)
    if not combatant.controlled_by(ctx.user_id, is_gm=actor.is_gm):
        raise UserError("bennies.error.not_yours", name=combatant.name)
    holder = service.ledger_pool(combatant)
    if holder is not None and holder != user_key(ctx.user_id):
        # Issue 21: a pool of the session is spent by its owner (a player) or the
        # session's GM, not by whoever runs the encounter (a member GM of a thread could
        # otherwise give themselves control of a hero and drain its player's pool).
        session = await ledger_of(ctx).require_session(ctx.channel_id)
        if not is_gm(ctx, session):
            key = "bennies.error.gm_pool" if holder == GM else "bennies.error.player_pool"
            raise UserError(key, name=combatant.name, gm=f"<@{session.gm_id}>")
    async with service.paying(
        ledger_of(ctx),
        ctx.channel_id,
        combatant,
        service.rules_of(encounter),
        user_id=ctx.user_id,
        use=use,
        note=note,
        roll_ref=f"{combatant.name} #{encounter.seq}",
        label=lambda holder: holder_label(ctx, holder, encounter),
    ) as pay:
        return await ctx.act(
            pay(rules),
            kind=f"bennies.{use}",
            params={"combatant": combatant.id, "use": use},
            title_key=f"bennies.title.{use}",
            undoable=service.undone_by_undo(use),
        )


async def pay_benny(
    ctx: Ctx, encounter: Encounter, planned: Play[Any]
) -> tuple[Encounter, Outcome]:
    """A move paid with a benny (its :class:`~bot.systems.plugin.Cost`): the payer
    found on the encounter as it is, then :func:`act_with_benny`."""
    cost = planned.cost
    assert cost is not None
    combatant = cost.payer(encounter.state, ctx.actor(encounter))
    return await act_with_benny(
        ctx, encounter, combatant, planned.rules, use=cost.use, note=cost.note
    )
