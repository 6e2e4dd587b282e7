"""Declaring actions and the reaction chain (seed 002 'Acciones (y reacciones)',
'Chequeos', 'Puntos de daño'; RH-2, RH-4, RH-7, RH-8, RH-10, RH-11).

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
  (:func:`pass_all`); :func:`usable_reactions` and :func:`offers_for` say who has
  something to play.
"""

from __future__ import annotations

from typing import Any

from bot.dice.odds import rh_check_odds
from bot.dice.ritualhex import check as roll_check
from bot.dice.source import DiceSource
from bot.i18n.catalog import term
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.common import raw_items
from bot.systems.ritualhex.actions import BASE_ACTIONS, action_term, named
from bot.systems.ritualhex.effects import apply_damage, apply_heal, apply_waiting
from bot.systems.ritualhex.rounds import (
    advance,
    check_control,
    get_combatant,
    in_order,
    lower_ap,
    pay_ap,
    priority,
)
from bot.systems.ritualhex.state import (
    MULTI_ATTACK,
    ActionDef,
    ChainLink,
    Equipment,
    LimbNeed,
    MultiAttack,
    Part,
    RHCombatant,
    RitualHexState,
)
from bot.systems.ritualhex.weapons import action_phrase
from bot.systems.ritualhex.words import as_written, limb_term, limb_terms, part_term
from bot.systems.words import fold

# -- what a combatant can do -------------------------------------------------------


def available_actions(c: RHCombatant) -> list[tuple[ActionDef, Equipment | None]]:
    """Heroes' base actions (RH-10), the combatant's own actions, then the actions of its
    equipped items (RH-9), with the item they come from."""
    out: list[tuple[ActionDef, Equipment | None]] = []
    if c.side == "hero":
        out += [(a, None) for a in BASE_ACTIONS]
    out += [(a, None) for a in c.actions]
    for item in c.equipment:
        if item.worn_on:
            out += [(a, item) for a in item.actions]
    return out


def find_action(c: RHCombatant, name: str) -> tuple[ActionDef, Equipment | None]:
    """The first action of that name (in either language, case and accents ignored)."""
    for action, item in available_actions(c):
        if named(action, name):
            return action, item
    known = [action_term(a) for a, _ in available_actions(c)]
    raise RuleError(
        "ritualhex.error.unknown_action", name=c.name, action=as_written(name), expected=known
    )


def pick_action(
    c: RHCombatant,
    name: str,
    using: list[str] | None = None,
    exclude: list[str] | None = None,
) -> tuple[ActionDef, Equipment | None, list[str]]:
    """The action of that name with the limbs it will use: when several sources give it
    (two shields), the first that can be used now; otherwise the first one's error."""
    find_action(c, name)  # unknown name -> error listing the known actions
    first_error: RuleError | None = None
    for action, item in available_actions(c):
        if not named(action, name):
            continue
        try:
            return action, item, choose_limbs(c, action, item, using, exclude)
        except RuleError as err:
            first_error = first_error or err
    assert first_error is not None
    raise first_error


def _kind_matches(need: str, kind: str) -> bool:
    n, k = fold(need), fold(kind)
    return n in ("*", k, k + "s", k + "es")


def choose_limbs(
    c: RHCombatant,
    action: ActionDef,
    item: Equipment | None,
    using: list[str] | None = None,
    exclude: list[str] | None = None,
) -> list[str]:
    """The limbs an action uses. Equipment actions use the item's limbs, which must be
    active (RH-9) and not waiting (RH-7). Other actions take, for each need, limbs of
    that kind that are active, not waiting, free or equipped as asked (seed 'Si una
    acción requiere un miembro libre...'); ``using`` picks which. RH-7: with a limb in
    waiting, an action that needs no limb cannot be taken."""
    exclude = exclude or []
    chosen: list[str] = []
    if item is not None:
        if not c.item_works(item):
            raise RuleError("ritualhex.error.item_inactive", name=c.name, item=item.name)
        chosen = [k for k in item.worn_on if (p := c.part(k)) is not None and p.limb]
        for key in chosen:
            part = c.part(key)
            if part is not None and part.waiting > 0:
                raise RuleError("ritualhex.error.limb_waiting", name=c.name, limb=limb_term(c, key))
            if key in exclude:
                raise RuleError(
                    "ritualhex.error.limb_already_used", name=c.name, limb=limb_term(c, key)
                )
    else:
        for need in action.limbs:
            chosen += _limbs_for(c, action, need, chosen, using or [], exclude)
    if using:
        unknown = [k for k in using if k not in chosen]
        if unknown:
            raise RuleError(
                "ritualhex.error.limb_not_usable",
                name=c.name,
                limb=limb_terms(c, unknown),
                action=action_term(action),
            )
    if not chosen and any(p.waiting > 0 for p in c.limbs):
        raise RuleError(
            "ritualhex.error.needs_no_limb_while_waiting", name=c.name, action=action_term(action)
        )
    return chosen


