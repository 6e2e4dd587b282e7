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
- Benny reroll (SW-4, SW-35): the roll is recorded on the combatant (``last_trait``) and,
  unless it is a critical failure, offers "Repetir <rasgo> (beni)" to its controller
  (the GM for the GM's combatants). :func:`reroll_from_sheet` rolls the same die with
  the same modifiers (named again: the ones of the first roll, not recomputed, so the
  wounds taken since or the support already spent change nothing) and TN. The better
  total counts; a tie keeps the first; a critical failure on the reroll stands (SW-4:
  it must be accepted). The bennies ledger charges the benny in the same action, so
  ``/undo`` gives it back (SW-38). Reading: only the combatant's last trait roll from the
  sheet can be rerolled (each button names the roll it is for); a button of an earlier
  roll is refused, saying so.
"""

from __future__ import annotations

import re

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.conditions import in_turn
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.modifiers import roll_trait
from bot.systems.swade.names import ATTRIBUTES, SKILL_IDS, skill_id
from bot.systems.swade.record_bounds import require_record
from bot.systems.swade.rerolls import reroll_trait, trait_reroll_hook
from bot.systems.swade.state import SwadeCombatant, SwadeState
from bot.systems.words import readings

# The Savage Worlds skills the bot knows by name (each has its label in both languages).
KNOWN_SKILLS: frozenset[str] = SKILL_IDS
SITUATIONAL = "swade.combat.mod.situational"


def trait_of(c: SwadeCombatant, text: str) -> str:
    """The id of the attribute or skill ``text`` names for ``c`` (``agility``,
    ``notice``, ``language_elvish``). Its own skills first (a sheet may name a skill the
    bot does not know), then attributes, then the known skills (rolled unskilled).
    Unknown: ``swade.trait.unknown``."""
    folded = readings(text)[-1]  # a skill's id never ends in punctuation ("Notar.")
    if not folded:
        raise RuleError("swade.trait.unknown", trait=text, name=c.name, gender=c.gender)
    skill = skill_id(folded)
    if skill in c.skills:
        return skill
    if folded in ATTRIBUTES:
        return ATTRIBUTES[folded]
    specialty = re.match(r"^(.+?)\s*\(.+\)$", folded)
    base = skill_id(specialty.group(1)) if specialty else skill
    if skill in KNOWN_SKILLS or base in KNOWN_SKILLS:
        return skill
    raise RuleError("swade.trait.unknown", trait=text, name=c.name, gender=c.gender)


def trait_label(trait: str) -> str:
    """What names ``trait`` in a message: its catalogue key when it has one (attributes
    and the known skills), else its id written as a name (a sheet's own skill)."""
    if trait in ATTRIBUTES.values():
        return f"sheet.swade.attr.{trait}"
    if trait in KNOWN_SKILLS:
        return f"swade.combat.skill.{trait}"
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
    earlier = c.last_trait or {}
    c.last_trait = {
        "roll": int(earlier.get("roll", 0)) + 1,  # type: ignore[call-overload]
        "trait": trait_label(name),
        "label": label,
        "modifiers": [list(m) for m in mods],
        "hook": trait_reroll_hook(roll, action="reroll_trait"),
    }
    return Outcome(state=new, events=[event], offers=_offers(c), summary=summary)


def _offers(c: SwadeCombatant) -> list[Offer]:
    """SW-4: "Repetir <rasgo> (beni)" under the standing roll, unless it is a critical
    failure (it cannot be rerolled), for its controller (``None``: the GM)."""
    last = c.last_trait or {}
    hook: dict[str, object] = last.get("hook") or {}  # type: ignore[assignment]
    if not hook.get("rerollable"):
        return []
    return [
        Offer.to_player_of(
            c,
            "reroll_trait",
            "swade.trait.offer.reroll",
            data={"combatant_id": c.id, "roll": last["roll"], "trait": last["trait"]},
        )
    ]


def reroll_from_sheet(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str, roll: int
) -> Outcome:
    """SW-4/SW-35: a benny rerolls ``combatant_id``'s trait roll number ``roll`` (its
    last one) with the same die, wild die, modifiers and TN; the better total counts,
    a tie keeps the first, a critical failure on the reroll stands. A critical failure
    cannot be rerolled. Its controller or the GM may ask. The bennies ledger charges
    the benny (module docstring)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    last = c.last_trait
    if last is None:
        raise RuleError("swade.combat.error.no_roll_to_reroll", name=c.name)
    require_record(new, c, "last_trait")  # issue 28: never trusted
    if last["roll"] != roll:
        raise RuleError("swade.trait.error.reroll_stale", name=c.name, gender=c.gender)
    hook: dict[str, object] = dict(last["hook"])  # type: ignore[call-overload]
    rolled, better = reroll_trait(dice, hook)  # refuses a critical failure (SW-4)
    counts = better or rolled.critical_failure
    params: dict[str, object] = {
        "name": c.name,
        "trait": last["trait"],
        "total": rolled.total,
        "previous": hook["previous_total"],
        "modifiers": last["modifiers"],
    }
    key = "swade.trait.reroll"
    if last["label"]:
        key, params["label"] = "swade.trait.reroll_labelled", last["label"]
    events = [Event(key=key, params=params, dice=rolled.to_view())]
    if not counts:
        events.append(
            Event(
                key="swade.combat.vigor_reroll.kept_first",
                params={"name": c.name, "total": hook["previous_total"]},
            )
        )
    else:
        if rolled.critical_failure:
            events.append(Event(key="swade.combat.vigor_reroll.critical", params={}))
        c.last_trait = {**last, "hook": trait_reroll_hook(rolled, action="reroll_trait")}
    summary = Event(key="log.swade.reroll_trait", params={"name": c.name, "trait": last["trait"]})
    return Outcome(state=new, events=events, offers=_offers(c), summary=summary)
