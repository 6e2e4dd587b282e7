"""Bennies (SW-4, SW-14, SW-15, SW-31, SW-33, SW-35): sessions, pools, history.

An app-layer package: it reads and writes SQLite through :mod:`bot.storage` and never
touches Discord. The bot holds one ledger as ``bot.bennies`` (``setup_hook``).

Sessions. A session belongs to a *scope*: the channel, or for a thread its parent
channel, so the fights in several threads of one channel share one session. At most one
session is open per scope. ``/bennies session-start`` gives each player present 3
(seed 001) and the GM 1 per player character present; GM Wild Cards get their own pool
in the encounter state (default 2). A player who joins later gets 3, once per session.
Pools live until ``/bennies session-end``: they survive restarts and carry across
encounters of the session. Issue 21: an encounter touches its session (starting
bennies, Joker awards, GM Wild Card pools, the session's pools on its board) only when
its GM is the session's GM (:meth:`~bot.bennies.ledger.Session.shared_with`).

Holder keys (:mod:`bot.bennies.holders`): ``"user:<id>"``, ``"gm"``, ``"wc:<combatant id>"``.

API for other cogs (``ledger = bot.bennies``)::

    holder_for(combatant) -> list[str]            # pools to try, in order (SW-35)
    await ledger.spend(channel_id, holder, *, reason, user_id, note=None, roll_ref=None) -> int
        # one benny from "user:<id>" or "gm"; returns what is left;
        # UserError("bennies.error.empty") when the pool is 0, and nothing changes
    async with ledger.spending(channel_id, holder, reason=..., user_id=...) as spent:
        ...  # the block's encounter action writes the spend in its own transaction
    with ledger.recording(session, channel_id, rows):
        ...  # the block's encounter action writes these history rows with it
    await ledger.award(channel_id, holder, count=1, *, reason, user_id, note=None, roll_ref=None) -> int
    await ledger.pools_for_channel(channel_id, board=False) -> dict[str, int]   # every pool
    await ledger.session(channel_id) -> Session | None
    await ledger.shared_session(channel_id) -> Session | None  # when the encounter shares it
    await ledger.history(channel_id, limit=20) -> list[HistoryEntry]
    await ledger.collect_joker_awards(channel_id)   # SW-33, see below
    await ledger.tag_action(spent, channel_id, action)  # the encounter action it paid for
    await ledger.undo_action(channel_id, action, user_id=...)  # SW-38: reverse its rows
        # action: ActionRef(encounter id, seq): rows of one encounter only (issue 28)

The service (:mod:`bot.bennies.service`) changes pools together with the encounter
actions they concern, each in one transaction: ``paying(...)`` spends a benny for an
action (the pool by :func:`holder_for`; a GM Wild Card's own benny taken in the state
with its history row, a ledger benny spent in the action's transaction, nothing when
the rules refuse), ``give(...)``, ``sync_session(...)`` (late players' and GM Wild
Cards' pools) and ``spent_since_start(...)``. The commands layer
(``bot.commands.benny_spending.act_with_benny``) runs a paid action and replies.

Which systems have bennies, and how they work, only their plugins say
(``Plugin.bennies``, :mod:`bot.systems.bennies`): the uses a benny buys and their rules,
who spends, a GM Wild Card's own pool, the events after which the bot acts. Nothing here
names a system; an encounter of a system without bennies is never read or written for.

Joker awards (SW-33) need no call: the ledger reads the events its system names as
Joker awards from the encounter log (after the action that dealt them, and whenever the
pools are read) and gives each once (a cursor moved in the same transaction).

A GM Wild Card's own pool is in the encounter state (Savage Worlds keeps it on the
combatant), changed only inside encounter actions (the plugin's ``take``, ``give`` and
``seed``); the ledger mirrors it as ``"wc:<id>"``.
"""

from bot.bennies.holders import (
    GM,
    PLAYER_START,
    holder_for,
    user_key,
    wc_key,
)
from bot.bennies.ledger import BennyLedger, HistoryEntry, Returned, Session, Spent

__all__ = [
    "GM",
    "PLAYER_START",
    "BennyLedger",
    "HistoryEntry",
    "Returned",
    "Session",
    "Spent",
    "holder_for",
    "user_key",
    "wc_key",
]
