"""Dread S-20 bounds (issue 21): what a stat line, ``/combatant edit`` and an import may
put in a Dread S-20 state, and what a state must mean to be played. Pure.

``Heridas: 2000000000/1/1`` made ``/join`` take 34 s and every board 20 s (one character
per wound box): wound boxes are 0..20 per level now, Agotamiento 1..10. README "Limits"
lists the numbers.
"""

from __future__ import annotations

from bot.systems.bounds import (
    EXPECT_MUTUAL_GRAPPLE,
    ITEM_NAME_MAX,
    LIST_MAX,
    NAME_MAX,
    ROUND_MAX,
    Problem,
    Problems,
    count,
    free_text,
    id_list,
    number,
    one_of,
    optional_number,
    present,
    reference,
    require,
    shown,
    text,
    unique_ids,
)
from bot.systems.ds20.state import ARMOR_PART_SCORE, LEVELS, DS20State, DSCombatant

SCORE = (-20, 40)  # scores are rolled under a d20 (DS-1)
WOUND_BOXES = (0, 20)  # per level: R, HL, HG (DS-8)
FATIGUE_MAX = (1, 10)  # Agotamiento boxes
ARMOR_SCORE = (0, 40)
ARMOR_EXTRA = (0, 5)
MHL = (1, 100)
MHG = (2, 200)
RANGE_M = (0, 10_000)
MAGAZINE = (0, 1000)
TECHNIQUE_BONUS = (0, 10)
TECHNIQUE_DAMAGE = (0, 50)
INITIATIVE = (-100, 200)
MARGIN = (-10_000, 10_000)  # an attack's margin waiting for its defence
AIM = (0, 3)  # DS-11: firearms.MAX_AIM (the rules import this module, not the reverse)
EXTRA_ACTIONS = (0, 5)  # DS-4: _common.MAX_EXTRA_ACTIONS
TIEBREAKS = 21  # DS-3: turns.MAX_TIEBREAKS tie-break d10s, and one more

LABEL = "bounds.field.ds20."


def combatant_problems(c: DSCombatant, path: str = "combatant") -> Problems:
    """What is out of bounds in one combatant (the first first). Its name is checked
    where it becomes final (``plain_names.admit_name``), and in :func:`state_problems`."""
    yield from present(text(f"{path}.side", c.side, ITEM_NAME_MAX, LABEL + "side"))
    if c.group is not None:
        yield from present(text(f"{path}.group", c.group, ITEM_NAME_MAX, LABEL + "group"))
    yield from present(count(f"{path}.scores", c.scores, LIST_MAX, LABEL + "scores"))
    for key, value in c.scores.items():
        yield from present(free_text(f"{path}.scores", key, ITEM_NAME_MAX, LABEL + "scores"))
        yield from present(number(f"{path}.scores.{key}", value, *SCORE, LABEL + "scores"))
    yield from present(count(f"{path}.score_names", c.score_names, LIST_MAX))
    for key, value in c.score_names.items():
        yield from present(free_text(f"{path}.score_names.{key}", value, ITEM_NAME_MAX))
    for level in LEVELS:
        boxes = c.capacity.get(level)
        yield from present(
            number(f"{path}.capacity.{level.lower()}", boxes, *WOUND_BOXES, LABEL + "wounds")
        )
        yield from present(
            number(f"{path}.wounds.{level.lower()}", c.wounds.get(level), 0, max(boxes, 0))
        )
    yield from present(
        number(f"{path}.fatigue_max", c.fatigue_max, *FATIGUE_MAX, LABEL + "fatigue")
    )
    yield from present(
        number(f"{path}.fatigue", c.fatigue, 0, max(c.fatigue_max, 0), LABEL + "fatigue")
    )
    if c.armor is not None:
        yield from present(
            number(f"{path}.armor.score", c.armor.score, *ARMOR_SCORE, LABEL + "armor")
        )
        yield from present(
            number(f"{path}.armor.extra", c.armor.extra, *ARMOR_EXTRA, LABEL + "armor")
        )
        for i, part in enumerate(c.armor.parts):
            yield from present(one_of(f"{path}.armor.parts[{i}]", part, ARMOR_PART_SCORE))
    yield from present(count(f"{path}.weapons", c.weapons, LIST_MAX, LABEL + "weapons"))
    for i, w in enumerate(c.weapons):
        at = f"{path}.weapons[{i}]"
        yield from present(text(f"{at}.name", w.name, ITEM_NAME_MAX, LABEL + "weapon"))
        yield from present(number(f"{at}.mhl", w.mhl, *MHL, LABEL + "weapon"))
        yield from present(
            number(f"{at}.mhg", w.mhg, max(w.mhl + 1, MHG[0]), MHG[1], LABEL + "weapon")
        )
        yield from present(optional_number(f"{at}.range_m", w.range_m, *RANGE_M, LABEL + "weapon"))
        yield from present(
            optional_number(f"{at}.magazine", w.magazine, *MAGAZINE, LABEL + "weapon")
        )
        if w.ammo is not None:
            yield from present(number(f"{at}.ammo", w.ammo, 0, w.magazine or 0, LABEL + "weapon"))
        yield from present(number(f"{at}.jam_progress", w.jam_progress, 0, 10))
    yield from present(count(f"{path}.techniques", c.techniques, LIST_MAX, LABEL + "techniques"))
    for i, tech in enumerate(c.techniques):
        at = f"{path}.techniques[{i}]"
        yield from present(text(f"{at}.name", tech.name, ITEM_NAME_MAX, LABEL + "technique"))
        yield from present(free_text(f"{at}.skill", tech.skill, ITEM_NAME_MAX, LABEL + "technique"))
        yield from present(number(f"{at}.bonus", tech.bonus, *TECHNIQUE_BONUS, LABEL + "technique"))
        yield from present(
            number(f"{at}.damage", tech.damage, *TECHNIQUE_DAMAGE, LABEL + "technique")
        )
    yield from _counters(c, path)


