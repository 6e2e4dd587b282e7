"""Ritual Hex sheets: the compact text format the GM pastes, and its parser (seed 002
'Combatientes', 'Equipamiento', 'Héroes', 'Ventajas'; RH-9, RH-10, RH-11). Pure.

Sheet format
============

One ``campo: valor`` per line; Spanish or English field names; case and accents are
ignored. Example (a minion)::

    nombre: Goblin
    AP: 9; HP: 6; Str: 1; Def: 2; Per: 1; Mag: 0; DR: 0
    partes: cabeza, torso, brazo x2
    miembros: mano x2, pies
    equipo: Escudo; partes: mano; costo: 2; mod: Def+1; acciones: Bloqueo
    acción: Mordisco; tipo: ataque; costo: 4; objetivo: 1; chequeo: <Str>[10]<Def>; efecto: daño 1d

Fields:

- ``nombre`` / ``name`` (required).
- ``AP``, ``HP``, ``Str``/``Fue``, ``Def``, ``Per``, ``Mag``, ``DR``: numbers; several may
  share a line separated by ``;`` or ``,`` (``AP 12, HP 10, Str 3``). AP and HP are
  required.
- ``partes`` / ``parts`` and ``miembros`` / ``limbs`` (minions only): comma separated
  kinds, ``xN`` for several (``brazo x2`` gives ``brazo1``, ``brazo2``). Limbs count as
  body parts. Heroes always have head, neck, torso, 2 arms, 2 legs; limbs 2 hands
  (``mano1``, ``mano2``) and feet (``pies``) (RH-10).
- ``ventajas`` / ``advantages`` (heroes only): Velocidad/Speed, Salud/Health,
  Fortaleza/Strength, Esquivar/Dodge, Atención/Awareness, Mística/Mystic,
  Resistencia/Toughness, Multi-ataque/Multi-attack; ``xN`` for copies (they stack, RH-10).
- ``equipo`` / ``equipment``: ``Name; partes: ...; costo: N; mod: Def+1, Str-1;
  acciones: A, B``. ``partes`` lists part keys (``mano2``) or kinds (``mano``: the first
  free one); ``costo`` is the AP to equip it in combat (0 or absent: only out of
  combat); ``acciones`` names actions defined in this sheet or shipped ones (Bloqueo,
  Proteger, Parálisis). The item starts equipped.
- ``acción`` / ``action``: ``Name; field: value; ...`` in the action format of
  :mod:`bot.systems.ritualhex.actions`. It belongs to the combatant, unless an
  equipment line lists it (then it comes with the equipment). A bare name
  (``acción: Proteger``) is the same as listing it under ``acciones``.
- ``género`` / ``gender``: ``f`` or ``m`` (femenino/masculino, female/male,
  mujer/hombre): the grammatical gender Spanish texts agree with (issue 18: "queda
  inactiva"); without it, the masculine.
- ``acciones`` / ``actions``: actions the combatant has, by name: the encounter's
  GM-defined ones (``define_action``) or the shipped ones (Bloqueo, Proteger, Parálisis).

Heroes always have the base actions Piña, Patada and Curar (RH-10).

Pasted forms (issue 16): the same sheet flattened to one line (Discord's option box turns
line breaks into spaces) is cut before each field label (``nombre:``, ``partes:``... any
``word:`` not after a ``;``, which would be a sub-field of ``equipo``/``acción``) and
before a run of characteristics (``AP 9, HP 6``) that does not follow a comma; PDF wraps
are joined (a line ending in ``,`` or ``;`` goes on in the next; a word broken with a
hyphen). :func:`read_sheet` also names the defaults it applied (characteristics not
given: 0) for the sheet card.

A bad line raises :class:`RuleError` with ``line`` (its number), ``text`` and what was
expected (keys ``ritualhex.sheet.*``, ``ritualhex.format.*``, ``ritualhex.actiondef.*``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from bot.systems.base import RuleError
from bot.systems.bounds import require_sheet_length
from bot.systems.common import GENDERS
from bot.systems.ritualhex.actions import library_action, named, parse_action
from bot.systems.ritualhex.bounds import require_sheet
from bot.systems.ritualhex.state import (
    MULTI_ATTACK,
    STATS,
    ActionDef,
    Equipment,
    Part,
    RHCombatant,
)
from bot.systems.ritualhex.text import STAT_ALIASES, field_value, parse_int, stat_id
from bot.systems.ritualhex.words import as_written, part_key, part_kind, part_term
from bot.systems.sheets import (
    SheetReading,
    join_continued_lines,
    join_hyphen_wraps,
    split_at_labels,
)
from bot.systems.words import fold

HERO_PARTS: tuple[tuple[str, str], ...] = (
    ("cabeza", "cabeza"),
    ("cuello", "cuello"),
    ("torso", "torso"),
    ("brazo1", "brazo"),
    ("brazo2", "brazo"),
    ("pierna1", "pierna"),
    ("pierna2", "pierna"),
)
HERO_LIMBS: tuple[tuple[str, str], ...] = (("mano1", "mano"), ("mano2", "mano"), ("pies", "pies"))
"""RH-10: the heroes' body parts and limbs."""

