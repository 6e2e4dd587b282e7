"""SWADE conditions: adding, removing, implied conditions, expiry, trait modifiers. Pure.

Where each condition lives on :class:`SwadeCombatant`:

- ``shaken`` -> ``shaken``; ``fatigued``/``exhausted`` -> ``fatigue`` 1/2; ``on_hold`` ->
  ``on_hold`` (+ ``hold_round``); ``incapacitated`` -> ``incapacitated``;
  ``bleeding_out`` -> ``bleeding_out`` (and incapacitated); ``defending`` -> ``defending``
  (SW-21, cleared at the start of its next turn by ``turns``);
- ``stunned``, ``distracted``, ``vulnerable``, ``entangled``, ``bound``, ``prone`` ->
  :class:`Condition` entries in ``conditions``.

The in-place helpers (:func:`apply_condition`, :func:`clear_condition`) work on a
combatant of a state the caller already copied; combat rules use them too so every
part applies conditions the same way. The ``add_condition``/``remove_condition``
actions copy the state first.

Readings: removing Exhausted leaves the character Fatigued (one level, as fatigue
recovers); removing Fatigued clears all fatigue. Removing Incapacitated also ends
Bleeding out.
"""

from __future__ import annotations

from typing import Any

from bot.i18n.catalog import term
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.common import raw_items
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.state import Condition, SwadeCombatant, SwadeSettings, SwadeState
from bot.systems.words import readings

CONDITIONS: tuple[str, ...] = (
    "shaken",
    "stunned",
    "distracted",
    "vulnerable",
    "entangled",
    "bound",
    "prone",
    "fatigued",
    "exhausted",
    "defending",
    "on_hold",
    "incapacitated",
    "bleeding_out",
)
TIMED = ("distracted", "vulnerable")  # SW-17
STORED = ("stunned", "distracted", "vulnerable", "entangled", "bound", "prone")

_ALIASES: dict[str, str] = {
    "aturdido": "shaken",
    "conmocionado": "stunned",
    "distraido": "distracted",
    "aferrado": "entangled",
    "inmovilizado": "bound",
    "cuerpo a tierra": "prone",
    "derribado": "prone",
    "tumbado": "prone",
    "fatigado": "fatigued",
    "fatigue": "fatigued",
    "exhausto": "exhausted",
    "defensa": "defending",
    "defendiendo": "defending",
    "defend": "defending",
    "en espera": "on_hold",
    "espera": "on_hold",
    "hold": "on_hold",
    "on hold": "on_hold",
    "incapacitado": "incapacitated",
    "desangrandose": "bleeding_out",
    "bleeding out": "bleeding_out",
    "bleeding": "bleeding_out",
}

WOUND_PENALTY_CAP = 3  # SW-6
WOUNDS = "swade.mod.wounds"
DISTRACTED_PENALTY = -2  # SW-6 / SW-17
JOKER_BONUS = 2  # SW-33


def parse_condition(text: str) -> str:
    """A condition id from its id or its Spanish or English name."""
    for reading in readings(text):
        folded = reading.replace("_", " ")
        if folded.replace(" ", "_") in CONDITIONS:
            return folded.replace(" ", "_")
        if folded in _ALIASES:
            return _ALIASES[folded]
    raise RuleError("swade.condition.unknown", condition=text)


def rule_condition(text: str) -> str | None:
    """The rule's condition ``text`` names, or ``None`` (then it is a custom effect's
    name, :mod:`bot.systems.swade.effects`)."""
    try:
        return parse_condition(text)
    except RuleError:
        return None


def condition_key(name: str) -> str:
    """The catalogue key of condition ``name``'s word (its ``gender`` parameter chooses
    the form: :func:`condition_name`)."""
    return f"swade.condition.name.{name}"


def condition_name(name: str, gender: str | None = None) -> dict[str, Any]:
    """Condition ``name`` said of a combatant of ``gender``, as a term for a ``:key``
    parameter (issue 18: the feminine when the sheet or the GM gives ``f``; the
    catalogue's ``{gender, select, ...}`` chooses the word, issue 29)."""
    return term(condition_key(name), gender=gender)


def condition_params(c: SwadeCombatant, name: str) -> dict[str, Any]:
    """Event/error parameters for a condition: its id (``condition``) and the catalogue
    key of its name (``condition_name``) agreeing with ``c``'s gender, which the renderer
    translates."""
    return {
        "combatant": c.name,
        "condition": name,
        "condition_name": condition_name(name, c.gender),
    }


def _stored(c: SwadeCombatant, name: str) -> Condition | None:
    for cond in c.conditions:  # a loop, not next(genexpr): the board asks 13 times a line
        if cond.name == name:
            return cond
    return None


