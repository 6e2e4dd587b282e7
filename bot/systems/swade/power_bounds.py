"""The bounds of Savage Worlds power definitions (SW-39; issue 28). Pure.

``/power define`` and an import's ``power_defs`` pass the same checks: at most
:data:`POWER_DEFS_MAX` definitions in an encounter (and :data:`SERVER_DEFINITIONS_MAX`
across a server's encounters: ``EncounterService`` counts them), plain names (no
markup, mentions, headings, bidi overrides, internal ids or catalogue keys: a name is
shown publicly, and a power's name is the one kind of name an event's ``{power:key}``
looks up), and every number a cast reads within its range: before, one definition of
2 MiB or 19,000 of them made each keystroke of ``/cast power`` cost seconds. README
"Limits" lists the numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.systems.bounds import (
    EXPECT_ONCE,
    EXPECT_UNIQUE_NAME,
    TEXT_MAX,
    Problem,
    Problems,
    count,
    free_text,
    number,
    one_of,
    optional_number,
    present,
    shown,
    text,
)
from bot.systems.plain_names import looks_like_id, looks_like_key
from bot.systems.swade.power_models import (
    ActivePower,
    EffectDef,
    LingeringDamage,
    PowerDef,
    PowerEffect,
)
from bot.systems.words import readings

POWER_DEFS_MAX = 100
"""Power definitions in one encounter (``/power define``, an import)."""
SERVER_DEFINITIONS_MAX = 1000
"""Power definitions across every encounter of one server."""
MAX_COST = 99
MAX_ROUNDS = 99
MAX_TARGETS = 10
MAX_STEPS = 999
MAX_NAME = 40
"""A power's name, in each language."""
ALIASES_MAX = 10
EFFECTS_MAX = 10
"""Effects of a success, and of a raise."""
DICE_MAX = 20
"""Damage dice of one effect (a blast's 3d6; 2d6 Lingering Damage)."""
SIDES = (2, 100)
POINTS = (-20, 20)  # armour, Toughness, Parry, Pace
STEPS = (-4, 4)  # trait die steps
BONUS = (-99, 99)
AP = (0, 200)  # a weapon's AP bound (bounds.WEAPON_AP)
# Conditions a power may cause (the rest are the turn sequence's or the GM's).
POWER_CONDITIONS = ("shaken", "stunned", "distracted", "vulnerable", "entangled", "bound", "prone")
LASTING_EFFECTS = frozenset({"trait", "armor", "toughness", "parry", "pace"})

_ID = re.compile(r"[a-z0-9_]{1,80}")
EXPECT_IDENT = "bounds.expected.power_id"
EXPECT_NAME = "bounds.expected.power_name"
EXPECT_GM_POWER = "bounds.expected.gm_power"


def name_problem(path: str, name: object) -> Problem | None:
    """A power's name: plain text of at most :data:`MAX_NAME` characters, not an id's
    form nor a catalogue key's (``encounter.none``)."""
    found = text(path, name, MAX_NAME)
    if found is None and isinstance(name, str) and (looks_like_id(name) or looks_like_key(name)):
        return Problem(path, EXPECT_NAME, shown(name))
    if found is None and isinstance(name, str) and not name.strip():
        return Problem(path, EXPECT_NAME, shown(name))
    return found


LABEL_MAX = 2 * MAX_NAME + 3  # "Spanish / English"
MAINTAINED_MAX = 20  # powers one caster maintains
POWER_EFFECTS_MAX = 50  # what active powers changed on one combatant
LINGERING_MAX = 20
_EXAMPLE_LABEL = re.compile(r"swade\.powers\.power\.[a-z0-9_]{1,80}")


def label_problem(path: str, label: object) -> Problem | None:
    """How events name a power in play: a shipped example's catalogue key, or the GM's
    name(s) (:meth:`PowerDef.label`), plain."""
    if isinstance(label, str) and _EXAMPLE_LABEL.fullmatch(label):
        return None
    found = text(path, label, LABEL_MAX)
    if found is None and isinstance(label, str) and looks_like_key(label):
        return Problem(path, EXPECT_NAME, shown(label))
    return found


def in_play_problems(
    path: str, maintaining: Iterable[ActivePower], effects: Iterable[PowerEffect],
    lingering: Iterable[LingeringDamage],
) -> Problems:  # fmt: skip
    """A combatant's powers in play (SW-41, SW-42): what it maintains, what active powers
    changed on it and the Lingering Damage due, each within the bounds of a cast."""
    kept = list(maintaining)
    yield from present(count(f"{path}.maintaining", kept, MAINTAINED_MAX))
    for i, active in enumerate(kept):
        at = f"{path}.maintaining[{i}]"
        yield from present(free_text(f"{at}.id", active.id, 20))
        yield from present(free_text(f"{at}.power_id", active.power_id, 80))
        yield from present(label_problem(f"{at}.power", active.power))
        yield from present(count(f"{at}.target_ids", active.target_ids, 100))
        for j, cid in enumerate(active.target_ids):
            yield from present(free_text(f"{at}.target_ids[{j}]", cid, 20))
        yield from present(optional_number(f"{at}.rounds_left", active.rounds_left, 0, MAX_ROUNDS))
        yield from present(number(f"{at}.cost", active.cost, 0, 999))
        yield from present(count(f"{at}.modifiers", active.modifiers, EFFECTS_MAX))
        for j, modifier in enumerate(active.modifiers):
            yield from present(free_text(f"{at}.modifiers[{j}]", modifier, MAX_NAME))
    changed = list(effects)
    yield from present(count(f"{path}.power_effects", changed, POWER_EFFECTS_MAX))
    for i, effect in enumerate(changed):
        at = f"{path}.power_effects[{i}]"
        yield from present(free_text(f"{at}.source", effect.source, 40))
        yield from present(label_problem(f"{at}.power", effect.power))
        limits = STEPS if effect.kind == "trait" else POINTS
        yield from present(number(f"{at}.value", effect.value, *limits))
        if effect.trait is not None:
            yield from present(free_text(f"{at}.trait", effect.trait, MAX_NAME))
    due = list(lingering)
    yield from present(count(f"{path}.lingering", due, LINGERING_MAX))
    for i, hit in enumerate(due):
        at = f"{path}.lingering[{i}]"
        yield from present(free_text(f"{at}.caster_id", hit.caster_id, 20))
        yield from present(label_problem(f"{at}.power", hit.power))
        yield from present(count(f"{at}.dice", hit.dice, DICE_MAX))
        for j, sides in enumerate(hit.dice):
            yield from present(number(f"{at}.dice[{j}]", sides, *SIDES))
        yield from present(number(f"{at}.bonus", hit.bonus, *BONUS))
        yield from present(number(f"{at}.ap", hit.ap, *AP))