ADVANTAGE_NAMES: dict[str, str] = {
    "velocidad": "velocidad",
    "speed": "velocidad",
    "salud": "salud",
    "health": "salud",
    "fortaleza": "fortaleza",
    "strength": "fortaleza",
    "esquivar": "esquivar",
    "dodge": "esquivar",
    "atencion": "atencion",
    "awareness": "atencion",
    "attention": "atencion",
    "mistica": "mistica",
    "mystic": "mistica",
    "resistencia": "resistencia",
    "toughness": "resistencia",
    "resistance": "resistencia",
    "multi-ataque": MULTI_ATTACK,
    "multiataque": MULTI_ATTACK,
    "multi ataque": MULTI_ATTACK,
    "multi-attack": MULTI_ATTACK,
    "multiattack": MULTI_ATTACK,
}

FIELDS: dict[str, str] = {
    "nombre": "name",
    "name": "name",
    "caracteristicas": "stats",
    "stats": "stats",
    "partes": "parts",
    "parts": "parts",
    "miembros": "limbs",
    "limbs": "limbs",
    "ventajas": "advantages",
    "advantages": "advantages",
    "equipo": "equipment",
    "equipamiento": "equipment",
    "equipment": "equipment",
    "accion": "action",
    "action": "action",
    "acciones": "actions",
    "actions": "actions",
    "genero": "gender",
    "gender": "gender",
}
EXPECTED_FIELDS = "ritualhex.fields.sheet"  # the field names, in the reader's language
ADVANTAGES = tuple(dict.fromkeys(ADVANTAGE_NAMES.values()))  # each once, in the list's order


def _counted(value: str, *, line: int) -> list[tuple[str, int]]:
    """``brazo x2, cola`` -> [("brazo", 2), ("cola", 1)]. A kind is words: its keys join
    them with ``_`` (``mano izquierda`` gives ``mano_izquierda1``), so ``mano_izquierda``
    is read as that kind too."""
    out: list[tuple[str, int]] = []
    for item in value.split(","):
        text = fold(item.replace("_", " "))
        if not text:
            continue
        m = re.match(r"^(.*?)\s*(?:x\s*(\d+))?$", text)
        name, count = (m[1], int(m[2])) if m and m[2] else (text, 1)
        if not name or not 1 <= count <= 20:
            raise RuleError("ritualhex.sheet.bad_list_item", line=line, text=item.strip())
        out.append((name, count))
    return out


def _make_parts(items: list[tuple[str, int]], *, limb: bool) -> list[Part]:
    parts: list[Part] = []
    for kind, count in items:
        base = kind.replace(" ", "_")
        for i in range(count):
            key = f"{base}{i + 1}" if count > 1 else base
            parts.append(Part(key=key, kind=kind, limb=limb))
    return parts


def _parse_stats(value: str, *, line: int, into: dict[str, int]) -> None:
    for item in re.split(r"[,;]", value):
        text = item.strip()
        if not text:
            continue
        m = re.match(r"^([^\d:=\s-]+)\s*[:=]?\s*(-?\d+)$", text)
        stat = stat_id(m[1]) if m else None
        if m is None or stat is None:
            raise RuleError(
                "ritualhex.sheet.bad_stat",
                line=line,
                text=text,
                expected="AP, HP, Str, Def, Per, Mag, DR",
            )
        into[stat] = parse_int(m[2], line=line, field=m[1], maximum=99)


