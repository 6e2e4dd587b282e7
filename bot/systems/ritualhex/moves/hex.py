"""``/hex define|grant`` (the GM, the Dark Lord): actions of this encounter (RH-11).
``/hex round`` is :mod:`.turns`'."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Outcome
from bot.systems.plugin import Move, Options, Play
from bot.systems.ritualhex.moves.who import find_combatant, play
from bot.systems.ritualhex.state import RitualHexState


class DefineOptions(Options):
    text: str


def define(o: DefineOptions) -> Play[RitualHexState]:
    """An action or reaction in the action format (``\\n`` typed as a new line)."""
    body = o.text.replace("\\n", "\n")

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.define_action(state, who, body)

    return play("define", run)


class GrantOptions(Options):
    combatant: str
    action: str


def grant(o: GrantOptions) -> Play[RitualHexState]:
    """Give a combatant a defined action (or Bloqueo, Proteger, Parálisis)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = find_combatant(state, o.combatant)
        return rh.grant_action(state, who, combatant_id=c.id, action=o.action)

    return play("grant", run)


MOVES = (Move("hex:define", DefineOptions, define), Move("hex:grant", GrantOptions, grant))
