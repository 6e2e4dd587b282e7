"""SWADE incapacitation, the injury table and bleeding out (RULES-NOTES SW-13, seed 003
"Tabla de lesiones"). Pure.

Injury table (2d6, no aces): 2 unmentionables; 3-4 arm (random side, unusable, as
One Arm); 5-9 guts, 1d6: 1-2 broken (Agility -1 die step), 3-4 battered (Vigor -1
step), 5-6 busted (Strength -1 step); 10-11 leg (Lame minor, or major if already minor);
12 head, 1d6: 1-3 hideous scar (Ugly), 4-5 blinded (One Eye, Blind if the second),
6 brain damage (Smarts -1 step). Die steps never go below d4.

Dice order: the two table d6, then the sub-table roll (1d2 for the arm's side, 1d6 for
guts and head).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, trait_roll
from bot.systems.swade.modifiers import Modifier, state_trait_modifiers, total
from bot.systems.swade.state import SwadeCombatant, SwadeState, Trait

Duration = Literal["permanent", "until_healed", "24h"]

# Sub-table results -> (injury id, attribute lowered or None, hindrance gained or None).
_GUTS = {1: "guts_broken", 2: "guts_broken", 3: "guts_battered", 4: "guts_battered"}
_ATTRIBUTE_OF = {
    "guts_broken": "agility",
    "guts_battered": "vigor",
    "guts_busted": "strength",
    "head_brain_damage": "smarts",
}


INJURY_IDS = (
    "unmentionables", "arm_left", "arm_right", "guts_broken", "guts_battered", "guts_busted",
    "leg", "head_scar", "head_blinded", "head_brain_damage",
)  # fmt: skip
"""Every result of the injury table (issue 28: a record's injury is one of them)."""


@dataclass(frozen=True, slots=True)
class Injury:
    """One injury table result: ``id`` is its i18n suffix (``swade.combat.injury.<id>``)."""

    id: str
    table_roll: tuple[int, int]
    sub_roll: int | None = None

    @property
    def attribute(self) -> str | None:
        return _ATTRIBUTE_OF.get(self.id)

    def to_view(self) -> dict[str, Any]:
        return {
            "kind": "swade_injury",
            "id": self.id,
            "table_roll": list(self.table_roll),
            "total": sum(self.table_roll),
            "sub_roll": self.sub_roll,
        }


def injury_roll(dice: DiceSource) -> Injury:
    """Seed 003 injury table: 2d6, then the sub-roll where the table asks for one."""
    roll = (dice.roll(6), dice.roll(6))
    result = sum(roll)
    if result == 2:
        return Injury("unmentionables", roll)
    if result <= 4:
        side = dice.roll(2)
        return Injury("arm_left" if side == 1 else "arm_right", roll, side)
    if result <= 9:
        sub = dice.roll(6)
        return Injury(_GUTS.get(sub, "guts_busted"), roll, sub)
    if result <= 11:
        return Injury("leg", roll)
    sub = dice.roll(6)
    head = "head_scar" if sub <= 3 else "head_blinded" if sub <= 5 else "head_brain_damage"
    return Injury(head, roll, sub)


def _step_down(trait: Trait) -> Trait:
    """One die step down, never below d4 (d12+1 -> d12, d8 -> d6, d4 -> d4)."""
    if trait.bonus > 0:
        return Trait(die=trait.die, bonus=trait.bonus - 1)
    return Trait(die=max(4, trait.die - 2))


def apply_injury(c: SwadeCombatant, injury: Injury, duration: Duration) -> None:
    """Record the injury on ``c`` and apply its effect (mutates ``c``): a die step off
    the attribute (min d4), or the hindrance it gives (lame, one_arm, ugly, one_eye /
    blind). ``duration`` follows SW-13 (see :func:`incapacitation_roll`)."""
    c.injuries.append(injury.id)
    c.injury_log.append({"injury": injury.id, "duration": duration})
    attribute = injury.attribute
    if attribute is not None:
        c.attributes[attribute] = _step_down(c.attributes.get(attribute, Trait()))
        return
    if injury.id == "leg":
        if "lame_minor" in c.hindrances:
            c.hindrances = [h for h in c.hindrances if h != "lame_minor"]
            c.hindrances.append("lame_major")
        elif "lame_major" not in c.hindrances:
            c.hindrances.append("lame_minor")
    elif injury.id.startswith("arm_"):
        c.hindrances.append("one_arm")
    elif injury.id == "head_scar" and "ugly" not in c.hindrances:
        c.hindrances.append("ugly")
    elif injury.id == "head_blinded":
        if "one_eye" in c.hindrances:
            c.hindrances = [h for h in c.hindrances if h != "one_eye"]
            c.hindrances.append("blind")
        elif "blind" not in c.hindrances:
            c.hindrances.append("one_eye")


def attribute_roll(
    c: SwadeCombatant,
    state: SwadeState,
    dice: DiceSource,
    name: str,
    *,
    extra: list[Modifier] | None = None,
) -> tuple[TraitResult, list[Modifier]]:
    """An attribute trait roll with the SW-6 modifiers of ``c`` plus ``extra``, and
    every modifier by name (the attribute's own bonus, d12+1, included) for the reply.
    Never one of ``c``'s actions: no multi-action penalty (SW-36)."""
    trait = c.attributes.get(name, Trait())
    mods = state_trait_modifiers(c, state) + list(extra or [])
    if trait.bonus:
        mods.append(("swade.combat.mod.trait_bonus", trait.bonus))
    roll = trait_roll(dice, trait.die, modifier=total(mods), wild_die=6 if c.wild_card else None)
    return roll, mods


@dataclass(frozen=True, slots=True)
class IncapacitationResult:
    vigor: TraitResult
    outcome: Literal["dead", "bleeding_out", "injured", "injured_24h"]
    injury: Injury | None
    modifiers: tuple[Modifier, ...] = ()  # the Vigor roll's, by name


def incapacitation_roll(
    c: SwadeCombatant, state: SwadeState, dice: DiceSource
) -> IncapacitationResult:
    """SW-13: an incapacitated Wild Card rolls Vigor (with its SW-6 modifiers).
    Critical failure: dies. Failure: an injury (reading: permanent, as in the core
    rules; seed 003 speaks of injuries that are permanent) and bleeding out. Success: an
    injury until the wounds are healed. Raise: an injury that lasts 24 hours.
    Mutates ``c``. Dice: the Vigor roll, then the injury table (not on a critical
    failure)."""
    vigor, mods = attribute_roll(c, state, dice, "vigor")
    return resolve_incapacitation(c, vigor, dice, modifiers=mods)


def resolve_incapacitation(
    c: SwadeCombatant,
    vigor: TraitResult,
    dice: DiceSource,
    *,
    injury: Injury | None = None,
    modifiers: list[Modifier] | None = None,
) -> IncapacitationResult:
    """SW-13's outcome of an incapacitation Vigor roll ``vigor`` on ``c`` (mutated; see
    :func:`incapacitation_roll`). ``injury``: the injury already rolled for this
    incapacitation (a benny reroll of the Vigor roll, SW-35, redoes only the trait roll:
    the injury table result stands, only its duration follows the new result); without
    it the injury table is rolled (not on a critical failure). ``modifiers``: the
    Vigor roll's, by name, for the reply."""
    mods: tuple[Modifier, ...] = tuple((str(k), int(v)) for k, v in modifiers or ())
    if vigor.critical_failure:
        c.dead = True
        return IncapacitationResult(vigor, "dead", None, mods)
    if injury is None:
        injury = injury_roll(dice)
    if not vigor.success:
        apply_injury(c, injury, "permanent")
        c.bleeding_out = True
        return IncapacitationResult(vigor, "bleeding_out", injury, mods)
    if vigor.raises == 0:
        apply_injury(c, injury, "until_healed")
        return IncapacitationResult(vigor, "injured", injury, mods)
    apply_injury(c, injury, "24h")
    return IncapacitationResult(vigor, "injured_24h", injury, mods)
