"""SWADE maneuvers' trait rolls (RULES-NOTES SW-4, SW-7, SW-35, SW-37): each roll of a
maneuver recorded in order, kept or rolled again when a benny rerolls one (the better
total kept, a critical failure on the reroll standing), its event, and an opposed
pair read each against the other. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import OpposedResult, TraitResult
from bot.systems.base import Event
from bot.systems.swade.damage_rolls import DamageRolls
from bot.systems.swade.modifiers import Modifier, is_vulnerable, roll_trait, trait_and_modifiers
from bot.systems.swade.opposed import opposed_views
from bot.systems.swade.rerolls import trait_reroll_hook
from bot.systems.swade.state import SwadeCombatant, SwadeState

# --- SW-4/SW-35: the trait rolls of one maneuver, and their benny rerolls ----------------


@dataclass(frozen=True, slots=True)
class Roll:
    """A trait roll as a maneuver uses it: fresh, or kept from before a reroll."""

    total: int
    success: bool
    raises: int
    critical_failure: bool
    view: dict[str, Any]
    hook: dict[str, Any]
    kept_previous: bool = False

    def to_view(self) -> dict[str, Any]:
        return self.view

    def record(self, who: str, phase: int) -> dict[str, Any]:
        return {
            "who": who,
            "phase": phase,
            "total": self.total,
            "success": self.success,
            "raises": self.raises,
            "critical_failure": self.critical_failure,
            "view": self.view,
            "hook": self.hook,
        }

    @staticmethod
    def from_record(rec: dict[str, Any], *, kept_previous: bool = False) -> Roll:
        return Roll(
            rec["total"],
            rec["success"],
            rec["raises"],
            rec["critical_failure"],
            rec["view"],
            rec["hook"],
            kept_previous,
        )


class ActionRolls:
    """Makes a maneuver's trait rolls in order. ``phase`` 0 is the opening roll or
    opposed pair; later phases are rolls that follow from it (the push's Athletics).
    Replaying for a reroll of roll ``reroll``: rolls of an earlier or the same phase
    are kept, that roll is rolled again and the better total kept, later ones are new."""

    def __init__(
        self,
        dice: DiceSource,
        owner_id: str,
        previous: list[dict[str, Any]] | None = None,
        reroll: int | None = None,
        damage: DamageRolls | None = None,
    ) -> None:
        self.dice = dice
        self.owner_id = owner_id
        self.previous = previous or []
        self.reroll = reroll
        self.records: list[dict[str, Any]] = []
        # SW-35: its damage rolls; replaying for a damage reroll, every trait roll stays.
        self.damage = damage or DamageRolls(dice)
        # A benny reroll that did not beat the first: its dice, shown all the same.
        self.kept: list[Event] = []

    def roll(
        self,
        c: SwadeCombatant,
        state: SwadeState,
        name: str,
        *,
        extra: list[Modifier] | None = None,
        phase: int = 0,
        acting: bool = False,
    ) -> tuple[Roll, list[Modifier]]:
        """``c`` rolls trait ``name`` (:func:`bot.systems.swade.modifiers.roll_trait`);
        ``acting``: it is ``c``'s own action (SW-36: the multi-action penalty applies)."""
        _, mods = trait_and_modifiers(c, state, name, extra=extra, acting=acting)
        roll = self.roll_with(
            c,
            lambda dice: roll_trait(c, state, dice, name, extra=extra, acting=acting)[0],
            phase=phase,
            mods=mods,
        )
        c.support_bonus = 0  # SW-24: spent by the roll, kept or new
        return roll, mods

    def roll_with(
        self,
        c: SwadeCombatant,
        make: Callable[[DiceSource], TraitResult],
        *,
        phase: int = 0,
        mods: list[Modifier] | None = None,
    ) -> Roll:
        """A trait roll of ``c`` that ``make`` performs (an attack roll, say), with the
        modifiers ``mods`` it was rolled with (named again when a reroll is kept)."""
        i = len(self.records)
        prev = self.previous[i] if i < len(self.previous) else None
        if prev is not None and (prev["who"] != c.id or prev["phase"] != phase):
            prev = None  # the replay took another path: roll afresh
        limit = self.previous[self.reroll]["phase"] if self.reroll is not None else -1
        if prev is not None and (
            self.damage.rerolling or (i != self.reroll and prev["phase"] <= limit)
        ):
            roll = Roll.from_record(prev)
        else:
            result = make(self.dice)
            hook = {
                **trait_reroll_hook(result, combatant_id=c.id),
                "action": "reroll_maneuver",
                "owner_id": self.owner_id,
                "index": i,
            }
            roll = Roll(
                result.total,
                result.success,
                result.raises,
                result.critical_failure,
                result.to_view(),
                hook,
            )
            # SW-35 keeps the better total; SW-4: a critical failure on the reroll stands.
            if (
                prev is not None
                and i == self.reroll
                and prev["total"] >= roll.total
                and not roll.critical_failure
            ):
                self.kept.append(kept_event(c, result, int(prev["total"]), mods or []))
                roll = Roll.from_record(prev, kept_previous=True)
        self.records.append(roll.record(c.id, phase))
        return roll


def kept_event(c: SwadeCombatant, rolled: TraitResult, kept: int, mods: list[Modifier]) -> Event:
    """SW-35: a reroll (its dice and modifiers shown) that did not beat the first roll,
    which stands."""
    params: dict[str, Any] = {"name": c.name, "rolled": rolled.total, "kept": kept}
    if mods:
        params["modifiers"] = [list(m) for m in mods]
    return Event(key="swade.combat.reroll.attack_kept", params=params, dice=rolled.to_view())


def roll_event(
    key: str,
    who: SwadeCombatant,
    roll: Roll,
    mods: list[Modifier],
    *,
    view: dict[str, Any] | None = None,
    **p: object,
) -> Event:
    """A roll's event; ``view``: its dice view read against the opponent (SW-37)."""
    return Event(
        key=key,
        params={
            "name": who.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
            **p,
        },
        dice=view if view is not None else roll.to_view(),
    )


def opposed_pair(
    a: Roll, a_who: SwadeCombatant, d: Roll, d_who: SwadeCombatant
) -> tuple[dict[str, Any], dict[str, Any], OpposedResult]:
    """SW-7/SW-37: who won, and each roll's view read against the other's total."""
    return opposed_views(a, a.view, a_who.name, d, d.view, d_who.name)


def vulnerable_bonus(target: SwadeCombatant, state: SwadeState) -> list[Modifier]:
    """SW-17: actions against a Vulnerable character get +2."""
    return [("swade.combat.mod.target_vulnerable", 2)] if is_vulnerable(target, state) else []
