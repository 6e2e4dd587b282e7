"""``/act`` in Dread S-20: an action by name, in Spanish or English (the catalogue's
names in both languages, and a few more spellings), followed by the words it takes
("técnica Estocada", "recargar Pistola", "daño 5 3/8")."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Annotated, NamedTuple

from pydantic import BeforeValidator, model_validator

from bot.dice.source import DiceSource
from bot.systems import ds20
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.ds20.moves.who import acting, play, target_of, units
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.plugin import Move, Options, Play
from bot.systems.verbs import WORDS, Verb, Verbs, given_options
from bot.systems.words import YES, fold

# The /act actions: their extra spellings (the catalogue's names in both languages are
# names too) and what each takes: the target and value options, words after the name.
T, V, W = "target", "value", WORDS
VERBS = Verbs(
    verbs=(
        Verb("declare", ("declarar acciones", "declare actions"), frozenset({V})),
        Verb("endure", ("aguantar el dolor", "endure pain"), frozenset({W})),
        Verb("technique", ("tecnica", "technique"), frozenset({W})),
        Verb("knock_down", ("botar", "knockdown", "knock_down"), frozenset({T, V})),
        Verb("disarm", (), frozenset({T, W, V})),
        Verb("push", (), frozenset({T, V})),
        Verb("stand", ("ponerse de pie", "stand up"), frozenset({W})),
        Verb("run", ("correr", "run", "carrera", "sprint")),
        Verb("aim"),
        Verb("reload", (), frozenset({W})),
        Verb("clear_jam", ("destrabar", "desatascar", "unjam"), frozenset({W})),
        Verb("first_aid", (), frozenset({T})),
        Verb("release"),
        Verb("grave_roll", (), frozenset({T})),
        Verb("swap", (), frozenset({T})),
        Verb("cancel"),
        Verb("damage", ("dano",), frozenset({T, W})),
    ),
    label="ds20.action.{id}",
    unknown="ds20.error.unknown_action",
    extra_words="ds20.error.extra_words",
    unused="ds20.error.option_unused",
)
STAND_WITH_ACTION = {"accion", "action", "acrobacia", "acrobatics", "salto", "jump"}
# "aguantar confirmar": Aguantar el dolor that marks the last Agotamiento point (death).
CONFIRM = {"confirmar", "confirmo", "confirm"} | YES
DAMAGE_ARG = re.compile(r"\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*(sin armadura|no armou?r)?\s*")


class ActionCall(NamedTuple):
    """An action id and the words typed after its name."""

    id: str
    arg: str


def split_action(text: str) -> tuple[str, str]:
    """The action id and the words after its name ("recargar Pistola" -> reload,
    "Pistola"). The longest matching name wins."""
    verb, words = VERBS.read(text)
    return verb.id, words


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
        verb = VERBS.by_id[self.action.id]
        VERBS.check(verb, self.action.arg, given_options(vars(self), (T, V)))
        return self


def inflict(state: DS20State, actor: Actor, dice: DiceSource, c: DSCombatant, arg: str) -> Outcome:
    """The GM applies damage from outside an attack: ``daño 5 3/8`` (damage MHL/MHG;
    ``sin armadura`` skips the armour roll)."""
    m = DAMAGE_ARG.fullmatch(fold(arg))
    if not m:
        raise RuleError("ds20.error.damage_arg", value=arg or "—")
    damage, mhl, mhg = (int(g) for g in m.groups()[:3])
    return ds20.inflict(
        state, actor, dice, target_id=c.id, damage=damage, mhl=mhl, mhg=mhg, armour=not m.group(4)
    )


# -- the actions: each a rules call given the options -------------------------------------


def _me(o: ActOptions, state: DS20State, actor: Actor) -> DSCombatant:
    return acting(state, actor, o.actor)


def _target(o: ActOptions, state: DS20State) -> DSCombatant:
    return target_of(state, o.target, o.action.id)


def _cancel(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.cancel_pending(state, actor)


def _grave_roll(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.grave_roll(state, actor, dice, _target(o, state).id)


def _damage(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return inflict(state, actor, dice, _target(o, state), o.action.arg)


def _declare(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, actor)
    if o.value is None:
        raise RuleError("ds20.error.needs_value", action="ds20.action.declare")
    return ds20.declare_actions(state, actor, c.id, o.value)


def _endure(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c, arg = _me(o, state, actor), o.action.arg
    if arg and fold(arg) not in CONFIRM:
        raise RuleError("ds20.error.extra_words", words=arg)
    return ds20.endure_pain(state, actor, c.id, confirm=bool(arg))


def _run(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.run(state, actor, dice, _me(o, state, actor).id)


def _technique(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, actor)
    if not o.action.arg:
        raise RuleError("ds20.error.needs_technique", name=c.name)
    return ds20.use_technique(state, actor, dice, c.id, o.action.arg)


def _knock_down(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c, (bonus, penalty) = _me(o, state, actor), units(o.value)
    return ds20.grapple(
        state, actor, dice, attacker_id=c.id, target_id=_target(o, state).id, knock_down=True,
        bonus=bonus, penalty=penalty,
    )  # fmt: skip


def _disarm(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c, (bonus, penalty) = _me(o, state, actor), units(o.value)
    return ds20.disarm(
        state, actor, dice, attacker_id=c.id, target_id=_target(o, state).id,
        target_weapon=o.action.arg or None, bonus=bonus, penalty=penalty,
    )  # fmt: skip


def _push(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, actor)
    return ds20.push(
        state, actor, dice, attacker_id=c.id, target_id=_target(o, state).id, wall_m=o.value
    )


def _stand(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c, arg = _me(o, state, actor), o.action.arg
    if arg and fold(arg) not in STAND_WITH_ACTION:
        raise RuleError("ds20.error.extra_words", words=arg)
    return ds20.stand_up(state, actor, dice, c.id, with_action=bool(arg))


def _aim(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.aim(state, actor, _me(o, state, actor).id, dice)


def _reload(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.reload(state, actor, _me(o, state, actor).id, o.action.arg or None, dice)


def _clear_jam(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.clear_jam(state, actor, dice, _me(o, state, actor).id, o.action.arg or None)


def _first_aid(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, actor)
    return ds20.first_aid(state, actor, dice, c.id, _target(o, state).id)


def _release(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    return ds20.release(state, actor, _me(o, state, actor).id)


def _swap(o: ActOptions, state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
    """The actor goes before the target (DS-3 ties on one side)."""
    c = _me(o, state, actor)
    return ds20.swap_initiative(state, actor, c.id, _target(o, state).id)


Action = Callable[[ActOptions, DS20State, Actor, DiceSource], Outcome]
ACTIONS: dict[str, Action] = {
    "declare": _declare, "endure": _endure, "technique": _technique,
    "knock_down": _knock_down, "disarm": _disarm, "push": _push, "stand": _stand,
    "run": _run, "aim": _aim, "reload": _reload, "clear_jam": _clear_jam,
    "first_aid": _first_aid, "release": _release, "grave_roll": _grave_roll, "swap": _swap,
    "cancel": _cancel, "damage": _damage,
}  # fmt: skip


def act(o: ActOptions) -> Play[DS20State]:
    return play(f"act.{o.action.id}", partial(ACTIONS[o.action.id], o))


MOVES = (Move("act", ActOptions, act),)
