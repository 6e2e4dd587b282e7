"""Dread S-20 combatants, initiative (DS-3), turns (DS-4), turn start (DS-5 defence reset,
DS-8 agony roll, DS-10 waking up), Aguantar el dolor (DS-9), techniques, first aid and
the hourly Grave roll (DS-8). Pure functions of (state, ..., dice) -> Outcome.

Dice order: ``next_turn`` rolls the agony roll (d20 then its penalty d4s), then the
waking-up roll; initiative (DS-3) is :mod:`bot.systems.ds20.initiative`'s.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import NAME_MAX, require_room
from bot.systems.common import raw_items
from bot.systems.ds20._common import (
    MAX_EXTRA_ACTIONS,
    action_penalty,
    controlled,
    copy,
    every_action_rolls,
    require_able,
    require_gm,
    require_no_pending,
    result_suffix,
    roll_event,
    roll_skill,
    score_of,
    use_action,
)
from bot.systems.ds20.bounds import require_sheet
from bot.systems.ds20.initiative import roll_for, sort_order
from bot.systems.ds20.references import clear_references
from bot.systems.ds20.state import (
    ACROBACIA,
    FORTALEZA,
    PRIMEROS_AUXILIOS,
    DS20State,
    DSCombatant,
)
from bot.systems.ds20.statline import fold, parse_statline, skill_key
from bot.systems.ds20.wounds import can_run, dies_of_fatigue, mark_fatigue
from bot.systems.plain_names import admit_name
from bot.systems.plugin import Turn


def add_combatant(
    state: DS20State,
    actor: Actor,
    sheet: DSCombatant | str,
    *,
    controller_id: int | None = None,
    dice: DiceSource | None = None,
) -> Outcome:
    """Add a combatant from a sheet (a :class:`DSCombatant` or a stat line). It gets the
    next id ("c1", "c2"...). Once initiative has been rolled, pass ``dice`` and it rolls
    its own (or joins its group's) initiative and takes its place in the order."""
    require_gm(actor)
    new = copy(state)
    c = parse_statline(sheet) if isinstance(sheet, str) else sheet.model_copy(deep=True)
    require_sheet(c)  # issue 21: a sheet saved before the bounds
    require_room(len(new.combatants), 1)
    c.id = new.new_id()
    if controller_id is not None:
        c.controller_id = controller_id
    if any(fold(o.name) == fold(c.name) for o in raw_items(new.combatants)):
        raise RuleError("ds20.error.duplicate_name", name=c.name)
    c.name = admit_name(c.name, [o.name for o in raw_items(new.combatants)], limit=NAME_MAX)
    new.combatants.append(c)
    events = [Event(key="ds20.combatant.added", params={"name": c.name, "id": c.id})]
    if new.turn_order and dice is not None:
        events.extend(roll_for(new, [c], dice))
        events.extend(sort_order(new, dice))
    return Outcome(state=new, events=events, summary=Event(key="log.add", params={"name": c.name}))


def remove_combatant(state: DS20State, actor: Actor, combatant_id: str) -> Outcome:
    require_gm(actor)
    new = copy(state)
    c = new.get(combatant_id)
    new.combatants = [o for o in new.combatants if o.id != combatant_id]
    clear_references(new, combatant_id)  # issue 21: pending attack, grapples, the order
    return Outcome(
        state=new,
        events=[Event(key="ds20.combatant.removed", params={"name": c.name})],
        summary=Event(key="log.remove", params={"name": c.name}),
    )


def _end_turn(c: DSCombatant) -> None:
    c.enduring_pain = False  # DS-9: only until the end of its turn
    c.active_technique = None


def _start_turn(state: DS20State, c: DSCombatant, dice: DiceSource) -> list[Event]:
    """Turn start: DS-5 extra-defence penalties reset; DS-4 counters reset; DS-11 lost
    movement is announced; DS-8 agony roll; DS-10 an unconscious character tries to
    wake up with Fortaleza."""
    c.defences = 0
    c.extra_actions = 0
    c.actions_used = 0
    c.technique_rolled = False
    c.active_technique = None
    c.enduring_pain = False
    c.empty_used = 0
    events = [
        Event(key="ds20.turn.start", params={"name": c.name, "round": state.round, "id": c.id})
    ]
    if c.no_move_next_turn:
        c.no_move_next_turn = False
        events.append(Event(key="ds20.turn.no_move", params={"name": c.name}))
    if c.health == "agony":
        events.extend(health_roll(c, dice))
    if c.unconscious and c.health != "dead":
        roll = roll_skill(dice, c, FORTALEZA)
        events.append(roll_event(f"ds20.wake.{result_suffix(roll)}", roll, name=c.name))
        if roll.success:
            c.unconscious = False
    return events


def health_roll(c: DSCombatant, dice: DiceSource) -> list[Event]:
    """DS-8 agony roll (every turn in Agonía; once an hour when Grave): Fortaleza.
    Disaster: 2 Agotamiento; failure: 1; success: nothing; spectacular: stabilised
    (Agonía becomes Grave). Mutates ``c``."""
    roll = roll_skill(dice, c, FORTALEZA)
    events = [roll_event(f"ds20.health_roll.{result_suffix(roll)}", roll, name=c.name)]
    if roll.disaster:
        events.extend(mark_fatigue(c, 2))
    elif not roll.success:
        events.extend(mark_fatigue(c, 1))
    elif roll.spectacular and c.health == "agony":
        c.health = "grave"
        events.append(Event(key="ds20.health.stabilised", params={"name": c.name}))
    return events


def next_turn(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    """DS-4: end the current turn and start the next living combatant's, in initiative
    order; after the last one, a new round. The GM or the current combatant's
    controller may pass the turn. An attack awaiting its defence blocks it."""
    require_no_pending(state)
    if not state.turn_order:
        raise RuleError("ds20.error.no_initiative")
    new = copy(state)
    current = new.current_id
    if current is not None:
        c = new.get(current)
        if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):
            # It is c's turn: "not c's turn, end it with /next" was wrong and circular.
            raise RuleError("ds20.error.not_your_turn_to_end", name=c.name)
        _end_turn(c)
    elif not actor.is_gm:
        raise RuleError("ds20.error.gm_only")
    events: list[Event] = []
    idx = new.current
    if new.round == 0:
        new.round, idx = 1, -1
        events.append(Event(key="ds20.round.start", params={"round": 1}))
    for _ in range(len(new.turn_order)):
        idx += 1
        if idx >= len(new.turn_order):
            idx = 0
            new.round += 1
            events.append(Event(key="ds20.round.start", params={"round": new.round}))
        if new.get(new.turn_order[idx]).health != "dead":
            break
    else:
        raise RuleError("ds20.error.everyone_dead")
    new.current = idx
    c = new.get(new.turn_order[idx])
    events.extend(_start_turn(new, c, dice))
    return Outcome(state=new, events=events, summary=Event(key="log.next", params={"name": c.name}))


def declare_actions(state: DS20State, actor: Actor, combatant_id: str, extra: int) -> Outcome:
    """DS-4: declare ``extra`` additional actions before acting this turn; each one adds
    a penalty to every action of the turn; with more than 2 actions, every action
    needs a roll."""
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if new.current_id != c.id:
        raise RuleError("ds20.error.not_your_turn", name=c.name, gender=c.gender)
    if c.actions_used > 0:
        raise RuleError("ds20.error.declare_before_acting", name=c.name)
    if not 0 <= extra <= MAX_EXTRA_ACTIONS:
        raise RuleError("ds20.error.bad_extra_actions", limit=MAX_EXTRA_ACTIONS)
    c.extra_actions = extra
    events = [
        Event(
            key="ds20.actions.declared",
            params={"name": c.name, "actions": extra + 1, "penalty": extra},
        )
    ]
    if extra + 1 > 2:
        events.append(Event(key="ds20.actions.all_need_rolls", params={"name": c.name}))
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.declare", params={"name": c.name, "extra": extra}),
    )


