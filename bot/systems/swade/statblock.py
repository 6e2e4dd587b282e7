"""A parser for the usual SWADE stat block, in Spanish or English.

Recognised lines (``Label: content``, labels in either language, case and accents
ignored)::

    Goblin (WC)                      first line without a label: the name; a Wild Card
                                     marker ("WC", "Wild Card", "Comodín", ☠, 💀) may follow
    Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6
    Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d12+1, Vigor d6
    Skills: Athletics d6, Fighting d8, Language (Elvish) d6     / Habilidades: Pelear d8...
    Pace: 6; Parry: 5; Toughness: 7 (2)                      / Paso 6, Parada 5, Dureza 7 (2)
    Size: 1 / Tamaño: 1; Bennies: 2 / Benis: 2; Power Points: 10 / Puntos de Poder: 10
    Edges: Level Headed, Quick                                / Ventajas: Temple, Rápido
    Hindrances: Hesitant                                      / Desventajas: Dubitativo
    Gear: Short spear (Str+d6, Reach 1), Bow (Range 12/24/48, Damage 2d6, AP 1)
    Equipo: Espada corta (Fue+d6), Arco (Distancia 12/24/48, Daño 2d6, PA 1, CdF 1)

Toughness's parenthesis is its armour part (SW-12). Other ``Label:`` lines (Special
Abilities, Treasure, Languages...) and everything after "Special Abilities" are kept out
of the numbers, except natural weapons written there as ``• Claws: Str+d6`` (or
``Garras: Fue+d6``), which become weapons. A list line ending in a comma continues on the next line.

Names are stored as canonical English ids: attributes ``agility smarts spirit strength
vigor``; skills lower-case English with underscores (``common_knowledge``), unknown ones
normalised the same way; edges and hindrances likewise (``level_headed``,
``improved_level_headed``, ``quick``, ``hesitant``...).

A malformed line raises ``RuleError("swade.statblock.bad_line.<what>", line=n, text=...,
expected=<what>)``: ``<what>`` names what was expected there (``die``, ``attribute``,
``trait``, ``number``, ``derived``, ``parenthesis``, ``name``).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from bot.systems.base import RuleError
from bot.systems.swade.state import SwadeCombatant, Trait, Weapon

DIE_SIZES = (4, 6, 8, 10, 12)


@functools.lru_cache(maxsize=1024)
def fold(text: str) -> str:
    """Lower-case, accents stripped, spaces collapsed: how names are matched. Cached: an
    attack by name folds every combatant's name (a dozen calls), always the same few."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", text).strip().lower()


def ident(text: str) -> str:
    """A folded name as an id: ``"Common Knowledge"`` -> ``"common_knowledge"``."""
    return re.sub(r"[^a-z0-9]+", "_", fold(text)).strip("_")


ATTRIBUTES: dict[str, str] = {
    "agility": "agility",
    "agilidad": "agility",
    "agi": "agility",
    "smarts": "smarts",
    "astucia": "smarts",
    "sma": "smarts",
    "ast": "smarts",
    "spirit": "spirit",
    "espiritu": "spirit",
    "spi": "spirit",
    "esp": "spirit",
    "strength": "strength",
    "fuerza": "strength",
    "str": "strength",
    "fue": "strength",
    "vigor": "vigor",
    "vig": "vigor",
}

SKILLS: dict[str, str] = {
    "atletismo": "athletics",
    "pelear": "fighting",
    "disparar": "shooting",
    "notar": "notice",
    "sigilo": "stealth",
    "provocar": "taunt",
    "intimidar": "intimidation",
    "intimidacion": "intimidation",
    "persuadir": "persuasion",
    "persuasion": "persuasion",
    "conocimientos generales": "common_knowledge",
    "conducir": "driving",
    "pilotar": "piloting",
    "navegar": "boating",
    "cabalgar": "riding",
    "sanar": "healing",
    "medicina": "healing",
    "reparar": "repair",
    "investigar": "research",
    "supervivencia": "survival",
    "latrocinio": "thievery",
    "robar": "thievery",
    "juego": "gambling",
    "jugar": "gambling",
    "ocultismo": "occult",
    "ciencia": "science",
    "ciencias": "science",
    "electronica": "electronics",
    "informatica": "hacking",
    "hackear": "hacking",
    "fe": "faith",
    "hechiceria": "spellcasting",
    "concentracion": "focus",
    "psionica": "psionics",
    "interpretar": "performance",
    "interpretacion": "performance",
    "batalla": "battle",
    "ciencia extrana": "weird_science",
    "academia": "academics",
    "conocimientos academicos": "academics",
    "idioma": "language",
}

