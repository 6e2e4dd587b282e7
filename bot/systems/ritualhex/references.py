"""What a removed Ritual Hex combatant leaves behind, cleared (issue 21). Pure.

Removal is refused while a reaction chain is open (``remove_combatant``), so no link of
it can name the removed one; what is left is who may act or react now and a Multi-ataque
in progress (RH-10), which the opportunity's recount (RH-5, RH-6) must not find."""

from __future__ import annotations

from bot.systems.ritualhex.state import RitualHexState


def clear_references(state: RitualHexState, combatant_id: str) -> None:
    """Forget ``combatant_id`` (mutates ``state``, a copy): out of ``acting`` and
    ``awaiting``, its Multi-ataque ended, and out of any chain link's targets and
    reactors (defensive: a chain is never open when a combatant is removed)."""
    state.acting = [cid for cid in state.acting if cid != combatant_id]
    state.awaiting = [cid for cid in state.awaiting if cid != combatant_id]
    if state.multi_attack is not None and state.multi_attack.actor == combatant_id:
        state.multi_attack = None
    for link in state.chain:
        for field in ("targets", "reacted", "passed", "spared"):
            setattr(link, field, [cid for cid in getattr(link, field) if cid != combatant_id])
        if link.protected == combatant_id:
            link.protected = None
