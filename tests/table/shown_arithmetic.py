"""Recomputing a result from what its message shows (issue 30: "every roll shown adds
up on screen"). Each parser reads one shape of roll line, in Spanish or English, and
returns what does not add up (an empty list when it does). A line that shows dice but
no parser reads is itself a problem: a new shape must be taught here.

Shapes: a Savage Worlds trait roll (the kept dice plus the modifier give each result;
the "Modificadores:" line above it names every part of that modifier, SW-6) and its
damage (dice plus modifier), the injury table's 2d6, Dread S-20's initiative and its
d20 roll-under (score - d20 + bonus d4s - penalty d4s is the margin, DS-1; DS-2's
doubling written out), Ritual Hex's check (dice as they count, RH-1, plus CO) and
damage (dice minus X, then the minimum, RH-3).
"""

from __future__ import annotations

import re
from collections.abc import Callable

CHAIN = r"\d+(?:💥\+\d+)*…?"
# Where a line shows dice: any of these marks it as a roll line.
DICE_MARK = re.compile(r"\bd\d+: |\b1d10 \(|\b3d6: \[|\b\d+d: \[|\bd20: \*\*")


def chain_value(text: str) -> int:
    """``6💥+4`` is 10: the faces of an ace chain, as shown, summed."""
    return sum(int(n) for n in re.findall(r"\d+", text))


def _signed(text: str | None) -> int:
    return int(text) if text else 0


# -- Savage Worlds ---------------------------------------------------------------------

_SEGMENT = re.compile(rf"^(~~)?(\*\*)?(?:🎲 )?d\d+: ({CHAIN})(\*\*)?(~~)?$")
_TRAIT = re.compile(
    r"^(?P<dice>.+?)(?: (?P<mod>[+-]\d+))? → (?P<results>\*\*-?\d+\*\*(?:, \*\*-?\d+\*\*)*)"
    r" (?P<rest>.+)$"
)
_DAMAGE = re.compile(r"^(?P<parts>.+?)(?: (?P<mod>[+-]\d+))? = \*\*(?P<total>-?\d+)\*\*$")
_DAMAGE_PART = re.compile(rf"^(?:[^\d\s]+ )?d\d+: ({CHAIN})$")
_MODIFIERS = re.compile(
    r"^(?:Modificadores|Modifiers): (?P<parts>.+) \(total (?P<total>[+-]?\d+)\)$"
)
_TN = re.compile(r"^(?:VO|TN) (?P<tn>-?\d+): (?P<parts>.+)$")


def swade_trait(line: str, modifiers: int | None) -> list[str] | None:
    found = _TRAIT.match(line)
    if found is None:
        return None
    kept: list[int] = []
    for segment in found["dice"].split(" · "):
        part = _SEGMENT.match(segment)
        if part is None:
            return None
        if part.group(2) or not ("~~" in segment or "**" in found["dice"]):
            kept.append(chain_value(part.group(3)))
    mod = _signed(found["mod"])
    results = sorted(int(r) for r in re.findall(r"-?\d+", found["results"]))
    problems = []
    if sorted(k + mod for k in kept) != results:
        problems.append(f"kept {kept} {mod:+d} does not give {results}")
    problems += _named(mod, modifiers)
    return problems


def swade_damage(line: str, modifiers: int | None) -> list[str] | None:
    found = _DAMAGE.match(line)
    if found is None:
        return None
    values = []
    for part in found["parts"].split(" + "):
        die = _DAMAGE_PART.match(part)
        if die is None:
            return None
        values.append(chain_value(die.group(1)))
    mod = _signed(found["mod"])
    problems = []
    if sum(values) + mod != int(found["total"]):
        problems.append(f"{values} {mod:+d} is not {found['total']}")
    return problems + _named(mod, modifiers)


def _named(mod: int, modifiers: int | None) -> list[str]:
    """SW-6: a modifier on a roll is the total of the named modifiers above it."""
    if mod and modifiers is None:
        return [f"the modifier {mod:+d} is not named"]
    if modifiers is not None and modifiers != mod:
        return [f"the named modifiers total {modifiers:+d}, the roll shows {mod:+d}"]
    return []


