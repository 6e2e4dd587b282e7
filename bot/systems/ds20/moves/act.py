"""``/act`` in Dread S-20: an action by name, in Spanish or English (the catalogue's
names in both languages, and a few more spellings), followed by the words it takes
("técnica Estocada", "recargar Pistola", "daño 5 3/8")."""

from __future__ import annotations

import re
from typing import Annotated, NamedTuple

from pydantic import BeforeValidator, model_validator

from bot.dice.source import DiceSource
from bot.i18n import catalog
from bot.systems import ds20
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.ds20.moves.who import Rules, acting, play, target_of, units
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.plugin import Move, Options, Play
from bot.systems.words import YES, fold

# /act names: id -> extra accepted spellings (the catalogue's names in both languages
# are accepted too).
ACTIONS: dict[str, tuple[str, ...]] = {
    "declare": ("declarar acciones", "declare actions"),
    "endure": ("aguantar el dolor", "endure pain"),
    "technique": ("tecnica", "technique"),
    "knock_down": ("botar", "knockdown", "knock_down"),
    "disarm": (),
    "push": (),
    "stand": ("ponerse de pie", "stand up"),
    "run": ("correr", "run", "carrera", "sprint"),
    "aim": (),
    "reload": (),
    "clear_jam": ("destrabar", "desatascar", "unjam"),
    "first_aid": (),
    "release": (),
    "grave_roll": (),
    "swap": (),
    "cancel": (),
    "damage": ("dano",),
}
# What each action takes: the target option, the value option, words after the name.
ACTION_TAKES: dict[str, set[str]] = {
    "declare": {"value"},
    "endure": {"arg"},
    "technique": {"arg"},
    "knock_down": {"target", "value"},
    "disarm": {"target", "arg", "value"},
    "push": {"target", "value"},
    "stand": {"arg"},
    "run": set(),
    "aim": set(),
    "reload": {"arg"},
    "clear_jam": {"arg"},
    "first_aid": {"target"},
    "release": set(),
    "grave_roll": {"target"},
    "swap": {"target"},
    "cancel": set(),
    "damage": {"target", "arg"},
}
STAND_WITH_ACTION = {"accion", "action", "acrobacia", "acrobatics", "salto", "jump"}
# "aguantar confirmar": Aguantar el dolor that marks the last Agotamiento point (death).
CONFIRM = {"confirmar", "confirmo", "confirm"} | YES
DAMAGE_ARG = re.compile(r"\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*(sin armadura|no armou?r)?\s*")


class ActionCall(NamedTuple):
    """An action id and the words typed after its name."""

    id: str
    arg: str


def action_names(action_id: str) -> set[str]:
    names = {fold(catalog(lang).get(f"ds20.cog.action.{action_id}", "")) for lang in ("es", "en")}
    return {n for n in names | {fold(a) for a in ACTIONS[action_id]} | {action_id} if n}


def split_action(text: str) -> tuple[str, str]:
    """The action id and the words after its name ("recargar Pistola" -> reload,
    "Pistola"). The longest matching name wins."""
    folded = fold(text)
    best: tuple[int, str] | None = None
    for action_id in ACTIONS:
        for name in action_names(action_id):
            if (folded == name or folded.startswith(name + " ")) and (
                best is None or len(name) > best[0]
            ):
                best = (len(name), action_id)
    if best is None:
        raise RuleError(
            "ds20.cog.error.unknown_action",
            action=text,
            names=[f"ds20.cog.action.{a}" for a in ACTIONS],
        )
    length, action_id = best
    words = text.strip().split()
    taken = len(folded[:length].split())
    return action_id, " ".join(words[taken:])


def _call(text: object) -> object:
    return ActionCall(*split_action(text)) if isinstance(text, str) else text


class ActOptions(Options):
    action: Annotated[ActionCall, BeforeValidator(_call)]
    target: str | None = None
    actor: str | None = None
    value: int | None = None

    @model_validator(mode="after")
    def _takes(self) -> ActOptions:
        """Words or options the action does not use are refused, not ignored."""
        takes = ACTION_TAKES[self.action.id]
        if self.action.arg and "arg" not in takes:
            raise RuleError("ds20.cog.error.extra_words", words=self.action.arg)
        for option in ("target", "value"):
            if getattr(self, option) is not None and option not in takes:
                raise RuleError(
                    "ds20.cog.error.option_unused",
                    option=option,
                    action=f"ds20.cog.action.{self.action.id}",
                )
        return self


