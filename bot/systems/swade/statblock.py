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
- Issue 31: a hindrance keeps its severity (``Vengeful (Major)``); any other parenthesis
  of an edge or hindrance is named as not used. What describes the character (the lines
  after the name, ``Notes:``, ``Description:``) is the sheet's note
  (:mod:`bot.systems.swade.statblock_header`). ``A (..) or B (..)`` in Gear is two
  weapons. Bullets ``• - – — *`` split Special Abilities, also inside one line.

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
from dataclasses import dataclass

from bot.systems.base import RuleError
from bot.systems.bounds import NAME_MAX, require_sheet_length
from bot.systems.common import GENDERS
from bot.systems.plain_names import plain_name
from bot.systems.sheets import SheetReading, join_hyphen_wraps
from bot.systems.swade.bounds import require_sheet
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
from bot.systems.swade.statblock_header import (
    WC_RE,
    add_note,
    name_before_trait,
    quick_header,
    read_header,
)
from bot.systems.swade.statblock_items import (
    BULLETS,
    DIE_SIZES,
    DIE_TOKEN,
    SheetParts,
    bad,
    collapse,
    edge_items,
    entries,
    gear_item,
    inline_weapon,
    paren_weapon,
    read_power,
    read_special,
    read_trait,
    split_top,
    trait_items,
    trait_pairs,
    trim,
)
from bot.systems.swade.state import SwadeCombatant, Trait
from bot.systems.words import fold_keeping_positions

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
# Issue 18: ``Género: f`` gives the grammatical gender Spanish texts agree with
# (``bot.systems.common.GENDERS``).
GENDER_LABELS: frozenset[str] = frozenset({"genero", "gender"})
# Issue 31: what describes the character goes to the sheet's note.
NOTE_LABELS: frozenset[str] = frozenset({"notes", "notas", "description", "descripcion"})
# Sections the bot reads past: their text is listed as not used, under their label.
IGNORED_LABELS: tuple[str, ...] = (
    "treasure", "tesoro", "botin", "languages", "language", "idiomas", "lenguas",
    "current wealth", "wealth", "riqueza", "background", "trasfondo", "advances", "avances", "books in use", "setting rules", "validity",
    "framework", "arcane items", "objetos arcanos", "conviction", "conviccion",
    "running die", "dado de carrera", "flying pace", "charisma", "carisma", "sanity",
    "cordura", "strain", "super powers", "superpoderes", "rank", "rango",
    "current load", "cyberware", "vehicles", "vehiculos", "heroe's journey selections",
)  # fmt: skip
# Labels that may stand without a colon (a heading on its own line, or mid-line).
NO_COLON: frozenset[str] = frozenset(
    {"special abilities", "capacidades especiales", "habilidades especiales"}
)
_ALL_LABELS = sorted(
    {*LIST_LABELS, *DERIVED_LABELS, *IGNORED_LABELS, *GENDER_LABELS, *NOTE_LABELS},
    key=lambda s: (-len(s), s),
)
_LABEL_RE = re.compile(
    r"(?<![a-z0-9'])(?P<label>"
    + "|".join(re.escape(x).replace(r"\ ", r"\s+") for x in _ALL_LABELS)
    + r")(?![a-z'])"
)
_UNKNOWN_LABEL_RE = re.compile(
    r"(?:^|(?<=[\s.;,]))(?P<label>[A-ZÁÉÍÓÚÑÜ][\w'’]*(?:[ \t]+[\w'’]+){0,2})[ \t]*:(?!\d)"
)


@dataclass
class _Mark:
    start: int
    end: int  # just after the label and its colon
    kind: str  # "list", "derived", "ignored", "gender" or "note"
    field: str
    label: str  # as written
    bulleted: bool = False  # right after a bullet: an item when inside Special Abilities


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
        if re.fullmatch(r"\s*(?:-{3,}|(?:\*\s*){3,}|_{3,}|={3,})\s*", line):
            line = ""
        # savaged.us's footer, on its own line or glued to the last entry (issue 31)
        line = re.sub(r"[_*\s]*created with\b[^\n]*?savaged\.?us\S*", "", line, flags=re.I)
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
    return not before.strip(" " + BULLETS)


def _after_bullet(text: str, start: int) -> bool:
    before = text[:start].rstrip(" ")
    return bool(before) and before[-1] in "•·▪◦●■‣⁃"


