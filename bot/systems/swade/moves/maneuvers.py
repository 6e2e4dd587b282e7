"""Grappling and evading in Savage Worlds: ``/grapple start|escape|crush`` (SW-19) and
``/react evade`` (SW-25)."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import grapple, maneuvers
from bot.systems.swade.moves.who import acting, fight, find_named, reacting
from bot.systems.swade.state import SwadeState


class GrappleOptions(Options):
    target: str
    actor: str | None = None
    modifier: int = 0


class HoldOptions(Options):
    """Escaping a hold, or crushing the one held."""

    actor: str | None = None
    modifier: int = 0


class ReactOptions(Options):
    actor: str | None = None


def grapple_start(o: GrappleOptions) -> Play[SwadeState]:
    """SW-19: opposed Athletics; Entangled, or Bound on a raise."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, o.actor)
        return grapple.grapple(
            state, who, dice, attacker_id=me.id, target_id=find_named(state, o.target).id,
            modifier=o.modifier,
        )  # fmt: skip

    return fight("grapple", run)


def grapple_escape(o: HoldOptions) -> Play[SwadeState]:
    """SW-19: Athletics opposed by the grappler, as an action (the one held acts)."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, o.actor, prefer=lambda c: c.grappled_by is not None)
        return grapple.escape(state, who, dice, combatant_id=me.id, modifier=o.modifier)

    return fight("escape", run)


def grapple_crush(o: HoldOptions) -> Play[SwadeState]:
    """SW-19: opposed Strength; Strength damage to the one held (the grappler acts)."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, o.actor, prefer=lambda c: c.grappling is not None)
        return grapple.crush(state, who, dice, attacker_id=me.id, modifier=o.modifier)

    return fight("crush", run)


def evade(o: ReactOptions) -> Play[SwadeState]:
    """SW-25 evasion: Agility -2 against an attack that allows it."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        return maneuvers.evade(state, who, dice, reacting(state, who, o.actor).id)

    return fight("evade", run)


MOVES = (
    Move("grapple:start", GrappleOptions, grapple_start),
    Move("grapple:escape", HoldOptions, grapple_escape),
    Move("grapple:crush", HoldOptions, grapple_crush),
    Move("react:evade", ReactOptions, evade),
)
