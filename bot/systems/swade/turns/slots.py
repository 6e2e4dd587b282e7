"""SWADE turn slots (RULES-NOTES SW-31): who acts on a card (a combatant, or a group of
Extras sharing one), what the board calls a slot, whose turn it is, and who may be dealt
a card or act at all. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from bot.systems.common import own_item, owned_where, raw_items
from bot.systems.plugin import Turn
from bot.systems.swade.state import SwadeCombatant, SwadeState

# --- queries -------------------------------------------------------------------------


def slot_members(state: SwadeState, leader_id: str) -> list[SwadeCombatant]:
    """The combatants who act on ``leader_id``'s card: itself, or its group (SW-31),
    ready to change (copied on write)."""
    ids = {m.id for m in peek_members(state, leader_id)}
    return owned_where(state.combatants, lambda c: c.id in ids)


def slot_members_needing(
    state: SwadeState, leader_id: str, needs: Callable[[SwadeCombatant], bool]
) -> Iterator[SwadeCombatant]:
    """The members of ``leader_id``'s slot for which ``needs`` holds, in roster order,
    each copied (ready to change) when reached; ``needs`` is tested then, on the member
    as the state holds it at that moment. A member it does not hold for is not copied: a
    group of Extras whose turn changes none of them stays shared (its JSON is reused)."""
    ids = {m.id for m in peek_members(state, leader_id)}
    for i, c in enumerate(raw_items(state.combatants)):
        if c.id in ids and needs(c):
            yield own_item(state.combatants, i)


def peek(state: SwadeState, combatant_id: str | None) -> SwadeCombatant | None:
    """A combatant by id, to read only (not copied)."""
    return next((c for c in raw_items(state.combatants) if c.id == combatant_id), None)


def peek_members(state: SwadeState, leader_id: str) -> list[SwadeCombatant]:
    """``slot_members`` to read only (not copied): for the checks of every slot."""
    leader = peek(state, leader_id)
    return [] if leader is None else peek_group(state, leader)


def peek_group(state: SwadeState, c: SwadeCombatant) -> list[SwadeCombatant]:
    """``group_members`` to read only (not copied)."""
    if c.group is None:
        return [c]
    return [m for m in raw_items(state.combatants) if m.group == c.group]


def slot_name(state: SwadeState, leader_id: str) -> str:
    """What the board calls a slot: the group's name, or the combatant's."""
    return _name(peek(state, leader_id), leader_id)


def _name(leader: SwadeCombatant | None, leader_id: str) -> str:
    """:func:`slot_name` of the slot of ``leader`` (its id when it is gone)."""
    return leader_id if leader is None else leader.group or leader.name


def slot_gender(state: SwadeState, leader_id: str) -> str | None:
    """The gender a slot's name agrees with (the catalogue's ``{gender, select, ...}``:
    "her turn"): its combatant's; ``None`` for a group's name, which is an "it"."""
    leader = peek(state, leader_id)
    return None if leader is None or leader.group else leader.gender


def current_combatant(state: SwadeState) -> SwadeCombatant | None:
    """The leader of the turn in progress (a holder acting included), or None. To read
    only: it is not copied."""
    if state.active is None:
        return None
    return peek(state, state.active)


def interrupt_target(state: SwadeState) -> SwadeCombatant | None:
    """Who an interrupt is against when none is named: the first member of the turn's
    slot still able to act (a group's incapacitated leader does not race, SW-37), else
    its leader; None when no turn is in progress. To read only (not copied)."""
    leader = current_combatant(state)
    if leader is None:
        return None
    return next((m for m in peek_group(state, leader) if can_act(m)), leader)


def can_act(c: SwadeCombatant) -> bool:
    return not c.dead and not c.incapacitated


def dealable(c: SwadeCombatant) -> bool:
    """Gets a card: able to act, or bleeding out (module docstring)."""
    return not c.dead and (not c.incapacitated or c.bleeding_out)


def leader_of(state: SwadeState, c: SwadeCombatant) -> str:
    """The id that stands for ``c``'s slot in the round's lists."""
    members = peek_group(state, c)
    for lid in [*state.turn_order, *state.hold_queue]:
        if any(m.id == lid for m in members):
            return lid
    first = next((m for m in members if dealable(m)), members[0])
    return first.id


def slot_label(state: SwadeState, leader_id: str) -> dict[str, str]:
    return {"combatant": slot_name(state, leader_id), "combatant_id": leader_id}


# --- whose turn (issue 18: turn pings) ----------------------------------------------


def whose_turn(state: SwadeState) -> Turn | None:
    """The turn in progress: its slot's members (a group's, SW-31), and the slot that
    comes next: the interrupted turn that resumes, the first queued holder (SW-34), else
    the next card not reached yet. A new turn is a new (round, leader, position) — a
    holder acting is one, and so is the interrupted turn resuming after it."""
    if state.active is None:
        return None
    if state.suspended is not None:
        nxt: str | None = state.suspended
    elif state.hold_queue:
        nxt = state.hold_queue[0]
    else:
        later = state.turn_order[state.current + 1 :] if state.current >= 0 else []
        nxt = next((lid for lid in later if lid not in state.acted), None)
    now, name = _slot(state, state.active)
    on_deck, deck_name = _slot(state, nxt) if nxt is not None else ((), "")
    mark = (state.round, state.active, state.current, state.suspended, len(state.acted))
    return Turn(now=now, on_deck=on_deck, mark=mark, name=name, deck_name=deck_name)


def _slot(state: SwadeState, leader_id: str) -> tuple[tuple[str, ...], str]:
    """A slot's members' ids and its name (:func:`peek_members`, :func:`slot_name`), its
    leader looked up once (issue 32: every command asks whose turn it is, two or three
    times)."""
    leader = peek(state, leader_id)
    members = () if leader is None else tuple(m.id for m in peek_group(state, leader))
    return members, _name(leader, leader_id)
