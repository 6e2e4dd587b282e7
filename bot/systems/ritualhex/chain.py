"""Declaring actions and the reaction chain (seed 002 'Acciones (y reacciones)',
'Chequeos', 'Puntos de daño'; RH-2, RH-4, RH-7, RH-8, RH-10, RH-11): declaring,
reacting, passing and ending a Multi-ataque, the entry points. Pure. What a combatant
can do and with which limbs: :mod:`.available`; who may react and the chain settling:
:mod:`.window`; a link resolving: :mod:`.resolution`.

Flow: :func:`declare` pays the cost and opens a chain with the action on it. The
combatants who may react (RH-8) are listed in ``state.awaiting`` in RH-6 order; the
head of that list (several when fully tied) answers with :func:`react` (a new link on
top of the chain, with its own window) or :func:`pass_reaction` (the GM may pass for
anyone; :func:`pass_all` passes everyone waiting). When nobody is left to react to the
top link, it resolves (checks and effects roll now) and leaves the chain; before the
link below resolves, the window on it opens again with the eligibility recomputed: its
author's AP level at that moment, nobody still in the chain, nobody who already
reacted to that link. That is exactly the seed's example: the Thrall is asked again
about the block before it resolves, and the Goblin, out of the chain once its block
resolved, may react to the Thrall's Protect.

Readings (not settled by the seed or RULES-NOTES):
- Eligibility always compares AP level + preparation points with the author's AP
  level (the seed says "AP level" for reactions to reactions, but preparation points
  "are added to the AP level when reacting").
- A combatant with waiting points on its body card is not eligible (RH-7: it can only
  'Wait').
- Lowering a reactor's AP level to needle - 1 (RH-8) counts as AP paid for removing
  waiting points (RH-7: every AP the level goes down).
- Proteger moves the attack to the protector: a called shot on the ally's limb no
  longer applies (no limb, no +2 difficulty).
- "Each reaction limits ... to how many of its targets" it applies: a cancelling
  reaction that needs its author to be a target (Bloqueo) spares only that author when
  the answered action has several targets; otherwise the whole action fails.
- Wait, Prepare and the equipment actions open no chain (nothing to react to).
- Eligible combatants are asked even when none of their reactions fits (the seed's
  example asks the Thrall about the block); the GM may pass for anyone, or for all
  (:func:`pass_all`); :func:`~.window.usable_reactions` and :func:`~.window.offers_for` say who has
  something to play.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.available import find_action, pick_action
from bot.systems.ritualhex.resolution import name_of
from bot.systems.ritualhex.rounds import (
    advance,
    check_control,
    get_combatant,
    lower_ap,
    opportunity_actor,
    pay_ap,
)
from bot.systems.ritualhex.state import (
    MULTI_ATTACK,
    ActionDef,
    ChainLink,
    MultiAttack,
    RHCombatant,
    RitualHexState,
)
from bot.systems.ritualhex.weapons import action_phrase
from bot.systems.ritualhex.window import next_reactors, offers_for, reaction_fits, settle
from bot.systems.ritualhex.words import as_written, limb_term, limb_terms


def _targets(
    state: RitualHexState, c: RHCombatant, action: ActionDef, targets: list[str]
) -> list[str]:
    if action.self_target:
        return [c.id]
    if action.targets == 0:
        if targets:
            raise RuleError("ritualhex.error.no_targets_allowed", action=action_term(action))
        return []
    if not 1 <= len(targets) <= action.targets or len(set(targets)) != len(targets):
        raise RuleError(
            "ritualhex.error.target_count", action=action_term(action), count=action.targets
        )
    for t in targets:
        target = get_combatant(state, t)
        if not target.active:
            raise RuleError(
                "ritualhex.error.target_inactive", name=target.name, gender=target.gender
            )
    return list(targets)


def declare(
    state: RitualHexState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    action: str,
    targets: list[str] | None = None,
    limb: str | None = None,
    using: list[str] | None = None,
) -> Outcome:
    """Take an action at one's opportunity (seed 'Acciones'): pay its cost (RH-7), choose
    the target(s) and optionally a limb of a single target (called shot: +1 AP, +2
    difficulty, RH-4), then open the chain (RH-8). ``using`` picks the actor's limbs.
    Refused while the body card has waiting points (only 'Wait', RH-7). During a
    Multi-ataque offer (RH-10), this is the follow-up attack."""
    state = state.model_copy(deep=True)
    c = opportunity_actor(state, actor, actor_id, follow_up=True)
    act, _ = find_action(c, action)
    if act.is_reaction:
        raise RuleError("ritualhex.error.reaction_only", action=action_term(act))
    follow_up = state.multi_attack
    if follow_up is not None and act.kind != "attack":
        raise RuleError("ritualhex.error.follow_up_attack_only", name=c.name, gender=c.gender)
    aimed = _targets(state, c, act, targets or [])
    if limb is not None:
        _check_called_shot(state, act, aimed, limb)
    act, item, used = pick_action(c, action, using, follow_up.limbs_used if follow_up else None)
    if follow_up is not None and not used:
        raise RuleError("ritualhex.error.follow_up_needs_limb", name=c.name)
    cost = act.cost + (1 if limb else 0)
    overflow = pay_ap(c, cost)
    c.prep = 0  # seed 'Puntos de preparación': lost after any action
    extra = _multi_attack(state, c, act, follow_up, used, cost)
    state.acting = []
    link = ChainLink(
        author=c.id,
        action=act,
        source_item=item.name if item else None,
        targets=aimed,
        limb=limb,
        using=used,
        extra_difficulty=extra,
    )
    state.chain.append(link)
    events = [
        Event(
            key="ritualhex.declared_limb"
            if limb
            else "ritualhex.declared"
            if aimed
            else "ritualhex.declared_no_target",
            params={
                "name": c.name,
                "action": action_phrase(act, item),  # an attack with its damage (SW-44's care)
                "targets": ", ".join(name_of(state, t) for t in aimed),
                "limb": limb_term(get_combatant(state, aimed[0]), limb) if limb else "",
                "cost": cost,
                "ap_level": c.ap_level,
                "waiting": overflow,
            },
        )
    ]
    return _settled(state, dice, events, "log.ritualhex.action", c, act)


def _settled(
    state: RitualHexState,
    dice: DiceSource,
    events: list[Event],
    log_key: str,
    c: RHCombatant,
    act: ActionDef,
) -> Outcome:
    """A new link is on the chain: the window opens on it, or it settles (RH-8)."""
    settle(state, dice, events)
    return Outcome(
        state=state,
        events=events,
        offers=offers_for(state),
        summary=Event(key=log_key, params={"name": c.name, "action": action_term(act)}),
    )


def _check_called_shot(state: RitualHexState, act: ActionDef, aimed: list[str], limb: str) -> None:
    """RH-4: a called shot aims at a limb of a single target."""
    if len(aimed) != 1:
        raise RuleError("ritualhex.error.called_shot_one_target", action=action_term(act))
    target = get_combatant(state, aimed[0])
    part = target.part(limb)
    if part is None or not part.limb:
        known = limb_terms(target, [p.key for p in target.limbs])
        raise RuleError(
            "ritualhex.error.no_such_limb",
            name=target.name,
            limb=as_written(limb),
            expected=known,
        )


def _multi_attack(
    state: RitualHexState,
    c: RHCombatant,
    act: ActionDef,
    follow_up: MultiAttack | None,
    used: list[str],
    cost: int,
) -> int:
    """RH-10: a Multi-ataque follow-up counts down, or a hero's attack opens one; the
    difficulty the follow-up adds (the attacks already made)."""
    if follow_up is not None:
        # RH-10 reading: the follow-up's limb takes waiting points equal to the cost,
        # and its difficulty rises by the attacks already made.
        extra = follow_up.made
        for key in used:
            part = c.part(key)
            if part is not None:
                part.waiting += cost
        follow_up.left -= 1
        follow_up.made += 1
        follow_up.limbs_used += used
        return extra
    if act.kind == "attack" and c.side == "hero" and c.advantages.get(MULTI_ATTACK, 0) > 0:
        state.multi_attack = MultiAttack(
            actor=c.id, left=c.advantages[MULTI_ATTACK], made=1, limbs_used=list(used)
        )
    else:
        state.multi_attack = None
    return 0


def react(
    state: RitualHexState,
    actor: Actor,
    dice: DiceSource,
    *,
    reactor_id: str,
    reaction: str,
    target: str | None = None,
    using: list[str] | None = None,
) -> Outcome:
    """React to the top link of the chain (RH-8): only the head of ``awaiting`` may; the
    reaction must answer that kind of action and its trigger must hold (RH-11).
    Preparation points pay the cost first, the rest comes off the AP level (RH-7); an
    AP level still at or above the needle drops to needle - 1; unspent preparation is
    lost. ``target`` picks the ally a ``retarget`` reaction protects."""
    state = state.model_copy(deep=True)
    if not state.chain:
        raise RuleError("ritualhex.error.no_chain")
    c = get_combatant(state, reactor_id)
    check_control(actor, c)
    if reactor_id not in state.awaiting:
        raise RuleError("ritualhex.error.not_eligible", name=c.name)
    head = next_reactors(state)
    if reactor_id not in head:
        raise RuleError(
            "ritualhex.error.not_your_reaction_turn",
            name=c.name,
            first=", ".join(name_of(state, x) for x in head),
        )
    act, item, used = pick_action(c, reaction, using)
    link_index = len(state.chain) - 1
    link = state.chain[link_index]
    protected = reaction_fits(state, c, act, link, target)
    from_prep = min(c.prep, act.cost)
    overflow = pay_ap(c, act.cost - from_prep)
    c.prep = 0
    if c.ap_level >= state.needle:
        lower_ap(c, c.ap_level - max(state.needle - 1, 0))
    link.reacted.append(c.id)
    state.chain.append(
        ChainLink(
            author=c.id,
            action=act,
            source_item=item.name if item else None,
            targets=[link.author],
            using=used,
            answers=link_index,
            protected=protected,
        )
    )
    events = [
        Event(
            key="ritualhex.reacted",
            params={
                "name": c.name,
                "reaction": action_term(act),
                "author": name_of(state, link.author),
                "action": action_term(link.action),
                "cost": act.cost,
                "prep_used": from_prep,
                "ap_level": c.ap_level,
                "waiting": overflow,
            },
        )
    ]
    return _settled(state, dice, events, "log.ritualhex.reaction", c, act)


def pass_reaction(
    state: RitualHexState, actor: Actor, dice: DiceSource, *, reactor_id: str
) -> Outcome:
    """Decline to react to the top link in this window (RH-8). The controller or the GM
    (for anyone) may pass, in any order. When nobody is left, the chain resolves (the
    dice for the checks and effects are rolled here)."""
    state = state.model_copy(deep=True)
    events: list[Event] = []
    name = _pass(state, actor, dice, reactor_id, events)
    return Outcome(
        state=state,
        events=events,
        offers=offers_for(state),
        summary=Event(key="log.ritualhex.pass", params={"name": name}),
    )


def _pass(
    state: RitualHexState, actor: Actor, dice: DiceSource, reactor_id: str, events: list[Event]
) -> str:
    """One pass on a state already copied; returns the passer's name."""
    if not state.chain:
        raise RuleError("ritualhex.error.no_chain")
    c = state.peek(reactor_id)
    if c is None:
        raise RuleError("ritualhex.error.unknown_combatant", id=reactor_id)
    check_control(actor, c)
    if reactor_id not in state.awaiting:
        raise RuleError("ritualhex.error.not_eligible", name=c.name)
    state.chain[-1].passed.append(c.id)
    state.awaiting.remove(c.id)
    events.append(
        Event(
            key="ritualhex.passed",
            params={"name": c.name, "action": action_term(state.chain[-1].action)},
        )
    )
    if not state.awaiting:
        settle(state, dice, events)
    return c.name


