"""Savage Worlds names in Spanish and English, and the canonical ids the rules use. Pure.

Attributes are ``agility smarts spirit strength vigor``; skills, edges, hindrances and
arcane backgrounds are lower-case English ids with underscores (``common_knowledge``,
``level_headed``, ``weird_science``). A name the tables do not know becomes an id the
same way (``ident``), so an unknown edge is kept, not lost.

Spanish edges and hindrances are matched in either gender ("Rápido"/"Rápida",
"Tirador"/"Tiradora"): both the name and the table are read in the masculine
(:func:`masculine`). "Nivel de mando" is accepted for Level Headed: it is how a literal
(machine) translation of "Level Headed" comes out in pasted blocks; the Spanish edition
calls it "Temple".
"""

from __future__ import annotations

import re

from bot.systems.words import fold

# British spellings read as the American ones the ids use (issue 31: "Code of Honour",
# "Vigour"), word by word.
BRITISH: dict[str, str] = {
    "honour": "honor", "armour": "armor", "vigour": "vigor", "valour": "valor",
    "colour": "color", "humour": "humor", "favour": "favor", "rumour": "rumor",
    "behaviour": "behavior", "defence": "defense", "offence": "offense", "centre": "center",
}  # fmt: skip


def american(folded: str) -> str:
    """``folded`` with British spellings made American ("code of honour" -> "code of
    honor")."""
    return re.sub(r"[a-z]+", lambda m: BRITISH.get(m.group(0), m.group(0)), folded)


def ident(text: str) -> str:
    """A folded name as an id: ``"Common Knowledge"`` -> ``"common_knowledge"``."""
    return re.sub(r"[^a-z0-9]+", "_", fold(text)).strip("_")


def masculine(folded: str) -> str:
    """Each Spanish word in the masculine: ``rapida`` -> ``rapido``, ``tiradora`` ->
    ``tirador``, plurals too. Applied to both sides of a lookup, so it needs only to be
    consistent, not grammatical."""

    def word(w: str) -> str:
        for end, repl in (("oras", "ores"), ("ora", "or"), ("as", "os"), ("a", "o")):
            if len(w) > 3 and w.endswith(end):
                return w[: -len(end)] + repl
        return w

    return " ".join(word(w) for w in folded.split(" "))


ATTRIBUTE_IDS: tuple[str, ...] = ("agility", "smarts", "spirit", "strength", "vigor")

ATTRIBUTES: dict[str, str] = {
    "agility": "agility", "agilidad": "agility", "agi": "agility",
    "smarts": "smarts", "astucia": "smarts", "sma": "smarts", "ast": "smarts",
    "spirit": "spirit", "espiritu": "spirit", "spi": "spirit", "esp": "spirit",
    "strength": "strength", "fuerza": "strength", "str": "strength", "fue": "strength",
    "vigor": "vigor", "vigour": "vigor", "vig": "vigor",
}  # fmt: skip

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
    "montar": "riding",
    "sanar": "healing",
    "medicina": "healing",
    "reparar": "repair",
    "investigar": "research",
    "supervivencia": "survival",
    "latrocinio": "thievery",
    "robar": "thievery",
    "juego": "gambling",
    "jugar": "gambling",
    "apostar": "gambling",
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
    "lengua": "language",
}

# SW-39: the arcane skills, and the skill each arcane background rolls.
# Every skill the tables know, by id (the English names are their ids, words joined).
SKILL_IDS: frozenset[str] = frozenset(SKILLS.values())
ARCANE_SKILLS: tuple[str, ...] = ("spellcasting", "faith", "psionics", "weird_science", "focus")
ARCANE_BACKGROUNDS: dict[str, str] = {
    "magic": "magic", "magia": "magic", "mago": "magic", "hechiceria": "magic",
    "miracles": "miracles", "milagros": "miracles", "milagro": "miracles",
    "psionics": "psionics", "psionica": "psionics", "psionico": "psionics",
    "weird science": "weird_science", "ciencia extrana": "weird_science",
    "gifted": "gifted", "dotado": "gifted", "talento": "gifted",
}  # fmt: skip
ARCANE_SKILL_OF: dict[str, str] = {
    "magic": "spellcasting",
    "miracles": "faith",
    "psionics": "psionics",
    "weird_science": "weird_science",
    "gifted": "focus",
}

# Edges and hindrances whose canonical id differs from their English name's ``ident``.
EDGES: dict[str, str] = {
    "temple": "level_headed",
    "temple mejorado": "improved_level_headed",
    "nivel de mando": "level_headed",
    "nivel de mando mejorado": "improved_level_headed",
    "rapido": "quick",
    "dubitativo": "hesitant",
    "indeciso": "hesitant",
    "titubeante": "hesitant",
    "vacilante": "hesitant",
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
    "esquivar": "dodge",
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
    "maton": "bruiser",
    "matona": "bruiser",  # masculine() makes it "matono"
    "retirada": "extraction",
    "retirada mejorada": "improved_extraction",
    "alerta": "alertness",
    "fornido": "brawny",
    "pies ligeros": "fleet_footed",
    "mando": "command",
    "presencia de mando": "command_presence",
    "inspirar": "inspire",
    "lider natural": "natural_leader",
    "trasfondo arcano": "arcane_background",
    "puntos de poder": "power_points",
    "curandero": "healer",
    "suerte": "luck",
    "gran suerte": "great_luck",
    "valiente": "brave",
    "acrobata": "acrobat",
    # hindrances
    "avaricioso": "greedy",
    "codicioso": "greedy",
    "cojo": "lame",
    "manco": "one_arm",
    "tuerto": "one_eye",
    "ciego": "blind",
    "feo": "ugly",
    "fea": "ugly",  # too short for masculine()
    "sanguinario": "bloodthirsty",
    "cobarde": "yellow",
    "leal": "loyal",
    "heroico": "heroic",
    "curioso": "curious",
    "exceso de confianza": "overconfident",
    "confiado": "overconfident",
    "vengativo": "vengeful",
    "lento": "slow",
    "obeso": "obese",
    "anciano": "elderly",
    "joven": "young",
    "pacifista": "pacifist",
    "torpe": "clumsy",
    "manazas": "clumsy",
    "mala suerte": "bad_luck",
    "analfabeto": "illiterate",
    "arrogante": "arrogant",
    "impulsivo": "impulsive",
    "testarudo": "stubborn",
    "cauto": "cautious",
}
_EDGES_MASCULINE: dict[str, str] = {masculine(k): v for k, v in EDGES.items()}
IMPROVED = re.compile(r"\s*\((?:imp|improved|mejorad[oa])\)$")
SEVERITY = re.compile(r"\s*\((?:minor|major|menor|mayor)\)$")


