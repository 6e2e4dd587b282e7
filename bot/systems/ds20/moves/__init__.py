"""Dread S-20's moves: each command it answers, as a typed options model and a pure
function to its rules call (:mod:`bot.systems.plugin`). Who acts and every name are
looked up inside the rules call (:mod:`.who`)."""

from bot.systems.ds20.moves import act, attack, defence, roster, turns

MOVES = (*attack.MOVES, *act.MOVES, *defence.MOVES, *roster.MOVES, *turns.MOVES)

__all__ = ["MOVES"]
