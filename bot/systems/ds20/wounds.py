"""Dread S-20 wounds: wound level from damage (DS-6), accumulation and health states
(DS-8), Agotamiento and death, wound penalties (DS-9). No dice here.

A wound is handled as a *severity* on one ladder: 1 = R, 2 = HL, 3 = 1 HG, 4 = 2 HG,
and so on. Armour (DS-7) and stunning (DS-10) lower a wound "one level": one step down
this ladder (2 HG -> 1 HG -> HL -> R -> nothing). That is the project's reading of "reduce
un nivel de herida" for hits of several HG.
"""

from __future__ import annotations

from bot.systems.base import Event
from bot.systems.ds20.state import LEVELS, DSCombatant, WoundLevel

SEVERITY_R = 1
SEVERITY_HL = 2
SEVERITY_HG = 3


def wound_severity(damage: int, mhl: int, mhg: int) -> int:
    """DS-6: below MHL one R; MHL..MHG-1 one HL; from MHG, one HG per full multiple of
    MHG (10 -> 1 HG, 20 -> 2 HG, 30 -> 3 HG with MHG 10)."""
    if damage < mhl:
        return SEVERITY_R
    if damage < mhg or mhg <= 0:
        return SEVERITY_HL
    return SEVERITY_HG - 1 + damage // mhg


def severity_levels(severity: int) -> list[WoundLevel]:
    """The wounds a severity stands for: [] (none), ["R"], ["HL"] or n x "HG"."""
    if severity <= 0:
        return []
    if severity == SEVERITY_R:
        return ["R"]
    if severity == SEVERITY_HL:
        return ["HL"]
    return ["HG"] * (severity - SEVERITY_HG + 1)


def wound_level(damage: int, mhl: int, mhg: int) -> list[WoundLevel]:
    """DS-6 as a list of levels: ``wound_level(20, 5, 10) == ["HG", "HG"]``."""
    return severity_levels(wound_severity(damage, mhl, mhg))


def severity_text(severity: int) -> str:
    """A language-neutral label: "-", "1 R", "1 HL", "2 HG"."""
    levels = severity_levels(severity)
    if not levels:
        return "-"
    return f"{len(levels)} {levels[0]}"


def _next_level(level: WoundLevel) -> WoundLevel | None:
    i = LEVELS.index(level)
    return LEVELS[i + 1] if i + 1 < len(LEVELS) else None


def mark_fatigue(c: DSCombatant, n: int) -> list[Event]:
    """Mark ``n`` Agotamiento points (never beyond the maximum). DS-8: the last point
    marked while in Agonía or Grave kills. DS-12: not once a successful first aid has
    taken the character out of Grave (``treated``: it heals normally from then on)."""
    if c.health == "dead" or n <= 0:
        return []
    before = c.fatigue
    c.fatigue = min(c.fatigue_max, c.fatigue + n)
    events = [
        Event(
            key="ds20.fatigue",
            params={
                "name": c.name,
                "marked": c.fatigue - before,
                "fatigue": c.fatigue,
                "max": c.fatigue_max,
            },
        )
    ]
    if c.fatigue >= c.fatigue_max and dies_of_fatigue(c):
        events.extend(kill(c))
    return events


def dies_of_fatigue(c: DSCombatant) -> bool:
    """DS-8/DS-12: whether marking the last Agotamiento point kills ``c``: in Agonía, or
    Grave and not treated (first aid takes it out of Grave)."""
    return c.health == "agony" or (c.health == "grave" and not c.treated)


def kill(c: DSCombatant) -> list[Event]:
    c.health = "dead"
    c.unconscious = False
    return [Event(key="ds20.death", params={"name": c.name})]