def _limbs_for(
    c: RHCombatant,
    action: ActionDef,
    need: LimbNeed,
    chosen: list[str],
    using: list[str],
    exclude: list[str],
) -> list[str]:
    def fits(p: Part) -> bool:
        if p.key in chosen or p.key in exclude or not _kind_matches(need.kind, p.kind):
            return False
        if not c.part_active(p.key) or p.waiting > 0:
            return False
        holding = c.item_on(p.key) is not None
        return not (need.free and holding) and not (need.equipped and not holding)

    candidates = [p.key for p in c.limbs if fits(p)]
    candidates.sort(key=lambda k: 0 if k in using else 1)
    if len(candidates) < need.count:
        # The message says which kind of limb is missing: a *free* one holds nothing.
        kind = "free" if need.free else "equipped" if need.equipped else "any"
        raise RuleError(
            "ritualhex.error.no_limb",
            name=c.name,
            action=action_term(action),
            limb=part_term(need.kind, need.kind),
            count=need.count,
            kind=term(f"ritualhex.limb_need.{kind}", count=need.count),
        )
    return candidates[: need.count]


# -- who may react -------------------------------------------------------------------


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


def _reaction_fits(
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
        raise RuleError("ritualhex.error.trigger_self", reaction=action_term(action), name=c.name)
    if action.trigger == "ally":
        allies = [
            t
            for t in link.targets
            if t != c.id and (x := state.peek(t)) is not None and x.side == c.side
        ]
        if target is not None:
            if target not in allies:
                raise RuleError(
                    "ritualhex.error.trigger_ally", reaction=action_term(action), name=c.name
                )
            return target
        if not allies:
            raise RuleError(
                "ritualhex.error.trigger_ally", reaction=action_term(action), name=c.name
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
            _reaction_fits(state, c, action, state.chain[-1], None)
            choose_limbs(c, action, item)
        except RuleError:
            continue
        out.append(action.name)
    return out


# -- resolution ------------------------------------------------------------------------


def _check(
    dice: DiceSource,
    author: RHCombatant,
    target: RHCombatant | None,
    link: ChainLink,
    events: list[Event],
) -> bool:
    """RH-2: 3d6 + CO > D + CD; a called shot adds 2 to D (RH-4); a Multi-ataque
    follow-up adds the attacks already made (RH-10 reading). Exact odds in the event."""
    spec = link.action.check
    if spec is None:
        return True
    co = author.stat(spec.co) if spec.co else 0
    cd = target.stat(spec.cd) if spec.cd and target is not None else 0
    difficulty = spec.difficulty + (2 if link.limb else 0) + link.extra_difficulty
    result = roll_check(dice, co, difficulty, cd)
    odds = rh_check_odds(co, difficulty, cd)
    params: dict[str, Any] = {
        "name": author.name,
        "action": action_term(link.action),
        "target": target.name if target else "",
        "co": co,
        "difficulty": difficulty,
        "cd": cd,
        "total": result.total,
        "target_number": result.target,
        "success": result.success,
        "s": result.s,
        "chance": round(odds.p_success * 100, 1),
        "odds": odds.to_view(),
    }
    key = "ritualhex.check_success" if result.success else "ritualhex.check_failure"
    if target is not None and len(link.targets) > 1:
        key += "_on"  # RH-2: each target has its own check; the line says whose it is
    # The result shows where each number comes from: CO and CD by their stat, D with
    # what raised it (a called shot, RH-4; a Multi-ataque follow-up, RH-10).
    sources = {
        "co_stat": spec.co or "",
        "cd_stat": spec.cd or "",
        "difficulty_parts": [
            ["", spec.difficulty],
            ["ritualhex_cog.dice.called", 2 if link.limb else 0],
            ["ritualhex_cog.dice.follow_up", link.extra_difficulty],
        ],
    }
    events.append(Event(key=key, params=params, dice={**result.to_view(), **sources}))
    return result.success


def _apply_effects(
    state: RitualHexState,
    dice: DiceSource,
    link: ChainLink,
    author: RHCombatant,
    target: RHCombatant | None,
    events: list[Event],
) -> None:
    limb = target.part(link.limb) if target is not None and link.limb else None
    for effect in link.action.effects:
        if effect.kind in ("damage", "heal", "waiting") and target is not None:
            assert effect.amount is not None
            if effect.kind == "damage":
                apply_damage(state, target, dice, effect.amount, limb, events, author.name)
            elif effect.kind == "heal":
                if not target.active:
                    events.append(
                        Event(
                            key="ritualhex.target_inactive",
                            params={"name": target.name, "gender": target.gender},
                        )
                    )
                    continue
                apply_heal(target, dice, effect.amount, limb, events)
            else:
                apply_waiting(target, dice, effect.amount, limb, events)
        elif effect.kind == "cancel" and link.answers is not None:
            answered = state.chain[link.answers]
            # Seed: a reaction limits "to how many of its targets" it applies. A reaction
            # that needs its author targeted (Bloqueo) makes the action fail for that
            # author only when the action has several targets; otherwise it all fails.
            if link.action.trigger == "self" and len(answered.targets) > 1:
                answered.spared.append(author.id)
                key = "ritualhex.cancelled_for"
            else:
                answered.cancelled = True
                key = "ritualhex.cancelled"
            events.append(
                Event(
                    key=key,
                    params={
                        "name": author.name,
                        "action": action_term(link.action),
                        "author": _name(state, answered.author),
                        "answered": action_term(answered.action),
                    },
                )
            )
        elif effect.kind == "retarget" and link.answers is not None:
            answered = state.chain[link.answers]
            protected = link.protected
            answered.targets = [t for t in answered.targets if t != protected]
            if author.id not in answered.targets:
                answered.targets.append(author.id)
            answered.limb = None
            events.append(
                Event(
                    key="ritualhex.retargeted",
                    params={
                        "name": author.name,
                        "ally": _name(state, protected or ""),
                        "author": _name(state, answered.author),
                        "answered": action_term(answered.action),
                    },
                )
            )


def _name(state: RitualHexState, cid: str) -> str:
    c = state.get(cid)
    return c.name if c else cid


def _resolve_top(state: RitualHexState, dice: DiceSource, events: list[Event]) -> None:
    """RH-8: the top link resolves and leaves the chain. A cancelled link fails
    automatically (no roll); a link whose author is inactive does nothing. Each target
    gets its own check (RH-2)."""
    link = state.chain[-1]
    author = get_combatant(state, link.author)
    base = {"name": author.name, "action": action_term(link.action)}
    if link.cancelled:
        events.append(Event(key="ritualhex.fails_cancelled", params=base))
    elif not author.active:
        fizzled = {**base, "gender": author.gender}
        events.append(Event(key="ritualhex.fizzles", params=fizzled))
    else:
        events.append(
            Event(
                key="ritualhex.resolves",
                params={**base, "targets": ", ".join(_name(state, t) for t in link.acts_on)},
            )
        )
        if link.answers is not None:
            targets: list[RHCombatant | None] = [state.get(link.targets[0])]
        elif link.targets:
            targets = [state.get(t) for t in link.targets]
        else:
            targets = [None]
        for target in targets:
            if target is not None and not target.active and link.answers is None:
                events.append(
                    Event(
                        key="ritualhex.target_inactive",
                        params={"name": target.name, "gender": target.gender},
                    )
                )
                continue
            if target is not None and target.id in link.spared:
                events.append(Event(key="ritualhex.spared", params={**base, "target": target.name}))
                continue
            if _check(dice, author, target, link, events):
                _apply_effects(state, dice, link, author, target, events)
    state.chain.pop()
    if state.chain:
        state.chain[-1].passed = []  # a new window on the link below (RH-8)


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
                        "author": _name(state, link.author),
                        "action": action_term(link.action),
                    },
                )
            )
            return
        _resolve_top(state, dice, events)
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
                    params={"name": c.name, "left": ma.left, "difficulty": ma.made},
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
                Offer(
                    action="rh_react",
                    label_key="ritualhex.offer.react",
                    user_id=c.controller_id,
                    combatant_id=cid,
                    data={"reactions": usable},
                )
            )
        offers.append(
            Offer(
                action="rh_pass",
                label_key="ritualhex.offer.pass",
                user_id=c.controller_id,
                combatant_id=cid,
            )
        )
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


