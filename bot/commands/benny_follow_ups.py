"""What the bennies ledger (``bot.bennies``, SW-33, SW-35, SW-38) does around an
encounter's actions, outside the encounter's state. Moves stay pure: the bot does this
after them, from what their rules said (the dispatcher, :mod:`bot.commands.dispatch`):

- after an action, by its events (:data:`AFTER`; which event asks for what, its system's
  plugin says: ``BennyRules.events``): a Joker's bennies handed out at once and said
  (SW-33); a player joining a running session gets their 3 (SW-35) and the GM one for
  the character (SW-45); a combatant added, joined or edited brings the session up to
  date (its player's 3, a GM Wild Card's own pool:
  :func:`bot.bennies.service.sync_session`). Nothing reads the database after an
  action whose events ask for none of these (an action of a system without bennies);
- ``/undo``: the ledger rows the undone action made are reversed with it and said (SW-38);
- at ``/encounter end``: the bennies spent in the encounter.

Spending is not here: a benny is spent in its action's own transaction
(:func:`bot.bennies.service.paying`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.bennies import service
from bot.bennies.holders import (
    benny_rules,
    events_asking,
    hidden_pools,
    players_present,
    user_key,
    uses_bennies,
)
from bot.commands.benny_spending import holder_label
from bot.commands.context import Ctx
from bot.encounter.service import Undone
from bot.systems.base import Outcome
from bot.systems.bennies import JOINED, JOKER, SYNC
from bot.systems.encounter import Encounter

# (the context, the encounter after the action, what its rules said)
FollowUp = Callable[[Ctx, Encounter, Outcome], Awaitable[None]]


async def joker_awards(ctx: Ctx, after: Encounter, outcome: Outcome) -> None:
    """SW-33: hand the outcome's Joker awards to the ledger now and say what they gave;
    without a running session, or when the encounter's GM is not the session's (issue
    21: a member's fight in a thread of the GM's channel), say that nothing was given."""
    ledger = getattr(ctx.bot, "bennies", None)
    session = await ledger.session(ctx.channel_id) if ledger is not None else None
    if ledger is None or session is None:
        await ctx.send(ctx.t("bennies.joker.no_session"))
        return
    unshared = await service.unshared_session(ledger, ctx.channel_id, after)
    await ledger.collect_joker_awards(ctx.channel_id)  # unshared: read past, nothing given
    if unshared is not None:
        await ctx.send(ctx.t("bennies.joker.not_session_gm", gm=f"<@{unshared.gm_id}>"))
        return
    lines = []
    jokers = events_asking(JOKER)
    for event in outcome.events:
        if event.key not in jokers:
            continue
        who = str(event.params.get("combatant", ""))
        if event.params.get("pc"):
            lines.append(ctx.t("bennies.joker.players", combatant=who))
        else:
            wild = str(event.params.get("gm_wild_cards") or "")
            key = "bennies.joker.gm_and_wild_cards" if wild else "bennies.joker.gm"
            lines.append(ctx.t(key, combatant=who, wild_cards=wild))
    await ctx.send("\n".join(lines))


async def new_player(ctx: Ctx, after: Encounter, outcome: Outcome) -> None:
    """SW-35: a player new to the running session gets their bennies now, and is told;
    when the encounter's GM is not the session's (issue 21), the player is told the
    encounter gives none."""
    ledger = getattr(ctx.bot, "bennies", None)
    if ledger is None:
        return
    if await unshared(ctx, after):
        return
    got = await ledger.join(ctx.channel_id, ctx.user_id, user_id=ctx.user_id)
    if got is not None:
        await ctx.send(ctx.t("bennies.joined", user=f"<@{ctx.user_id}>", n=got))
    # SW-45: the character gives the GM one benny (and the board shows it).
    if await service.sync_session(ledger, ctx.channel_id, ctx.user_id, after):
        ctx.bot.boards.request(ctx.channel_id)


async def sync(ctx: Ctx, after: Encounter | None = None, outcome: Outcome | None = None) -> None:
    """SW-35: someone came in (a combatant added or edited; an encounter imported):
    the session's players and GM Wild Cards get their pools, and the board shows them.
    When the encounter's GM is not the session's (issue 21), nothing, and the reply
    says so. ``after``: the encounter as the action left it, when there was one."""
    ledger = getattr(ctx.bot, "bennies", None)
    if ledger is None or await unshared(ctx, after):
        return
    if await service.sync_session(ledger, ctx.channel_id, ctx.user_id, after):
        ctx.bot.boards.request(ctx.channel_id)


async def unshared(ctx: Ctx, encounter: Encounter | None = None) -> bool:
    """Issue 21: whether the channel's encounter does not share the open session (its
    GM is not the session's GM). Then the reply says once that it plays without the
    session's bennies, when a player it brings has no pool in the session (who would
    have got their 3: a hero added or joined, an import); not on every other change.
    ``encounter``: the channel's, when the caller has it."""
    ledger = ctx.bot.bennies
    if encounter is None:
        encounter = await ctx.bot.encounters.get(ctx.channel_id)
    session = await service.unshared_session(ledger, ctx.channel_id, encounter)
    if session is None:
        return False
    pools = await ledger.pools(ctx.channel_id)
    if encounter is not None and any(user_key(p) not in pools for p in players_present(encounter)):
        await ctx.send(ctx.t("bennies.not_session_gm", gm=f"<@{session.gm_id}>"))
    return True


