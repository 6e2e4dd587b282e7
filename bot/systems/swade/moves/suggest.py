"""What Savage Worlds suggests as a user types: the acting combatant's weapons and its
skills and attributes (``/trait``), the ``/act`` names in the user's language, and
condition names (for ``/condition remove``,
only those the chosen combatant has)."""

from __future__ import annotations

import contextlib

from bot.i18n import has, t
from bot.systems.base import Actor, RuleError
from bot.systems.lookup import matching
from bot.systems.plugin import Asker, Suggestion
from bot.systems.swade.conditions import CONDITIONS, effective_conditions
from bot.systems.swade.moves.act import VERBS
from bot.systems.swade.moves.who import acting, find_named, reacting
from bot.systems.swade.names import ATTRIBUTE_IDS
from bot.systems.swade.power_lookup import EXAMPLES, index_of
from bot.systems.swade.power_models import PowerDef
from bot.systems.swade.power_modifiers import power_modifier_choices
from bot.systems.swade.sheet_rolls import trait_label
from bot.systems.swade.state import SwadeCombatant, SwadeState, Weapon
from bot.systems.words import fold


def _acting(state: SwadeState, asker: Asker) -> list[SwadeCombatant]:
    """Who acts: the ``actor`` typed so far, else the asker's combatant whose turn it
    is, else every combatant the asker controls."""
    who = Actor(user_id=asker.user_id, is_gm=asker.is_gm)
    try:
        return [acting(state, who, asker.actor)]
    except RuleError:
        return [c for c in state.combatants if c.controlled_by(who.user_id, is_gm=False)]


def weapons(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """SW-44: the acting combatant's weapons (:func:`_acting`) in the order its sheet
    prints them, each with its damage ("Battle axe (Str+d10)"), then unarmed."""
    attackers = _acting(state, asker)
    if not attackers:
        return []
    labels = {w.name: weapon_label(w) for c in attackers for w in c.weapons}
    pairs = [(label, name) for name, label in labels.items()]
    pairs.append(
        (t("swade.combat.weapon.unarmed", asker.lang), t("swade.combat.unarmed", asker.lang))
    )
    needle = fold(typed)
    return [(label, v) for label, v in pairs if needle in fold(label) or needle in fold(v)]


def weapon_label(w: Weapon) -> str:
    """A weapon as a choice: its name and its damage as printed."""
    return f"{w.name} ({w.damage})" if w.damage else w.name


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
            c = find_named(state, who)
            names = effective_conditions(c, state.settings)
            effects = [e.name for e in c.effects]
    needle = fold(typed)
    labels = [(t(f"swade.condition.name.{n}", asker.lang), n) for n in names]
    found = [(label, n) for label, n in labels if needle in fold(label) or needle in n]
    return found + [(e, e) for e in matching(effects, typed)]


def _in(power: PowerDef, lang: str) -> str:
    """A definition by its name in ``lang`` (what the resolver reads back)."""
    return power.name_es if lang == "es" else power.name_en


def powers(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """SW-39: the powers the caster may cast (its sheet's, the GM's definitions, the
    examples when its sheet lists none); for ``/cast end``, those it maintains. The GM's
    definitions come from their index (issue 28: a keystroke costs O(log n + matches),
    not every definition): those with a word starting with what was typed."""
    casters = _acting(state, asker)
    needle = fold(typed)
    if asker.command == "cast:end":
        pairs = [
            (f"[{a.id}] {t(a.power, asker.lang) if has(a.power) else a.power}", a.id)
            for c in casters
            for a in c.maintaining
        ]
        return [(label, v) for label, v in pairs if needle in fold(label)][:25]
    index = index_of(state)
    defined = index.matching(typed)
    if asker.command == "power:forget":
        return [(d.label(), d.name_es) for d in defined]
    sheet = dict.fromkeys(p.name for c in casters for p in c.powers)
    pairs = [(n, n) for n in sheet if needle in fold(n)]
    pairs += [(d.label(), _in(d, asker.lang)) for d in defined]
    if any(not c.powers for c in casters):
        pairs += [
            (t(f"swade.powers.power_choice.{e.id}", asker.lang), _in(e, asker.lang))
            for e in EXAMPLES
            if e.id not in index.ids
            and (needle in fold(t(f"swade.powers.power_choice.{e.id}", asker.lang))
                 or needle in fold(_in(e, asker.lang)))
        ]  # fmt: skip
    return list(dict.fromkeys(pairs))[:25]


def power_modifiers(state: SwadeState, asker: Asker, typed: str) -> list[Suggestion]:
    """SW-41, several separated by commas: the ones already typed are kept and the last
    word completed (each choice the whole list so far), with its cost."""
    done, _, last = typed.rpartition(",")
    head = [p.strip() for p in done.split(",") if p.strip()]
    out: list[Suggestion] = []
    for label, mid in power_modifier_choices(asker.lang, last.strip()):
        value = ", ".join([*head, mid])
        shown = ", ".join([*head, label])
        if len(value) <= 100 and len(shown) <= 100:
            out.append((shown, value))
    return out


SUGGEST = {
    "weapon": weapons,
    "action": actions,
    "condition": conditions,
    "trait": traits,
    "power": powers,
    "power_modifier": power_modifiers,
}
