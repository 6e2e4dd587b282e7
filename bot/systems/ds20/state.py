"""Dread S-20 encounter state (seed 004, RULES-NOTES DS-1..DS-11). Pure pydantic models.

Everything the board shows lives here: the initiative order (``turn_order``/``current``),
the wound boxes per level (``capacity`` and ``wounds``), the health state, Agotamiento,
defences made this round, ammunition in each weapon, and the attack waiting for the
defender's answer (``pending``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.systems.base import RuleError
from bot.systems.common import CombatantCore, StateCore, owned_by_id

WoundLevel = Literal["R", "HL", "HG"]
LEVELS: tuple[WoundLevel, ...] = ("R", "HL", "HG")

# "ok": no HG, or HG treated by first aid (DS-12: out of Grave, healing); "grave": one or
# more HG within capacity (or stabilised); "agony": one HG beyond capacity (DS-8); "dead".
HealthState = Literal["ok", "grave", "agony", "dead"]

# Which skill a weapon is used with: Pelea, Armas C.C. or Armas de Fuego.
WeaponKind = Literal["pelea", "cc", "fuego"]

# Firearm class for "vaciar el cargador" limits (DS-11) and jams (revolvers never jam).
FireClass = Literal["sniper", "revolver", "shotgun", "pistol", "assault", "other"]

# Armour coverage (DS-7): the part and what it adds to the armour score.
BodyPart = Literal["cabeza", "brazos", "torso", "piernas"]
ARMOR_PART_SCORE: dict[str, int] = {"cabeza": 2, "brazos": 4, "torso": 8, "piernas": 4}

# Canonical (normalised) skill names the rules look up.
FORTALEZA = "fortaleza"
DESTREZA = "destreza"
PELEA = "pelea"
ARMAS_CC = "armas c.c."
ARMAS_FUEGO = "armas de fuego"
ACROBACIA = "acrobacia"
PRIMEROS_AUXILIOS = "primeros auxilios"
INICIATIVA = "iniciativa"

SKILL_OF_KIND: dict[str, str] = {"pelea": PELEA, "cc": ARMAS_CC, "fuego": ARMAS_FUEGO}


class WoundTrack(BaseModel):
    """Boxes per wound level: as capacity (how many boxes) or as filled boxes."""

    r: int = 0
    hl: int = 0
    hg: int = 0

    def get(self, level: WoundLevel) -> int:
        return {"R": self.r, "HL": self.hl, "HG": self.hg}[level]

    def add(self, level: WoundLevel, n: int = 1) -> None:
        if level == "R":
            self.r += n
        elif level == "HL":
            self.hl += n
        else:
            self.hg += n


class DSWeapon(BaseModel):
    """A weapon: damage as MHL/MHG (DS-6), the skill it uses, and for firearms the
    effective range in metres, the magazine (capacity and bullets left) and its class."""

    name: str
    kind: WeaponKind
    mhl: int
    mhg: int
    range_m: int | None = None
    magazine: int | None = None  # capacity; None: not tracked
    ammo: int | None = None  # bullets left in the magazine
    fire_class: FireClass | None = None
    automatic: bool = False
    jam: Literal["minor", "major"] | None = None
    jam_progress: int = 0  # consecutive successful actions towards clearing a major jam
    damaged: bool = False
    dropped: bool = False  # disarmed: on the floor


class DSArmor(BaseModel):
    """Armour (DS-7): covered parts, the score rolled under, extra absorption levels."""

    parts: list[BodyPart] = Field(default_factory=list)
    score: int = 0
    extra: int = 0


class Technique(BaseModel):
    """A GM-defined technique: a roll of ``skill`` activates it (one per turn, DS-4); the
    next attack then gets ``bonus`` bonus d4s and ``damage`` points added to damage."""

    name: str
    skill: str
    bonus: int = 0
    damage: int = 0


class DSCombatant(CombatantCore):
    side: str = "foes"  # "heroes" / "foes" (or any GM name): DS-3 ties
    group: str | None = None  # similar foes sharing one initiative roll (DS-3)
    scores: dict[str, int] = Field(default_factory=dict)  # normalised name -> score
    score_names: dict[str, str] = Field(default_factory=dict)  # normalised -> as written
    capacity: WoundTrack = Field(default_factory=lambda: WoundTrack(r=4, hl=3, hg=3))
    wounds: WoundTrack = Field(default_factory=WoundTrack)
    armor: DSArmor | None = None
    fatigue: int = 0  # Agotamiento marked
    fatigue_max: int = 3
    health: HealthState = "ok"
    treated: bool = False  # DS-12: first aid took it out of Grave: heals normally
    weapons: list[DSWeapon] = Field(default_factory=list)
    techniques: list[Technique] = Field(default_factory=list)

    # initiative (DS-3)
    init_roll: int | None = None
    initiative: int | None = None  # 1d10 + Iniciativa
    tiebreak: list[int] = Field(default_factory=list)

    # conditions
    prone: bool = False
    unconscious: bool = False
    grappled_by: str | None = None
    grappling: str | None = None

    # per turn / per round counters (DS-4, DS-5, DS-9, DS-11)
    defences: int = 0  # defences since its own turn started
    extra_actions: int = 0  # declared at the start of its turn
    actions_used: int = 0
    technique_rolled: bool = False
    active_technique: str | None = None
    enduring_pain: bool = False  # Aguantar el dolor this turn
    aim: int = 0  # aim bonuses for the next shot (max 3)
    empty_used: int = 0  # penalties taken this turn to empty the magazine
    no_move_next_turn: bool = False  # dodged extra bullets (DS-11)


class PendingAttack(BaseModel):
    """An attack waiting for the defender's answer (dodge, block or none; DS-5).

    ``maneuver``: "attack" (damage), "stun" (DS-10), "grapple", "knock_down", or
    "bullets" (the extra bullets of an emptied magazine, dodge only, DS-11)."""

    maneuver: Literal["attack", "stun", "grapple", "knock_down", "bullets"]
    attacker_id: str
    target_id: str
    weapon: str
    kind: WeaponKind
    margin: int  # the attack's margin after DS-2
    damage_bonus: int = 0  # technique points added at the damage phase
    called: BodyPart | None = None
    extra_damage: int = 0  # "bullets": the extra bullets' damage that a dodge may reduce
    base_damage: int = 0  # "bullets": the first shot's damage, not dodgeable
    roll: dict | None = None


class DS20State(StateCore):
    system: Literal["ds20"] = "ds20"
    round: int = 0
    combatants: list[DSCombatant] = Field(default_factory=list)
    turn_order: list[str] = Field(default_factory=list)  # ids, high to low (DS-3)
    current: int = -1  # index into turn_order; -1: combat not started
    pending: PendingAttack | None = None

    def get(self, combatant_id: str) -> DSCombatant:
        found = owned_by_id(self.combatants, combatant_id)
        if found is None:
            raise RuleError("ds20.error.unknown_combatant", id=combatant_id)
        return found

    @property
    def current_id(self) -> str | None:
        if 0 <= self.current < len(self.turn_order):
            return self.turn_order[self.current]
        return None