def modifiers_line(line: str) -> int | list[str] | None:
    """A "Modificadores: A -1, B +2 (total +1)" line: its total (checked against its
    parts), None when it is not one."""
    found = _MODIFIERS.match(line)
    if found is None:
        return None
    parts = [int(n) for n in re.findall(r"(?:^|, )[^,]*?([+-]\d+)(?=,|$)", found["parts"])]
    if sum(parts) != int(found["total"]):
        return [f"{parts} do not total {found['total']}"]
    return int(found["total"])


def tn_line(line: str) -> list[str] | None:
    found = _TN.match(line)
    if found is None:
        return None
    numbers = [int(n) for n in re.findall(r"[+-]?\d+(?=,|$)", found["parts"])]
    return [] if sum(numbers) == int(found["tn"]) else [f"{numbers} do not give {found['tn']}"]


_INJURY = re.compile(r"^2d6: (\d+) \+ (\d+) = \*\*(\d+)\*\*")


def injury(line: str, modifiers: int | None) -> list[str] | None:
    found = _INJURY.match(line)
    if found is None:
        return None
    a, b, total = (int(x) for x in found.groups())
    return [] if a + b == total else [f"{a} + {b} is not {total}"]


# -- Dread S-20 -------------------------------------------------------------------------

_INITIATIVE = re.compile(r"1d10 \((\d+)\) \+ (-?\d+) = (-?\d+)")
_D20 = re.compile(
    r"^d20: \*\*(?P<d20>\d+)\*\* / (?P<score>-?\d+)"
    r"(?: \+ (?:bonos|bonus): (?P<bonus>.+?))?"
    r"(?: − (?:penalizadores|penalties): (?P<penalty>.+?))?"
    r" → (?:margen|margin) (?P<raw>-?\d+)(?: → (?P<to>-?\d+))?(?: ×2 = (?P<doubled>-?\d+))?"
    r"(?: \(.*?\))? — "
)


def ds_initiative(line: str, modifiers: int | None) -> list[str] | None:
    found = _INITIATIVE.search(line)
    if found is None:
        return None
    d10, score, total = (int(x) for x in found.groups())
    return [] if d10 + score == total else [f"{d10} + {score} is not {total}"]


def _units(text: str | None) -> tuple[list[int], list[str]]:
    """The d4s of "herida HG 3,1 · técnica 2", each source's comma list, and the
    problem of any list shown without the rule that gave it (DS-1)."""
    if not text:
        return [], []
    dice: list[int] = []
    problems: list[str] = []
    for group in text.split(" · "):
        found = re.fullmatch(r"(?P<label>\D*?)\s*(?P<dice>\d+(?:,\d+)*)", group)
        if found is None or not found["label"].strip():
            problems.append(f"units {group!r} without their source")
            dice += [int(n) for n in re.findall(r"\d+", group)]
            continue
        dice += [int(n) for n in found["dice"].split(",")]
    return dice, problems


def ds_roll(line: str, modifiers: int | None) -> list[str] | None:
    found = _D20.match(line)
    if found is None:
        return None
    d20, score, raw = int(found["d20"]), int(found["score"]), int(found["raw"])
    (bonus, unnamed_bonus), (penalty, unnamed) = _units(found["bonus"]), _units(found["penalty"])
    problems = unnamed_bonus + unnamed
    if score - d20 + sum(bonus) - sum(penalty) != raw:
        problems.append(f"{score} - {d20} + {bonus} - {penalty} is not {raw}")
    to, doubled = found["to"], found["doubled"]
    if doubled is not None and int(doubled) != 2 * (int(to) if to is not None else raw):
        problems.append(f"{to or raw} doubled is not {doubled}")
    if to is not None and doubled is None and not (d20 == 20 and raw >= 0 and int(to) == -1):
        problems.append(f"margin {raw} → {to} without DS-2's reason")
    if d20 in (1, 20) and to is None and doubled is None:
        problems.append(f"a natural {d20} with its margin unchanged")
    return problems


