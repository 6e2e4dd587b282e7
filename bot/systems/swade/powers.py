"""Casting Savage Worlds powers (RULES-NOTES SW-39..SW-42; seeds 001 and 003). Pure.

Entry points (each ``-> Outcome``, the state copied, never changed in place):

- :func:`cast` (SW-40/SW-41): the arcane skill roll, the cost, the effects, Backlash.
  It runs as a replayable maneuver (``maneuvers.run_maneuver``), so a benny rerolls the
  activation, or a target's evasion or resisting roll, with
  ``maneuvers.reroll_maneuver(owner_id=<caster>, index=<roll>)`` (SW-4: never a
  critical failure), exactly as the other maneuvers; the involved combatants (caster,
  targets, the targets of the powers it maintains) are put back first, Power Points and
  active powers included.
- :func:`end_power` (SW-42, ``/cast end``), :func:`end_of_turn` and
  :func:`start_of_turn` (the turn hooks as actions; ``turns`` calls the in-place
  helpers of :mod:`bot.systems.swade.power_effects` itself),
  :func:`recover_power_points` (SW-35/SW-42: the benny that recovers 5).
- Definitions: :mod:`bot.systems.swade.power_defs` (``define_power``, ``forget_power``,
  ``known_powers``); modifiers: :mod:`bot.systems.swade.power_modifiers`
  (``power_modifier_choices`` for autocomplete).

Dice order of :func:`cast`: the activation roll (trait die with its aces, then the wild
die); then, on a critical failure, the 2d6 hours if Backlash's Fatigue incapacitates;
on a success, for each target in the order given: its evasion roll (Agility -2) or its
resisting roll, then its damage roll (dice left to right, then the raise die) and what
applying it rolls (SW-13).

Readings (not settled by the seeds or RULES-NOTES), chosen here:

- Power Points are checked before the roll: a cast whose full cost (base plus modifiers)
  exceeds what is left is refused, since a success must be paid in full. A combatant
  whose sheet tracks no Power Points cannot cast until the GM gives it some.
- The arcane skill is the sheet's (``arcane_skill``), else the first arcane skill the
  sheet has (SW-39); a caster with neither is refused.
- Casting is an action of the caster's turn (SW-36: the multi-action penalty applies);
  a Shaken, Stunned, defending or incapacitated caster cannot cast (SW-15/16/21).
- -1 per power the caster maintains (SW-42); a healing power also takes the wound
  penalty of the most wounded target other than the caster (SW-43; the caster's own
  wounds are already in its roll).
- A resisted power (``opposed``) needs the activation to succeed (the cost is paid);
  then each target rolls the trait, the caster's total is the initiator's (SW-7: ties
  go to the target) and the raises are counted over the target's total. An
  incapacitated target does not resist.
- A target that evades or resists is not reached: nothing of the power applies to it.
  A reached target takes Lingering Damage, Hinder/Hasten and Glow/Shroud; SW-41 Fatigue
  only a victim "affected" ("si la víctima es afectada"): for a damage power, one its
  hit leaves Shaken or wounded.
- A maintained power is kept (``maintaining``) only when it reached someone; its
  damage, healing and conditions happen once, when cast; its lasting effects (trait,
  armour, Toughness, Parry, Pace, Hinder/Hasten, Glow/Shroud) last until it ends.
- Area powers (SW-25, without a map): a template takes at most 2/3/3/4 targets (small,
  medium, cone, large); a group of Extras may be named with ``count`` to take that many
  of its members able to act; each target rolls its own damage. Targets that may evade
  roll Agility -2 automatically, like area attacks (``combat.area_attack``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from bot.dice.source import DiceSource
from bot.dice.swade import damage_roll
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.common import raw_items
from bot.systems.swade.combat import TEMPLATE_TARGETS, headline
from bot.systems.swade.conditions import apply_condition, condition_name
from bot.systems.swade.conditions import has_condition as has_effective_condition
from bot.systems.swade.damage import (
    apply_hit,
    gain_fatigue,
    hit_events,
    pending_soak_offer,
    require_control,
)
from bot.systems.swade.encounter_rules import find_combatant
from bot.systems.swade.healing import apply_healing, target_wound_penalty
from bot.systems.swade.maneuvers import (
    ActionRolls,
    Roll,
    maneuver,
    opposed_pair,
    require_can_act,
    reroll_maneuver,
    run_maneuver,
)
from bot.systems.swade.maneuvers import _event as roll_event  # the one roll-event builder
from bot.systems.swade.modifiers import (
    Modifier,
    joker_damage_bonus,
    roll_trait,
    trait_and_modifiers,
)
from bot.systems.swade.names import ARCANE_SKILLS, fold
from bot.systems.swade.power_defs import ResolvedPower, find_definition, resolve_power, trait_id
from bot.systems.swade.power_effects import (
    apply_lasting,
    end_active_power,
    expire_maintained,
    fire_lingering,
    trait_label,
)
from bot.systems.swade.power_models import ActivePower, EffectDef, LingeringDamage, PowerDef
from bot.systems.swade.power_modifiers import (
    PowerModifier,
    modifiers_ap,
    modifiers_cost,
    validate_modifiers,
)
from bot.systems.swade.state import SwadeCombatant, SwadeState

POWER_POINTS_PER_BENNY = 5  # seed 001 "Recuperar Puntos de Poder"
FAILED_CAST_COST = 1  # SW-40
MAINTAINING = "swade_powers.mod.maintaining"
EVASION_PENALTY = -2  # SW-25
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
        raise RuleError("swade_powers.error.count_needs_group", count=count)
    ids = list(dict.fromkeys(ids))
    if power is not None and power.range == "self":
        if any(i != caster.id for i in ids):
            raise RuleError("swade_powers.error.self_only", power=power.label())
        return [caster.id]
    if power is not None and power.template is not None:
        limit = TEMPLATE_TARGETS[power.template]
        if len(ids) > limit:
            raise RuleError("swade_combat.error.template_targets", max=limit)
    elif power is not None and len(ids) > power.targets:
        raise RuleError(
            "swade_powers.error.too_many_targets", power=power.label(), max=power.targets
        )
    if power is not None and power.success and not ids:
        raise RuleError("swade_powers.error.needs_target", power=power.label())
    for tid in ids:
        target = find_combatant(state, tid)
        if target.dead:
            raise RuleError("swade_combat.error.target_dead", name=target.name)
    return ids


# --- the cast ------------------------------------------------------------------------------


def arcane_skill(c: SwadeCombatant) -> str:
    """SW-39: the skill ``c`` casts with: its sheet's arcane skill, else the first arcane
    skill it has. Refused (with how to fix) when it has none."""
    if c.arcane_skill:
        return c.arcane_skill
    found = next((s for s in ARCANE_SKILLS if s in c.skills), None)
    if found is None:
        raise RuleError("swade_powers.error.no_arcane_skill", name=c.name)
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
    GM's definitions, the shipped examples; see ``power_defs.resolve_power``) on
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
    out = run_maneuver(
        state,
        dice,
        "cast",
        request.model_dump(mode="json"),
        owner_id=caster.id,
        involved=involved,
    )
    return with_soak_offers(out, caster.id, ids)


def _check_options(tn: int | None, modifier: int, count: int | None) -> None:
    """The numbers a cast declares, refused with their range (never a traceback)."""
    if tn is not None and not MIN_TN <= tn <= MAX_TN:
        raise RuleError("swade_powers.error.bad_tn", tn=tn, minimum=MIN_TN, maximum=MAX_TN)
    if not -MAX_SITUATIONAL <= modifier <= MAX_SITUATIONAL:
        raise RuleError("swade_powers.error.bad_modifier", modifier=modifier, limit=MAX_SITUATIONAL)
    if count is not None and count < 1:
        raise RuleError("swade_powers.error.bad_count", count=count)


def reroll_cast(
    state: SwadeState, actor: Actor, dice: DiceSource, *, caster_id: str, index: int
) -> Outcome:
    """SW-4/SW-35: a benny rerolls roll ``index`` of the caster's last cast (0: the
    activation; then each target's evasion or resisting roll, in order), as
    ``maneuvers.reroll_maneuver`` does for every maneuver, plus the soak offers for the
    Wild Cards the replay wounded. Not a critical failure. The ledger charges the
    benny."""
    out = reroll_maneuver(state, actor, dice, owner_id=caster_id, index=index)
    last = find_combatant(out.state, caster_id).last_maneuver or {}
    params: dict[str, Any] = dict(last.get("params") or {})  # type: ignore[call-overload]
    return with_soak_offers(out, caster_id, list(params.get("target_ids", [])))


def with_soak_offers(out: Outcome, caster_id: str, target_ids: list[str]) -> Outcome:
    """SW-14: a soak offer for each Wild Card this action wounded (its ``last_hit``
    changed, from ``caster_id``)."""
    owner = find_combatant(out.state, caster_id)
    record: dict[str, Any] = dict(owner.last_maneuver or {})
    before: dict[str, Any] = record.get("before", {})
    for tid in target_ids:
        target = find_combatant(out.state, tid)
        if tid in before and before[tid].get("last_hit") == target.last_hit:
            continue
        offer = pending_soak_offer(target, caster_id)
        if offer is not None:
            out.offers.append(offer)
    return out


def _check_points(c: SwadeCombatant, cost: int, base: int) -> None:
    """SW-40/SW-42: the full cost must be there before casting."""
    if c.power_points is None:
        raise RuleError("swade_powers.error.no_power_points", name=c.name)
    if c.power_points < cost and cost == base:  # a plain cast: no modifier to drop
        raise RuleError(
            "swade_powers.error.short_plain", name=c.name, cost=cost, points=c.power_points
        )
    if c.power_points < cost:
        raise RuleError(
            "swade_powers.error.short",
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
        key="swade_powers.paid",
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
        extra.append(("swade_combat.mod.situational", situational))
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
        key=headline("swade_powers.cast.roll", roll.total, tn, critical=roll.critical_failure),
        params={
            "caster": caster.name,
            "power": resolved.label,
            "skill": trait_label(skill),
            "tn": tn,
            "tn_parts": [["swade_combat.tn.base", tn]],
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
        raise RuleError("swade_powers.error.trait_needed", power=power.label())
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
        events.append(Event(key="swade_powers.cast.failure", params={"caster": caster.name}))
        events.append(_pay(caster, failed))
        if roll.critical_failure:
            events += backlash(new, caster, rolls.dice)
        return events, summary
    events.append(
        Event(
            key="swade_powers.cast.raise" if roll.raises else "swade_powers.cast.success",
            params={"caster": caster.name, "power": resolved.label, "raises": roll.raises},
        )
    )
    events.append(_pay(caster, cost))
    events += _modifier_events(power, chosen)
    if power is None:
        events.append(Event(key="swade_powers.cast.generic", params={"power": resolved.label}))
        return events, summary
    events += _land(new, rolls, caster, resolved, power, chosen, targets, roll, trait, cost)
    return events, summary


def backlash(state: SwadeState, caster: SwadeCombatant, dice: DiceSource) -> list[Event]:
    """SW-40 Backlash (a critical failure): the caster takes a level of Fatigue (which may
    incapacitate: SW-43, no rule says it cannot) and every power it maintains ends."""
    events = [Event(key="swade_powers.backlash", params={"caster": caster.name})]
    events += gain_fatigue(caster, dice, 1)
    for active in list(caster.maintaining):
        events += end_active_power(state, caster, active, reason="backlash")
    return events


def _modifier_events(power: PowerDef | None, chosen: list[PowerModifier]) -> list[Event]:
    """SW-41: the modifiers' total cost, then each modifier with its own cost (and, for
    those whose effect is only told — Heavy Weapon, Selective, Range — that effect)."""
    if not chosen:
        return []
    events = [Event(key="swade_powers.modifiers", params={"cost": modifiers_cost(chosen)})]
    for m in chosen:
        params: dict[str, Any] = {"modifier": m.key, "cost": m.cost}
        key = "swade_powers.modifier.cost"
        if m.id.startswith("range_") and power is not None:
            factor = 2 if m.id == "range_double" else 3
            params["factor"] = factor
            key = "swade_powers.modifier.range_smarts"
            if power.range == "steps" and power.range_steps:
                params["steps"] = power.range_steps * factor
                key = "swade_powers.modifier.range_steps"
        elif m.id in ("heavy_weapon", "selective"):
            key = f"swade_powers.modifier.{m.id}_effect"
        events.append(Event(key=key, params=params))
    return events


def _next_active_id(c: SwadeCombatant) -> str:
    used = {a.id for a in c.maintaining}
    n = 1
    while str(n) in used:
        n += 1
    return str(n)


def _land(
    state: SwadeState,
    rolls: ActionRolls,
    caster: SwadeCombatant,
    resolved: ResolvedPower,
    power: PowerDef,
    chosen: list[PowerModifier],
    targets: list[SwadeCombatant],
    roll: Roll,
    trait: str | None,
    cost: int,
) -> list[Event]:
    """A successful activation's effects on each target (module docstring), and the
    active power when it lasts (SW-42)."""
    ids = {m.id for m in chosen}
    active_id = _next_active_id(caster) if power.lasting else None
    source = f"{caster.id}:{active_id}"
    events: list[Event] = []
    reached: list[str] = []  # not evaded, not resisted
    for target in targets:
        raises, answer = _target_raises(state, rolls, caster, power, target, roll)
        events += answer
        if raises is None:
            continue
        effects, raise_die = effects_for(power, raises)
        hit_any, more = _apply_effects(
            state,
            rolls,
            caster,
            resolved,
            effects,
            target,
            chosen,
            raises,
            raise_die,
            trait,
            source,
        )
        events += more
        reached.append(target.id)
        if hit_any and "fatigue" in ids:  # SW-41: only a victim affected; never incapacitates
            events += _modifier_fatigue(target, rolls.dice)
        if "lingering_damage" in ids:
            events += _add_lingering(caster, resolved, power, chosen, target)
        for kind, value in (("hinder", -2), ("hasten", 2)):
            if kind in ids:
                events += apply_lasting(
                    target, source=source, power=resolved.label, kind="pace", value=value
                )
        for kind in ("glow", "shroud"):
            if kind in ids:
                events += apply_lasting(target, source=source, power=resolved.label, kind=kind)
    if active_id is not None and reached:
        active = ActivePower(
            id=active_id,
            power_id=power.id,
            power=resolved.label,
            target_ids=tuple(reached),
            rounds_left=power.rounds if power.duration == "rounds" else None,
            cost=cost,
            modifiers=tuple(m.id for m in chosen),
        )
        caster.maintaining = [*caster.maintaining, active]
        events.append(
            Event(
                key=f"swade_powers.maintained.{power.duration}",
                params={
                    "caster": caster.name,
                    "power": resolved.label,
                    "id": active_id,
                    "rounds": power.rounds,
                    "targets": [find_combatant(state, t).name for t in reached],
                    "count": len(caster.maintaining),
                },
            )
        )
    return events


def _target_raises(
    state: SwadeState,
    rolls: ActionRolls,
    caster: SwadeCombatant,
    power: PowerDef,
    target: SwadeCombatant,
    roll: Roll,
) -> tuple[int | None, list[Event]]:
    """The raises the power has on ``target``, or None when it evades (SW-25) or resists
    (SW-7) it, evasion first; and the events of those rolls (phase 1: a benny reroll of
    the activation rolls them again). The caster neither evades nor resists its own
    power."""
    events: list[Event] = []
    if power.evasion and target.id != caster.id:
        penalty: Modifier = ("swade_combat.mod.evasion", EVASION_PENALTY)
        ev, ev_mods = rolls.roll(target, state, "agility", extra=[penalty], phase=1)
        key = "swade_combat.evade.success" if ev.success else "swade_combat.evade.failure"
        events.append(roll_event(key, target, ev, ev_mods))
        if ev.success:
            return None, events
    if power.opposed is None or target.id == caster.id:
        return roll.raises, events
    if target.incapacitated:
        events.append(Event(key="swade_powers.resist.cannot", params={"name": target.name}))
        return roll.raises, events
    resist, r_mods = rolls.roll(target, state, power.opposed, phase=1)
    _, d_view, result = opposed_pair(roll, caster, resist, target)
    won = result.winner == "initiator"
    events.append(
        roll_event(
            "swade_powers.resist.fails" if won else "swade_powers.resist.succeeds",
            target,
            resist,
            r_mods,
            view=d_view,
            trait=trait_label(power.opposed),
            power=power.label(),
        )
    )
    return (result.raises if won else None), events


def effects_for(power: PowerDef, raises: int) -> tuple[tuple[EffectDef, ...], bool]:
    """SW-39/SW-40: what the power does with ``raises``: its raise effects when it has
    them; otherwise its success effects, and (on a raise) damage gets the +1d6 raise die
    (SW-11). Returns the effects and whether the raise die is added."""
    if raises and power.raise_effects is not None:
        return power.raise_effects, False
    return power.success, raises > 0


def _apply_effects(
    state: SwadeState,
    rolls: ActionRolls,
    caster: SwadeCombatant,
    resolved: ResolvedPower,
    effects: tuple[EffectDef, ...],
    target: SwadeCombatant,
    chosen: list[PowerModifier],
    raises: int,
    raise_die: bool,
    trait: str | None,
    source: str,
) -> tuple[bool, list[Event]]:
    """Apply ``effects`` to ``target`` (``raises``: the power's raises on it); returns
    whether it was affected (a damage power: its hit did something) and the events."""
    events: list[Event] = []
    affected = False
    for effect in effects:
        if effect.kind == "damage":
            hit_something, more = _damage(
                state, rolls, caster, resolved, effect, target, chosen, raise_die
            )
            affected = affected or hit_something
            events += more
            continue
        affected = True
        if effect.kind == "heal":
            events += apply_healing(state, target, raises)
        elif effect.kind == "condition":
            assert effect.condition is not None
            events += _condition(state, target, effect.condition, resolved.label)
        elif effect.kind == "trait":
            events += apply_lasting(
                target,
                source=source,
                power=resolved.label,
                kind="trait",
                value=effect.value,
                trait=effect.trait or trait,
            )
        else:
            events += apply_lasting(
                target, source=source, power=resolved.label, kind=effect.kind, value=effect.value
            )
    return affected, events


def _condition(state: SwadeState, target: SwadeCombatant, name: str, power: str) -> list[Event]:
    if name not in ("distracted", "vulnerable") and has_effective_condition(
        target, name, state.settings
    ):
        return [
            Event(
                key="swade_powers.effect.condition_already",
                params={
                    "target": target.name,
                    "power": power,
                    "condition": condition_name(name, target.gender),
                },
            )
        ]
    return apply_condition(state, target, name)


def _damage(
    state: SwadeState,
    rolls: ActionRolls,
    caster: SwadeCombatant,
    resolved: ResolvedPower,
    effect: EffectDef,
    target: SwadeCombatant,
    chosen: list[PowerModifier],
    raise_die: bool,
) -> tuple[bool, list[Event]]:
    """SW-11/SW-12: the power's damage, applied through the same path as an attack's
    (``damage.apply_hit``: Toughness and AP, Shaken, wounds, SW-13 incapacitation); the
    soak offer comes with the outcome (:func:`with_soak_offers`). The roll is recorded
    (``rolls.damage``) so a benny rerolls it (SW-35)."""
    mods: list[Modifier] = []
    if effect.bonus:
        mods.append(("swade_powers.dmg.power", effect.bonus))
    if joker_damage_bonus(caster, state):
        mods.append(("swade_combat.dmg.joker", 2))  # SW-33
    ap = effect.ap + modifiers_ap(chosen)
    total, view, events = rolls.damage.roll(
        target.id,
        target.name,
        lambda dice: damage_roll(
            dice, list(effect.dice), modifier=sum(v for _, v in mods), raise_die=raise_die
        ),
    )
    events.append(
        Event(
            key="swade_powers.damage.roll",
            params={
                "caster": caster.name,  # whose roll it is (issue 27: a hidden one's is masked)
                "target": target.name,
                "power": resolved.label,
                "damage": total,
                "modifiers": [list(m) for m in mods],
                "ap": ap,
            },
            dice=view,
        )
    )
    if target.dead:
        return False, events
    hit = apply_hit(state, target, total, rolls.dice, ap=ap, attacker_id=caster.id)
    events += hit_events(target, hit)
    return hit.outcome != "no_effect", events


def _modifier_fatigue(target: SwadeCombatant, dice: DiceSource) -> list[Event]:
    """SW-41 Fatigue: a level of Fatigue that never incapacitates (an Exhausted victim
    stays Exhausted, and the reply says so)."""
    if target.dead or target.fatigue >= 2:
        return [Event(key="swade_powers.fatigue.capped", params={"name": target.name})]
    return gain_fatigue(target, dice, 1, can_incapacitate=False)


def lingering_dice(dice: tuple[int, ...]) -> tuple[int, ...]:
    """SW-41 Lingering Damage (seed 003): the base damage one die type lower; when it is
    d4 dice already, one die fewer (d4 dice stay d4 beside larger ones)."""
    if all(d <= 4 for d in dice):
        return dice[1:]
    return tuple(d - 2 if d > 4 else d for d in dice)


def _add_lingering(
    caster: SwadeCombatant,
    resolved: ResolvedPower,
    power: PowerDef,
    chosen: list[PowerModifier],
    target: SwadeCombatant,
) -> list[Event]:
    base = next((e for e in power.success if e.kind == "damage"), None)
    if base is None:
        return []
    sides = lingering_dice(base.dice)
    params = {"target": target.name, "power": resolved.label}
    if not sides:
        return [Event(key="swade_powers.lingering.none", params=params)]
    due = LingeringDamage(
        caster_id=caster.id,
        power=resolved.label,
        dice=sides,
        bonus=base.bonus,
        ap=base.ap + modifiers_ap(chosen),
    )
    target.lingering = [*target.lingering, due]
    return [
        Event(
            key="swade_powers.lingering.pending",
            params={**params, "damage": _dice_text(sides, base.bonus)},
        )
    ]


def _dice_text(sides: tuple[int, ...], bonus: int) -> str:
    counts: dict[int, int] = {}
    for s in sides:
        counts[s] = counts.get(s, 0) + 1
    text = "+".join(f"{n}d{s}" for s, n in counts.items())
    return f"{text}{bonus:+d}" if bonus else text


# --- SW-42: ending powers, the turn hooks, Power Points -------------------------------------


def _find_active(state: SwadeState, caster: SwadeCombatant, which: str) -> ActivePower:
    wanted = fold(which).strip()
    definition = find_definition(state, which)
    for active in caster.maintaining:
        if wanted in (active.id, fold(active.power), fold(active.power_id.replace("_", " "))):
            return active
        if definition is not None and definition.id == active.power_id:
            return active
    raise RuleError(
        "swade_powers.error.not_maintaining",
        name=caster.name,
        power=which,
        active=[a.power for a in caster.maintaining] or "-",
    )


def end_power(state: SwadeState, actor: Actor, caster_id: str, which: str) -> Outcome:
    """SW-42 ``/cast end``: the caster stops maintaining a power (``which``: its id on the
    board, or its name); its effects leave every target. A free action. The caster's
    controller or the GM."""
    new = state.model_copy(deep=True)
    caster = find_combatant(new, caster_id)
    require_control(actor, caster)
    if not caster.maintaining:
        raise RuleError("swade_powers.error.nothing_maintained", name=caster.name)
    active = _find_active(new, caster, which)
    events = end_active_power(new, caster, active, reason="ended")
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.end_power", params={"name": caster.name, "power": active.id}),
    )


def end_of_turn(state: SwadeState, combatant_id: str) -> Outcome:
    """SW-42 at the end of ``combatant_id``'s turn: its maintained powers count down and
    those with no rounds left end (``turns`` applies the same helper,
    ``power_effects.expire_maintained``, in its own turn end)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events = expire_maintained(new, c)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.powers_end_of_turn", params={"name": c.name}),
    )


