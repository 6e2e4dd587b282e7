"""A Dread S-20 sheet written back as a stat line (:mod:`bot.systems.ds20.statline`), one
field a line, Spanish or English field names (issue 16: what the card shows, written back,
reads as the same sheet). Pure.

``read_statline(to_block(c))`` gives ``c`` again for any sheet the reader made: every field
is written, the scores under the names they were written with.
"""

from __future__ import annotations

from bot.systems.ds20.state import DSCombatant, DSWeapon, Technique
from bot.systems.ds20.words import armor_name, skill_name

WORDS = {
    "es": {
        "name": "Nombre", "type": "Tipo", "side": "Bando", "group": "Grupo",
        "skills": "Aptitudes", "wounds": "Heridas", "armor": "Armadura",
        "fatigue": "Agotamiento", "weapons": "Armas", "techniques": "Técnicas",
        "gender": "Género",
        "pc": "PJ", "npc": "PNJ", "heroes": "héroes", "foes": "enemigos",
        "pelea": "pelea", "cc": "C.C.", "fuego": "fuego", "range": "alcance",
        "magazine": "cargador", "automatic": "automática", "damage": "daño",
        "sniper": "precisión", "revolver": "revólver", "shotgun": "escopeta",
        "pistol": "semiautomática", "assault": "asalto",
    },
    "en": {
        "name": "Name", "type": "Type", "side": "Side", "group": "Group",
        "skills": "Skills", "wounds": "Wounds", "armor": "Armor", "fatigue": "Fatigue",
        "weapons": "Weapons", "techniques": "Techniques", "pc": "PC", "npc": "NPC",
        "gender": "Gender",
        "heroes": "heroes", "foes": "foes", "pelea": "brawl", "cc": "melee",
        "fuego": "firearm", "range": "range", "magazine": "magazine",
        "automatic": "automatic", "damage": "damage", "sniper": "sniper",
        "revolver": "revolver", "shotgun": "shotgun", "pistol": "pistol",
        "assault": "assault",
    },
}  # fmt: skip


def weapon_text(w: DSWeapon, lang: str = "es") -> str:
    """``Pistola 4/9 fuego alcance 20 cargador 12/15 semiautomática``."""
    words = WORDS.get(lang, WORDS["es"])
    parts = [w.name, f"{w.mhl}/{w.mhg}", words[w.kind]]
    if w.range_m is not None:
        parts.append(f"{words['range']} {w.range_m}")
    if w.magazine is not None:
        ammo = w.magazine if w.ammo is None else w.ammo
        parts.append(
            f"{words['magazine']} {ammo}" + (f"/{w.magazine}" if ammo != w.magazine else "")
        )
    if w.fire_class not in (None, "other"):
        parts.append(words[w.fire_class])
    if w.automatic:
        parts.append(words["automatic"])
    return " ".join(parts)


def technique_text(t: Technique, lang: str = "es") -> str:
    """``Estocada (armas c.c.) +1 daño +2``."""
    words = WORDS.get(lang, WORDS["es"])
    text = f"{t.name} ({skill_name(t.skill, lang)})"
    if t.bonus:
        text += f" +{t.bonus}"
    if t.damage:
        text += f" {words['damage']} +{t.damage}"
    return text


def to_block(c: DSCombatant, lang: str = "es") -> str:
    """The sheet as a stat line, one field a line (module docstring)."""
    words = WORDS.get(lang, WORDS["es"])
    lines = [
        f"{words['name']}: {c.name}",
        f"{words['type']}: {words['pc' if c.is_pc else 'npc']}",
        f"{words['side']}: {words.get(c.side, c.side)}",
    ]
    if c.group:
        lines.append(f"{words['group']}: {c.group}")
    if c.scores:
        scores = ", ".join(f"{c.score_names.get(k, k)} {v}" for k, v in c.scores.items())
        lines.append(f"{words['skills']}: {scores}")
    lines.append(f"{words['wounds']}: {c.capacity.r}/{c.capacity.hl}/{c.capacity.hg}")
    if c.armor is not None:
        covered = ", ".join(armor_name(p, lang) for p in c.armor.parts) or str(c.armor.score)
        lines.append(
            f"{words['armor']}: {covered}" + (f" +{c.armor.extra}" if c.armor.extra else "")
        )
    lines.append(f"{words['fatigue']}: {c.fatigue_max}")
    if c.gender is not None:
        lines.append(f"{words['gender']}: {c.gender}")
    if c.weapons:
        lines.append(f"{words['weapons']}: {'; '.join(weapon_text(w, lang) for w in c.weapons)}")
    if c.techniques:
        techniques = "; ".join(technique_text(t, lang) for t in c.techniques)
        lines.append(f"{words['techniques']}: {techniques}")
    return "\n".join(lines)