def pass_all(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
    """The GM passes for everyone still waiting in the current window (RH-8): the same
    passes, one after another, as :func:`pass_reaction` would make, on one copy of the
    state and with the offers made once at the end (O(n) passes, not O(n) copies and
    offer lists)."""
    if not actor.is_gm:
        raise RuleError("ritualhex.error.gm_only")
    if not state.chain:
        raise RuleError("ritualhex.error.no_chain")
    state = state.model_copy(deep=True)
    events: list[Event] = []
    window = len(state.chain)
    while state.chain and len(state.chain) == window and state.awaiting:
        _pass(state, actor, dice, state.awaiting[0], events)
    return Outcome(
        state=state,
        events=events,
        offers=offers_for(state),
        summary=Event(key="log.ritualhex.all_pass"),
    )


def end_opportunity(state: RitualHexState, actor: Actor, *, actor_id: str) -> Outcome:
    """Decline the remaining Multi-ataque follow-ups (RH-10); the needle moves on."""
    state = state.model_copy(deep=True)
    ma = state.multi_attack
    if ma is None or state.chain or ma.actor != actor_id:
        raise RuleError("ritualhex.error.nothing_to_end")
    c = get_combatant(state, actor_id)
    check_control(actor, c)
    events: list[Event] = [
        Event(key="ritualhex.opportunity_ended", params={"name": c.name, "gender": c.gender})
    ]
    advance(state, events)
    return Outcome(
        state=state, events=events, summary=Event(key="log.ritualhex.end", params={"name": c.name})
    )