def _counters(c: DSCombatant, path: str) -> Problems:
    yield from present(optional_number(f"{path}.init_roll", c.init_roll, 1, 10))
    yield from present(optional_number(f"{path}.initiative", c.initiative, *INITIATIVE))
    yield from present(count(f"{path}.tiebreak", c.tiebreak, TIEBREAKS))
    for i, roll in enumerate(c.tiebreak):
        yield from present(number(f"{path}.tiebreak[{i}]", roll, 1, 10))
    yield from present(number(f"{path}.defences", c.defences, 0, 99))
    yield from present(number(f"{path}.extra_actions", c.extra_actions, *EXTRA_ACTIONS))
    yield from present(number(f"{path}.actions_used", c.actions_used, 0, 99))
    yield from present(number(f"{path}.aim", c.aim, *AIM))
    yield from present(number(f"{path}.empty_used", c.empty_used, 0, 99))


def require_sheet(c: DSCombatant) -> None:
    """Refuse a sheet (a stat line read, a saved character joining, an edit) with
    anything out of bounds, naming the field and the bound."""
    require(combatant_problems(c))


def state_problems(state: DS20State, path: str = "state") -> Problems:
    """What a Dread S-20 state must mean (issue 21, import): each combatant within
    bounds, ids unique, the initiative order made of them, grapples mutual, the pending
    attack between two of them."""
    yield from present(number(f"{path}.round", state.round, 0, ROUND_MAX))
    known: set[str] = set()
    yield from unique_ids(f"{path}.combatants", state.combatants, known)
    yield from id_list(f"{path}.turn_order", state.turn_order, known)
    yield from present(number(f"{path}.current", state.current, -1, len(state.turn_order)))
    by_id = {c.id: c for c in state.combatants}
    for i, c in enumerate(state.combatants):
        at = f"{path}.combatants[{i}]"
        yield from present(text(f"{at}.name", c.name, NAME_MAX))
        yield from combatant_problems(c, at)
        yield from reference(f"{at}.grappling", c.grappling, known)
        yield from reference(f"{at}.grappled_by", c.grappled_by, known)
        if c.grappling in by_id and by_id[c.grappling].grappled_by != c.id:
            yield Problem(f"{at}.grappling", EXPECT_MUTUAL_GRAPPLE, shown(c.grappling))
    pending = state.pending
    if pending is not None:
        yield from reference(f"{path}.pending.attacker_id", pending.attacker_id, known)
        yield from reference(f"{path}.pending.target_id", pending.target_id, known)
        yield from present(number(f"{path}.pending.margin", pending.margin, *MARGIN))
        for field in ("damage_bonus", "extra_damage", "base_damage"):
            yield from present(number(f"{path}.pending.{field}", getattr(pending, field), *MARGIN))
        yield from present(free_text(f"{path}.pending.weapon", pending.weapon, ITEM_NAME_MAX))
