"""Powers as data (RULES-NOTES SW-39): the GM's one-line definition format, and the GM
defining and forgetting a power for the encounter. Pure.

Definition format
=================

Fields separated by ``;`` or one per line, or a multi-line definition flattened to one
line (Discord's option box turns line breaks into spaces: each ``field:`` starts a new
field). Field names and words are Spanish or English; case, accents and trailing
punctuation do not matter::

    nombre: Descarga / Bolt; coste: 1; alcance: astucia; duración: instantánea;
    éxito: daño 2d6; aumento: daño 3d6

- ``nombre`` / ``name`` (required): one name, or ``Spanish / English``.
- ``coste`` / ``costo`` / ``cost`` / ``pp`` (required): Power Points, 0..99 (``2 PP``).
- ``alcance`` / ``range``: ``toque``/``touch``, ``personal``/``self`` (the caster only),
  ``astucia``/``smarts`` (default), or a number of steps (``12``, ``12 pasos``).
- ``duración`` / ``duration``: ``instantánea``/``instant`` (default), ``5 rondas`` /
  ``5 rounds``, or ``hasta terminar``/``until ended`` (maintained until ``/cast end``).
- ``éxito`` / ``success`` (required) and ``aumento`` / ``raise``: effects, separated by
  commas: ``daño 2d6`` / ``damage 2d6`` (optionally ``pa 2`` / ``ap 2``), ``curación``
  / ``heal`` (SW-43: one wound per success and raise), ``rasgo +1`` / ``trait +1`` (die
  steps to the trait chosen when casting; ``rasgo pelear +1`` fixes it), ``armadura +2``
  / ``armor +2``, ``dureza +2`` / ``toughness +2``, ``parada +1`` / ``parry +1``,
  ``paso +2`` / ``pace +2``, or a condition (``aturdido``/``shaken``, ``conmocionado``/
  ``stunned``, ``distraído``/``distracted``, ``vulnerable``, ``aferrado``/``entangled``,
  ``inmovilizado``/``bound``, ``derribado``/``prone``). Without ``aumento`` a raise does
  what a success does and damage gets the +1d6 raise die (SW-11).
- ``área`` / ``plantilla`` / ``template``: ``pequeña``/``small``, ``mediana``/``medium``,
  ``grande``/``large``, ``cono``/``cone`` (SW-25: 2, 3, 4, 3 targets without a map).
- ``opuesto`` / ``resistido`` / ``opposed``: the trait targets resist with
  (``espíritu``/``spirit``...): an opposed roll against the activation (SW-7).
- ``evasión`` / ``evasion``: ``sí``/``yes`` lets targets evade with Agility -2 (SW-25).
- ``objetivos`` / ``targets``: how many targets without a template (1..10, default 1).
- ``notas`` / ``notes``: trappings or anything else, kept and shown.

A wrong line is a :class:`RuleError` ``swade.powers.def.*`` naming the field (and the
``;`` segment number, ``line``) with what it expects.

Which definition a caster's power uses, and the shipped examples:
:mod:`bot.systems.swade.power_lookup`.
"""

from __future__ import annotations

import re

from bot.dice.source import DiceError
from bot.dice.swade import parse_damage
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.plain_names import clean_name, looks_like_key, plain_name
from bot.systems.sheets import split_at_labels
from bot.systems.swade.conditions import parse_condition
from bot.systems.swade.encounter_rules import require_gm
from bot.systems.swade.names import ATTRIBUTES, TEMPLATE_WORDS, fold, ident, skill_id
from bot.systems.swade.power_bounds import (
    DICE_MAX,
    EFFECTS_MAX,
    MAX_COST,
    MAX_NAME,
    MAX_ROUNDS,
    MAX_STEPS,
    MAX_TARGETS,
    POWER_CONDITIONS,
    POWER_DEFS_MAX,
    consistency_key,
    names_of,
    norm,
)
from bot.systems.swade.power_models import EffectDef, PowerDef
from bot.systems.swade.state import SwadeState

