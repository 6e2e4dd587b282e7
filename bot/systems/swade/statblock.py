"""A reader for SWADE stat blocks as people paste them, in Spanish or English. Pure.

Layouts accepted (issue 16), each as published with line breaks, or flattened to one line
(Discord's option box turns line breaks into spaces), or with PDF wraps (a line break
inside a trait, ``Intimidation`` / ``d10``, or a word broken with a hyphen)::

    Goblin (WC)                       the name; a Wild Card marker ("WC", "Wild Card",
                                      "Comodín", ☠, 💀) may follow
    Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6
    Skills: Athletics d6, Fighting d8, Language (Elvish) d6, Spellcasting d8
    Pace: 6; Parry: 5; Toughness: 7 (2); Size: 1       also "Parry 6", "Paso 6, Parada 5"
    Hindrances: Greedy (Minor), Hesitant
    Edges: Arcane Background (Magic), Level Headed, Quick
    Powers: bolt (1 PP), healing (3 PP)                 Poderes: descarga (1 PP)...
    Power Points: 15                                    Puntos de poder: 15
    Arcane Background: Magic                            Trasfondo arcano: Magia
    Bennies: 2                                          Benis: 2
    Gear: Short spear (Str+d6, Reach 1), Bow (Range 12/24/48, Damage 2d6, AP 1),
          leather armor (+1), medium shield (+2 Parry), rope
    Special Abilities:
      • Armor +2: Thick hide.                           natural armour
      • Claws: Str+d6.                                  a natural weapon
      • Size +1: ...                                    Size
      • Infravision: ...                                kept as an ability, not applied

Section labels (Spanish: Atributos, Habilidades, Paso, Parada, Dureza, Desventajas,
Ventajas, Equipo, Capacidades/Habilidades especiales, Poderes, Puntos de poder,
Trasfondo arcano, Tamaño, Benis) are found anywhere, with or without a line break
before them; case and accents are ignored; ``Pace``, ``Parry``, ``Toughness``, ``Size``,
``Bennies`` and ``Power Points`` need no colon when a number follows. A label inside
parentheses (``shield (+1 Parry)``) or right after a bullet is not a section.

Also the layouts character builders and importers produce: savaged.us's exports (plain
text, Markdown ``**Attributes**:``, BBCode ``[B]Attributes[/B]:``, with ``Weapons:``,
``Armor:``, ``Arcane Background:``, ``Running Die:``, ``Languages:``... and headings
without a colon) and the section labels of the Foundry VTT SWADE stat block importer
(the same labels, plus ``Super Powers``, ``Conviction``), HTML tags, soft hyphens,
ligatures and Unicode dashes.

A quick Extra is one line of comma-separated pieces with no section labels: ``Goblin:
Fighting d6, Parry 5, Toughness 5, spear Str+d4`` (traits with dice, Pace/Parry/
Toughness/Size, weapons as ``name damage [AP n] [range 12/24/48] [RoF n] [reach n]``,
``Armor +N``, edge names, a Wild Card marker).

Readings where the rules are silent (docstring of record):

- Toughness's parenthesis is its armour part (SW-12). Without one, the armour is the
  sheet's natural armour (``Armor +N`` in Special Abilities) plus its best worn armour
  (a gear item ``(+N)``), and a given Toughness is taken to include it, as published
  blocks do.
- Missing Parry: 2 + half Fighting (+ half its bonus) + a shield's ``+N Parry``.
  Missing Toughness: 2 + half Vigor (+ half its bonus) + Size + armour. Missing Pace: 6.
  Attributes not given: d4. Each default is named in ``SheetReading.defaults``.
- The arcane skill (SW-39) is the one the arcane background rolls (Magic: Spellcasting,
  Miracles: Faith, Psionics, Weird Science, Gifted: Focus), else the first of those
  skills on the sheet.
- ``Wounds: N`` (savaged.us) is the maximum wounds.

Nothing is dropped silently: what is not used (a free-text line, an unknown label and its
text, leftover words, sections the bot does not use such as Treasure or Languages) is
listed in ``SheetReading.unused``. A malformed entry in a section the bot uses raises
``RuleError("swade.statblock.bad_line.<what>", line=n, text=..., expected=<what>)`` with
``<what>`` one of ``die``, ``attribute``, ``trait``, ``number``, ``derived``,
``parenthesis``, ``name``; no attributes line: ``swade.statblock.no_attributes``; no
name: ``swade.statblock.no_name``; nothing understood: ``swade.statblock.nothing_read``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from bot.systems.base import RuleError
from bot.systems.sheets import SheetReading, fold_same_length, join_hyphen_wraps
from bot.systems.swade.names import (
    ARCANE_SKILL_OF,
    ARCANE_SKILLS,
    ATTRIBUTE_IDS,
    ATTRIBUTES,
    EDGES,
    SKILLS,
    arcane_background_id,
    edge_id,
    fold,
    ident,
    skill_id,
)
from bot.systems.swade.state import Power, SwadeCombatant, Trait, Weapon

__all__ = [
    "ATTRIBUTES",
    "DIE_SIZES",
    "EDGES",
    "SKILLS",
    "edge_id",
    "fold",
    "ident",
    "parse_statblock",
    "read_statblock",
    "skill_id",
    "split_top",
]

DIE_SIZES = (4, 6, 8, 10, 12)

# -- labels -----------------------------------------------------------------------------

LIST_LABELS: dict[str, str] = {
    "attributes": "attributes", "atributos": "attributes",
    "skills": "skills", "habilidades": "skills",
    "edges": "edges", "ventajas": "edges",
    "hindrances": "hindrances", "desventajas": "hindrances",
    "gear": "gear", "equipo": "gear", "equipment": "gear", "equipamiento": "gear",
    "weapons": "gear", "armas": "gear",
    "armor": "armor", "armour": "armor", "armadura": "armor",
    "powers": "powers", "poderes": "powers",
    "arcane background": "arcane", "trasfondo arcano": "arcane",
    "special abilities": "special", "capacidades especiales": "special",
    "habilidades especiales": "special", "abilities": "special",
}  # fmt: skip
DERIVED_LABELS: dict[str, str] = {
    "pace": "pace", "paso": "pace",
    "parry": "parry", "parada": "parry",
    "toughness": "toughness", "dureza": "toughness",
    "size": "size", "tamano": "size",
    "bennies": "bennies", "benis": "bennies", "starting bennies": "bennies",
    "benis iniciales": "bennies",
    "power points": "power_points", "puntos de poder": "power_points", "pp": "power_points",
    "wounds": "max_wounds", "heridas max": "max_wounds", "heridas maximas": "max_wounds",
}  # fmt: skip
# Sections the bot reads past: their text is listed as not used, under their label.
IGNORED_LABELS: tuple[str, ...] = (
    "treasure", "tesoro", "botin", "languages", "language", "idiomas", "lenguas",
    "current wealth", "wealth", "riqueza", "background", "trasfondo", "description",
    "descripcion", "advances", "avances", "books in use", "setting rules", "validity",
    "framework", "arcane items", "objetos arcanos", "conviction", "conviccion",
    "running die", "dado de carrera", "flying pace", "charisma", "carisma", "sanity",
    "cordura", "strain", "super powers", "superpoderes", "rank", "rango", "notes", "notas",
    "current load", "cyberware", "vehicles", "vehiculos", "heroe's journey selections",
)  # fmt: skip
# Labels that may stand without a colon (a heading on its own line, or mid-line).
NO_COLON: frozenset[str] = frozenset(
    {"special abilities", "capacidades especiales", "habilidades especiales"}
)
_ALL_LABELS = sorted({*LIST_LABELS, *DERIVED_LABELS, *IGNORED_LABELS}, key=lambda s: (-len(s), s))
_LABEL_RE = re.compile(
    r"(?<![a-z0-9'])(?P<label>"
    + "|".join(re.escape(x).replace(r"\ ", r"\s+") for x in _ALL_LABELS)
    + r")(?![a-z'])"
)
_BULLETS = "•·▪◦●■‣⁃@*-"
_BULLET_RE = re.compile(r"(?:^|(?<=\s))[•·▪◦●■‣⁃]\s*|(?:^|\n)\s*[-*@]\s+")
_DIE_TOKEN = re.compile(r"\bd\s?\d+", re.IGNORECASE)
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
_WC_RE = re.compile(
    r"[(\[]\s*(?:wc|wild\s*card|comod[ií]n)\s*[)\]]|\bwild\s*card\b|\bcomod[ií]n\b|\bwc\b|☠️?|💀",
    re.IGNORECASE,
)
_NONE_WORDS = {"-", "none", "ninguna", "ninguno", "nada", "n/a"}
_UNKNOWN_LABEL_RE = re.compile(
    r"(?:^|(?<=[\s.;,]))(?P<label>[A-ZÁÉÍÓÚÑÜ][\w'’]*(?:[ \t]+[\w'’]+){0,2})[ \t]*:(?!\d)"
)
_POWER_COST = re.compile(
    r"(?<!\w)(\d+)\s*(?:pp|pps|ppe|pp\.|puntos?\s+de\s+poder|power\s+points?)(?!\w)",
    re.IGNORECASE,
)


@dataclass
class _Mark:
    start: int
    end: int  # just after the label and its colon
    kind: str  # "list", "derived" or "ignored"
    field: str
    label: str  # as written
    bulleted: bool = False  # right after a bullet: an item when inside Special Abilities


@dataclass
class _Sheet:
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


def _bad(line: int, what: str, text: str) -> RuleError:
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


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _trim(item: str) -> str:
    """An item without surrounding spaces and trailing punctuation ("axe (Str+d8)." ->
    "axe (Str+d8)"): a trailing period must not cost the weapon."""
    return _collapse(item).strip(" .,;:|…")


# -- cleaning -----------------------------------------------------------------------------


def _clean(text: str) -> str:
    """Markup, ligatures, odd dashes and spaces out; PDF hyphen wraps joined. Keeps the
    line count (a removed line leaves an empty one) so errors name the pasted line."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\u00ad", "").replace("\u200b", "").replace("\ufeff", "")
    text = re.sub(r"[\u00a0\u2007\u202f\t]", " ", text)
    text = re.sub(r"[\u2212\u2010\u2011\u2012\u2013\u2014\u2015]", "-", text)
    text = text.replace("\u2019", "'")
    text = re.sub(r"<br\s*/?>|</p>|<li>", "\n", text, flags=re.IGNORECASE)
    text = re.sub(r"</?[a-zA-Z][^<>]*>", "", text)
    text = re.sub(r"\[\*\]", "• ", text)
    text = re.sub(
        r"\[/?(?:b|i|u|s|size|list|url|color|font|quote|center|h\d)(?:=[^\]]*)?\]",
        "",
        text,
        flags=re.IGNORECASE,
    )
    text = text.replace("**", "").replace("__", "")
    lines = []
    for line in text.split("\n"):
        if re.fullmatch(r"\s*(?:-{3,}|(?:\*\s*){3,}|_{3,}|={3,})\s*", line) or re.match(
            r"\s*created with\b.*savaged", line, flags=re.IGNORECASE
        ):
            line = ""
        line = re.sub(r"^\s*#{1,6}\s+", "", line)
        lines.append(line)
    text = "\n".join(lines)
    return join_hyphen_wraps(text)


