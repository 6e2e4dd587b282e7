"""Casting a Savage Worlds power (RULES-NOTES SW-39..SW-41; seeds 001 and 003): its
targets, the activation roll, the cost in Power Points, the modifiers, and Backlash on a
critical failure. Runs as a replayable maneuver (``cast``); what a successful activation
does to each target is :mod:`.landing`. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.common import raw_items
from bot.systems.swade.combat.area import TEMPLATE_TARGETS
from bot.systems.swade.combat.plan import headline
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.fatigue import gain_fatigue
from bot.systems.swade.healing import target_wound_penalty
from bot.systems.swade.maneuvers import (
    ActionRolls,
    Roll,
    maneuver,
    require_can_act,
    run_maneuver,
)
from bot.systems.swade.modifiers import Modifier, roll_trait, trait_and_modifiers
from bot.systems.swade.names import ARCANE_SKILLS, fold
from bot.systems.swade.power_defs import trait_id
from bot.systems.swade.power_effects import end_active_power, trait_label
from bot.systems.swade.power_lookup import ResolvedPower, resolve_power
from bot.systems.swade.power_models import PowerDef
from bot.systems.swade.power_modifiers import PowerModifier, modifiers_cost, validate_modifiers
from bot.systems.swade.powers.landing import land
from bot.systems.swade.state import SwadeCombatant, SwadeState

FAILED_CAST_COST = 1  # SW-40
MAINTAINING = "swade.powers.mod.maintaining"
MIN_TN, MAX_TN = 1, 40
MAX_SITUATIONAL = 20


class CastRequest(BaseModel):
    """What a cast declares (SW-40/SW-41): the typed options of ``/cast``. Kept in the
    maneuver record, so a benny reroll replays it (targets already resolved to ids)."""

    caster_id: str
    power: str
    target_ids: list[str] = Field(default_factory=list)
    modifiers: list[str] = Field(default_factory=list)  # ids or names (power_modifiers)
    trait: str | None = None  # the trait a trait power changes, when it does not fix one
    tn: int | None = None  # 1..40 (MIN_TN, MAX_TN); None: 4
    modifier: int = 0  # a situational one the GM gives, -20..20


# --- targets ---------------------------------------------------------------------------


def _group_members(state: SwadeState, name: str) -> list[SwadeCombatant]:
    wanted = fold(name)
    return [
        c
        for c in raw_items(state.combatants)
        if c.group is not None and fold(c.group) == wanted and not c.dead and not c.incapacitated
    ]


def resolve_targets(
    state: SwadeState,
    caster: SwadeCombatant,
    power: PowerDef | None,
    names: Sequence[str],
    count: int | None = None,
) -> list[str]:
    """SW-25/SW-39: the target ids of a cast: combatants by name or id, or a group of
    Extras by its name (``count``: that many of its members able to act, in order; all
    of them without it). A self power takes the caster (and only it); a template takes
    at most its SW-25 count; another power at most its ``targets``."""
    ids: list[str] = []
    used_group = False
    for name in names:
        try:
            ids.append(find_combatant(state, name).id)
        except RuleError:
            members = _group_members(state, name)
            if not members:
                raise
            used_group = True
            ids += [m.id for m in members[: count or len(members)]]
    if count is not None and not used_group:
        raise RuleError("swade.powers.error.count_needs_group", count=count)
    ids = list(dict.fromkeys(ids))
    if power is not None and power.range == "self":
        if any(i != caster.id for i in ids):
            raise RuleError("swade.powers.error.self_only", power=power.label())
        return [caster.id]
    if power is not None and power.template is not None:
        limit = TEMPLATE_TARGETS[power.template]
        if len(ids) > limit:
            raise RuleError(
                "swade.combat.error.template_targets",
                max=limit,
                template=power.template,
                source="power",
            )
    elif power is not None and len(ids) > power.targets:
        raise RuleError(
            "swade.powers.error.too_many_targets", power=power.label(), max=power.targets
        )
    if power is not None and power.success and not ids:
        raise RuleError("swade.powers.error.needs_target", power=power.label())
    for tid in ids:
        target = find_combatant(state, tid)
        if target.dead:
            raise RuleError("swade.combat.error.target_dead", name=target.name)
    return ids


# --- the cast ------------------------------------------------------------------------------


def arcane_skill(c: SwadeCombatant) -> str:
    """SW-39: the skill ``c`` casts with: its sheet's arcane skill, else the first arcane
    skill it has. Refused (with how to fix) when it has none."""
    if c.arcane_skill:
        return c.arcane_skill
    found = next((s for s in ARCANE_SKILLS if s in c.skills), None)
    if found is None:
        raise RuleError("swade.powers.error.no_arcane_skill", name=c.name, gender=c.gender)
    return found


def cast(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    caster_id: str,
    power: str,
    targets: Sequence[str] = (),
    modifiers: Sequence[str] = (),
    tn: int | None = None,
    *,
    trait: str | None = None,
    count: int | None = None,
    modifier: int = 0,
) -> Outcome:
    """SW-40: ``caster_id`` casts ``power`` (a name in either language: its sheet's, the
    GM's definitions, the shipped examples; see ``power_lookup.resolve_power``) on
    ``targets`` (names or ids; a group of Extras with ``count``) with power
    ``modifiers`` (SW-41, ids or names). The arcane skill roll against ``tn`` (4) with
    every trait-roll modifier named (SW-6, SW-36 multi-action, Joker...), -1 per power
    maintained (SW-42). Success: the full cost is paid and the effects land (a raise's
    where it has them); failure: 1 Power Point (the full cost with the
    ``failed_cast_full_cost`` setting); critical failure: that and Backlash (a level of
    Fatigue, every power it maintains ends). Refused, with what it costs and what is
    left, when the Power Points are short. Offers: a benny reroll of each roll (not a
    critical failure, SW-4), soak for a Wild Card it wounded (SW-14), the SW-13 Vigor
    reroll."""
    caster = find_combatant(state, caster_id)
    require_control(actor, caster)
    _check_options(tn, modifier, count)
    resolved = resolve_power(state, caster, power)
    ids = resolve_targets(state, caster, resolved.definition, targets, count)
    request = CastRequest(
        caster_id=caster.id,
        power=power,
        target_ids=ids,
        modifiers=list(modifiers),
        trait=trait,
        tn=tn,
        modifier=modifier,
    )
    maintained = [t for a in caster.maintaining for t in a.target_ids]
    involved = list(dict.fromkeys([caster.id, *ids, *maintained]))
    involved = [i for i in involved if any(c.id == i for c in raw_items(state.combatants))]
    # SW-14: the soak offers of the Wild Cards it wounds come with it (run_maneuver).
    return run_maneuver(
        state,
        dice,
        "cast",
        request.model_dump(mode="json"),
        owner_id=caster.id,
        involved=involved,
    )


def _check_options(tn: int | None, modifier: int, count: int | None) -> None:
    """The numbers a cast declares, refused with their range (never a traceback)."""
    if tn is not None and not MIN_TN <= tn <= MAX_TN:
        raise RuleError("swade.powers.error.bad_tn", tn=tn, minimum=MIN_TN, maximum=MAX_TN)
    if not -MAX_SITUATIONAL <= modifier <= MAX_SITUATIONAL:
        raise RuleError("swade.powers.error.bad_modifier", modifier=modifier, limit=MAX_SITUATIONAL)
    if count is not None and count < 1:
        raise RuleError("swade.powers.error.bad_count", count=count)


def _check_points(c: SwadeCombatant, cost: int, base: int) -> None:
    """SW-40/SW-42: the full cost must be there before casting."""
    if c.power_points is None:
        raise RuleError("swade.powers.error.no_power_points", name=c.name, gender=c.gender)
    if c.power_points < cost and cost == base:  # a plain cast: no modifier to drop
        raise RuleError(
            "swade.powers.error.short_plain", name=c.name, cost=cost, points=c.power_points
        )
    if c.power_points < cost:
        raise RuleError(
            "swade.powers.error.short",
            name=c.name,
            cost=cost,
            base=base,
            extra=cost - base,
            points=c.power_points,
        )


def _pay(c: SwadeCombatant, amount: int) -> Event:
    """SW-42: Power Points never below 0."""
    before = c.power_points or 0
    c.power_points = max(0, before - amount)
    return Event(
        key="swade.powers.paid",
        params={
            "name": c.name,
            "paid": before - c.power_points,
            "points": c.power_points,
            "max": c.max_power_points if c.max_power_points is not None else "-",
        },
    )


def _roll_modifiers(
    state: SwadeState,
    caster: SwadeCombatant,
    power: PowerDef | None,
    targets: list[SwadeCombatant],
    situational: int,
) -> list[Modifier]:
    """What SW-40/SW-42/SW-43 add to the state's trait modifiers (``trait_and_modifiers``
    adds those): -1 per maintained power, a healing power's target wound penalty, the
    GM's situational modifier."""
    extra: list[Modifier] = []
    if caster.maintaining:
        extra.append((MAINTAINING, -len(caster.maintaining)))
    if power is not None and "heal" in power.kinds():
        extra += target_wound_penalty(state, caster, targets)
    if situational:
        extra.append(("swade.combat.mod.situational", situational))
    return extra


