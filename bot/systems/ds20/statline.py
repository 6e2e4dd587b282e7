"""Dread S-20 character sheet as a Spanish stat line (seed 004). Pure.

Formato de la ficha (una línea por campo, o todo en una línea separando campos con ``|``;
los nombres de campo no distinguen mayúsculas ni tildes; solo ``Nombre`` es obligatorio)::

    Nombre: Ana
    Tipo: PJ
    Bando: héroes
    Grupo: Matones
    Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Armas C.C. 9, Armas de Fuego 12, Acrobacia 8, Primeros Auxilios 7, Iniciativa 4
    Heridas: 4 R, 3 HL, 3 HG
    Armadura: torso, brazos +1
    Agotamiento: 3
    Armas: Puños 2/6 pelea; Cuchillo 3/8 C.C.; Pistola 4/9 fuego alcance 20 cargador 15 semiautomática
    Técnicas: Estocada (Armas C.C.) +1 daño +2

- ``Tipo``: ``PJ`` o ``PNJ`` (por defecto PNJ).
- ``Bando``: ``héroes`` o ``enemigos`` (por defecto héroes para un PJ, enemigos para un
  PNJ); decide los empates de iniciativa (DS-3).
- ``Grupo``: PNJ similares con el mismo grupo comparten una tirada de iniciativa (DS-3).
- ``Aptitudes``: características y habilidades separadas por comas, cada una ``Nombre
  puntaje``. Sirve cualquier nombre que agregue quien dirige; las reglas usan Fortaleza,
  Destreza, Pelea, Armas C.C., Armas de Fuego, Acrobacia, Primeros Auxilios e Iniciativa.
- ``Heridas``: capacidad de daño por nivel, ``4 R, 3 HL, 3 HG`` o ``4/3/3`` (por defecto
  4/3/3).
- ``Armadura``: partes cubiertas (``cabeza`` +2, ``brazos`` +4, ``torso`` +8,
  ``piernas`` +4, que suman el puntaje) o directamente un puntaje (``12``); ``+N`` es la
  absorción extra en niveles de herida.
- ``Agotamiento``: puntos de Agotamiento (por defecto 3).
- ``Armas``: separadas por ``;``. Cada una: ``Nombre MHL/MHG tipo`` con tipo ``pelea``,
  ``C.C.`` o ``fuego``; las de fuego aceptan ``alcance N`` (metros de alcance efectivo),
  ``cargador N`` o ``cargador balas/capacidad``, la clase (``precisión``, ``revólver``,
  ``escopeta``, ``semiautomática`` o ``pistola``, ``asalto``; sin clase no se puede
  vaciar el cargador) y ``automática`` (ráfagas).
- ``Género``: ``f`` o ``m`` (también femenino/masculino, female/male): la concordancia
  de los mensajes (issue 18) y los pronombres en inglés.
- ``Técnicas``: separadas por ``;``. Cada una: ``Nombre (Habilidad) +N daño +M``: la
  tirada de la habilidad la activa; ``+N`` son bonificaciones al ataque y ``daño +M``
  puntos de daño extra (ambos opcionales).

Campos también en inglés: ``Name``, ``Type`` (PC/NPC), ``Side``, ``Group``, ``Skills``,
``Wounds``, ``Armor``, ``Fatigue`` (o ``Exhaustion``), ``Weapons``, ``Techniques``,
``Gender``.

Formas pegadas (issue 16): la misma ficha aplanada en una línea sin ``|`` (la caja de
opciones de Discord convierte los saltos de línea en espacios) se corta antes de cada
``Campo:``; los cortes de PDF se unen (una línea que acaba en ``,`` o ``;`` sigue en la
siguiente; una palabra partida con guion). :func:`read_statline` nombra además los valores
por defecto que aplicó (Heridas 4/3/3, Agotamiento 3, PNJ, bando) para la tarjeta.

A mistake raises ``RuleError("ds20.statline.invalid", line=, field=, value=,
expected=)`` (or ``ds20.statline.unknown_field`` / ``ds20.statline.missing``) naming the
line and what was expected.
"""

from __future__ import annotations

import re

