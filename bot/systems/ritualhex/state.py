"""Ritual Hex encounter state (seed 002). Pure pydantic models.

Everything the board shows lives here: the needle, each combatant's AP level,
preparation and waiting points on the body card and on each limb, damage against HP
(general and per limb), inactive limbs, equipment, the ground, and the open reaction
chain with who may react next (:attr:`RitualHexState.awaiting`).
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, Field

from bot.systems.common import CombatantCore, StateCore, owned_by_id, raw_items

STATS: tuple[str, ...] = ("ap", "hp", "str", "def", "per", "mag", "dr")
"""Sheet characteristics, canonical lower-case ids (seed 002, 'Combatientes')."""

CHECK_STATS: tuple[str, ...] = ("str", "def", "per", "mag")
"""The characteristics a check may name as CO or CD (RH-2)."""

AP_CAP = 15
"""RH-5: AP levels above 15 are cut to 15 at round start; the needle starts at 15."""

ActionKind = Literal["attack", "spell", "defense", "act"]
ACTION_KINDS: tuple[str, ...] = ("attack", "spell", "defense", "act")

Side = Literal["hero", "minion"]


class LimbNeed(BaseModel):
    """A limb an action needs: ``kind`` is the limb kind ("mano", "pies"...; "*" any),
    ``free`` means without equipment (seed: 'Requiere mano sin equipo'), ``equipped``
    means holding equipment."""

    kind: str
    count: int = 1
    free: bool = False
    equipped: bool = False


class CheckDef(BaseModel):
    """``<CO>[difficulty]<CD>`` (RH-2): ``co``/``cd`` are stat ids or None."""

    co: str | None = None
    difficulty: int
    cd: str | None = None


class Amount(BaseModel):
    """``Nd+X|M`` (RH-3): ``count`` d6 (0: a flat ``-minus``), minus ``minus``, at least
    ``minimum``."""

    count: int = 0
    minus: int = 0
    minimum: int = 0

    def text(self) -> str:
        """As the seed writes it (RH-3): ``1d-2|1``, ``1d``, ``2d+1``; a flat amount as
        its number."""
        if self.count == 0:
            return str(max(-self.minus, self.minimum))
        out = f"{self.count}d"
        if self.minus > 0:
            out += f"-{self.minus}"
        elif self.minus < 0:
            out += f"+{-self.minus}"
        if self.minimum:
            out += f"|{self.minimum}"
        return out


EffectKind = Literal["damage", "heal", "waiting", "cancel", "retarget"]


class EffectDef(BaseModel):
    """One effect of a successful action (RH-11): ``damage`` and ``heal`` and
    ``waiting`` use ``amount``; ``cancel`` makes the answered action fail; ``retarget``
    makes the reactor the target of the answered action (Proteger)."""

    kind: EffectKind
    amount: Amount | None = None


Trigger = Literal["any", "self", "ally"]


class ActionDef(BaseModel):
    """An action or reaction (seed 002 'Acciones', RH-11). See
    :mod:`bot.systems.ritualhex.actions` for the text format.

    ``reacts_to`` set: it is a reaction, usable only in a chain, against actions of those
    kinds; ``trigger`` says whose being targeted allows it ("self": the reactor is a
    target; "ally": an ally of the reactor is; "any"). A reaction's check and effects
    aim at the author of the action it answers. ``targets`` is the number of combatants
    an action aims at (0: none); ``self_target`` aims at the actor."""

    name: str
    kind: ActionKind = "act"
    cost: int = 0
    limbs: list[LimbNeed] = Field(default_factory=list)
    targets: int = 1
    self_target: bool = False
    check: CheckDef | None = None
    effects: list[EffectDef] = Field(default_factory=list)
    reacts_to: list[ActionKind] | None = None
    trigger: Trigger = "any"

    @property
    def is_reaction(self) -> bool:
        return self.reacts_to is not None


class Part(BaseModel):
    """A body part (seed 002). Limbs (``limb``) are used in actions and can be targeted,
    damaged (RH-4) and put in waiting (RH-7); other parts only carry equipment and are
    always active."""

    key: str
    kind: str
    limb: bool = False
    damage: int = 0
    waiting: int = 0


class Equipment(BaseModel):
    """A piece of equipment (RH-9). ``needs`` are the part kinds it occupies;
    ``worn_on`` the part keys it occupies now (empty: carried, not equipped).
    ``cost`` is the AP to equip it in combat (0: only out of combat); stowing costs half,
    rounded up; dropping is free. ``mods`` apply while equipped and its parts are
    active; ``actions`` need its parts active."""

    name: str
    needs: list[str] = Field(default_factory=list)
    worn_on: list[str] = Field(default_factory=list)
    cost: int = 0
    mods: dict[str, int] = Field(default_factory=dict)
    actions: list[ActionDef] = Field(default_factory=list)


ADVANTAGES: dict[str, tuple[str, int]] = {
    "velocidad": ("ap", 1),
    "salud": ("hp", 3),
    "fortaleza": ("str", 1),
    "esquivar": ("def", 1),
    "atencion": ("per", 1),
    "mistica": ("mag", 1),
    "resistencia": ("dr", 1),
}
"""RH-10: each advantage raises one characteristic; copies stack linearly."""

MULTI_ATTACK = "multiataque"


class RHCombatant(CombatantCore):
    """A hero (``is_pc``, side "hero") or a minion (the Dark Lord's)."""

    side: Side = "minion"
    base: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(STATS, 0))
    advantages: dict[str, int] = Field(default_factory=dict)
    parts: list[Part] = Field(default_factory=list)
    equipment: list[Equipment] = Field(default_factory=list)
    actions: list[ActionDef] = Field(default_factory=list)
    # round state
    ap_level: int = 0
    prep: int = 0
    waiting: int = 0  # on the body card (RH-7)
    damage: int = 0  # general damage, not on a limb (RH-4)

    # -- derived values the rules and the board use --------------------------------
    def part(self, key: str) -> Part | None:
        return next((p for p in self.parts if p.key == key), None)

    @property
    def limbs(self) -> list[Part]:
        return [p for p in self.parts if p.limb]

    def unmodified(self, stat: str) -> int:
        """Base value plus advantages (RH-10)."""
        value = self.base.get(stat, 0)
        for adv, copies in self.advantages.items():
            target = ADVANTAGES.get(adv)
            if target is not None and target[0] == stat:
                value += target[1] * copies
        return value

    def limb_threshold(self) -> int:
        """RH-4: a limb is inactive once its damage >= ceil(HP / 2)."""
        return math.ceil(self.unmodified("hp") / 2) if self.unmodified("hp") > 0 else 1

    def part_active(self, key: str) -> bool:
        p = self.part(key)
        if p is None:
            return False
        return not p.limb or p.damage < self.limb_threshold()

    def item_works(self, item: Equipment) -> bool:
        """Seed: bonuses and actions apply while equipped and its parts are active."""
        return bool(item.worn_on) and all(self.part_active(k) for k in item.worn_on)

    def stat(self, stat: str) -> int:
        """Base + advantages + modifiers of working equipment (seed 002, RH-9, RH-10).
        HP is not changed by equipment, so limb thresholds stay put."""
        value = self.unmodified(stat)
        if stat == "hp":
            return value
        for item in self.equipment:
            if item.mods.get(stat) and self.item_works(item):
                value += item.mods[stat]
        return value

    @property
    def total_damage(self) -> int:
        """RH-4: limb damage counts toward the total."""
        return self.damage + sum(p.damage for p in self.limbs)

    @property
    def active(self) -> bool:
        """RH-4: inactive once damage >= HP."""
        return self.total_damage < self.stat("hp")

    def item_on(self, key: str) -> Equipment | None:
        return next((e for e in self.equipment if key in e.worn_on), None)


