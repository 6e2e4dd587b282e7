"""``/act`` in Savage Worlds: the maneuvers and actions by name, in Spanish or English
(the catalogue's names in both languages and a few more spellings, :data:`VERBS`),
followed by the words each takes ("truco Provocar vulnerable", "recargar Pistola",
"ataque de área pequeña Granada").

Readings (README "Savage Worlds: combat"): ``truco`` without a skill uses Athletics (the
seed's first example) and leaves the target Distracted unless "vulnerable" is said;
``apoyar`` needs the skill named. A new action is a :class:`~bot.systems.verbs.Verb` in
:data:`VERBS` and its function in :data:`ACTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, NamedTuple

from pydantic import BeforeValidator, model_validator

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import Move, Options, Play
from bot.systems.swade import combat, damage, fatigue, grapple, healing, maneuvers
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.moves.attack_words import weapon_choice, weapon_of
from bot.systems.swade.moves.who import acting, fight, find_named, targets
from bot.systems.swade.names import TEMPLATE_WORDS, noted_template, skill_id
from bot.systems.swade.state import SwadeCombatant, SwadeState, Weapon
from bot.systems.swade.weapons import is_ranged
from bot.systems.verbs import WORDS, Verb, Verbs, given_options
from bot.systems.words import fold

T, V, W = "target", "value", WORDS
MULTI = (
    "multi", "multiaccion", "multi-accion", "multiaction", "multi-action", "acciones", "actions",
    "varias acciones", "multiples acciones",
)  # fmt: skip
VERBS = Verbs(
    verbs=(
        Verb("defend", ("defend", "defender", "defenderse", "defensa")),
        Verb("trick", ("trick", "truco", "test", "prueba"), frozenset({T, W})),
        Verb("push", ("push", "empujar", "empujon"), frozenset({T, W})),
        Verb("support", ("support", "apoyar", "apoyo", "ayudar", "help"), frozenset({T, W})),
        Verb("aim", ("aim", "apuntar")),
        Verb("multi", MULTI, frozenset({V})),
        Verb(
            "finish",
            ("finish", "rematar", "golpe de gracia", "finishing move", "coup de grace"),
            frozenset({T}),
        ),
        Verb("reload", ("reload", "recargar"), frozenset({V, W})),
        Verb("fatigue", ("fatigue", "fatiga", "fatigar"), frozenset({T, V})),
        Verb(
            "recover",
            ("recover", "recuperar", "recuperar fatiga", "recover fatigue", "descansar"),
            frozenset({T}),
        ),
        Verb(
            "area",
            (
                "area",
                "area attack",
                "ataque de area",
                "plantilla",
                "template",
                "area effect",
                "area effect attack",
                "ataque de area de efecto",
                "blast",
                "blast attack",
                "cone attack",
                "ataque de cono",
            ),
            frozenset({T, W}),
        ),
        Verb(
            "suppress",
            ("suppress", "suppressive fire", "fuego de supresion", "supresion"),
            frozenset({T, W}),
        ),
        Verb("release", ("release", "soltar", "soltar presa")),
        Verb("break", ("break", "romper", "break object", "romper objeto"), frozenset({V, W})),
        Verb("damage", ("damage", "dano", "danar"), frozenset({T, V})),
        Verb(
            "heal",
            ("heal", "curar", "sanar", "primeros auxilios", "first aid", "healing skill"),
            frozenset({T, W}),
        ),
    ),
    label="swade.combat.action.{id}",
    unknown="swade.combat.error.unknown_action",
    extra_words="swade.combat.error.extra_words",
    unused="swade.combat.error.option_unused",
)
LAUNCHED = {"launched", "lanzada", "lanzado", "disparada"}
EVASION = {"evasion", "evadible", "evade"}
MOVED = {"moved", "carrerilla", "corriendo", "running", "carga", "charge"}
EFFECTS = {
    "distracted": "distracted", "distraido": "distracted", "distraer": "distracted",
    "vulnerable": "vulnerable",
}  # fmt: skip


class ActionCall(NamedTuple):
    """An action id, the words typed after its name (folded) and the text as typed (how
    errors name the action)."""

    id: str
    args: str
    text: str
    typed_args: str


def read_action(text: str) -> ActionCall:
    """The action ``text`` names and the words after its name (the longest name wins).
    An area attack may say its template first, as English does ("small area attack",
    "SBT blast"; SW-25): the size is read with the rest (:func:`_template`)."""
    first, _, rest = text.strip().partition(" ")
    if fold(first) in TEMPLATE_WORDS and (found := VERBS.find(rest)) and found[0].id == "area":
        verb, words = found
    else:
        verb, words = VERBS.read(text)
    return ActionCall(verb.id, fold(words), text, words)


def _call(text: object) -> object:
    return read_action(text) if isinstance(text, str) else text


class ActOptions(Options):
    action: Annotated[ActionCall, BeforeValidator(_call)]
    target: str | None = None
    actor: str | None = None
    value: int | None = None

    @model_validator(mode="after")
    def _takes(self) -> ActOptions:
        """Words or options the action does not use are refused, not ignored."""
        verb = VERBS.by_id[self.action.id]
        VERBS.check(verb, self.action.typed_args, given_options(vars(self), (T, V)))
        return self


def _need(value: Any, key: str, o: ActOptions) -> Any:
    if value is None or value == "":
        raise RuleError(f"swade.combat.error.needs_{key}", action=o.action.text)
    return value


def _me(o: ActOptions, state: SwadeState, who: Actor) -> SwadeCombatant:
    return acting(state, who, o.actor)


def _target(o: ActOptions, state: SwadeState) -> SwadeCombatant:
    return find_named(state, _need(o.target, "target", o))


def _weapon_named(
    c: SwadeCombatant, text: str, fits: Callable[[Weapon], bool], *, first: bool = False
) -> str:
    """The weapon named by ``text``, else ``c``'s only weapon that ``fits`` (``first``:
    an attack's, SW-44: the first one that fits, as the sheet prints them)."""
    if text:
        w = weapon_of(c, text)
        if w is None:
            raise RuleError(
                "swade.combat.error.unknown_weapon", name=text, combatant=c.name, gender=c.gender
            )
        return w.name
    fitting = [w for w in c.weapons if fits(w)]
    if not fitting or (len(fitting) > 1 and not first):
        raise RuleError("swade.combat.error.which_weapon", name=c.name)
    return fitting[0].name


