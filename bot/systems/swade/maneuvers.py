"""SWADE maneuvers (RULES-NOTES SW-21, SW-24, SW-25; seeds 000/003): Defend, Trick,
Push, Support, Aim, multi-action declaration, finishing move, evasion, and the benny
reroll of a maneuver's trait rolls (SW-4/SW-35). Pure.

Rerolls: a maneuver records its trait rolls in order on the combatant who started it
(``last_maneuver``), with the involved combatants as they were before. Every roll's
event carries a ``reroll`` hook (``action: reroll_maneuver``, ``owner_id``,
``index``; ``rerollable`` False after a critical failure). :func:`reroll_maneuver`
puts the combatants back, replays the maneuver keeping the rolls made before the
rerolled one and the other side of its opposed roll, rolls that one again and keeps
the better total (ties keep the first; a critical failure on the reroll stands, SW-4),
and rolls whatever follows from it afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from bot.dice.source import DiceSource
from bot.dice.swade import OpposedResult, TraitResult
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError
from bot.systems.swade.actions import declare, take_action
from bot.systems.swade.bounds import require_record
from bot.systems.swade.damage import (
    find_combatant,
    incapacitation_reroll_offer,
    require_control,
    restore,
    snapshot,
    trait_reroll_hook,
)
from bot.systems.swade.damage_rolls import DamageRolls
from bot.systems.swade.modifiers import (
    BOUND,
    DISTRACTED,
    MAX_SUPPORT,
    PRONE,
    STUNNED,
    VULNERABLE,
    Modifier,
    add_condition,
    add_timed_condition,
    end_hold,
    has_condition,
    is_vulnerable,
    roll_trait,
    trait_and_modifiers,
)
from bot.systems.swade.opposed import opposed_views
from bot.systems.swade.state import SwadeCombatant, SwadeState

# SW-24 Trick: the defender resists with the attribute the trick's skill is linked to.
LINKED_ATTRIBUTE: dict[str, str] = {
    "athletics": "agility",
    "fighting": "agility",
    "shooting": "agility",
    "stealth": "agility",
    "riding": "agility",
    "thievery": "agility",
    "taunt": "smarts",
    "notice": "smarts",
    "gambling": "smarts",
    "survival": "smarts",
    "intimidation": "spirit",
    "persuasion": "spirit",
    "performance": "spirit",
}


# --- SW-4/SW-35: the trait rolls of one maneuver, and their benny rerolls ----------------


@dataclass(frozen=True, slots=True)
class Roll:
    """A trait roll as a maneuver uses it: fresh, or kept from before a reroll."""

    total: int
    success: bool
    raises: int
    critical_failure: bool
    view: dict[str, Any]
    hook: dict[str, Any]
    kept_previous: bool = False

    def to_view(self) -> dict[str, Any]:
        return self.view

    def record(self, who: str, phase: int) -> dict[str, Any]:
        return {
            "who": who,
            "phase": phase,
            "total": self.total,
            "success": self.success,
            "raises": self.raises,
            "critical_failure": self.critical_failure,
            "view": self.view,
            "hook": self.hook,
        }

    @staticmethod
    def from_record(rec: dict[str, Any], *, kept_previous: bool = False) -> Roll:
        return Roll(
            rec["total"],
            rec["success"],
            rec["raises"],
            rec["critical_failure"],
            rec["view"],
            rec["hook"],
            kept_previous,
        )


class ActionRolls:
    """Makes a maneuver's trait rolls in order. ``phase`` 0 is the opening roll or
    opposed pair; later phases are rolls that follow from it (the push's Athletics).
    Replaying for a reroll of roll ``reroll``: rolls of an earlier or the same phase
    are kept, that roll is rolled again and the better total kept, later ones are new."""

    def __init__(
        self,
        dice: DiceSource,
        owner_id: str,
        previous: list[dict[str, Any]] | None = None,
        reroll: int | None = None,
        damage: DamageRolls | None = None,
    ) -> None:
        self.dice = dice
        self.owner_id = owner_id
        self.previous = previous or []
        self.reroll = reroll
        self.records: list[dict[str, Any]] = []
        # SW-35: its damage rolls; replaying for a damage reroll, every trait roll stays.
        self.damage = damage or DamageRolls(dice)
        # A benny reroll that did not beat the first: its dice, shown all the same.
        self.kept: list[Event] = []

    def roll(
        self,
        c: SwadeCombatant,
        state: SwadeState,
        name: str,
        *,
        extra: list[Modifier] | None = None,
        phase: int = 0,
        acting: bool = False,
    ) -> tuple[Roll, list[Modifier]]:
        """``c`` rolls trait ``name`` (:func:`bot.systems.swade.modifiers.roll_trait`);
        ``acting``: it is ``c``'s own action (SW-36: the multi-action penalty applies)."""
        _, mods = trait_and_modifiers(c, state, name, extra=extra, acting=acting)
        roll = self.roll_with(
            c,
            lambda dice: roll_trait(c, state, dice, name, extra=extra, acting=acting)[0],
            phase=phase,
            mods=mods,
        )
        c.support_bonus = 0  # SW-24: spent by the roll, kept or new
        return roll, mods

    def roll_with(
        self,
        c: SwadeCombatant,
        make: Callable[[DiceSource], TraitResult],
        *,
        phase: int = 0,
        mods: list[Modifier] | None = None,
    ) -> Roll:
        """A trait roll of ``c`` that ``make`` performs (an attack roll, say), with the
        modifiers ``mods`` it was rolled with (named again when a reroll is kept)."""
        i = len(self.records)
        prev = self.previous[i] if i < len(self.previous) else None
        if prev is not None and (prev["who"] != c.id or prev["phase"] != phase):
            prev = None  # the replay took another path: roll afresh
        limit = self.previous[self.reroll]["phase"] if self.reroll is not None else -1
        if prev is not None and (
            self.damage.rerolling or (i != self.reroll and prev["phase"] <= limit)
        ):
            roll = Roll.from_record(prev)
        else:
            result = make(self.dice)
            hook = {
                **trait_reroll_hook(result, combatant_id=c.id),
                "action": "reroll_maneuver",
                "owner_id": self.owner_id,
                "index": i,
            }
            roll = Roll(
                result.total,
                result.success,
                result.raises,
                result.critical_failure,
                result.to_view(),
                hook,
            )
            # SW-35 keeps the better total; SW-4: a critical failure on the reroll stands.
            if (
                prev is not None
                and i == self.reroll
                and prev["total"] >= roll.total
                and not roll.critical_failure
            ):
                self.kept.append(kept_event(c, result, int(prev["total"]), mods or []))
                roll = Roll.from_record(prev, kept_previous=True)
        self.records.append(roll.record(c.id, phase))
        return roll


def kept_event(c: SwadeCombatant, rolled: TraitResult, kept: int, mods: list[Modifier]) -> Event:
    """SW-35: a reroll (its dice and modifiers shown) that did not beat the first roll,
    which stands."""
    params: dict[str, Any] = {"name": c.name, "rolled": rolled.total, "kept": kept}
    if mods:
        params["modifiers"] = [list(m) for m in mods]
    return Event(key="swade_combat.reroll.attack_kept", params=params, dice=rolled.to_view())


Maneuver = Callable[[SwadeState, ActionRolls, dict[str, Any]], tuple[list[Event], Event]]
_MANEUVERS: dict[str, Maneuver] = {}


def registered() -> list[str]:
    """Every maneuver a ``last_maneuver`` record may name (issue 28)."""
    _register_all()
    return sorted(_MANEUVERS)


def _register_all() -> None:
    # The attacks, grappling and powers register their maneuvers when imported.
    from bot.systems.swade import combat as _combat  # noqa: F401
    from bot.systems.swade import grapple as _grapple  # noqa: F401
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
    is not a critical failure, and of its damage when it rolled some (SW-35).
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
    offers = []
    for i, rec in enumerate(rolls.records):
        if rec["critical_failure"]:
            continue
        who = find_combatant(new, rec["who"])
        offers.append(
            Offer(
                action="reroll_maneuver",
                label_key="swade_combat.offer.reroll_roll",
                user_id=who.controller_id,
                combatant_id=who.id,
                # SW-37: the button says whose roll it rerolls.
                data={"owner_id": owner_id, "index": i, "name": who.name},
            )
        )
    if damage.records:  # SW-35: "Repetir una tirada de daño" (seed 001)
        owner = find_combatant(new, owner_id)
        offers.append(
            Offer(
                action="reroll_maneuver_damage",
                label_key="swade_combat.offer.reroll_damage",
                user_id=owner.controller_id,
                combatant_id=owner.id,
                data={"owner_id": owner_id},
            )
        )
    # SW-4/SW-13/SW-35: a Wild Card's incapacitation Vigor roll may be rerolled with a
    # benny, whatever action incapacitated it.
    for cid, earlier in incapacitations.items():
        victim = find_combatant(new, cid)
        if victim.last_incapacitation is not earlier:
            vigor = incapacitation_reroll_offer(victim)
            if vigor is not None:
                offers.append(vigor)
    return Outcome(state=new, events=events, offers=offers, summary=summary)


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
        raise RuleError("swade_combat.error.no_roll_to_reroll", name=owner.name)
    if rolls[index]["critical_failure"]:
        raise RuleError("swade_combat.error.critical_failure_no_reroll")
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


def roll_event(
    key: str,
    who: SwadeCombatant,
    roll: Roll,
    mods: list[Modifier],
    *,
    view: dict[str, Any] | None = None,
    **p: object,
) -> Event:
    """A roll's event; ``view``: its dice view read against the opponent (SW-37)."""
    return Event(
        key=key,
        params={
            "name": who.name,
            "total": roll.total,
            "modifiers": [list(m) for m in mods],
            "kept_previous": roll.kept_previous,
            "reroll": roll.hook,
            **p,
        },
        dice=view if view is not None else roll.to_view(),
    )


def opposed_pair(
    a: Roll, a_who: SwadeCombatant, d: Roll, d_who: SwadeCombatant
) -> tuple[dict[str, Any], dict[str, Any], OpposedResult]:
    """SW-7/SW-37: who won, and each roll's view read against the other's total."""
    return opposed_views(a, a.view, a_who.name, d, d.view, d_who.name)


def _against(target: SwadeCombatant, state: SwadeState) -> list[Modifier]:
    """SW-17: actions against a Vulnerable character get +2."""
    return [("swade_combat.mod.target_vulnerable", 2)] if is_vulnerable(target, state) else []


def _pair(
    state: SwadeState, actor_id: str, target_id: str
) -> tuple[SwadeCombatant, SwadeCombatant]:
    me = find_combatant(state, actor_id)
    target = find_combatant(state, target_id)
    if me.id == target.id:
        raise RuleError("swade_combat.error.self_target")
    require_can_act(me)
    return me, target


def _start(state: SwadeState, actor: Actor, actor_id: str) -> None:
    """Only the combatant's controller or the GM starts its maneuver."""
    require_control(actor, find_combatant(state, actor_id))


def require_can_act(c: SwadeCombatant) -> None:
    """SW-15/SW-16: a Shaken character takes only free actions, a Stunned one none;
    SW-21: a defending one nothing but moving."""
    if c.dead or c.incapacitated:
        raise RuleError("swade_combat.error.cannot_act", name=c.name)
    if c.shaken or has_condition(c, STUNNED):
        raise RuleError("swade_combat.error.shaken_or_stunned", name=c.name)
    if c.defending:
        raise RuleError("swade_combat.error.defending", name=c.name)


# --- SW-21 Defend ------------------------------------------------------------------------


def defend(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-21 Defend: +4 Parry until its next turn (cleared at the start of that turn by
    the turn sequence); it takes no other action but moving (not running)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    require_can_act(c)
    counted = take_action(new, c)  # SW-36
    c.defending = True
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(key="swade_combat.defend", params={"name": c.name, "parry": c.parry + 4}),
        ],
        summary=Event(key="log.swade.defend", params={"name": c.name}),
    )


