"""SWADE Fatigue (seeds 000/003 "Fatigado"; RULES-NOTES SW-43): Fatigued (-1), Exhausted
(-2), then incapacitated and unconscious for 2d6 hours; recovering a level an hour.
Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.encounter_rules import find_combatant, require_control, require_gm
from bot.systems.swade.state import SwadeCombatant, SwadeState

FATIGUE_INCAPACITATED = 3


def apply_fatigue(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str, levels: int = 1
) -> Outcome:
    """Seed 003 "Fatigado": Fatigued (-1), Exhausted (-2), then incapacitated: unconscious
    for 2d6 hours. The GM applies it (hazards, powers with the Fatigue modifier...).
    Dice: the 2d6 hours when it incapacitates."""
    require_gm(actor)
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events = gain_fatigue(c, dice, levels)
    return Outcome(
        state=new, events=events, summary=Event(key="log.swade.fatigue", params={"name": c.name})
    )


def gain_fatigue(
    c: SwadeCombatant, dice: DiceSource, levels: int = 1, *, can_incapacitate: bool = True
) -> list[Event]:
    """Seed 000/003 (SW-43): ``c`` (mutated) takes ``levels`` of Fatigue: Fatigued,
    Exhausted, then incapacitated and unconscious for 2d6 hours. ``can_incapacitate``
    False (SW-41's Fatigue modifier): it stops at Exhausted. Dice: the 2d6 hours."""
    top = FATIGUE_INCAPACITATED if can_incapacitate else FATIGUE_INCAPACITATED - 1
    c.fatigue = max(c.fatigue, min(c.fatigue + max(levels, 0), top))
    events = [Event(key="swade.combat.fatigue.level", params={"name": c.name, "level": c.fatigue})]
    if c.fatigue >= FATIGUE_INCAPACITATED and not c.incapacitated:
        hours = dice.roll(6) + dice.roll(6)
        c.incapacitated = True
        c.knocked_out_hours = hours
        events.append(
            Event(key="swade.combat.fatigue.unconscious", params={"name": c.name, "hours": hours})
        )
    return events


def recover_fatigue(state: SwadeState, actor: Actor, *, combatant_id: str) -> Outcome:
    """Seed 003: one level of fatigue recovers per hour (unless the source says
    otherwise). Recovering from the incapacitating level wakes the character."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    if c.fatigue == 0:
        raise RuleError("swade.combat.error.not_fatigued", name=c.name, gender=c.gender)
    if c.fatigue == FATIGUE_INCAPACITATED and not c.dead:
        # Wakes up, unless wounds keep it down (an Extra's wound, bleeding out). Reading:
        # a Wild Card incapacitated by both wounds and fatigue is the GM's to settle.
        c.incapacitated = (not c.wild_card and c.wounds > 0) or c.bleeding_out
        c.knocked_out_hours = None
    c.fatigue -= 1
    return Outcome(
        state=new,
        events=[
            Event(key="swade.combat.fatigue.level", params={"name": c.name, "level": c.fatigue})
        ],
        summary=Event(key="log.swade.recover_fatigue", params={"name": c.name}),
    )