EDGES: dict[str, str] = {
    "temple": "level_headed",
    "temple mejorado": "improved_level_headed",
    "level headed (imp)": "improved_level_headed",
    "rapido": "quick",
    "dubitativo": "hesitant",
    "indeciso": "hesitant",
    "reflejos de combate": "combat_reflexes",
    "nervios de acero": "nerves_of_steel",
    "nervios de acero mejorado": "improved_nerves_of_steel",
    "duro de pelar": "hard_to_kill",
    "muy duro de pelar": "improved_hard_to_kill",
    "duro de pelar mejorado": "improved_hard_to_kill",
    "harder to kill": "improved_hard_to_kill",
    "bloqueo": "block",
    "bloqueo mejorado": "improved_block",
    "esquiva": "dodge",
    "esquiva mejorada": "improved_dodge",
    "frenesi": "frenzy",
    "frenesi mejorado": "improved_frenzy",
    "barrido": "sweep",
    "barrido mejorado": "improved_sweep",
    "primer golpe": "first_strike",
    "primer golpe mejorado": "improved_first_strike",
    "contraataque": "counterattack",
    "contraataque mejorado": "improved_counterattack",
    "arma distintiva": "trademark_weapon",
    "arma distintiva mejorada": "improved_trademark_weapon",
    "ambidiestro": "ambidextrous",
    "dos armas": "two_fisted",
    "tirador": "marksman",
    "manos firmes": "steady_hands",
    "matagigantes": "giant_killer",
    "mandibula de hierro": "iron_jaw",
    "sin piedad": "no_mercy",
    "calculador": "calculating",
    "rabioso": "berserk",
    "artista marcial": "martial_artist",
    "pendenciero": "brawler",
    "retirada": "extraction",
    "retirada mejorada": "improved_extraction",
}

_LABELS: dict[str, str] = {
    "attributes": "attributes",
    "atributos": "attributes",
    "skills": "skills",
    "habilidades": "skills",
    "edges": "edges",
    "ventajas": "edges",
    "hindrances": "hindrances",
    "desventajas": "hindrances",
    "gear": "gear",
    "equipo": "gear",
    "equipment": "gear",
    "pace": "derived",
    "paso": "derived",
    "parry": "derived",
    "parada": "derived",
    "toughness": "derived",
    "dureza": "derived",
    "size": "derived",
    "tamano": "derived",
    "bennies": "derived",
    "benis": "derived",
    "power points": "derived",
    "puntos de poder": "derived",
    "pp": "derived",
    "special abilities": "special",
    "habilidades especiales": "special",
    "capacidades especiales": "special",
    "abilities": "special",
}

_DERIVED_FIELDS: dict[str, str] = {
    "pace": "pace",
    "paso": "pace",
    "parry": "parry",
    "parada": "parry",
    "toughness": "toughness",
    "dureza": "toughness",
    "size": "size",
    "tamano": "size",
    "bennies": "bennies",
    "benis": "bennies",
    "power points": "power_points",
    "puntos de poder": "power_points",
    "pp": "power_points",
}

_WC_RE = re.compile(
    r"\s*(?:\((?:wc|wild card|comodin)\)|\[(?:wc|wild card|comodin)\]|\bwild card\b|"
    r"\bcomodin\b|\(wc\)|\bwc\b|☠️?|💀)\s*",
    re.IGNORECASE,
)
_LABEL_RE = re.compile(r"^\s*([^\W\d_][^:]{0,30}?)\s*:\s*(.*)$")
_TRAIT_RE = re.compile(r"^(?P<name>.+?)\s+d(?P<die>\d+)\s*(?P<bonus>[+-]\s*\d+)?\s*(?:\(.*\))?$")
_DERIVED_RE = re.compile(
    r"^(?P<label>[^\W\d_][^\d:(]*?)\s*:?\s*(?P<value>-?\d+)\s*(?:\((?P<paren>[^)]*)\))?\s*$"
)
_DAMAGE_RE = re.compile(
    r"^(?:(?:str|fue|fuerza|strength)\s*(?:\+\s*\d*d\d+)*|\d*d\d+(?:\s*\+\s*\d*d\d+)*)"
    r"(?:\s*[+-]\s*\d+)?$"
)
_NATURAL_RE = re.compile(
    r"^\W*(?P<name>[^:]{1,40}?)\s*:\s*(?P<damage>(?:str|fue|fuerza|strength)\s*\+\s*\d*d\d+"
    r"(?:\s*[+-]\s*\d+)?)\b",
    re.IGNORECASE,
)
_BULLETS = ("•", "-", "*", "·", "–")
_LIST_SECTIONS = {"attributes", "skills", "edges", "hindrances", "gear"}


