"""SWADE maneuvers as replayable actions (RULES-NOTES SW-4/SW-35, SW-36): who may start
one (SW-15/SW-16/SW-21), the registry of their rules, running one (its rolls recorded on
the combatant who started it, ``last_maneuver``, with the involved combatants as they
were before) and replaying it for a benny reroll of one of its rolls or of its damage.
Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.actions import take_action
from bot.systems.swade.damage import incapacitation_reroll_offer, pending_soak_offer
from bot.systems.swade.damage_rolls import DamageRolls
from bot.systems.swade.encounter_rules import (
    find_combatant,
    refuse_self_target,
    require_control,
)
from bot.systems.swade.maneuvers.rolls import ActionRolls
from bot.systems.swade.modifiers import STUNNED, has_condition
from bot.systems.swade.record_bounds import require_record
from bot.systems.swade.rerolls import restore, snapshot
from bot.systems.swade.state import SwadeCombatant, SwadeState

Maneuver = Callable[[SwadeState, ActionRolls, dict[str, Any]], tuple[list[Event], Event]]
_MANEUVERS: dict[str, Maneuver] = {}


def registered() -> list[str]:
    """Every maneuver a ``last_maneuver`` record may name (issue 28)."""
    _register_all()
    return sorted(_MANEUVERS)


def _register_all() -> None:
    # The maneuvers, attacks, grappling and powers register their rules when imported.
    from bot.systems.swade import combat as _combat  # noqa: F401
    from bot.systems.swade import grapple as _grapple  # noqa: F401
    from bot.systems.swade import maneuvers as _maneuvers  # noqa: F401
    from bot.systems.swade import powers as _powers  # noqa: F401  (cast, heal)


def maneuver(name: str) -> Callable[[Maneuver], Maneuver]:
    """Register a maneuver's rules so :func:`reroll_maneuver` can replay it."""

    def register(fn: Maneuver) -> Maneuver:
        _MANEUVERS[name] = fn
        return fn

    return register


def run_maneuver(
    state: SwadeState,
    dice: DiceSource,
    name: str,
    params: dict[str, Any],
    *,
    owner_id: str,
    involved: list[str],
    previous: dict[str, Any] | None = None,
    reroll: int | None = None,
    action: bool = True,
    reroll_damage: bool = False,
) -> Outcome:
    """Run a registered maneuver on a copy of ``state`` (or, replaying, on the state
    before it), record its rolls on the owner and offer a benny reroll of each one that
    is not a critical failure, and of its damage when it rolled some (SW-35), and soak
    to each Wild Card it wounded (SW-14).
    ``action``: the maneuver is one of the owner's actions (SW-36: counted in its turn;
    ``False`` for a reaction such as evasion). ``reroll_damage``: replaying, every trait
    roll stays and each damage is rolled again, the better kept."""
    new = state.model_copy(deep=True) if previous is None else restore(state, previous["before"])
    before = snapshot(new, involved)
    counted: list[Event] = []
    if action:
        counted = take_action(new, find_combatant(new, owner_id), replay=previous is not None)
    # Records are replaced whole, never changed in place: a new one means this action
    # incapacitated that combatant (a crush, an area attack...).
    incapacitations = {cid: find_combatant(new, cid).last_incapacitation for cid in involved}
    hits = {cid: find_combatant(new, cid).last_hit for cid in involved}
    damage = DamageRolls(
        dice, list(previous.get("damage") or []) if previous else None, reroll=reroll_damage
    )
    rolls = ActionRolls(dice, owner_id, previous["rolls"] if previous else None, reroll, damage)
    events, summary = _MANEUVERS[name](new, rolls, params)
    events = [*counted, *rolls.kept, *events]
    owner = find_combatant(new, owner_id)
    owner.last_maneuver = {
        "action": name,
        "params": params,
        "involved": involved,
        "before": before,
        "rolls": rolls.records,
        "damage": damage.records,
    }
    offers = _reroll_offers(new, owner_id, rolls.records, damaged=bool(damage.records))
    offers += _vigor_offers(new, incapacitations)
    offers += _soak_offers(new, owner_id, hits)
    return Outcome(state=new, events=events, offers=offers, summary=summary)


def _reroll_offers(
    state: SwadeState, owner_id: str, records: list[dict[str, Any]], *, damaged: bool
) -> list[Offer]:
    """SW-4/SW-35: a benny reroll of each roll that is not a critical failure, for
    whoever made it, and of the damage (``damaged``) for the owner."""
    offers = []
    for i, rec in enumerate(records):
        if rec["critical_failure"]:
            continue
        who = find_combatant(state, rec["who"])
        # SW-37: the button says whose roll it rerolls.
        offers.append(
            Offer.to_player_of(
                who,
                "reroll_maneuver",
                "swade.combat.offer.reroll_roll",
                data={"owner_id": owner_id, "index": i, "name": who.name},
            )
        )
    if damaged:  # SW-35: "Repetir una tirada de daño" (seed 001)
        owner = find_combatant(state, owner_id)
        offers.append(
            Offer.to_player_of(
                owner,
                "reroll_maneuver_damage",
                "swade.combat.offer.reroll_damage",
                data={"owner_id": owner_id},
            )
        )
    return offers


