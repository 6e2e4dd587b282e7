"""What a Ritual Hex table waits on (issue 27, :mod:`bot.systems.pending`). Pure.

An open chain's window (RH-8) waits on whoever answers now: the head of the combatants
who may still react, in RH-6 order (several when fully tied: their controllers choose).
Each reacts (``/react with``, or its button) or passes; the GM may pass for anyone.
The opportunity itself (acting, a Multi-ataque's follow-ups) is the turn (RH-5).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.systems.base import Offer
from bot.systems.pending import Decision
from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.ritualhex.window import next_reactors


def pending(state: RitualHexState, offers: Sequence[Offer]) -> list[Decision]:
    """One decision per combatant who answers the top link's window now."""
    if not state.awaiting or not state.chain:
        return []
    top = state.chain[-1]
    author = state.peek(top.author)
    params = {"author": author.name if author else top.author, "action": action_term(top.action)}
    return [
        Decision(
            key=f"react:{len(state.chain)}:{cid}",
            combatant_id=cid,
            what="ritualhex.pending.react",
            how="ritualhex.pending.how.react",
            params=params,
        )
        for cid in next_reactors(state)
    ]
