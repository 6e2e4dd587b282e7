"""What Dread S-20 suggests as a user types: the acting combatant's weapons in hand, the
``/act`` names in the user's language (with the actor's techniques and firearms spelled
out) and the body parts of a called attack. The actor is the ``actor`` typed, else the
combatant whose turn it is if the user controls it (the GM controls all), else the
user's first."""

from __future__ import annotations

from bot.i18n import t
from bot.systems.base import RuleError
from bot.systems.ds20.moves.act import VERBS
from bot.systems.ds20.moves.who import find_combatant
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.lookup import matching
from bot.systems.plugin import Asker, Suggestion
from bot.systems.words import fold

BODY_PARTS = ("cabeza", "brazos", "torso", "piernas")


def asker_actor(state: DS20State, asker: Asker) -> DSCombatant | None:
    if asker.actor:
        try:
            return find_combatant(state, asker.actor)
        except RuleError:
            return None
    current = state.current_id
    if current is not None:
        c = state.get(current)
        if c.controlled_by(asker.user_id, is_gm=asker.is_gm):
            return c
    return next((c for c in state.combatants if c.controller_id == asker.user_id), None)


def _named(names: list[str], typed: str) -> list[Suggestion]:
    return [(n, n) for n in matching(names, typed)]


def weapons(state: DS20State, asker: Asker, typed: str) -> list[Suggestion]:
    """The acting combatant's weapons in hand."""
    c = asker_actor(state, asker)
    if c is None:
        return []
    return _named([w.name for w in c.weapons if not w.dropped], typed)


def actions(state: DS20State, asker: Asker, typed: str) -> list[Suggestion]:
    """The /act names in the user's language, with the actor's techniques and firearms
    spelled out ("técnica Estocada", "recargar Pistola")."""
    c = asker_actor(state, asker)
    names: list[str] = []
    for action_id in VERBS.by_id:
        label = t(VERBS.label_of(action_id), asker.lang)
        if c is not None and action_id == "technique":
            names.extend(f"{label} {tech.name}" for tech in c.techniques)
        elif c is not None and action_id in ("reload", "clear_jam"):
            names.extend(f"{label} {w.name}" for w in c.weapons if w.kind == "fuego")
        else:
            names.append(label)
    return _named(names, typed)


def body_parts(state: DS20State, asker: Asker, typed: str) -> list[Suggestion]:
    """Body parts for a called attack (DS-7 coverage), named in the user's language."""
    needle = fold(typed)
    labels = [(t(f"ds20.part.{p}", asker.lang), p) for p in BODY_PARTS]
    return [(label, p) for label, p in labels if needle in fold(label) or needle in p]


SUGGEST = {"weapon": weapons, "action": actions, "limb": body_parts}