def _depths(text: str) -> list[int]:
    depth = 0
    out = []
    for ch in text:
        out.append(depth)
        if ch in "([":
            depth += 1
        elif ch in ")]" and depth > 0:
            depth -= 1
    return out


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _at_line_start(text: str, start: int) -> bool:
    before = text[text.rfind("\n", 0, start) + 1 : start]
    return not before.strip(" " + _BULLETS)


def _after_bullet(text: str, start: int) -> bool:
    before = text[:start].rstrip(" ")
    return bool(before) and before[-1] in "•·▪◦●■‣⁃"


def _find_marks(src: str) -> list[_Mark]:
    low = fold_same_length(src)
    depth = _depths(src)
    marks: list[_Mark] = []
    for m in _LABEL_RE.finditer(low):
        label = re.sub(r"\s+", " ", m.group("label"))
        start, end = m.start(), m.end()
        rest = low[end:]
        colon = re.match(r"[ \t]*:", rest)
        line_start = _at_line_start(src, start)
        if depth[start] > 0 and not (line_start and colon):
            continue
        if label in DERIVED_LABELS and label not in LIST_LABELS:
            number = re.match(r"[ \t]*:?[ \t]*\(?[+-]?\d", rest)
            if not (colon or number):
                continue
            kind, fld = "derived", DERIVED_LABELS[label]
        else:
            alone = re.match(r"[ \t]*:?[ \t]*(?:\n|$)", rest) and line_start
            if not (colon or alone or label in NO_COLON):
                continue
            if label in LIST_LABELS:
                kind, fld = "list", LIST_LABELS[label]
            else:
                kind, fld = "ignored", label
        if colon:
            end += colon.end()
        label_text = src[m.start() : m.end()]
        marks.append(_Mark(start, end, kind, fld, label_text, _after_bullet(src, start)))
    return marks


