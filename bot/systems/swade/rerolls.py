"""What every SWADE benny reroll shares (RULES-NOTES SW-4, SW-35; issue 28): the
combatants as they were before an action, to put back when it is replayed; the hook a
trait roll's event carries so a benny can redo it; redoing it and keeping the better
total; and the Vigor rolls (SW-13 incapacitation, SW-16 and bleeding out at the start of
a turn) a benny rerolls in place. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, trait_roll
from bot.systems.base import Event, Offer, RuleError
from bot.systems.common import copied, raw_items
from bot.systems.swade.encounter_rules import find_combatant
from bot.systems.swade.record_bounds import restored, restored_fields
from bot.systems.swade.state import SNAPSHOT_EXCLUDE, SwadeCombatant, SwadeState

_SNAPSHOT_EXCLUDE = set(SNAPSHOT_EXCLUDE)


def snapshot(state: SwadeState, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The combatants ``ids`` as JSON, to put back with :func:`restore` (benny rerolls)."""
    return snapshot_of([find_combatant(state, cid) for cid in ids])


def snapshot_of(combatants: list[SwadeCombatant]) -> dict[str, dict[str, Any]]:
    """:func:`snapshot` of combatants at hand (an attack's attacker and target): each
    one's ``model_dump(mode="json", exclude=SNAPSHOT_EXCLUDE)``, by its serializer
    (issue 32: the same dict, without ``model_dump``'s wrapper)."""
    return {c.id: combatant_json(c, exclude=_SNAPSHOT_EXCLUDE) for c in combatants}


def combatant_json(c: SwadeCombatant, **fields: set[str]) -> dict[str, Any]:
    """``c.model_dump(mode="json", ...)`` (``fields``: its ``include`` or ``exclude``),
    by the model's serializer: the same dict, without ``model_dump``'s wrapper (issue 32:
    an attack dumps its attacker, its target and each hit's fields)."""
    return type(c).__pydantic_serializer__.to_python(c, mode="json", **fields)


def restore(state: SwadeState, before: dict[str, dict[str, Any]]) -> SwadeState:
    """A copy of ``state`` with the snapshotted combatants as they were: their reroll
    records and who they are stay as they are now, and each copy must be within every
    bound (issue 28: :func:`bot.systems.swade.bounds.restored`; a record is checked
    whole first, :func:`~bot.systems.swade.bounds.require_record`). The copy is
    :func:`~bot.systems.common.copied`, what ``model_copy(deep=True)`` does without its
    wrapper (issue 32: a benny reroll of an attack, SW-4/SW-35)."""
    new = copied(state)
    for key, snap in before.items():
        index, current = _at(new, key)
        new.combatants[index] = restored(current, snap)
    return new


def _at(state: SwadeState, key: str) -> tuple[int, SwadeCombatant]:
    """Where combatant ``key`` is, and it, as it is (read only: :func:`restore` puts a
    new one in its place; issue 32: copying every combatant on the way, as walking the
    copied list did, cost a reroll 130 us, and the encounter's cache then dumped each
    again). One gone since is found as the rules find anyone (or refused)."""
    items = state.combatants
    for index, c in enumerate(raw_items(items)):
        if c.id == key:
            return index, c
    found = find_combatant(state, key)
    return next(i for i, c in enumerate(raw_items(items)) if c is found), found


def trait_reroll_hook(roll: TraitResult, **call: Any) -> dict[str, Any]:
    """SW-4/SW-35: what a benny reroll needs to redo this trait roll and keep the better.
    ``rerollable`` is False on a critical failure (it cannot be rerolled)."""
    return {
        "kind": "trait",
        "die": roll.die,
        "modifier": roll.modifier - roll.bonus,
        "bonus": roll.bonus,
        "tn": roll.tn,
        "wild_die": roll.wild_roll.sides if roll.wild_roll is not None else None,
        "trait_dice": len(roll.trait_rolls),
        "previous_total": roll.total,
        "rerollable": not roll.critical_failure,
        **call,
    }


def reroll_trait(dice: DiceSource, hook: dict[str, Any]) -> tuple[TraitResult, bool]:
    """SW-4/SW-35: redo the trait roll a hook describes (same die, modifiers, TN, wild
    die, trait dice). Returns the new roll and whether it is better than the previous
    total (the caller keeps the better). A critical failure cannot be rerolled."""
    if not hook.get("rerollable", False):
        raise RuleError("swade.combat.error.critical_failure_no_reroll")
    roll = trait_roll(
        dice,
        int(hook["die"]),
        modifier=int(hook["modifier"]),
        bonus=int(hook.get("bonus", 0)),
        tn=int(hook["tn"]),
        wild_die=hook["wild_die"],
        trait_dice=int(hook["trait_dice"]),
    )
    return roll, roll.total > int(hook["previous_total"])


def vigor_record(c: SwadeCombatant, last: dict[str, object] | None) -> dict[str, Any]:
    """``c``'s recorded Vigor roll (SW-13 incapacitation, SW-16 start of turn) that a
    benny may reroll: refused when there is none, or when it was a critical failure
    (SW-4)."""
    if last is None:
        raise RuleError("swade.combat.error.no_vigor_to_reroll", name=c.name)
    if last["critical_failure"]:
        raise RuleError("swade.combat.error.critical_failure_no_reroll")
    return last


def reroll_vigor(
    c: SwadeCombatant, last: dict[str, Any], dice: DiceSource, fields: Iterable[str]
) -> tuple[TraitResult, bool, list[Event]]:
    """SW-4/SW-35: reroll the Vigor roll ``last`` records, keeping the better (ties keep
    the first); a critical failure on the reroll stands. Returns the new roll, whether
    it counts, and the events saying so. When it counts, ``c``'s ``fields`` are put back
    as they were before the first roll, for the caller to resolve the roll again."""
    hook: dict[str, Any] = dict(last["hook"])
    roll, better = reroll_trait(dice, hook)
    counts = better or roll.critical_failure
    events = [
        Event(
            key="swade.combat.vigor_reroll.rolled",
            params={
                "name": c.name,
                "total": roll.total,
                "previous": hook["previous_total"],
                "modifiers": list(last.get("modifiers") or []),
            },
            dice=None if counts else roll.to_view(),  # the outcome's event shows them
        )
    ]
    if not counts:
        events.append(
            Event(
                key="swade.combat.vigor_reroll.kept_first",
                params={"name": c.name, "total": hook["previous_total"]},
            )
        )
        return roll, False, events
    if roll.critical_failure:  # SW-4: it must be accepted
        events.append(Event(key="swade.combat.vigor_reroll.critical", params={"name": c.name}))
    pre_roll = restored_fields(c, dict(last["before"]), frozenset(fields))
    for name in fields:
        setattr(c, name, getattr(pre_roll, name))
    return roll, True, events


def vigor_reroll_offer(c: SwadeCombatant, action: str) -> Offer:
    """The "Repetir Vigor (beni)" button for ``c``'s controller (``None``: the GM);
    ``action`` names the rules that reroll that Vigor roll."""
    return Offer.to_player_of(
        c, action, "swade.combat.offer.reroll_vigor", data={"combatant_id": c.id}
    )
