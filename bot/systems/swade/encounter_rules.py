"""SWADE roster rules: finding, adding, joining, editing and removing combatants, and the
rules-level permissions every SWADE action checks. Pure.

Permissions: the GM may do anything; a player may act only for combatants it controls
(:meth:`CombatantCore.controlled_by`). Adding foes and dealing are GM actions; a player
adds its own character with :func:`join` (one, unless the GM allows more:
:mod:`bot.systems.heroes`). Issue 21: editing and removing a combatant are the GM's, a
player's own hero's too (README "Who may do what").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import COUNT_MAX, NAME_MAX, require_room
from bot.systems.common import owned_by_id, owned_where, raw_items
from bot.systems.heroes import require_hero_slot
from bot.systems.lookup import find
from bot.systems.plain_names import admit_name, plain_name
from bot.systems.swade.bounds import require_sheet
from bot.systems.swade.deck import discard
from bot.systems.swade.references import clear_references
from bot.systems.swade.statblock import fold, parse_statblock
from bot.systems.swade.state import Side, SwadeCombatant, SwadeState

MAX_COUNT = COUNT_MAX  # issue 21: per /combatant add; COMBATANTS_MAX per encounter
SIDES: tuple[str, ...] = ("heroes", "foes", "neutral")

# Fields a player may change on a combatant it controls; the GM may change all of these
# and the GM_FIELDS.
PLAYER_FIELDS = frozenset(
    {
        "name",
        "bennies",
        "wounds",
        "fatigue",
        "pace",
        "parry",
        "toughness",
        "armor",
        "size",
        "power_points",
        "max_power_points",
        "gender",
    }
)
GM_FIELDS = frozenset({"side", "wild_card", "group", "controller_id", "is_pc", "max_wounds"})


def require_gm(actor: Actor) -> None:
    """GM-only action."""
    if not actor.is_gm:
        raise RuleError("swade.perm.gm_only")


def require_control(actor: Actor, combatant: SwadeCombatant) -> None:
    """The GM, or the player controlling ``combatant``."""
    if not combatant.controlled_by(actor.user_id, is_gm=actor.is_gm):
        raise RuleError("swade.perm.not_yours", combatant=combatant.name, gender=combatant.gender)


def refuse_self_target(me: SwadeCombatant, target: SwadeCombatant, action: str) -> None:
    """A combatant is never its own target (an attack, a wild attack, a grapple, a
    maneuver): the refusal names it, agrees with its gender and shows the command tried
    (``action``: ``attack``, ``wildattack``, ``grapple`` or ``other``) with ``actor:``."""
    if me.id == target.id:
        raise RuleError(
            "swade.combat.error.self_target", name=me.name, gender=me.gender, action=action
        )


def find_combatant(state: SwadeState, name_or_id: str) -> SwadeCombatant:
    """The combatant a rule works on, ready to change (copied on write): by id ("c3"),
    else by the one resolver (:func:`bot.systems.lookup.find`: name, unique prefix).
    ``swade.unknown_combatant`` when nobody matches. (What a player typed, a group of
    Extras' name included, is read by :func:`bot.systems.swade.moves.who.find_named`.)"""
    combatants = state.combatants
    by_id = owned_by_id(combatants, name_or_id)
    if by_id is not None:
        return by_id
    found = find(combatants, name_or_id, unknown_key="swade.unknown_combatant")
    owned = owned_by_id(combatants, found.id)
    assert owned is not None  # found among these very combatants
    return owned


def peek_combatant(state: SwadeState, name_or_id: str) -> SwadeCombatant:
    """:func:`find_combatant` to read only, not copied: the rule owns it
    (:func:`bot.systems.common.owned_by_id`) before it changes it (issue 32: an attack
    that misses, SW-10, leaves its target shared, neither copied nor serialized again)."""
    for c in raw_items(state.combatants):
        if c.id == name_or_id:
            return c
    return find(state.combatants, name_or_id, unknown_key="swade.unknown_combatant")


def group_members(state: SwadeState, combatant: SwadeCombatant) -> list[SwadeCombatant]:
    """The combatants sharing ``combatant``'s card (SW-31): its group, or itself."""
    if combatant.group is None:
        return [combatant]
    return owned_where(state.combatants, lambda c: c.group == combatant.group)


def _name_taken(state: SwadeState, name: str) -> bool:
    wanted = fold(name)
    return any(fold(c.name) == wanted for c in state.combatants)


def _numbered_names(state: SwadeState, base: str, count: int) -> list[str]:
    """ "Goblin 1".."Goblin n", continuing after the highest number already used."""
    pattern = re.compile(rf"^{re.escape(fold(base))} (\d+)$")
    used = [int(m.group(1)) for c in state.combatants if (m := pattern.match(fold(c.name)))]
    start = max(used, default=0) + 1
    return [f"{base} {n}" for n in range(start, start + count)]


def _template(
    statblock: str | None, sheet: SwadeCombatant | Mapping[str, Any] | None, name: str | None
) -> SwadeCombatant:
    if statblock is not None and sheet is not None:
        raise RuleError("swade.combatant.statblock_or_sheet")
    if statblock is not None:
        return parse_statblock(statblock, name=name)
    if sheet is not None:
        try:
            template = SwadeCombatant.model_validate(sheet, from_attributes=True)
        except ValidationError:
            raise RuleError("swade.combatant.bad_sheet") from None
        template = template.model_copy(deep=True)
        if name:
            template.name = name
        require_sheet(template)  # issue 21: a sheet saved before the bounds, or edited
        return template
    if not name:
        raise RuleError("swade.statblock.no_name")
    return SwadeCombatant(id="", name=name)


def _place(
    state: SwadeState,
    template: SwadeCombatant,
    *,
    count: int,
    wild_card: bool | None,
    side: Side,
    controller_id: int | None,
    is_pc: bool,
    group: str | None,
) -> list[SwadeCombatant]:
    if not 1 <= count <= MAX_COUNT:
        raise RuleError("swade.combatant.bad_count", count=count, max=MAX_COUNT)
    if side not in SIDES:
        raise RuleError("swade.combatant.bad_side", side=side)
    if not template.name.strip():
        raise RuleError("swade.statblock.no_name")
    base = plain_name(template.name, limit=NAME_MAX)
    require_room(len(state.combatants), count)
    wild = template.wild_card if wild_card is None else wild_card
    names = [base] if count == 1 else _numbered_names(state, base, count)
    taken = [c.name for c in raw_items(state.combatants)]
    for n in names:
        if _name_taken(state, n):
            raise RuleError("swade.combatant.name_taken", name=n)
        admit_name(n, taken, limit=NAME_MAX)  # issue 21: plain, not an id, unique folded
    if group is None and count > 1 and not wild:
        group = base  # SW-31: a group of Extras shares one card
    shared_card = None
    if group is not None:
        shared = [c for c in state.combatants if c.group == group and c.card is not None]
        shared_card = shared[0] if shared else None
    added: list[SwadeCombatant] = []
    for n in names:
        combatant = template.model_copy(deep=True)
        combatant.id = state.new_id()
        combatant.name = n
        combatant.wild_card = wild
        combatant.side = side
        combatant.controller_id = controller_id
        combatant.is_pc = is_pc
        combatant.group = group
        combatant.card = None
        if shared_card is not None:
            combatant.card = shared_card.card
            combatant.card_round = shared_card.card_round
            combatant.on_hold = shared_card.on_hold
            combatant.hold_round = shared_card.hold_round
        state.combatants.append(combatant)
        added.append(combatant)
    return added


def add_combatants(
    state: SwadeState,
    actor: Actor,
    *,
    name: str | None = None,
    statblock: str | None = None,
    sheet: SwadeCombatant | Mapping[str, Any] | None = None,
    count: int = 1,
    wild_card: bool | None = None,
    side: Side = "foes",
    controller_id: int | None = None,
    group: str | None = None,
) -> Outcome:
    """GM: add ``count`` combatants from a stat block, a saved sheet, or just a name.

    Several are auto-numbered ("Goblin 1".."Goblin 6"); several Extras form one group
    that shares a card (SW-31), named after them unless ``group`` is given. Joining an
    existing group mid-round takes that group's card; anyone else arriving mid-round is
    dealt in at the next round, and the reply says which (:func:`when_dealt_in`, SW-31).
    ``wild_card`` None keeps the stat block's marker. A combatant with a
    ``controller_id`` is a player character.
    """
    require_gm(actor)
    new = state.model_copy(deep=True)
    template = _template(statblock, sheet, name)
    added = _place(
        new,
        template,
        count=count,
        wild_card=wild_card,
        side=side,
        controller_id=controller_id,
        is_pc=controller_id is not None,
        group=group,
    )
    events = [
        Event(
            key="swade.combatant.added",
            params={"combatant": c.name, "combatant_id": c.id, "wild_card": c.wild_card},
        )
        for c in added
    ]
    events += when_dealt_in(new, added)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.add_many", params={"names": [c.name for c in added]}),
    )


