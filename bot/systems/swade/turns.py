"""SWADE rounds and turns: dealing (SW-30..SW-33), the turn order, Hold and interrupts
(SW-34), surprise, and what the rules ask at the start and end of a turn (SW-15..SW-17).
Pure.

The round's bookkeeping on :class:`SwadeState`: ``turn_order`` lists the leaders of the
round's slots (a combatant, or the first member of a group of Extras sharing a card,
SW-31) in card order; ``current`` is the last slot reached; ``active`` the slot whose turn
is in progress (a holder acting included); ``suspended`` a turn a holder interrupted;
``hold_queue`` holders that act when the active turn ends; ``acted`` the slots whose turn
has come this round.

Readings (not settled by the seeds or RULES-NOTES):

- Who is dealt a card: everyone able to act; the dead get none, nor the incapacitated,
  except those bleeding out, who get one card with no edge draws so that their Vigor
  roll has its place in the order (core SWADE). A Joker dealt to them still counts.
- A Hold lasts this round or the next (SW-34, seed 003: "esta ronda o la siguiente"): a
  combatant on Hold when a round is dealt keeps its card and gets no new one (nor a
  place in the new order: if it loses the Hold it has no turn that round); a Hold from
  two rounds back lapses and it is dealt normally. Joker +2 applies only in the
  round the Joker was dealt.
- Going on Hold does not end the turn (nothing expires); the turn ends when the holder
  has acted. Losing a Hold (Shaken, Stunned) before its card comes up means it acts on
  its card; after, it has no more turn this round.
- Interrupting (SW-34 with SW-7): the holder is the initiator and rolls Athletics first,
  the interrupted combatant defends with Athletics and wins ties. If the holder loses,
  it acts right after the interrupted turn.
- Surprise (SW-34): only on the first deal. Ambushers are dealt cards and start on Hold;
  each victim rolls Notice (a group of Extras makes one group roll, SW-8) and on a
  failure gets no card in the first round. Victims default to every combatant on a side
  none of the ambushers is on.
- Start of a turn, for each member of the slot: Defend ends (SW-21); bleeding out rolls
  Vigor (core SWADE: failure dies, success keeps bleeding, a raise stabilises; Hard to
  Kill ignores wound penalties on it); Stunned rolls Vigor (SW-16; being Stunned it is
  Distracted, so the roll takes the -2 of SW-6); then Shaken rolls Spirit (SW-15). Combat Reflexes adds +2 to the Shaken and Stunned recovery rolls (core
  SWADE). A slot with nobody able to act after these rolls ends its turn at once.
  Before those rolls, Lingering Damage due (SW-41, ``power_effects.fire_lingering``);
  at the end of a turn, its members' maintained powers count down (SW-42).
- The Stunned and bleeding-out Vigor rolls may be rerolled with a benny (SW-4/SW-35,
  :func:`reroll_turn_start`): in that round (a Stunned roll while its turn is in
  progress), as long as nothing has changed what the roll decided.
- When the last card has acted: if holders remain the round waits for them (or for the
  next ``next_turn``); otherwise the next round is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import TraitResult, trait_roll
from bot.i18n.catalog import term
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.common import owned_where, raw_items
from bot.systems.plugin import Turn
from bot.systems.swade.bounds import require_record
from bot.systems.swade.conditions import (
    WOUNDS,
    apply_condition,
    clear_condition,
    condition_params,
    expire_at_turn_end,
    has_condition,
    in_turn,
    lose_hold,
    trait_modifiers,
)
from bot.systems.swade.damage import (
    reroll_vigor,
    trait_reroll_hook,
    vigor_record,
    vigor_reroll_offer,
)
from bot.systems.swade.deck import (
    card_key,
    card_label,
    discard,
    draw_with_edges,
    parse_card,
    reshuffle,
    take_from_deck,
)
from bot.systems.swade.effects import expire_effects, reminders
from bot.systems.swade.encounter_rules import (
    find_combatant,
    group_members,
    require_control,
    require_gm,
)
from bot.systems.swade.opposed import cannot_contest, opposed_views
from bot.systems.swade.power_effects import expire_maintained, fire_lingering
from bot.systems.swade.state import TURN_VIGOR_FIELDS, Card, SwadeCombatant, SwadeState, Trait

DRAW_EDGES = frozenset({"level_headed", "improved_level_headed", "quick", "hesitant"})
COMBAT_REFLEXES_BONUS = 2
WILD_DIE = 6


# --- queries -------------------------------------------------------------------------


def slot_members(state: SwadeState, leader_id: str) -> list[SwadeCombatant]:
    """The combatants who act on ``leader_id``'s card: itself, or its group (SW-31),
    ready to change (copied on write)."""
    ids = {m.id for m in _peek_members(state, leader_id)}
    return owned_where(state.combatants, lambda c: c.id in ids)


def _peek(state: SwadeState, combatant_id: str | None) -> SwadeCombatant | None:
    """A combatant by id, to read only (not copied)."""
    return next((c for c in raw_items(state.combatants) if c.id == combatant_id), None)


def _peek_members(state: SwadeState, leader_id: str) -> list[SwadeCombatant]:
    """``slot_members`` to read only (not copied): for the checks of every slot."""
    leader = _peek(state, leader_id)
    return [] if leader is None else _peek_group(state, leader)


def _peek_group(state: SwadeState, c: SwadeCombatant) -> list[SwadeCombatant]:
    """``group_members`` to read only (not copied)."""
    if c.group is None:
        return [c]
    return [m for m in raw_items(state.combatants) if m.group == c.group]


def slot_name(state: SwadeState, leader_id: str) -> str:
    """What the board calls a slot: the group's name, or the combatant's."""
    leader = _peek(state, leader_id)
    if leader is None:
        return leader_id
    return leader.group or leader.name


def current_combatant(state: SwadeState) -> SwadeCombatant | None:
    """The leader of the turn in progress (a holder acting included), or None. To read
    only: it is not copied."""
    if state.active is None:
        return None
    return _peek(state, state.active)


def interrupt_target(state: SwadeState) -> SwadeCombatant | None:
    """Who an interrupt is against when none is named: the first member of the turn's
    slot still able to act (a group's incapacitated leader does not race, SW-37), else
    its leader; None when no turn is in progress. To read only (not copied)."""
    leader = current_combatant(state)
    if leader is None:
        return None
    return next((m for m in _peek_group(state, leader) if can_act(m)), leader)


def can_act(c: SwadeCombatant) -> bool:
    return not c.dead and not c.incapacitated


def dealable(c: SwadeCombatant) -> bool:
    """Gets a card: able to act, or bleeding out (module docstring)."""
    return not c.dead and (not c.incapacitated or c.bleeding_out)


def _leader(state: SwadeState, c: SwadeCombatant) -> str:
    """The id that stands for ``c``'s slot in the round's lists."""
    members = _peek_group(state, c)
    for lid in [*state.turn_order, *state.hold_queue]:
        if any(m.id == lid for m in members):
            return lid
    first = next((m for m in members if dealable(m)), members[0])
    return first.id


def _label(state: SwadeState, leader_id: str) -> dict[str, str]:
    return {"combatant": slot_name(state, leader_id), "combatant_id": leader_id}


# --- rolls ---------------------------------------------------------------------------


def roll_trait(
    state: SwadeState,
    dice: DiceSource,
    c: SwadeCombatant,
    trait: str,
    *,
    extra: list[tuple[str, int]] | None = None,
    ignore_wounds: bool = False,
    group_roll: bool = False,
) -> tuple[TraitResult, list[tuple[str, int]]]:
    """A trait roll for ``c`` with the SW-6 modifiers of :func:`trait_modifiers`.
    ``trait`` is an attribute or skill id; a missing skill is unskilled (SW-5). A group
    roll (SW-8) adds the wild die for Extras."""
    mods = [m for m in trait_modifiers(c, state) if not (ignore_wounds and m[0] == WOUNDS)]
    mods += extra or []
    unskilled = False
    if trait in ("agility", "smarts", "spirit", "strength", "vigor"):
        value = c.attributes.get(trait, Trait(die=4))
    elif trait in c.skills:
        value = c.skills[trait]
    else:
        value, unskilled = Trait(die=4), True
    if value.bonus:  # named like every other modifier (d12+1)
        mods.append(("swade_combat.mod.trait_bonus", value.bonus))
    result = trait_roll(
        dice,
        value.die,
        modifier=sum(v for _, v in mods),
        wild_die=WILD_DIE if (c.wild_card or group_roll) else None,
        unskilled=unskilled,
    )
    return result, mods


def _roll_event(
    key: str,
    c: SwadeCombatant,
    result: TraitResult,
    mods: list,
    *,
    view: dict[str, Any] | None = None,
) -> Event:
    """A roll's event; ``view``: its dice view read against an opponent (SW-37)."""
    return Event(
        key=key,
        params={
            "combatant": c.name,
            "combatant_id": c.id,
            "total": result.total,
            "modifiers": [list(m) for m in mods],
        },
        dice=view if view is not None else result.to_view(),
    )


def _reflexes(c: SwadeCombatant) -> list[tuple[str, int]]:
    return (
        [("swade.mod.combat_reflexes", COMBAT_REFLEXES_BONUS)]
        if "combat_reflexes" in c.edges
        else []
    )


TurnVigor = Literal["bleeding", "stunned"]
# The fields each start-of-turn Vigor roll may change (a benny reroll restores them).
_TURN_VIGOR_FIELDS = TURN_VIGOR_FIELDS


def _vigor_fields(c: SwadeCombatant, kind: TurnVigor) -> dict[str, Any]:
    return c.model_dump(include=_TURN_VIGOR_FIELDS[kind], mode="json")


def _bleeding_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """Bleeding out: Vigor at the start of the turn; failure dies, success keeps
    bleeding, a raise stabilises (core SWADE; Hard to Kill ignores wound penalties)."""
    hard = "hard_to_kill" in c.edges or "improved_hard_to_kill" in c.edges
    result, mods = roll_trait(state, dice, c, "vigor", ignore_wounds=hard)
    before = _vigor_fields(c, "bleeding")
    events = _resolve_bleeding(c, result, mods)
    _record_turn_vigor(state, c, "bleeding", result, mods, before, offers)
    return events


def _resolve_bleeding(c: SwadeCombatant, result: TraitResult, mods: list) -> list[Event]:
    if not result.success:
        c.dead = True
        c.bleeding_out = False
        return [_roll_event("swade.bleeding.died", c, result, mods)]
    if result.raises >= 1:
        c.bleeding_out = False
        return [_roll_event("swade.bleeding.stable", c, result, mods)]
    return [_roll_event("swade.bleeding.still", c, result, mods)]


def _stunned_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """SW-16: Vigor; success ends Stunned and leaves it Vulnerable until the end of its
    next turn (SW-17, counted from this turn in progress); a raise ends both."""
    result, mods = roll_trait(state, dice, c, "vigor", extra=_reflexes(c))
    before = _vigor_fields(c, "stunned")
    events = _resolve_stunned(state, c, result, mods)
    _record_turn_vigor(state, c, "stunned", result, mods, before, offers)
    return events


def _resolve_stunned(
    state: SwadeState, c: SwadeCombatant, result: TraitResult, mods: list
) -> list[Event]:
    if not result.success:
        return [_roll_event("swade.stunned.still", c, result, mods)]
    events = [_roll_event("swade.stunned.recovered", c, result, mods)]
    clear_condition(state, c, "stunned")
    if result.raises >= 1:
        if any(x.name == "vulnerable" for x in c.conditions):
            events += clear_condition(state, c, "vulnerable")
    else:
        events += apply_condition(state, c, "vulnerable")
    return events


def _record_turn_vigor(
    state: SwadeState,
    c: SwadeCombatant,
    kind: TurnVigor,
    result: TraitResult,
    mods: list,
    before: dict[str, Any],
    offers: list[Offer],
    *,
    leader: str | None = None,
) -> None:
    """Keep what a benny reroll of a start-of-turn Vigor roll needs (SW-4/SW-35), and
    offer it to the controller (``None``: the GM) unless the roll was a critical failure
    (it cannot be rerolled) or a raise (the best result: nothing left to gain).
    ``leader``: the turn's slot (default: the turn in progress)."""
    c.last_turn_vigor = {
        "kind": kind,
        "round": state.round,
        "leader": leader if leader is not None else state.active,
        "hook": trait_reroll_hook(result, action="reroll_turn_start", combatant_id=c.id),
        "critical_failure": result.critical_failure,
        "raises": result.raises if result.success else -1,
        "modifiers": [list(m) for m in mods],
        "before": before,
        "after": _vigor_fields(c, kind),
    }
    if result.critical_failure or (result.success and result.raises >= 1):
        return
    offers.append(_turn_vigor_offer(c))


def reroll_turn_start(
    state: SwadeState, actor: Actor, dice: DiceSource, *, combatant_id: str
) -> Outcome:
    """SW-4/SW-35 on SW-16 and bleeding out: a benny rerolls the combatant's last
    start-of-turn Vigor roll (Stunned or bleeding out; same die, modifiers and wild die).
    The better total counts (ties keep the first); a critical failure cannot be
    rerolled, and one that comes up on the reroll stands. When the new roll counts, the
    roll is resolved again from the fields before the first one (Stunned: the
    conditions; bleeding out: dead and bleeding out). Reading: only in the round of that
    turn, a Stunned roll only while that turn is in progress, and only while nothing has
    changed those fields since. Dice: the reroll. The bennies ledger charges the benny."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    last = vigor_record(c, c.last_turn_vigor)
    require_record(new, c, "last_turn_vigor")  # issue 28: never trusted
    kind: TurnVigor = "stunned" if last["kind"] == "stunned" else "bleeding"
    stale = (
        last["round"] != new.round
        or (kind == "stunned" and new.active != last["leader"])
        or _vigor_fields(c, kind) != last["after"]
    )
    if stale:
        raise RuleError("swade_combat.error.vigor_reroll_stale", name=c.name)
    roll, counts, events = reroll_vigor(c, last, dice, _TURN_VIGOR_FIELDS[kind])
    offers: list[Offer] = []
    if not counts:
        if int(last["raises"]) < 1:
            offers.append(_turn_vigor_offer(c))
    else:
        mods = [tuple(m) for m in last["modifiers"]]
        if kind == "stunned":
            events += _resolve_stunned(new, c, roll, mods)
        else:
            events += _resolve_bleeding(c, roll, mods)
        leader = last["leader"]
        _record_turn_vigor(
            new,
            c,
            kind,
            roll,
            mods,
            dict(last["before"]),
            offers,
            leader=leader if isinstance(leader, str) else None,
        )
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.reroll_turn_start", params={"name": c.name}),
    )


def _turn_vigor_offer(c: SwadeCombatant) -> Offer:
    return vigor_reroll_offer(c, "reroll_turn_start")


def _shaken_roll(
    state: SwadeState, dice: DiceSource, c: SwadeCombatant, offers: list[Offer]
) -> list[Event]:
    """SW-15: Spirit; success ends Shaken, failure leaves only free actions this turn (a
    benny still removes it: offered to the controller, or the GM)."""
    result, mods = roll_trait(state, dice, c, "spirit", extra=_reflexes(c))
    if result.success:
        c.shaken = False
        return [_roll_event("swade.shaken.recovered", c, result, mods)]
    offers.append(
        Offer(
            action="swade.unshake",
            label_key="swade.offer.unshake",
            user_id=c.controller_id,
            combatant_id=c.id,
        )
    )
    return [_roll_event("swade.shaken.still", c, result, mods)]


# --- turn start / end ----------------------------------------------------------------


def _start_turn(
    state: SwadeState, dice: DiceSource, leader_id: str, events: list[Event], offers: list[Offer]
) -> bool:
    """Start the card turn of a slot (module docstring). Returns whether anyone in it can
    act after the start-of-turn rolls."""
    state.active = leader_id
    state.acted.append(leader_id)
    leader = find_combatant(state, leader_id)
    card = leader.card
    events.append(
        Event(
            key="swade.turn.start",
            params={**_label(state, leader_id), "card": card_label(card) if card else ""},
        )
    )
    for m in slot_members(state, leader_id):
        events += reminders(m)  # custom effects ending this turn (issue 18)
    for m in slot_members(state, leader_id):
        if not dealable(m) or m.card is None:
            continue
        if m.defending:  # SW-21: Defend lasts until its next turn
            m.defending = False
            events.append(
                Event(
                    key="swade.condition.expired",
                    params=condition_params(m, "defending"),
                )
            )
        if m.lingering:  # SW-41 Lingering Damage, before the recovery rolls
            was_down = m.incapacitated
            hurt, follow_ups = fire_lingering(state, dice, m)
            events += hurt
            offers += follow_ups
            if m.incapacitated and not was_down:
                continue  # SW-13 was rolled just now
        if m.bleeding_out:
            events += _bleeding_roll(state, dice, m, offers)
            continue
        if has_condition(m, "stunned", state.settings):
            events += _stunned_roll(state, dice, m, offers)
        if m.shaken:
            events += _shaken_roll(state, dice, m, offers)
    return any(can_act(m) and m.card is not None for m in _peek_members(state, leader_id))


def _end_turn(state: SwadeState, leader_id: str, events: list[Event]) -> None:
    """End a slot's turn: SW-17 expiries, custom effects and SW-42 maintained powers for
    each member."""
    for m in slot_members(state, leader_id):
        events += expire_at_turn_end(state, m)
        events += expire_effects(m)  # custom effects (issue 18)
        events += expire_maintained(state, m)
    if state.active == leader_id:
        state.active = None


def _begin_hold_turn(state: SwadeState, leader_id: str, events: list[Event]) -> None:
    """A holder takes its turn now (SW-34): no start-of-turn rolls (its turn had started
    when it went on Hold; Shaken or Stunned would have ended the Hold)."""
    for m in slot_members(state, leader_id):
        m.on_hold = False
        m.hold_round = None
    state.hold_queue = [h for h in state.hold_queue if h != leader_id]
    state.active = leader_id
    if leader_id not in state.acted:
        state.acted.append(leader_id)
    events.append(Event(key="swade.hold.acts", params=_label(state, leader_id)))


def settle_holds(state: SwadeState) -> list[Event]:
    """SW-34: a holder who became Shaken, Stunned or incapacitated (however it happened,
    e.g. by damage) has lost its Hold. Run at the start of every turn action."""
    events: list[Event] = []
    losing = owned_where(
        state.combatants,
        lambda c: (
            c.on_hold
            and (c.shaken or not can_act(c) or has_condition(c, "stunned", state.settings))
        ),
    )
    for c in losing:
        lose_hold(state, c, events)
    return events


def _slot_holding(state: SwadeState, leader_id: str) -> bool:
    return any(m.on_hold for m in _peek_members(state, leader_id))


def _holders(state: SwadeState) -> list[str]:
    seen: list[str] = []
    for c in raw_items(state.combatants):
        if c.on_hold and can_act(c):
            lid = _leader(state, c)
            if lid not in seen:
                seen.append(lid)
    return seen


def _advance(
    state: SwadeState,
    dice: DiceSource,
    events: list[Event],
    offers: list[Offer],
    *,
    allow_deal: bool,
) -> None:
    """Start whatever comes after the ended turn: an interrupted turn resumes, a queued
    holder acts, or the next card's turn starts; at the end of the cards, wait for the
    holders or deal the next round."""
    while True:
        if state.suspended is not None:
            state.active, state.suspended = state.suspended, None
            events.append(Event(key="swade.turn.resume", params=_label(state, state.active)))
            return
        if state.hold_queue:
            _begin_hold_turn(state, state.hold_queue[0], events)
            return
        state.current += 1
        if state.current >= len(state.turn_order):
            state.current = len(state.turn_order)
            holders = _holders(state)
            if holders:
                names = ", ".join(slot_name(state, h) for h in holders)
                events.append(Event(key="swade.round.holders", params={"combatants": names}))
                return
            if not allow_deal:
                events.append(Event(key="swade.round.over", params={"round": state.round}))
                return
            _deal_round(state, dice, events, offers)
            return
        leader_id = state.turn_order[state.current]
        members = _peek_members(state, leader_id)
        if not members or leader_id in state.acted or _slot_holding(state, leader_id):
            continue
        if not any(dealable(m) and m.card is not None for m in members):
            continue
        if _start_turn(state, dice, leader_id, events, offers):
            return
        _end_turn(state, leader_id, events)


# --- dealing -------------------------------------------------------------------------


def _joker_events(state: SwadeState, leader_id: str) -> list[Event]:
    """SW-33: a Joker dealt to a player character gives every player a benny (the
    ``swade.joker.award`` event with ``pc`` True is for the bennies ledger); with the
    ``villain_jokers`` setting, a foe's Joker gives the GM a benny (``pc`` False, for the
    ledger) and each GM Wild Card in the encounter one for its own pool (done here)."""
    members = _peek_members(state, leader_id)
    events = [Event(key="swade.joker.dealt", params=_label(state, leader_id))]
    if any(m.is_pc for m in members):
        events.append(
            Event(key="swade.joker.award", params={**_label(state, leader_id), "pc": True})
        )
    elif state.settings.villain_jokers and any(m.side == "foes" for m in members):
        gm_wild = owned_where(
            state.combatants, lambda c: c.wild_card and not c.is_pc and not c.dead
        )
        for c in gm_wild:
            c.bennies += 1
        events.append(
            Event(
                key="swade.joker.award",
                params={
                    **_label(state, leader_id),
                    "pc": False,
                    "gm_wild_cards": ", ".join(c.name for c in gm_wild),
                },
            )
        )
    return events


def _draw_for_slot(
    state: SwadeState, dice: DiceSource, leader: SwadeCombatant, events: list[Event]
) -> Card:
    members = [m for m in group_members(state, leader) if dealable(m)]
    bleeding_only = all(m.incapacitated for m in members)
    edges = set() if bleeding_only else (set(leader.edges) | set(leader.hindrances)) & DRAW_EDGES
    result = draw_with_edges(state, dice, edges)
    if result.reshuffled:
        events.append(Event(key="swade.deck.reshuffled", params={}))
    if result.chooser is not None or result.quick_redraws:
        events.append(
            Event(
                key="swade.draw.edges",
                params={
                    **_label(state, leader.id),
                    "edges": [  # issue 18; agreeing with the leader (issue 29)
                        term(f"sheet.swade.edge.{e}", gender=leader.gender) for e in sorted(edges)
                    ],
                    "drawn": ", ".join(card_label(c) for c in result.drawn),
                    "quick": ", ".join(card_label(c) for c in result.quick_redraws),
                    "kept": card_label(result.kept),
                },
            )
        )
    return result.kept


def _surprise_failures(
    state: SwadeState, dice: DiceSource, victims: list[SwadeCombatant], events: list[Event]
) -> set[str]:
    """SW-34: each victim rolls Notice; a failure means no card in the first round. A
    group of Extras makes one group roll with a wild die (SW-8) for all its members."""
    failed: set[str] = set()
    done: set[str] = set()
    for v in victims:
        if v.id in done or not can_act(v):
            continue
        victim_ids = {x.id for x in victims}
        members = [m for m in group_members(state, v) if m.id in victim_ids and can_act(m)]
        done.update(m.id for m in members)
        result, mods = roll_trait(state, dice, v, "notice", group_roll=v.group is not None)
        key = "swade.surprise.noticed" if result.success else "swade.surprise.caught"
        event = _roll_event(key, v, result, mods)
        event.params["combatant"] = v.group or v.name
        events.append(event)
        if not result.success:
            failed.update(m.id for m in members)
    return failed


def _deal_round(
    state: SwadeState,
    dice: DiceSource,
    events: list[Event],
    offers: list[Offer],
    *,
    ambushers: list[str] | None = None,
    victims: list[str] | None = None,
    hand_cards: Mapping[str, Card] | None = None,
) -> None:
    """Deal a new round (SW-31..SW-34) and start its first turn."""
    state.round += 1
    rnd = state.round
    events.append(Event(key="swade.round.start", params={"round": rnd}))

    carried = [
        c
        for c in state.combatants
        if c.on_hold and c.hold_round is not None and c.hold_round >= rnd - 1 and can_act(c)
    ]
    in_hand = [c.card for c in carried if c.card is not None]
    # Cards set by hand before the first deal (set_card in round 0) are the first
    # round's cards for those slots; cards given with the deal itself win.
    preset: dict[str, Card] = {
        c.id: c.card for c in state.combatants if c.card is not None and c.card_round == 0
    }
    for c in state.combatants:
        if any(c is k for k in carried):
            continue
        if c.on_hold:
            c.on_hold, c.hold_round = False, None
            events.append(Event(key="swade.hold.lapsed", params={"combatant": c.name}))
        if c.card is not None and c.card not in in_hand and c.id not in preset:
            discard(state, c.card)
        c.card, c.card_round = None, None

    if state.joker_dealt:  # SW-31: reshuffle only after a round in which a Joker came out
        reshuffle(state, dice, in_hand=in_hand)
        events.append(Event(key="swade.deck.reshuffled", params={}))
    elif not state.deck and not state.discard:
        reshuffle(state, dice, in_hand=in_hand)
        events.append(Event(key="swade.deck.shuffled", params={}))

    hand = {**preset, **dict(hand_cards or {})}

    no_card: set[str] = set()
    if ambushers is not None:
        victim_list = [find_combatant(state, v) for v in victims or []]
        if victims is None:
            sides = {find_combatant(state, a).side for a in ambushers}
            victim_list = [c for c in state.combatants if c.side not in sides]
        no_card = _surprise_failures(state, dice, victim_list, events)

    carried_ids = {c.id for c in carried}
    slots: list[str] = []
    seen_groups: set[str] = set()
    for c in state.combatants:
        if c.id in carried_ids:
            continue  # keeps its old card, with no place in this round's order
        if not dealable(c) or c.id in no_card:
            continue
        if c.group is not None:
            if c.group in seen_groups:
                continue
            seen_groups.add(c.group)
        members = [
            m
            for m in group_members(state, c)
            if dealable(m) and m.id not in no_card and m.id not in carried_ids
        ]
        leader = members[0]
        chosen = next((hand[m.id] for m in members if m.id in hand), None)
        if chosen is not None:
            if chosen in in_hand:
                raise RuleError("swade.card.in_use", card=card_label(chosen), combatant=c.name)
            take_from_deck(state, chosen)
            state.joker_dealt = state.joker_dealt or chosen.joker
        card = chosen if chosen is not None else _draw_for_slot(state, dice, leader, events)
        for m in members:
            m.card, m.card_round = card, rnd
        slots.append(leader.id)
        if card.joker:
            events += _joker_events(state, leader.id)

    for a in ambushers or []:
        ambusher = find_combatant(state, a)
        for m in group_members(state, ambusher):
            if m.card is not None:
                m.on_hold, m.hold_round = True, rnd
        events.append(Event(key="swade.surprise.ambush", params={"combatant": ambusher.name}))

    def order_key(lid: str) -> tuple[int, int, int]:
        card = find_combatant(state, lid).card
        return card_key(card) if card is not None else (9, 0, 0)

    state.turn_order = sorted(slots, key=order_key)
    state.current = -1
    state.active = None
    state.suspended = None
    state.hold_queue = []
    state.acted = []
    _advance(state, dice, events, offers, allow_deal=False)


def _close_turns(state: SwadeState, events: list[Event]) -> None:
    """End the turns in progress (an interrupted one too) before a new round."""
    for lid in (state.active, state.suspended):
        if lid is not None:
            _end_turn(state, lid, events)
    state.active = state.suspended = None


def deal(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    surprise: list[str] | None = None,
    victims: list[str] | None = None,
    cards: Mapping[str, str] | None = None,
) -> Outcome:
    """GM: start a new round (ending any turn in progress): deal every slot a card
    (SW-31, SW-32 edge draws, reshuffling first only after a Joker round), award Joker
    bennies (SW-33), and start the first turn.

    ``surprise``: the ambushers (names or ids), first round only (SW-34). ``victims``:
    who rolls Notice (default: every side the ambushers are not on). ``cards``: combatant
    (name or id) -> card text for tables dealing a physical deck (``deck.parse_card``);
    those combatants take that card and draw nothing.
    """
    require_gm(actor)
    if surprise and state.round != 0:
        raise RuleError("swade.surprise.not_first_round")
    if not any(dealable(c) for c in state.combatants):
        raise RuleError("swade.deal.nobody")
    new = state.model_copy(deep=True)
    ambushers = [find_combatant(new, a).id for a in surprise] if surprise else None
    victim_ids = [find_combatant(new, v).id for v in victims] if victims is not None else None
    hand: dict[str, Card] = {}
    for who, text in (cards or {}).items():
        card = parse_card(text)
        if card in hand.values():
            raise RuleError("swade.card.in_use", card=card_label(card), combatant=who)
        hand[find_combatant(new, who).id] = card
    events: list[Event] = settle_holds(new)
    offers: list[Offer] = []
    _close_turns(new, events)
    _deal_round(new, dice, events, offers, ambushers=ambushers, victims=victim_ids, hand_cards=hand)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.deal", params={"round": new.round}),
    )


def next_turn(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
    """End the turn in progress (SW-17 expiries) and start the next one (SW-15, SW-16
    rolls...). The GM, or the controller of the combatant whose turn it is. Before the
    first deal, or when only holders are left, the GM's ``next`` deals a new round."""
    leader = current_combatant(state)
    if leader is not None:
        if not any(
            m.controlled_by(actor.user_id, is_gm=actor.is_gm)
            for m in slot_members(state, leader.id)
        ):
            raise RuleError("swade.perm.not_yours", combatant=slot_name(state, leader.id))
    else:
        require_gm(actor)
    if state.round == 0 and not any(dealable(c) for c in state.combatants):
        raise RuleError("swade.deal.nobody")
    new = state.model_copy(deep=True)
    events: list[Event] = settle_holds(new)
    offers: list[Offer] = []
    if new.round == 0:
        _deal_round(new, dice, events, offers)
    elif new.active is not None:
        _end_turn(new, new.active, events)
        _advance(new, dice, events, offers, allow_deal=True)
    elif new.current >= len(new.turn_order):  # the cards are done; holders passed
        _deal_round(new, dice, events, offers)
    else:
        _advance(new, dice, events, offers, allow_deal=True)
    summary = (
        Event(key="log.next", params={"name": slot_name(new, new.active)})
        if new.active
        else Event(key="log.next_nobody")
    )
    return Outcome(state=new, events=events, offers=offers, summary=summary)