# -- traits -------------------------------------------------------------------------------


def _pairs(item: str) -> tuple[list[re.Match[str]], str]:
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


def _trait(line: int, m: re.Match[str], item: str) -> tuple[str, Trait]:
    die = int(m.group("die"))
    if die not in DIE_SIZES:
        raise _bad(line, "die", item)
    bonus = int(m.group("bonus").replace(" ", "")) if m.group("bonus") else 0
    return _collapse(m.group("name")).strip(" ,;.-"), Trait(die=die, bonus=bonus)


def _trait_items(
    reading: SheetReading[SwadeCombatant], line: int, content: str, *, attributes: bool
) -> dict[str, Trait]:
    out: dict[str, Trait] = {}
    try:
        items = split_top(content)
    except ValueError:
        raise _bad(line, "parenthesis", content) from None
    for raw in items:
        item = _trim(raw)
        if not item:
            continue
        pairs, left = _pairs(item)
        if not pairs:
            raise _bad(line, "trait", item)
        for m in pairs:
            name, trait = _trait(line, m, item)
            if attributes:
                key = ATTRIBUTES.get(fold(name))
                if key is None:
                    raise _bad(line, "attribute", item)
            else:
                key = skill_id(name)
            out[key] = trait
            paren = m.group("paren")
            if paren is not None and fold(paren) not in ("a", "animal"):
                reading.leave(f"{name} ({paren})")
        reading.leave(left)
    return out


