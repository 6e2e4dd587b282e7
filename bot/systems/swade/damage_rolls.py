"""The damage rolls of one maneuver (an area attack, suppressive fire, a crush, a power's
damage), recorded so a benny rerolls them
(SW-35, seed 001: "Repetir una tirada de daño: Se vuelve a tirar todo el daño causado
por un ataque"). Pure.

A maneuver rolls each damage through :meth:`DamageRolls.roll`, which records its total
and dice in order. Replaying the maneuver for a damage reroll (``reroll=True``, every
trait roll kept), each damage is rolled again and the better of the two totals counts
(ties keep the first, as every benny reroll, SW-35); when the first stands, an event
says so, showing the new dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import DamageResult
from bot.systems.base import Event


class DamageRolls:
    def __init__(
        self,
        dice: DiceSource,
        previous: list[dict[str, Any]] | None = None,
        *,
        reroll: bool = False,
    ) -> None:
        self.dice = dice
        self.previous = previous or []
        self.rerolling = reroll
        self.records: list[dict[str, Any]] = []

    def roll(
        self, target_id: str, target_name: str, make: Callable[[DiceSource], DamageResult]
    ) -> tuple[int, dict[str, Any], list[Event]]:
        """A damage roll on ``target_id`` (``make`` rolls it): its total, its dice view,
        and, on a reroll that did not beat the first, the event saying the first
        stands."""
        i = len(self.records)
        fresh = make(self.dice)
        total, view, events = fresh.total, fresh.to_view(), []
        prev = self.previous[i] if i < len(self.previous) else None
        stands = prev is not None and prev["who"] == target_id and prev["total"] >= fresh.total
        if self.rerolling and prev is not None and stands:
            events.append(
                Event(
                    key="swade.combat.reroll.damage_kept",
                    params={"name": target_name, "rolled": fresh.total, "kept": prev["total"]},
                    dice=view,
                )
            )
            total, view = int(prev["total"]), dict(prev["view"])
        self.records.append({"who": target_id, "total": total, "view": view})
        return total, view, events
