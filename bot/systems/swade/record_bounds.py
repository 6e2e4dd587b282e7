"""Savage Worlds: the records a benny reroll restores, within bounds (issue 28;
RULES-NOTES SW-4/SW-35): ``last_hit``, ``last_attack``, ``last_maneuver``,
``last_incapacitation``, ``last_turn_vigor`` and ``last_trait`` checked as what they
would restore, and the restore itself (whole combatants or some of their fields put
back, never past a bound). Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot.systems.base import RuleError
from bot.systems.bounds import (
    COMBATANTS_MAX,
    EXPECT_ABSENT,
    EXPECT_ID,
    EXPECT_INVOLVED,
    EXPECT_ONCE,
    EXPECT_SAME_ID,
    ITEM_NAME_MAX,
    NAME_MAX,
    RECORD_NODES,
    ROUND_MAX,
    SEQ_MAX,
    TEXT_MAX,
    Problem,
    Problems,
    first,
    flag,
    free_text,
    invalid,
    is_dict,
    is_list,
    json_problems,
    number,
    one_of,
    present,
    said,
    shown,
    text,
)
from bot.systems.swade.bounds import (
    TRAIT_BONUS,
    TRAIT_DICE,
    WEAPON_ROF,
    WOUNDS,
    combatant_problems,
    effects_problems,
)
from bot.systems.swade.state import (
    HIT_FIELDS,
    REROLL_RECORDS,
    SNAPSHOT_EXCLUDE,
    TURN_VIGOR_FIELDS,
    SwadeCombatant,
    SwadeState,
)

# --- the records a benny reroll restores (issue 28) ------------------------------------------
#
# A combatant keeps what a benny reroll or a soak needs of its last rolls: ``last_hit``,
# ``last_attack``, ``last_maneuver``, ``last_incapacitation``, ``last_turn_vigor``,
# ``last_trait``. A reroll puts back what they copied (whole combatants as they were, or
# some of their fields) and replays their rolls. An import used to carry them unread: one
# crafted file gave a combatant 2×10^7 wound boxes, a markup name, 999,998 bennies and
# Fighting d12+10^12 through a reroll, and rewrote a neighbour as dead. So a record is
# checked as what it would restore: each copy of a combatant valid, within every bound
# above and of a combatant the record involves; every number a rule reads within its
# range; the rest bounded JSON. The import checks them (:func:`state_problems`), and so
# does every restore (:func:`require_record`, :func:`restored`): a state saved before
# these checks is never trusted either. Ids a record names are only compared, or looked
# up when the reroll runs (one no combatant has is refused then, as a name is).

TOTAL = (-10_000, 10_000)  # a roll's total or TN, a damage total: past any real one
MODIFIER = (-999, 999)  # what is added to a trait die
RAISES = (-1, TOTAL[1] // 4)
ROLLS_MAX = 2 * COMBATANTS_MAX + 10  # the trait rolls one maneuver records
MODIFIERS_MAX = 40  # modifiers listed with one roll
PHASE = (0, 20)
TABLE_ROLL = (1, 6)  # each die of the injury table, and its sub-roll
LABEL_MAX = 100  # /trait label, /attack weapon: and skill: as typed
RECORD_FIELDS = REROLL_RECORDS
HIT_OUTCOMES = ("no_effect", "shaken", "wounded", "incapacitated")
INCAPACITATION_OUTCOMES = ("dead", "bleeding_out", "injured", "injured_24h")
ID_MAX = 20


def id_problem(path: str, cid: object, *, optional: bool = True) -> Problem | None:
    """An id a record names (``None`` when ``optional``): short text. Records only
    compare ids, or look them up when their reroll runs (where an id no combatant has is
    refused, as a name is)."""
    if cid is None and optional:
        return None
    if isinstance(cid, str) and 0 < len(cid) <= ID_MAX:
        return None
    return Problem(path, EXPECT_ID, shown(cid))


def hook_problems(hook: object, path: str) -> Problems:
    """What a benny reroll of a trait roll replays (``rerolls.trait_reroll_hook``): the
    die, modifier, TN, wild die and trait dice of a real roll."""
    if not isinstance(hook, dict):
        yield from present(is_dict(path, hook))
        return
    yield from present(one_of(f"{path}.die", hook.get("die"), TRAIT_DICE))
    yield from present(number(f"{path}.modifier", hook.get("modifier"), *MODIFIER))
    yield from present(number(f"{path}.bonus", hook.get("bonus", 0), *TRAIT_BONUS))
    yield from present(number(f"{path}.tn", hook.get("tn"), *TOTAL))
    if hook.get("wild_die") is not None:
        yield from present(one_of(f"{path}.wild_die", hook.get("wild_die"), TRAIT_DICE))
    yield from present(number(f"{path}.trait_dice", hook.get("trait_dice"), *WEAPON_ROF))
    yield from present(number(f"{path}.previous_total", hook.get("previous_total"), *TOTAL))
    yield from present(flag(f"{path}.rerollable", hook.get("rerollable")))
    for key in ("combatant_id", "owner_id", "target_id"):
        yield from present(id_problem(f"{path}.{key}", hook.get(key)))
    if "index" in hook:
        yield from present(number(f"{path}.index", hook["index"], 0, ROLLS_MAX))


def _modifiers(path: str, mods: object) -> Problems:
    """A roll's modifiers as kept: ``[name, value]`` pairs."""
    yield from present(is_list(path, mods, MODIFIERS_MAX))
    for i, pair in enumerate(mods if isinstance(mods, list) else []):
        at = f"{path}[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            yield Problem(at, "[text, -999..999]", shown(pair))
            continue
        yield from present(free_text(f"{at}[0]", pair[0], TEXT_MAX))
        yield from present(number(f"{at}[1]", pair[1], *MODIFIER))


