"""Ritual Hex's moves: each command it answers, as a typed options model and a pure
function to its rules call (:mod:`bot.systems.plugin`). Who acts and every name are
looked up inside the rules call (:mod:`.who`); every result carries the chain's
buttons."""

from bot.systems.ritualhex.moves import act, attack, chain, hex, roster, turns

MOVES = (*attack.MOVES, *act.MOVES, *chain.MOVES, *roster.MOVES, *turns.MOVES, *hex.MOVES)

__all__ = ["MOVES"]