def has_condition(c: SwadeCombatant, name: str, settings: SwadeSettings) -> bool:
    """Whether ``c`` is under ``name``, implied conditions included: SW-16 Stunned is
    Distracted and Vulnerable; SW-20 Entangled is Distracted (Vulnerable instead with the
    ``entangled_vulnerable`` setting), Bound is Distracted and Vulnerable."""
    if not c.conditions and name not in _FIELD_CONDITIONS:
        return False  # SW-16/SW-20: only stored ones imply others (issue 32: per attack)
    return name in _held(c, settings, {cond.name for cond in c.conditions})


def holding_bound(c: SwadeCombatant, state: SwadeState) -> SwadeCombatant | None:
    """SW-19 (seed 003): the Bound foe ``c`` holds, which makes ``c`` Vulnerable while it
    holds it; None when it holds none."""
    if c.grappling is None:
        return None
    held = next((x for x in raw_items(state.combatants) if x.id == c.grappling), None)
    return held if held is not None and _stored(held, "bound") is not None else None


def _flagged(c: SwadeCombatant) -> bool:
    """Whether one of the conditions kept as a field (not in ``conditions``) is on."""
    return (
        c.shaken or c.fatigue > 0 or c.on_hold or c.incapacitated or c.bleeding_out or c.defending
    )


_FIELD_CONDITIONS = frozenset(
    {"shaken", "fatigued", "exhausted", "on_hold", "incapacitated", "bleeding_out", "defending"}
)
"""The conditions kept as fields of the combatant: only the field says, whatever the
stored list holds."""


def _held(c: SwadeCombatant, settings: SwadeSettings, stored: set[str]) -> set[str]:
    """Every condition ``c`` is under, given the names of its stored conditions: the
    fields' (SW-15 Shaken, Fatigued or Exhausted, on hold, Incapacitated, bleeding out,
    defending), the stored ones, and what they imply (SW-16, SW-20). All at once (issue
    32: the board asks for every combatant's after each action); :func:`has_condition`
    asks it for one."""
    held = stored - _FIELD_CONDITIONS if stored else set()
    if c.shaken:
        held.add("shaken")
    if c.fatigue == 1:
        held.add("fatigued")
    elif c.fatigue >= 2:
        held.add("exhausted")
    if c.on_hold:
        held.add("on_hold")
    if c.incapacitated:
        held.add("incapacitated")
    if c.bleeding_out:
        held.add("bleeding_out")
    if c.defending:
        held.add("defending")
    if not stored:
        return held
    stunned_or_bound = "stunned" in stored or "bound" in stored
    entangled = "entangled" in stored
    if stunned_or_bound or (entangled and not settings.entangled_vulnerable):
        held.add("distracted")
    if stunned_or_bound or (entangled and settings.entangled_vulnerable):
        held.add("vulnerable")
    return held


def effective_conditions(
    c: SwadeCombatant, settings: SwadeSettings, state: SwadeState | None = None
) -> list[str]:
    """Every condition ``c`` is under, implied ones included, in :data:`CONDITIONS` order
    (for the board). With the ``state``, a grappler holding a Bound foe is Vulnerable
    too (SW-19)."""
    if not c.conditions and not _flagged(c) and c.grappling is None:
        return []  # most combatants on a board: nothing to look up
    held = _held(c, settings, {cond.name for cond in c.conditions})
    names = [name for name in CONDITIONS if name in held]
    if state is not None and "vulnerable" not in names and holding_bound(c, state) is not None:
        names = [n for n in CONDITIONS if n in names or n == "vulnerable"]
    return names


def in_turn(state: SwadeState, c: SwadeCombatant) -> bool:
    """Whether ``c``'s turn (or its group's) is in progress."""
    if state.active is None:
        return False
    if state.active == c.id:
        return True
    leader = next((x for x in raw_items(state.combatants) if x.id == state.active), None)
    return leader is not None and leader.group is not None and leader.group == c.group


def _expected_round(state: SwadeState, c: SwadeCombatant, turns_left: int) -> int:
    """Display estimate of the round in which the owner's ``turns_left``-th turn ends."""
    if in_turn(state, c):
        return state.round + turns_left - 1
    leader_ids = [lid for lid in state.turn_order[state.current + 1 :]]
    pending = c.id in leader_ids or any(
        x.id in leader_ids for x in raw_items(state.combatants) if c.group and x.group == c.group
    )
    return state.round + turns_left - (1 if pending or c.on_hold else 0)


def lose_hold(state: SwadeState, c: SwadeCombatant, events: list[Event]) -> None:
    """SW-34: Shaken or Stunned (or being incapacitated) ends a Hold."""
    if not c.on_hold:
        return
    c.on_hold = False
    c.hold_round = None
    if c.group is None or not any(
        x.on_hold for x in raw_items(state.combatants) if x.group == c.group
    ):
        state.hold_queue = [h for h in state.hold_queue if h != c.id]
    events.append(Event(key="swade.hold.lost", params={"combatant": c.name, "gender": c.gender}))


