"""Ritual Hex as a plugin (seed 002, RH-1..RH-11): its state, its sheet reader, its
moves (:mod:`bot.systems.ritualhex.moves`), its suggestions and its renderers
(:mod:`bot.render.ritualhex`), like :mod:`bot.systems.ds20.plugin`."""

from __future__ import annotations

from bot.systems.plugin import Plugin
from bot.systems.ritualhex.bounds import state_problems
from bot.systems.ritualhex.examples import EXAMPLES
from bot.systems.ritualhex.moves import MOVES
from bot.systems.ritualhex.moves.roster import read_sheet
from bot.systems.ritualhex.moves.suggest import SUGGEST
from bot.systems.ritualhex.pending import pending
from bot.systems.ritualhex.rounds import whose_turn
from bot.systems.ritualhex.state import RitualHexState

PLUGIN: Plugin[RitualHexState] = Plugin(
    system="ritualhex",
    title="Ritual Hex",
    state=RitualHexState,
    read_sheet=read_sheet,
    moves=MOVES,
    suggest=SUGGEST,
    renderers="bot.render.ritualhex",
    turn=whose_turn,
    pending=pending,
    instead={"deal": "hex:round", "initiative:roll": "hex:round"},
    state_problems=state_problems,
    rounding="up",  # RH-1: divisions round up
    examples=EXAMPLES,
)