def start_of_turn(state: SwadeState, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-41 at the start of ``combatant_id``'s turn: its Lingering Damage due is rolled
    and applied (``turns`` applies the same helper, ``power_effects.fire_lingering``)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events, offers = fire_lingering(new, dice, c)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.lingering", params={"name": c.name}),
    )


def recover_power_points(
    state: SwadeState, actor: Actor, combatant_id: str, amount: int = POWER_POINTS_PER_BENNY
) -> Outcome:
    """SW-35/SW-42 (seed 001): a benny recovers 5 Power Points, never above the maximum
    (without a known maximum they are added as they are). Refused for a character whose
    sheet tracks no Power Points, and when it is at its maximum (no benny wasted). The
    bennies ledger charges the benny. (This is ``/bennies spend use:power`` runs, through
    ``bot.systems.swade.moves.bennies.SPENDS``.)"""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):  # a benny's, not a cast's
        raise RuleError("bennies.error.not_yours", name=c.name)
    if c.power_points is None:
        raise RuleError("bennies.error.no_power_points", name=c.name)
    if c.max_power_points is not None and c.power_points >= c.max_power_points:
        raise RuleError("bennies.error.power_points_full", name=c.name)
    before = c.power_points
    after = before + max(0, amount)
    if c.max_power_points is not None:
        after = min(after, c.max_power_points)
    c.power_points = after
    event = Event(
        key="bennies.power_recovered",
        params={"name": c.name, "gained": after - before, "points": after},
    )
    return Outcome(
        state=new,
        events=[event],
        summary=Event(key="log.swade.recover_power_points", params={"name": c.name}),
    )