def _activation_event(
    caster: SwadeCombatant,
    resolved: ResolvedPower,
    skill: str,
    roll: Roll,
    mods: list[Modifier],
    tn: int,
    chosen: list[PowerModifier],
    cost: int,
) -> Event:
    return Event(
        key=headline("swade.powers.cast.roll", roll.total, tn, critical=roll.critical_failure),
        params={
            "caster": caster.name,
            "power": resolved.label,
            "skill": trait_label(skill),
            "tn": tn,
            "tn_parts": [["swade.combat.tn.base", tn]],
            "modifiers": [list(m) for m in mods],
            "total": roll.total,
            "cost": cost,
            "power_modifiers": [m.key for m in chosen],
            "example": resolved.definition is not None and resolved.definition.example,
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
        },
        dice=roll.to_view(),
    )


def _chosen_trait(power: PowerDef | None, text: str | None) -> str | None:
    """The trait a trait power changes: fixed by the definition, else chosen."""
    if power is None or "trait" not in power.kinds():
        return None
    fixed = next((e.trait for e in (*power.success, *(power.raise_effects or ())) if e.trait), None)
    if fixed is not None:
        return fixed
    if not text or not text.strip():
        raise RuleError("swade.powers.error.trait_needed", power=power.label())
    return trait_id(text)


