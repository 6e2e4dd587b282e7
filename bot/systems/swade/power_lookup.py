"""Which definition a Savage Worlds power uses (RULES-NOTES SW-39): the shipped generic
examples, the GM's definitions for the encounter indexed by every name, and what a
caster may cast. Pure.

A power is looked up by name in either language (case, accents ignored) first among
the GM's definitions for the encounter, then among the shipped examples. A caster may
cast a power listed on its sheet (``Powers: bolt (1 PP)``; the sheet's cost wins over
the definition's), any power the GM defined for the encounter, and, when its sheet lists
no powers at all, a shipped example. A sheet power with no definition is still castable
as a generic power: its sheet cost, no automated effect (the reply says so). A sheet
entry naming two powers (``boost/lower trait``) answers to both.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import written
from bot.systems.base import RuleError
from bot.systems.swade.names import ident
from bot.systems.swade.power_bounds import ALIASES_MAX, names_of, norm
from bot.systems.swade.power_defs import parse_power_definition
from bot.systems.swade.power_models import PowerDef
from bot.systems.swade.state import Power, SwadeCombatant, SwadeState

# --- shipped examples (SW-39: generic, the GM may define its own with the same name) ------


def _example(text: str, *aliases: str) -> PowerDef:
    power = parse_power_definition(text)
    assert len(aliases) <= ALIASES_MAX
    return power.model_copy(update={"example": True, "aliases": aliases})


EXAMPLES: tuple[PowerDef, ...] = (
    _example(
        "nombre: Descarga / Bolt; coste: 1; alcance: astucia; duración: instantánea;"
        " éxito: daño 2d6; aumento: daño 3d6",
    ),
    _example(
        "nombre: Explosión / Blast; coste: 2; alcance: astucia; duración: instantánea;"
        " área: mediana; evasión: sí; éxito: daño 2d6; aumento: daño 3d6",
        "explosion",
    ),
    _example(
        "nombre: Curación / Healing; coste: 3; alcance: toque; duración: instantánea;"
        " éxito: curación",
        "curar",
        "heal",
    ),
    _example(
        "nombre: Protección / Protection; coste: 1; alcance: astucia; duración: 5 rondas;"
        " éxito: armadura +2; aumento: armadura +2, dureza +2",
    ),
    _example(
        "nombre: Potenciar rasgo / Boost Trait; coste: 2; alcance: astucia;"
        " duración: 5 rondas; éxito: rasgo +1; aumento: rasgo +2",
        "aumentar rasgo",
        "mejorar rasgo",
        "potenciar",
        "aumentar",
        "boost",
    ),
    _example(
        "nombre: Disminuir rasgo / Lower Trait; coste: 2; alcance: astucia;"
        " duración: 5 rondas; opuesto: espíritu; éxito: rasgo -1; aumento: rasgo -2",
        "reducir rasgo",
        "disminuir",
        "reducir",
        "lower",
    ),
)


def _by_name(powers: tuple[PowerDef, ...]) -> dict[str, PowerDef]:
    """Every name of ``powers`` -> the first power that has it."""
    found: dict[str, PowerDef] = {}
    for power in powers:
        for name in names_of(power):
            found.setdefault(name, power)
    return found


def _word_starts(text: str) -> list[str]:
    """``text`` folded, from each of its words on: what a user may start typing."""
    words = norm(text).split()
    return [" ".join(words[i:]) for i in range(len(words))]


@dataclass(frozen=True)
class PowerIndex:
    """The GM's definitions of an encounter, indexed (issue 28): by every name they
    answer to (a lookup is one dictionary read), their ids, and by every word start of
    their names, sorted, so that autocomplete finds what a user has typed so far in
    O(log n + matches). Built once per list of definitions (:func:`index_of`);
    before, each keystroke compared every name with every definition (3,000 of them:
    2.65 s of the event loop)."""

    source: list[PowerDef]
    by_name: dict[str, PowerDef]
    ids: frozenset[str]
    starts: list[tuple[str, int]] = field(repr=False)

    @classmethod
    def build(cls, powers: list[PowerDef]) -> PowerIndex:
        starts = sorted(
            {
                (start, i)
                for i, power in enumerate(powers)
                for text in (power.label(), power.name_es, power.name_en, *power.aliases)
                for start in _word_starts(text)
            }
        )
        return cls(powers, _by_name(tuple(powers)), frozenset(p.id for p in powers), starts)

    def matching(self, typed: str, limit: int = 25) -> list[PowerDef]:
        """The definitions with a word starting with ``typed`` (folded), in the order
        they were defined, at most ``limit``."""
        needle = norm(typed)
        found: dict[int, None] = {}
        at = bisect_left(self.starts, (needle, -1))
        while at < len(self.starts) and len(found) < limit:
            start, i = self.starts[at]
            if not start.startswith(needle):
                break
            found[i] = None
            at += 1
        return [self.source[i] for i in sorted(found)]


_EXAMPLES_BY_NAME = _by_name(EXAMPLES)


# The indexes of the lists of definitions used lately, by the list's id (each index holds
# its list, so the id cannot be another list's while it is here). Rules replace a list of
# definitions whole, never change it in place; a copy of a state has a list of its own.
_INDEXES: OrderedDict[int, PowerIndex] = OrderedDict()


_INDEXES_KEPT = 256


def index_of(state: SwadeState) -> PowerIndex:
    """The index of ``state``'s definitions, built once per list of them."""
    powers = state.power_defs
    found = _INDEXES.get(id(powers))
    if found is None or found.source is not powers or len(found.source) != len(powers):
        found = _INDEXES[id(powers)] = PowerIndex.build(powers)
        while len(_INDEXES) > _INDEXES_KEPT:
            _INDEXES.popitem(last=False)
    else:
        _INDEXES.move_to_end(id(powers))
    return found