# -- weapons, gear ------------------------------------------------------------------------


def _weapon_parts(weapon: Weapon, parts: list[str]) -> list[str]:
    """Read ``Str+d6``, ``Damage 2d6``, ``AP 1``, ``Range 12/24/48``, ``RoF 2``,
    ``Shots 6``, ``Reach 1`` (Spanish: Daño, PA, Distancia/Alcance, CdF, Disparos,
    Munición, Alcance) into ``weapon``; return the parts it did not read."""
    notes: list[str] = []
    for part in parts:
        folded = fold(part)
        squeezed = folded.replace(" ", "")
        if _DAMAGE_RE.match(squeezed) and not weapon.damage:
            weapon.damage = part.replace(" ", "")
            continue
        labelled = re.match(r"^([a-z][a-z. ]*?)\s*(?::\s*|\s)\s*([0-9a-z][\w/+\-. ]*)$", folded)
        if labelled:
            label, value = labelled.group(1).strip(" ."), labelled.group(2).strip()
            number = re.fullmatch(r"\d+", value)
            if label in ("damage", "dano", "dmg", "danos") and _DAMAGE_RE.match(
                value.replace(" ", "")
            ):
                weapon.damage = part.split(":", 1)[-1].split(maxsplit=1)[-1].replace(" ", "")
                if ":" not in part:
                    weapon.damage = part.split(maxsplit=1)[1].replace(" ", "")
                continue
            if label in ("ap", "pa") and number:
                weapon.ap = int(value)
                continue
            if label in ("rof", "cdf", "rate of fire", "cadencia") and number:
                weapon.rof = int(value)
                continue
            if label in ("reach", "alcance") and number:
                weapon.reach = int(value)
                continue
            if label in ("shots", "disparos", "municion", "ammo") and number:
                weapon.shots = int(value)
                continue
            if label in ("range", "distancia", "rango", "dist", "alcance") and re.fullmatch(
                r"\d+(?:/\d+){0,3}", value
            ):
                weapon.range = value
                continue
        notes.append(part)
    return notes


def _paren_weapon(item: str) -> Weapon | None:
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
    rf"^(?P<name>[^\d()]+?)\s*:?\s+(?P<damage>{_INLINE_DAMAGE})(?P<rest>(?:\s+.*)?)$", re.IGNORECASE
)


def _inline_weapon(item: str) -> Weapon | None:
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


def _gear_item(sheet: _Sheet, item: str) -> None:
    """A gear entry: a weapon, a shield (``+2 Parry``), armour (``(+2)``) or other gear."""
    weapon = _paren_weapon(item) or (None if "(" in item else _inline_weapon(item))
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


def _power(item: str) -> Power:
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


