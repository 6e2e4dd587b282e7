"""Savage Worlds combat through the commands (issue 5): the handlers the shared /attack,
/act, /grapple and /react evade call for a ``swade`` encounter, the SWADE-only
/wildattack, the weapon and action autocompletes, and the benny button of a maneuver's
roll ("Repetir tirada (beni)").

The cog only translates: names are resolved inside the rules call (under the channel's
lock) and the options become the arguments of the pure functions in
``bot.systems.swade`` (``combat``, ``damage``, ``grapple``, ``maneuvers``). Who acts: the
``actor`` option (a combatant the caller controls; the GM controls all), else the
caller's combatant whose turn it is (``turns.current_combatant``; in a group of Extras,
its first member still standing).

Benny buttons: the soak, attack and damage rerolls and /react soak|unshake are
``cogs.bennies``' handlers (one spend path, :func:`bot.commands.benny_spending.act_with_benny`); this
cog adds the reroll of a maneuver's roll through the same function.

Every reply lists the modifiers of each roll by name and the TN's parts: the rules put
them in the events' ``modifiers``/``tn_parts`` and the renderer shows them with the
dice (``bot.render.text``).

Readings chosen here (see README "Savage Worlds: combat"):

- ``weapon`` not on the sheet but written as damage (``Str+d6``, ``2d6``) is an
  unarmed-style attack with that damage; "desarmado"/"unarmed" attacks with fists.
- ``called:unarmored-4`` (or ``sin armadura -4``): an unarmoured spot with the GM's
  penalty (SW-22).
- ``/act truco`` without a skill uses Athletics (the seed's first example) and leaves the
  target Distracted unless "vulnerable" is said; ``/act apoyar`` needs the skill named.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands
from pydantic import ValidationError

from bot.app import ComodinBot
from bot.commands.autocomplete import combatant_autocomplete, name_choices, weapon_autocomplete
from bot.commands.benny_spending import act_with_benny
from bot.commands.choices import COVER, LIGHT
from bot.commands.context import Ctx
from bot.commands.dispatch import route
from bot.commands.legacy import given, handles, reject_foreign
from bot.dice.source import DiceSource
from bot.errors import UserError
from bot.i18n import catalog, t
from bot.systems.base import Actor, Offer, Outcome, RuleError
from bot.systems.encounter import Encounter
from bot.systems.lookup import find
from bot.systems.swade import combat, damage, grapple, maneuvers, turns
from bot.systems.swade.modifiers import AttackOptions
from bot.systems.swade.statblock import fold, skill_id
from bot.systems.swade.state import SwadeCombatant, SwadeState, Weapon

SYSTEM = "swade"
Rules = Callable[[SwadeState, Actor, DiceSource], Outcome]

ATTACK_OPTIONS = {
    "target", "weapon", "skill", "actor", "modifier", "range", "cover", "called", "gangup",
    "illumination", "flags",
}  # fmt: skip
ACT_OPTIONS = {"action", "target", "actor", "value"}
ILLUMINATION = {"dim": "dim", "dark": "dark", "pitch_black": "pitch_dark"}
UNARMED = {"unarmed", "desarmado", "punos", "fists", "none", "ninguna"}
DAMAGE_TEXT = re.compile(r"^(?:(?:str|fue|fuerza|strength)|\d*d\d+)([+-](?:\d*d\d+|\d+))*$")

# --- /attack flags ---------------------------------------------------------------------------

# word -> AttackOptions field set to True
BOOL_FLAGS: dict[str, str] = {
    "aim": "aimed", "aimed": "aimed", "apuntar": "aimed", "apuntado": "aimed",
    "nonlethal": "nonlethal", "noletal": "nonlethal", "no_letal": "nonlethal",
    "edged": "edged", "cortante": "edged", "filo": "edged",
    "offhand": "off_hand", "off_hand": "off_hand", "manotorpe": "off_hand",
    "mano_torpe": "off_hand", "torpe": "off_hand",
    "twoweapons": "two_weapons", "two_weapons": "two_weapons", "dosarmas": "two_weapons",
    "dos_armas": "two_weapons",
    "touch": "touch", "toque": "touch", "tocar": "touch",
    "unstable": "unstable_platform", "inestable": "unstable_platform",
    "shotgun": "shotgun", "escopeta": "shotgun",
    "running": "running", "run": "running", "corriendo": "running", "correr": "running",
    "mounted": "mounted", "montado": "mounted", "a_caballo": "mounted",
    "charge": "charge", "carga": "charge",
    "drop": "the_drop", "thedrop": "the_drop", "the_drop": "the_drop",
    "superioridad": "the_drop",
    "improvised": "improvised", "improvisada": "improvised", "improvisado": "improvised",
    "thrown": "thrown", "throw": "thrown", "arrojadiza": "thrown", "lanzar": "thrown",
    "arrojar": "thrown",
    "engaged": "engaged", "trabado": "engaged", "en_melee": "engaged", "cuerpo_a_cuerpo": "engaged",
    "outofmelee": "shoot_out_of_melee", "fuera_de_melee": "shoot_out_of_melee",
    "adjacent": "target_adjacent", "adyacente": "target_adjacent", "cerca": "target_adjacent",
    "disarm": "disarm", "desarmar": "disarm",
    "free": "free_attack", "freeattack": "free_attack", "libre": "free_attack",
    "ataque_libre": "free_attack",
}  # fmt: skip
# word -> AttackOptions field taking the value after ":" (or "=")
VALUE_FLAGS: dict[str, str] = {
    "rof": "rof", "cdf": "rof",
    "ap": "ap", "pa": "ap",
    "obstacle": "obstacle_armor", "obstaculo": "obstacle_armor",
    "damage": "damage", "dano": "damage", "dmg": "damage",
    "scale": "target_scale", "escala": "target_scale", "targetscale": "target_scale",
    "myscale": "attacker_scale", "miescala": "attacker_scale",
    "speed": "speed", "velocidad": "speed",
}  # fmt: skip
SCALES: dict[str, str] = {
    "tiny": "tiny", "diminuto": "tiny", "minusculo": "tiny",
    "very_small": "very_small", "verysmall": "very_small", "muy_pequeno": "very_small",
    "small": "small", "pequeno": "small",
    "normal": "normal", "medium": "normal", "mediano": "normal",
    "large": "large", "grande": "large",
    "huge": "huge", "enorme": "huge",
    "gargantuan": "gargantuan", "gigantesco": "gargantuan", "colosal": "gargantuan",
}  # fmt: skip
SPEEDS: dict[str, str] = {
    "none": "none", "97kmh": "97kmh", "97": "97kmh", "193kmh": "193kmh", "193": "193kmh",
    "385kmh": "385kmh", "385": "385kmh", "mach1": "mach1", "mach_1": "mach1",
    "mach2": "mach2", "mach_2": "mach2", "near_light": "near_light", "casi_luz": "near_light",
}  # fmt: skip
FLAG_LIST = "swade_combat_cog.flag_list"  # the accepted words, in the reader's language
CALLED: dict[str, str] = {
    "limb": "limb", "miembro": "limb", "extremidad": "limb", "arm": "limb", "brazo": "limb",
    "leg": "limb", "pierna": "limb",
    "hand": "hand", "mano": "hand",
    "head": "head", "cabeza": "head",
    "vitals": "vitals", "vitales": "vitals", "organos_vitales": "vitals", "vital": "vitals",
    "unarmored": "unarmored", "unarmoured": "unarmored", "sin_armadura": "unarmored",
    "punto_debil": "unarmored",
}  # fmt: skip

# --- /act names ------------------------------------------------------------------------------

# id -> accepted spellings (folded); the catalogue's name in each language is accepted too.
ACTIONS: dict[str, tuple[str, ...]] = {
    "defend": ("defend", "defender", "defenderse", "defensa"),
    "trick": ("trick", "truco", "test", "prueba"),
    "push": ("push", "empujar", "empujon"),
    "support": ("support", "apoyar", "apoyo", "ayudar", "help"),
    "aim": ("aim", "apuntar"),
    "multi": (
        "multi", "multiaccion", "multi-accion", "multiaction", "multi-action", "acciones",
        "actions", "varias acciones", "multiples acciones",
    ),
    "finish": ("finish", "rematar", "golpe de gracia", "finishing move", "coup de grace"),
    "reload": ("reload", "recargar"),
    "fatigue": ("fatigue", "fatiga", "fatigar"),
    "recover": ("recover", "recuperar", "recuperar fatiga", "recover fatigue", "descansar"),
    "area": ("area", "area attack", "ataque de area", "plantilla", "template"),
    "suppress": ("suppress", "suppressive fire", "fuego de supresion", "supresion"),
    "release": ("release", "soltar", "soltar presa"),
    "break": ("break", "romper", "break object", "romper objeto"),
    "damage": ("damage", "dano", "danar"),
}  # fmt: skip
# What each action takes besides the actor: the target option, the value option, words.
ACTION_TAKES: dict[str, set[str]] = {
    "defend": set(),
    "trick": {"target", "words"},
    "push": {"target", "words"},
    "support": {"target", "words"},
    "aim": set(),
    "multi": {"value"},
    "finish": {"target"},
    "reload": {"value", "words"},
    "fatigue": {"target", "value"},
    "recover": {"target"},
    "area": {"target", "words"},
    "suppress": {"target", "words"},
    "release": set(),
    "break": {"value", "words"},
    "damage": {"target", "value"},
}
TEMPLATES: dict[str, str] = {
    "small": "small", "pequena": "small", "pequeña": "small",
    "medium": "medium", "mediana": "medium",
    "large": "large", "grande": "large",
    "cone": "cone", "cono": "cone",
}  # fmt: skip
LAUNCHED = {"launched", "lanzada", "lanzado", "disparada"}
EVASION = {"evasion", "evadible", "evade"}
MOVED = {"moved", "carrerilla", "corriendo", "running", "carga", "charge"}
EFFECTS = {
    "distracted": "distracted", "distraido": "distracted", "distraer": "distracted",
    "vulnerable": "vulnerable",
}  # fmt: skip


# --- names -----------------------------------------------------------------------------------


def _able(c: SwadeCombatant) -> bool:
    return not c.dead and not c.incapacitated


def resolve(state: SwadeState, text: str) -> SwadeCombatant:
    """The one resolver (:func:`bot.systems.lookup.find`): id, name, a group of Extras by
    its name (its first member still standing), the one name starting with ``text``."""
    return find(
        state.combatants, text, group_of=extras_group, able=_able,
        unknown_key="swade.unknown_combatant",
    )  # fmt: skip


def extras_group(c: SwadeCombatant) -> str | None:
    """SW-31: Extras sharing a card are one figure by their group's name."""
    return c.group