def endure_pain(
    state: DS20State, actor: Actor, combatant_id: str, *, confirm: bool = False
) -> Outcome:
    """DS-9 Aguantar el dolor: at the start of its turn (before acting), mark one
    Agotamiento and ignore wound penalties until the end of the turn. Marking the last
    point while Grave (untreated, DS-12) or in Agonía is death (DS-8): then it is done
    only when ``confirm`` says so; without it the action is refused, saying it would
    kill and how to confirm (issue 17: never a silent death)."""
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if new.current_id != c.id:
        raise RuleError("ds20.error.not_your_turn", name=c.name, gender=c.gender)
    if c.actions_used > 0 or c.technique_rolled:
        raise RuleError("ds20.error.endure_at_turn_start", name=c.name, gender=c.gender)
    if c.enduring_pain:
        raise RuleError("ds20.error.already_enduring", name=c.name)
    if c.fatigue >= c.fatigue_max:
        raise RuleError("ds20.error.no_fatigue_left", name=c.name, gender=c.gender)
    if c.fatigue + 1 >= c.fatigue_max and dies_of_fatigue(c) and not confirm:
        raise RuleError(
            "ds20.error.endure_would_kill",
            name=c.name,
            gender=c.gender,
            fatigue=c.fatigue,
            max=c.fatigue_max,
        )
    c.enduring_pain = True
    events = [Event(key="ds20.endure_pain", params={"name": c.name})]
    events.extend(mark_fatigue(c, 1))
    return Outcome(
        state=new, events=events, summary=Event(key="log.ds20.endure", params={"name": c.name})
    )