MAX_MOD = 99  # an item's modifier to a characteristic, either way (characteristics: 0..99)


def _parse_mods(value: str, *, line: int) -> dict[str, int]:
    mods: dict[str, int] = {}
    for item in value.split(","):
        text = item.replace(" ", "")
        if not text:
            continue
        m = re.match(r"^([A-Za-zÁÉÍÓÚáéíóú]+)([+-]\d+)$", text)
        stat = stat_id(m[1]) if m else None
        if m is None or stat is None:
            raise RuleError("ritualhex.sheet.bad_mod", line=line, text=item.strip())
        mods[stat] = mods.get(stat, 0) + parse_int(
            m[2].lstrip("+"), line=line, field=m[1], minimum=-MAX_MOD, maximum=MAX_MOD
        )
    return mods


def _resolve_parts(
    tokens: list[str], parts: list[Part], taken: set[str], *, line: int
) -> tuple[list[str], list[str]]:
    """Part keys or kinds -> (keys worn on, kinds needed). RH-9: two items never share
    a part."""
    keys: list[str] = []
    for token in tokens:
        t = part_key(token)
        exact = next((p for p in parts if p.key == t), None)
        if exact is not None:
            if exact.key in taken or exact.key in keys:
                raise RuleError(
                    "ritualhex.sheet.part_taken",
                    line=line,
                    part=part_term(exact.key, exact.kind),
                )
            keys.append(exact.key)
            continue
        kinds = {part_kind(token), part_kind(token.rstrip("s"))}
        free = [p for p in parts if p.kind in kinds and p.key not in taken and p.key not in keys]
        if not free:
            known = [part_term(p.key, p.kind) for p in parts]
            raise RuleError(
                "ritualhex.sheet.no_such_part", line=line, part=as_written(token), expected=known
            )
        keys.append(free[0].key)
    needs = [next(p.kind for p in parts if p.key == k) for k in keys]
    return keys, needs


def _parse_equipment(
    value: str, *, line: int
) -> tuple[str, list[str], int, dict[str, int], list[str]]:
    segments = [s.strip() for s in value.split(";")]
    name = segments[0]
    if not name or ":" in name:
        raise RuleError("ritualhex.sheet.equipment_needs_name", line=line, text=value)
    tokens: list[str] = []
    cost = 0
    mods: dict[str, int] = {}
    actions: list[str] = []
    for seg in segments[1:]:
        if not seg:
            continue
        field, val = field_value(seg, line=line)
        if field in ("partes", "parts"):
            for kind, count in _counted(val, line=line):
                tokens.extend([kind] * count)
        elif field in ("costo", "coste", "cost"):
            cost = parse_int(val, line=line, field=field, maximum=30)
        elif field in ("mod", "mods", "modificadores", "modifiers"):
            mods = _parse_mods(val, line=line)
        elif field in ("acciones", "actions", "accion", "action"):
            actions = [a.strip() for a in val.split(",") if a.strip()]
        else:
            raise RuleError(
                "ritualhex.format.unknown_field",
                line=line,
                field=field,
                expected="ritualhex.fields.equipment",
            )
    if not tokens:
        raise RuleError("ritualhex.sheet.equipment_needs_parts", line=line, text=name)
    return name, [fold(t) for t in tokens], cost, mods, actions


_STAT_WORDS = "|".join(sorted(STAT_ALIASES, key=len, reverse=True))
_FIELD_LABEL = re.compile(
    rf"(?<![\w<\[])(?P<field>(?:reacciona\s+a|reacts\s+to|costo\s+ap|ap\s+cost|[^\W\d_][\w-]*)\s*:(?!\d)"
    rf"|(?<!,)(?<!, )(?<!:)(?<!: )(?:{_STAT_WORDS})(?:\s*[:=]\s*|\s+)-?\d+(?![\w]))"
)


def unflatten(text: str) -> str:
    """The sheet with PDF wraps joined and every flattened line cut back into one field a
    line (module docstring)."""
    text = join_hyphen_wraps(join_continued_lines(text, ",;"))
    lines = []
    for line in text.split("\n"):
        if line.strip().startswith("#"):
            lines.append(line)
            continue
        pieces = split_at_labels(line, _FIELD_LABEL)
        lines.extend([line] if len(pieces) == 1 else pieces)
    return "\n".join(lines)


