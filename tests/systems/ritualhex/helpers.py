"""Sheets and shortcuts for the Ritual Hex tests: the cast of seed 002's worked example."""

from __future__ import annotations

from bot.dice.source import ForcedSource
from bot.systems.base import Actor, Outcome
from bot.systems.ritualhex import add_combatant, parse_sheet
from bot.systems.ritualhex.state import RHCombatant, RitualHexState

GM = Actor(user_id=1, is_gm=True)
PLAYER_A = Actor(user_id=10)
PLAYER_B = Actor(user_id=20)

RED_HAGGAR = """
nombre: Red Haggar
AP 12, HP 10, Str 2, Def 1, Per 1, Mag 0, DR 0
"""

JADE_MISTRESS = """
name: Jade Mistress
AP: 7; HP: 8; Str: 0; Def: 1; Per: 1; Mag: 3; DR: 0
actions: Parálisis
"""

GOBLIN = """
nombre: Goblin
AP 9, HP 6, Str 1, Def 1, Per 0, Mag 0, DR 0
partes: cabeza, torso
miembros: mano x2, pies
equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo
"""

THRALL = """
nombre: Thrall
AP 8, HP 8, Str 2, Def 1, Per 0, Mag 0, DR 1
partes: cabeza, torso
miembros: mano x2, pies
acciones: Proteger
"""


def dice(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def no_dice() -> ForcedSource:
    """A source that fails if anything is rolled."""
    return ForcedSource((), strict=True)


def add(
    state: RitualHexState, sheet: str, kind: str = "hero", controller: int | None = None
) -> RitualHexState:
    c = parse_sheet(sheet, kind=kind)  # type: ignore[arg-type]
    return add_combatant(state, GM, c, controller_id=controller).state


def by_name(state: RitualHexState, name: str) -> RHCombatant:
    return next(c for c in state.combatants if c.name == name)


def cid(state: RitualHexState, name: str) -> str:
    return by_name(state, name).id


def levels(state: RitualHexState) -> dict[str, int]:
    return {c.name: c.ap_level for c in state.combatants}


def names(state: RitualHexState, ids: list[str]) -> list[str]:
    return [by_name_id(state, i).name for i in ids]


def by_name_id(state: RitualHexState, i: str) -> RHCombatant:
    c = state.get(i)
    assert c is not None
    return c


def keys(out: Outcome) -> list[str]:
    return [e.key for e in out.events]


def example_cast() -> RitualHexState:
    """Red Haggar and Jade Mistress (heroes, players A and B) against a Goblin with a
    shield and a Thrall (minions)."""
    state = RitualHexState()
    state = add(state, RED_HAGGAR, "hero", PLAYER_A.user_id)
    state = add(state, GOBLIN, "minion")
    state = add(state, THRALL, "minion")
    state = add(state, JADE_MISTRESS, "hero", PLAYER_B.user_id)
    return state
