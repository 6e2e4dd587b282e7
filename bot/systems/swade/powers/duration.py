"""Savage Worlds powers after the cast (RULES-NOTES SW-41, SW-42, SW-35): ending a
maintained power, the turn hooks (maintained powers counting down, Lingering Damage),
and the benny that recovers Power Points (seed 001). Pure.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.swade.encounter_rules import find_combatant, require_control
from bot.systems.swade.names import fold
from bot.systems.swade.power_effects import end_active_power, expire_maintained, fire_lingering
from bot.systems.swade.power_lookup import find_definition
from bot.systems.swade.power_models import ActivePower
from bot.systems.swade.state import SwadeCombatant, SwadeState

POWER_POINTS_PER_BENNY = 5  # seed 001 "Recuperar Puntos de Poder"


def _find_active(state: SwadeState, caster: SwadeCombatant, which: str) -> ActivePower:
    wanted = fold(which).strip()
    definition = find_definition(state, which)
    for active in caster.maintaining:
        if wanted in (active.id, fold(active.power), fold(active.power_id.replace("_", " "))):
            return active
        if definition is not None and definition.id == active.power_id:
            return active
    raise RuleError(
        "swade.powers.error.not_maintaining",
        name=caster.name,
        gender=caster.gender,
        power=which,
        active=[a.power for a in caster.maintaining] or "-",
    )


def end_power(state: SwadeState, actor: Actor, caster_id: str, which: str) -> Outcome:
    """SW-42 ``/cast end``: the caster stops maintaining a power (``which``: its id on the
    board, or its name); its effects leave every target. A free action. The caster's
    controller or the GM."""
    new = state.model_copy(deep=True)
    caster = find_combatant(new, caster_id)
    require_control(actor, caster)
    if not caster.maintaining:
        raise RuleError("swade.powers.error.nothing_maintained", name=caster.name)
    active = _find_active(new, caster, which)
    events = end_active_power(new, caster, active, reason="ended")
    return Outcome(
        state=new,
        events=events,
        summary=Event(key="log.swade.end_power", params={"name": caster.name, "power": active.id}),
    )


def end_of_turn(state: SwadeState, combatant_id: str) -> Outcome:
    """SW-42 at the end of ``combatant_id``'s turn: its maintained powers count down and
    those with no rounds left end (``turns`` applies the same helper,
    ``power_effects.expire_maintained``, in its own turn end)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events = expire_maintained(new, c)
    return Outcome(
        state=new,
        events=events,
        summary=Event(
            key="log.swade.powers_end_of_turn", params={"name": c.name, "gender": c.gender}
        ),
    )


def start_of_turn(state: SwadeState, dice: DiceSource, combatant_id: str) -> Outcome:
    """SW-41 at the start of ``combatant_id``'s turn: its Lingering Damage due is rolled
    and applied (``turns`` applies the same helper, ``power_effects.fire_lingering``)."""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    events, offers = fire_lingering(new, dice, c)
    return Outcome(
        state=new,
        events=events,
        offers=offers,
        summary=Event(key="log.swade.lingering", params={"name": c.name}),
    )


def recover_power_points(
    state: SwadeState, actor: Actor, combatant_id: str, amount: int = POWER_POINTS_PER_BENNY
) -> Outcome:
    """SW-35/SW-42 (seed 001): a benny recovers 5 Power Points, never above the maximum
    (without a known maximum they are added as they are). Refused for a character whose
    sheet tracks no Power Points, and when it is at its maximum (no benny wasted). The
    bennies ledger charges the benny. (This is ``/bennies spend use:power`` runs, through
    ``bot.systems.swade.moves.bennies.SPENDS``.)"""
    new = state.model_copy(deep=True)
    c = find_combatant(new, combatant_id)
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):  # a benny's, not a cast's
        raise RuleError("bennies.error.not_yours", name=c.name)
    if c.power_points is None:
        raise RuleError("bennies.error.no_power_points", name=c.name, gender=c.gender)
    if c.max_power_points is not None and c.power_points >= c.max_power_points:
        raise RuleError("bennies.error.power_points_full", name=c.name)
    before = c.power_points
    after = before + max(0, amount)
    if c.max_power_points is not None:
        after = min(after, c.max_power_points)
    c.power_points = after
    event = Event(
        key="bennies.power_recovered",
        params={"name": c.name, "gained": after - before, "points": after},
    )
    return Outcome(
        state=new,
        events=[event],
        summary=Event(key="log.swade.recover_power_points", params={"name": c.name}),
    )
