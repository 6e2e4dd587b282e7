"""What a Ritual Hex combatant can do (seed 002 'Acciones', 'Equipamiento'; RH-7, RH-9,
RH-10): its actions (a hero's base actions, its own, its equipped items') and the limbs
each one uses: active, not waiting, free or holding as the action asks. Pure.
"""

from __future__ import annotations

from bot.i18n import written
from bot.i18n.catalog import term
from bot.systems.base import RuleError
from bot.systems.ritualhex.actions import BASE_ACTIONS, action_term, named
from bot.systems.ritualhex.state import (
    ActionDef,
    Equipment,
    LimbNeed,
    Part,
    RHCombatant,
)
from bot.systems.ritualhex.words import as_written, limb_term, limb_terms, part_term
from bot.systems.words import fold


def available_actions(c: RHCombatant) -> list[tuple[ActionDef, Equipment | None]]:
    """Heroes' base actions (RH-10), the combatant's own actions, then the actions of its
    equipped items (RH-9), with the item they come from."""
    out: list[tuple[ActionDef, Equipment | None]] = []
    if c.side == "hero":
        out += [(a, None) for a in BASE_ACTIONS]
    out += [(a, None) for a in c.actions]
    for item in c.equipment:
        if item.worn_on:
            out += [(a, item) for a in item.actions]
    return out


def find_action(c: RHCombatant, name: str) -> tuple[ActionDef, Equipment | None]:
    """The first action of that name (in either language, case and accents ignored)."""
    for action, item in available_actions(c):
        if named(action, name):
            return action, item
    known = [action_term(a) for a, _ in available_actions(c)] or written("—")
    raise RuleError(
        "ritualhex.error.unknown_action", name=c.name, action=as_written(name), expected=known
    )


def pick_action(
    c: RHCombatant,
    name: str,
    using: list[str] | None = None,
    exclude: list[str] | None = None,
) -> tuple[ActionDef, Equipment | None, list[str]]:
    """The action of that name with the limbs it will use: when several sources give it
    (two shields), the first that can be used now; otherwise the first one's error."""
    find_action(c, name)  # unknown name -> error listing the known actions
    first_error: RuleError | None = None
    for action, item in available_actions(c):
        if not named(action, name):
            continue
        try:
            return action, item, choose_limbs(c, action, item, using, exclude)
        except RuleError as err:
            first_error = first_error or err
    assert first_error is not None
    raise first_error


def _kind_matches(need: str, kind: str) -> bool:
    n, k = fold(need), fold(kind)
    return n in ("*", k, k + "s", k + "es")


def choose_limbs(
    c: RHCombatant,
    action: ActionDef,
    item: Equipment | None,
    using: list[str] | None = None,
    exclude: list[str] | None = None,
) -> list[str]:
    """The limbs an action uses. Equipment actions use the item's limbs, which must be
    active (RH-9) and not waiting (RH-7). Other actions take, for each need, limbs of
    that kind that are active, not waiting, free or equipped as asked (seed 'Si una
    acción requiere un miembro libre...'); ``using`` picks which. RH-7: with a limb in
    waiting, an action that needs no limb cannot be taken."""
    exclude = exclude or []
    chosen: list[str] = []
    if item is not None:
        if not c.item_works(item):
            raise RuleError("ritualhex.error.item_inactive", name=c.name, item=item.name)
        chosen = [k for k in item.worn_on if (p := c.part(k)) is not None and p.limb]
        for key in chosen:
            part = c.part(key)
            if part is not None and part.waiting > 0:
                raise RuleError("ritualhex.error.limb_waiting", name=c.name, limb=limb_term(c, key))
            if key in exclude:
                raise RuleError(
                    "ritualhex.error.limb_already_used", name=c.name, limb=limb_term(c, key)
                )
    else:
        for need in action.limbs:
            chosen += _limbs_for(c, action, need, chosen, using or [], exclude)
    if using:
        unknown = [k for k in using if k not in chosen]
        if unknown:
            raise RuleError(
                "ritualhex.error.limb_not_usable",
                name=c.name,
                limb=limb_terms(c, unknown),
                action=action_term(action),
            )
    if not chosen and any(p.waiting > 0 for p in c.limbs):
        raise RuleError(
            "ritualhex.error.needs_no_limb_while_waiting",
            name=c.name,
            gender=c.gender,
            action=action_term(action),
        )
    return chosen


def _limbs_for(
    c: RHCombatant,
    action: ActionDef,
    need: LimbNeed,
    chosen: list[str],
    using: list[str],
    exclude: list[str],
) -> list[str]:
    def fits(p: Part) -> bool:
        if p.key in chosen or p.key in exclude or not _kind_matches(need.kind, p.kind):
            return False
        if not c.part_active(p.key) or p.waiting > 0:
            return False
        holding = c.item_on(p.key) is not None
        return not (need.free and holding) and not (need.equipped and not holding)

    candidates = [p.key for p in c.limbs if fits(p)]
    candidates.sort(key=lambda k: 0 if k in using else 1)
    if len(candidates) < need.count:
        # The message says which kind of limb is missing: a *free* one holds nothing.
        kind = "free" if need.free else "equipped" if need.equipped else "any"
        raise RuleError(
            "ritualhex.error.no_limb",
            name=c.name,
            gender=c.gender,
            action=action_term(action),
            limb=part_term(need.kind, need.kind),
            count=need.count,
            kind=term(f"ritualhex.limb_need.{kind}", count=need.count),
        )
    return candidates[: need.count]
