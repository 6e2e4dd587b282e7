"""A SWADE sheet written back as a stat block in the published layout, Spanish or English
(issue 16: what the card shows, written back, reads as the same sheet). Pure.

``to_block(read_statblock(text).sheet)`` read again gives the same sheet: every field the
reader fills is written explicitly (all five attributes, Pace, Parry and Toughness with its
armour part), so nothing is derived a second time.
"""

from __future__ import annotations

from bot.i18n import has, t
from bot.systems.swade.names import ATTRIBUTE_IDS, SKILLS
from bot.systems.swade.state import Power, SwadeCombatant, Trait, Weapon

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "wild": "(WC)", "attributes": "Attributes", "skills": "Skills", "pace": "Pace",
        "parry": "Parry", "toughness": "Toughness", "size": "Size", "bennies": "Bennies",
        "wounds": "Wounds", "hindrances": "Hindrances", "edges": "Edges", "powers": "Powers",
        "power_points": "Power Points", "arcane": "Arcane Background", "gear": "Gear",
        "special": "Special Abilities", "ap": "AP", "range": "Range", "rof": "RoF",
        "shots": "Shots", "reach": "Reach", "notes": "Notes", "major": "Major",
        "minor": "Minor",
    },
    "es": {
        "wild": "(Comodín)", "attributes": "Atributos", "skills": "Habilidades", "pace": "Paso",
        "parry": "Parada", "toughness": "Dureza", "size": "Tamaño", "bennies": "Benis",
        "wounds": "Heridas máx", "hindrances": "Desventajas", "edges": "Ventajas",
        "powers": "Poderes", "power_points": "Puntos de poder", "arcane": "Trasfondo arcano",
        "gear": "Equipo", "special": "Capacidades especiales", "ap": "PA",
        "range": "Distancia", "rof": "CdF", "shots": "Disparos", "reach": "Alcance",
        "notes": "Notas", "major": "Mayor", "minor": "Menor",
    },
}  # fmt: skip
ATTRIBUTE_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Agility", "Smarts", "Spirit", "Strength", "Vigor"),
    "es": ("Agilidad", "Astucia", "Espíritu", "Fuerza", "Vigor"),
}
ARCANE_NAMES: dict[str, dict[str, str]] = {
    "en": {"magic": "Magic", "miracles": "Miracles", "psionics": "Psionics",
           "weird_science": "Weird Science", "gifted": "Gifted"},
    "es": {"magic": "Magia", "miracles": "Milagros", "psionics": "Psiónica",
           "weird_science": "Ciencia extraña", "gifted": "Dotado"},
}  # fmt: skip


def _first_key(table: dict[str, str], value: str) -> str | None:
    return next((k for k, v in table.items() if v == value), None)


def _words(ident: str) -> str:
    return ident.replace("_", " ").capitalize()


def die(trait: Trait) -> str:
    """``d8``, ``d12+1``."""
    return f"d{trait.die}" + (f"{trait.bonus:+d}" if trait.bonus else "")


def skill_name(skill: str, lang: str) -> str:
    if lang == "es":
        found = _first_key(SKILLS, skill)
        if found is not None:
            return found.capitalize()
    return _words(skill)


def edge_name(edge: str, lang: str, gender: str | None = None) -> str:
    """An edge or hindrance as the card names it: the catalogue's name in ``lang``,
    agreeing with the character's ``gender`` (``sheet.swade.edge.*``: "Rápida",
    "Tiradora"), which the reader reads back; one it does not know as its id written
    out."""
    key = f"sheet.swade.edge.{edge}"
    return t(key, lang, gender=gender) if has(key, lang) else _words(edge)


def arcane_name(background: str, lang: str) -> str:
    return ARCANE_NAMES.get(lang, ARCANE_NAMES["en"]).get(background, _words(background))