def _vigor_offers(state: SwadeState, earlier: dict[str, object]) -> list[Offer]:
    """SW-4/SW-13/SW-35: a Wild Card's incapacitation Vigor roll may be rerolled with a
    benny, whatever action incapacitated it (its ``last_incapacitation`` is new)."""
    offers = []
    for cid, record in earlier.items():
        victim = find_combatant(state, cid)
        if victim.last_incapacitation is not record:
            vigor = incapacitation_reroll_offer(victim)
            if vigor is not None:
                offers.append(vigor)
    return offers


def _soak_offers(
    state: SwadeState, owner_id: str, earlier: dict[str, dict[str, object] | None]
) -> list[Offer]:
    """SW-14: a soak offer for each Wild Card this action wounded (its ``last_hit`` is a
    new record, dealt by the owner), whatever the maneuver (an area attack, suppressive
    fire, a crush, a power's damage) and however it ran (first, or replayed for a benny
    reroll of a roll or of the damage). One path: a hit from an earlier action is never
    offered again."""
    offers = []
    for cid, hit in earlier.items():
        victim = find_combatant(state, cid)
        if victim.last_hit is not hit:
            offer = pending_soak_offer(victim, owner_id)
            if offer is not None:
                offers.append(offer)
    return offers


def reroll_maneuver(
    state: SwadeState, actor: Actor, dice: DiceSource, *, owner_id: str, index: int
) -> Outcome:
    """SW-4/SW-35: a benny rerolls roll ``index`` of the last maneuver ``owner_id``
    started; whoever made that roll (its controller or the GM) may ask. A critical
    failure cannot be rerolled. The bennies ledger charges the benny."""
    _register_all()
    owner = find_combatant(state, owner_id)
    if owner.last_maneuver is not None:
        require_record(state, owner, "last_maneuver")  # issue 28: never trusted
    last = owner.last_maneuver
    rolls: list[dict[str, Any]] = list(last["rolls"]) if last else []  # type: ignore[call-overload]
    if last is None or not 0 <= index < len(rolls):
        raise RuleError("swade.combat.error.no_roll_to_reroll", name=owner.name)
    if rolls[index]["critical_failure"]:
        raise RuleError("swade.combat.error.critical_failure_no_reroll")
    require_control(actor, find_combatant(state, rolls[index]["who"]))
    return run_maneuver(
        state,
        dice,
        str(last["action"]),
        dict(last["params"]),  # type: ignore[call-overload]
        owner_id=owner_id,
        involved=list(last["involved"]),  # type: ignore[call-overload]
        previous=dict(last),
        reroll=index,
        action=str(last["action"]) != "evade",
    )


def reroll_maneuver_damage(
    state: SwadeState, actor: Actor, dice: DiceSource, *, owner_id: str
) -> Outcome:
    """SW-35 (seed 001: "Repetir una tirada de daño: Se vuelve a tirar todo el daño
    causado por un ataque"): a benny rerolls every damage roll of ``owner_id``'s last
    maneuver (an area attack, suppressive fire, a crush, a power's damage). It is
    replayed from the state before it: every trait roll stays, each damage is rolled
    again and the better of the two totals counts (ties keep the first), then the hits
    are applied afresh, with the soak offers of the Wild Cards they wound (SW-14). Its
    controller or the GM asks; the ledger charges the benny."""
    _register_all()
    owner = find_combatant(state, owner_id)
    last: dict[str, Any] = {}
    if owner.last_maneuver is not None:  # issue 28: a record is never trusted
        last = require_record(state, owner, "last_maneuver")
    if not last.get("damage"):
        raise RuleError("swade.combat.error.no_damage_to_reroll")
    require_control(actor, owner)
    return run_maneuver(
        state,
        dice,
        str(last["action"]),
        dict(last["params"]),
        owner_id=owner_id,
        involved=list(last["involved"]),
        previous=last,
        action=str(last["action"]) != "evade",
        reroll_damage=True,
    )


def require_can_act(c: SwadeCombatant) -> None:
    """SW-15/SW-16: a Shaken character takes only free actions, a Stunned one none;
    SW-21: a defending one nothing but moving."""
    if c.dead or c.incapacitated:
        raise RuleError("swade.combat.error.cannot_act", name=c.name)
    if c.shaken or has_condition(c, STUNNED):
        raise RuleError("swade.combat.error.shaken_or_stunned", name=c.name)
    if c.defending:
        raise RuleError("swade.combat.error.defending", name=c.name)


def check_starter(state: SwadeState, actor: Actor, actor_id: str) -> None:
    """Only the combatant's controller or the GM starts its maneuver."""
    require_control(actor, find_combatant(state, actor_id))


def actor_and_target(
    state: SwadeState, actor_id: str, target_id: str
) -> tuple[SwadeCombatant, SwadeCombatant]:
    """The one who starts a maneuver on another (never itself), if it may act."""
    me = find_combatant(state, actor_id)
    target = find_combatant(state, target_id)
    refuse_self_target(me, target, "other")
    require_can_act(me)
    return me, target
