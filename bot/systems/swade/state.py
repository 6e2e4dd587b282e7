"""Savage Worlds encounter state (seeds 001, 000, 003). Pure pydantic models.

Owned by the SWADE encounter work (deck, turns, conditions, stat blocks). Combat rules
add their fields in the section marked ``combat fields`` so the two do not collide.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.systems.common import CombatantCore, StateCore
from bot.systems.swade.power_models import ActivePower, LingeringDamage, PowerDef, PowerEffect

Side = Literal["heroes", "foes", "neutral"]


class Trait(BaseModel):
    """A trait die: ``die`` in 4..12, ``bonus`` for d12+1 and the like. Frozen (a changed
    trait is a new one, as injuries do): validated combatants share equal traits."""

    model_config = ConfigDict(frozen=True)

    die: int = 4
    bonus: int = 0


class Weapon(BaseModel):
    name: str
    damage: str = ""  # as written: "Fue+d6", "2d6", "Str+d8"
    ap: int = 0
    rof: int = 1
    range: str = ""  # "12/24/48" in steps/inches
    shots: int | None = None  # magazine; None = not tracked
    reach: int = 0
    notes: str = ""


class Power(BaseModel):
    """A power on a sheet (SW-39): its name as written and its Power Point cost (``None``
    when the sheet does not give one); ``notes`` keeps the rest of its parenthesis
    (trappings, page numbers). Frozen: a sheet's powers are replaced whole, never changed
    in place. How a power works in play is issue 19's (powers defined as data)."""

    model_config = ConfigDict(frozen=True)

    name: str
    cost: int | None = None
    notes: str = ""


ConditionEnd = Literal["removed", "turn_end", "turn_start"]


class Condition(BaseModel):
    """A condition and when it ends.

    ``name`` is a canonical id (``bot.systems.swade.conditions.CONDITIONS``).
    ``ends``: ``"removed"`` lasts until removed; ``"turn_end"`` ends at the end of one of
    its owner's turns (SW-17 Distracted/Vulnerable); ``"turn_start"`` at the start of one
    (SW-21 Defend). ``turns_left`` counts the owner's turn ends (or starts) still to come,
    the one that removes it included: 1 = its next turn (or the one in progress), 2 = the
    one after. It is the authority; ``ends_after_turn_of`` (the owner's id) and
    ``ends_round`` (the round that turn is expected in, an estimate for the board: a Hold
    can move it) are for display. A condition with ``ends="removed"`` but both
    ``ends_after_turn_of`` and ``ends_round`` set (the round-stamped form) ends at the end
    of that owner's turn once the round reaches ``ends_round``.
    """

    name: str
    ends: ConditionEnd = "removed"
    turns_left: int = 0
    ends_after_turn_of: str | None = None
    ends_round: int | None = None


class Effect(BaseModel):
    """A custom effect (issue 18): free text a GM or player names (``Bendecido``,
    ``volando``), shown on the board; no rule reads it. ``turns_left`` counts its owner's
    turn ends still to come, the one that removes it included (as
    :class:`Condition`'s): 1 = it ends at the end of its next turn (or of the one in
    progress); 0 = until removed. Frozen: a changed effect is a new one."""

    model_config = ConfigDict(frozen=True)

    name: str
    turns_left: int = 0


class Card(BaseModel):
    """An action card: rank 2..14 (11 J, 12 Q, 13 K, 14 A), suit S/H/D/C, or a Joker
    (``joker`` True, suit R or B). Frozen: the deck's copies share their cards."""

    model_config = ConfigDict(frozen=True)

    rank: int = 0
    suit: str = ""
    joker: bool = False


V = TypeVar("V", bound=BaseModel)

# One instance of each small frozen value that every combatant repeats (a handful of
# trait dice, the 54 cards). Validation puts these in place of equal copies, so a
# hundred cached encounters hold ~60 shared objects instead of ~15,000 that each of the
# garbage collector's full collections would walk (about 1 µs apiece: tens of ms of
# pause under load). Bounded: past the limit, values are simply not shared.
_SHARED: dict[tuple[Any, ...], BaseModel] = {}
_SHARED_LIMIT = 4096


def shared(value: V) -> V:
    """The canonical instance equal to the frozen ``value`` (``value`` itself the first
    time)."""
    key = (type(value), *value.__dict__.values())
    found = _SHARED.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    if len(_SHARED) < _SHARED_LIMIT:
        _SHARED[key] = value
    return value