def run(state: DS20State, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """DS-12 (seed 004 "Para correr, se usa una acción y se desplaza una cantidad de
    metros igual al puntaje de acrobacia"): running is an action that moves the
    character its Acrobacia score in metres (instead of half Destreza). DS-9: a
    character with an HG cannot run. DS-4: with more than 2 actions declared it needs an
    Acrobacia roll; a failure spends the action without running. Readings: a prone or
    grappled character cannot run (it stands up or breaks free first), and running
    loses the aim bonus, like any other action (DS-11). Dice: that roll."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if not can_run(c):
        raise RuleError("ds20.error.cannot_run_hg", name=c.name, gender=c.gender)
    if c.prone:
        raise RuleError("ds20.error.run_prone", name=c.name, gender=c.gender)
    if c.grappled_by:
        raise RuleError("ds20.error.grappled", name=c.name, gender=c.gender)
    metres = score_of(c, ACROBACIA)
    use_action(new, c)
    c.aim = 0
    events: list[Event] = []
    if every_action_rolls(c):
        roll = roll_skill(dice, c, ACROBACIA, penalty=action_penalty(c))
        key = f"ds20.hurried.run.{'success' if roll.success else 'failure'}"
        events.append(roll_event(key, roll, name=c.name))
        if not roll.success:
            return Outcome(
                state=new, events=events, summary=Event(key="log.ds20.run", params={"name": c.name})
            )
    events.append(
        Event(key="ds20.run", params={"name": c.name, "gender": c.gender, "metres": metres})
    )
    return Outcome(
        state=new, events=events, summary=Event(key="log.ds20.run", params={"name": c.name})
    )


def use_technique(
    state: DS20State, actor: Actor, dice: DiceSource, combatant_id: str, technique: str
) -> Outcome:
    """DS-4: at most one technique roll per turn; a success makes the technique active
    for the combatant's next attack this turn (its bonus dice and damage points)."""
    require_no_pending(state)
    new = copy(state)
    c = controlled(new, actor, combatant_id)
    require_able(c)
    if new.current_id is not None and new.current_id != c.id:
        raise RuleError("ds20.error.not_your_turn", name=c.name, gender=c.gender)
    if c.technique_rolled:
        raise RuleError("ds20.error.one_technique_per_turn", name=c.name)
    tech = next((t for t in c.techniques if fold(t.name) == fold(technique)), None)
    if tech is None:
        raise RuleError(
            "ds20.error.unknown_technique", name=c.name, gender=c.gender, technique=technique
        )
    roll = roll_skill(dice, c, skill_key(tech.skill))
    c.technique_rolled = True
    if roll.success:
        c.active_technique = tech.name
    events = [
        roll_event(
            "ds20.technique.success" if roll.success else "ds20.technique.failure",
            roll,
            name=c.name,
            technique=tech.name,
        )
    ]
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.technique", params={"name": c.name, "technique": tech.name}),
    )


def grave_roll(state: DS20State, actor: Actor, dice: DiceSource, combatant_id: str) -> Outcome:
    """DS-8: a Grave character (not yet treated) makes the agony roll once an hour. The
    GM asks for it."""
    require_gm(actor)
    new = copy(state)
    c = new.get(combatant_id)
    if c.health != "grave" or c.treated:
        raise RuleError("ds20.error.not_grave", name=c.name)
    return Outcome(
        state=new,
        events=health_roll(c, dice),
        summary=Event(key="log.ds20.grave_roll", params={"name": c.name}),
    )


