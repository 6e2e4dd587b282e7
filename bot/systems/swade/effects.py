"""Custom effects (issue 18): free text on a combatant (``Bendecido``, ``volando``) with a
duration, shown on the board and reminded to its controller at the start of the turn in
which it ends. No rule reads them (a rule's condition is :mod:`.conditions`'). Pure.

Durations (the ``duration`` option of ``/condition add``, Spanish or English):

- none, ``hasta quitarlo``/``until removed``: until ``/condition remove``;
- ``fin del turno``, ``próximo turno``/``end of turn``, ``next turn``: until the end of its
  next turn (of the one after, when its turn is in progress), as SW-17 times
  Distracted;
- ``N``, ``N rondas``/``N rounds`` (1..100): N of its turns, ending at the end of the
  N-th, as SW-42 times a maintained power (added in its own turn, that turn is not one
  of them).

Names are plain text (:func:`bot.systems.plain_names.plain_name`: no markup, no id's
form) of at most :data:`~bot.systems.bounds.EFFECT_NAME_MAX` characters, at most
:data:`~bot.systems.bounds.EFFECTS_MAX` per combatant, one per name (folded): adding one
again replaces its duration. A name that is a rule's condition is that condition.
"""

from __future__ import annotations

import re

from bot.i18n import term
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import EFFECT_NAME_MAX, EFFECT_ROUNDS_MAX, EFFECTS_MAX
from bot.systems.plain_names import name_fold, plain_name
from bot.systems.swade.conditions import in_turn
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.state import Effect, SwadeCombatant, SwadeState
from bot.systems.words import fold

UNTIL_REMOVED = 0
_NEXT_TURN = {
    "fin del turno", "fin de turno", "fin de su turno", "fin de su proximo turno",
    "proximo turno", "siguiente turno", "turno", "un turno",
    "end of turn", "end of its turn", "end of next turn", "end of its next turn",
    "next turn", "turn", "one turn",
}  # fmt: skip
_REMOVED = {
    "hasta quitarlo", "hasta que se quite", "hasta retirarlo", "permanente", "siempre",
    "until removed", "permanent", "forever",
}  # fmt: skip
_ROUNDS = re.compile(r"^(\d+)\s*(?:rondas?|rounds?|turnos?|turns?|r)?$")


def turns_for(state: SwadeState, c: SwadeCombatant, duration: str | None) -> int:
    """``turns_left`` for a new effect on ``c`` lasting ``duration`` (module docstring);
    :data:`UNTIL_REMOVED` for none. Errors: ``swade.effect.bad_duration``,
    ``swade.effect.rounds_range``."""
    text = fold(duration or "").strip(" .")
    if not text or text in _REMOVED:
        return UNTIL_REMOVED
    now = 1 if in_turn(state, c) else 0
    if text in _NEXT_TURN:
        return 1 + now
    rounds = _ROUNDS.match(text)
    if rounds is None:
        raise RuleError("swade.effect.bad_duration", duration=duration)
    n = int(rounds.group(1)[:6])
    if not 1 <= n <= EFFECT_ROUNDS_MAX:
        raise RuleError("swade.effect.rounds_range", max=EFFECT_ROUNDS_MAX, found=n)
    return n + now


def find_effect(c: SwadeCombatant, name: str) -> Effect | None:
    """``c``'s effect called ``name`` (folded), if any."""
    wanted = name_fold(name)
    return next((e for e in c.effects if name_fold(e.name) == wanted), None)


