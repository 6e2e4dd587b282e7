"""Ritual Hex action definitions: the text format, the heroes' base actions and the
shipped example reactions (seed 002 'Acciones', 'Héroes'; RH-10, RH-11). Pure.

Action format
=============

One field per line, or fields separated by ``;`` on one line. Field names are Spanish
or English, case and accents do not matter::

    nombre: Bloqueo              | name: Block
    tipo: defensa                | kind: defense
    costo: 3                     | cost: 3
    miembros: mano equipada      | limbs: hand equipped
    reacciona a: ataque          | reacts to: attack
    disparador: objetivo         | trigger: target
    chequeo: <Def>[10]<Str>      | check: <Def>[10]<Str>
    efecto: anular               | effect: cancel

Fields:

- ``nombre`` / ``name`` (required): the action's name.
- ``tipo`` / ``kind``: ``ataque``/``attack``, ``hechizo``/``spell``,
  ``defensa``/``defense``, ``acción``/``act`` (default ``acción``).
- ``costo`` / ``coste`` / ``cost``: AP cost, 0..30 (default 0). A called shot on a limb
  adds 1 AP and 2 difficulty (RH-4).
- ``miembros`` / ``limbs``: the limbs it needs, comma separated, each
  ``[N] <limb kind> [libre|sin equipo|free|equipada|equipado|equipped]``, e.g.
  ``mano libre``, ``pies``, ``2 tentáculo``; ``*`` is any limb; ``ninguno``/``none``.
  An action that needs no limb cannot be used while a limb has waiting points (RH-7).
  Actions granted by equipment use the limbs the equipment is on (RH-9).
- ``objetivo`` / ``objetivos`` / ``target`` / ``targets``: ``1`` (or ``1 combatiente``),
  ``N combatientes``, ``yo``/``self``, ``ninguno``/``none`` (default 1). Ignored for
  reactions: a reaction aims at the author of the action it answers.
- ``chequeo`` / ``check``: ``<CO>[D]<CD>`` (RH-2); CO and CD are optional and one of
  Str/Fue, Def, Per, Mag. No check: the action always succeeds.
- ``efecto`` / ``efectos`` / ``effect`` / ``effects``: comma separated:
  ``daño 1d-2|1`` / ``damage 1d-2|1`` (RH-3; the ``|N`` minimum is optional),
  ``cura 1d`` / ``remueve 1d`` / ``heal 1d`` (removes damage),
  ``espera 2`` / ``waiting 1d`` (waiting points on the target's body card, or on the
  limb of a called shot, RH-7),
  ``anular`` / ``cancel`` (reactions: the answered action fails),
  ``redirigir`` / ``retarget`` (reactions: the reactor becomes the target of the answered
  action instead of its ally, as Proteger).
- ``reacciona a`` / ``reacts to``: makes it a reaction (usable only in a chain, RH-8):
  the action kinds it answers, comma separated, or ``cualquiera``/``any``.
- ``disparador`` / ``cuando`` / ``trigger`` / ``when`` (reactions): ``objetivo``/``target``
  (the reactor must be a target of the answered action), ``aliado``/``ally`` (an ally of
  the reactor, not the reactor, must be a target), ``cualquiera``/``any`` (default).

Errors are :class:`RuleError` keys ``ritualhex.format.*`` and ``ritualhex.actiondef.*``
with the offending ``line`` (the line or ``;`` segment number) and ``text``.
"""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import LANGUAGES, catalog, term
from bot.systems.base import RuleError
from bot.systems.ritualhex.state import (
    ActionDef,
    ActionKind,
    CheckDef,
    EffectDef,
    LimbNeed,
    Trigger,
)
from bot.systems.ritualhex.text import (
    field_value,
    parse_amount,
    parse_int,
    split_fields,
    stat_id,
)
from bot.systems.ritualhex.words import as_written, part_kind
from bot.systems.words import fold

ACTION_IDS: dict[str, str] = {
    "Piña": "punch",
    "Patada": "kick",
    "Curar": "heal",
    "Bloqueo": "block",
    "Parálisis": "paralysis",
    "Proteger": "protect",
}
"""RH-10 and RH-11: the shipped actions' names in the state, and their catalogue ids."""


KIND_NAMES: dict[str, ActionKind] = {
    "ataque": "attack",
    "attack": "attack",
    "hechizo": "spell",
    "spell": "spell",
    "defensa": "defense",
    "defense": "defense",
    "accion": "act",
    "act": "act",
    "action": "act",
    "general": "act",
}