def _find_marks(src: str) -> list[_Mark]:
    low = fold_keeping_positions(src)
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
            elif label in GENDER_LABELS:
                if not colon:
                    continue
                kind, fld = "gender", "gender"
            elif label in NOTE_LABELS:
                kind, fld = "note", "note"
            else:
                kind, fld = "ignored", label
        if colon:
            end += colon.end()
        label_text = src[m.start() : m.end()]
        marks.append(_Mark(start, end, kind, fld, label_text, _after_bullet(src, start)))
    return marks


# -- sections -----------------------------------------------------------------------------


def _belongs(line: str, previous: str, field_name: str) -> bool:
    """Whether a later line of a section continues it (a PDF wrap) or is free text."""
    stripped = line.strip()
    if previous.rstrip().endswith((",", "(", ";")) or previous.count("(") > previous.count(")"):
        return True
    if re.match(r"^[a-záéíóúñü0-9(+]", stripped) or DIE_TOKEN.match(stripped):
        return True
    if field_name in ("attributes", "skills"):
        return bool(DIE_TOKEN.search(stripped))
    return (
        "," in stripped or "(" in stripped or (len(stripped.split()) <= 3 and "." not in stripped)
    )


def _section_text(reading: SheetReading[SwadeCombatant], content: str, field_name: str) -> str:
    """The part of ``content`` that belongs to a list section; the rest (an unknown
    ``Label:`` and what follows it, free-text lines) is recorded as not used."""
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
    return " ".join(kept)


def _derived(
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, mark: _Mark, content: str, line: int
) -> None:
    m = re.match(r"^\s*:?\s*\(?\s*([+-]?\s*\d+)\s*\)?[ \t]*(?:\(([^()]*)\))?", content)
    if m is None:
        raise bad(line, "derived", f"{mark.label}: {collapse(content)}")
    sheet.derived[mark.field] = int(m.group(1).replace(" ", ""))
    paren = m.group(2)
    if mark.field == "toughness" and paren is not None:
        armour = re.match(r"^\s*\+?(\d+)\b(.*)$", paren)
        if armour is None:
            raise bad(line, "number", f"{mark.label}: {collapse(content)}")
        sheet.armor_paren = int(armour.group(1))
        reading.leave(armour.group(2))
    _leave_lines(reading, content[m.end() :])


def _gender(
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, mark: _Mark, content: str, line: int
) -> None:
    """Issue 18: ``Género: f`` (f/m, femenino/masculino, female/male, mujer/hombre); the
    first word is the gender, what follows on the line is text not used."""
    m = re.match(r"^[ \t]*([^\s,;.]*)[ \t]*[,;.]?", content)
    word = fold(m.group(1)) if m else ""
    if word not in GENDERS:
        raise bad(line, "gender", f"{mark.label}: {collapse(content)}")
    sheet.gender = GENDERS[word]
    _leave_lines(reading, content[m.end() :] if m else content)


def _leave_lines(reading: SheetReading[SwadeCombatant], text: str) -> None:
    """Text nothing uses: each line, and each unknown ``Label:`` in it, on its own."""
    for line in text.split("\n"):
        cuts = [0] + [m.start("label") for m in _UNKNOWN_LABEL_RE.finditer(line)]
        for a, b in zip(cuts, [*cuts[1:], len(line)], strict=True):
            reading.leave(line[a:b])


def _list_section(
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, mark: _Mark, content: str, line: int
) -> None:
    if mark.field == "special":
        read_special(sheet, content)
        return
    text = _section_text(reading, content, mark.field)
    if mark.field == "attributes":
        sheet.saw_attributes = True
        sheet.attributes.update(trait_items(reading, line, text, attributes=True))
    elif mark.field == "skills":
        sheet.skills.update(trait_items(reading, line, text, attributes=False))
    elif mark.field in ("edges", "hindrances"):
        target = sheet.edges if mark.field == "edges" else sheet.hindrances
        edge_items(reading, sheet, text, target, line)
    elif mark.field == "arcane":
        items = [trim(p) for p in re.split(r"[,;]", text) if trim(p)]
        if items:
            sheet.arcane_background = arcane_background_id(items[0])
            for extra in items[1:]:
                reading.leave(extra)
    elif mark.field == "powers":
        sheet.powers.extend(read_power(item) for item in entries(text, line))
    elif mark.field in ("gear", "armor"):
        number = re.fullmatch(r"\s*\+?(\d+)\s*", trim(text))
        if mark.field == "armor" and number:
            sheet.natural_armor += int(number.group(1))
            return
        for item in entries(text, line):
            gear_item(sheet, item)


# -- the quick Extra ----------------------------------------------------------------------


