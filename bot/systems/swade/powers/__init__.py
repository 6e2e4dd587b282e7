"""Casting Savage Worlds powers (RULES-NOTES SW-39..SW-42; seeds 001 and 003). Pure. One
module per rule: :mod:`.cast` (the activation, its cost, Backlash), :mod:`.landing` (what
it does to each target), :mod:`.duration` (ending powers, the turn hooks, Power Points).

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

from bot.systems.swade.powers.cast import (
    FAILED_CAST_COST,
    MAINTAINING,
    CastRequest,
    arcane_skill,
    backlash,
    cast,
    resolve_targets,
)
from bot.systems.swade.powers.duration import (
    POWER_POINTS_PER_BENNY,
    end_of_turn,
    end_power,
    recover_power_points,
    start_of_turn,
)
from bot.systems.swade.powers.landing import effects_for, lingering_dice

__all__ = [
    "FAILED_CAST_COST",
    "MAINTAINING",
    "POWER_POINTS_PER_BENNY",
    "CastRequest",
    "arcane_skill",
    "backlash",
    "cast",
    "effects_for",
    "end_of_turn",
    "end_power",
    "lingering_dice",
    "recover_power_points",
    "resolve_targets",
    "start_of_turn",
]