TRIGGERS: dict[str, Trigger] = {
    "objetivo": "self",
    "target": "self",
    "self": "self",
    "yo": "self",
    "aliado": "ally",
    "ally": "ally",
    "cualquiera": "any",
    "any": "any",
}

FIELDS: dict[str, str] = {
    "nombre": "name",
    "name": "name",
    "tipo": "kind",
    "kind": "kind",
    "costo": "cost",
    "coste": "cost",
    "cost": "cost",
    "costo ap": "cost",
    "ap cost": "cost",
    "miembros": "limbs",
    "miembro": "limbs",
    "limbs": "limbs",
    "limb": "limbs",
    "requiere": "limbs",
    "requires": "limbs",
    "objetivo": "targets",
    "objetivos": "targets",
    "target": "targets",
    "targets": "targets",
    "chequeo": "check",
    "check": "check",
    "efecto": "effects",
    "efectos": "effects",
    "effect": "effects",
    "effects": "effects",
    "reacciona a": "reacts_to",
    "reacts to": "reacts_to",
    "disparador": "trigger",
    "cuando": "trigger",
    "trigger": "trigger",
    "when": "trigger",
}

EXPECTED_FIELDS = "nombre/name, tipo/kind, costo/cost, miembros/limbs, objetivo/target, chequeo/check, efecto/effect, reacciona a/reacts to, disparador/trigger"

MAX_DIFFICULTY = 99  # |D| of a check <CO>[D]<CD>, like the characteristics (0..99)
_CHECK_RE = re.compile(r"^(?:<(?P<co>[^<>\[\]]+)>)?\[(?P<d>-?\d+)\](?:<(?P<cd>[^<>\[\]]+)>)?$")


def parse_check(value: str, *, line: int) -> CheckDef:
    """``<CO>[D]<CD>`` with CO and CD optional (RH-2)."""
    m = _CHECK_RE.match(value.replace(" ", ""))
    if m is None:
        raise RuleError("ritualhex.actiondef.bad_check", line=line, text=value)
    stats: dict[str, str | None] = {}
    for part in ("co", "cd"):
        raw = m[part]
        if raw is None:
            stats[part] = None
            continue
        stat = stat_id(raw)
        if stat not in ("str", "def", "per", "mag"):
            raise RuleError("ritualhex.actiondef.bad_check_stat", line=line, text=raw)
        stats[part] = stat
    difficulty = parse_int(
        m["d"], line=line, field="[D]", minimum=-MAX_DIFFICULTY, maximum=MAX_DIFFICULTY
    )
    return CheckDef(co=stats["co"], difficulty=difficulty, cd=stats["cd"])


_FREE_WORDS = ("sin equipo", "libres", "libre", "free")
_EQUIPPED_WORDS = ("equipadas", "equipados", "equipada", "equipado", "equipped")


def _marked(text: str, words: tuple[str, ...]) -> tuple[bool, str]:
    """Whether a limb says one of ``words`` after its kind ("mano libre") or before it,
    as English puts it ("free hand"), and the kind without it."""
    for word in words:
        if text == word:
            return True, ""
        if text.endswith(" " + word):
            return True, text[: -len(word)].strip()
        if text.startswith(word + " "):
            return True, text[len(word) :].strip()
    return False, text


def parse_limbs(value: str, *, line: int) -> list[LimbNeed]:
    """``mano libre, 2 tentáculo`` (``free hand``, ``equipped hand``): the limbs an
    action needs, each kind read in either language (``hand`` is ``mano``)."""
    if fold(value) in ("ninguno", "ninguna", "none", "-", ""):
        return []
    needs: list[LimbNeed] = []
    for item in value.split(","):
        text = fold(item)
        count = 1
        m = re.match(r"^(\d+)\s*(?:x\s*)?(.*)$", text)
        if m:
            count, text = int(m[1]), m[2].strip()
        free, text = _marked(text, _FREE_WORDS)
        equipped, text = _marked(text, _EQUIPPED_WORDS)
        if not text or count < 1 or count > 10 or (free and equipped):
            raise RuleError("ritualhex.actiondef.bad_limbs", line=line, text=item.strip())
        kind = "*" if text == "*" else part_kind(text)
        needs.append(LimbNeed(kind=kind, count=count, free=free, equipped=equipped))
    return needs


def parse_targets(value: str, *, line: int) -> tuple[int, bool]:
    text = fold(value)
    if text in ("yo", "self", "si mismo", "uno mismo"):
        return 0, True
    if text in ("ninguno", "none", "0", "-"):
        return 0, False
    m = re.match(r"^(\d+)(?:\s+(?:combatientes?|combatants?|enemigos?|enemies|enemy))?$", text)
    if m is None or not 1 <= int(m[1]) <= 10:
        raise RuleError("ritualhex.actiondef.bad_targets", line=line, text=value)
    return int(m[1]), False


