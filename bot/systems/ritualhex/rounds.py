"""The Ritual Hex round: AP levels, the needle, opportunities, paying AP, waiting and
preparation points (seed 002 'Rondas de combate', 'Esperar', 'Preparar'; RH-5..RH-7).

Helpers here work on a state the caller already copied; the public functions
(:func:`add_combatant`, :func:`start_round`, :func:`wait`, :func:`prepare`) copy it.
"""

from __future__ import annotations

from bot.i18n import term
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import LIST_MAX, NAME_MAX, count, present, require, require_room
from bot.systems.common import raw_items
from bot.systems.plain_names import admit_name
from bot.systems.plugin import Turn
from bot.systems.ritualhex.actions import (
    action_term,
    called,
    library_action,
    named,
    parse_action,
)
from bot.systems.ritualhex.bounds import action_problems, require_sheet
from bot.systems.ritualhex.references import clear_references
from bot.systems.ritualhex.state import AP_CAP, RHCombatant, RitualHexState
from bot.systems.ritualhex.words import as_written


def priority(c: RHCombatant) -> tuple[int, int, int, int]:
    """RH-6: higher AP level, then more preparation points, then higher AP attribute,
    then heroes before minions (sort ascending on this key)."""
    return (-c.ap_level, -c.prep, -c.stat("ap"), 0 if c.side == "hero" else 1)


def in_order(combatants: list[RHCombatant]) -> list[RHCombatant]:
    """RH-6 order; the list order (order of joining) breaks nothing: full ties are the
    controllers' choice, see :func:`head_group`."""
    return sorted(combatants, key=priority)


def head_group(combatants: list[RHCombatant]) -> list[RHCombatant]:
    """The combatants tied with the first in RH-6 order: when several heroes (or several
    minions) tie on every criterion, their controllers (or the Dark Lord) choose which
    goes first, so any of them may."""
    ordered = in_order(combatants)
    if not ordered:
        return []
    first = priority(ordered[0])
    return [c for c in ordered if priority(c) == first]


def active(state: RitualHexState) -> list[RHCombatant]:
    """The active combatants, to read only: not copied (a copy-on-write state would
    otherwise copy every combatant just to look at them)."""
    return [c for c in raw_items(state.combatants) if c.active]


def opportunity(state: RitualHexState) -> list[str]:
    """Who may act now (RH-5, RH-6): the head of the RH-6 order among the combatants whose
    AP level is above the needle; empty during a chain or outside a round."""
    if state.phase != "round" or state.chain:
        return []
    if state.multi_attack is not None:
        return list(state.acting)
    return [c.id for c in head_group([c for c in active(state) if c.ap_level > state.needle])]


def get_combatant(state: RitualHexState, cid: str) -> RHCombatant:
    c = state.get(cid)
    if c is None:
        raise RuleError("ritualhex.error.unknown_combatant", id=cid)
    return c


def check_control(actor: Actor, c: RHCombatant) -> None:
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):
        raise RuleError("ritualhex.error.not_your_combatant", name=c.name, gender=c.gender)


def lower_ap(c: RHCombatant, amount: int, *, removes_waiting: bool = True) -> int:
    """Lower the AP level by up to ``amount``; returns how much it went down. RH-7: each
    AP the level goes down removes one waiting point from the body card and from each
    limb (not for 'Prepare')."""
    lowered = max(0, min(amount, c.ap_level))
    c.ap_level -= lowered
    if removes_waiting and lowered:
        c.waiting = max(0, c.waiting - lowered)
        for limb in c.limbs:
            limb.waiting = max(0, limb.waiting - lowered)
    return lowered


def pay_ap(c: RHCombatant, cost: int, *, removes_waiting: bool = True) -> int:
    """RH-7: pay ``cost`` AP. What the level cannot cover becomes waiting points on the
    body card (after the waiting points of the AP actually paid were removed). Returns
    the overflow."""
    paid = lower_ap(c, cost, removes_waiting=removes_waiting)
    overflow = cost - paid
    c.waiting += overflow
    return overflow


def combat_over(state: RitualHexState) -> bool:
    """RH-5: combat lasts while two active enemies remain (a hero and a minion)."""
    sides = {c.side for c in active(state)}
    return not {"hero", "minion"} <= sides


def begin_round(state: RitualHexState, events: list[Event]) -> None:
    """RH-5: AP level = AP - waiting points left on the body card, capped at 15; the
    needle goes back to 15. Reading: the body card's waiting points are spent by that
    subtraction (they do not stay to be removed again); limb waiting points stay."""
    state.round += 1
    state.needle = AP_CAP
    for c in state.combatants:
        c.prep = 0
        if not c.active:
            c.ap_level = 0
            continue
        c.ap_level = max(0, min(AP_CAP, c.stat("ap") - c.waiting))
        c.waiting = 0
    events.append(
        Event(
            key="ritualhex.round_started",
            params={
                "round": state.round,
                # phrases, so a hidden minion's level can be masked (issue 27)
                "levels": [
                    term("ritualhex.level_of", name=c.name, ap_level=c.ap_level)
                    for c in in_order(active(state))
                ],
            },
        )
    )


