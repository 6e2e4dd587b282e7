"""The encounter envelope shared by every system. Pure.

The JSON of ``/encounter export`` is ``Encounter.model_dump(mode="json")`` (DESIGN.md).
The state is the channel's system's model, chosen by its ``system`` field among the
catalogue's systems (:mod:`bot.systems.catalogue`): the built-in ones validate straight
from JSON (a tagged union, the fast path of every load); a system installed later (the
tests' coin-flip duel) through the catalogue.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, PlainValidator

from bot.systems import catalogue
from bot.systems.base import Offer
from bot.systems.pending import REMINDERS_MAX, Opened


def _plugged_state(value: Any) -> BaseModel:
    """The state of a system installed after start, validated by its plugin's model."""
    if isinstance(value, BaseModel):
        return value
    if not isinstance(value, dict):
        raise ValueError("a state is an object")
    state_model = catalogue.plugin(str(value.get("system"))).state
    return state_model.model_validate(value)


_BUILT_IN = Annotated[
    Union[tuple(p.state for p in catalogue.BUILT_IN)],  # noqa: UP007
    Field(discriminator="system"),
]
_PLUGGED = Annotated[Any, PlainValidator(_plugged_state)]
# The built-in systems first, as one tagged union; only a state none of them takes goes
# to the catalogue (left to right: the fast path is not slowed by the fallback).
SystemState = Annotated[_BUILT_IN | _PLUGGED, Field(union_mode="left_to_right")]


class Encounter(BaseModel):
    channel_id: int
    guild_id: int
    gm_id: int
    # Issue 21: whether ``gm_id`` was a server GM (Manage Server, Administrator or the
    # server's GM role) when the encounter was started or imported. Set by the command
    # that had the member's permissions in hand (never read from an imported file), so
    # the bennies ledger can tell, without a Discord context (a board refresh, a Joker
    # collected later), whether the encounter's GM is its session's GM
    # (``Session.run_by``).
    gm_server: bool = False
    name: str = ""
    seed: int = 0
    seq: int = 0  # actions applied so far; action n rolls with RandomSource(f"{seed}:{n}")
    board_message_id: int | None = None
    active: bool = True
    state: SystemState
    # Buttons offered by the last action (soak, reroll...): valid until the next action.
    offers: list[Offer] = Field(default_factory=list)
    # Issue 18. The language of the GM who started it: the board's, when the server has
    # none set (None: an encounter saved before, the bot's default).
    lang: Literal["es", "en"] | None = None
    # Whom a turn's announcement mentions: its player ("turn"), also the player on deck
    # ("deck"), or nobody ("off"). /encounter settings setting:pings.
    pings: Literal["turn", "deck", "off"] = "turn"
    # Issue 27: what the table waits on (pending decisions, else the turn) and since
    # when (bot.systems.pending), set by the encounter service after every change.
    waiting: list[Opened] = Field(default_factory=list)
    # Issue 27: seconds a decision or a turn waits before its owner is reminded, and
    # again once more after as long (0: no reminders). /encounter settings
    # setting:reminders.
    reminders: int = Field(default=0, ge=0, le=REMINDERS_MAX)

    @property
    def system(self) -> str:
        return self.state.system

    def dice_seed(self) -> str:
        """The seed of the next action's dice (replayable from the log)."""
        return f"{self.seed}:{self.seq}"
