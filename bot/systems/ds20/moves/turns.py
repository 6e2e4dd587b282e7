"""Initiative and turns (DS-3, DS-4): ``/initiative roll``, ``/next`` and the board's
"Siguiente turno" button."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ds20
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.ds20.moves.who import find_combatant, play
from bot.systems.ds20.state import DS20State
from bot.systems.plugin import Move, NoOptions, Options, Play


class InitiativeOptions(Options):
    combatant: str | None = None


def initiative(o: InitiativeOptions) -> Play[DS20State]:
    """DS-3. The GM rolls for everyone who has not; a player for their own."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if o.combatant:
            chosen = find_combatant(state, o.combatant)
            return ds20.roll_initiative(state, actor, dice, [chosen.id])
        if actor.is_gm:
            return ds20.roll_initiative(state, actor, dice)
        mine = [
            c.id
            for c in state.combatants
            if c.controller_id == actor.user_id and c.initiative is None
        ]
        if not mine:
            raise RuleError("ds20.error.nobody_to_roll")
        return ds20.roll_initiative(state, actor, dice, mine)

    return play("initiative", run)


def next_turn(o: NoOptions) -> Play[DS20State]:
    """DS-4 turn start: defences reset, agony roll, waking up."""
    return play("next", ds20.next_turn)


MOVES = (
    Move("initiative:roll", InitiativeOptions, initiative),
    Move("next", NoOptions, next_turn),
    Move("board:next", NoOptions, next_turn),
)