def consistency_key(power: PowerDef) -> str | None:
    """Why ``power`` cannot work as defined (a ``swade.powers.def.*`` key), or None: a
    self power has no template and one target (the caster); an effect that lasts while
    the power does (a trait, armour, Toughness, Parry, Pace) needs a duration (SW-42)."""
    if power.range == "self" and (power.template is not None or power.targets > 1):
        return "swade.powers.def.self_with_targets"
    if power.kinds() & LASTING_EFFECTS and not power.lasting:
        return "swade.powers.def.needs_duration"
    return None


def _effect(path: str, effect: EffectDef) -> Problems:
    yield from present(count(f"{path}.dice", effect.dice, DICE_MAX))
    for i, sides in enumerate(effect.dice):
        yield from present(number(f"{path}.dice[{i}]", sides, *SIDES))
    yield from present(number(f"{path}.bonus", effect.bonus, *BONUS))
    yield from present(number(f"{path}.ap", effect.ap, *AP))
    limits = STEPS if effect.kind == "trait" else POINTS
    yield from present(number(f"{path}.value", effect.value, *limits))
    if effect.trait is not None:
        yield from present(free_text(f"{path}.trait", effect.trait, MAX_NAME))
    if effect.kind == "condition" or effect.condition is not None:
        yield from present(one_of(f"{path}.condition", effect.condition, POWER_CONDITIONS))


def power_problems(power: PowerDef, path: str) -> Problems:
    """One of the GM's definitions, as ``/power define`` would have made it."""
    if _ID.fullmatch(power.id) is None:
        yield Problem(f"{path}.id", EXPECT_IDENT, shown(power.id))
    if power.example:
        yield Problem(f"{path}.example", EXPECT_GM_POWER, "true")
    yield from present(name_problem(f"{path}.name_es", power.name_es))
    yield from present(name_problem(f"{path}.name_en", power.name_en))
    yield from present(count(f"{path}.aliases", power.aliases, ALIASES_MAX))
    for i, alias in enumerate(power.aliases):
        yield from present(name_problem(f"{path}.aliases[{i}]", alias))
    yield from present(number(f"{path}.cost", power.cost, 0, MAX_COST))
    yield from present(optional_number(f"{path}.range_steps", power.range_steps, 1, MAX_STEPS))
    yield from present(number(f"{path}.rounds", power.rounds, 0, MAX_ROUNDS))
    yield from present(number(f"{path}.targets", power.targets, 1, MAX_TARGETS))
    if power.opposed is not None:
        yield from present(free_text(f"{path}.opposed", power.opposed, MAX_NAME))
    yield from present(free_text(f"{path}.notes", power.notes, TEXT_MAX))
    for field in ("success", "raise_effects"):
        effects = getattr(power, field) or ()
        yield from present(count(f"{path}.{field}", effects, EFFECTS_MAX))
        for i, effect in enumerate(effects):
            yield from _effect(f"{path}.{field}[{i}]", effect)
    why = consistency_key(power)
    if why is not None:
        yield Problem(path, why.replace("swade.powers.def.", "bounds.expected.power_"), power.id)


def norm(name: str) -> str:
    """A power's name as lookups compare it: folded (case, accents, invisible characters
    ignored), without the quotes around it and the punctuation after it (the bare
    reading of :func:`bot.systems.words.readings`, on both sides)."""
    return readings(name)[-1]


def names_of(power: PowerDef) -> set[str]:
    """Every name ``power`` answers to (:func:`norm`): both languages, its id, its
    aliases."""
    names = (power.name_es, power.name_en, power.id.replace("_", " "), *power.aliases)
    return {norm(n) for n in names}


def power_defs_problems(powers: Iterable[PowerDef], path: str) -> Problems:
    """The GM's definitions of an encounter: each valid, ids and names each once (a
    definition with another's name replaces it: two would make a name mean two powers)."""
    ids: set[str] = set()
    names: set[str] = set()
    for i, power in enumerate(powers):
        at = f"{path}[{i}]"
        yield from power_problems(power, at)
        if power.id in ids:
            yield Problem(f"{at}.id", EXPECT_ONCE, shown(power.id))
        ids.add(power.id)
        own = names_of(power)
        if own & names:
            yield Problem(f"{at}.name_es", EXPECT_UNIQUE_NAME, shown(power.name_es))
        names |= own