def first_aid(
    state: DS20State, actor: Actor, dice: DiceSource, healer_id: str, patient_id: str
) -> Outcome:
    """DS-12 (seed 004: "Si recibe primeros auxilios con una tirada exitosa, el
    personaje sale del estado grave y comienza a sanar"): a successful Primeros
    Auxilios roll takes a Grave character out of Grave: its health is no longer Grave
    (its HG boxes stay filled, DS-9 penalties included), it makes no more Grave rolls and
    heals normally (``treated``). Reading: on a character in Agonía, success stabilises
    it to Grave. Counts as an action in combat."""
    require_no_pending(state)
    new = copy(state)
    healer = controlled(new, actor, healer_id)
    require_able(healer)
    patient = new.get(patient_id)
    if patient.health not in ("grave", "agony") or patient.treated:
        raise RuleError("ds20.error.no_first_aid_needed", name=patient.name)
    use_action(new, healer)
    healer.aim = 0
    roll = roll_skill(dice, healer, PRIMEROS_AUXILIOS)
    events = [
        roll_event(
            f"ds20.first_aid.{'success' if roll.success else 'failure'}",
            roll,
            name=healer.name,
            patient=patient.name,
            own=healer.id == patient.id,  # issue 29: "se atiende a sí misma"
            gender=healer.gender,
        )
    ]
    if roll.success:
        if patient.health == "agony":
            patient.health = "grave"
            events.append(Event(key="ds20.health.stabilised", params={"name": patient.name}))
        else:
            patient.health = "ok"
            patient.treated = True
            events.append(Event(key="ds20.health.treated", params={"name": patient.name}))
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.ds20.first_aid", params={"name": patient.name}),
    )


EDITABLE = frozenset(
    {
        "fatigue",
        "health",
        "treated",
        "prone",
        "unconscious",
        "aim",
        "side",
        "group",
        "name",
        "controller_id",
        "gender",
    }
)


def edit_combatant(
    state: DS20State,
    actor: Actor,
    combatant_id: str,
    *,
    wounds: tuple[int, int, int] | None = None,
    ammo: tuple[str, int] | None = None,
    **changes: object,
) -> Outcome:
    """The GM corrects a combatant between rules (healing, a fall, a mistake):
    ``wounds`` = (R, HL, HG) boxes filled, ``ammo`` = (weapon, bullets), and any of
    :data:`EDITABLE` as keyword arguments. Values are validated by the model."""
    require_gm(actor)
    unknown = set(changes) - EDITABLE
    if unknown:
        raise RuleError("ds20.error.not_editable", field=", ".join(sorted(unknown)))
    new = copy(state)
    c = new.get(combatant_id)
    data = c.model_dump()
    data.update(changes)
    if wounds is not None:
        r, hl, hg = wounds
        if min(wounds) < 0 or r > c.capacity.r or hl > c.capacity.hl or hg > c.capacity.hg:
            raise RuleError("ds20.error.bad_wounds", name=c.name, gender=c.gender)
        data["wounds"] = {"r": r, "hl": hl, "hg": hg}
    if ammo is not None:
        weapon, bullets = ammo
        w = next((w for w in data["weapons"] if fold(w["name"]) == fold(weapon)), None)
        if w is None:
            raise RuleError(
                "ds20.error.unknown_weapon", name=c.name, gender=c.gender, weapon=weapon
            )
        if w["kind"] != "fuego":
            raise RuleError("ds20.error.ammo_not_firearm", weapon=w["name"])
        if w["magazine"] is None:  # bullets not counted (DS-11): nothing to correct
            raise RuleError("ds20.error.no_magazine", weapon=w["name"])
        if not 0 <= bullets <= w["magazine"]:
            raise RuleError("ds20.error.bad_ammo", weapon=w["name"], magazine=w["magazine"])
        w["ammo"] = bullets
    if "name" in changes:  # issue 21: plain, not an id, unique by its folded form
        others = [o.name for o in raw_items(new.combatants) if o.id != c.id]
        data["name"] = admit_name(str(changes["name"]), others, limit=NAME_MAX)
    try:
        edited = DSCombatant.model_validate(data)
    except ValueError as exc:
        raise RuleError("ds20.error.bad_edit", name=c.name) from exc
    if not 0 <= edited.fatigue <= edited.fatigue_max:
        raise RuleError("ds20.error.bad_edit", name=c.name)
    require_sheet(edited)  # issue 21: every value within its bound
    new.combatants[new.combatants.index(c)] = edited
    return Outcome(
        state=new,
        events=[Event(key="ds20.combatant.edited", params={"name": edited.name})],
        summary=Event(key="log.edit", params={"name": edited.name}),
    )


def whose_turn(state: DS20State) -> Turn | None:
    """Issue 18 (turn pings): the combatant whose turn it is (DS-4) and the next living
    one in initiative order, the first of the next round after the last."""
    current = state.current_id
    if current is None:
        return None
    living = {c.id for c in raw_items(state.combatants) if c.health != "dead"}
    count = len(state.turn_order)
    after = (state.turn_order[(state.current + k) % count] for k in range(1, count))
    nxt = next((cid for cid in after if cid in living), None)
    return Turn(now=(current,), on_deck=(nxt,) if nxt else (), mark=(state.round, current))