def apply_condition(state: SwadeState, c: SwadeCombatant, name: str) -> list[Event]:
    """Put ``c`` under condition ``name`` (in place). Returns the events.

    SW-17: Distracted and Vulnerable last until the end of ``c``'s next turn — if its turn
    is in progress, the one after — and applying one again renews that end, never
    stacking. SW-16: Stunned also knocks prone. SW-34: Shaken and Stunned end a Hold.
    SW-20: Bound replaces Entangled and the other way round.
    """
    params = condition_params(c, name)
    events: list[Event] = []
    if name in TIMED:
        turns_left = 2 if in_turn(state, c) else 1
        existing = _stored(c, name)
        cond = Condition(
            name=name,
            ends="turn_end",
            turns_left=turns_left,
            ends_after_turn_of=c.id,
            ends_round=_expected_round(state, c, turns_left),
        )
        if existing is not None:
            c.conditions[c.conditions.index(existing)] = cond
            return [Event(key="swade.condition.renewed", params={**params, "gender": c.gender})]
        c.conditions.append(cond)
        return [Event(key="swade.condition.added", params=params)]
    if has_condition(c, name, state.settings):
        raise RuleError("swade.condition.already", **params)
    events.append(Event(key="swade.condition.added", params=params))
    if name in STORED:
        if name == "bound":
            c.conditions = [x for x in c.conditions if x.name != "entangled"]
        if name == "entangled":
            c.conditions = [x for x in c.conditions if x.name != "bound"]
        c.conditions.append(Condition(name=name))
        if name == "stunned":
            lose_hold(state, c, events)
            if _stored(c, "prone") is None:
                c.conditions.append(Condition(name="prone"))
                events.append(
                    Event(key="swade.condition.added", params=condition_params(c, "prone"))
                )
    elif name == "shaken":
        c.shaken = True
        lose_hold(state, c, events)
    elif name == "fatigued":
        c.fatigue = 1
    elif name == "exhausted":
        c.fatigue = 2
    elif name == "defending":
        c.defending = True
    elif name == "on_hold":
        c.on_hold = True
        c.hold_round = state.round
    elif name == "incapacitated":
        c.incapacitated = True
        lose_hold(state, c, events)
    elif name == "bleeding_out":
        c.bleeding_out = True
        c.incapacitated = True
        lose_hold(state, c, events)
    return events


def clear_condition(state: SwadeState, c: SwadeCombatant, name: str) -> list[Event]:
    """End condition ``name`` on ``c`` (in place). An implied condition cannot be removed
    alone (``swade.condition.implied``): remove what implies it."""
    params = condition_params(c, name)
    if not has_condition(c, name, state.settings):
        raise RuleError("swade.condition.absent", **params, gender=c.gender)
    if name in STORED:
        if _stored(c, name) is None:
            raise RuleError("swade.condition.implied", **params)
        c.conditions = [x for x in c.conditions if x.name != name]
    elif name == "shaken":
        c.shaken = False
    elif name == "fatigued":
        c.fatigue = 0
    elif name == "exhausted":
        c.fatigue = 1
    elif name == "defending":
        c.defending = False
    elif name == "on_hold":
        c.on_hold = False
        c.hold_round = None
        state.hold_queue = [h for h in state.hold_queue if h != c.id]
    elif name == "incapacitated":
        c.incapacitated = False
        c.bleeding_out = False
    elif name == "bleeding_out":
        c.bleeding_out = False
    return [Event(key="swade.condition.removed", params=params)]


def expire_at_turn_end(state: SwadeState, c: SwadeCombatant) -> list[Event]:
    """SW-17: at the end of ``c``'s turn, count down its turn-end conditions and remove
    those that end now."""
    events: list[Event] = []
    kept: list[Condition] = []
    for cond in c.conditions:
        if cond.ends == "removed" and cond.ends_after_turn_of == c.id and cond.ends_round:
            # the round-stamped form (combat rules' ``add_timed_condition``): it ends at
            # the end of the owner's turn in ``ends_round``
            ends_now = state.round >= cond.ends_round
        elif cond.ends == "turn_end":
            cond.turns_left -= 1
            ends_now = cond.turns_left <= 0
        else:
            kept.append(cond)
            continue
        if ends_now:
            events.append(
                Event(
                    key="swade.condition.expired",
                    params=condition_params(c, cond.name),
                )
            )
            continue
        if cond.ends == "turn_end":
            cond.ends_round = state.round + 1
        kept.append(cond)
    c.conditions = kept
    return events


