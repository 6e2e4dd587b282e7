"""Helpers shared by the Dread S-20 rule modules: permissions, the action economy of a
turn (DS-4), rolls with wound penalties (DS-1, DS-9), weapons, defence offers. Pure."""

from __future__ import annotations

from bot.dice.ds20 import DSRoll, Units, roll_under
from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Offer, RuleError
from bot.systems.ds20.state import (
    ACROBACIA,
    ARMAS_CC,
    ARMAS_FUEGO,
    DESTREZA,
    FORTALEZA,
    PELEA,
    DS20State,
    DSCombatant,
    DSWeapon,
    WeaponKind,
)
from bot.systems.ds20.statline import fold
from bot.systems.ds20.units import EXTRA_ACTIONS, WOUNDS_HG, WOUNDS_HL, units
from bot.systems.ds20.words import skill_term
from bot.systems.ds20.wounds import worst_wound, wound_penalty
from bot.systems.lookup import first_named

# DS-9: physical rolls (Fortaleza or Destreza based) take wound penalties.
PHYSICAL = frozenset({FORTALEZA, DESTREZA, PELEA, ARMAS_CC, ARMAS_FUEGO, ACROBACIA})
MAX_EXTRA_ACTIONS = 5


def copy(state: DS20State) -> DS20State:
    return state.model_copy(deep=True)


def controlled(state: DS20State, actor: Actor, combatant_id: str) -> DSCombatant:
    """The combatant, if ``actor`` controls it (the GM controls every one)."""
    c = state.get(combatant_id)
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):
        raise RuleError("ds20.error.not_your_combatant", name=c.name, gender=c.gender)
    return c


def require_gm(actor: Actor) -> None:
    if not actor.is_gm:
        raise RuleError("ds20.error.gm_only")


def require_able(c: DSCombatant) -> None:
    """A dead or unconscious combatant cannot act (the refusal is about the one acting:
    "choose another target" was the target's refusal)."""
    if c.health == "dead":
        raise RuleError("ds20.error.actor_dead", name=c.name)
    if c.unconscious:
        raise RuleError("ds20.error.unconscious", name=c.name, gender=c.gender)


def require_no_pending(state: DS20State) -> None:
    if state.pending is not None:
        target = state.get(state.pending.target_id)
        # DS-11: the extra bullets of an emptied magazine are dodged or taken, not blocked.
        bullets = state.pending.maneuver == "bullets"
        raise RuleError("ds20.error.pending_attack", name=target.name, bullets=bullets)


def use_action(state: DS20State, c: DSCombatant) -> None:
    """DS-4: once initiative runs, only the combatant whose turn it is acts, and only as
    many actions as it declared (one plus the extra ones). Before initiative (a
    surprise attack, say) actions are not counted. Once it is rolled (DS-3), nobody
    acts until the GM starts round 1 (``next_turn``): the order decides who acts first."""
    if state.current_id is None:
        if state.turn_order and state.round == 0:
            raise RuleError("ds20.error.round_not_started", name=c.name)
        return
    if state.current_id != c.id:
        raise RuleError("ds20.error.not_your_turn", name=c.name, gender=c.gender)
    allowed = 1 + c.extra_actions
    if c.actions_used >= allowed:
        raise RuleError("ds20.error.no_actions_left", name=c.name, gender=c.gender, actions=allowed)
    c.actions_used += 1


def every_action_rolls(c: DSCombatant) -> bool:
    """DS-4 (seed 004 "si se realizan más de 2 acciones, todas requerirán siempre de una
    tirada"): with more than 2 actions declared this turn, even an action that needs no
    roll (reloading, aiming, clearing a minor jam, running) needs one."""
    return 1 + c.extra_actions > 2


def action_penalty(c: DSCombatant) -> Units:
    """DS-4: each declared extra action adds one penalty to every action that turn."""
    return units((EXTRA_ACTIONS, c.extra_actions))


def score_of(c: DSCombatant, skill: str) -> int:
    if skill not in c.scores:
        raise RuleError(
            "ds20.error.no_score", name=c.name, gender=c.gender, skill=skill_term(skill)
        )
    return c.scores[skill]


def roll_skill(
    dice: DiceSource,
    c: DSCombatant,
    skill: str,
    *,
    bonus: Units = (),
    penalty: Units = (),
    firearm: bool = False,
) -> DSRoll:
    """DS-1 roll of ``skill`` with ``bonus`` and ``penalty`` units by source; DS-9
    wound penalties are added for physical rolls (one less when shooting), named by
    the worst wound."""
    score = score_of(c, skill)
    wounds = wound_penalty(c, firearm=firearm) if skill in PHYSICAL else 0
    label = WOUNDS_HG if worst_wound(c) == "HG" else WOUNDS_HL
    return roll_under(dice, score, bonus, (*penalty, *units((label, wounds))))


def roll_event(key: str, roll: DSRoll, **params: object) -> Event:
    return Event(
        key=key,
        params={**params, "margin": roll.margin, "d20": roll.d20},
        dice=roll.to_view(),
    )


def result_suffix(roll: DSRoll) -> str:
    if roll.spectacular:
        return "spectacular"
    if roll.disaster:
        return "disaster"
    return "success" if roll.success else "failure"


def named_weapon(c: DSCombatant, name: str) -> DSWeapon | None:
    """``c``'s weapon called ``name`` (case and accents ignored, as typed or without
    quotes and trailing punctuation: :func:`bot.systems.lookup.first_named`)."""
    return first_named(c.weapons, name, lambda w, wanted: fold(w.name) == wanted)


def find_weapon(c: DSCombatant, name: str | None, kinds: tuple[WeaponKind, ...]) -> DSWeapon:
    """The named weapon (case and accents ignored), or the first of ``kinds`` in hand as
    the sheet lists them, a Pelea one (fists) only when there is no other (SW-44's care:
    unarmed only when the attacker has no weapon that fits)."""
    if name:
        w = named_weapon(c, name)
        if w is None:
            raise RuleError("ds20.error.unknown_weapon", name=c.name, gender=c.gender, weapon=name)
        if w.dropped:
            raise RuleError("ds20.error.weapon_dropped", name=c.name, weapon=w.name)
        if w.kind not in kinds:
            raise RuleError("ds20.error.wrong_weapon_kind", weapon=w.name)
        return w
    in_hand = [w for w in c.weapons if w.kind in kinds and not w.dropped]
    armed = [w for w in in_hand if w.kind != "pelea"]
    if in_hand:
        return (armed or in_hand)[0]
    weapon_kind = kinds[0]
    raise RuleError(
        "ds20.error.no_weapon_of_kind",
        name=c.name,
        gender=c.gender,
        kind=f"ds20.kind.{weapon_kind}",
    )


def defence_offers(target: DSCombatant, kinds: tuple[str, ...]) -> list[Offer]:
    """Buttons for the defender's answer (DS-5): for its controller, or the GM (None)."""
    return [
        Offer.to_player_of(target, "ds20.defend", f"ds20.offer.{kind}", data={"kind": kind})
        for kind in kinds
    ]
