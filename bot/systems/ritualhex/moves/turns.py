"""The round (RH-5, RH-6): ``/hex round``, the board's "Empezar la ronda" and ``/next``.

``/next`` looks at where the fight stands (:class:`~bot.systems.plugin.Look`): with no
round running the GM starts one (as ``/hex round``); during a Multi-ataque offer its
controller (or the GM) ends the opportunity; otherwise it says whose opportunity it is,
or the open chain and who may react (a :class:`~bot.systems.plugin.Notice`, changing
nothing), and posts the current buttons again."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Event, Outcome
from bot.systems.plugin import Look, Move, NoOptions, Notice, Play
from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.moves.act import end_multi_attack
from bot.systems.ritualhex.moves.who import play
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.ritualhex.window import next_reactors


def _start(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
    return rh.start_round(state, who)


def start_round(o: NoOptions) -> Play[RitualHexState]:
    """RH-5: the GM starts the round: AP levels, and the needle falls to the first
    opportunity."""
    return play("round", _start)


def status(state: RitualHexState) -> list[Event]:
    """Where the fight stands: whose opportunity, or the open chain and who answers."""
    people = state.by_id()

    def names(ids: list[str]) -> str:
        return ", ".join(c.name for cid in ids if (c := people.get(cid)) is not None) or "—"

    if state.phase == "setup":
        return [Event(key="ritualhex.status.setup")]
    if state.phase == "over":
        return [Event(key="ritualhex.status.over", params={"round": state.round})]
    lines = [
        Event(key="ritualhex.status.round", params={"round": state.round, "needle": state.needle})
    ]
    if state.chain:
        top = state.chain[-1]
        params = {
            "author": names([top.author]),
            "action": action_term(top.action),
            "names": names(state.awaiting),
            "next": names(next_reactors(state)),
        }
        lines.append(Event(key="ritualhex.status.chain", params=params))
    elif state.multi_attack is not None:
        params = {"name": names([state.multi_attack.actor]), "left": state.multi_attack.left}
        lines.append(Event(key="ritualhex.status.multi_attack", params=params))
    else:
        lines.append(
            Event(key="ritualhex.status.opportunity", params={"names": names(state.acting)})
        )
    return lines


def next_(o: NoOptions) -> Look[RitualHexState]:
    def choose(state: RitualHexState, actor: Actor) -> Play[RitualHexState] | Notice:
        if state.phase != "round":
            return start_round(o)
        ma = state.multi_attack
        if ma is not None and not state.chain:
            c = state.peek(ma.actor)
            if c is not None and c.controlled_by(actor.user_id, is_gm=actor.is_gm):
                return play("end", end_multi_attack(None))
        return Notice(title="ritualhex.title.status", events=tuple(status(state)))

    return Look(choose)


MOVES = (
    Move("next", NoOptions, next_),
    Move("board:rh_round", NoOptions, start_round),
    Move("hex:round", NoOptions, start_round),
)