_EFFECT_WORDS: dict[str, str] = {
    "dano": "damage",
    "damage": "damage",
    "cura": "heal",
    "curar": "heal",
    "remueve": "heal",
    "heal": "heal",
    "espera": "waiting",
    "waiting": "waiting",
    "wait": "waiting",
    "anular": "cancel",
    "anula": "cancel",
    "cancel": "cancel",
    "redirigir": "retarget",
    "redirige": "retarget",
    "retarget": "retarget",
}


def parse_effects(value: str, *, line: int) -> list[EffectDef]:
    effects: list[EffectDef] = []
    for item in value.split(","):
        words = item.strip().split(None, 1)
        if not words:
            continue
        kind = _EFFECT_WORDS.get(fold(words[0]))
        if kind is None:
            raise RuleError("ritualhex.actiondef.bad_effect", line=line, text=item.strip())
        if kind in ("cancel", "retarget"):
            if len(words) > 1:
                raise RuleError("ritualhex.actiondef.bad_effect", line=line, text=item.strip())
            effects.append(EffectDef(kind=kind))  # type: ignore[arg-type]
            continue
        if len(words) < 2:
            raise RuleError("ritualhex.actiondef.effect_needs_amount", line=line, text=item.strip())
        amount = parse_amount(words[1], line=line, field=words[0])
        effects.append(EffectDef(kind=kind, amount=amount))  # type: ignore[arg-type]
    return effects


def parse_reacts_to(value: str, *, line: int) -> list[ActionKind]:
    if fold(value) in ("cualquiera", "cualquier accion", "any", "all", "todas"):
        return ["attack", "spell", "defense", "act"]
    kinds: list[ActionKind] = []
    for item in value.split(","):
        kind = KIND_NAMES.get(fold(item))
        if kind is None:
            raise RuleError("ritualhex.actiondef.bad_kind", line=line, text=item.strip())
        if kind not in kinds:
            kinds.append(kind)
    return kinds


def parse_action(text: str) -> ActionDef:
    """Parse one action definition in the format above and validate it (RH-11)."""
    data: dict[str, object] = {}
    seen: set[str] = set()
    for line, segment in split_fields(text):
        raw_field, value = field_value(segment, line=line)
        field = FIELDS.get(raw_field)
        if field is None:
            raise RuleError(
                "ritualhex.format.unknown_field",
                line=line,
                field=raw_field,
                expected=EXPECTED_FIELDS,
            )
        if field in seen:
            raise RuleError("ritualhex.format.repeated_field", line=line, field=raw_field)
        seen.add(field)
        if field == "name":
            if not value or len(value) > 40:
                raise RuleError("ritualhex.actiondef.bad_name", line=line, text=value)
            data["name"] = value
        elif field == "kind":
            kind = KIND_NAMES.get(fold(value))
            if kind is None:
                raise RuleError("ritualhex.actiondef.bad_kind", line=line, text=value)
            data["kind"] = kind
        elif field == "cost":
            data["cost"] = parse_int(value, line=line, field=raw_field, maximum=30)
        elif field == "limbs":
            data["limbs"] = parse_limbs(value, line=line)
        elif field == "targets":
            data["targets"], data["self_target"] = parse_targets(value, line=line)
        elif field == "check":
            data["check"] = parse_check(value, line=line)
        elif field == "effects":
            data["effects"] = parse_effects(value, line=line)
        elif field == "reacts_to":
            data["reacts_to"] = parse_reacts_to(value, line=line)
        elif field == "trigger":
            trigger = TRIGGERS.get(fold(value))
            if trigger is None:
                raise RuleError("ritualhex.actiondef.bad_trigger", line=line, text=value)
            data["trigger"] = trigger
    if "name" not in data:
        raise RuleError("ritualhex.actiondef.missing_name")
    action = ActionDef.model_validate(data)
    validate_action(action)
    return action


def validate_action(action: ActionDef) -> None:
    """Consistency rules (RH-11): cancel/retarget only in reactions; a trigger only on
    reactions; an action whose effects hit a target must have one."""
    kinds = {e.kind for e in action.effects}
    if not action.is_reaction:
        if kinds & {"cancel", "retarget"}:
            raise RuleError("ritualhex.actiondef.reaction_only_effect", name=action.name)
        if action.trigger != "any":
            raise RuleError("ritualhex.actiondef.trigger_needs_reaction", name=action.name)
        if kinds & {"damage", "heal", "waiting"} and action.targets == 0 and not action.self_target:
            raise RuleError("ritualhex.actiondef.effect_needs_target", name=action.name)
        if action.check is not None and action.check.cd and action.targets == 0:
            raise RuleError("ritualhex.actiondef.cd_needs_target", name=action.name)
    if "retarget" in kinds and action.trigger != "ally":
        raise RuleError("ritualhex.actiondef.retarget_needs_ally", name=action.name)
    if not action.effects:
        raise RuleError("ritualhex.actiondef.no_effect", name=action.name)