def end_round(state: RitualHexState, events: list[Event]) -> None:
    """RH-5: when every AP level is 0 the round ends; unspent preparation is lost."""
    for c in state.combatants:
        c.prep = 0
    events.append(Event(key="ritualhex.round_ended", params={"round": state.round}))


MAX_STEPS = 1000


def advance(state: RitualHexState, events: list[Event]) -> None:
    """After an opportunity (and its chain) ends: RH-5. If nobody's AP level is above the
    needle, the needle falls by 1, one step at a time (an event each), until someone
    is; when every AP level is 0 the round ends and the next begins. Ends the combat
    when no two active enemies remain."""
    state.multi_attack = None
    state.acting = []
    if state.phase != "round" or state.chain:
        return
    for _ in range(MAX_STEPS):
        if combat_over(state):
            state.phase = "over"
            winners = {c.side for c in active(state)}
            key = (
                "ritualhex.combat_over_heroes"
                if winners == {"hero"}
                else "ritualhex.combat_over_minions"
                if winners == {"minion"}
                else "ritualhex.combat_over_none"
            )
            events.append(Event(key=key, params={"round": state.round}))
            return
        alive = active(state)
        above = [c for c in alive if c.ap_level > state.needle]
        if above:
            group = head_group(above)
            state.acting = [c.id for c in group]
            events.append(
                Event(
                    key="ritualhex.opportunity",
                    params={
                        "names": ", ".join(c.name for c in group),
                        "needle": state.needle,
                        "ap_level": group[0].ap_level,
                    },
                )
            )
            return
        if all(c.ap_level <= 0 for c in alive):
            end_round(state, events)
            begin_round(state, events)
            continue
        state.needle -= 1
        events.append(Event(key="ritualhex.needle_fell", params={"needle": state.needle}))


def opportunity_actor(
    state: RitualHexState,
    actor: Actor,
    actor_id: str,
    *,
    follow_up: bool = False,
    may_wait: bool = False,
) -> RHCombatant:
    """Who acts at its opportunity (seed 'Acciones'; RH-5, RH-7, RH-10): in a round
    with no chain open, a combatant ``actor`` controls whose opportunity it is; during
    a Multi-ataque offer only for the follow-up (``follow_up``); with waiting points on
    its body card only to 'Wait' (``may_wait``)."""
    if state.phase != "round":
        raise RuleError("ritualhex.error.no_round")
    if state.chain:
        raise RuleError("ritualhex.error.chain_open")
    c = get_combatant(state, actor_id)
    check_control(actor, c)
    if not follow_up and state.multi_attack is not None:
        raise RuleError("ritualhex.error.follow_up_attack_only", name=c.name, gender=c.gender)
    if actor_id not in state.acting:
        names = ", ".join(x.name for x in state.combatants if x.id in state.acting)
        raise RuleError("ritualhex.error.not_your_opportunity", name=c.name, acting=names)
    if not may_wait and c.waiting > 0:
        raise RuleError(
            "ritualhex.error.body_waiting", name=c.name, gender=c.gender, waiting=c.waiting
        )
    return c


def add_combatant(
    state: RitualHexState,
    actor: Actor,
    combatant: RHCombatant,
    *,
    controller_id: int | None = None,
) -> Outcome:
    """Add a parsed sheet. The GM adds anyone; a player may add a hero for themself.
    Someone added during a round gets AP level 0 and acts from the next round (RH-5)."""
    state = state.model_copy(deep=True)
    if not actor.is_gm and not (combatant.side == "hero" and controller_id == actor.user_id):
        raise RuleError("ritualhex.error.gm_only")
    if any(c.name.casefold() == combatant.name.casefold() for c in raw_items(state.combatants)):
        raise RuleError("ritualhex.error.duplicate_name", name=combatant.name)
    require_sheet(combatant)  # issue 21: a sheet saved before the bounds
    require_room(len(state.combatants), 1)
    taken = [c.name for c in raw_items(state.combatants)]
    new = combatant.model_copy(deep=True)
    new.name = admit_name(combatant.name, taken, limit=NAME_MAX)
    new.id = state.new_id()
    new.controller_id = controller_id
    new.is_pc = new.side == "hero"
    new.ap_level = 0
    state.combatants.append(new)
    events = [
        Event(
            key="ritualhex.added_hero" if new.side == "hero" else "ritualhex.added_minion",
            params={"name": new.name, "ap": new.stat("ap"), "hp": new.stat("hp")},
        )
    ]
    return Outcome(
        state=state, events=events, summary=Event(key="log.add", params={"name": new.name})
    )