def _edge_items(sheet: _Sheet, content: str, target: list[str], line: int) -> None:
    try:
        items = split_top(content)
    except ValueError:
        raise _bad(line, "parenthesis", content) from None
    for raw in items:
        item = _trim(raw)
        if not item or fold(item) in _NONE_WORDS:
            continue
        arcane = re.match(
            r"^(?:arcane background|trasfondo arcano|ta|ab)\s*[(:]\s*(.+?)\)?$", fold(item)
        )
        if arcane and target is sheet.edges:
            sheet.arcane_background = arcane_background_id(arcane.group(1))
            if "arcane_background" not in target:
                target.append("arcane_background")
            continue
        target.append(edge_id(item))


def _special_items(content: str) -> list[str]:
    """Special Abilities split into items: by bullets, else by lines that start an item
    (``Name:``), else (flattened) by sentences followed by ``Name:``."""
    if _BULLET_RE.search(content):
        return [p for p in _BULLET_RE.split(content) if p.strip()]
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


def _special(sheet: _Sheet, content: str) -> None:
    for raw in _special_items(content):
        item = _trim(raw)
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


# -- sections -----------------------------------------------------------------------------


def _belongs(line: str, previous: str, field_name: str) -> bool:
    """Whether a later line of a section continues it (a PDF wrap) or is free text."""
    stripped = line.strip()
    if previous.rstrip().endswith((",", "(", ";")) or previous.count("(") > previous.count(")"):
        return True
    if re.match(r"^[a-záéíóúñü0-9(+]", stripped) or _DIE_TOKEN.match(stripped):
        return True
    if field_name in ("attributes", "skills"):
        return bool(_DIE_TOKEN.search(stripped))
    return (
        "," in stripped or "(" in stripped or (len(stripped.split()) <= 3 and "." not in stripped)
    )


def _section_text(
    reading: SheetReading[SwadeCombatant], content: str, field_name: str
) -> tuple[str, int]:
    """The part of ``content`` that belongs to a list section (the rest is recorded as
    not used), and the offset of the first unknown label cutting it, if any."""
    cut = _UNKNOWN_LABEL_RE.search(content)
    depth = _depths(content)
    while cut is not None and depth[cut.start("label")] > 0:
        cut = _UNKNOWN_LABEL_RE.search(content, cut.end())
    if cut is not None:
        reading.leave(content[cut.start("label") :])
        content = content[: cut.start("label")]
    lines = content.split("\n")
    kept = [lines[0]]
    for i, line in enumerate(lines[1:], start=1):
        if not line.strip():
            continue
        if not _belongs(line, kept[-1] if kept[-1].strip() else lines[0], field_name):
            for rest in lines[i:]:
                reading.leave(rest)
            break
        kept.append(line)
    return " ".join(kept), 0


def _derived(
    reading: SheetReading[SwadeCombatant], sheet: _Sheet, mark: _Mark, content: str, line: int
) -> None:
    text = _collapse(content)
    m = re.match(r"^:?\s*\(?\s*([+-]?\s*\d+)\s*\)?\s*(?:\(([^()]*)\))?", text)
    if m is None:
        raise _bad(line, "derived", f"{mark.label}: {text}")
    value = int(m.group(1).replace(" ", ""))
    sheet.derived[mark.field] = value
    paren = m.group(2)
    if mark.field == "toughness" and paren is not None:
        armour = re.match(r"^\s*\+?(\d+)\b(.*)$", paren)
        if armour is None:
            raise _bad(line, "number", f"{mark.label}: {text}")
        sheet.armor_paren = int(armour.group(1))
        reading.leave(armour.group(2))
    reading.leave(text[m.end() :])


