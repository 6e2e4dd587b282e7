"""Builders shared by the SWADE combat tests (no tests here)."""

from __future__ import annotations

from typing import Any

from bot.dice.source import ForcedSource
from bot.systems.base import Actor, Outcome
from bot.systems.swade.state import Card, SwadeCombatant, SwadeState, Trait, Weapon

GM = Actor(user_id=1, is_gm=True)
PLAYER = Actor(user_id=42)


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """What a rules call answered, as JSON values: its state, events, offers and summary
    (to compare a shortcut's answer with the long way's)."""
    summary = outcome.summary
    return {
        "state": outcome.state.model_dump(mode="json"),
        "events": [e.model_dump(mode="json") for e in outcome.events],
        "offers": [o.model_dump(mode="json") for o in outcome.offers],
        "summary": summary if isinstance(summary, str) else summary.model_dump(mode="json"),
    }


def dice(*values: int) -> ForcedSource:
    """Forced dice, strict: a test fails if the rules roll more dice than given."""
    return ForcedSource(values, strict=True)


def hero(cid: str = "h", **kw: Any) -> SwadeCombatant:
    """A Wild Card hero: Fighting d8, Shooting d8, Athletics d6, Strength d8, Vigor d6,
    Parry 6, Toughness 6, controlled by PLAYER."""
    base: dict[str, Any] = {
        "id": cid,
        "name": "Heroína",
        "controller_id": PLAYER.user_id,
        "is_pc": True,
        "wild_card": True,
        "side": "heroes",
        "attributes": {
            "agility": Trait(die=8),
            "smarts": Trait(die=6),
            "spirit": Trait(die=6),
            "strength": Trait(die=8),
            "vigor": Trait(die=6),
        },
        "skills": {
            "fighting": Trait(die=8),
            "shooting": Trait(die=8),
            "athletics": Trait(die=6),
        },
        "parry": 6,
        "toughness": 6,
        "weapons": [
            Weapon(name="Espada", damage="Str+d8"),
            Weapon(name="Pistola", damage="2d6", ap=1, rof=1, range="12/24/48", shots=6),
            Weapon(name="Subfusil", damage="2d6", ap=1, rof=3, range="12/24/48", shots=30),
        ],
    }
    base.update(kw)
    return SwadeCombatant(**base)


def goblin(cid: str = "g", **kw: Any) -> SwadeCombatant:
    """An Extra: Fighting d6, Strength d6, Vigor d6, Parry 5, Toughness 5 (1 armour),
    a short sword Str+d4."""
    base: dict[str, Any] = {
        "id": cid,
        "name": "Goblin",
        "wild_card": False,
        "side": "foes",
        "attributes": {
            "agility": Trait(die=8),
            "strength": Trait(die=6),
            "vigor": Trait(die=6),
            "spirit": Trait(die=6),
            "smarts": Trait(die=4),
        },
        "skills": {"fighting": Trait(die=6), "athletics": Trait(die=6)},
        "parry": 5,
        "toughness": 5,
        "armor": 1,
        "weapons": [Weapon(name="Espada corta", damage="Str+d4")],
    }
    base.update(kw)
    return SwadeCombatant(**base)


def villain(cid: str = "v", **kw: Any) -> SwadeCombatant:
    """A GM Wild Card: Toughness 8 (2 armour), Vigor d8, Parry 6."""
    base: dict[str, Any] = {
        "id": cid,
        "name": "Capitán",
        "wild_card": True,
        "attributes": {
            "agility": Trait(die=6),
            "strength": Trait(die=8),
            "vigor": Trait(die=8),
            "spirit": Trait(die=6),
            "smarts": Trait(die=6),
        },
        "skills": {"fighting": Trait(die=8), "athletics": Trait(die=6)},
        "parry": 6,
        "toughness": 8,
        "armor": 2,
        "weapons": [Weapon(name="Hacha", damage="Str+d8")],
    }
    base.update(kw)
    return SwadeCombatant(**base)


def state_of(*combatants: SwadeCombatant, **kw: Any) -> SwadeState:
    return SwadeState(combatants=list(combatants), round=1, **kw)


def joker() -> Card:
    return Card(joker=True, suit="R")


def get(state: SwadeState, cid: str) -> SwadeCombatant:
    return next(c for c in state.combatants if c.id == cid)


def keys(outcome: Any) -> list[str]:
    return [e.key for e in outcome.events]


def event(outcome: Any, key: str) -> Any:
    return next(e for e in outcome.events if e.key == key)