def hold(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-34: on its own card turn, a combatant (or its group) goes on Hold, keeping its
    card to act later this round or the next; the next turn starts. A Shaken or Stunned
    character cannot go on Hold (either would end it at once)."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    lid = _leader(state, c)
    on_card = 0 <= state.current < len(state.turn_order) and state.turn_order[state.current] == lid
    if state.active != lid or not on_card or state.suspended is not None:
        raise RuleError("swade.hold.not_your_turn", combatant=c.name)
    if c.shaken or has_condition(c, "stunned", state.settings):
        raise RuleError("swade.hold.shaken", combatant=c.name)
    new = state.model_copy(deep=True)
    events = settle_holds(new)
    for m in slot_members(new, lid):
        if can_act(m):
            m.on_hold, m.hold_round = True, new.round
    new.active = None
    events.append(Event(key="swade.hold.start", params=_label(new, lid)))
    offers: list[Offer] = []
    _advance(new, dice, events, offers, allow_deal=True)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.hold", params={"name": c.name}),
    )


def act_from_hold(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-34: a holder acts without interrupting: at once if no turn is in progress,
    otherwise right after the turn in progress ends."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    new = state.model_copy(deep=True)
    events = settle_holds(new)
    if not find_combatant(new, c.id).on_hold:
        raise RuleError("swade.hold.not_on_hold", combatant=c.name)
    lid = _leader(new, find_combatant(new, c.id))
    if new.active is None:
        _begin_hold_turn(new, lid, events)
    elif lid not in new.hold_queue:
        new.hold_queue.append(lid)
        events.append(
            Event(
                key="swade.hold.queued",
                params={**_label(new, lid), "after": slot_name(new, new.active)},
            )
        )
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.act_from_hold", params={"name": c.name}),
    )


