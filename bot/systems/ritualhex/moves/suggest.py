"""What Ritual Hex suggests as a user types: ``/act`` the actor's actions and verbs (with
its items), ``/react with`` the reactor's reactions (the usable ones first), ``/attack
weapon`` the attacker's attacks, ``called`` (and ``/act limb`` with a target) the
target's limbs, ``limb`` the actor's (its parts for equip and pick up), and ``/hex
grant action`` the encounter's defined actions and the shipped reactions.

The actor is the ``actor`` typed; else whom the caller would act (or react) with, read
as a player's (the GM's own minions are not preferred here); else the first holding the
opportunity."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import t
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, RuleError
from bot.systems.lookup import matching
from bot.systems.plugin import Asker, Suggestion
from bot.systems.ritualhex.moves.who import acting, find_combatant, reactor
from bot.systems.ritualhex.state import RHCombatant, RitualHexState
from bot.systems.ritualhex.window import next_reactors


def _named(names: Iterable[str], typed: str) -> list[Suggestion]:
    return [(n, n) for n in matching(dict.fromkeys(names), typed)]


def _reacting(asker: Asker) -> bool:
    return asker.command.startswith("react:")


def asker_actor(state: RitualHexState, asker: Asker, *, reacting: bool) -> RHCombatant | None:
    who = Actor(user_id=asker.user_id, is_gm=False)
    try:
        if asker.actor:
            return find_combatant(state, asker.actor)
        if reacting:
            try:
                return reactor(state, who, None)
            except RuleError:
                head = next_reactors(state)
                return state.peek(head[0]) if head else None
        return acting(state, who, None)
    except RuleError:
        return next((c for cid in state.acting if (c := state.peek(cid)) is not None), None)


def action_names(state: RitualHexState, c: RHCombatant | None, lang: str) -> list[str]:
    """/act names: the actor's actions (not reactions), then the verbs with its items."""
    names: list[str] = []
    if c is not None:
        names += [a.name for a, _ in rh.available_actions(c) if not a.is_reaction]
    names += [t("ritualhex.verb.wait", lang), t("ritualhex.verb.prepare", lang)]
    if c is not None:
        for item in c.equipment:
            verbs = ("stow", "drop") if item.worn_on else ("equip",)
            names += [f"{t(f'ritualhex.verb.{v}', lang)} {item.name}" for v in verbs]
    names += [f"{t('ritualhex.verb.pick_up', lang)} {e.name}" for e in state.ground]
    if state.multi_attack is not None:
        names.append(t("ritualhex.verb.end", lang))
    return names


def actions(state: RitualHexState, asker: Asker, typed: str) -> list[Suggestion]:
    """/act: the caller's actions and verbs; /react with: their reactions."""
    reacting = _reacting(asker)
    c = asker_actor(state, asker, reacting=reacting)
    if not reacting:
        return _named(action_names(state, c, asker.lang), typed)
    if c is None:
        return []
    every = [a.name for a, _ in rh.available_actions(c) if a.is_reaction]
    return _named(rh.usable_reactions(state, c.id) + every, typed)


def weapons(state: RitualHexState, asker: Asker, typed: str) -> list[Suggestion]:
    """The attacker's attack actions."""
    c = asker_actor(state, asker, reacting=False)
    if c is None:
        return []
    available = rh.available_actions(c)
    return _named((a.name for a, _ in available if a.kind == "attack" and not a.is_reaction), typed)


def limbs(state: RitualHexState, asker: Asker, typed: str) -> list[Suggestion]:
    """``called`` (and /act ``limb`` with a target): the target's limbs; ``limb``: the
    actor's (its parts, for equip and pick up)."""
    target = asker.options.get("target")
    on_target = asker.option == "called" or (
        asker.option == "limb" and bool(target) and asker.command == "act"
    )
    c: RHCombatant | None
    if on_target and target:
        try:
            c = find_combatant(state, target.split(",")[0])
        except RuleError:
            c = None
    else:
        c = asker_actor(state, asker, reacting=False)
    if c is None:
        return []
    return _named((p.key for p in c.parts if p.limb or not on_target), typed)


def grantable(state: RitualHexState, asker: Asker, typed: str) -> list[Suggestion]:
    """/hex grant: the encounter's defined actions, then Bloqueo, Proteger, Parálisis."""
    return _named([a.name for a in (*state.library, *rh.EXAMPLE_ACTIONS)], typed)


SUGGEST = {"action": actions, "weapon": weapons, "limb": limbs, "grant": grantable}
