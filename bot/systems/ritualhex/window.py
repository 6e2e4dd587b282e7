"""The Ritual Hex reaction window (seed 002 'Acciones (y reacciones)'; RH-6, RH-8, RH-10,
RH-11): who may react to the top link and in what order, which reactions fit it, the
chain settling link by link when nobody is left to react, and the buttons for what can
be answered now. Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Event, Offer, RuleError
from bot.systems.common import raw_items
from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.available import available_actions, choose_limbs
from bot.systems.ritualhex.resolution import name_of, resolve_top
from bot.systems.ritualhex.rounds import (
    advance,
    in_order,
    priority,
)
from bot.systems.ritualhex.state import (
    ActionDef,
    ChainLink,
    RHCombatant,
    RitualHexState,
)


def eligible(state: RitualHexState) -> list[RHCombatant]:
    """RH-8: who may still react to the top link now, in RH-6 order: active, not in the
    chain, not having reacted to this link nor passed in this window, no waiting points on
    the body card, and AP level + preparation points strictly above the link author's
    current AP level. One pass and one sort, O(n log n); the combatants are read, not
    copied (read only)."""
    if not state.chain:
        return []
    link = state.chain[-1]
    author = state.peek(link.author)
    if author is None or not author.active:
        return []
    level = author.ap_level
    excluded = {lk.author for lk in state.chain} | set(link.reacted) | set(link.passed)
    out = [
        c
        for c in raw_items(state.combatants)
        if c.active and c.waiting == 0 and c.ap_level + c.prep > level and c.id not in excluded
    ]
    return in_order(out)


def next_reactors(state: RitualHexState) -> list[str]:
    """Who answers now: the head of ``awaiting`` (several when tied on all of RH-6; their
    controllers choose)."""
    lookup = state.by_id()
    group: list[str] = []
    first: tuple[int, int, int, int] | None = None
    for cid in state.awaiting:
        c = lookup.get(cid)
        if c is None:
            continue
        if first is None:
            first = priority(c)
        if priority(c) != first:
            break
        group.append(cid)
    return group


def reaction_fits(
    state: RitualHexState, c: RHCombatant, action: ActionDef, link: ChainLink, target: str | None
) -> str | None:
    """RH-8/RH-11: the reaction answers this kind of action and its trigger holds.
    Returns the protected ally for ``retarget`` reactions."""
    if not action.is_reaction:
        raise RuleError("ritualhex.error.not_a_reaction", action=action_term(action))
    if link.action.kind not in (action.reacts_to or []):
        raise RuleError(
            "ritualhex.error.reaction_kind",
            reaction=action_term(action),
            action=action_term(link.action),
        )
    if action.trigger == "self" and c.id not in link.targets:
        raise RuleError(
            "ritualhex.error.trigger_self",
            reaction=action_term(action),
            name=c.name,
            gender=c.gender,
        )
    if action.trigger == "ally":
        allies = [
            t
            for t in link.targets
            if t != c.id and (x := state.peek(t)) is not None and x.side == c.side
        ]
        if target is not None:
            if target not in allies:
                raise RuleError(
                    "ritualhex.error.trigger_ally",
                    reaction=action_term(action),
                    name=c.name,
                    gender=c.gender,
                )
            return target
        if not allies:
            raise RuleError(
                "ritualhex.error.trigger_ally",
                reaction=action_term(action),
                name=c.name,
                gender=c.gender,
            )
        return allies[0]
    return None


def usable_reactions(state: RitualHexState, reactor_id: str) -> list[str]:
    """Names of the reactions this combatant could use against the top link now (for
    autocomplete and offers). Reads only."""
    c = state.peek(reactor_id)
    if c is None or not state.chain:
        return []
    out: list[str] = []
    for action, item in available_actions(c):
        if not action.is_reaction:
            continue
        try:
            reaction_fits(state, c, action, state.chain[-1], None)
            choose_limbs(c, action, item)
        except RuleError:
            continue
        out.append(action.name)
    return out


def settle(state: RitualHexState, dice: DiceSource, events: list[Event]) -> None:
    """Open the window on the top link; while nobody may react, resolve it and go down
    the chain (RH-8). When the chain is empty the opportunity ends (a Multi-ataque
    follow-up may still be taken, RH-10) and the needle moves on (RH-5)."""
    while state.chain:
        waiting = eligible(state)
        if waiting:
            state.awaiting = [c.id for c in waiting]
            link = state.chain[-1]
            events.append(
                Event(
                    key="ritualhex.may_react",
                    params={
                        "names": ", ".join(c.name for c in waiting),
                        "author": name_of(state, link.author),
                        "action": action_term(link.action),
                    },
                )
            )
            return
        resolve_top(state, dice, events)
    state.awaiting = []
    ma = state.multi_attack
    if ma is not None and ma.left > 0 and state.phase == "round":
        c = state.get(ma.actor)
        if (
            c is not None
            and c.active
            and any(x.active and x.side != c.side for x in raw_items(state.combatants))
        ):
            state.acting = [c.id]
            events.append(
                Event(
                    key="ritualhex.multi_attack_offer",
                    params={
                        "name": c.name,
                        "gender": c.gender,
                        "left": ma.left,
                        "difficulty": ma.made,
                    },
                )
            )
            return
    advance(state, events)


def offers_for(state: RitualHexState) -> list[Offer]:
    """Buttons for what can be answered now: react (with the usable reactions) and pass
    for each combatant waiting in the chain's window, pass-all for the GM, and ending a
    Multi-ataque (RH-8, RH-10). ``user_id`` is the controller (None: the GM)."""
    offers: list[Offer] = []
    lookup = state.by_id()
    head = set(next_reactors(state)) if state.awaiting else set()
    for cid in state.awaiting:
        c = lookup.get(cid)
        if c is None:
            continue
        usable = usable_reactions(state, cid) if cid in head else []
        if usable:
            offers.append(
                Offer.to_player_of(
                    c, "rh_react", "ritualhex.offer.react", data={"reactions": usable}
                )
            )
        offers.append(Offer.to_player_of(c, "rh_pass", "ritualhex.offer.pass"))
    if state.awaiting:
        offers.append(Offer(action="rh_pass_all", label_key="ritualhex.offer.pass_all"))
    ma = state.multi_attack
    if ma is not None and not state.chain:
        c = state.peek(ma.actor)
        offers.append(
            Offer(
                action="rh_end_opportunity",
                label_key="ritualhex.offer.end_opportunity",
                user_id=c.controller_id if c else None,
                combatant_id=ma.actor,
            )
        )
    return offers