def _bad(line: int, what: str, text: str) -> RuleError:
    return RuleError(f"swade.statblock.bad_line.{what}", line=line, text=text, expected=what)


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


def _items(line_no: int, content: str) -> list[str]:
    try:
        return split_top(content)
    except ValueError:
        raise _bad(line_no, "parenthesis", content) from None


def _parse_trait(line_no: int, item: str) -> tuple[str, Trait]:
    match = _TRAIT_RE.match(item)
    if not match:
        raise _bad(line_no, "trait", item)
    die = int(match.group("die"))
    if die not in DIE_SIZES:
        raise _bad(line_no, "die", item)
    bonus = int(match.group("bonus").replace(" ", "")) if match.group("bonus") else 0
    return match.group("name").strip(), Trait(die=die, bonus=bonus)


def skill_id(name: str) -> str:
    """Canonical English id of a skill written in Spanish or English."""
    folded = fold(name)
    inner = re.match(r"^(.+?)\s*\((.+)\)$", folded)
    if inner:
        base = SKILLS.get(inner.group(1), ident(inner.group(1)))
        return f"{base}_{ident(inner.group(2))}"
    return SKILLS.get(folded, ident(folded))


def edge_id(name: str) -> str:
    """Canonical English id of an edge or hindrance ("Temple" -> "level_headed")."""
    folded = fold(name)
    if folded in EDGES:
        return EDGES[folded]
    base = re.sub(r"\s*\((?:minor|major|menor|mayor)\)$", "", folded)
    base = re.sub(r"\s*\(.*\)$", "", base) if base not in EDGES else base
    return EDGES.get(base, ident(base))


def _parse_weapon(line_no: int, item: str) -> Weapon | None:
    """A gear entry with a damage expression in its parenthesis is a weapon."""
    match = re.match(r"^(?P<name>.*?)\s*\((?P<inner>[^()]*)\)\s*$", item)
    if not match:
        return None
    try:
        parts = split_top(match.group("inner"))
    except ValueError:
        raise _bad(line_no, "parenthesis", item) from None
    weapon = Weapon(name=match.group("name").strip())
    notes: list[str] = []
    for part in parts:
        folded = fold(part)
        labelled = re.match(
            r"^([a-z][a-z. ]*?)\s*(?::\s*|\s)\s*((?:\d|str|fue|fuerza|strength)[\w/+\-. ]*)$",
            folded,
        )
        if _DAMAGE_RE.match(folded.replace(" ", "")):
            weapon.damage = part.replace(" ", "")
            continue
        if labelled:
            label, value = labelled.group(1).strip(" ."), labelled.group(2).strip()
            if label in ("damage", "dano", "dmg") and _DAMAGE_RE.match(value.replace(" ", "")):
                weapon.damage = part.split(maxsplit=1)[1].replace(" ", "")
                continue
            number = re.fullmatch(r"\d+", value)
            if label in ("ap", "pa") and number:
                weapon.ap = int(value)
                continue
            if label in ("rof", "cdf") and number:
                weapon.rof = int(value)
                continue
            if label in ("reach", "alcance") and number:
                weapon.reach = int(value)
                continue
            if label in ("shots", "disparos", "municion") and number:
                weapon.shots = int(value)
                continue
            if label in ("range", "distancia", "rango", "dist") and re.fullmatch(
                r"\d+(?:/\d+){0,3}", value
            ):
                weapon.range = value
                continue
        notes.append(part)
    if not weapon.damage:
        return None
    weapon.notes = ", ".join(notes)
    return weapon


def _header(text: str) -> tuple[str, bool]:
    """The name line: the name, and whether a Wild Card marker was on it."""
    wild = _WC_RE.search(fold(text)) is not None or re.search(r"☠|💀", text) is not None
    name = re.sub(
        r"[(\[](?:WC|Wild Card|Comod[ií]n)[)\]]|\bWild Card\b|\bComod[ií]n\b|\bWC\b|☠️?|💀",
        "",
        text,
        flags=re.IGNORECASE,
    )
    return re.sub(r"\s+", " ", name).strip(" :-–"), wild


