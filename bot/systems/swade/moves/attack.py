"""``/attack`` and ``/wildattack`` in Savage Worlds (SW-10..SW-12, SW-18, SW-21..SW-25):
an attack with every declared modifier. The options' words are read by
:mod:`.attack_words`; who attacks and the target are looked up inside the rules call
(:mod:`.who`). Every reply lists the modifiers of each roll by name and the TN's parts
(the rules put them in the events, ``bot.render.swade.dice`` shows them)."""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import combat
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.moves.attack_words import attack_options, weapon_choice, weapon_of
from bot.systems.swade.moves.who import Rules, acting, fight, find_named
from bot.systems.swade.names import skill_id
from bot.systems.swade.sheet_rolls import trait_label
from bot.systems.swade.state import SwadeState
from bot.systems.swade.weapons import (
    asks_ranged,
    is_ranged,
    ranged_skill,
    strikes,
    wants_ranged,
)


class WildAttackOptions(Options):
    """``/wildattack``: a Fighting attack, so no range band and no other skill."""

    target: str
    weapon: str | None = None
    actor: str | None = None
    modifier: int | None = None
    cover: str | None = None
    called: str | None = None
    gangup: int | None = None
    illumination: str | None = None
    flags: str | None = None


class AttackCommandOptions(WildAttackOptions):
    range: str | None = None
    skill: str | None = None


def _rules(o: WildAttackOptions, *, band: str | None, skill: str | None, wild: bool) -> Rules:
    """The attack's rules call; what the attacker declares is read first (refused,
    naming the word, before anything is looked up)."""
    declared: AttackOptions = attack_options(
        flags=o.flags, range=band, cover=o.cover, illumination=o.illumination,
        called=o.called, gangup=o.gangup, modifier=o.modifier,
    )  # fmt: skip
    skill = skill_id(skill) if skill else None
    attack = combat.wild_attack if wild else combat.attack

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, actor, o.actor)
        target = find_named(state, o.target)
        ranged = wants_ranged(me, skill, declared, band=band is not None)  # SW-44
        if skill is not None and not ranged and asks_ranged(None, declared, band=band is not None):
            raise RuleError("swade.combat.error.melee_skill_at_range", skill=trait_label(skill))
        throws = declared.thrown or skill == "athletics"  # SW-10: the first thrown weapon
        weapon, damage = weapon_choice(me, o.weapon, ranged=ranged, thrown=throws)
        if throws and o.weapon is None and weapon is None and me.weapons:
            raise RuleError("swade.combat.error.nothing_to_throw", name=me.name)
        rolled = skill
        held = weapon_of(me, weapon) if weapon is not None else None
        dual = rolled is None and held is not None and is_ranged(held) and strikes(held)
        if dual and (wild or not ranged):
            rolled = "fighting"  # a dagger that can be thrown strikes unless it is thrown
        shooting = not wild and asks_ranged(skill, declared, band=band is not None)
        if shooting and (weapon is None or held is not None):  # an unknown name: the rules
            fists = o.weapon is not None and weapon is None and damage is None
            shoots = ranged_skill(me, held, damage, thrown=declared.thrown, unarmed=fists)
            rolled = skill or shoots
        options = declared.model_copy(update={"damage": damage}) if damage else declared
        return attack(
            state, actor, dice, attacker_id=me.id, target_id=target.id, weapon=weapon,
            skill=rolled, options=options,
        )  # fmt: skip

    return run


def attack(o: AttackCommandOptions) -> Play[SwadeState]:
    """SW-10..SW-12, SW-21..SW-25: an attack with every declared modifier."""
    return fight("attack", _rules(o, band=o.range, skill=o.skill, wild=False))


def wild_attack(o: WildAttackOptions) -> Play[SwadeState]:
    """SW-18: +2 Fighting and damage; the attacker is Vulnerable until its next turn
    ends."""
    return fight("wildattack", _rules(o, band=None, skill=None, wild=True))


MOVES = (
    Move("attack", AttackCommandOptions, attack),
    Move("wildattack", WildAttackOptions, wild_attack),
)
