"""What powers leave on combatants, and the turn hooks that end or fire it (RULES-NOTES
SW-39, SW-41, SW-42). Pure; the helpers change combatants of a state the caller copied.

- Lasting effects (:func:`apply_lasting`): a trait's die stepped up or down, armour,
  Toughness, Parry and Pace points, Glow and Shroud. Each is recorded on the target as a
  :class:`PowerEffect` with what was actually applied, and :func:`revert_effects` takes
  exactly that back when the power ends (:func:`end_active_power`).
- SW-42: a maintained power ends at the end of its caster's turn once its rounds have run
  out (:func:`expire_maintained`, called by ``turns`` when a turn ends).
- SW-41 Lingering Damage fires at the start of the victim's next turn
  (:func:`fire_lingering`, called by ``turns`` when a turn starts).
- SW-41 Glow/Shroud in the rolls: ``modifiers.power_light_modifiers`` (attacks against
  the target) and ``modifiers.power_stealth_modifiers`` (its Stealth).

Readings (not settled by the seeds or RULES-NOTES):

- A trait steps along d4, d6, d8, d10, d12, d12+1, d12+2...; it is never lowered below d4
  (a lowered d4 stays d4, and the reply says the power changed nothing), and an unskilled
  skill boosted becomes d4 (the first step), removed again when the power ends. Derived
  values (Parry from Fighting, Toughness from Vigor) are not recalculated.
- Armour, Toughness, Parry and Pace never go below 0 (Toughness below 1): what was
  actually taken is what is given back.
- Conditions a power causes are ordinary conditions (SW-17 timing for Distracted and
  Vulnerable, the rest until removed): ending the power does not remove them.
- Lingering Damage is rolled at the start of the victim's next turn (seed 003: "en su
  siguiente turno"), before its recovery rolls (Shaken, Stunned), like any damage then; a
  victim with no turn keeps it pending. No Joker bonus (it is not the caster's roll).
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.dice.swade import damage_roll
from bot.systems.base import Event, Offer
from bot.systems.common import raw_items
from bot.systems.swade.damage import (
    apply_hit,
    hit_events,
    incapacitation_reroll_offer,
    soak_offer,
)
from bot.systems.swade.names import ATTRIBUTE_IDS, SKILL_IDS
from bot.systems.swade.power_models import ActivePower, LastingKind, PowerEffect
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait, shared

TOP_DIE = 12
LOW_DIE = 4
_KNOWN_SKILLS = SKILL_IDS | {"fighting", "shooting", "athletics", "notice"}
_KNOWN_SKILLS |= {"stealth", "taunt", "intimidation", "persuasion"}


def trait_label(trait: str) -> str:
    """The catalogue key naming an attribute or a known skill (a skill the tables do not
    know is named by its id)."""
    if trait in ATTRIBUTE_IDS:
        return f"sheet.swade.attr.{trait}"
    if trait in _KNOWN_SKILLS:
        return f"swade.combat.skill.{trait}"
    return trait.replace("_", " ")


def die_text(trait: Trait | None) -> str:
    if trait is None:
        return "-"
    if trait.bonus:
        return f"d{trait.die}{trait.bonus:+d}"
    return f"d{trait.die}"


def step_trait(trait: Trait, steps: int) -> tuple[Trait, int]:
    """``trait`` moved ``steps`` die types (module docstring), and the steps actually
    taken (fewer when it reaches d4 going down)."""
    die, bonus, taken = trait.die, trait.bonus, 0
    while taken != steps:
        if steps > 0:
            if die < TOP_DIE:
                die += 2
            else:
                bonus += 1
            taken += 1
        else:
            if die >= TOP_DIE and bonus > 0:
                bonus -= 1
            elif die > LOW_DIE:
                die -= 2
            else:
                break
            taken -= 1
    return shared(Trait(die=die, bonus=bonus)), taken


def _traits(c: SwadeCombatant, trait: str) -> dict[str, Trait]:
    return c.attributes if trait in ATTRIBUTE_IDS else c.skills


def _shift_trait(c: SwadeCombatant, trait: str, steps: int) -> tuple[int, bool]:
    """Step ``c``'s ``trait``; returns (steps taken, created from unskilled)."""
    table = _traits(c, trait)
    current = table.get(trait)
    if current is None:
        if trait in ATTRIBUTE_IDS:
            current = Trait()
        elif steps <= 0:
            return 0, False
        else:
            table[trait] = shared(Trait(die=LOW_DIE))
            stepped, taken = step_trait(table[trait], steps - 1)
            table[trait] = stepped
            return taken + 1, True
    stepped, taken = step_trait(current, steps)
    table[trait] = stepped
    return taken, False


def _shift_points(c: SwadeCombatant, kind: LastingKind, value: int) -> int:
    """Add ``value`` points of ``kind`` to ``c`` (never below the floor); returns what
    was added."""
    if kind == "armor":
        applied = max(value, -c.armor, 1 - c.toughness)
        c.armor += applied
        c.toughness += applied
    elif kind == "toughness":
        applied = max(value, 1 - c.toughness)
        c.toughness += applied
    elif kind == "parry":
        applied = max(value, -c.parry)
        c.parry += applied
    elif kind == "pace":
        applied = max(value, -c.pace)
        c.pace += applied
    else:
        applied = 0
    return applied