def parse_statblock(text: str, *, name: str | None = None) -> SwadeCombatant:
    """Parse a SWADE stat block (module docstring) into a combatant with no id yet.

    Missing Parry and Toughness are derived the SWADE way: Parry 2 + half Fighting (2 if
    it has no Fighting), Toughness 2 + half Vigor + armour. Attributes not given are d4.
    """
    found_name: str | None = None
    wild = False
    attributes: dict[str, Trait] = {}
    skills: dict[str, Trait] = {}
    edges: list[str] = []
    hindrances: list[str] = []
    weapons: list[Weapon] = []
    derived: dict[str, int] = {}
    armor: int | None = None
    section: str | None = None
    continues = False
    saw_attributes = False

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        label_match = _LABEL_RE.match(line)
        label = _LABELS.get(fold(label_match.group(1))) if label_match else None
        first = fold(re.split(r"[\s:]+\d", line, maxsplit=1)[0])
        if label is None and section == "special":
            natural = _NATURAL_RE.match(line)  # "• Claws/Garras: Str+d6": natural weapons
            if natural:
                damage = natural.group("damage").replace(" ", "")
                weapons.append(Weapon(name=natural.group("name").strip(), damage=damage))
            continue
        if label is None and first in _DERIVED_FIELDS:
            label, content = "derived", line
        elif label == "derived":
            content = line
        elif label is not None:
            assert label_match is not None
            content = label_match.group(2)
        elif continues and section in _LIST_SECTIONS:
            label, content = section, line
        elif found_name is None and not saw_attributes and not line.startswith(_BULLETS):
            found_name, wild = _header(line)
            if not found_name:
                raise _bad(line_no, "name", line)
            continue
        else:
            continue  # free text: descriptions, other labels
        section = label
        continues = line.endswith(",")

        if label == "special":
            continue
        if label == "attributes":
            saw_attributes = True
            for item in _items(line_no, content):
                trait_name, trait = _parse_trait(line_no, item)
                key = ATTRIBUTES.get(fold(trait_name))
                if key is None:
                    raise _bad(line_no, "attribute", item)
                attributes[key] = trait
        elif label == "skills":
            for item in _items(line_no, content):
                trait_name, trait = _parse_trait(line_no, item)
                skills[skill_id(trait_name)] = trait
        elif label in ("edges", "hindrances"):
            target = edges if label == "edges" else hindrances
            for item in _items(line_no, content):
                if fold(item) in ("-", "—", "none", "ninguna", "ninguno"):
                    continue
                target.append(edge_id(item))
        elif label == "gear":
            for item in _items(line_no, content):
                weapon = _parse_weapon(line_no, item)
                if weapon is not None:
                    weapons.append(weapon)
        elif label == "derived":
            for item in _items(line_no, content):
                match = _DERIVED_RE.match(item)
                field = _DERIVED_FIELDS.get(fold(match.group("label"))) if match else None
                if match is None or field is None:
                    raise _bad(line_no, "derived", item)
                derived[field] = int(match.group("value"))
                paren = match.group("paren")
                if field == "toughness" and paren is not None:
                    armour = re.fullmatch(r"\s*\+?(\d+)\s*", paren)
                    if armour is None:
                        raise _bad(line_no, "number", item)
                    armor = int(armour.group(1))

    final_name = name or found_name
    if not final_name:
        raise RuleError("swade.statblock.no_name")
    if not saw_attributes:
        raise RuleError("swade.statblock.no_attributes")
    for key in ("agility", "smarts", "spirit", "strength", "vigor"):
        attributes.setdefault(key, Trait(die=4))
    armor = armor or 0
    fighting = skills.get("fighting")
    parry = derived.get("parry", 2 + (fighting.die // 2 if fighting else 0))
    vigor = attributes["vigor"]
    toughness = derived.get("toughness", 2 + vigor.die // 2 + vigor.bonus // 2 + armor)
    combatant = SwadeCombatant(
        id="",
        name=final_name,
        wild_card=wild,
        attributes=attributes,
        skills=skills,
        pace=derived.get("pace", 6),
        parry=parry,
        toughness=toughness,
        armor=armor,
        size=derived.get("size", 0),
        edges=edges,
        hindrances=hindrances,
        weapons=weapons,
        bennies=derived.get("bennies", 0),
    )
    if "power_points" in derived:
        combatant.power_points = derived["power_points"]
        combatant.max_power_points = derived["power_points"]
    return combatant