def interrupt(
    state: SwadeState, actor: Actor, dice: DiceSource, holder_id: str, target_id: str
) -> Outcome:
    """SW-34: a holder interrupts the combatant acting now by winning an opposed Athletics
    roll (SW-7: the holder initiates and rolls first, the target wins ties). Win: the
    holder acts now and the interrupted turn resumes after. Loss: the holder acts right
    after the interrupted turn. SW-37: a target that cannot act (Incapacitated,
    Stunned, or Bound: the race needs moving) does not contest: the interrupt succeeds
    with no roll. Each roll is read against the other's total."""
    holder = find_combatant(state, holder_id)
    require_control(actor, holder)
    target = find_combatant(state, target_id)
    if not in_turn(state, target):
        raise RuleError("swade.interrupt.not_acting", combatant=target.name)
    if state.suspended is not None:
        raise RuleError("swade.interrupt.busy")
    new = state.model_copy(deep=True)
    settled = settle_holds(new)
    holder = find_combatant(new, holder.id)
    if not holder.on_hold:
        raise RuleError("swade.hold.not_on_hold", combatant=holder.name)
    target = find_combatant(new, target.id)
    lid = _leader(new, holder)
    params = {**_label(new, lid), "target": target.name}
    helpless = cannot_contest(target, new, movement=True)
    if helpless is not None:
        # SW-37: it cannot act, so it does not contest: the interrupt succeeds, no roll.
        new.suspended = new.active
        new.active = None
        _begin_hold_turn(new, lid, [])
        uncontested = Event(
            key="swade.interrupt.uncontested", params={**params, "condition": helpless}
        )
        return Outcome(
            state=new,
            events=[*settled, uncontested],
            summary=Event(
                key="log.swade.interrupt", params={"holder": holder.name, "target": target.name}
            ),
        )
    mine, mine_mods = roll_trait(new, dice, holder, "athletics")
    theirs, their_mods = roll_trait(new, dice, target, "athletics")
    mine_view, their_view, result = opposed_views(
        mine, mine.to_view(), holder.name, theirs, theirs.to_view(), target.name
    )
    events = [
        *settled,
        _roll_event("swade.interrupt.roll", holder, mine, mine_mods, view=mine_view),
        _roll_event("swade.interrupt.roll", target, theirs, their_mods, view=their_view),
    ]
    if result.winner == "initiator":
        new.suspended = new.active
        new.active = None
        _begin_hold_turn(new, lid, [])
        events.append(Event(key="swade.interrupt.won", params=params))
    else:
        new.hold_queue = [lid, *[h for h in new.hold_queue if h != lid]]
        events.append(Event(key="swade.interrupt.lost", params=params))
    return Outcome(
        state=new,
        events=events,
        summary=Event(
            key="log.swade.interrupt", params={"holder": holder.name, "target": target.name}
        ),
    )