def fields_problems(
    path: str, copy: object, current: SwadeCombatant, allowed: frozenset[str]
) -> Problems:
    """A record's copy of some of ``current``'s fields (what it puts back): only
    ``allowed`` ones, and ``current`` with them put back valid and within bounds."""
    if not isinstance(copy, dict):
        yield from present(is_dict(path, copy))
        return
    for key in copy:
        if key not in allowed:
            yield Problem(f"{path}.{key}", " | ".join(sorted(allowed)), shown(key))
            return
    try:
        merged = SwadeCombatant.model_validate(
            {**current.model_dump(mode="json", exclude={*RECORD_FIELDS}), **copy}
        )
    except ValidationError as exc:
        yield invalid(path, exc)
        return
    yield from combatant_problems(merged, path)


def snapshot_problems(path: str, snap: object, key: str, involved: set[str]) -> Problems:
    """A whole combatant as it was (``before`` of ``last_attack`` and ``last_maneuver``):
    of a combatant the record involves (its key its id: a copy of a neighbour would
    rewrite it), valid, within every bound, its name plain, without reroll records of
    its own to nest, and its own records (a hit, a Vigor roll) checked as its."""
    if not isinstance(snap, dict):
        yield from present(is_dict(path, snap))
        return
    if key not in involved:
        yield Problem(path, EXPECT_INVOLVED, shown(key))
        return
    if snap.get("id") != key:
        yield Problem(f"{path}.id", EXPECT_SAME_ID, shown(snap.get("id")))
        return
    for nested in sorted(SNAPSHOT_EXCLUDE):
        if snap.get(nested) is not None:
            yield Problem(f"{path}.{nested}", EXPECT_ABSENT, shown(snap[nested]))
            return
    try:
        was = SwadeCombatant.model_validate(snap)
    except ValidationError as exc:
        yield invalid(path, exc)
        return
    yield from present(text(f"{path}.name", was.name, NAME_MAX))
    yield from combatant_problems(was, path)
    yield from effects_problems(was, path)
    for field in RECORD_FIELDS:
        if field not in SNAPSHOT_EXCLUDE:
            yield from _record(field, getattr(was, field), f"{path}.{field}", was)