# -- public rule functions ---------------------------------------------------------------


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
    if state.phase != "round":
        raise RuleError("ritualhex.error.no_round")
    if state.chain:
        raise RuleError("ritualhex.error.chain_open")
    c = get_combatant(state, actor_id)
    check_control(actor, c)
    if actor_id not in state.acting:
        names = ", ".join(x.name for x in state.combatants if x.id in state.acting)
        raise RuleError("ritualhex.error.not_your_opportunity", name=c.name, acting=names)
    if c.waiting > 0:
        raise RuleError("ritualhex.error.body_waiting", name=c.name, waiting=c.waiting)
    act, _ = find_action(c, action)
    if act.is_reaction:
        raise RuleError("ritualhex.error.reaction_only", action=action_term(act))
    follow_up = state.multi_attack
    if follow_up is not None and act.kind != "attack":
        raise RuleError("ritualhex.error.follow_up_attack_only", name=c.name)
    aimed = _targets(state, c, act, targets or [])
    if limb is not None:
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
    act, item, used = pick_action(c, action, using, follow_up.limbs_used if follow_up else None)
    if follow_up is not None and not used:
        raise RuleError("ritualhex.error.follow_up_needs_limb", name=c.name)
    cost = act.cost + (1 if limb else 0)
    overflow = pay_ap(c, cost)
    c.prep = 0  # seed 'Puntos de preparación': lost after any action
    extra = 0
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
    elif act.kind == "attack" and c.side == "hero" and c.advantages.get(MULTI_ATTACK, 0) > 0:
        state.multi_attack = MultiAttack(
            actor=c.id, left=c.advantages[MULTI_ATTACK], made=1, limbs_used=list(used)
        )
    else:
        state.multi_attack = None
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
                "targets": ", ".join(_name(state, t) for t in aimed),
                "limb": limb_term(get_combatant(state, aimed[0]), limb) if limb else "",
                "cost": cost,
                "ap_level": c.ap_level,
                "waiting": overflow,
            },
        )
    ]
    settle(state, dice, events)
    return Outcome(
        state=state,
        events=events,
        offers=offers_for(state),
        summary=Event(
            key="log.ritualhex.action", params={"name": c.name, "action": action_term(act)}
        ),
    )


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
            first=", ".join(_name(state, x) for x in head),
        )
    act, item, used = pick_action(c, reaction, using)
    link_index = len(state.chain) - 1
    link = state.chain[link_index]
    protected = _reaction_fits(state, c, act, link, target)
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
                "author": _name(state, link.author),
                "action": action_term(link.action),
                "cost": act.cost,
                "prep_used": from_prep,
                "ap_level": c.ap_level,
                "waiting": overflow,
            },
        )
    ]
    settle(state, dice, events)
    return Outcome(
        state=state,
        events=events,
        offers=offers_for(state),
        summary=Event(
            key="log.ritualhex.reaction", params={"name": c.name, "action": action_term(act)}
        ),
    )


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
    events: list[Event] = [Event(key="ritualhex.opportunity_ended", params={"name": c.name})]
    advance(state, events)
    return Outcome(
        state=state, events=events, summary=Event(key="log.ritualhex.end", params={"name": c.name})
    )
