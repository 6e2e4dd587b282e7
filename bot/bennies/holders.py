"""Who holds which bennies (SW-35): holder keys and the pool a combatant spends from.

Pure: reads an :class:`~bot.systems.encounter.Encounter`, never the database.

Holder keys (the ``holder`` column of ``bennies`` and ``benny_history``, and the keys of
``BennyLedger.pools_for_channel``):

- ``"user:<discord id>"`` — a player's pool (3 at the start of each session, seed 001);
- ``"gm"`` — the GM's pool (1 per player character present at the session's start,
  for any of the GM's characters, Extras included);
- ``"wc:<combatant id>"`` — a GM Wild Card's own pool. It lives in the encounter state
  (``SwadeCombatant.bennies``, set by the stat block's ``Benis: N`` or
  ``/combatant edit``, raised by a villain's Joker in ``turns.py``) and is spent inside
  the encounter action, so it is undone with it. The ledger only mirrors it for display.
"""

from __future__ import annotations

from typing import Any

from bot.systems import catalogue
from bot.systems.bennies import BennyRules
from bot.systems.encounter import Encounter

GM = "gm"
PLAYER_START = 3  # SW-35 / seed 001: each player starts each session with three


def benny_rules(system: str) -> BennyRules | None:
    """How ``system``'s combatants spend bennies, as its plugin says (``Plugin.bennies``);
    None for a system without them (or none the catalogue knows): the only systems the
    bennies ledger reads or writes anything for are those with them."""
    if system not in catalogue.systems():
        return None
    return catalogue.plugin(system).bennies


def uses_bennies(system: str) -> bool:
    return benny_rules(system) is not None


def events_asking(follow_up: str) -> frozenset[str]:
    """Every event key after which some system with bennies asks for ``follow_up``
    (``BennyRules.events``): the Joker awards of any of them, say (SW-33)."""
    return frozenset(
        key
        for p in catalogue.plugins()
        if p.bennies is not None
        for key in p.bennies.keys(follow_up)
    )


def user_key(user_id: int) -> str:
    return f"user:{user_id}"


def wc_key(combatant_id: str) -> str:
    return f"wc:{combatant_id}"


def user_of(holder: str) -> int | None:
    """The Discord id in a ``user:`` key, else ``None``."""
    if holder.startswith("user:"):
        return int(holder.removeprefix("user:"))
    return None


def combatant_of(holder: str) -> str | None:
    """The combatant id in a ``wc:`` key, else ``None``."""
    return holder.removeprefix("wc:") if holder.startswith("wc:") else None


def is_gm_wild_card(combatant: Any) -> bool:
    """A Wild Card the GM runs (not a player character): it has its own pool (SW-35)."""
    return bool(getattr(combatant, "wild_card", False)) and not combatant.is_pc


def holder_for(combatant: Any) -> list[str]:
    """The pools a combatant's benny comes from, in the order they are tried (SW-35):
    a player character spends its controller's pool; a GM Wild Card its own pool, then
    the GM's; an Extra (or a player character nobody controls) the GM's."""
    if combatant.is_pc and combatant.controller_id is not None:
        return [user_key(combatant.controller_id)]
    if is_gm_wild_card(combatant):
        return [wc_key(combatant.id), GM]
    return [GM]


def player_characters(encounter: Encounter) -> list[Any]:
    return [c for c in encounter.state.combatants if c.is_pc]


def players_present(encounter: Encounter) -> list[int]:
    """The players of a session started with this encounter in the channel: the
    controllers of its player characters, in roster order, each once."""
    seen: list[int] = []
    for c in player_characters(encounter):
        if c.controller_id is not None and c.controller_id not in seen:
            seen.append(c.controller_id)
    return seen


def wild_card_pools(encounter: Encounter) -> dict[str, int]:
    """The GM Wild Cards' own pools as holder keys (read from the encounter state)."""
    return {
        wc_key(c.id): int(getattr(c, "bennies", 0))
        for c in encounter.state.combatants
        if is_gm_wild_card(c) and not getattr(c, "dead", False)
    }


def hidden_pools(encounter: Encounter | None) -> frozenset[str]:
    """Issue 27: the pools of the encounter's hidden GM Wild Cards (their bennies are
    numbers of a hidden combatant: the GM's alone)."""
    if encounter is None or not uses_bennies(encounter.system):
        return frozenset()
    return frozenset(
        wc_key(c.id) for c in encounter.state.combatants if getattr(c, "hidden", False)
    )