def trait_modifiers(c: SwadeCombatant, state: SwadeState) -> list[tuple[str, int]]:
    """SW-6: the named modifiers on every trait roll ``c`` makes now, non-zero only.

    Names are i18n keys (``swade.mod.*``), like the combat rules' modifiers.

    - ``wounds``: -1 per wound, at most -3; Nerves of Steel ignores 1 point of it,
      Improved Nerves of Steel 2 (core SWADE edges);
    - ``fatigue``: -1 Fatigued, -2 Exhausted;
    - ``distracted``: -2, once, whether explicit or implied (Entangled, Bound, Stunned);
    - ``joker``: +2 when its card this round is a Joker (SW-33).

    Per-action modifiers (multi-action, running, support...) belong to the action.
    """
    mods: list[tuple[str, int]] = []
    wounds = min(c.wounds, WOUND_PENALTY_CAP)
    if "improved_nerves_of_steel" in c.edges:
        wounds = max(0, wounds - 2)
    elif "nerves_of_steel" in c.edges:
        wounds = max(0, wounds - 1)
    if wounds:
        mods.append((WOUNDS, -wounds))
    if c.fatigue:
        mods.append(("swade.mod.fatigue", -min(c.fatigue, 2)))
    if has_condition(c, "distracted", state.settings):
        mods.append(("swade.mod.distracted", DISTRACTED_PENALTY))
    if has_joker(c, state):
        mods.append(("swade.mod.joker", JOKER_BONUS))
    return mods


def has_joker(c: SwadeCombatant, state: SwadeState) -> bool:
    """SW-33: its card this round is a Joker."""
    return c.card is not None and c.card.joker and c.card_round == state.round


# Issue 21: what a player may do to the conditions of the combatant it controls. The
# rest is the rules' (a Spirit roll or a benny ends Shaken, SW-15; Vigor ends Stunned,
# SW-16; escaping ends Entangled and Bound, SW-19; healing ends Incapacitated) or the
# GM's: a player who could clear them by command would never roll. Going prone and
# standing up, and giving up a Defend, are the player's choice.
PLAYER_REMOVES: frozenset[str] = frozenset({"prone", "defending"})
# Hold is dealt by the round (/hold, SW-34): a player does not go on Hold by adding it.
GM_ADDS: frozenset[str] = frozenset({"on_hold"})


def require_condition_right(actor: Actor, c: SwadeCombatant, name: str, *, adding: bool) -> None:
    """Issue 21: the GM may add or remove any condition; a player, on a combatant it
    controls, may add any but :data:`GM_ADDS` and remove only :data:`PLAYER_REMOVES`
    (``swade.perm.condition_add``/``swade.perm.condition_remove`` say how it ends)."""
    require_control(actor, c)
    if actor.is_gm:
        return
    if adding and name in GM_ADDS:
        raise RuleError("swade.perm.condition_add", **condition_params(c, name))
    if not adding and name not in PLAYER_REMOVES:
        raise RuleError("swade.perm.condition_remove", **condition_params(c, name))


def add_condition(state: SwadeState, actor: Actor, combatant_id: str, condition: str) -> Outcome:
    """Action: put a combatant under a condition (:func:`apply_condition`). The GM, or the
    combatant's controller (:func:`require_condition_right`)."""
    name = parse_condition(condition)
    combatant = find_combatant(state, combatant_id)
    require_condition_right(actor, combatant, name, adding=True)
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant.id)
    events = apply_condition(new, target, name)
    summary = Event(key="log.swade.condition_add", params=condition_params(target, name))
    return Outcome(state=new, events=events, summary=summary)


def remove_condition(state: SwadeState, actor: Actor, combatant_id: str, condition: str) -> Outcome:
    """Action: end a condition (:func:`clear_condition`). The GM, or the controller for
    the conditions a player may end (:func:`require_condition_right`)."""
    name = parse_condition(condition)
    combatant = find_combatant(state, combatant_id)
    require_condition_right(actor, combatant, name, adding=False)
    new = state.model_copy(deep=True)
    target = find_combatant(new, combatant.id)
    events = clear_condition(new, target, name)
    summary = Event(key="log.swade.condition_remove", params=condition_params(target, name))
    return Outcome(state=new, events=events, summary=summary)


def condition_ends_key(state: SwadeState, c: SwadeCombatant, cond: Condition) -> str | None:
    """For the board: the i18n key saying when ``cond`` ends (``None``: until removed).
    ``swade.condition.ends.this_turn`` while the owner's turn that ends it is in
    progress, ``swade.condition.ends.next_turn`` otherwise."""
    if cond.ends == "turn_end":
        last = cond.turns_left <= 1
    elif cond.ends_after_turn_of == c.id and cond.ends_round:
        last = state.round >= cond.ends_round
    else:
        return None
    if last and in_turn(state, c):
        return "swade.condition.ends.this_turn"
    return "swade.condition.ends.next_turn"
