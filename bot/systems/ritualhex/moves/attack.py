"""``/attack`` in Ritual Hex: an attack action at one's opportunity (seed 'Acciones';
RH-4 called shots), and declaring any action by name (``/act``). Readings of the shared
options:

- ``weapon`` is an attack action's name; without it, the first attack the sheet or an
  equipped item gives, the heroes' base Piña (RH-10) only when there is none
  (:mod:`bot.systems.ritualhex.weapons`);
- ``called`` is the target's limb (a called shot, RH-4: one target only);
- ``limb`` is the attacker's limb used;
- ``target`` may list several combatants separated by commas (multi-target actions).
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Move, Options, Play
from bot.systems.ritualhex.actions import action_term, called
from bot.systems.ritualhex.moves.who import (
    Rules,
    acting,
    action_text,
    find_part,
    find_targets,
    play,
)
from bot.systems.ritualhex.state import RHCombatant, RitualHexState
from bot.systems.ritualhex.weapons import default_attack, is_attack
from bot.systems.ritualhex.words import as_written


def attack_name(c: RHCombatant, weapon: str | None) -> str:
    """The attack action: the one named (refused when it is not an attack), else the
    first attack its sheet or equipment gives, the base Piña only when there is none
    (:func:`bot.systems.ritualhex.weapons.default_attack`)."""
    available = rh.available_actions(c)
    if weapon:
        found = called((a for a, _ in available), weapon)
        if found is not None and not is_attack(found):
            raise RuleError("ritualhex.error.not_an_attack", action=action_term(found))
        return found.name if found is not None else weapon
    chosen = default_attack(available)
    if chosen is None:
        raise RuleError("ritualhex.error.no_attack", name=c.name)
    return chosen.name


def declaring(
    action: str | None,
    target: str | None,
    called: str | None,
    using: str | None,
    actor_name: str | None,
    *,
    attack: bool,
) -> Rules:
    """Declare ``action`` (with ``attack``: :func:`attack_name`'s reading of it) against
    the targets named, at the target's limb ``called`` with the actor's limb ``using``."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, actor_name)
        name = attack_name(c, action) if attack else action_text(c, action or "")
        targets = find_targets(state, target)
        limb = None
        if called:
            if len(targets) != 1:
                raise RuleError("ritualhex.error.called_shot_one_target", action=as_written(name))
            victim = state.peek(targets[0])
            assert victim is not None
            limb = find_part(victim, called)
        used = [find_part(c, using)] if using else None
        return rh.declare(
            state, who, dice, actor_id=c.id, action=name, targets=targets or None, limb=limb,
            using=used,
        )  # fmt: skip

    return run


class AttackOptions(Options):
    target: str
    weapon: str | None = None
    called: str | None = None
    limb: str | None = None
    actor: str | None = None


def attack(o: AttackOptions) -> Play[RitualHexState]:
    return play("attack", declaring(o.weapon, o.target, o.called, o.limb, o.actor, attack=True))


MOVES = (Move("attack", AttackOptions, attack),)