def _action(text: str) -> ActionDef:
    return parse_action(text)


BASE_ACTIONS: tuple[ActionDef, ...] = (
    _action(
        "nombre: Piña; tipo: ataque; costo: 5; miembros: mano libre; objetivo: 1 combatiente;"
        " chequeo: <Str>[11]<Def>; efecto: daño 1d-2|1"
    ),
    _action(
        "nombre: Patada; tipo: ataque; costo: 6; miembros: pies; objetivo: 1 combatiente;"
        " chequeo: <Str>[11]<Def>; efecto: daño 1d-1|1"
    ),
    _action(
        "nombre: Curar; tipo: hechizo; costo: 4; miembros: mano libre; objetivo: 1 combatiente;"
        " chequeo: <Mag>[12]; efecto: cura 1d"
    ),
)
"""RH-10: every hero's base actions, exactly as the seed lists them."""

EXAMPLE_ACTIONS: tuple[ActionDef, ...] = (
    _action(
        "nombre: Bloqueo; tipo: defensa; costo: 3; miembros: mano equipada;"
        " reacciona a: ataque; disparador: objetivo; chequeo: <Def>[10]<Str>; efecto: anular"
    ),
    _action(
        "nombre: Parálisis; tipo: hechizo; costo: 4; miembros: ninguno;"
        " reacciona a: cualquiera; chequeo: <Mag>[10]<Per>; efecto: anular"
    ),
    _action(
        "nombre: Proteger; tipo: defensa; costo: 3; miembros: ninguno;"
        " reacciona a: ataque; disparador: aliado; efecto: redirigir"
    ),
)
"""RH-11: the three reactions of the seed's example. Their costs are the example's
(Bloqueo 3, Parálisis 4, Proteger 3); the checks and limbs are not in the seed and are
this project's choice (the GM can define others): Bloqueo ``<Def>[10]<Str>`` with an
equipped hand, Parálisis ``<Mag>[10]<Per>`` needing no limb, Proteger without check."""


LIBRARY: dict[str, ActionDef] = {ACTION_IDS[a.name]: a for a in (*BASE_ACTIONS, *EXAMPLE_ACTIONS)}
"""The shipped actions by catalogue id."""


def library_action(name: str) -> ActionDef | None:
    """A base or example action by name, in either language (case and accents ignored)."""
    found = shipped_named(name)
    return LIBRARY[ACTION_IDS[found]] if found is not None else None


# -- names in both languages (issue 29) ----------------------------------------------------


def shipped_id(action: ActionDef) -> str | None:
    """The catalogue id of a shipped action (``punch``) when ``action`` is one, exactly
    as shipped; ``None`` for the GM's own."""
    ref = ACTION_IDS.get(action.name)
    return ref if ref is not None and LIBRARY.get(ref) == action else None


def action_term(action: ActionDef) -> dict[str, Any]:
    """An action's name for a ``:key`` parameter: a shipped one in the reader's
    language, the GM's own as written."""
    ref = shipped_id(action)
    if ref is not None:
        return term(f"ritualhex.action.{ref}")
    return as_written(action.name)


def names(action: ActionDef) -> frozenset[str]:
    """Every folded name ``action`` answers to: its own, and a shipped one's label in
    both languages."""
    ref = shipped_id(action)
    found = {fold(action.name)}
    if ref is not None:
        found |= {fold(catalog(lang).get(f"ritualhex.action.{ref}", "")) for lang in LANGUAGES}
    return frozenset(found)


def named(action: ActionDef, text: str) -> bool:
    """Whether ``text`` names ``action`` (in either language, accents ignored)."""
    return fold(text) in names(action)


def shipped_named(text: str) -> str | None:
    """The Spanish id of the shipped action ``text`` names in either language
    ("Punch" -> "Piña"), else ``None``."""
    folded = fold(text)
    for name, ref in ACTION_IDS.items():
        if folded == fold(name) or any(
            folded == fold(catalog(lang).get(f"ritualhex.action.{ref}", "")) for lang in LANGUAGES
        ):
            return name
    return None