def parse_sheet(
    text: str,
    *,
    kind: Literal["hero", "minion"] = "hero",
    library: Sequence[ActionDef] = (),
) -> RHCombatant:
    """Parse a pasted sheet into a combatant (id, controller set by ``add_combatant``).
    Action names resolve to the sheet's own ``acción:`` lines, then ``library`` (the
    encounter's GM-defined actions, ``state.library``), then the shipped ones."""
    return read_sheet(text, kind=kind, library=library).sheet


def read_sheet(
    text: str,
    *,
    kind: Literal["hero", "minion"] = "hero",
    library: Sequence[ActionDef] = (),
) -> SheetReading[RHCombatant]:
    """:func:`parse_sheet`, with the defaults it applied (the sheet card's warnings).
    Issue 21: at most ``SHEET_MAX`` characters, and every value and size within
    ``bot.systems.ritualhex.bounds`` (30 body parts, 30 items...)."""
    require_sheet_length(text)
    text = unflatten(text)
    fields = _SheetFields()
    for line, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.strip().startswith("#"):
            continue
        _read_line(fields, raw, line, kind)
    name, stats = _required(fields)
    parts = _body(fields, kind)
    equipment, own = _equipment_and_actions(fields, parts, library)

    base = dict.fromkeys(STATS, 0)
    base.update(stats)
    sheet = RHCombatant(
        id="",
        name=name,
        is_pc=kind == "hero",
        side=kind,
        base=base,
        advantages=fields.advantages,
        parts=parts,
        equipment=equipment,
        actions=own,
        gender=GENDERS.get(fields.gender or ""),
    )
    reading = SheetReading(sheet=sheet)
    missing = [stat for stat in STATS if stat not in stats]
    if missing:
        reading.default("sheet.ritualhex.default.stats", stats=missing)
    if kind == "minion" and not parts:
        reading.default("sheet.ritualhex.default.no_parts")
    require_sheet(sheet)
    return reading


RawItem = tuple[str, list[str], int, dict[str, int], list[str]]


@dataclass
class _SheetFields:
    """What a sheet's lines said, before it is checked and built."""

    name: str | None = None
    stats: dict[str, int] = field(default_factory=dict)
    parts_items: list[tuple[str, int]] | None = None
    limb_items: list[tuple[str, int]] | None = None
    advantages: dict[str, int] = field(default_factory=dict)
    gender: str | None = None
    defined: dict[str, ActionDef] = field(default_factory=dict)
    listed: list[tuple[int, str]] = field(default_factory=list)
    raw_equipment: list[tuple[int, RawItem]] = field(default_factory=list)


def _read_line(fields: _SheetFields, raw: str, line: int, kind: Literal["hero", "minion"]) -> None:
    """One line of the sheet: a stat line, or a ``field: value`` line."""
    first = re.split(r"[\s:=]", raw.strip(), maxsplit=1)[0]
    if ":" not in raw and stat_id(first) is not None:
        _parse_stats(raw, line=line, into=fields.stats)  # "AP 12, HP 10, Str 3"
        return
    field_, value = field_value(raw, line=line)
    if stat_id(field_) is not None:
        # "AP: 12; HP: 10" or "AP: 12, HP: 10" on one line
        _parse_stats(f"{field_} {value}".replace(":", " "), line=line, into=fields.stats)
        return
    what = FIELDS.get(field_)
    if what is None:
        raise RuleError(
            "ritualhex.sheet.unknown_field", line=line, field=field_, expected=EXPECTED_FIELDS
        )
    if what == "name":
        if not value or len(value) > 40:
            raise RuleError("ritualhex.sheet.bad_name", line=line, text=value)
        fields.name = value
    elif what == "gender":  # issue 18: Spanish agreement ("queda inactiva")
        if fold(value) not in GENDERS:
            raise RuleError("ritualhex.sheet.bad_gender", line=line, text=value)
        fields.gender = fold(value)
    elif what == "stats":
        _parse_stats(value, line=line, into=fields.stats)
    elif what in ("parts", "limbs"):
        if kind == "hero":
            raise RuleError("ritualhex.sheet.hero_parts_fixed", line=line)
        items = [(part_kind(k), n) for k, n in _counted(value, line=line)]
        if what == "parts":
            fields.parts_items = items
        else:
            fields.limb_items = items
    elif what == "advantages":
        _read_advantages(fields, value, line, kind)
    elif what == "equipment":
        fields.raw_equipment.append((line, _parse_equipment(value, line=line)))
    elif what == "action":
        _read_action(fields, value, line)
    elif what == "actions":
        fields.listed.extend((line, a.strip()) for a in value.split(",") if a.strip())