# --- SW-24 ----------------------------------------------------------------------------------


def trick(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    target_id: str,
    skill: str,
    effect: Literal["distracted", "vulnerable"],
    attribute: str | None = None,
) -> Outcome:
    """SW-24 Trick: the actor's ``skill`` opposed by the target's linked attribute
    (``attribute`` overrides :data:`LINKED_ATTRIBUTE`). Success: the target is
    Distracted or Vulnerable (the actor's choice) until the end of its next turn; a
    raise also makes it Shaken."""
    _start(state, actor, actor_id)
    params = {
        "actor_id": actor_id,
        "target_id": target_id,
        "skill": skill,
        "effect": effect,
        "attribute": attribute,
    }
    return run_maneuver(
        state, dice, "trick", params, owner_id=actor_id, involved=[actor_id, target_id]
    )


@maneuver("trick")
def _trick(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, target = _pair(new, p["actor_id"], p["target_id"])
    skill, effect = p["skill"], p["effect"]
    resist = p["attribute"] or LINKED_ATTRIBUTE.get(skill)
    if resist is None:
        raise RuleError("swade_combat.error.trick_attribute", skill=skill)
    a_roll, a_mods = rolls.roll(me, new, skill, extra=_against(target, new), acting=True)
    d_roll, d_mods = rolls.roll(target, new, resist)
    a_view, d_view, result = opposed_pair(a_roll, me, d_roll, target)
    events = [
        roll_event(
            "swade_combat.trick.roll",
            me,
            a_roll,
            a_mods,
            view=a_view,
            skill=f"swade_combat.skill.{skill}",
        ),
        roll_event("swade_combat.trick.resist", target, d_roll, d_mods, view=d_view),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade_combat.trick.fails", params={"target": target.name}))
    else:
        events += add_timed_condition(
            new, target, DISTRACTED if effect == "distracted" else VULNERABLE
        )
        shaken = result.raises >= 1
        if shaken and not target.shaken:
            target.shaken = True
            events += end_hold(new, target)  # SW-34
        events.append(
            Event(
                key="swade_combat.trick.succeeds",
                params={
                    "target": target.name,
                    "effect": f"swade_combat.condition.{effect}",
                    "shaken": shaken,
                },
            )
        )
    return events, Event(key="log.swade.trick", params={"name": me.name, "target": target.name})


def push(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    target_id: str,
    moved: bool = False,
    actor_shield: int = 0,
    target_shield: int = 0,
) -> Outcome:
    """SW-24 Push: opposed Strength, +2 for the attacker if it moved 2 or more steps;
    both add their shield's Parry bonus (seed 003). Success: the target moves back 1
    step (2 on a raise) and rolls Athletics (-2 after a raise) or falls prone."""
    _start(state, actor, actor_id)
    params = {
        "actor_id": actor_id,
        "target_id": target_id,
        "moved": moved,
        "actor_shield": actor_shield,
        "target_shield": target_shield,
    }
    return run_maneuver(
        state, dice, "push", params, owner_id=actor_id, involved=[actor_id, target_id]
    )


@maneuver("push")
def _push(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, target = _pair(new, p["actor_id"], p["target_id"])
    if has_condition(me, BOUND):  # SW-20: no physical action but escaping
        raise RuleError("swade_combat.error.bound", name=me.name)
    summary = Event(key="log.swade.push", params={"name": me.name, "target": target.name})
    a_extra = _against(target, new)
    if p["moved"]:
        a_extra.append(("swade_combat.mod.push_moved", 2))
    if p["actor_shield"]:
        a_extra.append(("swade_combat.mod.shield", p["actor_shield"]))
    d_extra: list[Modifier] = (
        [("swade_combat.mod.shield", p["target_shield"])] if p["target_shield"] else []
    )
    a_roll, a_mods = rolls.roll(me, new, "strength", extra=a_extra, acting=True)
    d_roll, d_mods = rolls.roll(target, new, "strength", extra=d_extra)
    a_view, d_view, result = opposed_pair(a_roll, me, d_roll, target)
    events = [
        roll_event("swade_combat.push.roll", me, a_roll, a_mods, view=a_view),
        roll_event("swade_combat.push.resist", target, d_roll, d_mods, view=d_view),
    ]
    if result.winner == "defender":
        events.append(Event(key="swade_combat.push.fails", params={"target": target.name}))
        return events, summary
    raise_ = result.raises >= 1
    steps = 2 if raise_ else 1
    events.append(
        Event(key="swade_combat.push.moved", params={"target": target.name, "steps": steps})
    )
    penalty: list[Modifier] = [("swade_combat.mod.push_raise", -2)] if raise_ else []
    keep, keep_mods = rolls.roll(target, new, "athletics", extra=penalty, phase=1)
    if keep.success:
        events.append(roll_event("swade_combat.push.keeps_footing", target, keep, keep_mods))
    else:
        add_condition(target, PRONE)
        events.append(roll_event("swade_combat.push.falls_prone", target, keep, keep_mods))
    return events, summary


def support(
    state: SwadeState,
    actor: Actor,
    dice: DiceSource,
    *,
    actor_id: str,
    ally_id: str,
    skill: str,
) -> Outcome:
    """SW-24 Support: a skill roll to help an ally: success +1, raise +2, a critical
    failure -2, on the ally's next trait roll; supports add up to at most +4."""
    _start(state, actor, actor_id)
    params = {"actor_id": actor_id, "ally_id": ally_id, "skill": skill}
    return run_maneuver(
        state, dice, "support", params, owner_id=actor_id, involved=[actor_id, ally_id]
    )


@maneuver("support")
def _support(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    me, ally = _pair(new, p["actor_id"], p["ally_id"])
    roll, mods = rolls.roll(me, new, p["skill"], acting=True)
    if roll.critical_failure:
        given = -2
    elif roll.success:
        given = 2 if roll.raises else 1
    else:
        given = 0
    ally.support_bonus = min(ally.support_bonus + given, MAX_SUPPORT)
    events = [
        roll_event(
            "swade_combat.support.roll", me, roll, mods, skill=f"swade_combat.skill.{p['skill']}"
        ),
        Event(
            key="swade_combat.support.result",
            params={"ally": ally.name, "given": given, "bonus": ally.support_bonus},
        ),
    ]
    return events, Event(key="log.swade.support", params={"name": me.name, "target": ally.name})


def aim(state: SwadeState, actor: Actor, combatant_id: str) -> Outcome:
    """SW-24 Aim: the character spends its turn without moving or acting; its next
    ranged attack ignores up to 4 points of range, cover, called-shot, scale and speed
    penalties, or gets +2 (see :func:`bot.systems.swade.modifiers.aim_modifier`)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    require_can_act(c)
    counted = take_action(new, c)  # SW-36
    c.aiming = True
    return Outcome(
        state=new,
        events=[*counted, Event(key="swade_combat.aim", params={"name": c.name})],
        summary=Event(key="log.swade.aim", params={"name": c.name}),
    )


# --- SW-6 / SW-25 ------------------------------------------------------------------------


def declare_multi_action(
    state: SwadeState, actor: Actor, combatant_id: str, actions: int
) -> Outcome:
    """SW-6/SW-36 multi-action: up to 3 actions in the combatant's turn, -2 to all of
    them per action beyond the first (-2 for two, -4 for three), declared before the
    first action (after it only the GM may, as a logged override). See
    :mod:`bot.systems.swade.actions`."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    require_control(actor, c)
    events = declare(new, actor, c, actions)
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.multi_action", params={"name": c.name, "actions": actions}),
    )


def is_helpless(c: SwadeCombatant) -> bool:
    """Seed 000 "Golpe de gracia": completely helpless (bound, unconscious...): here
    incapacitated, knocked out or Bound."""
    return (
        c.incapacitated
        or c.knocked_out_hours is not None
        or any(x.name == BOUND for x in c.conditions)
    )


def finishing_move(state: SwadeState, actor: Actor, *, attacker_id: str, target_id: str) -> Outcome:
    """SW-25 finishing move: an attack with a lethal weapon against a helpless victim is
    an automatic success that kills it (seeds 000/003). No dice."""
    _start(state, actor, attacker_id)
    new = state.model_copy(deep=True)
    me, target = _pair(new, attacker_id, target_id)
    if target.dead:
        raise RuleError("swade_combat.error.target_dead", name=target.name)
    if not is_helpless(target):
        raise RuleError("swade_combat.error.not_helpless", name=target.name)
    counted = take_action(new, me)  # SW-36
    target.dead = True
    target.incapacitated = True
    target.bleeding_out = False
    return Outcome(
        state=new,
        events=[
            *counted,
            Event(
                key="swade_combat.finishing_move",
                params={"attacker": me.name, "target": target.name},
            ),
        ],
        summary=Event(
            key="log.swade.finishing_move", params={"name": me.name, "target": target.name}
        ),
    )


def evade(state: SwadeState, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-25 evasion: against an attack that allows it, Agility -2; success avoids it
    completely. (Area attacks that allow evasion roll it for every target themselves,
    :func:`bot.systems.swade.combat.area_attack`.)"""
    _start(state, actor, combatant_id)
    params = {"combatant_id": combatant_id}
    return run_maneuver(
        state,
        dice,
        "evade",
        params,
        owner_id=combatant_id,
        involved=[combatant_id],
        action=False,  # a reaction (SW-36: not counted, no multi-action penalty)
    )


@maneuver("evade")
def _evade(new: SwadeState, rolls: ActionRolls, p: dict[str, Any]) -> tuple[list[Event], Event]:
    c = find_combatant(new, p["combatant_id"])
    roll, mods = rolls.roll(c, new, "agility", extra=[("swade_combat.mod.evasion", -2)])
    key = "swade_combat.evade.success" if roll.success else "swade_combat.evade.failure"
    return [roll_event(key, c, roll, mods)], f"evade {c.name}"
