"""``/trait trait:<name>`` in Savage Worlds: a trait roll from the acting combatant's
sheet (:mod:`bot.systems.swade.sheet_rolls`). Who rolls: ``actor``, else the user's
combatant whose turn it is, else the user's only combatant (a roll is often made out of
turn: Notice, a resisting roll). ``# words`` after the name is the roll's label, as on
every roll."""

from __future__ import annotations

from bot.dice.dispatch import split_label
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade.moves.who import SYSTEM, reacting
from bot.systems.swade.sheet_rolls import roll_from_sheet
from bot.systems.swade.state import SwadeState


class TraitOptions(Options):
    trait: str
    actor: str | None = None
    modifier: int = 0
    tn: int = 4
    label: str | None = None


def trait(o: TraitOptions) -> Play[SwadeState]:
    name, note = split_label(o.trait)

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = reacting(state, who, o.actor)
        return roll_from_sheet(
            state, who, dice, combatant_id=me.id, trait=name, modifier=o.modifier, tn=o.tn,
            label=o.label or note,
        )  # fmt: skip

    return Play(rules=run, kind=f"{SYSTEM}.trait", title="swade.title.trait")


MOVES = (Move("trait", TraitOptions, trait),)
