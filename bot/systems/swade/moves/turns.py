"""Rounds and turns in Savage Worlds: ``/deal`` (SW-31..SW-34), ``/next`` and the board's
"Siguiente turno" and "Repartir" buttons, ``/hold`` and ``/react interrupt`` (SW-34),
``/initiative set`` (a card dealt by hand).

Readings: ``/deal surprise:`` takes ambusher names separated by commas (a group of
Extras by its name, "Goblin"), or a side (héroes/heroes, enemigos/foes, neutral): every
combatant on it; the victims are every other side (``turns.deal``'s default, SW-34).
``/hold now:true`` acts from Hold without interrupting (SW-34: at once if nobody is
acting, else right after the turn in progress). A Joker's bennies (SW-33) are the
ledger's: it reads the ``swade.joker.award`` events these moves' rules say."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Move, NoOptions, Options, Play
from bot.systems.swade import turns
from bot.systems.swade.encounter_rules import require_gm
from bot.systems.swade.moves.who import ambushers, find_named, holder, on_turn, table
from bot.systems.swade.state import SwadeState


class DealOptions(Options):
    surprise: str | None = None


def deal(o: DealOptions) -> Play[SwadeState]:
    """GM: a new round (SW-31..SW-33); ``surprise`` for an ambush (SW-34, first round)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        require_gm(actor)
        surprised = ambushers(state, o.surprise) if o.surprise else None
        return turns.deal(state, actor, dice, surprise=surprised)

    return table("deal", run)


def deal_pressed(o: NoOptions) -> Play[SwadeState]:
    """The board's "Repartir": a new round."""
    return table("deal", lambda state, actor, dice: turns.deal(state, actor, dice))


def next_turn(o: NoOptions) -> Play[SwadeState]:
    """The current combatant's controller or the GM ends the turn (SW-15..SW-17 at the
    turn's start and end); before the first deal the GM's /next deals."""
    return table("next", turns.next_turn)


class HoldOptions(Options):
    actor: str | None = None
    now: bool = False


def hold(o: HoldOptions) -> Play[SwadeState]:
    """SW-34: go on Hold on one's own turn; ``now`` acts from Hold without interrupting."""
    if o.now:

        def act_now(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
            return turns.act_from_hold(state, who, holder(state, who, o.actor).id)

        return table("act_from_hold", act_now)

    def go_on_hold(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        return turns.hold(state, who, dice, on_turn(state, who, o.actor).id)

    return table("hold", go_on_hold)


class InterruptOptions(Options):
    target: str | None = None
    actor: str | None = None


def interrupt(o: InterruptOptions) -> Play[SwadeState]:
    """SW-34: a holder interrupts the one acting (opposed Athletics, SW-7)."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        interrupting = holder(state, who, o.actor)
        if o.target:
            victim = find_named(state, o.target)
        else:
            victim = turns.interrupt_target(state)
            if victim is None:
                raise RuleError("swade.error.nobody_acting")
        return turns.interrupt(state, who, dice, interrupting.id, victim.id)

    return table("interrupt", run)


class CardOptions(Options):
    combatant: str
    card: str


def set_card(o: CardOptions) -> Play[SwadeState]:
    """GM: a card dealt by hand from a physical deck (``deck.parse_card``)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return turns.set_card(state, actor, find_named(state, o.combatant).id, o.card)

    return table("card", run)


MOVES = (
    Move("deal", DealOptions, deal),
    Move("board:deal", NoOptions, deal_pressed),
    Move("next", NoOptions, next_turn),
    Move("board:next", NoOptions, next_turn),
    Move("hold", HoldOptions, hold),
    Move("react:interrupt", InterruptOptions, interrupt),
    Move("initiative:set", CardOptions, set_card),
)
