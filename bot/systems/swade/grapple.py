"""SWADE grappling (RULES-NOTES SW-19, SW-20; seeds 000 and 003 "Presas", "Aferrado e
Inmovilizado"). Pure.

State on both sides: the grappler's ``grappling`` holds the victim's id and the
victim's ``grappled_by`` the grappler's; the victim carries the ``entangled`` or
``bound`` condition. SW-20: Entangled is Distracted (Vulnerable instead under the
``entangled_vulnerable`` setting); Bound is Distracted and Vulnerable; a grappler
holding a Bound foe is Vulnerable too (seed 003), see
:func:`bot.systems.swade.modifiers.is_vulnerable`.

Dice order: the initiator's roll, then the defender's (SW-7); :func:`crush` then rolls
the Strength damage.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, damage_roll, opposed, parse_damage
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat import find_weapon
from bot.systems.swade.damage import (
    apply_hit,
    find_combatant,
    hit_events,
    require_control,
    soak_offer,
    trait_reroll_hook,
)
from bot.systems.swade.modifiers import (
    BOUND,
    ENTANGLED,
    Modifier,
    add_condition,
    has_condition,
    is_vulnerable,
    joker_damage_bonus,
    remove_condition,
    roll_trait,
)
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait

MAX_SIZE_ADVANTAGE = 2  # SW-19: heroes cannot grapple something more than 2 Size larger


def _roll_event(
    key: str, who: SwadeCombatant, roll: TraitResult, mods: list[Modifier], **p: object
) -> Event:
    return Event(
        key=key,
        params={
            "name": who.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "reroll": trait_reroll_hook(roll, combatant_id=who.id),
            **p,
        },
        dice=roll.to_view(),
    )


def _vulnerable_bonus(target: SwadeCombatant, state: SwadeState) -> list[Modifier]:
    """SW-17: actions against a Vulnerable character get +2."""
    return [("swade_combat.mod.target_vulnerable", 2)] if is_vulnerable(target, state) else []


def _release(state: SwadeState, victim: SwadeCombatant) -> None:
    remove_condition(victim, ENTANGLED)
    remove_condition(victim, BOUND)
    if victim.grappled_by is not None:
        for c in state.combatants:
            if c.id == victim.grappled_by:
                c.grappling = None
    victim.grappled_by = None


def grapple(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    attacker_strength: bool = False,
    defender_strength: bool = False,
) -> Outcome:
    """SW-19: opposed Athletics (either side may roll Strength -2 instead, seed 003).
    The attacker wins: the target is Entangled; with a raise, Bound (and the grappler
    Vulnerable while it holds it). A hero cannot grapple a creature more than 2 Size
    larger (seed 003 says heroes: the bot applies the limit to the heroes' side and to
    player characters)."""
    new = state.model_copy(deep=True)
    attacker = find_combatant(new, attacker_id)
    target = find_combatant(new, target_id)
    require_control(actor, attacker)
    if attacker.id == target.id:
        raise RuleError("swade_combat.error.self_target")
    if attacker.shaken or attacker.incapacitated or has_condition(attacker, BOUND):
        raise RuleError("swade_combat.error.cannot_act", name=attacker.name)
    if (
        attacker.is_pc or attacker.side == "heroes"
    ) and target.size - attacker.size > MAX_SIZE_ADVANTAGE:
        raise RuleError("swade_combat.error.grapple_too_big", name=target.name)
    if attacker.grappling is not None and attacker.grappling != target.id:
        raise RuleError("swade_combat.error.already_grappling", name=attacker.name)
    if target.grappled_by is not None and target.grappled_by != attacker.id:
        raise RuleError("swade_combat.error.already_grappled", name=target.name)
    a_roll, a_mods = _opposed_roll(
        new, attacker, dice, attacker_strength, _vulnerable_bonus(target, new)
    )
    d_roll, d_mods = _opposed_roll(new, target, dice, defender_strength, [])
    result = opposed(
        a_roll.total,
        d_roll.total,
        initiator_critical=a_roll.critical_failure,
        defender_critical=d_roll.critical_failure,
    )
    events = [
        _roll_event("swade_combat.grapple.attacker_roll", attacker, a_roll, a_mods),
        _roll_event("swade_combat.grapple.defender_roll", target, d_roll, d_mods),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade_combat.grapple.fails", params={"target": target.name}))
    else:
        # Grappling the same foe again can tighten the hold, never loosen it.
        state_name = BOUND if result.raises >= 1 or has_condition(target, BOUND) else ENTANGLED
        remove_condition(target, ENTANGLED)
        add_condition(target, state_name)
        attacker.grappling = target.id
        target.grappled_by = attacker.id
        events.append(
            Event(
                key=f"swade_combat.grapple.{state_name}",
                params={"attacker": attacker.name, "target": target.name},
            )
        )
    return Outcome(state=new, events=events, summary=f"grapple {attacker.name} -> {target.name}")


def _opposed_roll(
    state: SwadeState, c: SwadeCombatant, dice: DiceSource, strength: bool, extra: list[Modifier]
) -> tuple[TraitResult, list[Modifier]]:
    """Athletics, or Strength -2 (seed 003 "Liberarse": both sides may choose it)."""
    if strength:
        return roll_trait(
            c, state, dice, "strength", extra=[("swade_combat.mod.strength_instead", -2), *extra]
        )
    return roll_trait(c, state, dice, "athletics", extra=extra)


def escape(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    combatant_id: str,
    use_strength: bool = False,
    grappler_strength: bool = False,
) -> Outcome:
    """SW-19 escape, an action: Athletics or Strength -2, opposed by the grappler (against
    TN 4 when held by an object such as a net, seed 000). From Entangled a success frees;
    from Bound a success leaves it Entangled and a raise frees."""
    new = state.model_copy(deep=True)
    victim = find_combatant(new, combatant_id)
    require_control(actor, victim)
    bound = has_condition(victim, BOUND)
    if not bound and not has_condition(victim, ENTANGLED):
        raise RuleError("swade_combat.error.not_grappled", name=victim.name)
    v_roll, v_mods = _opposed_roll(new, victim, dice, use_strength, [])
    events = [_roll_event("swade_combat.escape.roll", victim, v_roll, v_mods)]
    if victim.grappled_by is not None:
        grappler = find_combatant(new, victim.grappled_by)
        g_roll, g_mods = _opposed_roll(new, grappler, dice, grappler_strength, [])
        events.append(_roll_event("swade_combat.escape.grappler_roll", grappler, g_roll, g_mods))
        result = opposed(
            v_roll.total,
            g_roll.total,
            initiator_critical=v_roll.critical_failure,
            defender_critical=g_roll.critical_failure,
        )
        success, raises = result.winner == "initiator", result.raises
    else:
        success, raises = v_roll.success, v_roll.raises
    if not success:
        events.append(Event(key="swade_combat.escape.fails", params={"name": victim.name}))
    elif bound and raises == 0:
        remove_condition(victim, BOUND)
        add_condition(victim, ENTANGLED)
        events.append(Event(key="swade_combat.escape.to_entangled", params={"name": victim.name}))
    else:
        _release(new, victim)
        events.append(Event(key="swade_combat.escape.free", params={"name": victim.name}))
    return Outcome(state=new, events=events, summary=f"escape {victim.name}")


def release(state: SwadeState, actor: Actor, *, grappler_id: str) -> Outcome:
    """The grappler lets its victim go (a free choice)."""
    new = state.model_copy(deep=True)
    grappler = find_combatant(new, grappler_id)
    require_control(actor, grappler)
    if grappler.grappling is None:
        raise RuleError("swade_combat.error.not_grappling", name=grappler.name)
    victim = find_combatant(new, grappler.grappling)
    _release(new, victim)
    return Outcome(
        state=new,
        events=[
            Event(
                key="swade_combat.grapple.released",
                params={"attacker": grappler.name, "target": victim.name},
            )
        ],
        summary=f"release {victim.name}",
    )


def crush(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    bite: str | None = None,
) -> Outcome:
    """SW-19 "Daño": once the hold is set, the grappler may, as an action, make an
    opposed Strength roll; on success it deals its Strength as damage (SW-12), or its
    bite (``bite``: a weapon name on its sheet, seed 000 "Mordisco"). Reading: the raise
    die does not apply (the seeds give Strength damage on a success only)."""
    new = state.model_copy(deep=True)
    attacker = find_combatant(new, attacker_id)
    require_control(actor, attacker)
    if attacker.grappling is None:
        raise RuleError("swade_combat.error.not_grappling", name=attacker.name)
    target = find_combatant(new, attacker.grappling)
    a_roll, a_mods = roll_trait(
        attacker, new, dice, "strength", extra=_vulnerable_bonus(target, new)
    )
    d_roll, d_mods = roll_trait(target, new, dice, "strength")
    result = opposed(
        a_roll.total,
        d_roll.total,
        initiator_critical=a_roll.critical_failure,
        defender_critical=d_roll.critical_failure,
    )
    events = [
        _roll_event("swade_combat.crush.attacker_roll", attacker, a_roll, a_mods),
        _roll_event("swade_combat.crush.defender_roll", target, d_roll, d_mods),
    ]
    offers = []
    if result.winner == "defender":
        events.append(Event(key="swade_combat.crush.fails", params={"target": target.name}))
    else:
        strength = attacker.attributes.get("strength", Trait())
        sides, modifier = [strength.die], strength.bonus
        ap = 0
        if bite is not None:
            w = find_weapon(attacker, bite)
            assert w is not None
            spec = parse_damage(w.damage or "Str", strength=strength.die)
            sides, modifier, ap = list(spec.dice_sides), spec.modifier, w.ap
        roll = damage_roll(dice, sides, modifier=modifier + joker_damage_bonus(attacker, new))
        events.append(
            Event(
                key="swade_combat.damage.roll",
                params={
                    "target": target.name,
                    "damage": roll.total,
                    "modifiers": [],
                    "ap": ap,
                    "kept_previous": False,
                    "reroll": {"kind": "damage", "rerollable": True},
                },
                dice=roll.to_view(),
            )
        )
        hit = apply_hit(new, target, roll.total, dice, ap=ap, attacker_id=attacker.id)
        events += hit_events(target, hit)
        offer = soak_offer(target, hit)
        offers = [offer] if offer else []
        if target.incapacitated:
            _release(new, target)
    return Outcome(state=new, events=events, offers=offers, summary=f"crush {target.name}")