# The fields a record keeps a copy of, to put back (issue 28: a restore writes back these
# and nothing else, after checking them as an import would: bot.systems.swade.bounds).
HIT_FIELDS = frozenset(
    {"wounds", "shaken", "incapacitated", "dead", "bleeding_out", "knocked_out_hours",
     "injuries", "injury_log", "attributes", "hindrances"}
)  # fmt: skip
"""What a hit may change on its target (SW-12, SW-13); soak and an incapacitation reroll
put them back (``last_hit``, ``last_incapacitation``)."""
TURN_VIGOR_FIELDS: dict[str, frozenset[str]] = {
    "bleeding": frozenset({"dead", "bleeding_out"}),
    "stunned": frozenset({"conditions"}),
}
"""What a start-of-turn Vigor roll may change (SW-16, bleeding out): ``last_turn_vigor``."""
REROLL_RECORDS = (
    "last_hit",
    "last_attack",
    "last_maneuver",
    "last_incapacitation",
    "last_turn_vigor",
    "last_trait",
)
"""What a combatant keeps of its last rolls for a benny reroll or a soak (issue 28:
checked as an import checks a state, by ``bot.systems.swade.bounds``)."""
SNAPSHOT_EXCLUDE = frozenset({"last_attack", "last_maneuver"})
"""Fields a whole-combatant snapshot leaves out: a combatant's own reroll records (they
would nest). ``last_attack`` and ``last_maneuver`` keep snapshots of every combatant
they involve, as they were before."""


class SwadeCombatant(CombatantCore):
    wild_card: bool = False
    side: Side = "foes"
    group: str | None = None  # Extras sharing one action card (SW-31)
    # agility, smarts, spirit, strength, vigor
    attributes: dict[str, Trait] = Field(default_factory=dict)
    skills: dict[str, Trait] = Field(default_factory=dict)  # lower-case English names
    pace: int = 6
    parry: int = 2
    toughness: int = 4  # total, armour included
    armor: int = 0  # the armour part of toughness (SW-12: AP lowers only this)
    size: int = 0
    edges: list[str] = Field(default_factory=list)  # canonical English ids: "level_headed"...
    hindrances: list[str] = Field(default_factory=list)
    # Issue 31: a hindrance's severity as the sheet gives it (id -> "major"/"minor").
    hindrance_severity: dict[str, Literal["major", "minor"]] = Field(default_factory=dict)
    weapons: list[Weapon] = Field(default_factory=list)
    power_points: int | None = None
    max_power_points: int | None = None
    # --- sheet fields (stat blocks, issue 16; defaults keep old states and exports valid) ---
    # SW-39: the arcane background ("magic", "miracles", "psionics", "weird_science",
    # "gifted", or another as an id), the skill it rolls, and the powers with their costs.
    arcane_background: str | None = None
    arcane_skill: str | None = None
    powers: list[Power] = Field(default_factory=list)
    gear: list[str] = Field(default_factory=list)  # items that are not weapons, as written
    abilities: list[str] = Field(
        default_factory=list
    )  # special abilities the bot keeps, not applies
    note: str = ""  # issue 31: what describes it (a book's line, savaged.us's rank and race)
    bennies: int = 0  # a GM Wild Card's own pool (SW-35); players' pools live in the ledger
    wounds: int = 0
    max_wounds: int = 3
    fatigue: int = 0  # 0, 1 Fatigued, 2 Exhausted, 3 incapacitated
    shaken: bool = False
    conditions: list[Condition] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)  # custom effects (issue 18)
    card: Card | None = None
    on_hold: bool = False
    incapacitated: bool = False
    dead: bool = False
    injuries: list[str] = Field(default_factory=list)
    # SW-34: the round in which it went on Hold (the Hold lasts that round and the next)
    hold_round: int | None = None
    # the round its ``card`` was dealt (SW-33: the Joker's +2 is for that round only)
    card_round: int | None = None

    # --- combat fields (SWADE combat rules add theirs below) ---
    # SW-14: the last hit taken, with the target's fields before it, so soak undoes it.
    last_hit: dict[str, object] | None = None
    # SW-4/SW-35: the last attack made, so a benny reroll can redo it (bot.systems.swade.combat).
    last_attack: dict[str, object] | None = None
    grappling: str | None = None  # SW-19: id of the foe this one holds
    grappled_by: str | None = None  # SW-19: id of the grappler holding this one
    # SW-6/SW-36 multi-action (bot.systems.swade.actions): actions declared for its turn
    # (1..3) and taken in it, valid in round ``actions_round`` for the turn of
    # ``actions_turn`` (the leader id of the turn in progress; None: no turn running).
    actions_declared: int = 1
    actions_taken: int = 0
    actions_round: int | None = None
    actions_turn: str | None = None
    defending: bool = False  # SW-21 Defend: +4 Parry until its next turn
    aiming: bool = False  # SW-24 Aim: spent on its next ranged attack
    support_bonus: int = 0  # SW-24 Support received, spent on its next trait roll (max +4)
    bleeding_out: bool = False  # SW-13
    knocked_out_hours: int | None = None  # SW-25 nonlethal: unconscious 1d6 hours
    injury_log: list[dict[str, object]] = Field(default_factory=list)  # SW-13 injury details
    # SW-4/SW-35: the last maneuver it started (trick, push, grapple...), for benny rerolls.
    last_maneuver: dict[str, object] | None = None
    # SW-4/SW-13/SW-35: its last incapacitation Vigor roll (the roll, the injury and its
    # fields before and after), so a benny reroll can redo it (bot.systems.swade.damage).
    last_incapacitation: dict[str, object] | None = None
    # SW-4/SW-16/SW-35: its last start-of-turn Vigor roll (Stunned or bleeding out), so a
    # benny reroll can redo it during that turn (bot.systems.swade.turns).
    last_turn_vigor: dict[str, object] | None = None
    # SW-4/SW-35: its last trait roll from the sheet (/trait), so a benny reroll can redo
    # it with the same die, modifiers and TN (bot.systems.swade.sheet_rolls).
    last_trait: dict[str, object] | None = None
    # --- powers (issue 19; bot.systems.swade.powers) ---
    # SW-42: the powers this caster maintains, and what active powers changed on this
    # combatant (undone when they end); SW-41: Lingering Damage due at its next turn.
    maintaining: list[ActivePower] = Field(default_factory=list)
    power_effects: list[PowerEffect] = Field(default_factory=list)
    lingering: list[LingeringDamage] = Field(default_factory=list)

    # The records above, the custom effects, and the sheet's powers, gear and abilities, are only ever
    # replaced whole (``c.last_hit = {...}``), never changed in place: a copy shares them
    # (RulesModel).
    __copy_shares__ = (
        "effects",
        "powers",
        "gear",
        "abilities",
        *REROLL_RECORDS,
        "maintaining",
        "power_effects",
        "lingering",
    )

    @model_validator(mode="after")
    def _share_frozen_values(self) -> SwadeCombatant:
        for traits in (self.attributes, self.skills):
            for name, trait in traits.items():
                traits[name] = shared(trait)
        if self.card is not None:
            self.__dict__["card"] = shared(self.card)
        return self