def _controlled(actor: Actor, c: SwadeCombatant) -> SwadeCombatant:
    if not c.controlled_by(actor.user_id, is_gm=actor.is_gm):
        raise RuleError("swade_combat_cog.error.not_yours", name=c.name)
    return c


def acting(
    state: SwadeState,
    actor: Actor,
    name: str | None,
    prefer: Callable[[SwadeCombatant], bool] = lambda c: True,
) -> SwadeCombatant:
    """Who acts: ``name`` (which the caller must control), else the caller's combatant
    whose turn it is (in a group of Extras, its first member still standing, and among
    those the first one ``prefer`` picks: the one held, for an escape)."""
    if name:
        return _controlled(actor, resolve(state, name))
    current = turns.current_combatant(state)
    if current is not None:
        members = [
            m
            for m in turns.slot_members(state, current.id)
            if m.controlled_by(actor.user_id, is_gm=actor.is_gm)
        ]
        if members:
            able = [m for m in members if _able(m)] or members
            return next((m for m in able if prefer(m)), able[0])
        raise RuleError(
            "swade_combat_cog.error.not_your_turn", name=turns.slot_name(state, current.id)
        )
    raise RuleError("swade_combat_cog.error.no_turn")


def reacting(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """Who reacts (out of turn): ``name``, else the caller's combatant whose turn it is,
    else the caller's only combatant."""
    if name:
        return _controlled(actor, resolve(state, name))
    current = turns.current_combatant(state)
    if current is not None:
        for m in turns.slot_members(state, current.id):
            if m.controlled_by(actor.user_id, is_gm=actor.is_gm) and _able(m):
                return m
    if not actor.is_gm:
        mine = [c for c in state.combatants if c.controller_id == actor.user_id]
        if len(mine) == 1:
            return mine[0]
    raise RuleError("swade_combat_cog.error.which_actor")


def targets(state: SwadeState, text: str) -> list[str]:
    """Targets separated by commas (area attacks, suppressive fire)."""
    names = [n for n in (p.strip() for p in text.split(",")) if n]
    if not names:
        raise RuleError("swade_combat_cog.error.no_targets")
    return [resolve(state, n).id for n in names]


def weapon_of(c: SwadeCombatant, text: str) -> Weapon | None:
    """A weapon on ``c``'s sheet by name (case and accents ignored) or by the start of one
    name; None when nothing matches."""
    wanted = fold(text)
    for w in c.weapons:
        if fold(w.name) == wanted:
            return w
    starts = [w for w in c.weapons if fold(w.name).startswith(wanted)]
    return starts[0] if len(starts) == 1 else None


def weapon_choice(c: SwadeCombatant, text: str | None) -> tuple[str | None, str | None]:
    """(weapon name on the sheet, damage notation): the option names a weapon, fists, or
    damage written out (``Str+d6``); anything else is left to the rules to refuse."""
    if text is None:
        return None, None
    folded = fold(text)
    if folded in UNARMED:
        return None, None
    w = weapon_of(c, text)
    if w is not None:
        return w.name, None
    if DAMAGE_TEXT.match(folded.replace(" ", "")):
        return None, text.replace(" ", "")
    return text, None


# --- options ---------------------------------------------------------------------------------


def _key(word: str) -> str:
    return re.sub(r"[\s-]+", "_", fold(word))


def _flag_value(flag: str, field: str, raw: str) -> Any:
    if field in ("rof", "ap", "obstacle_armor"):
        if not re.fullmatch(r"\d+", raw.strip()):
            raise UserError("swade_combat_cog.error.flag_value", flag=flag, value=raw)
        return int(raw)
    if field in ("target_scale", "attacker_scale"):
        scale = SCALES.get(_key(raw))
        if scale is None:
            raise UserError("swade_combat_cog.error.flag_value", flag=flag, value=raw)
        return scale
    if field == "speed":
        speed = SPEEDS.get(_key(raw))
        if speed is None:
            raise UserError("swade_combat_cog.error.flag_value", flag=flag, value=raw)
        return speed
    return raw.strip().replace(" ", "")


def parse_flags(text: str | None) -> dict[str, Any]:
    """``flags``: words separated by commas; ``word:value`` for the ones taking a value.
    An unknown word is refused, naming it."""
    fields: dict[str, Any] = {}
    for raw in (p.strip() for p in (text or "").split(",")):
        if not raw:
            continue
        match = re.fullmatch(r"([^:=]*?)\s*(?:([:=])\s*(.*))?", raw)
        assert match is not None
        name, sep, value = match.group(1), match.group(2), match.group(3) or ""
        key = _key(name)
        if not sep and key in BOOL_FLAGS:
            fields[BOOL_FLAGS[key]] = True
        elif sep and key in VALUE_FLAGS:
            field = VALUE_FLAGS[key]
            fields[field] = _flag_value(name, field, value)
        else:
            raise UserError("swade_combat_cog.error.unknown_flag", flag=raw, flags=FLAG_LIST)
    return fields


def parse_called(text: str) -> dict[str, Any]:
    """``called``: limb, hand, head, vitals, or an unarmoured spot with its penalty."""
    match = re.fullmatch(r"(.*?)\s*([+-]\s*\d+)?", fold(text))
    assert match is not None
    word, number = _key(match.group(1)), match.group(2)
    called = CALLED.get(word)
    if called is None:
        raise UserError("swade_combat_cog.error.called", value=text)
    fields: dict[str, Any] = {"called_shot": called}
    if number is not None:
        if called != "unarmored":
            raise UserError("swade_combat_cog.error.called", value=text)
        fields["called_penalty"] = -abs(int(number.replace(" ", "")))
    return fields


def attack_options(options: dict[str, Any]) -> AttackOptions:
    """The shared /attack options and ``flags`` as :class:`AttackOptions`."""
    fields: dict[str, Any] = parse_flags(options.get("flags"))
    if options.get("range"):
        fields["range"] = options["range"]
    if options.get("cover"):
        fields["cover"] = options["cover"]
    if options.get("illumination"):
        fields["illumination"] = ILLUMINATION.get(options["illumination"], "normal")
    if options.get("called"):
        fields.update(parse_called(options["called"]))
    if options.get("gangup") is not None:
        fields["gang_up"] = options["gangup"]
    if options.get("modifier") is not None:
        fields["modifier"] = options["modifier"]
    try:
        return AttackOptions(**fields)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error.get("loc") else "?"
        value = fields.get(field, "")
        raise UserError("swade_combat_cog.error.option_value", option=field, value=value) from None


async def _act(ctx: Ctx, rules: Rules, kind: str, options: dict[str, Any]) -> Outcome:
    _encounter, outcome = await ctx.act(
        rules,
        kind=f"swade.{kind}",
        params=given(options),
        title_key=f"swade_combat_cog.title.{kind}",
    )
    return outcome


# --- /attack, /wildattack ---------------------------------------------------------------------


def _attack_rules(options: dict[str, Any], *, wild: bool) -> Rules:
    opts = attack_options(options)
    skill = skill_id(options["skill"]) if options.get("skill") else None

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, actor, options.get("actor"))
        target = resolve(state, options["target"])
        weapon, dmg = weapon_choice(me, options.get("weapon"))
        attack_opts = opts.model_copy(update={"damage": dmg}) if dmg else opts
        rules = combat.wild_attack if wild else combat.attack
        return rules(
            state, actor, dice, attacker_id=me.id, target_id=target.id, weapon=weapon,
            skill=skill, options=attack_opts,
        )  # fmt: skip

    return run