# what follows an action whose events ask for it (BennyRules.events), in this order
AFTER: dict[str, FollowUp] = {
    JOKER: joker_awards,
    JOINED: new_player,
    SYNC: sync,
}


async def follow_up(ctx: Ctx, after: Encounter, outcome: Outcome) -> None:
    """Run what follows ``outcome`` (:data:`AFTER`), each once: what its events ask for,
    as its system's plugin says (nothing for a system without bennies). ``after``: the
    encounter as the action left it (not read again)."""
    bennies = benny_rules(outcome.state.system)
    if bennies is None:
        return
    asked = {bennies.events[e.key] for e in outcome.events if e.key in bennies.events}
    for then, run in AFTER.items():
        if then in asked:
            await run(ctx, after, outcome)


async def undo(ctx: Ctx) -> tuple[Undone, list[str], list[str]]:
    """``/undo``: the last change undone with the ledger rows its action made reversed,
    in one transaction (:func:`bot.bennies.service.undo`, SW-38); what was undone, one
    line per pool that changed as players may read it, and the same lines whole for the
    GM when a hidden Wild Card's pool was among them (issue 27; else empty)."""
    undone, changes = await service.undo(ctx.bot.bennies, ctx.channel_id, ctx.user_id)
    if not changes:
        return undone, [], []
    encounter = await ctx.bot.encounters.get(ctx.channel_id)
    hidden = hidden_pools(encounter)
    lines, shown = [], []
    for change in changes:
        holder = holder_label(ctx, change.holder, encounter)
        if change.wanted > 0 and change.left is None:
            key = "bennies.undo.returned_own"
        elif change.wanted > 0:
            key = "bennies.undo.returned"
        elif change.delta:
            key = "bennies.undo.taken_back"
        else:
            key = "bennies.undo.already_spent"
        lines.append(ctx.t(key, holder=holder, left=change.left))
        left = "?" if change.holder in hidden and change.left is not None else change.left
        shown.append(ctx.t(key, holder=holder, left=left))
    return undone, shown, (lines if shown != lines else [])


async def spent_in(ctx: Ctx, encounter: Encounter) -> str:
    """For ``/encounter end`` of a fight of a system with bennies: the bennies spent in it
    (:func:`bot.bennies.service.spent_since_start`); nothing for a system without bennies."""
    if not uses_bennies(encounter.system):
        return ""
    ledger = getattr(ctx.bot, "bennies", None)
    spent = await service.spent_since_start(ledger, ctx.channel_id) if ledger else None
    if spent is None:
        return ctx.t("bennies.summary.no_session")
    hidden = hidden_pools(encounter)  # issue 27: what a hidden Wild Card spent, the GM's
    spent = {h: n for h, n in spent.items() if h not in hidden}
    if not spent:
        return ctx.t("bennies.summary.none_spent")
    parts = [f"{holder_label(ctx, h, encounter)} {n}" for h, n in spent.items()]
    return ctx.t("bennies.summary.spent", total=sum(spent.values()), pools=", ".join(parts))
