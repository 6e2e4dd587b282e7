"""Dread S-20 as a plugin (seed 004, DS-1..DS-11): its state, its stat line, its moves
(:mod:`bot.systems.ds20.moves`), its suggestions and its renderers
(:mod:`bot.render.ds20`). The worked example of ``docs/COGS.md``."""

from __future__ import annotations

from bot.systems.ds20.bounds import state_problems
from bot.systems.ds20.examples import EXAMPLES
from bot.systems.ds20.moves import MOVES
from bot.systems.ds20.moves.roster import read_sheet
from bot.systems.ds20.moves.suggest import SUGGEST
from bot.systems.ds20.pending import pending
from bot.systems.ds20.state import DS20State
from bot.systems.ds20.turns import whose_turn
from bot.systems.plugin import Plugin

PLUGIN: Plugin[DS20State] = Plugin(
    system="ds20",
    title="Dread S-20",
    state=DS20State,
    read_sheet=read_sheet,
    moves=MOVES,
    suggest=SUGGEST,
    renderers="bot.render.ds20",
    turn=whose_turn,
    pending=pending,
    instead={"deal": "initiative:roll"},
    state_problems=state_problems,
    examples=EXAMPLES,
)
