"""Savage Worlds' moves: each command it answers, as a typed options model and a pure
function to its rules call (:mod:`bot.systems.plugin`). Who acts and every name are
looked up inside the rules call (:mod:`.who`).

A new command is a new module here (its options model, its play, its ``MOVES``) added
to :data:`MOVES`, and a declaration in a cog when no shared command has its name
(``cogs/swade.py``); a new ``/act`` action is a verb and a function in :mod:`.act`."""

from bot.systems.swade.moves import (
    act,
    attack,
    bennies,
    casting,
    conditions,
    maneuvers,
    roster,
    settings,
    trait,
    turns,
)

MOVES = (
    *attack.MOVES,
    *act.MOVES,
    *maneuvers.MOVES,
    *bennies.MOVES,
    *roster.MOVES,
    *turns.MOVES,
    *conditions.MOVES,
    *settings.MOVES,
    *trait.MOVES,
    *casting.MOVES,
)

__all__ = ["MOVES"]
