"""``/combatant edit`` in Ritual Hex: the GM renames a combatant or gives it to a player
(or back to the Dark Lord). Pure. The sheet itself is not edited in a fight (its AP,
parts and equipment drive the round): remove it and add it again with the sheet fixed."""

from __future__ import annotations

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import NAME_MAX
from bot.systems.common import raw_items
from bot.systems.plain_names import admit_name
from bot.systems.ritualhex.rounds import get_combatant
from bot.systems.ritualhex.state import RitualHexState


def edit_combatant(
    state: RitualHexState,
    actor: Actor,
    *,
    combatant_id: str,
    name: str | None = None,
    controller_id: int | None = None,
) -> Outcome:
    """The GM's corrections: a new ``name`` (plain, unique by its folded form, issue 21)
    and a ``controller_id`` (the player who controls it from now on)."""
    state = state.model_copy(deep=True)
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    c = get_combatant(state, combatant_id)
    if name is not None:
        others = [o.name for o in raw_items(state.combatants) if o.id != c.id]
        c.name = admit_name(name, others, limit=NAME_MAX)
    if controller_id is not None:
        c.controller_id = controller_id
    return Outcome(
        state=state,
        events=[Event(key="ritualhex.combatant.edited", params={"name": c.name})],
        summary=Event(key="log.edit", params={"name": c.name}),
    )