def find_definition(state: SwadeState, name: str) -> PowerDef | None:
    """The power called ``name`` (either language, case and accents ignored): the GM's
    definition for the encounter first, then a shipped example; None when neither."""
    wanted = norm(name)
    return index_of(state).by_name.get(wanted) or _EXAMPLES_BY_NAME.get(wanted)


def _sheet_parts(p: Power) -> list[str]:
    """A sheet power's name, and each side of ``boost/lower trait``."""
    parts = [p.name]
    if "/" in p.name:
        parts += [x for x in p.name.split("/") if x.strip()]
    return parts


def _sheet_power(state: SwadeState, c: SwadeCombatant, name: str) -> Power | None:
    """The sheet power of ``c`` that ``name`` names: by its name (or either side of a
    ``a/b`` entry), or by the definition both names lead to."""
    wanted = norm(name)
    wanted_def = find_definition(state, name)
    for p in c.powers:
        for part in _sheet_parts(p):
            if norm(part) == wanted:
                return p
            found = find_definition(state, part)
            if wanted_def is not None and found is not None and found.id == wanted_def.id:
                return p
    return None


@dataclass(frozen=True, slots=True)
class ResolvedPower:
    """What a cast uses: the definition (None: a generic power, no automated effect),
    the base cost, and how events name it."""

    definition: PowerDef | None
    cost: int
    label: str
    power_id: str

    @property
    def generic(self) -> bool:
        return self.definition is None


def resolve_power(state: SwadeState, c: SwadeCombatant, name: str) -> ResolvedPower:
    """SW-39: the power ``c`` casts when it names ``name`` (module docstring). Refusals:
    ``swade.powers.error.unknown_power`` (with the powers ``c`` may cast) and
    ``swade.powers.error.generic_needs_cost`` (a sheet power with no definition and no
    cost)."""
    if not name.strip():
        raise RuleError(
            "swade.powers.error.unknown_power", power=name, known=known_powers(state, c)
        )
    sheet = _sheet_power(state, c, name)
    found = find_definition(state, name)
    if sheet is not None:
        definition = found or next(
            (d for d in map(lambda n: find_definition(state, n), _sheet_parts(sheet)) if d), None
        )
        if definition is None:
            if sheet.cost is None:
                raise RuleError("swade.powers.error.generic_needs_cost", power=sheet.name)
            return ResolvedPower(None, sheet.cost, sheet.name, ident(sheet.name))
        cost = sheet.cost if sheet.cost is not None else definition.cost
        return ResolvedPower(definition, cost, definition.label(), definition.id)
    gm_defined = found is not None and not found.example
    if found is not None and (gm_defined or not c.powers):
        return ResolvedPower(found, found.cost, found.label(), found.id)
    raise RuleError("swade.powers.error.unknown_power", power=name, known=known_powers(state, c))


def known_powers(state: SwadeState, c: SwadeCombatant) -> list[str | dict[str, Any]]:
    """The powers ``c`` may cast, for a ``{known:key}`` parameter: its sheet's and the
    GM's definitions as written (:func:`bot.i18n.written`: a name is never looked up),
    and the shipped examples when its sheet lists none, as catalogue keys
    ``swade.powers.power_choice.<id>`` that mark them as examples ("Bolt (example, 1
    PP)"), each shown in the reader's language."""
    names = [p.name for p in c.powers]
    names += [d.label() for d in state.power_defs]
    found: list[str | dict[str, Any]] = [written(n) for n in dict.fromkeys(names)]
    if not c.powers:
        defined = {x.id for x in state.power_defs}
        found += [f"swade.powers.power_choice.{d.id}" for d in EXAMPLES if d.id not in defined]
    return found
