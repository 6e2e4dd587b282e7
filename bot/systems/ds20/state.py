"""Dread S-20 encounter state (seed 004). Pure pydantic models."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.systems.common import CombatantCore


class DSCombatant(CombatantCore):
    pass


class DS20State(BaseModel):
    system: Literal["ds20"] = "ds20"
    round: int = 0
    combatants: list[DSCombatant] = Field(default_factory=list)
