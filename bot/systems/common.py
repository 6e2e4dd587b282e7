"""Fields every system's combatant and state share; the encounter service relies on them
for permissions, autocomplete and the board. Pure."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel


class RulesModel(BaseModel):
    """Base of every system's state and combatant. Rules copy the state before changing
    it (``model_copy(deep=True)``); copying through pydantic-core's dump and validate
    is about three times faster than ``copy.deepcopy`` on these nested models."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        return type(self).model_validate(self.model_dump(round_trip=True))


class CombatantCore(RulesModel):
    """``id`` is short and stable within an encounter ("c1", "c2"...); ``controller_id``
    is the Discord user who controls it (``None``: the GM)."""

    id: str
    name: str
    controller_id: int | None = None
    is_pc: bool = False

    def controlled_by(self, user_id: int, *, is_gm: bool) -> bool:
        """The GM controls every combatant; a player controls the ones assigned to them."""
        return is_gm or (self.controller_id is not None and self.controller_id == user_id)