def when_dealt_in(state: SwadeState, added: list[SwadeCombatant]) -> list[Event]:
    """SW-31, said when combatants arrive while a round is under way: cards are dealt at
    the start of each round, so a newcomer gets its card when the next round is dealt;
    one joining a group of Extras that holds a card this round shares it and acts with
    the group now. (Reading closest to SW-31 and seed 001: the deck deals whole rounds.
    A GM who wants it in this round gives it a card with /initiative set, which puts it
    among the cards still to come.) Before the first deal there is nothing to say."""
    if state.round == 0 or not added:
        return []
    first = added[0]
    names = [c.name for c in added]  # a list: the text agrees with how many (issue 29)
    if first.card is not None and first.card_round == state.round:
        return [
            Event(
                key="swade.combatant.with_group",
                params={
                    "combatants": names,
                    "gender": first.gender,  # "acts with her group" (one joining)
                    "group": first.group or first.name,
                },
            )
        ]
    return [
        Event(
            key="swade.combatant.next_round",
            params={"combatants": names, "gender": first.gender, "round": state.round + 1},
        )
    ]


def join(
    state: SwadeState,
    actor: Actor,
    *,
    name: str | None = None,
    statblock: str | None = None,
    sheet: SwadeCombatant | Mapping[str, Any] | None = None,
    side: Side = "heroes",
) -> Outcome:
    """A player joins with its own character: a Wild Card player character on the heroes'
    side controlled by the player (SW-1: player characters are Wild Cards). Mid-round,
    it is dealt in at the next round, and the reply says so (:func:`when_dealt_in`)."""
    new = state.model_copy(deep=True)
    template = _template(statblock, sheet, name)
    (joined,) = _place(
        new,
        template,
        count=1,
        wild_card=True,
        side=side,
        controller_id=actor.user_id,
        is_pc=True,
        group=None,
    )
    require_hero_slot(state, actor.user_id)  # issue 21: one hero unless the GM allows more
    event = Event(
        key="swade.combatant.joined",
        params={"combatant": joined.name, "combatant_id": joined.id, "user_id": actor.user_id},
    )
    events = [event, *when_dealt_in(new, [joined])]
    return Outcome(
        state=new, events=events, summary=Event(key="log.join", params={"name": joined.name})
    )


