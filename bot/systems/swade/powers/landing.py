"""What a cast Savage Worlds power does to each target it reaches (RULES-NOTES SW-39,
SW-41, SW-42; SW-7, SW-11..SW-13, SW-25): evasion or resisting first, then its success
or raise effects (damage through the attacks' path, healing, conditions, lasting
effects), the modifiers' Fatigue, Lingering Damage, Hinder/Hasten and Glow/Shroud, and
the active power kept when it lasts. Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.dice.swade import damage_roll
from bot.systems.base import Event
from bot.systems.swade.conditions import apply_condition, condition_name
from bot.systems.swade.conditions import has_condition as has_effective_condition
from bot.systems.swade.damage import apply_hit, hit_events
from bot.systems.swade.encounter_rules import find_combatant
from bot.systems.swade.fatigue import gain_fatigue
from bot.systems.swade.healing import apply_healing
from bot.systems.swade.maneuvers import ActionRolls, Roll, opposed_pair, roll_evasion, roll_event
from bot.systems.swade.modifiers import Modifier, joker_damage_bonus
from bot.systems.swade.power_effects import apply_lasting, trait_label
from bot.systems.swade.power_lookup import ResolvedPower
from bot.systems.swade.power_models import ActivePower, EffectDef, LingeringDamage, PowerDef
from bot.systems.swade.power_modifiers import PowerModifier, modifiers_ap
from bot.systems.swade.state import SwadeCombatant, SwadeState


def _next_active_id(c: SwadeCombatant) -> str:
    used = {a.id for a in c.maintaining}
    n = 1
    while str(n) in used:
        n += 1
    return str(n)


def land(
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
                key=f"swade.powers.maintained.{power.duration}",
                params={
                    "caster": caster.name,
                    "power": resolved.label,
                    "id": active_id,
                    "rounds": power.rounds,
                    "targets": [find_combatant(state, t).name for t in reached],
                    "own": str(list(reached) == [caster.id]).lower(),  # "sobre sí misma"
                    "gender": caster.gender,
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
        evaded, event = roll_evasion(rolls, state, target, phase=1)
        events.append(event)
        if evaded:
            return None, events
    if power.opposed is None or target.id == caster.id:
        return roll.raises, events
    if target.incapacitated:
        events.append(Event(key="swade.powers.resist.cannot", params={"name": target.name}))
        return roll.raises, events
    resist, r_mods = rolls.roll(target, state, power.opposed, phase=1)
    _, d_view, result = opposed_pair(roll, caster, resist, target)
    won = result.winner == "initiator"
    events.append(
        roll_event(
            "swade.powers.resist.fails" if won else "swade.powers.resist.succeeds",
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
                key="swade.powers.effect.condition_already",
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
    soak offer comes with the outcome
    (:func:`~bot.systems.swade.maneuvers.run_maneuver`). The roll is recorded
    (``rolls.damage``) so a benny rerolls it (SW-35)."""
    mods: list[Modifier] = []
    if effect.bonus:
        mods.append(("swade.powers.dmg.power", effect.bonus))
    if joker_damage_bonus(caster, state):
        mods.append(("swade.combat.dmg.joker", 2))  # SW-33
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
            key="swade.powers.damage.roll",
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
        return [
            Event(
                key="swade.powers.fatigue.capped",
                params={"name": target.name, "gender": target.gender},
            )
        ]
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
        return [Event(key="swade.powers.lingering.none", params=params)]
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
            key="swade.powers.lingering.pending",
            params={
                **params,
                "gender": target.gender,
                "damage": _dice_text(sides, base.bonus),
            },
        )
    ]


def _dice_text(sides: tuple[int, ...], bonus: int) -> str:
    counts: dict[int, int] = {}
    for s in sides:
        counts[s] = counts.get(s, 0) + 1
    text = "+".join(f"{n}d{s}" for s, n in counts.items())
    return f"{text}{bonus:+d}" if bonus else text