# -- Ritual Hex -------------------------------------------------------------------------

_RH_CHECK = re.compile(
    r"^3d6: \[(?P<dice>[^\]]*)\] (?P<co>[+-]\d+)(?: \(\w+\))? = \*\*(?P<total>-?\d+)\*\*"
    r" vs (?P<target>-?\d+)(?: \((?P<parts>[^)]*)\))?"
)
_RH_DAMAGE = re.compile(
    r"^(?P<count>\d+)d: \[(?P<dice>[^\]]*)\](?: (?P<minus>-\d+))? = (?P<raw>-?\d+)"
    r"(?: \((?:mín\.|min) (?P<min>\d+)\))? → \*\*(?P<value>-?\d+)\*\*"
)


def _rh_dice(text: str) -> list[int] | None:
    chains = [c.strip() for c in text.split(",")]
    if not all(re.fullmatch(CHAIN, c) for c in chains):
        return None
    return [chain_value(c) for c in chains]


def _six_shown(text: str) -> list[str]:
    """RH-1: a 6 counts 5; shown as 6 the sum cannot add up."""
    return ["a 6 shown in a chain (it counts 5)"] if re.search(r"(?<!\d)6💥", text) else []


def _rh_read(
    pattern: re.Pattern[str], line: str
) -> tuple[re.Match[str], list[int], list[str]] | None:
    """A Ritual Hex roll line: its match, its dice as they count and the RH-1 problem."""
    found = pattern.match(line)
    dice = _rh_dice(found["dice"]) if found is not None else None
    if found is None or dice is None:
        return None
    return found, dice, _six_shown(found["dice"])


def rh_check(line: str, modifiers: int | None) -> list[str] | None:
    read = _rh_read(_RH_CHECK, line)
    if read is None:
        return None
    found, dice, problems = read
    if sum(dice) + int(found["co"]) != int(found["total"]):
        problems.append(f"{dice} {found['co']} is not {found['total']}")
    if found["parts"]:
        parts = [int(n) for n in re.findall(r"-?\d+", found["parts"])]
        if sum(parts) != int(found["target"]):
            problems.append(f"{parts} do not give {found['target']}")
    return problems


def rh_damage(line: str, modifiers: int | None) -> list[str] | None:
    read = _rh_read(_RH_DAMAGE, line)
    if read is None:
        return None
    found, dice, problems = read
    raw = sum(dice) + _signed(found["minus"])
    if len(dice) != int(found["count"]) or raw != int(found["raw"]):
        problems.append(f"{dice} {found['minus'] or ''} is not {found['raw']}")
    value = max(raw, int(found["min"])) if found["min"] else raw
    if value != int(found["value"]):
        problems.append(f"{raw} (minimum {found['min']}) is not {found['value']}")
    return problems


PARSERS: tuple[Callable[[str, int | None], list[str] | None], ...] = (
    ds_roll, ds_initiative, rh_check, rh_damage, injury, swade_trait, swade_damage,
)  # fmt: skip


def check_message(text: str) -> tuple[int, list[str]]:
    """How many roll lines ``text`` shows, and what does not add up in them."""
    rolls, problems = 0, []
    named: int | None = None
    for line in text.splitlines():
        line = line.strip()
        total = modifiers_line(line)
        if isinstance(total, list):
            problems += [f"{line!r}: {p}" for p in total]
            continue
        if total is not None:
            named = total
            continue
        tn = tn_line(line)
        if tn is not None:
            problems += [f"{line!r}: {p}" for p in tn]
            continue
        if not DICE_MARK.search(line):
            named = None
            continue
        rolls += 1
        for parse in PARSERS:
            found = parse(line, named)
            if found is not None:
                problems += [f"{line!r}: {p}" for p in found]
                break
        else:
            problems.append(f"{line!r}: a roll no parser reads")
        named = None
    return rolls, problems
