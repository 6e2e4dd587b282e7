"""Charging a benny for a Savage Worlds action (SW-35): ``/bennies spend``, and every
move with a benny :class:`~bot.systems.plugin.Cost` (``/react soak|unshake``, the benny
buttons under results and the maneuvers' rerolls: :func:`pay_benny`, the dispatcher's
payer). Not a cog, so no cog imports another (issue 22); phase C makes bennies a service
below the cogs, spent in the same transaction as the action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import discord

from bot.bennies import holder_for
from bot.bennies.holders import GM, combatant_of, user_key, user_of
from bot.bennies.ledger import BennyLedger, Session
from bot.bennies.uses import recover_power_points, take_wild_card_benny
from bot.commands.context import Ctx, Rules
from bot.dice.source import DiceSource
from bot.errors import UserError
from bot.systems.base import Actor, Event, Outcome
from bot.systems.encounter import Encounter
from bot.systems.plugin import Play
from bot.systems.swade.moves import who
from bot.systems.swade.moves.bennies import SPENDS, spend
from bot.systems.swade.state import SwadeCombatant, SwadeState


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


def swade_only(encounter: Encounter | None) -> Encounter:
    if encounter is None or encounter.system != "swade":
        raise UserError("bennies.error.not_swade")
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


@contextmanager
def named_pool(holder: str, label: str) -> Iterator[None]:
    """The ledger names an empty pool by its key; the reader gets its label."""
    try:
        yield
    except UserError as exc:
        if exc.key == "bennies.error.empty" and exc.params.get("holder") == holder:
            raise UserError("bennies.error.empty", holder=label) from None
        raise


def with_event(outcome: Outcome, event: Event) -> Outcome:
    return outcome.model_copy(update={"events": [event, *outcome.events]})


# --- spending -----------------------------------------------------------------------------


async def act_with_benny(
    ctx: Ctx,
    encounter: Encounter,
    combatant: SwadeCombatant,
    rules: Rules,
    *,
    use: str,
    note: str | None = None,
) -> tuple[Encounter, Outcome]:
    """SW-35: charge one benny for ``combatant`` and run ``rules(state, actor, dice)`` as
    one encounter action, replying with its events (the spend first); returns what the
    action left and said.

    The pool is :func:`holder_for`'s: a player character's controller, a GM Wild Card's
    own (in the state, spent inside the same action so ``/undo`` returns it) and then the
    GM's, an Extra the GM's. Only the combatant's controller or the GM may spend. When the
    rules refuse (a critical failure cannot be rerolled, SW-4...) nothing is spent. The
    spend is tied to the action, so ``/undo`` gives it back (SW-38, :func:`undone`)."""
    await link_scope(ctx)
    actor = ctx.actor(encounter)
    if not combatant.controlled_by(ctx.user_id, is_gm=actor.is_gm):
        raise UserError("bennies.error.not_yours", name=combatant.name)
    ledger = ledger_of(ctx)
    holders = holder_for(combatant)
    reason = f"spend.{use}"
    roll_ref = f"{combatant.name} #{encounter.seq}"
    params = {"combatant": combatant.id, "use": use}
    title_key = f"bennies.title.{use}"
    own = combatant_of(holders[0])
    if own is not None and combatant.bennies > 0:
        name = combatant.name

        def pay_from_own_pool(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
            outcome = rules(state, actor, dice)
            paid = take_wild_card_benny(outcome.state, own)
            left = next(c.bennies for c in paid.combatants if c.id == own)
            spent = Event(key="bennies.spent", params={"holder": name, "left": left})
            return with_event(outcome.model_copy(update={"state": paid}), spent)

        paid, outcome = await ctx.act(
            pay_from_own_pool, kind=f"bennies.{use}", params=params, title_key=title_key
        )
        await ledger.record(
            ctx.channel_id,
            holders[0],
            -1,
            reason=reason,
            user_id=ctx.user_id,
            note=note,
            roll_ref=roll_ref,
            action_seq=paid.seq - 1,  # SW-38: undoing the action undoes its row
        )
        return paid, outcome
    holder = holders[-1]
    if holder != user_key(ctx.user_id):
        # Issue 21: a pool of the session is spent by its owner (a player) or the
        # session's GM, not by whoever runs the encounter (a member GM of a thread could
        # otherwise give themselves control of a hero and drain its player's pool).
        session = await ledger.require_session(ctx.channel_id)
        if not is_gm(ctx, session):
            key = "bennies.error.gm_pool" if holder == GM else "bennies.error.player_pool"
            raise UserError(key, name=combatant.name, gm=f"<@{session.gm_id}>")
    label = holder_label(ctx, holder, encounter)
    with named_pool(holder, label):
        async with ledger.spending(
            ctx.channel_id, holder, reason=reason, user_id=ctx.user_id, note=note, roll_ref=roll_ref
        ) as spent:

            def pay_from_ledger(state: Any, actor: Actor, dice: DiceSource) -> Outcome:
                spent_event = Event(
                    key="bennies.spent", params={"holder": label, "left": spent.left}
                )
                return with_event(rules(state, actor, dice), spent_event)

            acted, outcome = await ctx.act(
                pay_from_ledger, kind=f"bennies.{use}", params=params, title_key=title_key
            )
    # SW-38: the spend belongs to that encounter action (``seq`` before it): /undo of the
    # action gives the benny back.
    await ledger.tag_action(spent, ctx.channel_id, acted.seq - 1)
    return acted, outcome


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


def story(note: str) -> Callable[[SwadeState, Actor, DiceSource], Outcome]:
    def story(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return Outcome(state=state, events=[Event(key="bennies.story", params={"note": note})])

    return story


def rules_for(use: str, combatant_id: str, note: str = "") -> Rules:
    """The SWADE rules function a benny use runs, for one combatant (SW-35): the
    system's (:data:`~bot.systems.swade.moves.bennies.SPENDS`), power points and the
    story."""
    if use in SPENDS:
        return spend(use, combatant_id)
    if use == "power":
        return lambda s, a, d: recover_power_points(s, a, combatant_id)
    if use == "story":
        return story(note)
    raise UserError("bennies.error.bad_use", use=use)


def own_combatant(ctx: Ctx, encounter: Encounter, name: str | None) -> SwadeCombatant:
    """The named combatant (the one resolver), else the one combatant the user
    controls (:func:`bot.systems.swade.moves.who.own_combatant`)."""
    state: SwadeState = encounter.state  # type: ignore[assignment]
    return who.own_combatant(state, ctx.actor(encounter), name)
