"""Ritual Hex bounds (issue 21): what a sheet, an action definition and an import may put
in a Ritual Hex state, and what a state must mean to be played. Pure.

The sheet reader already refuses characteristics outside 0..99, item modifiers and
check difficulties outside -99..99 (issue 15); this module adds the sizes (body parts,
equipment, actions) that every rule walks, and the whole-state check of an import.
README "Limits" lists the numbers.
"""

from __future__ import annotations

from bot.dice.ritualhex import MAX_DAMAGE_DICE
from bot.systems.bounds import (
    COMBATANTS_MAX,
    EXPECT_ONCE,
    EXPECT_OWN_PART,
    ITEM_NAME_MAX,
    LIST_MAX,
    NAME_MAX,
    ROUND_MAX,
    Problem,
    Problems,
    count,
    free_text,
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
from bot.systems.ritualhex.state import (
    ACTION_KINDS,
    ADVANTAGES,
    AP_CAP,
    CHECK_STATS,
    MULTI_ATTACK,
    STATS,
    ActionDef,
    Equipment,
    RHCombatant,
    RitualHexState,
)

STAT = (0, 99)
MOD = (-99, 99)  # sheet.MAX_MOD: an item's modifier, and a check's difficulty
ADVANTAGE_COPIES = (0, 20)
PARTS_MAX = 30  # body parts and limbs of one combatant
EQUIPMENT_MAX = 30
ITEM_ACTIONS_MAX = 20
COST = (0, 99)
TARGETS = (0, 20)
LIMB_COUNT = (1, 10)
EFFECTS_MAX = 10
AMOUNT_DICE = (0, MAX_DAMAGE_DICE)
AMOUNT_NUMBER = (-999, 999)
PART_DAMAGE = (0, 9999)
POINTS = (0, 99)  # preparation and waiting points
MULTI_ATTACKS = (0, 20)

LABEL = "bounds.field.ritualhex."


def action_problems(a: ActionDef, path: str) -> Problems:
    """An action or reaction (RH-11): its name, cost, limbs, targets, check and effects."""
    yield from present(text(f"{path}.name", a.name, ITEM_NAME_MAX, LABEL + "action"))
    yield from present(one_of(f"{path}.kind", a.kind, ACTION_KINDS))
    yield from present(number(f"{path}.cost", a.cost, *COST, LABEL + "action"))
    yield from present(number(f"{path}.targets", a.targets, *TARGETS, LABEL + "action"))
    yield from present(count(f"{path}.limbs", a.limbs, LIMB_COUNT[1], LABEL + "action"))
    for i, need in enumerate(a.limbs):
        yield from present(free_text(f"{path}.limbs[{i}].kind", need.kind, ITEM_NAME_MAX))
        yield from present(number(f"{path}.limbs[{i}].count", need.count, *LIMB_COUNT))
    if a.check is not None:
        yield from present(
            number(f"{path}.check.difficulty", a.check.difficulty, *MOD, LABEL + "check")
        )
        for side in ("co", "cd"):
            value = getattr(a.check, side)
            if value is not None:
                yield from present(one_of(f"{path}.check.{side}", value, CHECK_STATS))
    yield from present(count(f"{path}.effects", a.effects, EFFECTS_MAX, LABEL + "action"))
    for i, effect in enumerate(a.effects):
        amount = effect.amount
        if amount is not None:
            at = f"{path}.effects[{i}].amount"
            yield from present(number(f"{at}.count", amount.count, *AMOUNT_DICE, LABEL + "amount"))
            yield from present(
                number(f"{at}.minus", amount.minus, *AMOUNT_NUMBER, LABEL + "amount")
            )
            yield from present(
                number(f"{at}.minimum", amount.minimum, 0, AMOUNT_NUMBER[1], LABEL + "amount")
            )
    if a.reacts_to is not None:
        yield from present(count(f"{path}.reacts_to", a.reacts_to, len(ACTION_KINDS)))


def item_problems(item: Equipment, path: str, part_keys: set[str] | None) -> Problems:
    yield from present(text(f"{path}.name", item.name, ITEM_NAME_MAX, LABEL + "item"))
    yield from present(count(f"{path}.needs", item.needs, PARTS_MAX))
    for i, need in enumerate(item.needs):
        yield from present(free_text(f"{path}.needs[{i}]", need, ITEM_NAME_MAX))
    yield from present(count(f"{path}.worn_on", item.worn_on, PARTS_MAX))
    for i, key in enumerate(item.worn_on):
        if part_keys is not None and key not in part_keys:
            yield Problem(f"{path}.worn_on[{i}]", EXPECT_OWN_PART, shown(key))
    yield from present(number(f"{path}.cost", item.cost, *COST, LABEL + "item"))
    for stat, value in item.mods.items():
        yield from present(one_of(f"{path}.mods", stat, STATS))
        yield from present(number(f"{path}.mods.{stat}", value, *MOD, LABEL + "item"))
    yield from present(count(f"{path}.actions", item.actions, ITEM_ACTIONS_MAX, LABEL + "item"))
    for i, action in enumerate(item.actions):
        yield from action_problems(action, f"{path}.actions[{i}]")


def combatant_problems(c: RHCombatant, path: str = "combatant") -> Problems:
    """What is out of bounds in one combatant (the first first). Its name is checked
    where it becomes final (``plain_names.admit_name``), and in :func:`state_problems`."""
    for stat, value in c.base.items():
        yield from present(one_of(f"{path}.base", stat, STATS))
        yield from present(number(f"{path}.base.{stat}", value, *STAT, LABEL + stat))
    for advantage, copies in c.advantages.items():
        yield from present(one_of(f"{path}.advantages", advantage, [*ADVANTAGES, MULTI_ATTACK]))
        yield from present(
            number(
                f"{path}.advantages.{advantage}", copies, *ADVANTAGE_COPIES, LABEL + "advantages"
            )
        )
    yield from present(count(f"{path}.parts", c.parts, PARTS_MAX, LABEL + "parts"))
    keys: set[str] = set()
    for i, part in enumerate(c.parts):
        at = f"{path}.parts[{i}]"
        yield from present(free_text(f"{at}.key", part.key, ITEM_NAME_MAX))
        yield from present(free_text(f"{at}.kind", part.kind, ITEM_NAME_MAX))
        if part.key in keys:
            yield Problem(f"{at}.key", EXPECT_ONCE, shown(part.key))
        keys.add(part.key)
        yield from present(number(f"{at}.damage", part.damage, *PART_DAMAGE))
        yield from present(number(f"{at}.waiting", part.waiting, *POINTS))
    yield from present(count(f"{path}.equipment", c.equipment, EQUIPMENT_MAX, LABEL + "equipment"))
    for i, item in enumerate(c.equipment):
        yield from item_problems(item, f"{path}.equipment[{i}]", keys)
    yield from present(count(f"{path}.actions", c.actions, LIST_MAX, LABEL + "actions"))
    for i, action in enumerate(c.actions):
        yield from action_problems(action, f"{path}.actions[{i}]")
    yield from present(number(f"{path}.ap_level", c.ap_level, 0, AP_CAP))
    yield from present(number(f"{path}.prep", c.prep, *POINTS))
    yield from present(number(f"{path}.waiting", c.waiting, *POINTS))
    yield from present(number(f"{path}.damage", c.damage, *PART_DAMAGE))


def require_sheet(c: RHCombatant) -> None:
    """Refuse a sheet (read, saved and joining) with anything out of bounds, naming the
    field and the bound."""
    require(combatant_problems(c))


def _refs(path: str, ids: list[str], known: set[str]) -> Problems:
    for i, cid in enumerate(ids):
        yield from reference(f"{path}[{i}]", cid, known)


def state_problems(state: RitualHexState, path: str = "state") -> Problems:
    """What a Ritual Hex state must mean (issue 21, import): each combatant within
    bounds, ids unique, the needle on the dial, and every id in the open chain, the
    reaction window and the opportunity a combatant's."""
    yield from present(number(f"{path}.round", state.round, 0, ROUND_MAX))
    yield from present(number(f"{path}.needle", state.needle, 0, AP_CAP))
    known: set[str] = set()
    yield from unique_ids(f"{path}.combatants", state.combatants, known)
    for i, c in enumerate(state.combatants):
        yield from present(text(f"{path}.combatants[{i}].name", c.name, NAME_MAX))
        yield from combatant_problems(c, f"{path}.combatants[{i}]")
    yield from present(count(f"{path}.chain", state.chain, COMBATANTS_MAX + 1))
    for i, link in enumerate(state.chain):
        at = f"{path}.chain[{i}]"
        yield from reference(f"{at}.author", link.author, known)
        yield from action_problems(link.action, f"{at}.action")
        for field in ("targets", "reacted", "passed", "spared"):
            yield from _refs(f"{at}.{field}", getattr(link, field), known)
        yield from reference(f"{at}.protected", link.protected, known)
        yield from present(optional_number(f"{at}.answers", link.answers, 0, max(i - 1, 0)))
        yield from present(number(f"{at}.extra_difficulty", link.extra_difficulty, *MOD))
    yield from _refs(f"{path}.awaiting", state.awaiting, known)
    yield from _refs(f"{path}.acting", state.acting, known)
    if state.multi_attack is not None:
        yield from reference(f"{path}.multi_attack.actor", state.multi_attack.actor, known)
        yield from present(
            number(f"{path}.multi_attack.left", state.multi_attack.left, *MULTI_ATTACKS)
        )
        yield from present(
            number(f"{path}.multi_attack.made", state.multi_attack.made, *MULTI_ATTACKS)
        )
    yield from present(count(f"{path}.ground", state.ground, LIST_MAX))
    for i, item in enumerate(state.ground):
        yield from item_problems(item, f"{path}.ground[{i}]", None)
    yield from present(count(f"{path}.library", state.library, LIST_MAX))
    for i, action in enumerate(state.library):
        yield from action_problems(action, f"{path}.library[{i}]")
