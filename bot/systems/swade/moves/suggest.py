"""What Savage Worlds suggests as a user types: the acting combatant's weapons and its
skills and attributes (``/trait``), the ``/act`` names in the user's language, and
condition names (for ``/condition remove``,
only those the chosen combatant has)."""

from __future__ import annotations

import contextlib

from bot.i18n import t
from bot.systems.base import Actor, RuleError
from bot.systems.lookup import matching
from bot.systems.plugin import Asker, Suggestion
from bot.systems.swade.conditions import CONDITIONS, effective_conditions
from bot.systems.swade.moves.act import VERBS
from bot.systems.swade.moves.who import acting, find_combatant, reacting
from bot.systems.swade.names import ATTRIBUTE_IDS
from bot.systems.swade.sheet_rolls import trait_label
from bot.systems.swade.state import SwadeState
from bot.systems.words import fold


def weapons(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """The acting combatant's weapons: the ``actor`` typed so far, else the asker's
    combatant whose turn it is, else every combatant the asker controls."""
    who = Actor(user_id=asker.user_id, is_gm=asker.is_gm)
    try:
        pool = [acting(state, who, asker.actor)]
    except RuleError:
        pool = [c for c in state.combatants if c.controlled_by(who.user_id, is_gm=False)]
    names = dict.fromkeys(w.name for c in pool for w in c.weapons)
    return [(n, n) for n in matching(names, typed)]


def traits(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """``/trait``: the acting combatant's skills, then its attributes, in the asker's
    language (the name is sent, and read back in either language): the ``actor`` typed
    so far, else the asker's combatant whose turn it is, else their only one."""
    who = Actor(user_id=asker.user_id, is_gm=asker.is_gm)
    try:
        c = reacting(state, who, asker.actor)
    except RuleError:
        return []
    ids = [*c.skills, *ATTRIBUTE_IDS]
    labels = [_trait_text(trait_label(i), asker.lang) for i in ids]
    return [(n, n) for n in matching(labels, typed)]


def _trait_text(label: str, lang: str) -> str:
    return t(label, lang) if "." in label else label


def actions(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """The maneuver names in the asker's language."""
    names = [t(VERBS.label_of(v.id), asker.lang) for v in VERBS.verbs]
    return [(n, n) for n in matching(names, typed)]


def conditions(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """Condition names in the asker's language (their ids are sent); for ``/condition
    remove``, only those the chosen combatant has, and its custom effects (issue 18)."""
    names: list[str] = list(CONDITIONS)
    effects: list[str] = []
    who = asker.options.get("combatant")
    if asker.command == "condition:remove" and who:
        with contextlib.suppress(RuleError):
            c = find_combatant(state, who)
            names = effective_conditions(c, state.settings)
            effects = [e.name for e in c.effects]
    needle = fold(typed)
    labels = [(t(f"swade.condition.name.{n}", asker.lang), n) for n in names]
    found = [(label, n) for label, n in labels if needle in fold(label) or needle in n]
    return found + [(e, e) for e in matching(effects, typed)]


SUGGEST = {"weapon": weapons, "action": actions, "condition": conditions, "trait": traits}
