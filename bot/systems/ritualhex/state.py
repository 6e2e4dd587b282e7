"""Ritual Hex encounter state (seed 002). Pure pydantic models."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.systems.common import CombatantCore


class RHCombatant(CombatantCore):
    pass


class RitualHexState(BaseModel):
    system: Literal["ritualhex"] = "ritualhex"
    round: int = 0
    combatants: list[RHCombatant] = Field(default_factory=list)
