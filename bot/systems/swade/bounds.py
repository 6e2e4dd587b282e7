"""Savage Worlds bounds (issue 21): what a sheet, ``/combatant edit`` and an import may
put in a SWADE state, and what a state must mean to be played (ids unique and referred
to, cards real). Pure. The records a benny reroll restores are checked by
:mod:`bot.systems.swade.record_bounds`.

The numbers are wide enough for any published creature (a dragon's Strength d12+9,
Toughness 20 with Size +8, a vehicle's heavy armour) and narrow enough that no command's
work grows with them. README "Limits" lists them.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.systems.bounds import (
    EFFECT_NAME_MAX,
    EFFECT_ROUNDS_MAX,
    EFFECTS_MAX,
    EXPECT_MUTUAL_GRAPPLE,
    EXPECT_ONCE,
    ITEM_NAME_MAX,
    LIST_MAX,
    NAME_MAX,
    ROUND_MAX,
    TEXT_MAX,
    Problem,
    Problems,
    count,
    free_text,
    id_list,
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


def effects_problems(c: SwadeCombatant, at: str) -> Problems:
    """Its custom effects (issue 18): plain names, within their bounds; and its powers
    in play (issue 28)."""
    yield from in_play_problems(at, c.maintaining, c.power_effects, c.lingering)
    yield from present(count(f"{at}.effects", c.effects, EFFECTS_MAX))
    for j, effect in enumerate(c.effects):
        yield from present(text(f"{at}.effects[{j}].name", effect.name, EFFECT_NAME_MAX))
        yield from present(
            number(f"{at}.effects[{j}].turns_left", effect.turns_left, 0, EFFECT_ROUNDS_MAX + 1)
        )


def state_problems(state: SwadeState, path: str = "state") -> Problems:
    """What a SWADE state must mean (issue 21, import): each combatant within bounds,
    ids unique, every id the state refers to (turn order, Hold queue, grapples,
    conditions' owners) a combatant's, grapples mutual, cards real and the 54 cards
    never doubled in the deck and discard pile (SW-30)."""
    # The reroll records' checks build on this module's: import them late.
    from bot.systems.swade.record_bounds import record_problems

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
        yield from effects_problems(c, at)
        yield from record_problems(c, at)
    yield from present(count(f"{path}.power_defs", state.power_defs, POWER_DEFS_MAX))
    yield from power_defs_problems(state.power_defs, f"{path}.power_defs")
    yield from _cards(state, path)


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