def inflict(state: DS20State, actor: Actor, dice: DiceSource, c: DSCombatant, arg: str) -> Outcome:
    """The GM applies damage from outside an attack: ``daño 5 3/8`` (damage MHL/MHG;
    ``sin armadura`` skips the armour roll)."""
    m = DAMAGE_ARG.fullmatch(fold(arg))
    if not m:
        raise RuleError("ds20.cog.error.damage_arg", value=arg or "—")
    damage, mhl, mhg = (int(g) for g in m.groups()[:3])
    return ds20.inflict(
        state, actor, dice, target_id=c.id, damage=damage, mhl=mhl, mhg=mhg, armour=not m.group(4)
    )


def act_rules(
    action_id: str, arg: str, target: str | None, actor_name: str | None, value: int | None
) -> Rules:
    """The rules call for one /act action."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if action_id == "cancel":
            return ds20.cancel_pending(state, actor)
        if action_id == "grave_roll":
            return ds20.grave_roll(state, actor, dice, target_of(state, target, action_id).id)
        if action_id == "damage":
            return inflict(state, actor, dice, target_of(state, target, action_id), arg)
        c = acting(state, actor, actor_name)
        if action_id == "declare":
            if value is None:
                raise RuleError("ds20.cog.error.needs_value", action="ds20.cog.action.declare")
            return ds20.declare_actions(state, actor, c.id, value)
        if action_id == "endure":
            if arg and fold(arg) not in CONFIRM:
                raise RuleError("ds20.cog.error.extra_words", words=arg)
            return ds20.endure_pain(state, actor, c.id, confirm=bool(arg))
        if action_id == "run":
            return ds20.run(state, actor, dice, c.id)
        if action_id == "technique":
            if not arg:
                raise RuleError("ds20.cog.error.needs_technique", name=c.name)
            return ds20.use_technique(state, actor, dice, c.id, arg)
        if action_id == "knock_down":
            bonus, penalty = units(value)
            victim = target_of(state, target, action_id)
            return ds20.grapple(
                state, actor, dice, attacker_id=c.id, target_id=victim.id, knock_down=True,
                bonus=bonus, penalty=penalty,
            )  # fmt: skip
        if action_id == "disarm":
            bonus, penalty = units(value)
            victim = target_of(state, target, action_id)
            return ds20.disarm(
                state, actor, dice, attacker_id=c.id, target_id=victim.id,
                target_weapon=arg or None, bonus=bonus, penalty=penalty,
            )  # fmt: skip
        if action_id == "push":
            victim = target_of(state, target, action_id)
            return ds20.push(
                state, actor, dice, attacker_id=c.id, target_id=victim.id, wall_m=value
            )
        if action_id == "stand":
            if arg and fold(arg) not in STAND_WITH_ACTION:
                raise RuleError("ds20.cog.error.extra_words", words=arg)
            return ds20.stand_up(state, actor, dice, c.id, with_action=bool(arg))
        if action_id == "aim":
            return ds20.aim(state, actor, c.id, dice)
        if action_id == "reload":
            return ds20.reload(state, actor, c.id, arg or None, dice)
        if action_id == "clear_jam":
            return ds20.clear_jam(state, actor, dice, c.id, arg or None)
        if action_id == "first_aid":
            return ds20.first_aid(state, actor, dice, c.id, target_of(state, target, action_id).id)
        if action_id == "release":
            return ds20.release(state, actor, c.id)
        # swap: the actor goes before the target (DS-3 ties on one side)
        return ds20.swap_initiative(state, actor, c.id, target_of(state, target, action_id).id)

    return run


def act(o: ActOptions) -> Play[DS20State]:
    rules = act_rules(o.action.id, o.action.arg, o.target, o.actor, o.value)
    return play(f"act.{o.action.id}", rules)


MOVES = (Move("act", ActOptions, act),)
