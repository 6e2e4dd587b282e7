"""``/act`` in Ritual Hex: an action by name (declared, with its chain, like
:mod:`.attack`), or one of the verbs: Esperar/Wait, Preparar/Prepare (RH-7),
equipar/equip X, guardar/stow X, soltar/drop X, recoger/pick up X, tomar/take X (from
the ally named in ``target``) (RH-9), terminar/end (a Multi-ataque, RH-10).

An action of the actor's that is called like a verb is the action: which it is depends
on the actor, so the move looks at the state first (:class:`~bot.systems.plugin.Look`).
``limb`` is the target's limb for an action with a target (a called shot), the part to
put the item on for equip, pick up and take, and the limb used for an action without a
target.
"""

from __future__ import annotations

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Look, Move, Options, Play
from bot.systems.ritualhex.actions import called
from bot.systems.ritualhex.moves.attack import declaring
from bot.systems.ritualhex.moves.who import Rules, acting, find_combatant, find_part, play
from bot.systems.ritualhex.state import RitualHexState
from bot.systems.verbs import WORDS, Verb, Verbs, given_options

T, L = "target", "limb"
VERBS = Verbs(
    verbs=(
        Verb("wait", ("esperar", "wait")),
        Verb("prepare", ("preparar", "prepararse", "prepare")),
        Verb("equip", ("equipar", "equip"), frozenset({WORDS, L})),
        Verb("stow", ("guardar", "stow"), frozenset({WORDS})),
        Verb("drop", ("soltar", "drop"), frozenset({WORDS})),
        Verb("pick_up", ("recoger", "pick up", "pickup"), frozenset({WORDS, L})),
        Verb("take", ("tomar", "take"), frozenset({WORDS, T, L})),
        Verb("end", ("terminar", "end")),
    ),
    label="ritualhex.verb.{id}",
    unknown="ritualhex.error.unknown_action",
    extra_words="ritualhex.error.extra_words",
    unused="ritualhex.error.option_unused",
)
ITEM_VERBS = frozenset({"equip", "stow", "drop", "pick_up", "take"})


class ActOptions(Options):
    action: str
    target: str | None = None
    limb: str | None = None
    actor: str | None = None


def has_action(state: RitualHexState, actor: Actor, actor_name: str | None, name: str) -> bool:
    """Whether the one acting has an action called ``name``."""
    try:
        c = acting(state, actor, actor_name)
    except RuleError:
        return False
    return called((a for a, _ in rh.available_actions(c)), name) is not None


def end_multi_attack(actor_name: str | None) -> Rules:
    """RH-10: end a Multi-ataque (its attacker's, or the one named)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        ma = state.multi_attack
        c = find_combatant(state, actor_name) if actor_name else None
        return rh.end_opportunity(state, who, actor_id=c.id if c else ma.actor if ma else "")

    return run


def verb_rules(verb: str, item: str, o: ActOptions) -> Rules:
    """Wait, Prepare and the equipment actions (RH-7, RH-9)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, o.actor)
        if verb == "wait":
            return rh.wait(state, who, actor_id=c.id)
        if verb == "prepare":
            return rh.prepare(state, who, actor_id=c.id)
        parts = [find_part(c, o.limb, limbs_only=False)] if o.limb else None
        if verb == "equip":
            return rh.equip(state, who, actor_id=c.id, item=item, parts=parts)
        if verb == "stow":
            return rh.stow(state, who, actor_id=c.id, item=item)
        if verb == "drop":
            return rh.drop(state, who, actor_id=c.id, item=item)
        if verb == "pick_up":
            return rh.pick_up(state, who, actor_id=c.id, item=item, parts=parts)
        giver = find_combatant(state, o.target or "")
        return rh.take_from(state, who, actor_id=c.id, giver_id=giver.id, item=item, parts=parts)

    return run


def verb_play(verb: Verb, words: str, o: ActOptions) -> Play[RitualHexState]:
    """A verb, its words and options checked: an item verb needs the item, take needs
    the giver; words or options a verb does not take are refused, naming them."""
    if verb.id in ITEM_VERBS and not words:
        raise RuleError("ritualhex.error.needs_item", verb=VERBS.label_of(verb.id))
    if verb.id == "take" and not o.target:
        raise RuleError("ritualhex.error.needs_giver")
    VERBS.check(verb, words, given_options(vars(o), (T, L)))
    if verb.id == "end":
        return play("end", end_multi_attack(o.actor))
    return play(verb.id, verb_rules(verb.id, words, o))


def act(o: ActOptions) -> Play[RitualHexState] | Look[RitualHexState]:
    declared = play(
        "act",
        declaring(
            o.action, o.target, o.limb if o.target else None, None if o.target else o.limb,
            o.actor, attack=False,
        ),
    )  # fmt: skip
    verb = VERBS.find(o.action)
    if verb is None:
        return declared

    def choose(state: RitualHexState, actor: Actor) -> Play[RitualHexState]:
        if has_action(state, actor, o.actor, o.action):
            return declared
        return verb_play(*verb, o)

    return Look(choose)


MOVES = (Move("act", ActOptions, act),)