def apply_lasting(
    c: SwadeCombatant,
    *,
    source: str,
    power: str,
    kind: LastingKind,
    value: int = 0,
    trait: str | None = None,
) -> list[Event]:
    """Apply one lasting effect of active power ``source`` to ``c`` (mutated) and record
    it (SW-39/SW-41). Returns the event describing it."""
    params: dict[str, object] = {"target": c.name, "power": power}
    created = False
    if kind == "trait":
        assert trait is not None
        before = _traits(c, trait).get(trait)
        applied, created = _shift_trait(c, trait, value)
        after = _traits(c, trait).get(trait)
        params |= {
            "trait": trait_label(trait),
            "before": die_text(before),
            "after": die_text(after),
            "steps": applied,
        }
        key = "swade.powers.effect.trait" if applied else "swade.powers.effect.trait_unchanged"
    elif kind in ("glow", "shroud"):
        applied = 0
        key = f"swade.powers.effect.{kind}"
        params["gender"] = c.gender  # "attacks against her"
    else:
        applied = _shift_points(c, kind, value)
        now = c.toughness if kind == "armor" else getattr(c, kind)
        params |= {"change": f"{applied:+d}", "now": now}
        key = f"swade.powers.effect.{kind}"
    if applied or kind in ("glow", "shroud"):
        effect = PowerEffect(
            source=source, power=power, kind=kind, value=applied, trait=trait, created=created
        )
        c.power_effects = [*c.power_effects, effect]
    return [Event(key=key, params=params)]


def revert_effects(c: SwadeCombatant, source: str) -> None:
    """Take back every effect of active power ``source`` on ``c`` (mutated)."""
    mine = [e for e in c.power_effects if e.source == source]
    if not mine:
        return
    for e in reversed(mine):
        if e.kind == "trait" and e.trait is not None:
            table = _traits(c, e.trait)
            current = table.get(e.trait)
            if current is None:
                continue
            if e.created:
                table.pop(e.trait, None)
            else:
                table[e.trait], _ = step_trait(current, -e.value)
        elif e.kind in ("armor", "toughness", "parry", "pace"):
            _shift_points(c, e.kind, -e.value)
    c.power_effects = [e for e in c.power_effects if e.source != source]


def _find(state: SwadeState, cid: str) -> SwadeCombatant | None:
    for i, c in enumerate(raw_items(state.combatants)):
        if c.id == cid:
            return state.combatants[i]
    return None


def end_active_power(
    state: SwadeState, caster: SwadeCombatant, active: ActivePower, *, reason: str
) -> list[Event]:
    """SW-42: ``active`` ends: its effects leave every target still in the encounter and
    it leaves ``caster.maintaining``. ``reason``: ``expired``, ``ended``, ``backlash``
    (the event key's last part)."""
    source = active.source(caster.id)
    for tid in active.target_ids:
        target = caster if tid == caster.id else _find(state, tid)
        if target is not None:
            revert_effects(target, source)
    caster.maintaining = [a for a in caster.maintaining if a.id != active.id]
    return [
        Event(
            key=f"swade.powers.ended.{reason}",
            params={"caster": caster.name, "power": active.power, "id": active.id},
        )
    ]


def expire_maintained(state: SwadeState, c: SwadeCombatant) -> list[Event]:
    """SW-42: at the end of ``c``'s turn each power it maintains for a number of rounds
    counts one down, and the ones with none left end now (their effects undone)."""
    events: list[Event] = []
    for active in list(c.maintaining):
        if active.rounds_left is None:
            continue
        left = active.rounds_left - 1
        if left <= 0:
            events += end_active_power(state, c, active, reason="expired")
            continue
        c.maintaining = [
            a.model_copy(update={"rounds_left": left}) if a.id == active.id else a
            for a in c.maintaining
        ]
    return events


def fire_lingering(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant
) -> tuple[list[Event], list[Offer]]:
    """SW-41 Lingering Damage at the start of ``c``'s turn: each pending one is rolled
    (acing, no raise die) and applied like any damage (SW-12..SW-14), once. Returns the
    events and the offers: soak for a Wild Card it wounded, the benny reroll of its SW-13
    Vigor roll. Dice: each pending damage roll
    in order, then what applying it rolls (SW-13)."""
    events: list[Event] = []
    offers: list[Offer] = []
    pending, c.lingering = c.lingering, []
    for due in pending:
        if c.dead:
            break
        roll = damage_roll(dice, list(due.dice), modifier=due.bonus)
        events.append(
            Event(
                key="swade.powers.lingering.roll",
                params={"target": c.name, "power": due.power, "damage": roll.total, "ap": due.ap},
                dice=roll.to_view(),
            )
        )
        hit = apply_hit(state, c, roll.total, dice, ap=due.ap, attacker_id=due.caster_id)
        events += hit_events(c, hit)
        offer = soak_offer(c, hit)
        if offer is not None:
            offers = [offer]  # soak applies to the last hit (SW-14)
        reroll = incapacitation_reroll_offer(c) if hit.incapacitation else None
        if reroll is not None:
            offers.append(reroll)
    return events, offers