def start_round(state: RitualHexState, actor: Actor) -> Outcome:
    """Start the combat (GM): round 1 begins and the needle falls to the first
    opportunity (RH-5)."""
    state = state.model_copy(deep=True)
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    if state.phase == "round":
        raise RuleError("ritualhex.error.round_running")
    if combat_over(state):
        raise RuleError("ritualhex.error.need_two_sides")
    state.phase = "round"
    events: list[Event] = []
    begin_round(state, events)
    advance(state, events)
    return Outcome(state=state, events=events, summary=Event(key="log.ritualhex.round"))


def wait(state: RitualHexState, actor: Actor, *, actor_id: str) -> Outcome:
    """'Esperar' (RH-7): 1 AP, no effect; the only action while the body card has waiting
    points. Like any action, it loses unspent preparation points. No chain is opened
    (there is nothing to react to)."""
    state = state.model_copy(deep=True)
    c = opportunity_actor(state, actor, actor_id, may_wait=True)
    pay_ap(c, 1)
    c.prep = 0
    events = [
        Event(
            key="ritualhex.waited",
            params={"name": c.name, "ap_level": c.ap_level, "waiting": c.waiting},
        )
    ]
    advance(state, events)
    return Outcome(
        state=state, events=events, summary=Event(key="log.ritualhex.wait", params={"name": c.name})
    )


def prepare(state: RitualHexState, actor: Actor, *, actor_id: str) -> Outcome:
    """'Preparar' (RH-7): only without waiting points on the body card; 1 AP, +1
    preparation point; paying it removes no waiting points. No chain is opened."""
    state = state.model_copy(deep=True)
    c = opportunity_actor(state, actor, actor_id)
    pay_ap(c, 1, removes_waiting=False)
    c.prep += 1
    events = [
        Event(
            key="ritualhex.prepared",
            params={"name": c.name, "ap_level": c.ap_level, "prep": c.prep},
        )
    ]
    advance(state, events)
    return Outcome(
        state=state,
        events=events,
        summary=Event(key="log.ritualhex.prepare", params={"name": c.name}),
    )


def define_action(state: RitualHexState, actor: Actor, text: str) -> Outcome:
    """The GM defines (or redefines, by name) an action or reaction for this encounter
    in the format of :mod:`bot.systems.ritualhex.actions` (RH-11). Sheets and
    :func:`grant_action` can then name it."""
    state = state.model_copy(deep=True)
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    action = parse_action(text)
    require(action_problems(action, "action"))  # issue 21: name, cost, check, amounts
    state.library = [a for a in state.library if not named(a, action.name)]
    state.library.append(action)
    require(present(count("library", state.library, LIST_MAX, "bounds.field.ritualhex.actions")))
    events = [
        Event(
            key="ritualhex.action_defined",
            params={"action": action_term(action), "cost": action.cost},
        )
    ]
    return Outcome(
        state=state,
        events=events,
        summary=Event(key="log.ritualhex.define", params={"action": action_term(action)}),
    )


def grant_action(state: RitualHexState, actor: Actor, *, combatant_id: str, action: str) -> Outcome:
    """The GM gives a combatant an action from the encounter's library or a shipped one
    (Bloqueo, Proteger, Parálisis) (RH-11)."""
    state = state.model_copy(deep=True)
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    c = get_combatant(state, combatant_id)
    found = called(state.library, action)
    found = found or library_action(action)
    if found is None:
        raise RuleError("ritualhex.error.unknown_library_action", action=as_written(action))
    c.actions = [a for a in c.actions if not named(a, found.name)] + [found]
    require(present(count("actions", c.actions, LIST_MAX, "bounds.field.ritualhex.actions")))
    granted = {"name": c.name, "action": action_term(found)}
    events = [Event(key="ritualhex.action_granted", params=granted)]
    return Outcome(
        state=state,
        events=events,
        summary=Event(key="log.ritualhex.grant", params=granted),
    )


def remove_combatant(state: RitualHexState, actor: Actor, *, combatant_id: str) -> Outcome:
    """The GM removes a combatant (not while a chain is open). Its equipment goes with it.
    During a round the opportunity is recomputed (RH-5, RH-6)."""
    state = state.model_copy(deep=True)
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    if state.chain:
        raise RuleError("ritualhex.error.chain_open")
    c = get_combatant(state, combatant_id)
    state.combatants = [x for x in state.combatants if x.id != c.id]
    events = [Event(key="ritualhex.removed", params={"name": c.name})]
    recount = state.multi_attack is None or state.multi_attack.actor == c.id
    clear_references(state, c.id)  # issue 21: acting, awaiting, its Multi-ataque
    if state.phase == "round" and recount:
        advance(state, events)
    return Outcome(
        state=state, events=events, summary=Event(key="log.remove", params={"name": c.name})
    )


def whose_turn(state: RitualHexState) -> Turn | None:
    """Issue 18 (turn pings): who may act at this opportunity (RH-5, RH-6). Who comes
    next depends on the AP each one spends, so nobody is on deck."""
    if state.phase != "round" or not state.acting:
        return None
    left = state.multi_attack.left if state.multi_attack is not None else None
    return Turn(now=tuple(state.acting), mark=(state.round, state.needle, *state.acting, left))