def _read_advantages(
    fields: _SheetFields, value: str, line: int, kind: Literal["hero", "minion"]
) -> None:
    if kind != "hero":
        raise RuleError("ritualhex.sheet.advantages_hero_only", line=line)
    for adv, count in _counted(value, line=line):
        canonical = ADVANTAGE_NAMES.get(adv)
        if canonical is None:
            raise RuleError(
                "ritualhex.sheet.bad_advantage",
                line=line,
                text=adv,
                expected=[f"sheet.ritualhex.adv.{a}" for a in ADVANTAGES],
            )
        fields.advantages[canonical] = fields.advantages.get(canonical, 0) + count


def _read_action(fields: _SheetFields, value: str, line: int) -> None:
    if ";" not in value and ":" not in value:
        fields.listed.append((line, value))  # just a name: a shipped or library action
        return
    try:
        action = parse_action("nombre: " + value)
    except RuleError as err:
        err.params["line"] = line
        raise
    fields.defined[fold(action.name)] = action


def _required(fields: _SheetFields) -> tuple[str, dict[str, int]]:
    """A name, AP and HP (at least 1 each) are required."""
    if fields.name is None:
        raise RuleError("ritualhex.sheet.missing_name")
    stats = fields.stats
    for required in ("ap", "hp"):
        if required not in stats:
            raise RuleError("ritualhex.sheet.missing_stat", stat=required.upper())
    if stats["hp"] < 1:
        raise RuleError("ritualhex.sheet.hp_too_low")
    if stats["ap"] < 1:
        raise RuleError("ritualhex.sheet.ap_too_low")
    return fields.name, stats


def _body(fields: _SheetFields, kind: Literal["hero", "minion"]) -> list[Part]:
    """A hero's fixed body, or a minion's parts and limbs as listed."""
    if kind == "hero":
        parts = [Part(key=k, kind=t) for k, t in HERO_PARTS]
        parts += [Part(key=k, kind=t, limb=True) for k, t in HERO_LIMBS]
        return parts
    parts = _make_parts(fields.parts_items or [], limb=False)
    parts += _make_parts(fields.limb_items or [], limb=True)
    keys = [p.key for p in parts]
    if len(set(keys)) != len(keys):
        raise RuleError("ritualhex.sheet.duplicate_part")
    return parts


def _equipment_and_actions(
    fields: _SheetFields, parts: list[Part], library: Sequence[ActionDef]
) -> tuple[list[Equipment], list[ActionDef]]:
    """The items on their parts with their actions, and the combatant's own actions."""
    defined = fields.defined

    def find_action(action_name: str, line: int) -> ActionDef:
        found = (
            defined.get(fold(action_name))
            or next((a for a in library if named(a, action_name)), None)
            or library_action(action_name)
        )
        if found is None:
            raise RuleError("ritualhex.sheet.unknown_action", line=line, text=action_name)
        return found

    taken: set[str] = set()
    equipment: list[Equipment] = []
    used_by_items: set[str] = set()
    for line, (item_name, tokens, cost, mods, action_names) in fields.raw_equipment:
        keys, needs = _resolve_parts(tokens, parts, taken, line=line)
        taken.update(keys)
        item_actions = [find_action(a, line) for a in action_names]
        used_by_items.update(fold(a.name) for a in item_actions)
        equipment.append(
            Equipment(
                name=item_name,
                needs=needs,
                worn_on=keys,
                cost=cost,
                mods=mods,
                actions=item_actions,
            )
        )
    own = [a for key, a in defined.items() if key not in used_by_items]
    own += [find_action(a, line) for line, a in fields.listed if fold(a) not in defined]
    return equipment, own
