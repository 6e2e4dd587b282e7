"""What a benny buys in Savage Worlds (SW-4, SW-14, SW-15, SW-35), as moves: the buttons
under a result ("Repetir ataque (beni)", "Absorber (beni)", "Repetir Vigor (beni)",
"Quitarse Aturdido"...) and ``/react soak|unshake``. Each is a rules call with a
:class:`~bot.systems.plugin.Cost`: the bot charges one benny from the paying
combatant's pool and runs the rules as one action; when the rules refuse (a critical
failure cannot be rerolled, SW-4), nothing is spent.

:data:`SPENDS` is the rules call of each use by name, shared with ``/bennies spend``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Offer, Outcome
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import (
    combat,
    damage,
    maneuvers,
    powers,
    sheet_rolls,
    turns,
)
from bot.systems.swade.moves.who import Rules, find_named, own_combatant, with_benny
from bot.systems.swade.state import SwadeCombatant, SwadeState


def _reroll(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return combat.reroll_attack(s, a, d, cid)


def _reroll_damage(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return combat.reroll_damage(s, a, d, cid)


def _soak(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return damage.soak(s, a, d, cid)


def _unshake(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return damage.unshake_with_benny(s, a, cid)


def _power(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return powers.recover_power_points(s, a, cid)


def _card(s: SwadeState, a: Actor, d: DiceSource, cid: str) -> Outcome:
    return turns.redraw_card(s, a, d, cid)


# use -> the rules call of that use for one combatant (SW-35).
SPENDS: dict[str, Callable[[SwadeState, Actor, DiceSource, str], Outcome]] = {
    "reroll": _reroll,  # SW-4: a trait roll again, the better counts
    "damage": _reroll_damage,
    "soak": _soak,  # SW-14: again, it rerolls the soak roll
    "unshake": _unshake,  # SW-15
    "card": _card,  # SW-31: a new action card
    "power": _power,  # SW-42: 5 Power Points back
}


# SW-35: what ``/bennies spend`` rerolls when the last result offers it: the button of
# that use under it, for that combatant ("right after it", as the refusals say).
OFFERED: dict[str, tuple[str, ...]] = {
    "reroll": (
        "reroll_attack", "reroll_maneuver", "reroll_trait", "reroll_incapacitation",
        "reroll_turn_start",
    ),
    "damage": ("reroll_damage", "reroll_maneuver_damage"),
}  # fmt: skip


def spend(use: str, combatant_id: str, offers: Sequence[Offer] = ()) -> Rules:
    """The rules call a benny of ``use`` runs for one combatant: the reroll the last
    result offers it (its button's, :data:`OFFERED`), else the use's own rules
    (:data:`SPENDS`: the last attack's roll or damage, soak...)."""
    for offer in offers:
        if offer.combatant_id == combatant_id and offer.action in OFFERED.get(use, ()):
            move = next(m for m in MOVES if m.command == f"offer:{offer.action}")
            chosen = move.options.model_validate({**offer.data, "combatant_id": combatant_id})
            planned = move.play(chosen)
            assert isinstance(planned, Play)
            return planned.rules
    return partial(SPENDS[use], cid=combatant_id)


class OfferOptions(Options):
    """A benny button under a result: the combatant it is for."""

    combatant_id: str


class AttackerOffer(OfferOptions):
    attacker_id: str


class SoakOffer(OfferOptions):
    """The soak button carries the hit it soaks (the rules read it from the state)."""

    target_id: str
    damage: int | None = None
    toughness: int | None = None
    excess: int | None = None
    wounds: int | None = None
    shaken: bool | None = None
    outcome: str | None = None
    cancelled: int | None = None


class ManeuverOffer(OfferOptions):
    """SW-37: the roll of a maneuver, by whose roll it is and its place."""

    owner_id: str
    index: int
    name: str | None = None


class ManeuverDamageOffer(OfferOptions):
    """SW-35: the damage of the last maneuver (an area attack, a crush, a power's) of
    ``owner_id``."""

    owner_id: str


class TraitOffer(OfferOptions):
    """SW-4 on ``/trait`` from the sheet: which of the combatant's trait rolls (its
    number; only the last can be rerolled) and the trait's name for the label."""

    roll: int
    trait: str | None = None


def reroll_trait(o: TraitOffer) -> Play[SwadeState]:
    """SW-4/SW-35 "Repetir <rasgo> (beni)" under a ``/trait`` roll from the sheet: the
    same roll again, the better kept (:func:`bot.systems.swade.sheet_rolls.reroll_from_sheet`)."""
    run = partial(sheet_rolls.reroll_from_sheet, combatant_id=o.combatant_id, roll=o.roll)
    return with_benny("reroll", _paid_by(o.combatant_id), run)


class ReactOptions(Options):
    actor: str | None = None


def _paid_by(combatant_id: str) -> Callable[[SwadeState, Actor], SwadeCombatant]:
    return lambda state, actor: find_named(state, combatant_id)


def offered(use: str) -> Callable[[OfferOptions], Play[SwadeState]]:
    """A button buying ``use`` for the combatant it was offered to."""

    def answer(o: OfferOptions) -> Play[SwadeState]:
        return with_benny(use, _paid_by(o.combatant_id), spend(use, o.combatant_id))

    return answer


def reroll_vigor(rules: Callable[..., Outcome]) -> Callable[[OfferOptions], Play[SwadeState]]:
    """SW-4 "Repetir Vigor (beni)" on an incapacitation (SW-13) or a start-of-turn roll
    (Stunned or bleeding out, SW-16): the better counts."""

    def answer(o: OfferOptions) -> Play[SwadeState]:
        run = partial(rules, combatant_id=o.combatant_id)
        return with_benny("reroll", _paid_by(o.combatant_id), run)

    return answer


def reroll_maneuver(o: ManeuverOffer) -> Play[SwadeState]:
    """SW-4/SW-35 "Repetir tirada (beni)": one roll of a grapple, escape, crush, trick,
    push, support, evasion, area attack, suppressive fire, healing or a power's
    activation again, the better kept."""

    run = partial(maneuvers.reroll_maneuver, owner_id=o.owner_id, index=o.index)
    return with_benny("reroll", _paid_by(o.combatant_id), run)


def reroll_maneuver_damage(o: ManeuverDamageOffer) -> Play[SwadeState]:
    """SW-35 "Repetir daño (beni)" under a maneuver's damage (an area attack,
    suppressive fire, a crush, a power's): every damage roll again, the better of each
    kept (:func:`bot.systems.swade.maneuvers.reroll_maneuver_damage`)."""
    run = partial(maneuvers.reroll_maneuver_damage, owner_id=o.owner_id)
    return with_benny("damage", _paid_by(o.combatant_id), run)


def reacting_with(use: str) -> Callable[[ReactOptions], Play[SwadeState]]:
    """``/react soak|unshake``: the combatant named, else the user's only one."""

    def answer(o: ReactOptions) -> Play[SwadeState]:
        def payer(state: SwadeState, actor: Actor) -> SwadeCombatant:
            return own_combatant(state, actor, o.actor)

        def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
            return SPENDS[use](state, actor, dice, payer(state, actor).id)

        return with_benny(use, payer, run)

    return answer


MOVES = (
    Move("offer:reroll_attack", AttackerOffer, offered("reroll")),
    Move("offer:reroll_damage", AttackerOffer, offered("damage")),
    Move("offer:soak", SoakOffer, offered("soak")),
    Move("offer:swade.unshake", OfferOptions, offered("unshake")),
    Move("offer:reroll_incapacitation", OfferOptions, reroll_vigor(damage.reroll_incapacitation)),
    Move("offer:reroll_turn_start", OfferOptions, reroll_vigor(turns.reroll_turn_start)),
    Move("offer:reroll_maneuver", ManeuverOffer, reroll_maneuver),
    Move("offer:reroll_maneuver_damage", ManeuverDamageOffer, reroll_maneuver_damage),
    Move("offer:reroll_trait", TraitOffer, reroll_trait),
    Move("react:soak", ReactOptions, reacting_with("soak")),
    Move("react:unshake", ReactOptions, reacting_with("unshake")),
)
