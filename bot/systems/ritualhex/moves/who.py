"""Who a Ritual Hex move is about, looked up inside its rules call (under the channel's
lock, on the state it is given): names through the one resolver
(:func:`bot.systems.lookup.find`), who acts through the one actor picker, body parts by
key or kind in Spanish or English; and the buttons every result carries (the chain's
offers, recomputed after every action so they stay valid).

Readings (README "Ritual Hex"):

- Without ``actor``, who acts is the caller's combatant holding the opportunity. The GM
  plays the minions (and heroes nobody else controls): the GM acts for one of those
  holding it; when it is only a player's hero's, the GM is asked to name it (issue 17:
  never acting for a player's hero by default).
- Who reacts or passes is the caller's combatant first in the reaction order (the GM:
  the first one in that order).
- The rules' react offer (one per reactor, with its usable reactions) becomes one button
  per reaction, labelled with the reactor's name, so every button is unambiguous.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Offer, Outcome, RuleError
from bot.systems.lookup import find, pick_actor
from bot.systems.plugin import Play
from bot.systems.ritualhex.actions import action_term, called
from bot.systems.ritualhex.state import Part, RHCombatant, RitualHexState
from bot.systems.ritualhex.window import next_reactors
from bot.systems.ritualhex.words import as_written, limb_terms, part_kind
from bot.systems.words import fold, readings

SYSTEM = "ritualhex"
Rules = Callable[[RitualHexState, Actor, DiceSource], Outcome]


def play(kind: str, rules: Rules) -> Play[RitualHexState]:
    """A Ritual Hex move's rules call, with the current buttons attached, logged as
    ``ritualhex.<kind>`` and titled ``ritualhex.title.<kind>``."""
    return Play(rules=with_offers(rules), kind=f"{SYSTEM}.{kind}", title=f"{SYSTEM}.title.{kind}")


# -- names -------------------------------------------------------------------------------


def find_combatant(state: RitualHexState, text: str) -> RHCombatant:
    """A combatant by id, name or the start of exactly one name."""
    return find(state.combatants, text)


def find_targets(state: RitualHexState, text: str | None) -> list[str]:
    """One combatant, or several separated by commas (multi-target actions)."""
    if not text:
        return []
    try:
        return [find_combatant(state, text).id]
    except RuleError:
        if "," not in text:
            raise
    return [find_combatant(state, piece).id for piece in text.split(",") if piece.strip()]


def action_text(c: RHCombatant, text: str) -> str:
    """``text`` as the rules look an action of ``c``'s up: the name of the first of its
    actions that ``text`` names as typed or without quotes and trailing punctuation
    (:func:`bot.systems.ritualhex.actions.called`: "Bloqueo." is Bloqueo), else ``text``
    as typed (the rules refuse it, naming it so)."""
    found = called((a for a, _ in rh.available_actions(c)), text)
    return found.name if found is not None else text


def _compact(text: str) -> str:
    """A part key or kind as compared: folded, without spaces or underscores ("Mano 1",
    "mano_1" and "mano1" are one key)."""
    return fold(text).replace(" ", "").replace("_", "")


def _part_keys(parts: list[Part], text: str) -> list[str]:
    """The part ``text`` names by key (one), else the parts of the kind it names."""
    wanted = _compact(text)
    digits = "".join(ch for ch in wanted if ch.isdigit())
    word = wanted[: len(wanted) - len(digits)] if digits else wanted
    word = _compact(part_kind(word))
    for candidate in (wanted, word + digits):
        found = [p.key for p in parts if _compact(p.key) == candidate]
        if found:
            return found[:1]
    return [p.key for p in parts if _compact(p.kind) == word] if not digits else []


def find_part(c: RHCombatant, text: str, *, limbs_only: bool = True) -> str:
    """A body part of ``c`` by key ("mano2"), by kind when only one part has it
    ("pies", "cabeza"), English names included ("hand2", "feet")."""
    parts: list[Part] = c.limbs if limbs_only else c.parts
    keys: list[str] = []
    for reading in readings(text):  # as typed, then without quotes and "." after it
        if keys := _part_keys(parts, reading):
            break
    if len(keys) == 1:
        return keys[0]
    if keys:
        raise RuleError(
            "ritualhex.error.which_limb",
            name=c.name,
            limb=as_written(text),
            expected=limb_terms(c, keys),
        )
    raise RuleError(
        "ritualhex.error.unknown_limb",
        name=c.name,
        limb=as_written(text),
        expected=limb_terms(c, [p.key for p in parts]) or "—",
    )


def _names(state: RitualHexState, ids: list[str]) -> str:
    people = state.by_id()
    return ", ".join(c.name for cid in ids if (c := people.get(cid)) is not None) or "—"


def acting(state: RitualHexState, actor: Actor, name: str | None) -> RHCombatant:
    """Who acts: the one named; else the caller's combatant holding the opportunity
    (the GM: a minion, or a hero nobody else controls); else (a player) their only
    combatant, so the rules can say whose opportunity it is."""
    if state.chain:  # RH-8: the chain is answered first; nobody holds an opportunity
        raise RuleError("ritualhex.error.chain_open")
    holders = [c for cid in state.acting if (c := state.peek(cid)) is not None]
    if not holders and state.phase != "round":
        raise RuleError("ritualhex.error.no_round")
    turn = holders
    if actor.is_gm and not name:
        turn = [c for c in holders if c.controller_id in (None, actor.user_id)]
        if not turn and holders:
            raise RuleError("ritualhex.error.gm_name_the_hero", acting=_names(state, state.acting))
    try:
        return pick_actor(state.combatants, actor, name, turn=turn)
    except RuleError as exc:
        if exc.key != "names.which_actor":
            raise
    raise RuleError(
        "ritualhex.error.which_actor",
        acting=_names(state, state.acting),
        example=(turn or holders)[0].name if turn or holders else "—",
    )


def reactor(
    state: RitualHexState, actor: Actor, name: str | None, reaction: str | None = None
) -> RHCombatant:
    """Who answers the open link: the one named; else the caller's combatant first in
    the reaction order (the GM: the first of the minions and the heroes nobody else
    controls; a player's hero only named, as :func:`acting`, issue 17). With ``reaction`` (``/react
    with``), the first of those that has it: the GM's "Bloqueo" is the Goblin's, not the
    player's hero that decides before it (the rules then say the Goblin must wait for
    that hero, RH-8)."""
    if name:
        return find_combatant(state, name)
    if not state.awaiting:
        raise RuleError("ritualhex.error.no_chain")
    head = next_reactors(state)
    ordered = head + [cid for cid in state.awaiting if cid not in head]
    people = state.by_id()
    mine = [
        c
        for cid in ordered
        if (c := people.get(cid)) is not None and c.controlled_by(actor.user_id, is_gm=actor.is_gm)
    ]
    if not mine:
        raise RuleError("ritualhex.error.none_of_yours", names=_names(state, ordered))
    if actor.is_gm:  # issue 17: a player's hero answers only when the GM names it
        mine = [c for c in mine if c.controller_id in (None, actor.user_id)]
        if not mine:
            raise RuleError("ritualhex.error.gm_name_the_reactor", names=_names(state, ordered))
    if reaction is not None:
        having = (c for c in mine if called((a for a, _ in rh.available_actions(c)), reaction))
        return next(having, mine[0])
    return mine[0]


# -- the buttons under every result ------------------------------------------------------


def reaction_label(c: RHCombatant | None, reaction: str) -> dict[str, object]:
    """A reaction's name on its button: a shipped one in the reader's language."""
    found = next((a for a, _ in rh.available_actions(c) if a.name == reaction), None) if c else None
    return action_term(found) if found is not None else as_written(reaction)


def offers(state: RitualHexState) -> list[Offer]:
    """The rules' offers (``offers_for``) as buttons with names: one per usable
    reaction of the reactors who answer now, then pass-all, ending a Multi-ataque, and
    each waiting combatant's pass (the first 25 are shown). One button per action:
    pass-all only while several may react (with one, it is that one's pass), and only
    here, under the result (the board has none)."""
    head = set(next_reactors(state))
    first: list[Offer] = []
    rest: list[Offer] = []
    people = state.by_id()  # read only: looking a name up must not copy the combatant
    for offer in rh.offers_for(state):
        c = people.get(offer.combatant_id or "")
        name = c.name if c else ""
        if offer.action == "rh_react":
            first += [
                offer.model_copy(
                    update={
                        "label_key": "ritualhex.offer.named.react",
                        "data": {"name": name, "reaction": reaction},
                        "label": {"reaction": reaction_label(c, reaction)},
                    }
                )
                for reaction in offer.data.get("reactions", [])
            ]
        elif offer.action == "rh_pass":
            moved = offer.model_copy(
                update={"label_key": "ritualhex.offer.named.pass", "data": {"name": name}}
            )
            (first if offer.combatant_id in head else rest).append(moved)
        elif offer.action == "rh_pass_all":
            if len(state.awaiting) > 1:
                first.append(offer)
        elif offer.action == "rh_end_opportunity":
            first.append(
                offer.model_copy(
                    update={"label_key": "ritualhex.offer.named.end", "data": {"name": name}}
                )
            )
        else:
            first.append(offer)
    return first + rest


def with_offers(rules: Rules) -> Rules:
    """Run ``rules`` and attach the current offers (kept valid after any action)."""

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        outcome = rules(state, actor, dice)
        return outcome.model_copy(update={"offers": offers(outcome.state)})

    return run
