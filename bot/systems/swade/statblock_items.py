"""The entries of a SWADE stat block's sections: trait dice, weapons, gear, powers, edges and
special abilities (the reader, :mod:`bot.systems.swade.statblock`, finds the sections).
Pure.

Readings are the reader's (its module docstring): a weapon is an entry whose parenthesis
holds its damage (``Axe (Str+d8, AP 1)``) or one written out (``spear Str+d4``); a shield
is ``+N Parry``; armour is ``(+N)``; a power's cost is ``N PP`` (or a bare number) in its
parenthesis; a special ability is natural armour (``Armor +2``), Size (``Size +1``), a
natural weapon (``Claws: Str+d6``), or kept by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.systems.base import RuleError
from bot.systems.sheets import SheetReading
from bot.systems.swade.names import (
    ATTRIBUTES,
    arcane_background_id,
    edge_id,
    fold,
    skill_id,
)
from bot.systems.swade.state import Power, SwadeCombatant, Trait, Weapon

DIE_SIZES = (4, 6, 8, 10, 12)


BULLETS = "•·▪◦●■‣⁃@*-"
_BULLET_RE = re.compile(r"(?:^|(?<=\s))[•·▪◦●■‣⁃]\s*|(?:^|\n)\s*[-*@]\s+")
# A dash or star bullet inside a line (a flattened list: "- Armor +2: hide - Size +1: big"):
# spaces around it and a capital after (the reader has turned – and — into -).
_INLINE_BULLET_RE = re.compile(r"(?:^|\s)[-*]\s+(?=[A-ZÁÉÍÓÚÑ¿¡])")
DIE_TOKEN = re.compile(r"\bd\s?\d+", re.IGNORECASE)
_DAMAGE_RE = re.compile(
    r"^(?:(?:str|fue|fuerza|strength)\.?(?:\+\d*d\d+)+|\d*d\d+(?:\+\d*d\d+)*)(?:[+-]\d+)?$"
)
_STR_DAMAGE_SEARCH = re.compile(
    r"(?<![a-z])(?:str|fue|fuerza|strength)\.?\s*(?:\+\s*\d*d\s?\d+)+(?:\s*[+-]\s*\d+(?![d\d]))?",
    re.IGNORECASE,
)
_INLINE_DAMAGE = (
    r"(?:(?:str|fue|fuerza|strength)\.?\s*(?:\+\s*\d*d\d+)+|\d*d\d+(?:\s*\+\s*\d*d\d+)*)"
    r"(?:\s*[+-]\s*\d+(?![d\d]))?"
)
_PAIR_RE = re.compile(
    r"\s*(?P<name>[^\d,;:()\[\]+]+?(?:\s*\([^()]*\))?)\s*\bd\s?(?P<die>\d+)"
    r"(?:\s*(?P<bonus>[+-]\s*\d+))?(?:\s*\((?P<paren>[^()]*)\))?",
    re.IGNORECASE,
)

NONE_WORDS = {"-", "none", "ninguna", "ninguno", "nada", "n/a"}

_POWER_COST = re.compile(
    r"(?<!\w)(\d+)\s*(?:pp|pps|ppe|pp\.|puntos?\s+de\s+poder|power\s+points?)(?!\w)",
    re.IGNORECASE,
)


@dataclass
class SheetParts:
    """What the sections found, before the combatant is built."""

    header: str | None = None
    wild: bool = False
    attributes: dict[str, Trait] = field(default_factory=dict)
    saw_attributes: bool = False
    skills: dict[str, Trait] = field(default_factory=dict)
    edges: list[str] = field(default_factory=list)
    hindrances: list[str] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    gear: list[str] = field(default_factory=list)
    powers: list[Power] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    arcane_background: str | None = None
    derived: dict[str, int] = field(default_factory=dict)
    armor_paren: int | None = None
    natural_armor: int = 0
    worn_armor: int = 0
    shield_parry: int = 0
    gender: str | None = None  # issue 18: "f"/"m", Spanish agreement
    severity: dict[str, str] = field(default_factory=dict)  # hindrance id -> major/minor
    note: str = ""  # what describes the character (issue 31: the lines after the name)


def bad(line: int, what: str, text: str) -> RuleError:
    return RuleError(
        f"swade.statblock.bad_line.{what}", line=line, text=text.strip()[:120], expected=what
    )


def split_top(text: str, seps: str = ",;") -> list[str]:
    """Split on separators outside parentheses; raise ValueError on unbalanced ones."""
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth < 0:
                raise ValueError(text)
        elif ch in seps and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth != 0:
        raise ValueError(text)
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def trim(item: str) -> str:
    """An item without surrounding spaces and trailing punctuation ("axe (Str+d8)." ->
    "axe (Str+d8)"): a trailing period must not cost the weapon, and a name that starts
    with a point keeps it (".45 pistol")."""
    text = collapse(item).rstrip(" .,;:|…").lstrip(" ,;:|…")
    return text if re.match(r"\.\d", text) else text.lstrip(".").lstrip(" ,;:|…")


# -- traits -------------------------------------------------------------------------------


def trait_pairs(item: str) -> tuple[list[re.Match[str]], str]:
    """The ``Name dN[+b]`` pairs an item starts with, and the text left after them."""
    found: list[re.Match[str]] = []
    pos = 0
    while True:
        m = _PAIR_RE.match(item, pos)
        if m is None or not m.group("name").strip(" ,;.-"):
            break
        found.append(m)
        pos = m.end()
    return found, item[pos:]


def read_trait(line: int, m: re.Match[str], item: str) -> tuple[str, Trait]:
    die = int(m.group("die"))
    if die not in DIE_SIZES:
        raise bad(line, "die", item)
    bonus = int(m.group("bonus").replace(" ", "")) if m.group("bonus") else 0
    return collapse(m.group("name")).strip(" ,;.-"), Trait(die=die, bonus=bonus)


def trait_items(
    reading: SheetReading[SwadeCombatant], line: int, content: str, *, attributes: bool
) -> dict[str, Trait]:
    out: dict[str, Trait] = {}
    for item in entries(content, line):
        pairs, left = trait_pairs(item)
        if not pairs:
            raise bad(line, "trait", item)
        for m in pairs:
            name, trait = read_trait(line, m, item)
            if attributes:
                key = ATTRIBUTES.get(fold(name))
                if key is None:
                    raise bad(line, "attribute", item)
            else:
                key = skill_id(name)
            out[key] = trait
            paren = m.group("paren")
            if paren is not None and fold(paren) not in ("a", "animal"):
                reading.leave(f"{name} ({paren})")
        reading.leave(left)
    return out


# -- weapons, gear ------------------------------------------------------------------------


# Weapon labels whose value is a whole number, and the field it goes to.
_WEAPON_NUMBERS: dict[str, str] = {
    "ap": "ap", "pa": "ap",
    "rof": "rof", "cdf": "rof", "rate of fire": "rof", "cadencia": "rof",
    "reach": "reach", "alcance": "reach",
    "shots": "shots", "disparos": "shots", "municion": "shots", "ammo": "shots",
}  # fmt: skip
_RANGE_LABELS = ("range", "distancia", "rango", "dist", "alcance")
_DAMAGE_LABELS = ("damage", "dano", "danos", "dmg")


def _weapon_parts(weapon: Weapon, parts: list[str]) -> list[str]:
    """Read ``Str+d6``, ``Damage 2d6``, ``AP 1``, ``Range 12/24/48``, ``RoF 2``,
    ``Shots 6``, ``Reach 1`` (Spanish: Daño, PA, Distancia/Alcance, CdF, Disparos,
    Munición, Alcance) into ``weapon``; return the parts it did not read."""
    notes: list[str] = []
    for part in parts:
        folded = fold(part)
        if _DAMAGE_RE.match(folded.replace(" ", "")) and not weapon.damage:
            weapon.damage = part.replace(" ", "")
            continue
        labelled = re.match(r"^([a-z][a-z. ]*?)\s*(?::\s*|\s)\s*([0-9a-z][\w/+\-. ]*)$", folded)
        label, value = (
            (labelled.group(1).strip(" ."), labelled.group(2).strip()) if labelled else ("", "")
        )
        if label in _DAMAGE_LABELS and _DAMAGE_RE.match(value.replace(" ", "")):
            written = part.split(":", 1)[1] if ":" in part else part.split(maxsplit=1)[1]
            weapon.damage = written.replace(" ", "")
        elif label in _WEAPON_NUMBERS and value.isdigit():
            setattr(weapon, _WEAPON_NUMBERS[label], int(value))
        elif label in _RANGE_LABELS and re.fullmatch(r"\d+(?:/\d+){0,3}", value):
            weapon.range = value
        else:
            notes.append(part)
    return notes


def paren_weapon(item: str) -> Weapon | None:
    """``Name (Str+d6, AP 1, ...)``: a weapon when the parenthesis holds its damage."""
    open_at, close_at = item.find("("), item.rfind(")")
    if open_at <= 0 or close_at < open_at:
        return None
    name, inner, after = item[:open_at].strip(), item[open_at + 1 : close_at], item[close_at + 1 :]
    try:
        parts = split_top(inner)
    except ValueError:
        return None
    weapon = Weapon(name=name)
    notes = _weapon_parts(weapon, parts)
    if not weapon.damage:
        return None
    if after.strip(" .,;"):
        notes.append(after.strip(" .,;"))
    weapon.notes = ", ".join(notes)
    return weapon


_INLINE_WEAPON_RE = re.compile(
    rf"^(?P<name>(?:[.\d][\w.]*\s+)?[^\d()]+?)\s*:?\s+(?P<damage>{_INLINE_DAMAGE})"
    r"(?P<rest>(?:\s+.*)?)$",
    re.IGNORECASE,
)


def inline_weapon(item: str) -> Weapon | None:
    """``spear Str+d4``, ``bow 2d6 AP 1 range 12/24/48 RoF 1``: a weapon written out."""
    m = _INLINE_WEAPON_RE.match(item)
    if m is None or fold(m.group("name")) in ATTRIBUTES:
        return None
    weapon = Weapon(name=m.group("name").strip(), damage=re.sub(r"\s+", "", m.group("damage")))
    tokens = m.group("rest").split()
    parts: list[str] = []
    i = 0
    while i < len(tokens):
        if i + 1 < len(tokens) and re.fullmatch(r"[\d/]+", tokens[i + 1]):
            parts.append(f"{tokens[i]} {tokens[i + 1]}")
            i += 2
        else:
            parts.append(tokens[i])
            i += 1
    weapon.notes = " ".join(_weapon_parts(weapon, parts))
    return weapon


_EITHER = re.compile(r"^(?P<a>[^()]+\([^()]*\))\s+(?:or|o|u|ó)\s+(?P<b>[^()]+\([^()]*\))$", re.I)


def either_weapons(item: str) -> list[Weapon] | None:
    """``hacha corta (FUE+d6) o lanza (FUE+d6, Alcance 1)``: two weapons, when both read
    as weapons (a choice the book leaves to the GM; both go on the sheet)."""
    m = _EITHER.match(item)
    if m is None:
        return None
    found = [paren_weapon(m.group("a").strip()), paren_weapon(m.group("b").strip())]
    return [w for w in found if w is not None] if all(found) else None


def gear_item(sheet: SheetParts, item: str) -> None:
    """A gear entry: a weapon (or two: ``axe (Str+d6) or spear (Str+d6)``), a shield
    (``+2 Parry``), armour (``(+2)``) or other gear."""
    either = either_weapons(item)
    if either is not None:
        sheet.weapons.extend(either)
        return
    weapon = paren_weapon(item) or (None if "(" in item else inline_weapon(item))
    if weapon is not None:
        sheet.weapons.append(weapon)
        return
    inner = item[item.find("(") + 1 : item.rfind(")")] if "(" in item else ""
    folded_inner, folded_name = fold(inner), fold(item.split("(")[0])
    shield = re.search(r"([+-]?\d+)\s*(?:parry|parada)|(?:parry|parada)\s*([+-]?\d+)", folded_inner)
    armour = re.fullmatch(r"\s*\+?(\d+)\s*", folded_inner) or re.search(
        r"(?:armor|armour|armadura)\s*\+?(\d+)", folded_inner
    )
    if shield:
        sheet.shield_parry = max(sheet.shield_parry, int(shield.group(1) or shield.group(2)))
    elif armour and not re.search(r"shield|escudo", folded_name):
        sheet.worn_armor = max(sheet.worn_armor, int(armour.group(1)))
    elif armour:
        sheet.shield_parry = max(sheet.shield_parry, int(armour.group(1)))
    sheet.gear.append(item)


# -- powers, edges, special abilities -----------------------------------------------------


def read_power(item: str) -> Power:
    """``bolt (1 PP)``, ``healing (3)``, ``blast (fire, 2 PP)``, ``bolt 1 PP``."""
    m = re.match(r"^(?P<name>[^(\[]+?)\s*[(\[](?P<inner>.*)[)\]]\s*$", item)
    if m is None:
        inline = re.match(rf"^(?P<name>.+?)\s+{_POWER_COST.pattern}$", item, flags=re.IGNORECASE)
        if inline:
            return Power(name=inline.group("name").strip(), cost=int(inline.group(2)))
        return Power(name=item)
    name, inner = m.group("name").strip(), m.group("inner")
    cost: int | None = None
    notes: list[str] = []
    for part in (p.strip() for p in re.split(r"[,;]", inner)):
        found = _POWER_COST.fullmatch(part) or re.fullmatch(r"(\d+)", part)
        if found and cost is None:
            cost = int(found.group(1))
        elif part:
            notes.append(part)
    return Power(name=name, cost=cost, notes=", ".join(notes))


def entries(text: str, line: int) -> list[str]:
    """A section's entries: split on ``,``/``;`` outside parentheses, trimmed, without
    empty ones and "none"/"-"; unbalanced parentheses are refused naming the line."""
    try:
        items = split_top(text)
    except ValueError:
        raise bad(line, "parenthesis", text) from None
    return [item for item in map(trim, items) if item and fold(item) not in NONE_WORDS]


_SEVERITY = re.compile(r"\b(major|minor|mayor|menor)\b")
_IMPROVED = re.compile(r"^(?:imp|improved|mejorad[oa])$")


def edge_items(
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, content: str, target: list[str],
    line: int,
) -> None:  # fmt: skip
    """Edges or hindrances by id. A hindrance's severity (``Vengeful (Major)``,
    ``Vengativa (Mayor)``) is kept; any other parenthesis (``Enemy (Minor, the Red
    Hand)``, ``Trademark Weapon (Sword)``) is text the bot does not use, and is named."""
    for item in entries(content, line):
        arcane = re.match(
            r"^(?:arcane background|trasfondo arcano|ta|ab)\s*[(:]\s*(.+?)\)?$", fold(item)
        )
        if arcane and target is sheet.edges:
            sheet.arcane_background = arcane_background_id(arcane.group(1))
            if "arcane_background" not in target:
                target.append("arcane_background")
            continue
        key = edge_id(item)
        target.append(key)
        paren = re.search(r"\(([^()]*)\)\s*$", item)
        if paren is None:
            continue
        inner = fold(paren.group(1))
        severity = _SEVERITY.search(inner)
        if severity and target is sheet.hindrances:
            word = severity.group(1)
            sheet.severity[key] = "major" if word in ("major", "mayor") else "minor"
            inner = _SEVERITY.sub("", inner, count=1)
        if _IMPROVED.match(inner.strip()) or not re.search(r"\w", inner):
            continue
        reading.leave(item)


def _special_items(content: str) -> list[str]:
    """Special Abilities split into items: by bullets, else by lines that start an item
    (``Name:``), else (flattened) by sentences followed by ``Name:``."""
    if _BULLET_RE.search(content) or _INLINE_BULLET_RE.search(content):
        pieces = [p for p in _BULLET_RE.split(content) if p.strip()]
        return [q for p in pieces for q in _INLINE_BULLET_RE.split(p) if q.strip()]
    lines = [x for x in content.split("\n") if x.strip()]
    if len(lines) > 1:
        items: list[str] = []
        for line in lines:
            if not items or re.match(r"^\s*[A-ZÁÉÍÓÚÑ][^:\n]{0,40}:", line):
                items.append(line)
            else:
                items[-1] += " " + line
        return items
    return [
        p for p in re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ][^:.!?]{0,40}:)", content) if p.strip()
    ]


def read_special(sheet: SheetParts, content: str) -> None:
    for raw in _special_items(content):
        item = trim(raw)
        if not item:
            continue
        m = re.match(r"^([^:]{1,50}?)\s*:\s*(.*)$", item)
        name, desc = (m.group(1).strip(), m.group(2)) if m else (item, "")
        folded = fold(name)
        armour = re.match(r"^(?:armor|armour|armadura)\s*\+?\s*(\d+)\b", folded) or (
            re.fullmatch(r"armor|armour|armadura", folded) and re.match(r"^\s*\+?\s*(\d+)\b", desc)
        )
        size = re.match(r"^(?:size|tamano)\s*([+-]?\s*\d+)\b", folded) or (
            re.fullmatch(r"size|tamano", folded) and re.match(r"^\s*([+-]?\s*\d+)\b", desc)
        )
        damage = _STR_DAMAGE_SEARCH.search(desc) or _STR_DAMAGE_SEARCH.search(name)
        if armour:
            sheet.natural_armor += int(armour.group(1))
        elif size:
            sheet.derived["size"] = int(size.group(1).replace(" ", ""))
        elif damage:
            weapon_name = _STR_DAMAGE_SEARCH.sub("", name).strip(" :,.") or name
            weapon = Weapon(name=weapon_name[:60], damage=re.sub(r"\s+", "", damage.group(0)))
            ap = re.search(r"\b(?:ap|pa)\s*(\d+)\b", fold(desc))
            reach = re.search(r"\b(?:reach|alcance)\s*(\d+)\b", fold(desc))
            weapon.ap = int(ap.group(1)) if ap else 0
            weapon.reach = int(reach.group(1)) if reach else 0
            sheet.weapons.append(weapon)
        else:
            sheet.abilities.append(name[:60])
