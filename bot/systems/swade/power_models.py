"""Savage Worlds powers as data (RULES-NOTES SW-39..SW-42). Pure pydantic models, no rules.

- :class:`PowerDef`: what a power is (SW-39): its names, Power Point cost, range,
  duration, template, whether it is resisted or may be evaded, and what a success and a
  raise do (:class:`EffectDef`). The GM writes them as text
  (:func:`bot.systems.swade.power_defs.parse_power_definition`); the bot ships a few
  generic examples (``power_lookup.EXAMPLES``).
- :class:`ActivePower`: a power its caster maintains (SW-42), kept on the caster
  (``SwadeCombatant.maintaining``) with its targets and the rounds left.
- :class:`PowerEffect`: what an active power changed on one target (a trait's die, its
  armour, Parry, Pace, Glow/Shroud), kept on that target (``power_effects``) so ending
  the power undoes exactly that.
- :class:`LingeringDamage`: the Lingering Damage modifier's second hit (SW-41), kept on
  the victim (``lingering``) until the start of its next turn.

Every model is frozen: a list of them is replaced whole, never changed in place (the
state's copies share them, ``RulesModel.__copy_shares__``).

These live on the combatants (the caster and its targets), not on the state, so the
benny reroll of an activation, which puts the combatants involved back as they were
(``maneuvers.run_maneuver``), puts the powers back too.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

from bot.i18n.renamed import current

RangeKind = Literal["touch", "self", "smarts", "steps"]
DurationKind = Literal["instant", "rounds", "until_ended"]
TemplateSize = Literal["small", "medium", "large", "cone"]  # SW-25 (combat.TEMPLATE_TARGETS)
EffectKind = Literal["damage", "heal", "trait", "armor", "toughness", "parry", "pace", "condition"]
# What a power may change on a target while it lasts (undone when it ends).
LastingKind = Literal["trait", "armor", "toughness", "parry", "pace", "glow", "shroud"]
# How events name a power in play (:meth:`PowerDef.label`); a shipped power's key kept
# in a state or an export from before the catalogue's rename is read as named now.
Label = Annotated[str, BeforeValidator(lambda v: current(v) if isinstance(v, str) else v)]


class EffectDef(BaseModel):
    """One effect of a success or a raise (SW-39).

    - ``damage``: ``dice`` (sides, e.g. ``(6, 6)`` for 2d6) plus ``bonus``, with ``ap``;
      applied like an attack's damage (SW-11..SW-14).
    - ``heal``: SW-43, one wound per success and raise.
    - ``trait``: ``value`` die steps (+1: d6 -> d8; -1: d8 -> d6) to ``trait`` (an
      attribute or skill id), or to the trait chosen when casting when ``trait`` is None.
    - ``armor`` / ``toughness`` / ``parry`` / ``pace``: ``value`` points while it lasts
      (armour raises Toughness too: Toughness includes it).
    - ``condition``: puts the target under ``condition`` (a ``conditions.CONDITIONS`` id).
    """

    model_config = ConfigDict(frozen=True)

    kind: EffectKind
    dice: tuple[int, ...] = ()
    bonus: int = 0
    ap: int = 0
    value: int = 0
    trait: str | None = None
    condition: str | None = None


class PowerDef(BaseModel):
    """A power (SW-39). ``name_es``/``name_en`` name it in each language (the same text
    when the GM gave one name); ``aliases`` are other names it answers to. ``range``:
    touch, self (the caster only), Smarts (in steps) or ``range_steps`` steps.
    ``duration``: instant, ``rounds`` rounds (ending at the end of the caster's turn,
    SW-42), or until the caster ends it. ``raise_effects`` None: a raise does what a
    success does, and damage gets the +1d6 raise die (SW-11). ``template``: an area
    power (SW-25: 2/3/3/4 targets without a map). ``opposed``: the trait the targets
    resist with (SW-7) instead of the power working on the activation alone.
    ``evasion``: targets may evade it with Agility -2 (SW-25). ``targets``: how many
    targets a power without a template takes. ``example``: shipped by the bot, the GM
    may define another with the same name."""

    model_config = ConfigDict(frozen=True)

    id: str
    name_es: str
    name_en: str
    aliases: tuple[str, ...] = ()
    cost: int
    range: RangeKind = "smarts"
    range_steps: int | None = None
    duration: DurationKind = "instant"
    rounds: int = 0
    success: tuple[EffectDef, ...] = ()
    raise_effects: tuple[EffectDef, ...] | None = None
    template: TemplateSize | None = None
    opposed: str | None = None
    evasion: bool = False
    targets: int = 1
    example: bool = False
    notes: str = ""

    def kinds(self) -> set[str]:
        """The effect kinds of its success and raise."""
        return {e.kind for e in (*self.success, *(self.raise_effects or ()))}

    @property
    def lasting(self) -> bool:
        """SW-42: maintained (a duration in rounds, or until ended)."""
        return self.duration != "instant"

    def label(self) -> str:
        """How events name it: a shipped example by its catalogue key
        (``swade.powers.power.<id>``, in the reader's language); the GM's by its name,
        both names when it gave two."""
        if self.example:
            return f"swade.powers.power.{self.id}"
        if self.name_es == self.name_en:
            return self.name_es
        return f"{self.name_es} / {self.name_en}"


class PowerEffect(BaseModel):
    """What active power ``source`` (``"<caster id>:<power id>"``) changed on the combatant
    holding this: ``kind`` by ``value`` (die steps of ``trait`` for a trait; points
    otherwise; Glow and Shroud have no value), as actually applied, so ending the power
    takes exactly that back. ``created``: a trait the sheet lacked (an unskilled skill)
    that the power raised to d4, removed again when it ends."""

    model_config = ConfigDict(frozen=True)

    source: str
    power: Label  # the power's name as the events show it (a catalogue key or the GM's text)
    kind: LastingKind
    value: int = 0
    trait: str | None = None
    created: bool = False


class ActivePower(BaseModel):
    """A power its caster maintains (SW-42): ``id`` is unique among the caster's active
    powers ("1", "2"...). ``rounds_left`` counts the ends of the caster's turns still to
    come, the one that ends it included (None: until ended). ``modifiers`` are the power
    modifier ids it was cast with (SW-41) and ``cost`` what it cost."""

    model_config = ConfigDict(frozen=True)

    id: str
    power_id: str
    power: Label  # display: a catalogue key (shipped examples) or the GM's name
    target_ids: tuple[str, ...] = ()
    rounds_left: int | None = None
    cost: int = 0
    modifiers: tuple[str, ...] = ()

    def source(self, caster_id: str) -> str:
        return f"{caster_id}:{self.id}"


class LingeringDamage(BaseModel):
    """SW-41 Lingering Damage: the victim takes ``dice`` (+``bonus``, AP ``ap``) again at
    the start of its next turn, once."""

    model_config = ConfigDict(frozen=True)

    caster_id: str
    power: Label
    dice: tuple[int, ...]
    bonus: int = 0
    ap: int = 0
