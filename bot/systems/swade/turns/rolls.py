"""SWADE trait rolls of the turn sequence (RULES-NOTES SW-5, SW-6, SW-8): the recovery,
bleeding-out, Notice and interrupt rolls, with the wild die (a group roll gives Extras
one), Combat Reflexes, and their events. Pure.
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, trait_roll
from bot.systems.base import Event
from bot.systems.swade.conditions import WOUNDS, trait_modifiers
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait

COMBAT_REFLEXES_BONUS = 2
WILD_DIE = 6


def roll_trait(
    state: SwadeState,
    dice: DiceSource,
    c: SwadeCombatant,
    trait: str,
    *,
    extra: list[tuple[str, int]] | None = None,
    ignore_wounds: bool = False,
    group_roll: bool = False,
) -> tuple[TraitResult, list[tuple[str, int]]]:
    """A trait roll for ``c`` with the SW-6 modifiers of :func:`trait_modifiers`.
    ``trait`` is an attribute or skill id; a missing skill is unskilled (SW-5). A group
    roll (SW-8) adds the wild die for Extras."""
    mods = [m for m in trait_modifiers(c, state) if not (ignore_wounds and m[0] == WOUNDS)]
    mods += extra or []
    unskilled = False
    if trait in ("agility", "smarts", "spirit", "strength", "vigor"):
        value = c.attributes.get(trait, Trait(die=4))
    elif trait in c.skills:
        value = c.skills[trait]
    else:
        value, unskilled = Trait(die=4), True
    if value.bonus:  # named like every other modifier (d12+1)
        mods.append(("swade.combat.mod.trait_bonus", value.bonus))
    result = trait_roll(
        dice,
        value.die,
        modifier=sum(v for _, v in mods),
        wild_die=WILD_DIE if (c.wild_card or group_roll) else None,
        unskilled=unskilled,
    )
    return result, mods


def turn_roll_event(
    key: str,
    c: SwadeCombatant,
    result: TraitResult,
    mods: list,
    *,
    view: dict[str, Any] | None = None,
) -> Event:
    """A roll's event; ``view``: its dice view read against an opponent (SW-37)."""
    return Event(
        key=key,
        params={
            "combatant": c.name,
            "combatant_id": c.id,
            "total": result.total,
            "modifiers": [list(m) for m in mods],
        },
        dice=view if view is not None else result.to_view(),
    )


def reflexes(c: SwadeCombatant) -> list[tuple[str, int]]:
    return (
        [("swade.mod.combat_reflexes", COMBAT_REFLEXES_BONUS)]
        if "combat_reflexes" in c.edges
        else []
    )