def set_card(state: SwadeState, actor: Actor, combatant_id: str, card_text: str) -> Outcome:
    """GM: give a combatant (its whole group, SW-31) a card by hand, for tables dealing a
    physical deck (``deck.parse_card`` formats). The card leaves the virtual deck. A slot
    that has not acted yet takes its new place in the order; one that has keeps its place.
    A Joker counts as dealt (SW-33 awards, reshuffle before the next deal). Before the
    first deal the card waits for it (:func:`_set_before_deal`): the GM sets the cards,
    then deals or presses Next."""
    require_gm(actor)
    card = parse_card(card_text)
    c = find_combatant(state, combatant_id)
    if not dealable(c):
        raise RuleError("swade.card.not_dealable", combatant=c.name)
    members_ids = {m.id for m in group_members(state, c)}
    for other in state.combatants:
        if other.card == card and other.id not in members_ids:
            raise RuleError("swade.card.in_use", card=card_label(card), combatant=other.name)
    if state.round == 0:
        return _set_before_deal(state, c.id, card)
    new = state.model_copy(deep=True)
    target = find_combatant(new, c.id)
    lid = _leader(new, target)
    old = target.card
    replaced: list[Card] = []
    for m in group_members(new, target):
        if dealable(m) or (old is not None and m.card == old):
            if m.card is not None and m.card != card:
                replaced.append(m.card)
            m.card, m.card_round = card, new.round
    for gone in replaced:
        if not any(x.card == gone for x in new.combatants):
            discard(new, gone)
    take_from_deck(new, card)
    events = [Event(key="swade.card.set", params={**_label(new, lid), "card": card_label(card)})]
    if card.joker:
        new.joker_dealt = True
        events += _joker_events(new, lid)
    _resort_pending(new, lid)
    return Outcome(
        state=new, events=events, summary=Event(key="log.swade.card", params={"name": target.name})
    )


