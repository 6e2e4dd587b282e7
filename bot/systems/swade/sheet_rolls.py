"""A trait roll from the sheet (``/trait trait:Notar``): the combatant's own die for a
skill or attribute named in Spanish or English, with every SW-6 modifier it carries now,
named. Pure.

- The name is read as the stat blocks read it (:mod:`bot.systems.swade.names`: accents
  and case folded with the one fold, Spanish and English): ``Notar``, ``notice``,
  ``FE``, ``Conocimientos generales``, ``Agilidad``, ``agi``.
- A skill the sheet does not list, but that is a Savage Worlds skill (the core list, or
  a specialty of one: ``Idioma (élfico)``), is rolled unskilled (SW-5: d4 -2, and the
  wild die for a Wild Card). Any other name is refused with how to fix it, so a typo is
  never rolled as an unskilled skill silently.
- Modifiers (SW-6, :func:`bot.systems.swade.modifiers.roll_trait`): wounds (at most -3,
  Nerves of Steel), fatigue, Distracted once whatever causes it (Entangled, Bound,
  Stunned), the round's Joker +2, support received (SW-24, then spent), the declared
  multi-action penalty when rolled in its own turn (SW-36), and the situational
  ``modifier`` the player gives.
- Reading: a roll from the sheet is not counted as one of the turn's actions (SW-36):
  many such rolls are free (Notice) or made in another's turn; the GM counts an action
  by declaring multi-action. It is an encounter action all the same: logged, undoable
  (support received is spent by it), and rolled with the encounter's dice.
"""

from __future__ import annotations

import re

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.conditions import in_turn
from bot.systems.swade.modifiers import roll_trait
from bot.systems.swade.names import ATTRIBUTES, SKILLS, skill_id
from bot.systems.swade.state import SwadeCombatant, SwadeState
from bot.systems.words import fold

# The Savage Worlds skills the bot knows by name (each has its label in both languages).
KNOWN_SKILLS: frozenset[str] = frozenset(SKILLS.values())
SITUATIONAL = "swade_combat.mod.situational"


def trait_of(c: SwadeCombatant, text: str) -> str:
    """The id of the attribute or skill ``text`` names for ``c`` (``agility``,
    ``notice``, ``language_elvish``). Its own skills first (a sheet may name a skill the
    bot does not know), then attributes, then the known skills (rolled unskilled).
    Unknown: ``swade.trait.unknown``."""
    folded = fold(text).strip(" .")
    if not folded:
        raise RuleError("swade.trait.unknown", trait=text, name=c.name)
    skill = skill_id(folded)
    if skill in c.skills:
        return skill
    if folded in ATTRIBUTES:
        return ATTRIBUTES[folded]
    specialty = re.match(r"^(.+?)\s*\(.+\)$", folded)
    base = skill_id(specialty.group(1)) if specialty else skill
    if skill in KNOWN_SKILLS or base in KNOWN_SKILLS:
        return skill
    raise RuleError("swade.trait.unknown", trait=text, name=c.name)


def trait_label(trait: str) -> str:
    """What names ``trait`` in a message: its catalogue key when it has one (attributes
    and the known skills), else its id written as a name (a sheet's own skill)."""
    if trait in ATTRIBUTES.values():
        return f"sheet.swade.attr.{trait}"
    if trait in KNOWN_SKILLS:
        return f"swade_combat.skill.{trait}"
    return trait.replace("_", " ").capitalize()


def roll_from_sheet(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    combatant_id: str,
    trait: str,
    modifier: int = 0,
    tn: int = 4,
    label: str | None = None,
) -> Outcome:
    """``combatant_id`` rolls ``trait`` (its name as typed) against ``tn``: SW-1 with its
    die and the wild die for a Wild Card, SW-5 unskilled for a missing skill, SW-6
    modifiers by name (module docstring). ``label`` is the player's words for the roll."""
    new = state.model_copy(deep=True)
    c = next(x for x in new.combatants if x.id == combatant_id)
    name = trait_of(c, trait)
    extra = [(SITUATIONAL, modifier)] if modifier else []
    roll, mods = roll_trait(c, new, dice, name, extra=extra, tn=tn, acting=in_turn(new, c))
    params: dict[str, object] = {
        "name": c.name,
        "trait": trait_label(name),
        "total": roll.total,
        "modifiers": [list(m) for m in mods],
    }
    key = "swade.trait.roll"
    if label:
        key, params["label"] = "swade.trait.roll_labelled", label
    event = Event(key=key, params=params, dice=roll.to_view())
    summary = Event(key="log.swade.trait", params={"name": c.name, "trait": trait_label(name)})
    return Outcome(state=new, events=[event], summary=summary)
