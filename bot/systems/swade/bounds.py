"""Savage Worlds bounds (issue 21): what a sheet, ``/combatant edit`` and an import may
put in a SWADE state, and what a state must mean to be played (ids unique and referred
to, cards real). Pure.

The numbers are wide enough for any published creature (a dragon's Strength d12+9,
Toughness 20 with Size +8, a vehicle's heavy armour) and narrow enough that no command's
work grows with them. README "Limits" lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import ValidationError

from bot.systems.base import RuleError
from bot.systems.bounds import (
    COMBATANTS_MAX,
    EFFECT_NAME_MAX,
    EFFECT_ROUNDS_MAX,
    EFFECTS_MAX,
    EXPECT_ABSENT,
    EXPECT_ID,
    EXPECT_INVOLVED,
    EXPECT_MUTUAL_GRAPPLE,
    EXPECT_ONCE,
    EXPECT_SAME_ID,
    ITEM_NAME_MAX,
    LIST_MAX,
    NAME_MAX,
    RECORD_NODES,
    ROUND_MAX,
    SEQ_MAX,
    TEXT_MAX,
    Problem,
    Problems,
    count,
    first,
    flag,
    free_text,
    id_list,
    invalid,
    is_dict,
    is_list,
    json_problems,
    number,
    one_of,
    optional_number,
    present,
    reference,
    require,
    shown,
    text,
    unique_ids,
)
from bot.systems.swade.deck import SUITS
from bot.systems.swade.names import ATTRIBUTE_IDS
from bot.systems.swade.power_bounds import (
    POWER_DEFS_MAX,
    in_play_problems,
    power_defs_problems,
)
from bot.systems.swade.state import (
    HIT_FIELDS,
    REROLL_RECORDS,
    SNAPSHOT_EXCLUDE,
    TURN_VIGOR_FIELDS,
    Card,
    SwadeCombatant,
    SwadeState,
    Trait,
)

TRAIT_DICE = (4, 6, 8, 10, 12)
TRAIT_BONUS = (-4, 20)  # d12+20 at most; d4-4 at least
PACE = (0, 99)
PARRY = (0, 30)
TOUGHNESS = (0, 99)
ARMOR = (0, 99)
SIZE = (-4, 20)  # SWADE's scale runs from Tiny (-4) to Gargantuan (+20)
BENNIES = (0, 99)
WOUNDS = (0, 999)  # an Extra keeps the wounds of its last hit; a Wild Card's stop at max
MAX_WOUNDS = (0, 10)  # wound boxes on the board
FATIGUE = (0, 3)
POWER_POINTS = (0, 999)
POWER_COST = (0, 99)
WEAPON_AP = (0, 200)
WEAPON_ROF = (1, 6)  # as the dice notation: SWADE rate of fire 1..6 (s8r6)
WEAPON_SHOTS = (0, 1000)
WEAPON_REACH = (0, 20)
DAMAGE_TEXT = 40  # "Str+d8+2", "2d6+1": a weapon's damage as written
CONDITIONS_MAX = 30  # each stored condition once (conditions.CONDITIONS has 13)
CONDITION_TURNS = (0, 10)
RECORDS = 20  # injuries and the injury log
NOTE_MAX = 500  # a sheet's note: what describes the character (issue 31)

LABEL = "bounds.field.swade."


def _trait(path: str, trait: Trait, label: str) -> Problems:
    yield from present(one_of(f"{path}.die", trait.die, TRAIT_DICE, label))
    yield from present(number(f"{path}.bonus", trait.bonus, *TRAIT_BONUS, label))


def card_problem(path: str, card: Card | None) -> Problem | None:
    """SW-30: a card of the 54-card deck: rank 2..14 of S/H/D/C, or a Joker (R or B)."""
    if card is None:
        return None
    if card.joker:
        return one_of(f"{path}.suit", card.suit, ("R", "B"))
    return number(f"{path}.rank", card.rank, 2, 14) or one_of(f"{path}.suit", card.suit, SUITS)


def combatant_problems(c: SwadeCombatant, path: str = "combatant") -> Problems:
    """What is out of bounds in one combatant's sheet and counters (the first first). Its
    name is checked where it becomes final (``plain_names.admit_name``), and in
    :func:`state_problems`."""
    for key in c.attributes:
        yield from present(one_of(f"{path}.attributes", key, ATTRIBUTE_IDS))
    for key, trait in c.attributes.items():
        yield from _trait(f"{path}.attributes.{key}", trait, LABEL + key)
    yield from present(count(f"{path}.skills", c.skills, LIST_MAX, LABEL + "skills"))
    for key, trait in c.skills.items():
        yield from present(free_text(f"{path}.skills", key, ITEM_NAME_MAX, LABEL + "skills"))
        yield from _trait(f"{path}.skills.{key}", trait, LABEL + "skills")
    for field, (low, high) in (
        ("pace", PACE),
        ("parry", PARRY),
        ("toughness", TOUGHNESS),
        ("armor", ARMOR),
        ("size", SIZE),
        ("bennies", BENNIES),
        ("wounds", WOUNDS),
        ("max_wounds", MAX_WOUNDS),
        ("fatigue", FATIGUE),
    ):
        yield from present(number(f"{path}.{field}", getattr(c, field), low, high, LABEL + field))
    for field in ("power_points", "max_power_points"):
        yield from present(
            optional_number(f"{path}.{field}", getattr(c, field), *POWER_POINTS, LABEL + field)
        )
    if c.group is not None:
        yield from present(text(f"{path}.group", c.group, ITEM_NAME_MAX, LABEL + "group"))
    yield from present(count(f"{path}.weapons", c.weapons, LIST_MAX, LABEL + "weapons"))
    for i, w in enumerate(c.weapons):
        at = f"{path}.weapons[{i}]"
        yield from present(text(f"{at}.name", w.name, ITEM_NAME_MAX, LABEL + "weapon"))
        yield from present(free_text(f"{at}.damage", w.damage, DAMAGE_TEXT, LABEL + "damage"))
        yield from present(number(f"{at}.ap", w.ap, *WEAPON_AP, LABEL + "ap"))
        yield from present(number(f"{at}.rof", w.rof, *WEAPON_ROF, LABEL + "rof"))
        yield from present(optional_number(f"{at}.shots", w.shots, *WEAPON_SHOTS, LABEL + "shots"))
        yield from present(number(f"{at}.reach", w.reach, *WEAPON_REACH, LABEL + "reach"))
        yield from present(free_text(f"{at}.range", w.range, ITEM_NAME_MAX, LABEL + "range"))
        yield from present(free_text(f"{at}.notes", w.notes, TEXT_MAX))
    yield from present(count(f"{path}.powers", c.powers, LIST_MAX, LABEL + "powers"))
    for i, p in enumerate(c.powers):
        yield from present(text(f"{path}.powers[{i}].name", p.name, ITEM_NAME_MAX, LABEL + "power"))
        yield from present(
            optional_number(f"{path}.powers[{i}].cost", p.cost, *POWER_COST, LABEL + "power")
        )
        yield from present(free_text(f"{path}.powers[{i}].notes", p.notes, TEXT_MAX))
    for field in ("edges", "hindrances", "gear", "abilities", "injuries"):
        items = getattr(c, field)
        yield from present(count(f"{path}.{field}", items, LIST_MAX, LABEL + field))
        for i, item in enumerate(items):
            yield from present(free_text(f"{path}.{field}[{i}]", item, TEXT_MAX, LABEL + field))
    yield from present(free_text(f"{path}.note", c.note, NOTE_MAX, LABEL + "note"))
    for key, severity in c.hindrance_severity.items():
        yield from present(one_of(f"{path}.hindrance_severity", key, c.hindrances))
        yield from present(one_of(f"{path}.hindrance_severity.{key}", severity, ("major", "minor")))
    for field in ("arcane_background", "arcane_skill"):
        value = getattr(c, field)
        if value is not None:
            yield from present(free_text(f"{path}.{field}", value, ITEM_NAME_MAX))
    yield from _counters(c, path)


def _counters(c: SwadeCombatant, path: str) -> Problems:
    """The in-play fields: conditions, actions, support, the records for rerolls."""
    # conditions.py imports the roster rules, which check sheets here: import it late.
    from bot.systems.swade.conditions import CONDITIONS

    yield from present(count(f"{path}.conditions", c.conditions, CONDITIONS_MAX))
    for i, cond in enumerate(c.conditions):
        yield from present(one_of(f"{path}.conditions[{i}].name", cond.name, CONDITIONS))
        yield from present(
            number(f"{path}.conditions[{i}].turns_left", cond.turns_left, *CONDITION_TURNS)
        )
        yield from present(
            optional_number(f"{path}.conditions[{i}].ends_round", cond.ends_round, 0, ROUND_MAX)
        )
    yield from present(card_problem(f"{path}.card", c.card))
    yield from present(number(f"{path}.actions_declared", c.actions_declared, 1, 3))
    yield from present(number(f"{path}.actions_taken", c.actions_taken, 0, 99))
    yield from present(number(f"{path}.support_bonus", c.support_bonus, -2, 4))
    yield from present(optional_number(f"{path}.knocked_out_hours", c.knocked_out_hours, 0, 99))
    yield from present(count(f"{path}.injury_log", c.injury_log, RECORDS))
    for field in ("hold_round", "card_round", "actions_round"):
        yield from present(optional_number(f"{path}.{field}", getattr(c, field), 0, ROUND_MAX))


def require_sheet(c: SwadeCombatant) -> None:
    """Refuse a sheet (a stat block read, a saved character joining, an edit) with
    anything out of bounds, naming the field and the bound."""
    require(combatant_problems(c))


def state_problems(state: SwadeState, path: str = "state") -> Problems:
    """What a SWADE state must mean (issue 21, import): each combatant within bounds,
    ids unique, every id the state refers to (turn order, Hold queue, grapples,
    conditions' owners) a combatant's, grapples mutual, cards real and the 54 cards
    never doubled in the deck and discard pile (SW-30)."""
    yield from present(number(f"{path}.round", state.round, 0, ROUND_MAX))
    known: set[str] = set()
    yield from unique_ids(f"{path}.combatants", state.combatants, known)
    yield from _order(state, path, known)
    by_id = {c.id: c for c in state.combatants}
    for i, c in enumerate(state.combatants):
        at = f"{path}.combatants[{i}]"
        yield from present(text(f"{at}.name", c.name, NAME_MAX))
        yield from combatant_problems(c, at)
        yield from reference(f"{at}.grappling", c.grappling, known)
        yield from reference(f"{at}.grappled_by", c.grappled_by, known)
        if c.grappling in by_id and by_id[c.grappling].grappled_by != c.id:
            yield Problem(f"{at}.grappling", EXPECT_MUTUAL_GRAPPLE, shown(c.grappling))
        yield from reference(f"{at}.actions_turn", c.actions_turn, known)
        for j, cond in enumerate(c.conditions):
            yield from reference(
                f"{at}.conditions[{j}].ends_after_turn_of", cond.ends_after_turn_of, known
            )
        yield from _effects(c, at)
        yield from record_problems(c, at)
    yield from present(count(f"{path}.power_defs", state.power_defs, POWER_DEFS_MAX))
    yield from power_defs_problems(state.power_defs, f"{path}.power_defs")
    yield from _cards(state, path)


def _effects(c: SwadeCombatant, at: str) -> Problems:
    """Its custom effects (issue 18): plain names, within their bounds; and its powers
    in play (issue 28)."""
    yield from in_play_problems(at, c.maintaining, c.power_effects, c.lingering)
    yield from present(count(f"{at}.effects", c.effects, EFFECTS_MAX))
    for j, effect in enumerate(c.effects):
        yield from present(text(f"{at}.effects[{j}].name", effect.name, EFFECT_NAME_MAX))
        yield from present(
            number(f"{at}.effects[{j}].turns_left", effect.turns_left, 0, EFFECT_ROUNDS_MAX + 1)
        )


def _order(state: SwadeState, path: str, known: set[str]) -> Iterator[Problem]:
    yield from id_list(f"{path}.turn_order", state.turn_order, known)
    yield from present(number(f"{path}.current", state.current, -1, len(state.turn_order)))
    yield from reference(f"{path}.active", state.active, known)
    yield from reference(f"{path}.suspended", state.suspended, known)
    yield from id_list(f"{path}.hold_queue", state.hold_queue, known)
    yield from id_list(f"{path}.acted", state.acted, known)


def _cards(state: SwadeState, path: str) -> Problems:
    seen: set[tuple[int, str, bool]] = set()
    for pile in ("deck", "discard"):
        cards: list[Card] = getattr(state, pile)
        for i, card in enumerate(cards):
            yield from present(card_problem(f"{path}.{pile}[{i}]", card))
            key = (card.rank, card.suit, card.joker)
            if key in seen:
                yield Problem(f"{path}.{pile}[{i}]", EXPECT_ONCE, shown(card.model_dump()))
            seen.add(key)


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
    """What a benny reroll of a trait roll replays (``damage.trait_reroll_hook``): the
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
    yield from _effects(was, path)
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
        "swade_combat.error.bad_record",
        name=c.name,
        path=problem.path,
        value=problem.found,
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
    copy, which must be within every bound (else ``swade_combat.error.bad_record``)."""
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
    ones), within every bound (else ``swade_combat.error.bad_record``)."""
    problem = first(fields_problems("before", copy, current, allowed))
    if problem is not None:
        raise _bad_record(current, problem)
    return SwadeCombatant.model_validate({**current.model_dump(mode="json"), **copy})