class SwadeSettings(BaseModel):
    """RULES-NOTES settings: SW-20 Entangled variant, SW-33 villain Jokers, SW-12 wound cap,
    SW-40 a failed activation costs the full cost instead of 1 Power Point."""

    entangled_vulnerable: bool = False
    villain_jokers: bool = False
    wound_cap: bool = False
    failed_cast_full_cost: bool = False


class SwadeState(StateCore):
    system: Literal["swade"] = "swade"
    round: int = 0
    combatants: list[SwadeCombatant] = Field(default_factory=list)
    settings: SwadeSettings = Field(default_factory=SwadeSettings)
    deck: list[Card] = Field(default_factory=list)  # draw pile, top = index 0
    discard: list[Card] = Field(default_factory=list)
    joker_dealt: bool = False  # a Joker was dealt this round: reshuffle before next deal
    turn_order: list[str] = Field(default_factory=list)  # combatant ids (group leaders), card order
    current: int = -1  # index into turn_order of the last card reached; -1 = round not started
    active: str | None = None  # leader id of the turn in progress (a holder acting included)
    suspended: str | None = None  # leader id whose turn a holder interrupted (SW-34); resumes next
    hold_queue: list[str] = Field(default_factory=list)  # holders acting after the active turn
    acted: list[str] = Field(default_factory=list)  # leader ids whose turn came this round
    # SW-39: powers the GM defined for this encounter (bot.systems.swade.power_defs)
    power_defs: list[PowerDef] = Field(default_factory=list)

    __copy_lists__ = ("deck", "discard", "power_defs")  # of frozen models (RulesModel)

    @model_validator(mode="after")
    def _share_cards(self) -> SwadeState:
        for pile in (self.deck, self.discard):
            pile[:] = [shared(card) for card in pile]
        return self
