"""Answering an attack and holding on (DS-5, DS-10): ``/react dodge|block|none`` and the
buttons under an attack, ``/grapple start|escape|headbutt``. Dread S-20 has no
``/grapple crush``: it is refused as a command of another system."""

from __future__ import annotations

from typing import Literal

from bot.dice.source import DiceSource
from bot.systems import ds20
from bot.systems.base import Actor, Outcome
from bot.systems.ds20.moves.who import acting, defender, find_combatant, play, units
from bot.systems.ds20.state import DS20State
from bot.systems.plugin import Move, Options, Play

Defence = Literal["dodge", "block", "none"]


class DefenceOptions(Options):
    actor: str | None = None


class DefenceOffer(Options):
    """The Esquivar / Bloquear / No defenderse buttons: the offer's data and defender."""

    kind: Defence
    combatant_id: str


def defend(kind: Defence) -> Move[DS20State, DefenceOptions]:
    """DS-5: the defender's controller (or the GM) answers the pending attack."""

    def answer(o: DefenceOptions) -> Play[DS20State]:
        def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
            who = defender(state, o.actor)
            return ds20.defend(state, actor, dice, defender_id=who.id, kind=kind)

        return play(kind, run)

    return Move(f"react:{kind}", DefenceOptions, answer)


def defend_offered(o: DefenceOffer) -> Play[DS20State]:
    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        return ds20.defend(state, actor, dice, defender_id=o.combatant_id, kind=o.kind)

    return play(o.kind, run)


class GrappleOptions(Options):
    target: str
    actor: str | None = None
    modifier: int | None = None


class EscapeOptions(Options):
    """DS-10 Zafarse has no modifier in the rules: ``modifier`` is refused."""

    actor: str | None = None


class HeadbuttOptions(Options):
    actor: str | None = None
    modifier: int | None = None


def grapple(o: GrappleOptions) -> Play[DS20State]:
    """DS-10 Apresar (Pelea; defendable); ``modifier`` is +N bonus or -N penalty d4s."""
    bonus, penalty = units(o.modifier)

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, o.actor)
        victim = find_combatant(state, o.target)
        return ds20.grapple(
            state, who, dice, attacker_id=c.id, target_id=victim.id, bonus=bonus, penalty=penalty
        )

    return play("grapple", run)


def escape(o: EscapeOptions) -> Play[DS20State]:
    """DS-10 Zafarse: opposed Fortaleza."""

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        return ds20.escape(state, who, dice, acting(state, who, o.actor).id)

    return play("escape", run)


def headbutt(o: HeadbuttOptions) -> Play[DS20State]:
    """DS-10 Cabezazo: Pelea with one penalty; the grappler cannot defend."""
    bonus, penalty = units(o.modifier)

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, o.actor)
        return ds20.headbutt(state, who, dice, attacker_id=c.id, bonus=bonus, penalty=penalty)

    return play("headbutt", run)


MOVES = (
    defend("dodge"),
    defend("block"),
    defend("none"),
    Move("offer:ds20.defend", DefenceOffer, defend_offered),
    Move("grapple:start", GrappleOptions, grapple),
    Move("grapple:escape", EscapeOptions, escape),
    Move("grapple:headbutt", HeadbuttOptions, headbutt),
)