from bot.i18n import term, written
from bot.systems.base import RuleError
from bot.systems.bounds import require_sheet_length
from bot.systems.common import GENDERS
from bot.systems.ds20.bounds import require_sheet
from bot.systems.ds20.state import (
    ARMOR_PART_SCORE,
    DSArmor,
    DSCombatant,
    DSWeapon,
    FireClass,
    Technique,
    WeaponKind,
    WoundTrack,
)
from bot.systems.ds20.words import armor_part, skill_key
from bot.systems.sheets import (
    SheetReading,
    join_continued_lines,
    join_hyphen_wraps,
    split_at_labels,
)
from bot.systems.words import fold

FIELDS = (
    "nombre",
    "tipo",
    "bando",
    "grupo",
    "aptitudes",
    "heridas",
    "armadura",
    "agotamiento",
    "armas",
    "tecnicas",
    "genero",
)
FIELD_ALIASES = {
    "name": "nombre",
    "type": "tipo",
    "side": "bando",
    "group": "grupo",
    "skills": "aptitudes",
    "scores": "aptitudes",
    "wounds": "heridas",
    "armor": "armadura",
    "armour": "armadura",
    "fatigue": "agotamiento",
    "exhaustion": "agotamiento",
    "gender": "genero",
    "weapons": "armas",
    "techniques": "tecnicas",
}
KIND_WORDS: dict[str, WeaponKind] = {
    "pelea": "pelea",
    "brawl": "pelea",
    "c.c.": "cc",
    "cc": "cc",
    "c.c": "cc",
    "melee": "cc",
    "fuego": "fuego",
    "firearm": "fuego",
}

CLASS_WORDS: dict[str, FireClass] = {
    "precision": "sniper",
    "revolver": "revolver",
    "escopeta": "shotgun",
    "semiautomatica": "pistol",
    "pistola": "pistol",
    "asalto": "assault",
    "sniper": "sniper",
    "shotgun": "shotgun",
    "pistol": "pistol",
    "assault": "assault",
}

SIDE_WORDS = {
    "heroes": "heroes",
    "heroe": "heroes",
    "enemigos": "foes",
    "oponentes": "foes",
    "foes": "foes",
}
TYPE_WORDS = {"pj": True, "pc": True, "pnj": False, "npc": False}


def _invalid(line: int, field: str, value: str, expected: str) -> RuleError:
    """``field``: a field's id (``armadura``), said in the reader's language; ``expected``:
    the id of an example of what the field takes (``ds20.statline.example.*``)."""
    return RuleError(
        "ds20.statline.invalid",
        line=line,
        field=term(f"ds20.statline.field.{field}") if field in FIELDS else written(field),
        value=value,
        expected=term(f"ds20.statline.example.{expected}"),
    )


_FIELD_LABEL = re.compile(r"(?<![\w.])(?P<field>[^\W\d_][\w.]*\s*:(?!\d))")


def unflatten(text: str) -> str:
    """PDF wraps joined, and a flattened line cut before each ``Campo:`` (module
    docstring), the pieces separated by ``|``."""
    text = join_hyphen_wraps(join_continued_lines(text, ",;"))
    return "\n".join(
        " | ".join(split_at_labels(line, _FIELD_LABEL, after="|")) for line in text.split("\n")
    )