class ChainLink(BaseModel):
    """One action or reaction in the open chain (RH-8).

    ``answers`` is the index of the link this reaction answers (None: the opening
    action). ``reacted`` are the combatants who already reacted to this link (never
    twice, seed); ``passed`` those who passed in the current window on it (reset each
    time the link is back on top of the chain, as the seed's example asks the Thrall
    again before the block resolves)."""

    author: str
    action: ActionDef
    source_item: str | None = None
    targets: list[str] = Field(default_factory=list)
    limb: str | None = None  # called shot (RH-4): +2 difficulty
    extra_difficulty: int = 0  # Multi-ataque follow-ups (RH-10 reading)
    using: list[str] = Field(default_factory=list)  # the author's limbs used
    answers: int | None = None
    protected: str | None = None  # for retarget: the ally taken out of the targets
    cancelled: bool = False
    spared: list[str] = Field(default_factory=list)  # targets a "self" cancel protects
    reacted: list[str] = Field(default_factory=list)
    passed: list[str] = Field(default_factory=list)

    @property
    def acts_on(self) -> list[str]:
        """Who the link is about, as the chain shows it: a protecting reaction (RH-11
        Proteger) the ally it protects, any other link its targets."""
        return [self.protected] if self.protected else list(self.targets)


class MultiAttack(BaseModel):
    """RH-10 reading of Multi-ataque: follow-up attacks left in this opportunity."""

    actor: str
    left: int
    made: int
    limbs_used: list[str] = Field(default_factory=list)


Phase = Literal["setup", "round", "over"]


class RitualHexState(StateCore):
    system: Literal["ritualhex"] = "ritualhex"
    round: int = 0
    combatants: list[RHCombatant] = Field(default_factory=list)
    phase: Phase = "setup"
    needle: int = AP_CAP
    chain: list[ChainLink] = Field(default_factory=list)
    awaiting: list[str] = Field(default_factory=list)  # who may still react, RH-6 order
    acting: list[str] = Field(default_factory=list)  # who may act at this opportunity
    multi_attack: MultiAttack | None = None
    ground: list[Equipment] = Field(default_factory=list)
    library: list[ActionDef] = Field(default_factory=list)  # the GM's actions (RH-11)

    def get(self, cid: str) -> RHCombatant | None:
        return owned_by_id(self.combatants, cid)

    def peek(self, cid: str) -> RHCombatant | None:
        """The combatant with ``cid`` to read only: never copied (it may be the object of
        the state this one was copied from, so it must not be changed)."""
        for c in raw_items(self.combatants):
            if c.id == cid:
                return c
        return None

    def by_id(self) -> dict[str, RHCombatant]:
        """Every combatant by id, to read only (see :meth:`peek`): one pass, no copy."""
        return {c.id: c for c in raw_items(self.combatants)}
