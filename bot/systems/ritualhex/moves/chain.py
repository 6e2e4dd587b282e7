"""The chain (RH-8): ``/react with|pass`` and the buttons under a result (react with a
reaction, pass, nobody reacts, end a Multi-ataque); a board drawn before "Nadie
reacciona" left it still answers it. Whoever answers is looked up inside the rules call
(:func:`.who.reactor`)."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Outcome
from bot.systems.plugin import Move, NoOptions, Options, Play
from bot.systems.ritualhex.moves.who import action_text, find_combatant, play, reactor
from bot.systems.ritualhex.state import RitualHexState


class ReactOptions(Options):
    reaction: str
    actor: str | None = None
    target: str | None = None


def react(o: ReactOptions) -> Play[RitualHexState]:
    """RH-8: answer the top link with one of the reactor's reactions. ``target`` is the
    ally a Proteger-like reaction protects."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = reactor(state, who, o.actor, o.reaction)
        ally = find_combatant(state, o.target).id if o.target else None
        reaction = action_text(c, o.reaction)
        return rh.react(state, who, dice, reactor_id=c.id, reaction=reaction, target=ally)

    return play("react", run)


class PassOptions(Options):
    actor: str | None = None


def pass_(o: PassOptions) -> Play[RitualHexState]:
    """RH-8: let the chance to react go by (the GM may pass for anyone)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.pass_reaction(state, who, dice, reactor_id=reactor(state, who, o.actor).id)

    return play("pass", run)


class Offered(Options):
    """A button of one combatant's (``combatant_id``); ``name`` is its label's."""

    combatant_id: str
    name: str = ""


class ReactionOffered(Offered):
    reaction: str


def react_offered(o: ReactionOffered) -> Play[RitualHexState]:
    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.react(state, who, dice, reactor_id=o.combatant_id, reaction=o.reaction)

    return play("react", run)


def pass_offered(o: Offered) -> Play[RitualHexState]:
    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.pass_reaction(state, who, dice, reactor_id=o.combatant_id)

    return play("pass", run)


def pass_all(o: NoOptions) -> Play[RitualHexState]:
    """RH-8: nobody reacts (the GM passes for everyone still able to)."""
    return play("pass_all", rh.pass_all)


def end_offered(o: Offered) -> Play[RitualHexState]:
    """RH-10: end a Multi-ataque."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.end_opportunity(state, who, actor_id=o.combatant_id)

    return play("end", run)


MOVES = (
    Move("react:with", ReactOptions, react),
    Move("react:pass", PassOptions, pass_),
    Move("offer:rh_react", ReactionOffered, react_offered),
    Move("offer:rh_pass", Offered, pass_offered),
    Move("offer:rh_pass_all", NoOptions, pass_all),
    Move("offer:rh_end_opportunity", Offered, end_offered),
    # Boards drawn before "Nadie reacciona" left them (one button per action) carry it.
    Move("board:rh_pass_all", NoOptions, pass_all),
)
