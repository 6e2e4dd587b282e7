"""What a removed SWADE combatant leaves behind, cleared (issue 21). Pure.

A combatant is referred to by id from the turn bookkeeping (``turn_order``, ``active``,
``suspended``, the Hold queue, ``acted``: :func:`encounter_rules.drop_from_turns` hands a
group's place to a mate) and from other combatants: the foe it holds, the grappler
holding it, the turn its actions were counted in. Removing a grappler used to leave its
victim Bound for ever, with every escape answered "There is no combatant called c1".
"""

from __future__ import annotations

from bot.systems.common import owned_where
from bot.systems.swade.state import SwadeState

HELD = ("entangled", "bound")  # modifiers.ENTANGLED, modifiers.BOUND (SW-19, SW-20)


def clear_references(state: SwadeState, combatant_id: str, heir: str | None = None) -> None:
    """Forget ``combatant_id`` everywhere but the turn bookkeeping (mutates ``state``, a
    copy): its victim is released (SW-19: Entangled or Bound came from the hold, as an
    escape or a release frees it), its grappler holds nobody, and an action count kept
    for its turn moves to ``heir`` (the group mate who takes its place) or ends."""
    for c in owned_where(state.combatants, lambda o: combatant_id in (o.grappled_by, o.grappling)):
        if c.grappled_by == combatant_id:
            c.conditions = [x for x in c.conditions if x.name not in HELD]
            c.grappled_by = None
        if c.grappling == combatant_id:
            c.grappling = None
    for c in owned_where(state.combatants, lambda o: o.actions_turn == combatant_id):
        c.actions_turn = heir
