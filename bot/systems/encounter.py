"""The encounter envelope shared by the three systems. Pure.

The JSON of ``/encounter export`` is ``Encounter.model_dump(mode="json")`` (DESIGN.md).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from bot.systems.base import Offer
from bot.systems.ds20.state import DS20State
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.swade.state import SwadeState

SystemState = Annotated[SwadeState | RitualHexState | DS20State, Field(discriminator="system")]

SYSTEMS: dict[str, type[BaseModel]] = {
    "swade": SwadeState,
    "ritualhex": RitualHexState,
    "ds20": DS20State,
}


class Encounter(BaseModel):
    channel_id: int
    guild_id: int
    gm_id: int
    name: str = ""
    seed: int = 0
    seq: int = 0  # actions applied so far; action n rolls with RandomSource(f"{seed}:{n}")
    board_message_id: int | None = None
    active: bool = True
    state: SystemState
    # Buttons offered by the last action (soak, reroll...): valid until the next action.
    offers: list[Offer] = Field(default_factory=list)

    @property
    def system(self) -> str:
        return self.state.system

    def dice_seed(self) -> str:
        """The seed of the next action's dice (replayable from the log)."""
        return f"{self.seed}:{self.seq}"