def add_effect(state: SwadeState, c: SwadeCombatant, name: str, duration: str | None) -> Event:
    """Put effect ``name`` on ``c`` (in place; ``c`` of a copied state) for
    ``duration``, replacing one of the same name. Returns the event that says so."""
    plain = plain_name(name, limit=EFFECT_NAME_MAX)
    turns = turns_for(state, c, duration)
    existing = find_effect(c, plain)
    if existing is None and len(c.effects) >= EFFECTS_MAX:
        raise RuleError("swade.effect.too_many", combatant=c.name, max=EFFECTS_MAX)
    effect = Effect(name=plain, turns_left=turns)
    if existing is not None:
        c.effects = [effect if e is existing else e for e in c.effects]
    else:
        c.effects = [*c.effects, effect]
    params: dict[str, object] = {"combatant": c.name, "effect": plain}
    if turns == UNTIL_REMOVED:
        return Event(key="swade.effect.added_until_removed", params=params)
    if turns == 1 or (turns == 2 and in_turn(state, c)):
        ends = ends_key(state, c, effect)
        said = term(ends, gender=c.gender) if ends else ends  # "her next turn"
        return Event(key="swade.effect.added_next_turn", params={**params, "ends": said})
    return Event(
        key="swade.effect.added_turns", params={**params, "gender": c.gender, "turns": turns}
    )


def remove_effect(c: SwadeCombatant, name: str) -> Event:
    """End effect ``name`` on ``c`` (in place). Error: ``swade.effect.absent``."""
    found = find_effect(c, name)
    if found is None:
        raise RuleError("swade.effect.absent", combatant=c.name, effect=name)
    c.effects = [e for e in c.effects if e is not found]
    return Event(key="swade.effect.removed", params={"combatant": c.name, "effect": found.name})


def expire_effects(c: SwadeCombatant) -> list[Event]:
    """At the end of ``c``'s turn: count its timed effects down and end those at 0."""
    if not any(e.turns_left for e in c.effects):
        return []
    events: list[Event] = []
    kept: list[Effect] = []
    for e in c.effects:
        if e.turns_left == UNTIL_REMOVED:
            kept.append(e)
        elif e.turns_left <= 1:
            events.append(
                Event(key="swade.effect.expired", params={"combatant": c.name, "effect": e.name})
            )
        else:
            kept.append(Effect(name=e.name, turns_left=e.turns_left - 1))
    c.effects = kept
    return events


def reminders(c: SwadeCombatant) -> list[Event]:
    """At the start of ``c``'s turn: one reminder per effect that ends at its end, for
    its controller (``user_id``; ``None``: the GM's combatant). The bot sends it to that
    user alone (``bot/commands/reminders.py``)."""
    return [
        Event(
            key="swade.effect.reminder",
            params={"combatant": c.name, "effect": e.name, "user_id": c.controller_id},
        )
        for e in c.effects
        if e.turns_left == 1
    ]


def ends_key(state: SwadeState, c: SwadeCombatant, effect: Effect) -> str | None:
    """For the board: the i18n key saying when ``effect`` ends when that is within its
    next turn (``None`` otherwise: until removed, or several turns away)."""
    if effect.turns_left == 1:
        return (
            "swade.condition.ends.this_turn"
            if in_turn(state, c)
            else ("swade.condition.ends.next_turn")
        )
    if effect.turns_left == 2 and in_turn(state, c):
        return "swade.condition.ends.next_turn"
    return None


# -- the actions (/condition add|remove with a name that is no rule's condition) ----------


def add(
    state: SwadeState, actor: Actor, combatant_id: str, name: str, duration: str | None
) -> Outcome:
    """Action: effect ``name`` on a combatant for ``duration``. The GM, or the
    combatant's controller."""
    require_control(actor, find_combatant(state, combatant_id))
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant_id)
    event = add_effect(new, target, name, duration)
    params = {"combatant": target.name, "effect": event.params["effect"]}
    return Outcome(
        state=new, events=[event], summary=Event(key="log.swade.effect_add", params=params)
    )


def remove(state: SwadeState, actor: Actor, combatant_id: str, name: str) -> Outcome:
    """Action: end effect ``name`` on a combatant. The GM, or the combatant's controller."""
    require_control(actor, find_combatant(state, combatant_id))
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant_id)
    event = remove_effect(target, name)
    params = {"combatant": target.name, "effect": event.params["effect"]}
    return Outcome(
        state=new, events=[event], summary=Event(key="log.swade.effect_remove", params=params)
    )