def _quick(reading: SheetReading[SwadeCombatant], sheet: SheetParts, src: str) -> None:
    """One line of pieces: ``Goblin: Fighting d6, Parry 5, Toughness 5, spear Str+d4``."""
    body = quick_header(sheet, src, DERIVED_LABELS, DIE_TOKEN)
    try:
        items = split_top(body.replace("\n", ","))
    except ValueError:
        raise bad(1, "parenthesis", body) from None
    understood = False
    known_edges = set(EDGES.values()) | {"level_headed", "quick", "combat_reflexes"}
    for raw in items:
        item = trim(raw)
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
        if WC_RE.fullmatch(item):
            sheet.wild = True
            continue
        pairs, left = trait_pairs(item)
        if pairs and not left.strip(" .,;"):
            for m in pairs:
                name, trait = read_trait(1, m, item)
                if sheet.header is None:  # "Cara WC Agility d8, ...": the name, no colon
                    name = name_before_trait(sheet, name)
                key = ATTRIBUTES.get(fold(name))
                if key is not None:
                    sheet.attributes[key] = trait
                else:
                    sheet.skills[skill_id(name)] = trait
            understood = True
            continue
        weapon = paren_weapon(item) or inline_weapon(item)
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
    reading: SheetReading[SwadeCombatant], sheet: SheetParts, name: str | None, *, quick: bool
) -> SwadeCombatant:
    final_name = (name or sheet.header or "").strip()
    if not final_name:
        raise RuleError("swade.statblock.no_name")
    final_name = plain_name(final_name, limit=NAME_MAX)  # issue 21
    if not quick and not sheet.saw_attributes:
        raise RuleError("swade.statblock.no_attributes")
    missing = [key for key in ATTRIBUTE_IDS if key not in sheet.attributes]
    if missing:
        reading.default("sheet.swade.default.attributes", attributes=missing)
    attributes = {key: sheet.attributes.get(key, Trait(die=4)) for key in ATTRIBUTE_IDS}
    derived = sheet.derived
    size = derived.get("size", 0)
    armor = sheet.armor_paren
    if armor is None:
        armor = sheet.natural_armor + sheet.worn_armor
    if "pace" not in derived:
        reading.default("sheet.swade.default.pace", value=6)
    fighting = sheet.skills.get("fighting")
    parry = derived.get("parry")
    if parry is None:
        parry = 2 + (fighting.die // 2 + fighting.bonus // 2 if fighting else 0)
        parry += sheet.shield_parry
        reading.default("sheet.swade.default.parry", value=parry)
    vigor = attributes["vigor"]
    toughness = derived.get("toughness")
    if toughness is None:
        toughness = 2 + vigor.die // 2 + vigor.bonus // 2 + size + armor
        reading.default("sheet.swade.default.toughness", value=toughness, armor=armor)
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
    combatant.gender = GENDERS.get(sheet.gender or "")
    combatant.hindrance_severity = {
        k: v for k, v in sheet.severity.items() if k in sheet.hindrances
    }
    combatant.note = sheet.note
    if "max_wounds" in derived:
        combatant.max_wounds = derived["max_wounds"]
    if "power_points" in derived:
        combatant.power_points = derived["power_points"]
        combatant.max_power_points = derived["power_points"]
    return combatant


def read_statblock(text: str, *, name: str | None = None) -> SheetReading[SwadeCombatant]:
    """Read a SWADE stat block (module docstring) into a combatant with no id yet, the
    text it did not use and the defaults it applied. Issue 21: at most ``SHEET_MAX``
    characters, and every value within ``bot.systems.swade.bounds``."""
    require_sheet_length(text)
    reading: SheetReading[SwadeCombatant] = SheetReading(
        sheet=SwadeCombatant(id="", name=name or "-")
    )
    src = _clean(text)
    marks = _find_marks(src)
    sheet = SheetParts()
    quick = not any(m.kind != "derived" for m in marks)
    if quick:
        _quick(reading, sheet, src)
        reading.sheet = _build(reading, sheet, name, quick=True)
        require_sheet(reading.sheet)
        return reading
    read_header(reading, sheet, src[: marks[0].start], name)
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
            reading.leave(f"{mark.label}: {collapse(content)}")
        elif mark.kind == "gender":
            _gender(reading, sheet, mark, content, line)
        elif mark.kind == "note":
            add_note(reading, sheet, content)
        else:
            _list_section(reading, sheet, mark, content, line)
    reading.sheet = _build(reading, sheet, name, quick=False)
    require_sheet(reading.sheet)
    return reading


def parse_statblock(text: str, *, name: str | None = None) -> SwadeCombatant:
    """Parse a SWADE stat block (module docstring) into a combatant with no id yet (the
    reading's sheet; :func:`read_statblock` also says what it did not use)."""
    return read_statblock(text, name=name).sheet