def drop_from_turns(state: SwadeState, combatant: SwadeCombatant) -> None:
    """Take a combatant out of the round's bookkeeping (removal). A group keeps its place
    under another member; a lone combatant's place goes, and if its turn was in progress
    the round moves on from there on the next ``next_turn``."""
    mates = [c for c in group_members(state, combatant) if c.id != combatant.id]
    heir = mates[0].id if mates else None
    cid = combatant.id
    if cid in state.turn_order:
        index = state.turn_order.index(cid)
        if heir is not None:
            state.turn_order[index] = heir
        else:
            del state.turn_order[index]
            if index <= state.current:
                state.current -= 1
    if state.active == cid:
        state.active = heir
    if state.suspended == cid:
        state.suspended = heir
    state.hold_queue = [heir if h == cid else h for h in state.hold_queue if h != cid or heir]
    state.acted = [heir if a == cid else a for a in state.acted if a != cid or heir]


def remove_combatant(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """The GM removes a combatant. Its card goes to the discard pile when nobody else
    holds it. Issue 21: not its player, as in Ritual Hex and Dread S-20: a removed hero
    joining again (``/join``) would come back with no wounds, a dead one alive. Rather
    than keep the wounds of a hero who left (a state outside the encounter), leaving is
    the GM's decision; a player who must go asks the GM."""
    combatant = find_combatant(state, combatant_id)
    require_control(actor, combatant)
    if not actor.is_gm:
        raise RuleError("swade.perm.remove_gm", combatant=combatant.name)
    new = state.model_copy(deep=True)
    gone = find_combatant(new, combatant.id)
    heir = next((c.id for c in group_members(new, gone) if c.id != gone.id), None)
    drop_from_turns(new, gone)
    new.combatants = [c for c in new.combatants if c.id != gone.id]
    clear_references(new, gone.id, heir)  # issue 21: grapples, action counts
    if gone.card is not None and not any(c.card == gone.card for c in new.combatants):
        discard(new, gone.card)
    event = Event(key="swade.combatant.removed", params={"combatant": gone.name})
    return Outcome(
        state=new, events=[event], summary=Event(key="log.remove", params={"name": gone.name})
    )


# What a player may still change on their own hero in a fight (issue 18: the Spanish
# text agrees with the character; issue 21: no number a player could use to cheat).
PLAYER_OWN_FIELDS: frozenset[str] = frozenset({"gender"})


def edit_combatant(
    state: SwadeState, actor: Actor, combatant_id: str, changes: Mapping[str, Any]
) -> Outcome:
    """The GM changes a combatant's fields (:data:`PLAYER_FIELDS` and
    :data:`GM_FIELDS`). Values are validated by the model (``swade.combatant.bad_value``).
    Issue 21: a player edits no combatant, not even its own, as in Ritual Hex and Dread
    S-20 (``Heridas: 0 | Parada: 40`` undid a fight); a player corrects a sheet with
    ``/character save`` before joining, or asks the GM (``swade.perm.edit_gm``). The
    one exception is :data:`PLAYER_OWN_FIELDS`: the grammatical gender of their own
    hero (issue 18), which changes words and never a number."""
    combatant = find_combatant(state, combatant_id)
    for field in changes:
        if field not in PLAYER_FIELDS | GM_FIELDS:
            raise RuleError("swade.combatant.bad_field", field=field)
    require_control(actor, combatant)
    if not actor.is_gm and not set(changes) <= PLAYER_OWN_FIELDS:
        raise RuleError("swade.perm.edit_gm", combatant=combatant.name)
    renamed = "name" in changes and fold(str(changes["name"])) != fold(combatant.name)
    if renamed and (not str(changes["name"]).strip() or _name_taken(state, str(changes["name"]))):
        raise RuleError("swade.combatant.name_taken", name=changes["name"])
    if "name" in changes:  # issue 21: plain, not an id, unique by its folded form
        others = [c.name for c in raw_items(state.combatants) if c.id != combatant.id]
        changes = {**changes, "name": admit_name(str(changes["name"]), others, limit=NAME_MAX)}
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant.id)
    data = target.model_dump()
    data.update(changes)
    try:
        edited = SwadeCombatant.model_validate(data)
    except ValidationError:
        raise RuleError("swade.combatant.bad_value", combatant=combatant.name) from None
    for field in ("wounds", "fatigue", "bennies", "pace", "parry", "toughness", "armor"):
        if getattr(edited, field) < 0:
            raise RuleError("swade.combatant.bad_value", combatant=combatant.name)
    if edited.side not in SIDES:
        raise RuleError("swade.combatant.bad_side", side=edited.side)
    require_sheet(edited)  # issue 21: every value within its bound
    new.combatants[new.combatants.index(target)] = edited
    event = Event(
        key="swade.combatant.edited",
        # issue 18: each field by its name in the reader's language, never its id
        params={
            "combatant": edited.name,
            "fields": [f"bounds.field.swade.{f}" for f in sorted(changes)],
        },
    )
    return Outcome(
        state=new, events=[event], summary=Event(key="log.edit", params={"name": edited.name})
    )