def _list_section(
    reading: SheetReading[SwadeCombatant], sheet: _Sheet, mark: _Mark, content: str, line: int
) -> None:
    if mark.field == "special":
        _special(sheet, content)
        return
    text, _ = _section_text(reading, content, mark.field)
    if mark.field == "attributes":
        sheet.saw_attributes = True
        sheet.attributes.update(_trait_items(reading, line, text, attributes=True))
    elif mark.field == "skills":
        sheet.skills.update(_trait_items(reading, line, text, attributes=False))
    elif mark.field in ("edges", "hindrances"):
        target = sheet.edges if mark.field == "edges" else sheet.hindrances
        _edge_items(sheet, text, target, line)
    elif mark.field == "arcane":
        items = [_trim(p) for p in re.split(r"[,;]", text) if _trim(p)]
        if items:
            sheet.arcane_background = arcane_background_id(items[0])
            for extra in items[1:]:
                reading.leave(extra)
    elif mark.field == "powers":
        try:
            items = split_top(text)
        except ValueError:
            raise _bad(line, "parenthesis", text) from None
        for raw in items:
            item = _trim(raw)
            if item and fold(item) not in _NONE_WORDS:
                sheet.powers.append(_power(item))
    elif mark.field in ("gear", "armor"):
        number = re.fullmatch(r"\s*\+?(\d+)\s*", _trim(text))
        if mark.field == "armor" and number:
            sheet.natural_armor += int(number.group(1))
            return
        try:
            items = split_top(text)
        except ValueError:
            raise _bad(line, "parenthesis", text) from None
        for raw in items:
            item = _trim(raw)
            if item and fold(item) not in _NONE_WORDS:
                _gear_item(sheet, item)


def _header(
    reading: SheetReading[SwadeCombatant], sheet: _Sheet, preamble: str, name: str | None
) -> None:
    """The text before the first label: the name (its first line) and the Wild Card
    marker; further lines are not used. A given ``name`` replaces it."""
    sheet.wild = _WC_RE.search(preamble) is not None
    lines = [x for x in (ln.strip(" " + _BULLETS) for ln in preamble.split("\n")) if x]
    if not lines:
        return
    first = re.sub(r"\s+", " ", _WC_RE.sub(" ", lines[0])).strip(" :-|")
    if name and fold(first).startswith(fold(name)) and fold(first) != fold(name):
        reading.leave(first[len(name) :])
        first = name
    sheet.header = first
    for rest in lines[1:]:
        reading.leave(_WC_RE.sub(" ", rest))


# -- the quick Extra ----------------------------------------------------------------------


def _quick(reading: SheetReading[SwadeCombatant], sheet: _Sheet, src: str) -> None:
    """One line of pieces: ``Goblin: Fighting d6, Parry 5, Toughness 5, spear Str+d4``."""
    body = src
    head = re.match(r"^\s*([^:\n,;()]{1,60}?(?:\([^()]*\))?)\s*:\s*(.*)$", src, flags=re.S)
    if head and fold(head.group(1)) not in DERIVED_LABELS and not _DIE_TOKEN.search(head[1]):
        sheet.header = re.sub(r"\s+", " ", _WC_RE.sub(" ", head.group(1))).strip(" -")
        sheet.wild = _WC_RE.search(head.group(1)) is not None
        body = head.group(2)
    try:
        items = split_top(body.replace("\n", ","))
    except ValueError:
        raise _bad(1, "parenthesis", body) from None
    understood = False
    known_edges = set(EDGES.values()) | {"level_headed", "quick", "combat_reflexes"}
    for raw in items:
        item = _trim(raw)
        if not item:
            continue
        folded = fold(item)
        derived = re.match(r"^([a-z ]+?)\s*:?\s*([+-]?\d+)\s*(?:\((\d+)\))?$", folded)
        if derived and derived.group(1) in DERIVED_LABELS:
            fld = DERIVED_LABELS[derived.group(1)]
            sheet.derived[fld] = int(derived.group(2))
            if fld == "toughness" and derived.group(3):
                sheet.armor_paren = int(derived.group(3))
            understood = True
            continue
        armour = re.fullmatch(r"(?:armor|armour|armadura)\s*:?\s*\+?(\d+)", folded)
        if armour:
            sheet.natural_armor += int(armour.group(1))
            continue
        if _WC_RE.fullmatch(item):
            sheet.wild = True
            continue
        pairs, left = _pairs(item)
        if pairs and not left.strip(" .,;"):
            for m in pairs:
                name, trait = _trait(1, m, item)
                key = ATTRIBUTES.get(fold(name))
                if key is not None:
                    sheet.attributes[key] = trait
                else:
                    sheet.skills[skill_id(name)] = trait
            understood = True
            continue
        weapon = _paren_weapon(item) or _inline_weapon(item)
        if weapon is not None:
            sheet.weapons.append(weapon)
            understood = True
            continue
        edge = edge_id(item)
        if edge in known_edges:
            sheet.edges.append(edge)
            continue
        reading.leave(item)
    if not understood:
        raise RuleError("swade.statblock.nothing_read")


# -- the combatant ------------------------------------------------------------------------