def _split_lines(text: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    n = 0
    for raw_line in text.splitlines():
        for piece in raw_line.split("|"):
            n += 1
            if piece.strip():
                out.append((n, piece.strip()))
    return out


def _parse_scores(line: int, value: str) -> tuple[dict[str, int], dict[str, str]]:
    scores: dict[str, int] = {}
    names: dict[str, str] = {}
    for item in value.split(","):
        for name, score in _score_pairs(line, item):
            key = skill_key(name)
            scores[key] = int(score)
            names[key] = name
    return scores, names


# One score or several with the commas left out, as people type them ("Fortaleza 11
# Pelea 10", read as one score "Fortaleza 11 Pelea" of 10), and a full stop at the end.
_PAIR = r"([^\d\s][^\d]*?)\s+(-?\d+)"
_PAIRS = rf"\s*(?:{_PAIR}\s*)+\.?\s*"


def _score_pairs(line: int, item: str) -> list[tuple[str, str]]:
    """The (name, score) pairs of one comma-separated item: a name without digits may
    be followed by another; a name with digits is read whole ("Idioma 2 10")."""
    if re.fullmatch(_PAIRS, item):
        return [(n.strip(), v) for n, v in re.findall(_PAIR, item)]
    m = re.fullmatch(r"\s*(.+?)\s+(-?\d+)\s*\.?\s*", item)
    if not m:
        raise _invalid(line, "aptitudes", item.strip(), "score")
    return [(m.group(1).strip(), m.group(2))]


def _parse_capacity(line: int, value: str) -> WoundTrack:
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*\.?\s*", value)
    if m:
        return WoundTrack(r=int(m.group(1)), hl=int(m.group(2)), hg=int(m.group(3)))
    found: dict[str, int] = {}
    # "4 R, 3 HL, 3 HG", or as typed without commas or spaces: "4R 3HL 3HG."
    for item in re.split(r",|(?<=[a-z])\s+(?=\d)", value.strip().removesuffix("."), flags=re.I):
        m = re.fullmatch(r"\s*(\d+)\s*(R|HL|HG)\s*", item, flags=re.IGNORECASE)
        if not m:
            raise _invalid(line, "heridas", item.strip(), "wounds")
        found[m.group(2).upper()] = int(m.group(1))
    if set(found) != {"R", "HL", "HG"}:
        raise _invalid(line, "heridas", value.strip(), "wounds")
    return WoundTrack(r=found["R"], hl=found["HL"], hg=found["HG"])


def _parse_armor(line: int, value: str) -> DSArmor:
    extra = 0
    m = re.search(r"\+\s*(\d+)\s*$", value)
    if m:
        extra = int(m.group(1))
        value = value[: m.start()]
    value = value.strip()
    if re.fullmatch(r"\d+", value):
        return DSArmor(parts=[], score=int(value), extra=extra)
    parts = []
    for item in value.replace(" y ", ",").replace(" and ", ",").split(","):
        part = armor_part(item)
        if part is None:
            raise _invalid(line, "armadura", item.strip(), "armour")
        if part not in parts:
            parts.append(part)
    return DSArmor(parts=parts, score=sum(ARMOR_PART_SCORE[p] for p in parts), extra=extra)


def _parse_weapon(line: int, entry: str) -> DSWeapon:
    tokens = entry.split()
    idx = next((i for i, tok in enumerate(tokens) if re.fullmatch(r"\d+/\d+", tok)), None)
    if idx is None or idx == 0:
        raise _invalid(line, "armas", entry, "weapon")
    name = " ".join(tokens[:idx])
    mhl, mhg = (int(x) for x in tokens[idx].split("/"))
    if not 0 < mhl < mhg:
        raise _invalid(line, "armas", entry, "thresholds")
    rest = [fold(t) for t in tokens[idx + 1 :]]
    if rest and rest[-1] not in KIND_WORDS:  # a full stop ends the line: "pelea."
        rest[-1] = rest[-1].removesuffix(".")
    kind: WeaponKind | None = None
    fields: dict = {}
    i = 0
    while i < len(rest):
        tok = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else ""
        if tok in KIND_WORDS:
            kind = KIND_WORDS[tok]
        elif tok in ("alcance", "range") and re.fullmatch(r"\d+m?", nxt):
            fields["range_m"] = int(nxt.rstrip("m"))
            i += 1
        elif re.fullmatch(r"\d+m", tok) or (re.fullmatch(r"\d+", tok) and nxt == "m"):
            fields["range_m"] = int(tok.rstrip("m"))
            i += 1 if nxt == "m" else 0
        elif tok in ("cargador", "magazine") and re.fullmatch(r"\d+(/\d+)?", nxt):
            if "/" in nxt:
                ammo, cap = (int(x) for x in nxt.split("/"))
            else:
                ammo = cap = int(nxt)
            if ammo > cap:
                raise _invalid(line, "armas", entry, "magazine")
            fields["magazine"], fields["ammo"] = cap, ammo
            i += 1
        elif tok in CLASS_WORDS:
            fields["fire_class"] = CLASS_WORDS[tok]
        elif tok in ("automatica", "automatico", "automatic"):
            fields["automatic"] = True
        else:
            raise _invalid(line, "armas", entry, "weapon")
        i += 1
    if kind is None:
        raise _invalid(line, "armas", entry, "kind")
    if kind == "fuego":
        fields.setdefault("fire_class", "other")
    elif fields:
        raise _invalid(line, "armas", entry, "melee_weapon")
    return DSWeapon(name=name, kind=kind, mhl=mhl, mhg=mhg, **fields)


def _parse_technique(line: int, entry: str) -> Technique:
    m = re.fullmatch(
        r"\s*(.+?)\s*\(\s*([^)]+?)\s*\)\s*(?:\+\s*(\d+))?\s*(?:(?:da[ñn]o|damage)\s*\+\s*(\d+))?\s*",
        entry,
        flags=re.IGNORECASE,
    )
    if not m:
        raise _invalid(line, "tecnicas", entry.strip(), "technique")
    return Technique(
        name=m.group(1),
        skill=skill_key(m.group(2)),
        bonus=int(m.group(3) or 0),
        damage=int(m.group(4) or 0),
    )


def parse_statline(text: str) -> DSCombatant:
    """Parse a Spanish stat line (format above) into a combatant with id ``""`` (the
    encounter gives it one when it is added)."""
    return read_statline(text).sheet


def read_statline(text: str) -> SheetReading[DSCombatant]:
    """:func:`parse_statline`, with the defaults it applied (the sheet card's warnings).
    Issue 21: at most ``SHEET_MAX`` characters, and every value within
    ``bot.systems.ds20.bounds`` (wound boxes 0..20 per level, Agotamiento 1..10...)."""
    require_sheet_length(text)
    data: dict = {}
    side: str | None = None
    unused: list[str] = []
    for line, piece in _split_lines(unflatten(text)):
        if ":" not in piece:
            raise _invalid(line, "?", piece, "field")
        raw_field, value = piece.split(":", 1)
        field = fold(raw_field)
        field = FIELD_ALIASES.get(field, field)
        value = value.strip()
        if field not in FIELDS:
            raise RuleError(
                "ds20.statline.unknown_field",
                line=line,
                field=raw_field.strip(),
                known=term("ds20.statline.fields"),
            )
        if not value:
            raise _invalid(line, raw_field.strip(), "", "field")
        if field == "nombre":
            data["name"] = value
        elif field == "tipo":
            kind = fold(value)
            if kind not in TYPE_WORDS:
                raise _invalid(line, "tipo", value, "type")
            data["is_pc"] = TYPE_WORDS[kind]
        elif field == "bando":
            side = SIDE_WORDS.get(fold(value), fold(value))
        elif field == "grupo":
            data["group"] = value
        elif field == "aptitudes":
            data["scores"], data["score_names"] = _parse_scores(line, value)
        elif field == "heridas":
            data["capacity"] = _parse_capacity(line, value)
        elif field == "armadura":
            data["armor"] = _parse_armor(line, value)
        elif field == "agotamiento":
            if not re.fullmatch(r"\d+", value) or int(value) < 1:
                raise _invalid(line, "agotamiento", value, "number")
            data["fatigue_max"] = int(value)
        elif field == "armas":
            data["weapons"] = [
                _parse_weapon(line, e.strip()) for e in value.split(";") if e.strip()
            ]
        elif field == "tecnicas":
            data["techniques"] = [_parse_technique(line, e) for e in value.split(";") if e.strip()]
        elif field == "genero":  # issue 18's agreement, and English her/his
            first, _, rest = value.partition(" ")
            word = fold(first.strip(",;."))
            if word not in GENDERS:
                raise _invalid(line, "genero", value, "gender")
            data["gender"] = GENDERS[word]
            unused.append(rest)  # "femenino, alta y rubia": the rest is named as not used
    if "name" not in data:
        raise RuleError("ds20.statline.missing", field=term("ds20.statline.field.nombre"))
    data["side"] = side or ("heroes" if data.get("is_pc") else "foes")
    reading = SheetReading(sheet=DSCombatant(id="", **data))
    for text in unused:
        reading.leave(text)
    require_sheet(reading.sheet)
    if "is_pc" not in data:
        reading.default("sheet.ds20.default.npc")
    if side is None:
        reading.default("sheet.ds20.default.side", side=data["side"])
    if "capacity" not in data:
        reading.default("sheet.ds20.default.wounds", r=4, hl=3, hg=3)
    if "fatigue_max" not in data:
        reading.default("sheet.ds20.default.fatigue", value=3)
    return reading