FIELDS: dict[str, str] = {
    "nombre": "name",
    "name": "name",
    "poder": "name",
    "power": "name",
    "coste": "cost",
    "costo": "cost",
    "cost": "cost",
    "pp": "cost",
    "puntos de poder": "cost",
    "power points": "cost",
    "alcance": "range",
    "range": "range",
    "duracion": "duration",
    "duration": "duration",
    "exito": "success",
    "success": "success",
    "efecto": "success",
    "effect": "success",
    "aumento": "raise",
    "raise": "raise",
    "area": "template",
    "plantilla": "template",
    "template": "template",
    "opuesto": "opposed",
    "opuesta": "opposed",
    "resistido": "opposed",
    "resistida": "opposed",
    "opposed": "opposed",
    "resisted": "opposed",
    "evasion": "evasion",
    "evade": "evasion",
    "objetivos": "targets",
    "objetivo": "targets",
    "targets": "targets",
    "target": "targets",
    "notas": "notes",
    "nota": "notes",
    "notes": "notes",
    "trappings": "notes",
}
# The hint each field's error gives (catalogue keys ``swade.powers.def.expect.<field>``).
FIELD_NAMES = ("name", "cost", "range", "duration", "success", "raise", "template")
FIELD_NAMES += ("opposed", "evasion", "targets", "notes")

_LABEL = re.compile(
    r"(?:^|(?<=[\s;,.]))(?P<field>"
    + "|".join(sorted((re.escape(f) for f in FIELDS), key=len, reverse=True))
    + r")\s*:"
)
_TRIM = " \t.,;"


def _norm(text: str) -> str:
    return norm(text)


def _bad(field: str, line: int, text: str) -> RuleError:
    return RuleError(
        "swade.powers.def.bad_value",
        field=f"swade.powers.def.field.{field}",
        line=line,
        text=text,
        expected=f"swade.powers.def.expect.{field}",
    )


def _segments(text: str) -> list[tuple[int, str]]:
    """(segment number, text) for each field: one per line or per ``;``, and a
    flattened line cut before each ``field:`` label."""
    out: list[tuple[int, str]] = []
    n = 0
    for raw_line in text.splitlines():
        for piece in raw_line.split(";"):
            n += 1
            for part in split_at_labels(piece.strip(), _LABEL):
                if part.strip(_TRIM):
                    out.append((n, part.strip()))
    return out


def _number(value: str, field: str, line: int, maximum: int, *, minimum: int = 0) -> int:
    m = re.fullmatch(r"(\d+)(?:\s*(?:pp|pps|puntos? de poder|power points?))?", _norm(value))
    if m is None or not minimum <= int(m[1]) <= maximum:
        raise _bad(field, line, value)
    return int(m[1])


def _range(value: str, line: int) -> tuple[str, int | None]:
    text = _norm(value)
    if text in ("toque", "touch", "contacto"):
        return "touch", None
    if text in ("personal", "self", "yo", "si mismo", "uno mismo", "propio"):
        return "self", None
    if text in ("astucia", "smarts", "ast", "sma"):
        return "smarts", None
    m = re.fullmatch(r"(\d+)(?:\s*(?:pasos?|steps?|casillas?|pulgadas?|inches|in|\"))?", text)
    if m is None or not 1 <= int(m[1]) <= MAX_STEPS:
        raise _bad("range", line, value)
    return "steps", int(m[1])


def _duration(value: str, line: int) -> tuple[str, int]:
    text = _norm(value)
    if text in ("instantanea", "instantaneo", "instant", "instantaneous", "inmediata", "0"):
        return "instant", 0
    until = ("hasta terminar", "hasta que termine", "hasta que se termine", "until ended")
    until += ("mantenido", "mantenida", "sostenido", "sostenida", "sustained", "maintained")
    if text in until:
        return "until_ended", 0
    m = re.fullmatch(r"(\d+)(?:\s*(?:rondas?|rounds?|turnos?|turns?))?", text)
    if m is None or not 1 <= int(m[1]) <= MAX_ROUNDS:
        raise _bad("duration", line, value)
    return "rounds", int(m[1])


def _template(value: str, line: int) -> str | None:
    words = [w for w in _norm(value).split() if w not in ("plantilla", "template", "de", "area")]
    text = " ".join(words)
    if text in ("no", "ninguna", "none", "-"):
        return None
    found = TEMPLATE_WORDS.get(text)
    if found is None:
        raise _bad("template", line, value)
    return found