def _build(
    reading: SheetReading[SwadeCombatant], sheet: _Sheet, name: str | None, *, quick: bool
) -> SwadeCombatant:
    final_name = (name or sheet.header or "").strip()
    if not final_name:
        raise RuleError("swade.statblock.no_name")
    if not quick and not sheet.saw_attributes:
        raise RuleError("swade.statblock.no_attributes")
    missing = [key for key in ATTRIBUTE_IDS if key not in sheet.attributes]
    if missing:
        reading.default("sheet.default.attributes", attributes=missing)
    attributes = {key: sheet.attributes.get(key, Trait(die=4)) for key in ATTRIBUTE_IDS}
    derived = sheet.derived
    size = derived.get("size", 0)
    armor = sheet.armor_paren
    if armor is None:
        armor = sheet.natural_armor + sheet.worn_armor
    if "pace" not in derived:
        reading.default("sheet.default.pace", value=6)
    fighting = sheet.skills.get("fighting")
    parry = derived.get("parry")
    if parry is None:
        parry = 2 + (fighting.die // 2 + fighting.bonus // 2 if fighting else 0)
        parry += sheet.shield_parry
        reading.default("sheet.default.parry", value=parry)
    vigor = attributes["vigor"]
    toughness = derived.get("toughness")
    if toughness is None:
        toughness = 2 + vigor.die // 2 + vigor.bonus // 2 + size + armor
        reading.default("sheet.default.toughness", value=toughness, armor=armor)
    arcane_skill = ARCANE_SKILL_OF.get(sheet.arcane_background or "")
    if arcane_skill is None:
        arcane_skill = next((s for s in ARCANE_SKILLS if s in sheet.skills), None)
    combatant = SwadeCombatant(
        id="",
        name=final_name,
        wild_card=sheet.wild,
        attributes=attributes,
        skills=sheet.skills,
        pace=derived.get("pace", 6),
        parry=parry,
        toughness=toughness,
        armor=armor,
        size=size,
        edges=sheet.edges,
        hindrances=sheet.hindrances,
        weapons=sheet.weapons,
        bennies=derived.get("bennies", 0),
        arcane_background=sheet.arcane_background,
        arcane_skill=arcane_skill,
        powers=sheet.powers,
        gear=sheet.gear,
        abilities=sheet.abilities,
    )
    if "max_wounds" in derived:
        combatant.max_wounds = derived["max_wounds"]
    if "power_points" in derived:
        combatant.power_points = derived["power_points"]
        combatant.max_power_points = derived["power_points"]
    return combatant


def read_statblock(text: str, *, name: str | None = None) -> SheetReading[SwadeCombatant]:
    """Read a SWADE stat block (module docstring) into a combatant with no id yet, the
    text it did not use and the defaults it applied."""
    reading: SheetReading[SwadeCombatant] = SheetReading(
        sheet=SwadeCombatant(id="", name=name or "-")
    )
    src = _clean(text)
    marks = _find_marks(src)
    sheet = _Sheet()
    quick = not any(m.kind != "derived" for m in marks)
    if quick:
        _quick(reading, sheet, src)
        reading.sheet = _build(reading, sheet, name, quick=True)
        return reading
    _header(reading, sheet, src[: marks[0].start], name)
    in_special = False
    sections: list[tuple[_Mark, int]] = []
    for mark in marks:
        if in_special and (mark.kind == "derived" or mark.field == "armor" or mark.bulleted):
            continue  # "Size +1", "• Armor: +2" inside Special Abilities are abilities
        sections.append((mark, mark.start))
        in_special = mark.field == "special"
    for i, (mark, _) in enumerate(sections):
        stop = sections[i + 1][1] if i + 1 < len(sections) else len(src)
        content = src[mark.end : stop]
        line = _line_of(src, mark.start)
        if mark.kind == "derived":
            _derived(reading, sheet, mark, content, line)
        elif mark.kind == "ignored":
            reading.leave(f"{mark.label}: {_collapse(content)}")
        else:
            _list_section(reading, sheet, mark, content, line)
    reading.sheet = _build(reading, sheet, name, quick=False)
    return reading


def parse_statblock(text: str, *, name: str | None = None) -> SwadeCombatant:
    """Parse a SWADE stat block (module docstring) into a combatant with no id yet (the
    reading's sheet; :func:`read_statblock` also says what it did not use)."""
    return read_statblock(text, name=name).sheet
