"""Who a Savage Worlds move is about, looked up inside its rules call (under the
channel's lock, on the state it is given). Every name goes through the one resolver
(:func:`bot.systems.lookup.find`): id, name, a group of Extras sharing a card by its
group's name (SW-31: one figure, its first member still able to act), the start of one
name. Who acts when the command does not say depends on the command:

- an action on one's turn (:func:`acting`): the caller's combatant whose turn it is (in a
  group of Extras, its first member still standing); named, the caller must control it;
- a reaction out of turn (:func:`reacting`): as :func:`acting`, else the caller's only
  combatant;
- going on Hold (:func:`on_turn`): the combatant whose turn it is, else the caller's only
  one (the rules check who may);
- interrupting (:func:`holder`): the caller's only slot on Hold;
- spending a benny (:func:`own_combatant`): the caller's only combatant.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.lookup import find, pick_actor
from bot.systems.plugin import Cost, Play
from bot.systems.swade import turns
from bot.systems.swade.state import SwadeCombatant, SwadeState
from bot.systems.words import side

SYSTEM = "swade"
Rules = Callable[[SwadeState, Actor, DiceSource], Outcome]
able = turns.can_act  # not dead, not Incapacitated


def extras_group(c: SwadeCombatant) -> str | None:
    """SW-31: Extras sharing a card are one figure by their group's name."""
    return c.group


def find_named(state: SwadeState, text: str) -> SwadeCombatant:
    """The combatant a player's ``text`` names (the one resolver, a group of Extras by
    its name included), read without copying. (The rules then change it by its id:
    :func:`bot.systems.swade.encounter_rules.find_combatant`.)"""
    return find(state.combatants, text, group_of=extras_group, able=able)


def controlled(actor: Actor, c: SwadeCombatant) -> SwadeCombatant:
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):
        raise RuleError("swade.combat.error.not_yours", name=c.name, gender=c.gender)
    return c


def acting(
    state: SwadeState,
    actor: Actor,
    name: str | None,
    prefer: Callable[[SwadeCombatant], bool] = lambda c: True,
) -> SwadeCombatant:
    """Who acts on their turn: ``name`` (which the caller must control), else the
    caller's combatant whose turn it is (in a group of Extras, its first member still
    standing, and among those the first one ``prefer`` picks: the one held, for an
    escape)."""
    if name:
        return controlled(actor, find_named(state, name))
    current = turns.current_combatant(state)
    if current is None:
        raise RuleError("swade.combat.error.no_turn")
    members = [
        m
        for m in turns.slot_members(state, current.id)
        if m.controlled_by(actor.user_id, is_gm=actor.is_gm)
    ]
    if not members:
        raise RuleError("swade.combat.error.not_your_turn", name=turns.slot_name(state, current.id))
    standing = [m for m in members if able(m)] or members
    return next((m for m in standing if prefer(m)), standing[0])


def reacting(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """Who reacts (out of turn): ``name`` (which the caller must control), else the
    caller's combatant whose turn it is, else the caller's only combatant."""
    current = turns.current_combatant(state)
    turn = [m for m in turns.slot_members(state, current.id) if able(m)] if current else []
    c = pick_actor(
        state.combatants, actor, name, turn=turn, group_of=extras_group, able=able,
        which_key="swade.combat.error.which_actor",
    )  # fmt: skip
    return controlled(actor, c) if name else c


def on_turn(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """Who goes on Hold: the one named; else the combatant whose turn it is, if the
    user controls its slot; else the user's only combatant (the rules check the rest)."""
    current = turns.current_combatant(state)
    mine = current is not None and any(
        m.controlled_by(actor.user_id, is_gm=actor.is_gm)
        for m in turns.slot_members(state, current.id)
    )
    return pick_actor(
        state.combatants, actor, name, turn=[current] if mine and current else [],
        group_of=extras_group, able=able, which_key="swade.error.which_actor",
    )  # fmt: skip


def holder(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """The holder who interrupts or acts from Hold: the one named; else the user's only
    slot on Hold (for the GM: the only one on Hold)."""
    if name:
        return find_named(state, name)
    holding = [
        c
        for c in state.combatants
        if c.on_hold and c.controlled_by(actor.user_id, is_gm=actor.is_gm)
    ]
    leaders = {c.group or c.id: c for c in holding}
    if len(leaders) == 1:
        return next(iter(leaders.values()))
    raise RuleError("swade.error.which_holder")


def own_combatant(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """Who spends a benny: the one named, else the one combatant the user controls
    (whether they may spend for it is the spending's to check)."""
    if name:
        return find_named(state, name)
    mine = [c for c in state.combatants if c.controller_id == actor.user_id]
    if len(mine) != 1:
        raise RuleError("bennies.error.which_combatant")
    return mine[0]


def targets(state: SwadeState, text: str) -> list[str]:
    """Targets separated by commas (area attacks, suppressive fire)."""
    names = [n for n in (p.strip() for p in text.split(",")) if n]
    if not names:
        raise RuleError("swade.combat.error.no_targets")
    return [find_named(state, n).id for n in names]


def ambushers(state: SwadeState, text: str) -> list[str]:
    """/deal ``surprise``: a side (every combatant on it, a group once: its first member
    stands for it) or names separated by commas."""
    named_side = side(text)
    if named_side is not None:
        ids: list[str] = []
        groups: set[str] = set()
        for c in state.combatants:
            if c.side != named_side or (c.group is not None and c.group in groups):
                continue
            if c.group is not None:
                groups.add(c.group)
            ids.append(c.id)
        if not ids:
            raise RuleError("swade.error.empty_side", side=f"swade.side.{named_side}")
        return ids
    names = [n for n in (p.strip() for p in text.split(",")) if n]
    if not names:
        raise RuleError("swade.error.which_ambushers")
    return [find_named(state, n).id for n in names]


# -- the plays ------------------------------------------------------------------------------


def fight(kind: str, rules: Rules) -> Play[SwadeState]:
    """A combat move's rules call: logged ``swade.<kind>``, titled
    ``swade.combat.title.<kind>``."""
    return Play(rules=rules, kind=f"{SYSTEM}.{kind}", title=f"swade.combat.title.{kind}")


def table(kind: str, rules: Rules) -> Play[SwadeState]:
    """A move of the encounter's table (roster, cards, conditions, settings): logged
    ``swade.<kind>``, titled ``swade.title.<kind>``."""
    return Play(rules=rules, kind=f"{SYSTEM}.{kind}", title=f"swade.title.{kind}")


Payer = Callable[[SwadeState, Actor], SwadeCombatant]


def with_benny(use: str, payer: Payer, rules: Rules, note: str | None = None) -> Play[SwadeState]:
    """SW-35: ``rules`` paid with one benny of ``payer``'s (its pool, ``holder_for``),
    logged ``bennies.<use>`` and titled ``bennies.title.<use>``."""
    return Play(
        rules=rules, kind=f"bennies.{use}", title=f"bennies.title.{use}",
        cost=Cost(currency="benny", payer=payer, use=use, note=note),
    )  # fmt: skip