def trait_id(name: str) -> str:
    """An attribute's or skill's id from its Spanish or English name."""
    return ATTRIBUTES.get(fold(name).strip(_TRIM)) or skill_id(name.strip(_TRIM))


def _yes_no(value: str, line: int) -> bool:
    text = _norm(value)
    if text in ("si", "yes", "true", "1", "evadible", "permite"):
        return True
    if text in ("no", "false", "0", "-"):
        return False
    raise _bad("evasion", line, value)


_DAMAGE_WORDS = ("dano", "damage", "dmg")
_HEAL_WORDS = ("curacion", "curar", "cura", "sanar", "sana", "heal", "healing", "heals")
_POINT_WORDS = {
    "armadura": "armor",
    "armor": "armor",
    "armour": "armor",
    "dureza": "toughness",
    "toughness": "toughness",
    "parada": "parry",
    "parry": "parry",
    "paso": "pace",
    "pace": "pace",
}
_TRAIT_WORDS = ("rasgo", "trait")
_CONDITION_WORDS = ("estado", "condicion", "condition")


def _effect(term: str, field: str, line: int) -> EffectDef:
    """One effect term of a success or raise (module docstring)."""
    text = _norm(term)
    words = text.split()
    if not words:
        raise _bad(field, line, term)
    head, rest = words[0], " ".join(words[1:])
    if head in _DAMAGE_WORDS:
        ap = 0
        m = re.fullmatch(r"(.+?)\s+(?:pa|ap)\s*(\d+)", rest)
        if m is not None:
            rest, ap = m[1], int(m[2])
        try:
            spec = parse_damage(rest)
        except DiceError:
            raise RuleError(
                "swade.powers.def.bad_effect",
                field=f"swade.powers.def.field.{field}",
                line=line,
                text=term.strip(),
            ) from None
        if len(spec.dice_sides) > DICE_MAX:
            raise RuleError(
                "swade.powers.def.too_many_dice",
                field=f"swade.powers.def.field.{field}",
                line=line,
                text=term.strip(),
                max=DICE_MAX,
            )
        return EffectDef(kind="damage", dice=spec.dice_sides, bonus=spec.modifier, ap=ap)
    if text in _HEAL_WORDS:
        return EffectDef(kind="heal")
    if head in _POINT_WORDS:
        m = re.fullmatch(r"([+-]?\d+)", rest.replace(" ", ""))
        if m is not None and int(m[1]) != 0 and abs(int(m[1])) <= 20:
            return EffectDef(kind=_POINT_WORDS[head], value=int(m[1]))  # type: ignore[arg-type]
    elif head in _TRAIT_WORDS:
        m = re.fullmatch(r"(?:(.+?)\s+)?([+-]\d+)", rest)
        if m is not None and int(m[2]) != 0 and abs(int(m[2])) <= 4:
            trait = trait_id(m[1]) if m[1] else None
            return EffectDef(kind="trait", value=int(m[2]), trait=trait)
    else:
        name = rest if head in _CONDITION_WORDS else text
        try:
            condition = parse_condition(name)
        except RuleError:
            condition = None
        if condition in POWER_CONDITIONS:
            return EffectDef(kind="condition", condition=condition)
    raise RuleError(
        "swade.powers.def.bad_effect",
        field=f"swade.powers.def.field.{field}",
        line=line,
        text=term.strip(),
    )


def _effects(value: str, field: str, line: int) -> tuple[EffectDef, ...]:
    terms = [t for t in re.split(r",|\s+y\s+|\s+and\s+", value) if t.strip(_TRIM)]
    if not terms or len(terms) > EFFECTS_MAX:
        raise _bad(field, line, value)
    return tuple(_effect(t, field, line) for t in terms)


def _names(value: str, line: int) -> tuple[str, str]:
    """One name, or ``Spanish / English``: each plain (issue 28: no markup, mentions,
    headings, bidi overrides, ids or catalogue keys; it is shown publicly), at most
    :data:`MAX_NAME` characters."""
    parts = [p.strip(_TRIM) for p in value.split(" / ")] if " / " in value else [value]
    parts = [clean_name(p).strip(_TRIM) for p in parts]
    if len(parts) > 2 or any(not p or len(p) > MAX_NAME for p in parts):
        raise _bad("name", line, value)
    for part in parts:
        plain_name(part, limit=MAX_NAME)
        if looks_like_key(part):
            raise RuleError("names.like_key", name=part)
    return parts[0], parts[-1]


