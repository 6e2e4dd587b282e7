"""Builders for Dread S-20 rule tests."""

from __future__ import annotations

from bot.dice.source import ForcedSource
from bot.systems.base import Actor
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.ds20.statline import parse_statline

GM = Actor(user_id=1, is_gm=True)
PLAYER = Actor(user_id=42)

ANA = """Nombre: Ana
Tipo: PJ
Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Armas C.C. 10, Armas de Fuego 12, Acrobacia 9, Primeros Auxilios 8, Iniciativa 4
Heridas: 4 R, 3 HL, 3 HG
Armas: Puños 2/6 pelea; Cuchillo 3/8 C.C.; Pistola 4/9 fuego alcance 20 cargador 15 semiautomática
Técnicas: Estocada (Armas C.C.) +1 daño +2"""

BRUTO = """Nombre: Bruto
Aptitudes: Fortaleza 11, Destreza 9, Pelea 10, Armas C.C. 9, Armas de Fuego 8, Acrobacia 8, Iniciativa 2
Heridas: 4/3/3
Armas: Puños 2/6 pelea; Machete 5/10 C.C.; Revólver 4/9 fuego alcance 15 cargador 6 revólver"""


def dice(*values: int) -> ForcedSource:
    return ForcedSource(values, strict=True)


def fresh(text: str = ANA) -> DSCombatant:
    c = parse_statline(text)
    c.id = "x"
    return c


def two(ana_controller: int | None = 42) -> DS20State:
    """Ana (c1, a PJ controlled by PLAYER) and Bruto (c2, an NPC), not yet in initiative."""
    a = parse_statline(ANA)
    a.id, a.controller_id = "c1", ana_controller
    b = parse_statline(BRUTO)
    b.id = "c2"
    return DS20State(combatants=[a, b], next_id=3)


def in_turn(state: DS20State, combatant_id: str) -> DS20State:
    """Fix a turn order with ``combatant_id`` acting now (round 1)."""
    ids = [c.id for c in state.combatants]
    ids.remove(combatant_id)
    state.turn_order = [combatant_id, *ids]
    state.current = 0
    state.round = 1
    return state
