"""What a successful action does to its target: damage (RH-3, RH-4), healing, waiting
points (RH-7), and equipment dropping when its limbs go inactive (RH-9). Pure helpers
on a state the caller already copied."""

from __future__ import annotations

from typing import Any

from bot.dice.ritualhex import damage as roll_damage
from bot.dice.source import DiceSource
from bot.systems.base import Event
from bot.systems.ritualhex.state import Amount, Part, RHCombatant, RitualHexState
from bot.systems.ritualhex.words import part_term


def roll_amount(dice: DiceSource, amount: Amount) -> tuple[int, dict[str, Any] | None]:
    """``Nd-X|M`` rolled by RH-1/RH-3, or a flat number (no dice)."""
    if amount.count == 0:
        return max(-amount.minus, amount.minimum, 0), None
    rolled = roll_damage(dice, amount.count, amount.minus, amount.minimum)
    return rolled.value, rolled.to_view()


def drop_dead_equipment(state: RitualHexState, c: RHCombatant, events: list[Event]) -> None:
    """RH-9: equipment with an AP cost whose limbs are all inactive falls to the ground;
    without an AP cost it stays equipped (its bonuses and actions stop working)."""
    for item in list(c.equipment):
        limbs = [k for k in item.worn_on if (p := c.part(k)) is not None and p.limb]
        if item.cost > 0 and limbs and not any(c.part_active(k) for k in limbs):
            c.equipment.remove(item)
            item.worn_on = []
            state.ground.append(item)
            events.append(
                Event(key="ritualhex.item_dropped", params={"name": c.name, "item": item.name})
            )


def apply_damage(
    state: RitualHexState,
    target: RHCombatant,
    dice: DiceSource,
    amount: Amount,
    limb: Part | None,
    events: list[Event],
    author: str = "",
) -> None:
    """RH-3/RH-4: roll the damage, subtract DR (0 or less: no damage), put it on the
    called limb or on the body. A limb whose damage reaches ceil(HP/2) goes inactive
    (and may drop equipment, RH-9); the combatant goes inactive once its total damage
    (limbs included) reaches HP. ``author``: who rolls it (issue 27: a hidden author's
    dice reach players masked)."""
    was_active = target.active
    limb_was_active = limb is None or target.part_active(limb.key)
    rolled, view = roll_amount(dice, amount)
    dr = target.stat("dr")
    final = rolled - dr
    params: dict[str, Any] = {
        "author": author,
        "name": target.name,
        "rolled": rolled,
        "dr": dr,
        "damage": max(final, 0),
        "limb": part_term(limb.key, limb.kind) if limb else "",
    }
    if final <= 0:
        events.append(Event(key="ritualhex.no_damage", params=params, dice=view))
        return
    if limb is not None:
        limb.damage += final
    else:
        target.damage += final
    params.update(total=target.total_damage, hp=target.stat("hp"))
    key = "ritualhex.damage_limb" if limb else "ritualhex.damage"
    events.append(Event(key=key, params=params, dice=view))
    if limb is not None and limb_was_active and not target.part_active(limb.key):
        events.append(
            Event(
                key="ritualhex.limb_inactive",
                params={"name": target.name, "limb": part_term(limb.key, limb.kind)},
            )
        )
        drop_dead_equipment(state, target, events)
    if was_active and not target.active:
        params = {"name": target.name, "gender": target.gender}
        events.append(Event(key="ritualhex.down", params=params))


def apply_heal(
    target: RHCombatant,
    dice: DiceSource,
    amount: Amount,
    limb: Part | None,
    events: list[Event],
) -> None:
    """Seed 'Puntos de daño': healing never removes more damage than there is. On a
    chosen limb it removes that limb's damage only (even if there is more to remove),
    and an inactive limb comes back once its damage is below ceil(HP/2). Reading:
    healing without a limb removes general (body) damage only."""
    rolled, view = roll_amount(dice, amount)
    was_inactive = limb is not None and not target.part_active(limb.key)
    if limb is not None:
        removed = min(rolled, limb.damage)
        limb.damage -= removed
    else:
        removed = min(rolled, target.damage)
        target.damage -= removed
    events.append(
        Event(
            key="ritualhex.healed_limb" if limb else "ritualhex.healed",
            params={
                "name": target.name,
                "rolled": rolled,
                "removed": removed,
                "limb": part_term(limb.key, limb.kind) if limb else "",
                "total": target.total_damage,
                "hp": target.stat("hp"),
            },
            dice=view,
        )
    )
    if was_inactive and limb is not None and target.part_active(limb.key):
        events.append(
            Event(
                key="ritualhex.limb_active",
                params={"name": target.name, "limb": part_term(limb.key, limb.kind)},
            )
        )


def apply_waiting(
    target: RHCombatant,
    dice: DiceSource,
    amount: Amount,
    limb: Part | None,
    events: list[Event],
) -> None:
    """RH-7: waiting points go on the body card, or on the called limb."""
    rolled, view = roll_amount(dice, amount)
    if rolled <= 0:
        return
    if limb is not None:
        limb.waiting += rolled
    else:
        target.waiting += rolled
    events.append(
        Event(
            key="ritualhex.waiting_limb" if limb else "ritualhex.waiting_added",
            params={
                "name": target.name,
                "points": rolled,
                "limb": part_term(limb.key, limb.kind) if limb else "",
                "waiting": limb.waiting if limb else target.waiting,
            },
            dice=view,
        )
    )