def record_wound(c: DSCombatant, level: WoundLevel) -> list[Event]:
    """DS-8: fill one box of ``level``; a full level passes the wound one level up (so
    with 4 R / 3 HL / 3 HG the 5th R is an HL). An HG beyond the HG boxes is Agonía.
    Any HG means Grave. In Agonía see :func:`_record_in_agony` (DS-12).

    Mutates ``c`` (callers work on a copy of the state) and returns the events."""
    if c.health == "dead":
        return []
    if c.health == "agony":
        return _record_in_agony(c, level)
    landed: WoundLevel | None = level
    while landed is not None and c.wounds.get(landed) >= c.capacity.get(landed):
        landed = _next_level(landed)
    params = {"name": c.name, "level": level, "landed": landed or "HG+"}
    events: list[Event] = []
    if landed is not None:
        c.wounds.add(landed)
        events.append(Event(key="ds20.wound", params=params))
    else:
        events.append(Event(key="ds20.wound_beyond", params=params))

    if landed is None:
        c.health = "agony"
        c.treated = False
        events.append(Event(key="ds20.health.agony", params={"name": c.name}))
    elif landed == "HG" and (c.health == "ok" or c.treated):
        c.health = "grave"
        c.treated = False
        events.append(Event(key="ds20.health.grave", params={"name": c.name}))
    return events


def _record_in_agony(c: DSCombatant, level: WoundLevel) -> list[Event]:
    """DS-12: in Agonía the level of the wound as dealt (after armour) decides, with no
    promotion up full boxes (seed 004: "Si un personaje en agonía recibe una HL, marca
    inmediatamente 2 puntos"). An HG kills. An HL, or an R that finds its boxes full,
    marks 2 Agotamiento (its box filled if one is free; it never passes up). An R with
    a free box is only recorded."""
    params = {"name": c.name, "level": level, "landed": level}
    if level == "HG":
        return [Event(key="ds20.wound_beyond", params={**params, "landed": "HG+"}), *kill(c)]
    events: list[Event] = []
    full = c.wounds.get(level) >= c.capacity.get(level)
    if full:
        events.append(Event(key="ds20.wound_agony_full", params=params))
    else:
        c.wounds.add(level)
        events.append(Event(key="ds20.wound", params=params))
    if level == "HL" or full:
        events.extend(mark_fatigue(c, 2))
    return events


def record_severity(c: DSCombatant, severity: int) -> list[Event]:
    """Record every wound a severity stands for (2 HG: two HG wounds), in order."""
    events: list[Event] = []
    for level in severity_levels(severity):
        events.extend(record_wound(c, level))
    return events


def worst_wound(c: DSCombatant) -> WoundLevel | None:
    if c.wounds.hg > 0 or c.health == "agony":
        return "HG"
    if c.wounds.hl > 0:
        return "HL"
    if c.wounds.r > 0:
        return "R"
    return None


def wound_penalty(c: DSCombatant, *, firearm: bool = False) -> int:
    """DS-9: penalty units on physical rolls from the worst wound: R none, HL one, HG
    two; one less when shooting. Aguantar el dolor cancels them for the turn."""
    if c.enduring_pain:
        return 0
    worst = worst_wound(c)
    units = {"HG": 2, "HL": 1}.get(worst or "", 0)
    return max(0, units - 1) if firearm else units


def can_run(c: DSCombatant) -> bool:
    """DS-9: a character with an HG cannot run."""
    return worst_wound(c) != "HG"


def movement_m(c: DSCombatant, *, difficult: bool = False) -> int:
    """DS-4: half Destreza in metres, rounded up; difficult terrain halves it again
    (rounded up)."""
    metres = -(-c.scores.get("destreza", 0) // 2)
    return -(-metres // 2) if difficult else metres


def wound_boxes(c: DSCombatant) -> str:
    """The board's wound track: ``R ▮▮▯▯ · HL ▮▯▯ · HG ▯▯▯``."""
    parts = []
    for level in LEVELS:
        cap = c.capacity.get(level)
        filled = min(cap, c.wounds.get(level))
        parts.append(f"{level} " + "▮" * filled + "▯" * (cap - filled))
    return " · ".join(parts)