@maneuver("cast")
def _cast(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    req = CastRequest.model_validate(p)
    caster = find_combatant(new, req.caster_id)
    require_can_act(caster)
    resolved = resolve_power(new, caster, req.power)
    power = resolved.definition
    chosen = validate_modifiers(power, req.modifiers)
    cost = resolved.cost + modifiers_cost(chosen)
    _check_points(caster, cost, resolved.cost)
    trait = _chosen_trait(power, req.trait)
    skill = arcane_skill(caster)
    targets = [find_combatant(new, t) for t in req.target_ids]
    tn = req.tn or 4
    extra = _roll_modifiers(new, caster, power, targets, req.modifier)
    _, mods = trait_and_modifiers(caster, new, skill, extra=extra, acting=True)
    roll = rolls.roll_with(
        caster,
        lambda d: roll_trait(caster, new, d, skill, extra=extra, tn=tn, acting=True)[0],
        mods=mods,
    )
    caster.support_bonus = 0  # SW-24: spent by the roll, kept or new
    events = [_activation_event(caster, resolved, skill, roll, mods, tn, chosen, cost)]
    summary = Event(key="log.swade.cast", params={"name": caster.name, "power": req.power})
    if not roll.success:
        failed = cost if new.settings.failed_cast_full_cost else FAILED_CAST_COST
        events.append(Event(key="swade.powers.cast.failure", params={"caster": caster.name}))
        events.append(_pay(caster, failed))
        if roll.critical_failure:
            events += backlash(new, caster, rolls.dice)
        return events, summary
    events.append(
        Event(
            key="swade.powers.cast.raise" if roll.raises else "swade.powers.cast.success",
            params={"caster": caster.name, "power": resolved.label, "raises": roll.raises},
        )
    )
    events.append(_pay(caster, cost))
    events += _modifier_events(power, chosen)
    if power is None:
        events.append(Event(key="swade.powers.cast.generic", params={"power": resolved.label}))
        return events, summary
    events += land(new, rolls, caster, resolved, power, chosen, targets, roll, trait, cost)
    return events, summary


def backlash(state: SwadeState, caster: SwadeCombatant, dice: DiceSource) -> list[Event]:
    """SW-40 Backlash (a critical failure): the caster takes a level of Fatigue (which may
    incapacitate: SW-43, no rule says it cannot) and every power it maintains ends."""
    events = [
        Event(key="swade.powers.backlash", params={"caster": caster.name, "gender": caster.gender})
    ]
    events += gain_fatigue(caster, dice, 1)
    for active in list(caster.maintaining):
        events += end_active_power(state, caster, active, reason="backlash")
    return events


def _modifier_events(power: PowerDef | None, chosen: list[PowerModifier]) -> list[Event]:
    """SW-41: the modifiers' total cost, then each modifier with its own cost (and, for
    those whose effect is only told — Heavy Weapon, Selective, Range — that effect)."""
    if not chosen:
        return []
    events = [Event(key="swade.powers.modifiers", params={"cost": modifiers_cost(chosen)})]
    for m in chosen:
        params: dict[str, Any] = {"modifier": m.key, "cost": m.cost}
        key = "swade.powers.modifier.cost"
        if m.id.startswith("range_") and power is not None:
            factor = 2 if m.id == "range_double" else 3
            params["factor"] = factor
            key = "swade.powers.modifier.range_smarts"
            if power.range == "steps" and power.range_steps:
                params["steps"] = power.range_steps * factor
                key = "swade.powers.modifier.range_steps"
        elif m.id in ("heavy_weapon", "selective"):
            key = f"swade.powers.modifier.{m.id}_effect"
        events.append(Event(key=key, params=params))
    return events
