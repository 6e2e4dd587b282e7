"""How a Ritual Hex chain link resolves (seed 002 'Chequeos', 'Puntos de daño'; RH-2,
RH-4, RH-8, RH-10, RH-11): a cancelled link fails, an inactive author's does nothing,
each target gets its own check (3d6 + CO > D + CD, a called shot +2), and a success
applies the action's effects: damage, healing, waiting points, cancelling or
retargeting the action it answers. Pure.
"""

from __future__ import annotations

from typing import Any

from bot.dice.odds import rh_check_odds
from bot.dice.ritualhex import check as roll_check
from bot.dice.source import DiceSource
from bot.systems.base import Event
from bot.systems.ritualhex.actions import action_term
from bot.systems.ritualhex.effects import apply_damage, apply_heal, apply_waiting
from bot.systems.ritualhex.rounds import (
    get_combatant,
)
from bot.systems.ritualhex.state import (
    ChainLink,
    RHCombatant,
    RitualHexState,
)


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
            ["ritualhex.dice.called", 2 if link.limb else 0],
            ["ritualhex.dice.follow_up", link.extra_difficulty],
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
                        "author": name_of(state, answered.author),
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
                        "ally": name_of(state, protected or ""),
                        "author": name_of(state, answered.author),
                        "answered": action_term(answered.action),
                    },
                )
            )


def name_of(state: RitualHexState, cid: str) -> str:
    c = state.get(cid)
    return c.name if c else cid


def resolve_top(state: RitualHexState, dice: DiceSource, events: list[Event]) -> None:
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
                params={**base, "targets": ", ".join(name_of(state, t) for t in link.acts_on)},
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
