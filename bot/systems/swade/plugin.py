"""Savage Worlds as a plugin (seeds 000-003, SW-1..SW-41): its state, its stat-block
reader, its moves (:mod:`bot.systems.swade.moves`), its suggestions and its renderers
(:mod:`bot.render.swade`)."""

from __future__ import annotations

from bot.systems.plugin import Plugin
from bot.systems.swade.bounds import state_problems
from bot.systems.swade.examples import EXAMPLES
from bot.systems.swade.moves import MOVES
from bot.systems.swade.moves.roster import read_sheet
from bot.systems.swade.moves.suggest import SUGGEST
from bot.systems.swade.pending import pending
from bot.systems.swade.state import SwadeState
from bot.systems.swade.turns import whose_turn

PLUGIN: Plugin[SwadeState] = Plugin(
    system="swade",
    title="Savage Worlds",
    state=SwadeState,
    read_sheet=read_sheet,
    moves=MOVES,
    suggest=SUGGEST,
    renderers="bot.render.swade",
    turn=whose_turn,
    pending=pending,
    instead={"initiative:roll": "deal"},
    definitions=lambda state: len(state.power_defs),
    state_problems=state_problems,
    examples=EXAMPLES,
)