def skill_id(name: str) -> str:
    """Canonical English id of a skill written in Spanish or English; a specialty keeps
    its parenthesis: ``Language (Elvish)`` -> ``language_elvish``."""
    folded = american(fold(name))
    inner = re.match(r"^(.+?)\s*\((.+)\)$", folded)
    if inner:
        base = SKILLS.get(inner.group(1), ident(inner.group(1)))
        return f"{base}_{ident(inner.group(2))}"
    return SKILLS.get(folded, ident(folded))


def _edge_lookup(folded: str) -> str | None:
    return EDGES.get(folded) or _EDGES_MASCULINE.get(masculine(folded))


def edge_id(name: str) -> str:
    """Canonical English id of an edge or hindrance, Spanish in either gender or English
    ("Temple" -> ``level_headed``, "Rápida" -> ``quick``). ``(Imp)`` makes the improved
    edge; ``(Minor)``/``(Major)`` and any other parenthesis are dropped from the id."""
    folded = american(fold(name).strip(" ."))
    found = _edge_lookup(folded)
    if found:
        return found
    if IMPROVED.search(folded):
        base = IMPROVED.sub("", folded)
        found = _edge_lookup(f"{base} mejorado") or _edge_lookup(f"{base} mejorada")
        return found or f"improved_{_edge_lookup(base) or ident(base)}"
    base = SEVERITY.sub("", folded)
    base = re.sub(r"\s*\(.*\)$", "", base)
    return _edge_lookup(base) or ident(base)


def arcane_background_id(name: str) -> str:
    """The canonical id of an arcane background ("Magia" -> ``magic``); unknown ones
    become an id of their own name."""
    folded = re.sub(r"\s*[(\[].*[)\]]$", "", fold(name)).strip(" .")
    folded = re.sub(
        r"[\s_-]*swade$", "", folded
    )  # savaged.us: "Miracles (SWADE)", "miracles_swade"
    return ARCANE_BACKGROUNDS.get(folded, ident(folded))


# Edges and hindrances the rules apply today, and where: the action deck (SW-32,
# ``deck.draw_with_edges``: Level Headed, Improved Level Headed, Quick, Hesitant), the
# Spirit roll to recover from Shaken (``turns``: Combat Reflexes), the bleeding-out roll
# (``turns``: Hard to Kill and Harder to Kill ignore wound penalties) and wound penalties
# (``conditions.trait_modifiers``: Nerves of Steel, Improved). The sheet card says what
# each does; every other edge is kept on the sheet and shown as not applied.
APPLIED_EDGES: tuple[str, ...] = (
    "level_headed",
    "improved_level_headed",
    "quick",
    "hesitant",
    "combat_reflexes",
    "hard_to_kill",
    "improved_hard_to_kill",
    "nerves_of_steel",
    "improved_nerves_of_steel",
)


# SW-25 templates by name, folded, in both languages and as the books abbreviate them
# (Small/Medium/Large Blast Template: SBT, MBT, LBT; Plantilla de Área Pequeña/Mediana/
# Grande: PAP, PAM, PAG), and the cone.
TEMPLATE_WORDS: dict[str, str] = {
    "small": "small", "pequena": "small", "pequeno": "small", "sbt": "small", "pap": "small",
    "medium": "medium", "mediana": "medium", "mediano": "medium", "mbt": "medium", "pam": "medium",
    "large": "large", "grande": "large", "lbt": "large", "pag": "large",
    "cone": "cone", "cono": "cone",
}  # fmt: skip
_SIZES = "small|medium|large|pequena|pequeno|mediana|mediano|grande"
_NOTED_TEMPLATE = re.compile(
    r"\b(sbt|mbt|lbt|cone|cono)\b"
    rf"|\b({_SIZES})\s+(?:blast|burst|template|area)\b"
    rf"|\bplantilla\s+(?:de\s+(?:area|explosion)\s+)?({_SIZES})\b"
)


def noted_template(notes: str) -> str | None:
    """The template a weapon's notes name ("SBT", "Small Blast Template", "Plantilla
    pequeña", "Cone"...), None when they name none (SW-25: a grenade's SBT)."""
    spanish = re.search(r"\b(PAP|PAM|PAG)\b", notes)  # in capitals: "pág. 80" is a page
    if spanish:
        return TEMPLATE_WORDS[spanish[1].lower()]
    found = _NOTED_TEMPLATE.search(fold(notes))
    if found is None:
        return None
    return TEMPLATE_WORDS[next(g for g in found.groups() if g)]