# -- the actions: each a rules call given the options -------------------------------------


def _defend(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    return maneuvers.defend(state, who, _me(o, state, who).id)


def _aim(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    return maneuvers.aim(state, who, _me(o, state, who).id)


def _release(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    return grapple.release(state, who, grappler_id=_me(o, state, who).id)


def _multi(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    actions = int(_need(o.value, "value", o))
    return maneuvers.declare_multi_action(state, who, _me(o, state, who).id, actions)


def _finish(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, who)
    return maneuvers.finishing_move(state, who, attacker_id=c.id, target_id=_target(o, state).id)


def _trick(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    """Without a skill, Athletics; Distracted unless "vulnerable" is said (SW-24)."""
    words = o.action.args.split()
    effect = next((EFFECTS[w] for w in words if w in EFFECTS), "distracted")
    rest = " ".join(w for w in words if w not in EFFECTS)
    c = _me(o, state, who)
    return maneuvers.trick(
        state, who, dice, actor_id=c.id, target_id=_target(o, state).id,
        skill=skill_id(rest) if rest else "athletics", effect=effect,  # type: ignore[arg-type]
    )  # fmt: skip


def _push(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    words = o.action.args.split()
    unknown = [w for w in words if w not in MOVED]
    if unknown:
        raise RuleError("swade.combat.error.extra_words", words=" ".join(unknown))
    c = _me(o, state, who)
    return maneuvers.push(
        state, who, dice, actor_id=c.id, target_id=_target(o, state).id, moved=bool(words)
    )


def _support(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    skill = skill_id(_need(o.action.args, "skill", o))
    c = _me(o, state, who)
    return maneuvers.support(
        state, who, dice, actor_id=c.id, ally_id=_target(o, state).id, skill=skill
    )


def _reload(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, who)
    weapon = _weapon_named(c, o.action.typed_args, lambda w: w.shots is not None)
    shots = int(_need(o.value, "value", o))
    return combat.reload_weapon(state, who, combatant_id=c.id, weapon=weapon, shots=shots)


def _fatigue(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _target(o, state) if o.target else _me(o, state, who)
    levels = o.value if o.value is not None else 1
    return fatigue.apply_fatigue(state, who, dice, combatant_id=c.id, levels=levels)


def _recover(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _target(o, state) if o.target else _me(o, state, who)
    return fatigue.recover_fatigue(state, who, combatant_id=c.id)


def _template(words: list[str], weapon: Weapon | None) -> str:
    """SW-25: the template the action names (after its name, or before it as English
    says "small area attack"; ``words``, folded, the weapon's name left out), else the one
    the weapon's notes name (a grenade's "SBT"), else a medium one."""
    named = next((TEMPLATE_WORDS[w] for w in words if w in TEMPLATE_WORDS), None)
    noted = noted_template(weapon.notes) if weapon is not None else None
    return named or noted or "medium"


def _area(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    """SW-25: one roll against every target under the template. The weapon is found by
    the words as typed first ("Large grenade" is a weapon's name), else without the size
    words ("ataque de área grande Granada")."""
    c = _me(o, state, who)
    words = o.action.args.split()
    typed = [w for w in o.action.typed_args.split() if fold(w) not in LAUNCHED | EVASION]
    verb = fold(o.action.text).split()[: -len(words) or None]  # the action's name
    if typed and weapon_of(c, " ".join(typed)) is not None:
        rest, sizes = typed, verb
    else:
        rest = [w for w in typed if fold(w) not in TEMPLATE_WORDS]
        sizes = verb + words
    weapon = _weapon_named(c, " ".join(rest), is_ranged, first=True)
    template = _template(sizes, weapon_of(c, weapon))
    return combat.area_attack(
        state, who, dice, attacker_id=c.id,
        target_ids=targets(state, _need(o.target, "target", o)),
        template=template,  # type: ignore[arg-type]
        weapon=weapon, launched=any(w in LAUNCHED for w in words),
        evasion=any(w in EVASION for w in words),
    )  # fmt: skip


def _suppress(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, who)
    weapon = _weapon_named(
        c, o.action.typed_args, lambda w: is_ranged(w) and w.rof >= 2, first=True
    )
    return combat.suppressive_fire(
        state, who, dice, attacker_id=c.id,
        target_ids=targets(state, _need(o.target, "target", o)), weapon=weapon,
    )  # fmt: skip


def _break(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    c = _me(o, state, who)
    weapon, dmg = weapon_choice(c, o.action.args or None, ranged=False)  # SW-44: melee
    options = AttackOptions(damage=dmg) if dmg else AttackOptions()
    return combat.attack_object(
        state, who, dice, attacker_id=c.id, hardness=int(_need(o.value, "value", o)),
        weapon=weapon, options=options,
    )  # fmt: skip


def _damage(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    target = _target(o, state)
    return damage.apply_damage(
        state, who, dice, target_id=target.id, damage=int(_need(o.value, "value", o))
    )


def _heal(o: ActOptions, state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
    """SW-43: the Healing skill on the target (the words after the action's name: a
    healing power to cast instead, its Power Points and all)."""
    c = _me(o, state, who)
    via = o.action.typed_args.strip() or "skill"
    return healing.heal(state, who, dice, c.id, _target(o, state).id, via=via)


Action = Callable[[ActOptions, SwadeState, Actor, DiceSource], Outcome]
ACTIONS: dict[str, Action] = {
    "defend": _defend, "trick": _trick, "push": _push, "support": _support, "aim": _aim,
    "multi": _multi, "finish": _finish, "reload": _reload, "fatigue": _fatigue,
    "recover": _recover, "area": _area, "suppress": _suppress, "release": _release,
    "break": _break, "damage": _damage, "heal": _heal,
}  # fmt: skip


def act(o: ActOptions) -> Play[SwadeState]:
    return fight(f"act.{o.action.id}", partial(ACTIONS[o.action.id], o))


MOVES = (Move("act", ActOptions, act),)