@handles("attack", SYSTEM)
async def attack(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """SW-10..SW-12, SW-21..SW-25: an attack with every declared modifier."""
    reject_foreign(options, ATTACK_OPTIONS, SYSTEM)
    await _act(ctx, _attack_rules(options, wild=False), "attack", options)


@handles("wildattack", SYSTEM)
async def wildattack(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """SW-18: +2 Fighting and damage; the attacker is Vulnerable until its next turn ends."""
    reject_foreign(options, ATTACK_OPTIONS - {"range", "skill"}, SYSTEM)
    await _act(ctx, _attack_rules(options, wild=True), "wildattack", options)


# --- /grapple, /react evade -----------------------------------------------------------------


@handles("grapple:start", SYSTEM)
async def grapple_start(
    ctx: Ctx, encounter: Encounter, *, target: str, actor: str | None = None,
    modifier: int | None = None,
) -> None:  # fmt: skip
    """SW-19: opposed Athletics; Entangled, or Bound on a raise."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, actor)
        return grapple.grapple(
            state, who, dice, attacker_id=me.id, target_id=resolve(state, target).id,
            modifier=modifier or 0,
        )  # fmt: skip

    await _act(ctx, run, "grapple", {"target": target, "actor": actor, "modifier": modifier})


@handles("grapple:escape", SYSTEM)
async def grapple_escape(
    ctx: Ctx, encounter: Encounter, *, actor: str | None = None, modifier: int | None = None
) -> None:
    """SW-19: Athletics opposed by the grappler, as an action."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, actor, prefer=lambda c: c.grappled_by is not None)
        return grapple.escape(state, who, dice, combatant_id=me.id, modifier=modifier or 0)

    await _act(ctx, run, "escape", {"actor": actor, "modifier": modifier})


@handles("grapple:crush", SYSTEM)
async def grapple_crush(
    ctx: Ctx, encounter: Encounter, *, actor: str | None = None, modifier: int | None = None
) -> None:
    """SW-19: opposed Strength; Strength damage to the one held."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        me = acting(state, who, actor, prefer=lambda c: c.grappling is not None)
        return grapple.crush(state, who, dice, attacker_id=me.id, modifier=modifier or 0)

    await _act(ctx, run, "crush", {"actor": actor, "modifier": modifier})


@handles("react:evade", SYSTEM)
async def react_evade(ctx: Ctx, encounter: Encounter, *, actor: str | None = None) -> None:
    """SW-25 evasion: Agility -2 against an attack that allows it."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        return maneuvers.evade(state, who, dice, reacting(state, who, actor).id)

    await _act(ctx, run, "evade", {"actor": actor})


# --- the benny reroll of a maneuver's roll --------------------------------------------------


@handles("offer:reroll_maneuver", SYSTEM)
async def offer_reroll_maneuver(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    """SW-4/SW-35 "Repetir tirada (beni)": reroll one roll of a grapple, escape, crush,
    trick, push, support, evasion, area attack or suppressive fire, keeping the better;
    the benny is charged by :func:`bot.commands.benny_spending.act_with_benny`."""
    state = encounter.state
    assert isinstance(state, SwadeState)
    roller = resolve(state, offer.combatant_id or "")
    owner_id, index = str(offer.data["owner_id"]), int(offer.data["index"])

    def run(s: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        return maneuvers.reroll_maneuver(s, who, dice, owner_id=owner_id, index=index)

    await act_with_benny(ctx, encounter, roller, run, use="reroll")


# --- /act --------------------------------------------------------------------------------------


def action_names(lang: str) -> dict[str, str]:
    """Action id -> its name in ``lang`` (the catalogue's)."""
    return {a: t(f"swade_combat_cog.action.{a}", lang) for a in ACTIONS}


def parse_action(text: str) -> tuple[str, str]:
    """(action id, the words after its name). Names in both languages, accents ignored."""
    folded = fold(text)
    spellings: list[tuple[str, str]] = []
    for action, words in ACTIONS.items():
        names = {fold(w) for w in words}
        for lang in ("es", "en"):
            names.add(fold(catalog(lang).get(f"swade_combat_cog.action.{action}", action)))
        spellings += [(name, action) for name in names]
    for name, action in sorted(spellings, key=lambda s: -len(s[0])):
        if folded == name or folded.startswith(name + " "):
            return action, folded[len(name) :].strip()
    raise UserError("swade_combat_cog.error.unknown_action", action=text)


def _words(args: str) -> list[str]:
    return [w for w in args.split() if w]


def _need(value: Any, key: str, action: str) -> Any:
    if value is None or value == "":
        raise RuleError(f"swade_combat_cog.error.needs_{key}", action=action)
    return value


def act_rules(action: str, args: str, options: dict[str, Any]) -> Rules:
    """The rules call for an /act action (names in :data:`ACTIONS`)."""
    target_name: str | None = options.get("target")
    value: int | None = options.get("value")
    name = options["action"]

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        def me() -> SwadeCombatant:
            return acting(state, who, options.get("actor"))

        def target() -> SwadeCombatant:
            return resolve(state, _need(target_name, "target", name))

        if action == "defend":
            return maneuvers.defend(state, who, me().id)
        if action == "aim":
            return maneuvers.aim(state, who, me().id)
        if action == "release":
            return grapple.release(state, who, grappler_id=me().id)
        if action == "multi":
            actions = int(_need(value, "value", name))
            return maneuvers.declare_multi_action(state, who, me().id, actions)
        if action == "finish":
            return maneuvers.finishing_move(state, who, attacker_id=me().id, target_id=target().id)
        if action == "trick":
            words = _words(args)
            effect = next((EFFECTS[w] for w in words if w in EFFECTS), "distracted")
            rest = " ".join(w for w in words if w not in EFFECTS)
            return maneuvers.trick(
                state, who, dice, actor_id=me().id, target_id=target().id,
                skill=skill_id(rest) if rest else "athletics", effect=effect,  # type: ignore[arg-type]
            )  # fmt: skip
        if action == "push":
            words = _words(args)
            unknown = [w for w in words if w not in MOVED]
            if unknown:
                raise RuleError("swade_combat_cog.error.extra_words", words=" ".join(unknown))
            return maneuvers.push(
                state, who, dice, actor_id=me().id, target_id=target().id, moved=bool(words)
            )
        if action == "support":
            skill = skill_id(_need(args, "skill", name))
            return maneuvers.support(
                state, who, dice, actor_id=me().id, ally_id=target().id, skill=skill
            )
        if action == "reload":
            c = me()
            weapon = _weapon_named(c, args, lambda w: w.shots is not None)
            shots = int(_need(value, "value", name))
            return combat.reload_weapon(state, who, combatant_id=c.id, weapon=weapon, shots=shots)
        if action == "fatigue":
            c = target() if target_name else me()
            levels = value if value is not None else 1
            return damage.apply_fatigue(state, who, dice, combatant_id=c.id, levels=levels)
        if action == "recover":
            c = target() if target_name else me()
            return damage.recover_fatigue(state, who, combatant_id=c.id)
        if action == "area":
            c = me()
            words = _words(args)
            template = next((TEMPLATES[w] for w in words if w in TEMPLATES), "medium")
            rest = [w for w in words if w not in TEMPLATES and w not in LAUNCHED | EVASION]
            weapon = _weapon_named(c, " ".join(rest), lambda w: bool(w.range))
            return combat.area_attack(
                state, who, dice, attacker_id=c.id,
                target_ids=targets(state, _need(target_name, "target", name)),
                template=template,  # type: ignore[arg-type]
                weapon=weapon, launched=any(w in LAUNCHED for w in words),
                evasion=any(w in EVASION for w in words),
            )  # fmt: skip
        if action == "suppress":
            c = me()
            weapon = _weapon_named(c, args, lambda w: bool(w.range) and w.rof >= 2)
            return combat.suppressive_fire(
                state, who, dice, attacker_id=c.id,
                target_ids=targets(state, _need(target_name, "target", name)), weapon=weapon,
            )  # fmt: skip
        if action == "break":
            c = me()
            weapon, dmg = weapon_choice(c, args or None)
            opts = AttackOptions(damage=dmg) if dmg else AttackOptions()
            return combat.attack_object(
                state, who, dice, attacker_id=c.id, hardness=int(_need(value, "value", name)),
                weapon=weapon, options=opts,
            )  # fmt: skip
        if action == "damage":
            return damage.apply_damage(
                state, who, dice, target_id=target().id, damage=int(_need(value, "value", name))
            )
        raise UserError("swade_combat_cog.error.unknown_action", action=name)

    return run


def _weapon_named(c: SwadeCombatant, text: str, fits: Callable[[Weapon], bool]) -> str:
    """The weapon named by ``text``, else ``c``'s only weapon that ``fits``."""
    if text:
        w = weapon_of(c, text)
        if w is None:
            raise RuleError("swade_combat.error.unknown_weapon", name=text, combatant=c.name)
        return w.name
    fitting = [w for w in c.weapons if fits(w)]
    if len(fitting) != 1:
        raise RuleError("swade_combat_cog.error.which_weapon", name=c.name)
    return fitting[0].name


@handles("act", SYSTEM)
async def act(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """The maneuvers by name (``ACTIONS``): defend, trick, push, support, aim,
    multi-action, finishing move, reload, fatigue, area attack, suppressive fire..."""
    reject_foreign(options, ACT_OPTIONS, SYSTEM)
    action, args = parse_action(options["action"])
    takes = ACTION_TAKES[action]
    if args and "words" not in takes:
        raise UserError("swade_combat_cog.error.extra_words", words=args)
    for option in ("target", "value"):
        if options.get(option) is not None and option not in takes:
            raise UserError(
                "swade_combat_cog.error.option_unused", option=option, action=options["action"]
            )
    await _act(ctx, act_rules(action, args, options), f"act.{action}", options)


# --- autocomplete -----------------------------------------------------------------------------


@handles("autocomplete:action", SYSTEM)
async def autocomplete_action(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """The maneuver names in the reader's language."""
    lang = Ctx.of(interaction).lang
    wanted = fold(current)
    names = [n for n in action_names(lang).values() if wanted in fold(n)]
    return name_choices(names)


@handles("autocomplete:weapon", SYSTEM)
async def autocomplete_weapon(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """The acting combatant's weapons: the ``actor`` typed so far, else the caller's
    combatant whose turn it is, else every combatant the caller controls."""
    state = encounter.state
    assert isinstance(state, SwadeState)
    ctx = Ctx.of(interaction)
    who = ctx.actor(encounter)
    named = getattr(interaction.namespace, "actor", None)
    try:
        pool = [acting(state, who, named)]
    except RuleError:
        pool = [c for c in state.combatants if c.controlled_by(who.user_id, is_gm=False)]
    wanted = fold(current)
    names = list(dict.fromkeys(w.name for c in pool for w in c.weapons if wanted in fold(w.name)))
    return name_choices(names)


# --- the SWADE-only command -----------------------------------------------------------------------


class SwadeCombatCog(commands.Cog):
    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("wildattack"),
        description=_("Wild Attack: +2 Fighting and damage, then Vulnerable (Savage Worlds)"),
    )
    @app_commands.guild_only()
    @app_commands.describe(
        target=_("Who you attack"),
        weapon=_("Weapon (from the sheet) or damage like Str+d6"),
        actor=_("Which of your combatants attacks (default: the one whose turn it is)"),
        modifier=_("Extra modifier the bot cannot know"),
        cover=_("Target's cover"),
        called=_("Called shot: limb, hand, head, vitals... (or a body part)"),
        gangup=_("Extra attackers adjacent to the target"),
        illumination=_("Lighting penalty"),
        flags=_(
            "Other options, comma separated: aim, nonlethal, offhand, twoweapons, unstable, touch..."
        ),
    )
    @app_commands.choices(cover=COVER, illumination=LIGHT)
    @app_commands.autocomplete(
        target=combatant_autocomplete, actor=combatant_autocomplete, weapon=weapon_autocomplete
    )
    async def wildattack(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[str, 1, 100],
        weapon: app_commands.Range[str, 1, 100] | None = None,
        actor: app_commands.Range[str, 1, 100] | None = None,
        modifier: app_commands.Range[int, -20, 20] | None = None,
        cover: str | None = None,
        called: app_commands.Range[str, 1, 50] | None = None,
        gangup: app_commands.Range[int, 0, 20] | None = None,
        illumination: str | None = None,
        flags: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await route(
            interaction, "wildattack", target=target, weapon=weapon, actor=actor,
            modifier=modifier, cover=cover, called=called, gangup=gangup,
            illumination=illumination, flags=flags,
        )  # fmt: skip


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(SwadeCombatCog(bot))
