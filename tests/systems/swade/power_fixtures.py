"""Builders shared by the SWADE powers tests (issue 19; no tests here)."""

from __future__ import annotations

from typing import Any

from bot.systems.swade.power_models import ActivePower
from bot.systems.swade.state import Power, SwadeCombatant, Trait

from .test_combat_fixtures import hero


def mage(cid: str = "m", **kw: Any) -> SwadeCombatant:
    """A Wild Card caster controlled by PLAYER: Spellcasting d8, Healing d6, 10 of 10
    Power Points, no powers on its sheet (so the shipped examples are castable)."""
    base: dict[str, Any] = {
        "name": "Maga",
        "skills": {
            "spellcasting": Trait(die=8),
            "healing": Trait(die=6),
            "fighting": Trait(die=6),
        },
        "arcane_background": "magic",
        "arcane_skill": "spellcasting",
        "power_points": 10,
        "max_power_points": 10,
    }
    base.update(kw)
    return hero(cid, **base)


def with_powers(*powers: tuple[str, int | None]) -> list[Power]:
    return [Power(name=name, cost=cost) for name, cost in powers]


def maintained(n: int) -> list[ActivePower]:
    """``n`` maintained powers with no effects (for the SW-42 penalty)."""
    return [ActivePower(id=str(i), power_id="x", power="X") for i in range(1, n + 1)]