def weapon_text(weapon: Weapon, lang: str = "en") -> str:
    """``Bow (2d6, AP 1, Range 12/24/48, RoF 2, Shots 20, Reach 1, notes)``."""
    labels = LABELS.get(lang, LABELS["en"])
    parts = [weapon.damage]
    if weapon.ap:
        parts.append(f"{labels['ap']} {weapon.ap}")
    if weapon.range:
        parts.append(f"{labels['range']} {weapon.range}")
    if weapon.rof != 1:
        parts.append(f"{labels['rof']} {weapon.rof}")
    if weapon.shots is not None:
        parts.append(f"{labels['shots']} {weapon.shots}")
    if weapon.reach:
        parts.append(f"{labels['reach']} {weapon.reach}")
    if weapon.notes:
        parts.append(weapon.notes)
    return f"{weapon.name} ({', '.join(parts)})"


def power_text(power: Power) -> str:
    """``bolt (1 PP)``, ``blast (2 PP, fire)``, ``light``."""
    parts = [f"{power.cost} PP"] if power.cost is not None else []
    if power.notes:
        parts.append(power.notes)
    return f"{power.name} ({', '.join(parts)})" if parts else power.name


def _edges(c: SwadeCombatant, lang: str) -> list[str]:
    out = []
    for edge in c.edges:
        if edge == "arcane_background" and c.arcane_background:
            label = LABELS[lang]["arcane"]
            out.append(f"{label} ({arcane_name(c.arcane_background, lang)})")
        else:
            out.append(edge_name(edge, lang, c.gender))
    return out


def to_block(c: SwadeCombatant, lang: str = "en") -> str:
    """The sheet as a stat block in the published layout (module docstring)."""
    labels = LABELS.get(lang, LABELS["en"])
    names = ATTRIBUTE_NAMES.get(lang, ATTRIBUTE_NAMES["en"])
    lines = [f"{c.name} {labels['wild']}" if c.wild_card else c.name]
    attributes = ", ".join(
        f"{n} {die(c.attributes.get(key, Trait()))}"
        for n, key in zip(names, ATTRIBUTE_IDS, strict=True)
    )
    lines.append(f"{labels['attributes']}: {attributes}")
    if c.skills:
        skills = ", ".join(f"{skill_name(k, lang)} {die(t)}" for k, t in c.skills.items())
        lines.append(f"{labels['skills']}: {skills}")
    armour = f" ({c.armor})" if c.armor or any("(" in g for g in c.gear) else ""
    derived = [
        f"{labels['pace']}: {c.pace}",
        f"{labels['parry']}: {c.parry}",
        f"{labels['toughness']}: {c.toughness}{armour}",
    ]
    if c.size:
        derived.append(f"{labels['size']}: {c.size}")
    lines.append("; ".join(derived))
    if c.gender is not None:  # issue 18: what the edges' names agree with
        lines.append(t(f"sheet.swade.gender.{c.gender}", lang))
    if c.hindrances:
        hindrances = ", ".join(_hindrance(c, h, labels, lang) for h in c.hindrances)
        lines.append(f"{labels['hindrances']}: {hindrances}")
    if c.edges:
        lines.append(f"{labels['edges']}: {', '.join(_edges(c, lang))}")
    if c.arcane_background and "arcane_background" not in c.edges:
        lines.append(f"{labels['arcane']}: {arcane_name(c.arcane_background, lang)}")
    if c.powers:
        lines.append(f"{labels['powers']}: {', '.join(power_text(p) for p in c.powers)}")
    if c.max_power_points is not None:
        lines.append(f"{labels['power_points']}: {c.max_power_points}")
    if c.bennies:
        lines.append(f"{labels['bennies']}: {c.bennies}")
    if c.max_wounds != 3:
        lines.append(f"{labels['wounds']}: {c.max_wounds}")
    gear = [weapon_text(w, lang) for w in c.weapons] + list(c.gear)
    if gear:
        lines.append(f"{labels['gear']}: {', '.join(gear)}")
    if c.abilities:
        lines.append(f"{labels['special']}:")
        lines.extend(f"• {a}" for a in c.abilities)
    if c.note:
        lines.append(f"{labels['notes']}: {c.note}")
    return "\n".join(lines)


def _hindrance(c: SwadeCombatant, hindrance: str, labels: dict[str, str], lang: str) -> str:
    """A hindrance with its severity (issue 31): ``Vengeful (Major)``."""
    severity = c.hindrance_severity.get(hindrance)
    name = edge_name(hindrance, lang, c.gender)
    return f"{name} ({labels[severity]})" if severity else name
