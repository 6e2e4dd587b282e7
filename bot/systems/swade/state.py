"""Savage Worlds encounter state (seeds 001, 000, 003). Pure pydantic models."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.systems.common import CombatantCore


class SwadeCombatant(CombatantCore):
    wild_card: bool = False


class SwadeState(BaseModel):
    system: Literal["swade"] = "swade"
    round: int = 0
    combatants: list[SwadeCombatant] = Field(default_factory=list)
