"""What the Ritual Hex board shows, as plain data for the renderer (no text: names,
numbers and i18n-free flags). Pure; derived from the state with the rules' own helpers so
the renderer never re-implements RH-4 (limb thresholds) or RH-9 (working equipment)."""

from __future__ import annotations

from typing import Any

from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.rounds import in_order
from bot.systems.ritualhex.state import ChainLink, RHCombatant, RitualHexState
from bot.systems.ritualhex.window import next_reactors
from bot.systems.ritualhex.words import limb_term, limb_terms, part_term


def combatant_view(c: RHCombatant) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "hidden": c.hidden,
        "gender": c.gender,
        "side": c.side,
        "active": c.active,
        "ap": c.stat("ap"),
        "ap_level": c.ap_level,
        "prep": c.prep,
        "waiting": c.waiting,
        "damage": c.total_damage,
        "hp": c.stat("hp"),
        "stats": {s: c.stat(s) for s in ("str", "def", "per", "mag", "dr")},
        "limbs": [
            {
                "key": p.key,
                "label": part_term(p.key, p.kind),
                "damage": p.damage,
                "waiting": p.waiting,
                "active": c.part_active(p.key),
            }
            for p in c.limbs
        ],
        "equipment": [
            {
                "name": e.name,
                "worn_on": list(e.worn_on),
                "worn_labels": limb_terms(c, list(e.worn_on)),
                "working": c.item_works(e),
            }
            for e in c.equipment
        ],
    }


def _limb_label(state: RitualHexState, link: ChainLink) -> dict[str, Any] | None:
    """The called shot's limb of a chain link, named in the reader's language."""
    target = state.peek(link.targets[0]) if link.limb and link.targets else None
    return limb_term(target, link.limb) if target is not None and link.limb else None


def board(state: RitualHexState) -> dict[str, Any]:
    """Round, needle, combatants in RH-6 order (inactive ones last), the open chain
    (bottom first) with who may react and who answers next, the ground."""
    alive = in_order([c for c in state.combatants if c.active])
    down = [c for c in state.combatants if not c.active]
    return {
        "round": state.round,
        "phase": state.phase,
        "needle": state.needle,
        "acting": list(state.acting),
        "combatants": [combatant_view(c) for c in alive + down],
        "chain": [
            {
                "author": link.author,
                "action": link.action.name,
                "action_label": action_term(link.action),
                "targets": link.acts_on,
                "limb": link.limb,
                "limb_label": _limb_label(state, link),
                "answers": link.answers,
                "cancelled": link.cancelled,
            }
            for link in state.chain
        ],
        "awaiting": list(state.awaiting),
        "next": next_reactors(state),
        "ground": [e.name for e in state.ground],
    }
