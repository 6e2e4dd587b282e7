"""SWADE grappling (RULES-NOTES SW-19, SW-20; seeds 000 and 003 "Presas", "Aferrado e
Inmovilizado"). Pure.

State on both sides: the grappler's ``grappling`` holds the victim's id and the
victim's ``grappled_by`` the grappler's; the victim carries the ``entangled`` or
``bound`` condition. SW-20: Entangled is Distracted (Vulnerable instead under the
``entangled_vulnerable`` setting); Bound is Distracted and Vulnerable; a grappler
holding a Bound foe is Vulnerable too (seed 003), see
:func:`bot.systems.swade.modifiers.is_vulnerable`.

Dice order: the initiator's roll, then the defender's (SW-7); :func:`crush` then rolls
the Strength damage and what applying it rolls. Each trait roll may be rerolled with a
benny through :func:`bot.systems.swade.maneuvers.reroll_maneuver`.
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.dice.swade import damage_roll, parse_damage
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.combat.plan import find_weapon
from bot.systems.swade.conditions import condition_name
from bot.systems.swade.damage import apply_hit, hit_events
from bot.systems.swade.encounter_rules import (
    find_combatant,
    refuse_self_target,
    require_control,
)
from bot.systems.swade.maneuvers import (
    ActionRolls,
    Roll,
    maneuver,
    opposed_pair,
    require_can_act,
    roll_event,
    run_maneuver,
    vulnerable_bonus,
)
from bot.systems.swade.modifiers import (
    BOUND,
    ENTANGLED,
    Modifier,
    add_condition,
    has_condition,
    joker_damage_bonus,
    remove_condition,
)
from bot.systems.swade.opposed import cannot_contest
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait

MAX_SIZE_ADVANTAGE = 2  # SW-19: heroes cannot grapple something more than 2 Size larger


def _situational(p: dict[str, Any]) -> list[Modifier]:
    """A modifier the GM gives the one who starts the roll (grapple, escape, crush)."""
    value = int(p.get("modifier", 0))
    return [("swade.combat.mod.situational", value)] if value else []


def _release(state: SwadeState, victim: SwadeCombatant) -> None:
    remove_condition(victim, ENTANGLED)
    remove_condition(victim, BOUND)
    if victim.grappled_by is not None:
        for c in state.combatants:
            if c.id == victim.grappled_by:
                c.grappling = None
    victim.grappled_by = None


def _opposed_roll(
    state: SwadeState,
    rolls: ActionRolls,
    c: SwadeCombatant,
    strength: bool,
    extra: list[Modifier],
    *,
    acting: bool = False,
) -> tuple[Roll, list[Modifier]]:
    """Athletics, or Strength -2 (seed 003 "Liberarse": both sides may choose it).
    ``acting``: the roll is ``c``'s action (SW-36 multi-action penalty)."""
    if strength:
        penalty: Modifier = ("swade.combat.mod.strength_instead", -2)
        return rolls.roll(c, state, "strength", extra=[penalty, *extra], acting=acting)
    return rolls.roll(c, state, "athletics", extra=extra, acting=acting)


def _pair_events(
    keys: tuple[str, str],
    a: tuple[SwadeCombatant, Roll, list[Modifier]],
    d: tuple[SwadeCombatant, Roll, list[Modifier]],
) -> tuple[list[Event], bool, int]:
    """SW-7/SW-37: the two rolls' events, each read against the other's total, and
    (initiator won, its raises)."""
    a_view, d_view, result = opposed_pair(a[1], a[0], d[1], d[0])
    events = [
        roll_event(keys[0], a[0], a[1], a[2], view=a_view),
        roll_event(keys[1], d[0], d[1], d[2], view=d_view),
    ]
    return events, result.winner == "initiator", result.raises


# --- grapple ---------------------------------------------------------------------------------


def grapple(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    target_id: str,
    attacker_strength: bool = False,
    defender_strength: bool = False,
    modifier: int = 0,
) -> Outcome:
    """SW-19: opposed Athletics (either side may roll Strength -2 instead, seed 003).
    The attacker wins: the target is Entangled; with a raise, Bound (and the grappler
    Vulnerable while it holds it). Grappling the same foe again can tighten the hold.
    A hero cannot grapple a creature more than 2 Size larger (seed 003 says heroes: the
    bot applies the limit to the heroes' side and to player characters). ``modifier``:
    a situational modifier the GM gives the grappler's roll."""
    require_control(actor, find_combatant(state, attacker_id))
    params = {
        "attacker_id": attacker_id,
        "target_id": target_id,
        "attacker_strength": attacker_strength,
        "defender_strength": defender_strength,
        "modifier": modifier,
    }
    return run_maneuver(
        state, dice, "grapple", params, owner_id=attacker_id, involved=[attacker_id, target_id]
    )