def _set_before_deal(state: SwadeState, combatant_id: str, card: Card) -> Outcome:
    """Before the first deal, a card given by hand waits on the combatant (and its
    group) with ``card_round`` 0: the first deal (``/deal`` or ``/next``) takes it as
    that slot's card and draws for the others, so a GM dealing a physical deck can set
    every card first and then start. Its Joker counts when the round is dealt (SW-33:
    awards then, once)."""
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant_id)
    for m in group_members(new, target):
        if dealable(m):
            m.card, m.card_round = card, 0
    lid = _leader(new, target)
    event = Event(
        key="swade.card.set_before_deal", params={**_label(new, lid), "card": card_label(card)}
    )
    return Outcome(
        state=new, events=[event], summary=Event(key="log.swade.card", params={"name": target.name})
    )


def redraw_card(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-31/SW-35 (seed 001 "Sacar una nueva carta de acción"): a benny discards the
    combatant's card (its whole group's) and draws a new one, ignoring edges. Only before
    its turn has come this round. The GM or the controller; the bennies ledger charges
    the benny (event ``swade.card.redrawn``)."""
    c = find_combatant(state, combatant_id)
    require_control(actor, c)
    lid = _leader(state, c)
    if c.card is None or c.card_round != state.round or lid in state.acted:
        raise RuleError("swade.card.no_redraw", combatant=c.name)
    new = state.model_copy(deep=True)
    target = find_combatant(new, c.id)
    old = target.card
    assert old is not None
    events: list[Event] = []
    result = draw_with_edges(new, dice, set())
    if result.reshuffled:
        events.append(Event(key="swade.deck.reshuffled", params={}))
    card = result.kept
    for m in group_members(new, target):
        if m.card == old:
            m.card, m.card_round = card, new.round
    if not any(x.card == old for x in new.combatants):
        discard(new, old)
    events.append(
        Event(
            key="swade.card.redrawn",
            params={
                **_label(new, lid),
                "old": card_label(old),
                "card": card_label(card),
                "pc": any(m.is_pc for m in group_members(new, target)),
            },
        )
    )
    if card.joker:
        events += _joker_events(new, lid)
    _resort_pending(new, lid)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.redraw", params={"name": target.name}),
    )


def _resort_pending(state: SwadeState, lid: str) -> None:
    """Put ``lid`` among the slots still to come, in card order (SW-30). A slot already
    reached keeps its place."""
    pending_from = state.current + 1
    if lid in state.turn_order:
        index = state.turn_order.index(lid)
        if index < pending_from:
            return
        del state.turn_order[index]
    pending = [*state.turn_order[pending_from:], lid]
    pending.sort(key=lambda x: card_key(find_combatant(state, x).card or Card(rank=0, suit="C")))
    state.turn_order = state.turn_order[:pending_from] + pending


# --- whose turn (issue 18: turn pings) ----------------------------------------------


def whose_turn(state: SwadeState) -> Turn | None:
    """The turn in progress: its slot's members (a group's, SW-31), and the slot that
    comes next: the interrupted turn that resumes, the first queued holder (SW-34), else
    the next card not reached yet. A new turn is a new (round, leader, position) — a
    holder acting is one, and so is the interrupted turn resuming after it."""
    if state.active is None:
        return None
    now = tuple(m.id for m in _peek_members(state, state.active))
    if state.suspended is not None:
        nxt: str | None = state.suspended
    elif state.hold_queue:
        nxt = state.hold_queue[0]
    else:
        later = state.turn_order[state.current + 1 :] if state.current >= 0 else []
        nxt = next((lid for lid in later if lid not in state.acted), None)
    on_deck = tuple(m.id for m in _peek_members(state, nxt)) if nxt is not None else ()
    mark = (state.round, state.active, state.current, state.suspended, len(state.acted))
    return Turn(
        now=now,
        on_deck=on_deck,
        mark=mark,
        name=slot_name(state, state.active),
        deck_name=slot_name(state, nxt) if nxt is not None else "",
    )