def parse_power_definition(text: str) -> PowerDef:
    """SW-39: a power from the GM's definition (module docstring), in Spanish or
    English. Errors: ``swade.powers.def.*`` naming the field and what it expects."""
    data: dict[str, object] = {}
    seen: set[str] = set()
    for line, segment in _segments(text):
        if ":" not in segment:
            raise RuleError("swade.powers.def.missing_colon", line=line, text=segment)
        raw_field, value = segment.split(":", 1)
        field = FIELDS.get(_norm(raw_field))
        if field is None:
            raise RuleError("swade.powers.def.unknown_field", line=line, field=raw_field.strip())
        if field in seen:
            raise RuleError("swade.powers.def.repeated_field", line=line, field=raw_field.strip())
        seen.add(field)
        value = value.strip()
        if field == "name":
            data["name_es"], data["name_en"] = _names(value, line)
        elif field == "cost":
            data["cost"] = _number(value, "cost", line, MAX_COST)
        elif field == "range":
            data["range"], data["range_steps"] = _range(value, line)
        elif field == "duration":
            data["duration"], data["rounds"] = _duration(value, line)
        elif field == "success":
            data["success"] = _effects(value, "success", line)
        elif field == "raise":
            data["raise_effects"] = _effects(value, "raise", line)
        elif field == "template":
            data["template"] = _template(value, line)
        elif field == "opposed":
            text_ = _norm(value)
            data["opposed"] = None if text_ in ("no", "ninguno", "none", "-") else trait_id(value)
        elif field == "evasion":
            data["evasion"] = _yes_no(value, line)
        elif field == "targets":
            data["targets"] = _number(value, "targets", line, MAX_TARGETS, minimum=1)
        else:
            data["notes"] = value.strip(_TRIM)[:200]
    for required in ("name", "cost", "success"):
        if required not in seen:
            raise RuleError(
                "swade.powers.def.missing",
                field=f"swade.powers.def.field.{required}",
                expected=f"swade.powers.def.expect.{required}",
            )
    data["id"] = ident(str(data["name_en"]))
    power = PowerDef.model_validate(data)
    _check(power)
    return power


def _check(power: PowerDef) -> None:
    """Consistency (:func:`~bot.systems.swade.power_bounds.consistency_key`)."""
    why = consistency_key(power)
    if why is not None:
        raise RuleError(why, power=power.label())


_names_of = names_of


def define_power(state: SwadeState, actor: Actor, text: str) -> Outcome:
    """SW-39: the GM defines a power for the encounter (:func:`parse_power_definition`).
    One with the same name (either language) is replaced, a shipped example included
    (the GM's wins, :func:`find_definition`)."""
    require_gm(actor)
    power = parse_power_definition(text)
    new = state.model_copy(deep=True)
    names = _names_of(power)
    kept = [d for d in new.power_defs if not (_names_of(d) & names) and d.id != power.id]
    replaced = len(kept) != len(new.power_defs)
    if len(kept) >= POWER_DEFS_MAX:  # issue 28
        raise RuleError(
            "swade.powers.error.too_many", max=POWER_DEFS_MAX, count=len(state.power_defs)
        )
    new.power_defs = [*kept, power]
    event = Event(
        key="swade.powers.defined.replaced" if replaced else "swade.powers.defined.new",
        params={"power": power.label(), "cost": power.cost},
    )
    return Outcome(
        state=new,
        events=[event],
        summary=Event(key="log.swade.define_power", params={"power": power.name_es}),
    )


def forget_power(state: SwadeState, actor: Actor, name: str) -> Outcome:
    """The GM removes its definition of power ``name`` (a shipped example of that name is
    used again)."""
    require_gm(actor)
    wanted = _norm(name)
    gone = [d for d in state.power_defs if wanted in _names_of(d)]
    if not gone:
        raise RuleError("swade.powers.error.not_defined", power=name)
    new = state.model_copy(deep=True)
    new.power_defs = [d for d in new.power_defs if d not in gone]
    return Outcome(
        state=new,
        events=[Event(key="swade.powers.forgotten", params={"power": gone[0].label()})],
        summary=Event(key="log.swade.forget_power", params={"power": gone[0].name_es}),
    )
