"""SWADE actions per turn (RULES-NOTES SW-36, SW-6; seed 000 "Múltiples Acciones"). Pure.

SW-36: actions are counted per turn. A character may take up to three actions in its
turn, at -2 to every one of them per action beyond the first; it declares how many
before the first one (``/act multi-action``). The declared count caps the turn: after
N actions, action N+1 is refused saying how to go on. Without a declaration, a second
action is refused with the hint to declare multi-action before the first action. The
multi-action penalty is part of those actions only: never of a soak, a resisting roll
of an opposed pair, an evasion, or anything rolled in someone else's turn
(:func:`multi_action_modifiers` is asked for by the action rolls alone).

Where the count lives: ``actions_declared``/``actions_taken`` on the combatant, valid
for the turn ``actions_turn`` (the leader id of the turn in progress) of round
``actions_round``. Another turn, or another round, reads as "nothing declared, nothing
taken". With no turn in progress (an encounter played without dealing cards, or between
turns) nothing is counted and a declaration applies to the combatant's actions until
the next turn starts (the bot cannot know where a turn ends there).

Readings (not settled by the seeds or RULES-NOTES), chosen here:

- What counts as an action: attacks (a free attack, ``flags:free``, does not), wild
  attacks, area attacks, suppressive fire, breaking objects, grappling, escaping,
  crushing, tricks, pushes, support, aiming, defending, finishing moves and reloading.
  Soak, unshake, evasion, releasing a hold, interrupting and the GM's tools (fatigue,
  damage) are not actions of the turn.
- The GM's override: the GM may declare multi-action (or raise the count, at most 3)
  after the turn's first action; players may not. The reply says it was the GM's
  override, and the event is in the encounter log (``swade.combat.multi_action.override``).
  The actions already taken are not rolled again: the penalty applies from then on.
- An action in someone else's turn is not counted (it has no turn of its own there);
  when its slot has already acted this round and it is not on Hold, the reply warns
  that this is outside its turn (the GM may mean a free attack: ``flags:free``).
"""

from __future__ import annotations

from bot.systems.base import Actor, Event, RuleError
from bot.systems.common import raw_items
from bot.systems.swade.conditions import in_turn
from bot.systems.swade.state import SwadeCombatant, SwadeState

MAX_ACTIONS = 3  # SW-6 / SW-36
PENALTY_PER_ACTION = -2
MULTI_ACTION = "swade.combat.mod.multi_action"


def _now(state: SwadeState, c: SwadeCombatant) -> bool:
    """Whether ``c``'s declaration and count are those of the turn in progress (its own
    turn, or no turn at all)."""
    if c.actions_round != state.round or c.actions_turn != state.active:
        return False
    return state.active is None or in_turn(state, c)


def declared(state: SwadeState, c: SwadeCombatant) -> int:
    """SW-36: the actions ``c`` declared for the turn in progress (1 without one)."""
    return c.actions_declared if _now(state, c) else 1


def taken(state: SwadeState, c: SwadeCombatant) -> int:
    """SW-36: the actions ``c`` has taken in its turn in progress."""
    return c.actions_taken if _now(state, c) else 0


def multi_action_modifiers(state: SwadeState, c: SwadeCombatant) -> list[tuple[str, int]]:
    """SW-6/SW-36: -2 per declared action beyond the first (-2 for two, -4 for three),
    for ``c``'s own actions in its turn. Callers ask for it only for an action roll."""
    count = min(declared(state, c), MAX_ACTIONS)
    return [(MULTI_ACTION, PENALTY_PER_ACTION * (count - 1))] if count > 1 else []


def _start_count(state: SwadeState, c: SwadeCombatant) -> None:
    """Make ``c``'s counters those of the turn in progress (mutates ``c``)."""
    if not _now(state, c):
        c.actions_round = state.round
        c.actions_turn = state.active
        c.actions_declared = 1
        c.actions_taken = 0


def declare(state: SwadeState, actor: Actor, c: SwadeCombatant, actions: int) -> list[Event]:
    """SW-36: declare ``actions`` (1..3) for ``c``'s turn, before its first action.
    Declaring in someone else's turn is refused. After an action only the GM may
    declare (an override, said in the reply and logged); never fewer than taken.
    Mutates ``c`` (a combatant of a copied state). Returns the events."""
    if not 1 <= actions <= MAX_ACTIONS:
        raise RuleError("swade.combat.error.actions_range", max=MAX_ACTIONS)
    if state.active is not None and not in_turn(state, c):
        raise RuleError(
            "swade.combat.error.multi_action_not_your_turn", name=c.name, gender=c.gender
        )
    done = taken(state, c)
    if done and not actor.is_gm:
        raise RuleError("swade.combat.error.multi_action_after_acting", name=c.name, taken=done)
    if actions < done:
        raise RuleError(
            "swade.combat.error.multi_action_below_taken", name=c.name, gender=c.gender, taken=done
        )
    _start_count(state, c)
    c.actions_declared = actions
    params = {"name": c.name, "actions": actions, "penalty": PENALTY_PER_ACTION * (actions - 1)}
    events = [Event(key="swade.combat.multi_action", params=params)]
    if done:
        events.append(
            Event(key="swade.combat.multi_action.override", params={**params, "taken": done})
        )
    return events


def take_action(
    state: SwadeState, c: SwadeCombatant, *, free: bool = False, replay: bool = False
) -> list[Event]:
    """SW-36: count one action of ``c`` (mutated; call it on a copied state) and return
    the events to show first. In its own turn: refused when the turn's declared actions
    are used up (undeclared: refused at the second, with the hint to declare before the
    first). In someone else's turn: not counted; a warning when its slot has already
    acted this round. ``free``: a free attack, never counted. ``replay``: a benny
    reroll redoing an action already counted (no refusal)."""
    if free or state.active is None:
        return []
    if not in_turn(state, c):
        return [] if replay else _out_of_turn_warning(state, c)
    done, allowed = taken(state, c), declared(state, c)
    if done >= allowed and not replay:
        if allowed == 1:
            raise RuleError("swade.combat.error.undeclared_second_action", name=c.name)
        if allowed >= MAX_ACTIONS:
            raise RuleError(
                "swade.combat.error.actions_used_up_max",
                name=c.name,
                gender=c.gender,
                actions=allowed,
            )
        raise RuleError(
            "swade.combat.error.actions_used_up",
            name=c.name,
            gender=c.gender,
            actions=allowed,
            more=allowed + 1,
        )
    _start_count(state, c)
    c.actions_taken = done + 1
    return []


def _out_of_turn_warning(state: SwadeState, c: SwadeCombatant) -> list[Event]:
    if c.on_hold:
        return []
    # Read without copying (issue 32): walking the copied-on-write list copied every
    # combatant, and the encounter then serialized each of them again.
    group = raw_items(state.combatants)
    members = {c.id} if c.group is None else {m.id for m in group if m.group == c.group}
    if not members & set(state.acted):
        return []
    return [
        Event(key="swade.combat.warning.acted_already", params={"name": c.name, "gender": c.gender})
    ]