@maneuver("grapple")
def _grapple(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    attacker = find_combatant(new, p["attacker_id"])
    target = find_combatant(new, p["target_id"])
    refuse_self_target(attacker, target, "grapple")
    if attacker.shaken or attacker.incapacitated or has_condition(attacker, BOUND):
        raise RuleError("swade.combat.error.cannot_act", name=attacker.name)
    hero = attacker.is_pc or attacker.side == "heroes"
    if hero and target.size - attacker.size > MAX_SIZE_ADVANTAGE:
        raise RuleError(
            "swade.combat.error.grapple_too_big", name=target.name, gender=target.gender
        )
    if attacker.grappling is not None and attacker.grappling != target.id:
        raise RuleError("swade.combat.error.already_grappling", name=attacker.name)
    if target.grappled_by is not None and target.grappled_by != attacker.id:
        raise RuleError(
            "swade.combat.error.already_grappled", name=target.name, gender=target.gender
        )
    a_extra = vulnerable_bonus(target, new) + _situational(p)
    a_roll, a_mods = _opposed_roll(
        new, rolls, attacker, p["attacker_strength"], a_extra, acting=True
    )
    d_roll, d_mods = _opposed_roll(new, rolls, target, p["defender_strength"], [])
    events, won, raises = _pair_events(
        ("swade.combat.grapple.attacker_roll", "swade.combat.grapple.defender_roll"),
        (attacker, a_roll, a_mods),
        (target, d_roll, d_mods),
    )
    if not won:
        events.append(Event(key="swade.combat.grapple.fails", params={"target": target.name}))
    else:
        # Grappling the same foe again can tighten the hold, never loosen it.
        state_name = BOUND if raises >= 1 or has_condition(target, BOUND) else ENTANGLED
        add_condition(target, state_name)
        attacker.grappling = target.id
        target.grappled_by = attacker.id
        events.append(
            Event(
                key=f"swade.combat.grapple.{state_name}",
                params={"attacker": attacker.name, "target": target.name, **held_words(target)},
            )
        )
    return events, Event(
        key="log.swade.grapple", params={"attacker": attacker.name, "target": target.name}
    )


# --- escape ----------------------------------------------------------------------------------


def escape(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    combatant_id: str,
    use_strength: bool = False,
    grappler_strength: bool = False,
    modifier: int = 0,
) -> Outcome:
    """SW-19 escape, an action: Athletics or Strength -2, opposed by the grappler (against
    TN 4 when held by an object such as a net, seed 000). From Entangled a success frees;
    from Bound a success leaves it Entangled and a raise frees. SW-37: a grappler who
    cannot act (Incapacitated, Stunned) does not contest: the victim is free at once,
    with no roll. ``modifier``: a situational modifier on the victim's roll."""
    victim = find_combatant(state, combatant_id)
    require_control(actor, victim)
    involved = [victim.id] + ([victim.grappled_by] if victim.grappled_by else [])
    params = {
        "combatant_id": combatant_id,
        "use_strength": use_strength,
        "grappler_strength": grappler_strength,
        "modifier": modifier,
    }
    return run_maneuver(state, dice, "escape", params, owner_id=combatant_id, involved=involved)


@maneuver("escape")
def _escape(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    victim = find_combatant(new, p["combatant_id"])
    require_can_act(victim)  # escaping is an action (SW-19)
    bound = has_condition(victim, BOUND)
    if not bound and not has_condition(victim, ENTANGLED):
        raise RuleError("swade.combat.error.not_grappled", name=victim.name)
    grappler = find_combatant(new, victim.grappled_by) if victim.grappled_by else None
    helpless = cannot_contest(grappler, new, movement=False) if grappler else None
    if grappler is not None and helpless is not None:
        # SW-37: a grappler who cannot act does not contest: the victim is free at once.
        _release(new, victim)
        params = {
            "name": victim.name,
            "grappler": grappler.name,
            "grappler_gender": grappler.gender,
            "condition": helpless,
        }
        return [Event(key="swade.combat.escape.uncontested", params=params)], (
            f"escape {victim.name}"
        )
    v_roll, v_mods = _opposed_roll(
        new, rolls, victim, p["use_strength"], _situational(p), acting=True
    )
    if grappler is not None:
        g_roll, g_mods = _opposed_roll(new, rolls, grappler, p["grappler_strength"], [])
        events, success, raises = _pair_events(
            ("swade.combat.escape.roll", "swade.combat.escape.grappler_roll"),
            (victim, v_roll, v_mods),
            (grappler, g_roll, g_mods),
        )
    else:
        events = [roll_event("swade.combat.escape.roll", victim, v_roll, v_mods)]
        success, raises = v_roll.success, v_roll.raises
    if not success:
        events.append(Event(key="swade.combat.escape.fails", params={"name": victim.name}))
    elif bound and raises == 0:
        add_condition(victim, ENTANGLED)  # replaces Bound (SW-20)
        events.append(
            Event(
                key="swade.combat.escape.to_entangled",
                params={"name": victim.name, **held_words(victim)},
            )
        )
    else:
        _release(new, victim)
        events.append(Event(key="swade.combat.escape.free", params={"name": victim.name}))
    return events, Event(key="log.escape", params={"name": victim.name})


def release(state: SwadeState, actor: Actor, *, grappler_id: str) -> Outcome:
    """The grappler lets its victim go (a free choice)."""
    new = state.model_copy(deep=True)
    grappler = find_combatant(new, grappler_id)
    require_control(actor, grappler)
    if grappler.grappling is None:
        raise RuleError("swade.combat.error.not_grappling", name=grappler.name)
    victim = find_combatant(new, grappler.grappling)
    _release(new, victim)
    event = Event(
        key="swade.combat.grapple.released",
        params={"attacker": grappler.name, "target": victim.name},
    )
    return Outcome(
        state=new, events=[event], summary=Event(key="log.release", params={"target": victim.name})
    )


# --- crush -----------------------------------------------------------------------------------


def crush(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    attacker_id: str,
    bite: str | None = None,
    modifier: int = 0,
) -> Outcome:
    """SW-19 "Daño": once the hold is set, the grappler may, as an action, make an
    opposed Strength roll; on success it deals its Strength as damage (SW-12), or its
    bite (``bite``: a weapon name on its sheet, seed 000 "Mordisco"). Reading: the raise
    die does not apply (the seeds give Strength damage on a success only). A Wild Card
    victim is offered soak (SW-14). ``modifier``: a situational modifier on the
    grappler's Strength roll."""
    attacker = find_combatant(state, attacker_id)
    require_control(actor, attacker)
    if attacker.grappling is None:
        raise RuleError("swade.combat.error.not_grappling", name=attacker.name)
    params = {"attacker_id": attacker_id, "bite": bite, "modifier": modifier}
    return run_maneuver(
        state,
        dice,
        "crush",
        params,
        owner_id=attacker_id,
        involved=[attacker_id, attacker.grappling],
    )


@maneuver("crush")
def _crush(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    attacker = find_combatant(new, p["attacker_id"])
    if attacker.grappling is None:
        raise RuleError("swade.combat.error.not_grappling", name=attacker.name)
    target = find_combatant(new, attacker.grappling)
    a_extra = vulnerable_bonus(target, new) + _situational(p)
    a_roll, a_mods = rolls.roll(attacker, new, "strength", extra=a_extra, acting=True)
    d_roll, d_mods = rolls.roll(target, new, "strength")
    events, won, _ = _pair_events(
        ("swade.combat.crush.attacker_roll", "swade.combat.crush.defender_roll"),
        (attacker, a_roll, a_mods),
        (target, d_roll, d_mods),
    )
    if not won:
        events.append(Event(key="swade.combat.crush.fails", params={"target": target.name}))
        return events, Event(key="log.swade.crush", params={"target": target.name})
    strength = attacker.attributes.get("strength", Trait())
    sides, modifier, ap = [strength.die], strength.bonus, 0
    if p["bite"] is not None:
        w = find_weapon(attacker, p["bite"])
        assert w is not None
        spec = parse_damage(w.damage or "Str", strength=strength.die)
        sides, modifier, ap = list(spec.dice_sides), spec.modifier, w.ap
    bonus = modifier + joker_damage_bonus(attacker, new)
    # SW-35: recorded, so a benny rerolls the crush's damage as an attack's.
    damage, view, kept = rolls.damage.roll(
        target.id, target.name, lambda d: damage_roll(d, sides, modifier=bonus)
    )
    events += kept
    events.append(
        Event(
            key="swade.combat.damage.roll",
            params={
                "attacker": attacker.name,  # whose roll (issue 27: masked when hidden)
                "target": target.name,
                "damage": damage,
                "modifiers": [],
                "ap": ap,
                "kept_previous": bool(kept),
                "reroll": {
                    "kind": "damage",
                    "action": "reroll_maneuver_damage",
                    "rerollable": True,
                },
            },
            dice=view,
        )
    )
    hit = apply_hit(new, target, damage, rolls.dice, ap=ap, attacker_id=attacker.id)
    events += hit_events(target, hit)
    if target.incapacitated:
        _release(new, target)
    return events, Event(key="log.swade.crush", params={"target": target.name})


def held_words(c: SwadeCombatant) -> dict[str, Any]:
    """Issue 18: the words that agree with the held combatant's gender ("inmovilizada",
    "la sujete"; the masculine when none is given): its conditions as terms and its
    ``gender`` for the catalogue's select."""
    return {
        "bound": condition_name("bound", c.gender),
        "entangled": condition_name("entangled", c.gender),
        "gender": c.gender,
    }
