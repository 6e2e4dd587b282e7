"""SWADE trait and attack modifiers (seeds 000/003; RULES-NOTES SW-6, SW-10, SW-17,
SW-21..SW-25). Pure.

Two kinds of modifier reach an attack:

- the ones the bot knows from the state (:func:`state_trait_modifiers`,
  :func:`target_modifiers`): wounds, fatigue, Distracted, Joker, the turn's declared
  multi-action (on the actor's own actions, SW-36), support received, a Vulnerable or
  prone or unarmed target;
- the ones it cannot know, given as :class:`AttackOptions`: range band, cover,
  illumination, called shot, gang up, aim, unstable platform, off-hand, two weapons,
  touch, nonlethal with an edged weapon, scale, speed, running, rate of fire (recoil),
  shotgun, improvised weapon, The Drop.

Every modifier is a ``(i18n key, value)`` pair so the reply can list them by name.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, trait_roll
from bot.systems.base import Event
from bot.systems.swade import conditions as swade_conditions
from bot.systems.swade.actions import multi_action_modifiers
from bot.systems.swade.bounds import WEAPON_AP
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeState, Trait

Modifier = tuple[str, int]

# Condition names (the SWADE conditions module uses the same lower-case ids).
DISTRACTED = "distracted"
VULNERABLE = "vulnerable"
ENTANGLED = "entangled"
BOUND = "bound"
STUNNED = "stunned"
PRONE = "prone"

RangeBand = Literal["short", "medium", "long", "extreme"]
Cover = Literal["none", "light", "medium", "heavy", "near_total"]
Illumination = Literal["normal", "dim", "dark", "pitch_dark"]
CalledShot = Literal["none", "limb", "hand", "head", "vitals", "unarmored"]
Scale = Literal["tiny", "very_small", "small", "normal", "large", "huge", "gargantuan"]
Speed = Literal["none", "97kmh", "193kmh", "385kmh", "mach1", "mach2", "near_light"]

# SW-10 range bands.
RANGE_MODS: dict[str, int] = {"short": 0, "medium": -2, "long": -4, "extreme": -8}
# SW-23 cover (25/50/75/90 %) and illumination.
COVER_MODS: dict[str, int] = {"none": 0, "light": -2, "medium": -4, "heavy": -6, "near_total": -8}
ILLUMINATION_MODS: dict[str, int] = {"normal": 0, "dim": -2, "dark": -4, "pitch_dark": -6}
# SW-22 called shots (the unarmoured spot's penalty is the GM's: AttackOptions.called_penalty).
CALLED_SHOT_MODS: dict[str, int] = {"none": 0, "limb": -2, "hand": -4, "head": -4, "vitals": -4}
CALLED_SHOT_DAMAGE: dict[str, int] = {"head": 4, "vitals": 4}
# Seed 003 "Tamaño y escala".
SCALE_MODS: dict[str, int] = {
    "tiny": -6,
    "very_small": -4,
    "small": -2,
    "normal": 0,
    "large": 2,
    "huge": 4,
    "gargantuan": 6,
}
# Seed 003 "Velocidad".
SPEED_MODS: dict[str, int] = {
    "none": 0,
    "97kmh": -1,
    "193kmh": -2,
    "385kmh": -4,
    "mach1": -6,
    "mach2": -8,
    "near_light": -10,
}
# Seed 003 "Munición por CdF": bullets spent by rate of fire.
AMMO_BY_ROF: dict[int, int] = {1: 1, 2: 5, 3: 10, 4: 20, 5: 40, 6: 50}
# Seed 003 "Escopetas": damage dice by range band.
SHOTGUN_DICE: dict[str, list[int]] = {"short": [6, 6, 6], "medium": [6, 6], "long": [6]}

MAX_GANG_UP = 4  # SW-21
MAX_SUPPORT = 4  # SW-24
AIM_IGNORES = 4  # SW-24
AIM_BONUS = 2


class AttackOptions(BaseModel):
    """What the attacker declares and the bot cannot know from the state."""

    range: RangeBand = "short"  # SW-10
    cover: Cover = "none"  # SW-23
    obstacle_armor: int = Field(default=0, ge=0, le=10)  # SW-23: +2..+10 if missed by cover
    illumination: Illumination = "normal"  # SW-23
    called_shot: CalledShot = "none"  # SW-22
    called_penalty: int = Field(default=0, le=0)  # SW-22: GM's penalty for "unarmored"
    disarm: bool = False  # SW-22: a limb/hand called shot that tries to disarm
    gang_up: int = Field(default=0, ge=0)  # SW-21: extra adjacent attackers
    aimed: bool = False  # SW-24: aimed last turn (also read from the combatant's state)
    unstable_platform: bool = False  # SW-23
    off_hand: bool = False  # SW-21
    two_weapons: bool = False  # SW-21: the foe has no shield and one or no weapon
    touch: bool = False  # seed 003: touch attack +2 Fighting
    nonlethal: bool = False  # SW-25
    edged: bool = False  # seed 003: nonlethal with an edged weapon is -1
    attacker_scale: Scale = "normal"  # SW-23 scale
    target_scale: Scale = "normal"
    speed: Speed = "none"  # seed 003 "Velocidad"
    running: bool = False  # SW-6
    rof: int = Field(default=1, ge=1, le=6)  # trait dice used (rate of fire)
    shotgun: bool = False  # SW-23: shot, +2 and 3d6/2d6/1d6
    improvised: bool = False  # seed 003: -2
    thrown: bool = False  # SW-10: Athletics to throw
    engaged: bool = False  # seed 000/003: ranged attack while in melee, TN = Parry
    shoot_out_of_melee: bool = False  # ...at a foe outside the melee: attacker Vulnerable
    target_adjacent: bool = False  # SW-21: prone target within 2 steps (no -4 to ranged)
    mounted: bool = False  # seed 003: rider uses the lower of Fighting and Riding
    charge: bool = False  # seed 003: mounted charge +4 damage
    the_drop: bool = False  # seed 003 "Superioridad": +4 attack and damage
    damage: str | None = None  # damage notation overriding the weapon's
    ap: int = Field(default=0, ge=0, le=WEAPON_AP[1])  # extra armour piercing (issue 21)
    free_attack: bool = False  # SW-25: free attack (leaving melee); ignores Defend
    modifier: int = Field(default=0, ge=-20, le=20)  # a situational one the GM gives


_OPTIONS_JSON: dict[tuple[object, ...], dict[str, object]] = {}
_OPTIONS_JSON_MAX = 256
_ATOMS = (str, int, bool, type(None))


def options_json(options: AttackOptions) -> dict[str, object]:
    """``options.model_dump(mode="json")``, what an attack's record keeps (SW-35): a new
    dict each call, dumped once per distinct options (issue 32: an attack's options are
    nearly always the same few dozen flags; the dump was a tenth of its rules)."""
    values = tuple(options.__dict__.values())
    key = (type(options), *map(type, values), *values)
    try:
        dumped = _OPTIONS_JSON.get(key)
    except TypeError:  # a value that cannot be a key (a list, say): dumped afresh
        return options.model_dump(mode="json")
    if dumped is None:
        dumped = options.model_dump(mode="json")
        if not all(type(v) in _ATOMS for v in dumped.values()):
            return dumped  # a container would be shared: dumped afresh each time
        if len(_OPTIONS_JSON) >= _OPTIONS_JSON_MAX:
            _OPTIONS_JSON.clear()
        _OPTIONS_JSON[key] = dumped
    return dict(dumped)


# --- conditions ------------------------------------------------------------------------


def has_condition(c: SwadeCombatant, name: str) -> bool:
    """Whether ``name`` is stored on ``c`` (implied conditions not included)."""
    return any(cond.name == name for cond in c.conditions)


def is_distracted(c: SwadeCombatant, state: SwadeState) -> bool:
    """SW-6/SW-16/SW-20: Entangled, Bound and Stunned imply Distracted (applied once).
    With the SW-20 setting ``entangled_vulnerable`` Entangled no longer distracts.
    (The conditions module's reading, shared.)"""
    return swade_conditions.has_condition(c, DISTRACTED, state.settings)


def is_vulnerable(c: SwadeCombatant, state: SwadeState) -> bool:
    """SW-16/SW-17/SW-20: Vulnerable, Bound and Stunned targets give +2; Entangled too
    under the ``entangled_vulnerable`` setting. SW-19: so does a grappler while it holds
    a Bound foe."""
    if swade_conditions.has_condition(c, VULNERABLE, state.settings):
        return True
    if swade_conditions.holding_bound(c, state) is not None:
        return True
    return has_condition(c, ENTANGLED) and state.settings.entangled_vulnerable


def add_timed_condition(state: SwadeState, c: SwadeCombatant, name: str) -> list[Event]:
    """SW-17: Distracted and Vulnerable last until the end of the affected character's
    next turn (the one after, if its turn is in progress); applying one again renews its
    end point. Delegates to :func:`bot.systems.swade.conditions.apply_condition`.
    Mutates ``c``."""
    return swade_conditions.apply_condition(state, c, name)


def end_hold(state: SwadeState, c: SwadeCombatant) -> list[Event]:
    """SW-34: being Shaken, Stunned or incapacitated ends a Hold (conditions module)."""
    events: list[Event] = []
    swade_conditions.lose_hold(state, c, events)
    return events


def add_condition(c: SwadeCombatant, name: str) -> None:
    """A condition that lasts until removed (prone; Entangled and Bound replace each
    other, SW-20). Mutates ``c``."""
    if name in (ENTANGLED, BOUND):
        c.conditions = [x for x in c.conditions if x.name not in (ENTANGLED, BOUND)]
    if not has_condition(c, name):
        c.conditions.append(Condition(name=name))


def remove_condition(c: SwadeCombatant, name: str) -> None:
    c.conditions = [x for x in c.conditions if x.name != name]


# --- modifiers -------------------------------------------------------------------------


def state_trait_modifiers(
    c: SwadeCombatant, state: SwadeState, *, acting: bool = False
) -> list[Modifier]:
    """SW-6: what applies to every trait roll of ``c``: wounds -1 each (at most -3),
    fatigue -1/-2, Distracted -2 (once, whatever causes it), Joker +2, support received
    (SW-24). ``acting``: the roll is one of ``c``'s own actions, so the declared
    multi-action penalty of its turn applies too (SW-36: never to a soak, a resisting
    roll or anything rolled in someone else's turn)."""
    # Wounds, fatigue, Distracted and Joker come from the conditions module (one reading,
    # its keys: swade.mod.*).
    mods: list[Modifier] = list(swade_conditions.trait_modifiers(c, state))
    if acting:
        mods += multi_action_modifiers(state, c)
    if c.support_bonus:
        mods.append(("swade.combat.mod.support", max(-2, min(c.support_bonus, MAX_SUPPORT))))
    return mods


def power_light_modifiers(target: SwadeCombatant, *, dark: bool) -> list[Modifier]:
    """SW-41 Glow/Shroud (``bot.systems.swade.power_effects``) on attacks against
    ``target``: Shroud -1; Glow negates one point of an illumination penalty (``dark``:
    the attack has one)."""
    kinds = {e.kind for e in target.power_effects}
    mods: list[Modifier] = []
    if "shroud" in kinds:
        mods.append(("swade.powers.mod.shroud", -1))
    if "glow" in kinds and dark:
        mods.append(("swade.powers.mod.glow", 1))
    return mods


def power_stealth_modifiers(c: SwadeCombatant) -> list[Modifier]:
    """SW-41 Glow/Shroud on ``c``'s own Stealth rolls: Glow -2, Shroud +1."""
    kinds = {e.kind for e in c.power_effects}
    mods: list[Modifier] = []
    if "glow" in kinds:
        mods.append(("swade.powers.mod.glow_stealth", -2))
    if "shroud" in kinds:
        mods.append(("swade.powers.mod.shroud_stealth", 1))
    return mods


def joker_damage_bonus(c: SwadeCombatant, state: SwadeState) -> int:
    """SW-6/SW-33: a Joker adds +2 to damage rolls that round too."""
    return 2 if swade_conditions.has_joker(c, state) else 0


def is_armed(c: SwadeCombatant) -> bool:
    """A combatant with any weapon listed counts as armed (natural weapons are listed as
    weapons and count as armed, seed 000 "Armas naturales")."""
    return bool(c.weapons)


def option_modifiers(opts: AttackOptions, *, melee: bool) -> list[Modifier]:
    """SW-10, SW-21..SW-23 and seed 003: the declared situational modifiers, and
    any other one the GM gives (``modifier``, listed as "situational"); the non-zero
    ones, in this order (issue 32: one table, not a call per modifier)."""
    if opts.called_shot == "unarmored":
        called = opts.called_penalty
    else:
        called = CALLED_SHOT_MODS[opts.called_shot]
    if melee:
        by_kind: tuple[tuple[str, int], ...] = (
            ("swade.combat.mod.gang_up", min(opts.gang_up, MAX_GANG_UP)),
            ("swade.combat.mod.two_weapons", 1 if opts.two_weapons else 0),
            ("swade.combat.mod.touch", 2 if opts.touch else 0),
        )
    else:
        by_kind = (
            (
                "swade.combat.mod.unstable_platform",
                -2 if opts.unstable_platform or opts.mounted else 0,
            ),
            ("swade.combat.mod.recoil", -2 if opts.rof > 1 else 0),
            ("swade.combat.mod.shotgun", 2 if opts.shotgun else 0),
        )
    declared = (
        ("swade.combat.mod.range", 0 if melee else RANGE_MODS[opts.range]),
        ("swade.combat.mod.cover", COVER_MODS[opts.cover]),
        ("swade.combat.mod.illumination", ILLUMINATION_MODS[opts.illumination]),
        ("swade.combat.mod.called_shot", called),
        *by_kind,
        ("swade.combat.mod.off_hand", -2 if opts.off_hand else 0),
        ("swade.combat.mod.nonlethal_edged", -1 if opts.nonlethal and opts.edged else 0),
        ("swade.combat.mod.scale", SCALE_MODS[opts.target_scale] - SCALE_MODS[opts.attacker_scale]),
        ("swade.combat.mod.speed", SPEED_MODS[opts.speed]),
        ("swade.combat.mod.running", -2 if opts.running else 0),
        ("swade.combat.mod.improvised", -2 if opts.improvised else 0),
        ("swade.combat.mod.the_drop", 4 if opts.the_drop else 0),
        ("swade.combat.mod.situational", opts.modifier),
    )
    return [(key, value) for key, value in declared if value]


# SW-24: the penalties Aim may ignore (seed 003: range, cover, called shots, scale, speed).
AIM_IGNORABLE = {
    "swade.combat.mod.range",
    "swade.combat.mod.cover",
    "swade.combat.mod.called_shot",
    "swade.combat.mod.scale",
    "swade.combat.mod.speed",
}


def aim_modifier(mods: list[Modifier]) -> Modifier:
    """SW-24 Aim: ignore up to 4 points of range, cover, called-shot, scale and speed
    penalties, or +2 when there are none of those."""
    penalty = -sum(v for k, v in mods if k in AIM_IGNORABLE and v < 0)
    if penalty == 0:
        return ("swade.combat.mod.aim", AIM_BONUS)
    return ("swade.combat.mod.aim", min(penalty, AIM_IGNORES))


def total(mods: list[Modifier]) -> int:
    return sum(v for _, v in mods)


# --- trait rolls of maneuvers --------------------------------------------------------------

ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")


def trait_and_modifiers(
    c: SwadeCombatant,
    state: SwadeState,
    name: str,
    *,
    extra: list[Modifier] | None = None,
    acting: bool = False,
) -> tuple[Trait | None, list[Modifier]]:
    """The trait ``c`` rolls for ``name`` (None: an unskilled skill) and every modifier
    :func:`roll_trait` applies to it (``acting``: see :func:`state_trait_modifiers`)."""
    mods = state_trait_modifiers(c, state, acting=acting) + list(extra or [])
    if name == "stealth":
        mods += power_stealth_modifiers(c)  # SW-41 Glow/Shroud
    if name in ATTRIBUTES:
        trait: Trait | None = c.attributes.get(name, Trait())
    else:
        trait = c.skills.get(name)
    if trait is not None and trait.bonus:
        mods.append(("swade.combat.mod.trait_bonus", trait.bonus))
    return trait, mods


def roll_trait(
    c: SwadeCombatant,
    state: SwadeState,
    dice: DiceSource,
    name: str,
    *,
    extra: list[Modifier] | None = None,
    tn: int = 4,
    acting: bool = False,
) -> tuple[TraitResult, list[Modifier]]:
    """``c`` rolls attribute or skill ``name`` (SW-1) with its SW-6 modifiers, any
    support received (then spent, SW-24) and ``extra``; ``acting``: one of its own
    actions (SW-36 multi-action penalty). A missing skill is unskilled (SW-5, d4 -2).
    Mutates ``c`` (support spent): call it on a copied state."""
    trait, mods = trait_and_modifiers(c, state, name, extra=extra, acting=acting)
    roll = trait_roll(
        dice,
        trait.die if trait is not None else 4,
        modifier=total(mods),
        tn=tn,
        wild_die=6 if c.wild_card else None,
        unskilled=trait is None,
    )
    c.support_bonus = 0
    return roll, mods