def _befores(path: str, before: object, involved: set[str]) -> Problems:
    if not isinstance(before, dict):
        yield from present(is_dict(path, before))
        return
    for key, snap in before.items():
        yield from snapshot_problems(f"{path}.{key}", snap, key, involved)


def _roll(path: str, roll: object) -> Problems:
    """A trait roll's summary as an attack keeps it (``combat._roll_summary``)."""
    if not isinstance(roll, dict):
        yield from present(is_dict(path, roll))
        return
    results = roll.get("results")
    yield from present(is_list(f"{path}.results", results, WEAPON_ROF[1]))
    for i, r in enumerate(results if isinstance(results, list) else []):
        at = f"{path}.results[{i}]"
        if not isinstance(r, dict):
            yield from present(is_dict(at, r))
            continue
        yield from present(number(f"{at}.total", r.get("total"), *TOTAL))
        yield from present(flag(f"{at}.success", r.get("success")))
        yield from present(number(f"{at}.raises", r.get("raises"), *RAISES))
        yield from present(number(f"{at}.natural", r.get("natural"), *TOTAL))
    yield from present(flag(f"{path}.critical_failure", roll.get("critical_failure")))
    yield from present(number(f"{path}.total", roll.get("total"), *TOTAL))


def _last_hit(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    yield from present(id_problem(f"{path}.attacker_id", rec.get("attacker_id")))
    for key in ("damage", "toughness"):
        yield from present(number(f"{path}.{key}", rec.get(key), *TOTAL))
    wounds = rec.get("wounds")
    yield from present(number(f"{path}.wounds", wounds, *WOUNDS))
    dealt = wounds if isinstance(wounds, int) and not isinstance(wounds, bool) else 0
    yield from present(number(f"{path}.soaked", rec.get("soaked", 0), 0, max(dealt, 0)))
    yield from present(flag(f"{path}.shaken", rec.get("shaken")))
    yield from present(one_of(f"{path}.outcome", rec.get("outcome"), HIT_OUTCOMES))
    yield from fields_problems(f"{path}.before", rec.get("before"), c, HIT_FIELDS)


def _last_attack(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    from bot.systems.swade.modifiers import AttackOptions

    params = rec.get("params")
    at = f"{path}.params"
    if not isinstance(params, dict):
        yield from present(is_dict(at, params))
        return
    if params.get("attacker_id") != c.id:
        yield Problem(f"{at}.attacker_id", EXPECT_SAME_ID, shown(params.get("attacker_id")))
    target = params.get("target_id")
    yield from present(id_problem(f"{at}.target_id", target, optional=False))
    for key in ("weapon", "skill"):
        if params.get(key) is not None:
            yield from present(free_text(f"{at}.{key}", params[key], LABEL_MAX))
    yield from present(flag(f"{at}.wild", params.get("wild")))
    try:
        AttackOptions.model_validate(params.get("options"))
    except ValidationError as exc:
        yield invalid(f"{at}.options", exc)
    yield from _befores(f"{path}.before", rec.get("before"), {c.id, str(target)})
    yield from _roll(f"{path}.roll", rec.get("roll"))
    damage = rec.get("damage")
    yield from present(is_list(f"{path}.damage", damage, 2 * WEAPON_ROF[1]))
    for i, total in enumerate(damage if isinstance(damage, list) else []):
        yield from present(number(f"{path}.damage[{i}]", total, *TOTAL))


def _last_maneuver(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    from bot.systems.swade.maneuvers import registered

    yield from present(one_of(f"{path}.action", rec.get("action"), registered()))
    yield from present(is_dict(f"{path}.params", rec.get("params")))
    involved = rec.get("involved")
    yield from present(is_list(f"{path}.involved", involved, COMBATANTS_MAX))
    ids = list(involved) if isinstance(involved, list) else []
    for i, cid in enumerate(ids):
        yield from present(id_problem(f"{path}.involved[{i}]", cid, optional=False))
        if cid in ids[:i]:
            yield Problem(f"{path}.involved[{i}]", EXPECT_ONCE, shown(cid))
    yield from _befores(f"{path}.before", rec.get("before"), {str(x) for x in ids})
    rolls = rec.get("rolls")
    yield from present(is_list(f"{path}.rolls", rolls, ROLLS_MAX))
    for i, r in enumerate(rolls if isinstance(rolls, list) else []):
        at = f"{path}.rolls[{i}]"
        if not isinstance(r, dict):
            yield from present(is_dict(at, r))
            continue
        yield from present(id_problem(f"{at}.who", r.get("who"), optional=False))
        yield from present(number(f"{at}.phase", r.get("phase"), *PHASE))
        yield from present(number(f"{at}.total", r.get("total"), *TOTAL))
        yield from present(number(f"{at}.raises", r.get("raises"), *RAISES))
        for key in ("success", "critical_failure"):
            yield from present(flag(f"{at}.{key}", r.get(key)))
        yield from present(is_dict(f"{at}.view", r.get("view")))
        yield from hook_problems(r.get("hook"), f"{at}.hook")
    yield from _maneuver_damage(rec.get("damage"), f"{path}.damage", ids)


def _maneuver_damage(damage: object, path: str, involved: list[object]) -> Problems:
    """SW-35 (issue 30): a maneuver's damage rolls, which a damage reroll may keep: each
    on a combatant the record involves, its total within range."""
    if damage is None:
        return
    yield from present(is_list(path, damage, ROLLS_MAX))
    for i, d in enumerate(damage if isinstance(damage, list) else []):
        at = f"{path}[{i}]"
        if not isinstance(d, dict):
            yield from present(is_dict(at, d))
            continue
        yield from present(id_problem(f"{at}.who", d.get("who"), optional=False))
        if d.get("who") not in involved:
            yield Problem(f"{at}.who", EXPECT_INVOLVED, shown(d.get("who")))
        yield from present(number(f"{at}.total", d.get("total"), *TOTAL))
        yield from present(is_dict(f"{at}.view", d.get("view")))


def _injury(path: str, injury: object) -> Problems:
    from bot.systems.swade.injury import INJURY_IDS

    if injury is None:
        return
    if not isinstance(injury, dict):
        yield from present(is_dict(path, injury))
        return
    yield from present(one_of(f"{path}.id", injury.get("id"), INJURY_IDS))
    table = injury.get("table_roll")
    if not isinstance(table, list) or len(table) != 2:
        yield Problem(f"{path}.table_roll", "[1..6, 1..6]", shown(table))
    else:
        for i, die in enumerate(table):
            yield from present(number(f"{path}.table_roll[{i}]", die, *TABLE_ROLL))
    if injury.get("sub_roll") is not None:
        yield from present(number(f"{path}.sub_roll", injury["sub_roll"], *TABLE_ROLL))


def _last_incapacitation(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    yield from hook_problems(rec.get("hook"), f"{path}.hook")
    yield from present(number(f"{path}.total", rec.get("total"), *TOTAL))
    yield from present(flag(f"{path}.critical_failure", rec.get("critical_failure")))
    yield from present(one_of(f"{path}.outcome", rec.get("outcome"), INCAPACITATION_OUTCOMES))
    yield from _modifiers(f"{path}.modifiers", rec.get("modifiers"))
    yield from _injury(f"{path}.injury", rec.get("injury"))
    for key in ("before", "after"):
        yield from fields_problems(f"{path}.{key}", rec.get(key), c, HIT_FIELDS)


def _last_turn_vigor(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    kind = rec.get("kind")
    yield from present(one_of(f"{path}.kind", kind, sorted(TURN_VIGOR_FIELDS)))
    yield from present(number(f"{path}.round", rec.get("round"), 0, ROUND_MAX))
    yield from present(id_problem(f"{path}.leader", rec.get("leader")))
    yield from hook_problems(rec.get("hook"), f"{path}.hook")
    yield from present(flag(f"{path}.critical_failure", rec.get("critical_failure")))
    yield from present(number(f"{path}.raises", rec.get("raises"), *RAISES))
    yield from _modifiers(f"{path}.modifiers", rec.get("modifiers"))
    fields = TURN_VIGOR_FIELDS.get(kind, frozenset()) if isinstance(kind, str) else frozenset()
    for key in ("before", "after"):
        yield from fields_problems(f"{path}.{key}", rec.get(key), c, fields)


def _last_trait(rec: dict[str, Any], path: str, c: SwadeCombatant) -> Problems:
    yield from present(number(f"{path}.roll", rec.get("roll"), 0, SEQ_MAX))
    yield from present(free_text(f"{path}.trait", rec.get("trait"), ITEM_NAME_MAX))
    if rec.get("label") is not None:
        yield from present(free_text(f"{path}.label", rec["label"], LABEL_MAX))
    yield from _modifiers(f"{path}.modifiers", rec.get("modifiers"))
    yield from hook_problems(rec.get("hook"), f"{path}.hook")


RecordCheck = Callable[[dict[str, Any], str, SwadeCombatant], Problems]
_RECORD_CHECKS: dict[str, RecordCheck] = {
    "last_hit": _last_hit,
    "last_attack": _last_attack,
    "last_maneuver": _last_maneuver,
    "last_incapacitation": _last_incapacitation,
    "last_turn_vigor": _last_turn_vigor,
    "last_trait": _last_trait,
}


def _record(field: str, rec: object, path: str, c: SwadeCombatant) -> Problems:
    if rec is None:
        return
    if not isinstance(rec, dict):
        yield from present(is_dict(path, rec))
        return
    bad = first(json_problems(path, rec, nodes=RECORD_NODES, text_limit=TEXT_MAX))
    if bad is not None:
        yield bad
        return
    yield from _RECORD_CHECKS[field](rec, path, c)


def record_problems(c: SwadeCombatant, path: str) -> Problems:
    """Everything wrong with ``c``'s reroll records (the first first)."""
    for field in RECORD_FIELDS:
        yield from _record(field, getattr(c, field), f"{path}.{field}", c)


def _bad_record(c: SwadeCombatant, problem: Problem) -> RuleError:
    return RuleError(
        "swade.combat.error.bad_record",
        name=c.name,
        path=problem.path,
        value=said(problem.found),
        expected=problem.expected,
    )


def require_record(state: SwadeState, c: SwadeCombatant, field: str) -> dict[str, Any]:
    """``c``'s record ``field`` (``last_attack``...) as a new dict, refused unless a
    reroll may restore it (:func:`record_problems`' checks): a restore never trusts a
    record, even one saved before these checks existed. ``state`` is where ``c`` is."""
    rec = getattr(c, field)
    found = first(_record(field, rec, field, c))
    if found is not None:
        raise _bad_record(c, found)
    return dict(rec) if isinstance(rec, dict) else {}


IDENTITY = ("id", "name", "controller_id", "is_pc", "hidden", "gender", "wild_card", "side")
"""What a restore never changes: who a combatant is and whose (a name changed since the
roll stays changed)."""


def restored(current: SwadeCombatant, snap: dict[str, Any]) -> SwadeCombatant:
    """``current`` as ``snap`` (a whole-combatant copy a record kept) says it was: its
    reroll records and who it is (:data:`IDENTITY`) as they are now, the rest from the
    copy, which must be within every bound (else ``swade.combat.error.bad_record``)."""
    keep = {name: getattr(current, name) for name in (*sorted(SNAPSHOT_EXCLUDE), *IDENTITY)}
    try:
        was = SwadeCombatant.model_validate({**snap, **keep})
    except ValidationError as exc:
        raise _bad_record(current, invalid("before", exc)) from None
    problem = first(combatant_problems(was, "before"))
    if problem is not None:
        raise _bad_record(current, problem)
    return was


def restored_fields(
    current: SwadeCombatant, copy: dict[str, Any], allowed: frozenset[str]
) -> SwadeCombatant:
    """``current`` with a record's copy of some of its fields put back (only ``allowed``
    ones), within every bound (else ``swade.combat.error.bad_record``)."""
    problem = first(fields_problems("before", copy, current, allowed))
    if problem is not None:
        raise _bad_record(current, problem)
    return SwadeCombatant.model_validate({**current.model_dump(mode="json"), **copy})
