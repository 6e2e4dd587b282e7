"""Dread S-20 through the shared commands (issue 8): the handlers the shared /attack,
/act, /next, /react, /grapple, /initiative, /combatant and /join call for a ``ds20``
encounter, the offer and board buttons, and the stat-line parser for /character save.

The cog only translates: it resolves names to combatant ids inside the rules call (under
the channel's lock), maps options to the pure functions in ``bot.systems.ds20`` and lets
``ctx.act`` reply, log and refresh the board. Options of other systems are refused with
``reject_foreign``. Readings chosen here (see the report / README):

- ``cover``: ``light`` counts as obstructed (1 penalty), ``heavy`` as heavily covered
  (2, DS-11); ``medium`` and ``near_total`` do not exist in Dread S-20 and are refused.
- ``modifier`` on /grapple start|headbutt: +N bonus d4s or -N penalty d4s (DS-1).
- /combatant add with ``count`` > 1: the copies share one initiative roll (a group,
  DS-3) unless the stat line names a group.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord
from discord import app_commands

import bot.render.ds20  # noqa: F401  (registers the board)
from bot.app import ComodinBot
from bot.dice.source import DiceSource
from bot.errors import UserError
from bot.i18n import catalog, t
from bot.storage.characters import SavedCharacter
from bot.systems import ds20
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError, chain
from bot.systems.bounds import require_room
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.ds20.statline import fold, read_statline
from bot.systems.ds20.wounds import wound_boxes
from bot.systems.encounter import Encounter
from bot.systems.sheets import SheetReading
from cogs._context import Ctx
from cogs._registry import handles
from cogs.shared import given, name_choices, reject_foreign

SYSTEM = "ds20"
Rules = Callable[[DS20State, Actor, DiceSource], Outcome]

ATTACK_OPTIONS = {
    "target", "weapon", "actor", "bonus", "penalty", "called", "distance", "cover", "flags",
}  # fmt: skip
COVER = {"light": "obstructed", "heavy": "heavy"}
BODY_PARTS = {
    "cabeza": "cabeza", "head": "cabeza",
    "brazos": "brazos", "brazo": "brazos", "arms": "brazos", "arm": "brazos",
    "torso": "torso", "chest": "torso",
    "piernas": "piernas", "pierna": "piernas", "legs": "piernas", "leg": "piernas",
}  # fmt: skip
FLAG_WORDS = {
    "back": "back", "espalda": "back", "detras": "back",
    "surprise": "surprise", "sorpresa": "surprise",
    "stun": "stun", "aturdir": "stun",
    "burst3": "burst3", "rafaga3": "burst3", "threeround": "burst3",
    "burst": "burst", "rafaga": "burst",
    "empty": "empty", "vaciar": "empty",
}  # fmt: skip
FLAG_LIST = "back, surprise, stun, burst3, burst:N, empty:N"

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
CONFIRM = {"confirmar", "confirmo", "confirm", "si", "yes"}
DAMAGE_ARG = re.compile(r"\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*(sin armadura|no armou?r)?\s*")


# -- names ------------------------------------------------------------------------------


def find_combatant(state: DS20State, text: str) -> DSCombatant:
    """A combatant by id ("c3"), by name (case and accents ignored), or by the start of
    exactly one name."""
    wanted = fold(text)
    for c in state.combatants:
        if c.id == text.strip() or fold(c.name) == wanted:
            return c
    starts = [c for c in state.combatants if fold(c.name).startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise UserError(
            "ds20.cog.error.ambiguous", name=text, names=", ".join(c.name for c in starts[:10])
        )
    raise UserError("ds20.cog.error.unknown_combatant", name=text)


def acting(state: DS20State, actor: Actor, name: str | None) -> DSCombatant:
    """Who acts: the one named; else the combatant whose turn it is, if the user
    controls it; else the user's only combatant."""
    if name:
        return find_combatant(state, name)
    current = state.current_id
    if current is not None:
        c = state.get(current)
        if c.controlled_by(actor.user_id, is_gm=actor.is_gm):
            return c
    if not actor.is_gm:
        mine = [c for c in state.combatants if c.controller_id == actor.user_id]
        if len(mine) == 1:
            return mine[0]
    raise UserError("ds20.cog.error.which_actor")


def defender(state: DS20State, name: str | None) -> DSCombatant:
    """The combatant answering the pending attack: its target unless named."""
    if state.pending is None:
        raise RuleError("ds20.error.no_pending_attack")
    return find_combatant(state, name) if name else state.get(state.pending.target_id)


def units(modifier: int | None) -> tuple[int, int]:
    """A +N/-N modifier as (bonus, penalty) d4 units (DS-1)."""
    m = modifier or 0
    return (m, 0) if m >= 0 else (0, -m)


def _with_notes(rules: Rules, notes: list[Event]) -> Rules:
    """Put explanatory events (how an option was read) before the rules' own."""
    if not notes:
        return rules

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        outcome = rules(state, actor, dice)
        return outcome.model_copy(update={"events": [*notes, *outcome.events]})

    return run


async def _act(ctx: Ctx, rules: Rules, kind: str, options: dict[str, Any] | None = None) -> None:
    await ctx.act(
        rules, kind=f"ds20.{kind}", params=given(options or {}), title_key=f"ds20.cog.title.{kind}"
    )


# -- /character save, /combatant, /join ------------------------------------------------------


@handles("read_sheet", SYSTEM)
def read_sheet(
    text: str, name: str, encounter: Encounter | None = None
) -> SheetReading[DSCombatant]:
    """The stat line (format in ``bot.systems.ds20.statline``) with the defaults applied;
    without a ``Nombre`` field the saved name is used."""
    try:
        return read_statline(text)
    except RuleError as exc:
        if exc.key != "ds20.statline.missing":
            raise
    return read_statline(f"{text}\nNombre: {name}")


@handles("parse_sheet", SYSTEM)
def parse_sheet(text: str, name: str) -> dict[str, Any]:
    """The stat line as a dict (:func:`read_sheet`'s sheet)."""
    return read_sheet(text, name).sheet.model_dump(mode="json")


def _sheet(statblock: str | None, character: SavedCharacter | None) -> DSCombatant:
    if statblock and character:
        raise UserError("ds20.cog.error.statblock_or_character")
    if character is not None:
        if character.system != SYSTEM:
            raise UserError(
                "character.wrong_system",
                name=character.name,
                system=f"system.{character.system}",
                encounter_system=f"system.{SYSTEM}",
            )
        return DSCombatant.model_validate(character.sheet)
    if statblock:
        return DSCombatant.model_validate(parse_sheet(statblock, "-"))
    raise UserError("ds20.cog.error.need_statblock")


def add_many(
    sheets: list[tuple[DSCombatant, int | None]],
) -> Rules:
    """Add each sheet in turn (``add_combatant``), one outcome for all."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        require_room(len(state.combatants), len(sheets))  # issue 21
        steps = [
            partial(
                ds20.add_combatant, actor=actor, sheet=sheet, controller_id=controller, dice=dice
            )
            for sheet, controller in sheets
        ]
        return chain(state, steps, summary=f"add {len(sheets)}")

    return run


@handles("combatant:add", SYSTEM)
async def combatant_add(
    ctx: Ctx,
    encounter: Encounter,
    *,
    name: str,
    statblock: str | None = None,
    character: SavedCharacter | None = None,
    count: int = 1,
    wildcard: bool | None = None,
    side: str | None = None,
    controller_id: int | None = None,
) -> None:
    reject_foreign({"wildcard": wildcard}, set(), SYSTEM)
    sheet = _sheet(statblock, character)
    sheet.name = name.strip()
    if side is not None:
        sheet.side = side
    if count > 1 and sheet.group is None:
        sheet.group = sheet.name  # DS-3: similar foes share one initiative roll
    copies = []
    for i in range(count):
        c = sheet.model_copy(deep=True)
        if count > 1:
            c.name = f"{sheet.name} {i + 1}"
        copies.append((c, controller_id))
    options = {"name": name, "count": count, "side": side, "controller_id": controller_id}
    await _act(ctx, add_many(copies), "add", options)


@handles("join", SYSTEM)
async def join(ctx: Ctx, encounter: Encounter, saved: SavedCharacter) -> None:
    """A saved Dread S-20 character joins as the caller's PC (a sheet without ``Tipo:
    PJ`` joins on the heroes' side). Joining is the player's right (the roster's
    contract), so the add runs with GM rights for this one sheet."""
    sheet = _sheet(None, saved)
    if not sheet.is_pc:  # no "Tipo: PJ": its side defaulted to the foes'
        sheet.side = "heroes"
    sheet.is_pc = True

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if any(c.controller_id == actor.user_id and fold(c.name) == fold(sheet.name)
               for c in state.combatants):  # fmt: skip
            raise UserError("ds20.cog.error.already_joined", name=sheet.name)
        joining = Actor(user_id=actor.user_id, is_gm=True)
        return ds20.add_combatant(state, joining, sheet, controller_id=actor.user_id, dice=dice)

    await _act(ctx, run, "join", {"character": saved.name})


@handles("combatant:remove", SYSTEM)
async def combatant_remove(ctx: Ctx, encounter: Encounter, *, combatant: str) -> None:
    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        return ds20.remove_combatant(state, actor, find_combatant(state, combatant).id)

    await _act(ctx, run, "remove", {"combatant": combatant})


EDIT_FIELDS: dict[str, str] = {
    "heridas": "wounds", "wounds": "wounds",
    "agotamiento": "fatigue", "fatigue": "fatigue",
    "estado": "health", "health": "health",
    "atendido": "treated", "treated": "treated",
    "suelo": "prone", "prone": "prone", "en el suelo": "prone",
    "inconsciente": "unconscious", "unconscious": "unconscious",
    "apuntar": "aim", "aim": "aim",
    "bando": "side", "side": "side",
    "grupo": "group", "group": "group",
    "balas": "ammo", "ammo": "ammo",
}  # fmt: skip
EDIT_LABELS = (
    "Heridas, Agotamiento, Estado, Atendido, Suelo, Inconsciente, Apuntar, Bando, Grupo, Balas"
)
HEALTH_WORDS = {
    "sano": "ok", "ok": "ok", "healthy": "ok",
    "grave": "grave",
    "agonia": "agony", "agony": "agony",
    "muerto": "dead", "dead": "dead",
}  # fmt: skip
YES = {"si", "yes", "true", "1"}
NO = {"no", "false", "0"}
SIDES = {"heroes": "heroes", "heroe": "heroes", "enemigos": "foes", "foes": "foes"}


def _bad(field: str, value: str, expected: str) -> UserError:
    return UserError("ds20.cog.error.edit_value", field=field, value=value, expected=expected)


def parse_corrections(text: str) -> dict[str, Any]:
    """/combatant edit's ``statblock``: ``Campo: valor`` corrections, one per line or
    separated by ``|``: Heridas 2/1/0 (boxes filled R/HL/HG), Agotamiento 1, Estado
    sano|grave|agonía|muerto, Atendido/Suelo/Inconsciente sí|no, Apuntar N, Bando
    héroes|enemigos, Grupo name (``-`` clears it), Balas ``Pistola 7``."""
    changes: dict[str, Any] = {}
    for piece in re.split(r"[\n|]", text):
        if not piece.strip():
            continue
        raw, sep, value = piece.partition(":")
        field = EDIT_FIELDS.get(fold(raw))
        value = value.strip()
        if not sep or field is None:
            raise UserError("ds20.cog.error.edit_field", field=raw.strip(), known=EDIT_LABELS)
        word = fold(value)
        if field == "wounds":
            m = re.fullmatch(r"(\d+)\s*/\s*(\d+)\s*/\s*(\d+)", value)
            if not m:
                raise _bad(raw.strip(), value, "2/1/0")
            changes["wounds"] = tuple(int(g) for g in m.groups())
        elif field in ("fatigue", "aim"):
            if not value.isdigit():
                raise _bad(raw.strip(), value, "1")
            changes[field] = int(value)
        elif field == "health":
            if word not in HEALTH_WORDS:
                raise _bad(raw.strip(), value, "sano | grave | agonía | muerto")
            changes["health"] = HEALTH_WORDS[word]
        elif field in ("treated", "prone", "unconscious"):
            if word not in YES | NO:
                raise _bad(raw.strip(), value, "sí | no")
            changes[field] = word in YES
        elif field == "side":
            changes["side"] = SIDES.get(word, word)
        elif field == "group":
            changes["group"] = None if value in ("", "-") else value
        else:
            m = re.fullmatch(r"(.+?)\s+(\d+)", value)
            if not m:
                raise _bad(raw.strip(), value, "Pistola 7")
            changes["ammo"] = (m.group(1), int(m.group(2)))
    return changes


@handles("combatant:edit", SYSTEM)
async def combatant_edit(
    ctx: Ctx,
    encounter: Encounter,
    *,
    combatant: str,
    statblock: str | None = None,
    name: str | None = None,
    controller_id: int | None = None,
) -> None:
    changes = parse_corrections(statblock) if statblock else {}
    if name is not None:
        changes["name"] = name.strip()
    if controller_id is not None:
        changes["controller_id"] = controller_id
    if not changes:
        raise UserError("ds20.cog.error.nothing_to_edit")

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        target = find_combatant(state, combatant)
        return ds20.edit_combatant(state, actor, target.id, **changes)

    await _act(ctx, run, "edit", {"combatant": combatant, "statblock": statblock, "name": name})


# -- initiative and turns ----------------------------------------------------------------------


@handles("initiative:roll", SYSTEM)
async def initiative_roll(ctx: Ctx, encounter: Encounter, *, combatant: str | None = None) -> None:
    """DS-3. The GM rolls for everyone who has not; a player for their own."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if combatant:
            return ds20.roll_initiative(state, actor, dice, [find_combatant(state, combatant).id])
        if actor.is_gm:
            return ds20.roll_initiative(state, actor, dice)
        mine = [
            c.id
            for c in state.combatants
            if c.controller_id == actor.user_id and c.initiative is None
        ]
        if not mine:
            raise RuleError("ds20.error.nobody_to_roll")
        return ds20.roll_initiative(state, actor, dice, mine)

    await _act(ctx, run, "initiative", {"combatant": combatant})


@handles("next", SYSTEM)
async def next_turn(ctx: Ctx, encounter: Encounter) -> None:
    """DS-4 turn start: defences reset, agony roll, waking up."""
    await _act(ctx, ds20.next_turn, "next")


@handles("board:next", SYSTEM)
async def board_next(ctx: Ctx) -> None:
    await _act(ctx, ds20.next_turn, "next")


# -- /attack ------------------------------------------------------------------------------------


@dataclass
class Flags:
    back: bool = False
    surprise: bool = False
    stun: bool = False
    burst3: bool = False
    burst: bool = False
    empty: int = 0

    def firearm_only(self) -> list[str]:
        return [n for n in ("burst3", "burst") if getattr(self, n)] + (
            ["empty"] if self.empty else []
        )


def parse_flags(text: str | None) -> Flags:
    """``back, surprise, stun, burst3, burst:N, empty:N`` (or their Spanish names)."""
    flags = Flags()
    for token in re.split(r"[,\s]+", text or ""):
        if not token:
            continue
        word, _, number = fold(token).partition(":")
        if not number and word not in FLAG_WORDS:
            m = re.fullmatch(r"([a-z]+?)=?(\d+)", word)
            if m and m.group(1) in ("empty", "vaciar", "burst", "rafaga"):
                word, number = m.group(1), m.group(2)
        if word in ("aim", "apuntar"):
            raise UserError("ds20.cog.error.flag_aim")
        name = FLAG_WORDS.get(word)
        if name is None or (number and name not in ("empty", "burst")):
            raise UserError("ds20.cog.error.unknown_flag", flag=token, flags=FLAG_LIST)
        if number:
            if not number.isdigit() or not 1 <= int(number) <= 10:
                raise UserError("ds20.cog.error.unknown_flag", flag=token, flags=FLAG_LIST)
            flags.empty = int(number)
        if name == "empty" and not number:
            raise UserError("ds20.cog.error.empty_needs_n", flag=token)
        if name != "empty":
            setattr(flags, name, True)
    if flags.burst and flags.burst3:
        raise RuleError("ds20.error.bad_burst")
    return flags


def body_part(called: str | None) -> str | None:
    if called is None:
        return None
    part = BODY_PARTS.get(fold(called))
    if part is None:
        raise UserError("ds20.cog.error.body_part", part=called)
    return part


def is_firearm(c: DSCombatant, weapon: str | None, wants_firearm: bool) -> bool:
    """Whether the attack is a shot: the named weapon's kind; without a weapon, a
    firearm-only option asks for a shot, else the first weapon in hand decides."""
    if weapon:
        w = next((w for w in c.weapons if fold(w.name) == fold(weapon)), None)
        return w is not None and w.kind == "fuego"
    if wants_firearm:
        return True
    first = next((w for w in c.weapons if not w.dropped), None)
    return first is not None and first.kind == "fuego"


@handles("attack", SYSTEM)
async def attack(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """Melee (DS-5..DS-7, DS-10) or a shot (DS-11) depending on the weapon."""
    reject_foreign(options, ATTACK_OPTIONS, SYSTEM)
    flags = parse_flags(options.get("flags"))
    called = body_part(options.get("called"))
    cover_word = options.get("cover")
    notes: list[Event] = []
    cover = "none"
    if cover_word is not None:
        if cover_word not in COVER:
            raise UserError("ds20.cog.error.cover", cover=f"ds20.cog.cover.{cover_word}")
        cover = COVER[cover_word]
        notes.append(Event(key=f"ds20.cog.note.cover_{cover_word}"))
    distance = options.get("distance")
    bonus, penalty = options.get("bonus") or 0, options.get("penalty") or 0
    firearm_options = flags.firearm_only() + [
        n for n in ("distance", "cover") if options.get(n) is not None
    ]

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        attacker = acting(state, actor, options.get("actor"))
        target = find_combatant(state, options["target"])
        weapon = options.get("weapon")
        if is_firearm(attacker, weapon, bool(firearm_options)):
            if flags.stun:
                raise UserError("ds20.cog.error.not_for_firearm", option="stun")
            return ds20.shoot(
                state, actor, dice, attacker_id=attacker.id, target_id=target.id, weapon=weapon,
                bonus=bonus, penalty=penalty, range_m=distance, cover=cover, called=called,
                empty=flags.empty, burst="three" if flags.burst3 else "full" if flags.burst else None,
                back=flags.back, surprise=flags.surprise,
            )  # fmt: skip
        if firearm_options:
            raise UserError("ds20.cog.error.not_for_melee", option=firearm_options[0])
        return ds20.attack(
            state, actor, dice, attacker_id=attacker.id, target_id=target.id, weapon=weapon,
            bonus=bonus, penalty=penalty, called=called, back=flags.back,
            surprise=flags.surprise, stun=flags.stun,
        )  # fmt: skip

    await _act(ctx, _with_notes(run, notes), "attack", options)


# -- /react ------------------------------------------------------------------------------------


def _defend(kind: str, name: str | None) -> Rules:
    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        who = defender(state, name)
        return ds20.defend(state, actor, dice, defender_id=who.id, kind=kind)  # type: ignore[arg-type]

    return run


def _react(kind: str) -> Callable[..., Any]:
    async def react(ctx: Ctx, encounter: Encounter, *, actor: str | None = None) -> None:
        """DS-5: the defender's controller (or the GM) answers the pending attack."""
        await _act(ctx, _defend(kind, actor), kind, {"actor": actor})

    return react


for _kind in ("dodge", "block", "none"):
    handles(f"react:{_kind}", SYSTEM)(_react(_kind))


@handles("offer:ds20.defend", SYSTEM)
async def offer_defend(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    """The Esquivar / Bloquear / No defenderse buttons under an attack."""
    kind = str(offer.data.get("kind"))

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        return ds20.defend(state, actor, dice, defender_id=offer.combatant_id or "", kind=kind)  # type: ignore[arg-type]

    await _act(ctx, run, kind, {"offer": kind})


# -- /grapple ----------------------------------------------------------------------------------


@handles("grapple:start", SYSTEM)
async def grapple_start(
    ctx: Ctx, encounter: Encounter, *, target: str, actor: str | None = None,
    modifier: int | None = None,
) -> None:  # fmt: skip
    """DS-10 Apresar (Pelea; defendable)."""
    bonus, penalty = units(modifier)

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, actor)
        victim = find_combatant(state, target)
        return ds20.grapple(
            state, who, dice, attacker_id=c.id, target_id=victim.id, bonus=bonus, penalty=penalty
        )

    await _act(ctx, run, "grapple", {"target": target, "actor": actor, "modifier": modifier})


@handles("grapple:escape", SYSTEM)
async def grapple_escape(
    ctx: Ctx, encounter: Encounter, *, actor: str | None = None, modifier: int | None = None
) -> None:
    """DS-10 Zafarse: opposed Fortaleza (no modifier in the rules)."""
    reject_foreign({"actor": actor, "modifier": modifier}, {"actor"}, SYSTEM)

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        return ds20.escape(state, who, dice, acting(state, who, actor).id)

    await _act(ctx, run, "escape", {"actor": actor})


@handles("grapple:headbutt", SYSTEM)
async def grapple_headbutt(
    ctx: Ctx, encounter: Encounter, *, actor: str | None = None, modifier: int | None = None
) -> None:
    """DS-10 Cabezazo: Pelea with one penalty; the grappler cannot defend."""
    bonus, penalty = units(modifier)

    def run(state: DS20State, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, actor)
        return ds20.headbutt(state, who, dice, attacker_id=c.id, bonus=bonus, penalty=penalty)

    await _act(ctx, run, "headbutt", {"actor": actor, "modifier": modifier})


# -- /act ---------------------------------------------------------------------------------------


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
        raise UserError(
            "ds20.cog.error.unknown_action",
            action=text,
            names=[f"ds20.cog.action.{a}" for a in ACTIONS],
        )
    length, action_id = best
    words = text.strip().split()
    taken = len(folded[:length].split())
    return action_id, " ".join(words[taken:])


def _target(state: DS20State, target: str | None, action_id: str) -> DSCombatant:
    if not target:
        raise UserError("ds20.cog.error.needs_target", action=f"ds20.cog.action.{action_id}")
    return find_combatant(state, target)


def act_rules(
    action_id: str, arg: str, target: str | None, actor_name: str | None, value: int | None
) -> Rules:
    """The rules call for one /act action."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if action_id == "cancel":
            return ds20.cancel_pending(state, actor)
        if action_id == "grave_roll":
            return ds20.grave_roll(state, actor, dice, _target(state, target, action_id).id)
        if action_id == "damage":
            return _inflict(state, actor, dice, _target(state, target, action_id), arg)
        c = acting(state, actor, actor_name)
        if action_id == "declare":
            if value is None:
                raise UserError("ds20.cog.error.needs_value", action="ds20.cog.action.declare")
            return ds20.declare_actions(state, actor, c.id, value)
        if action_id == "endure":
            if arg and fold(arg) not in CONFIRM:
                raise UserError("ds20.cog.error.extra_words", words=arg)
            return ds20.endure_pain(state, actor, c.id, confirm=bool(arg))
        if action_id == "run":
            return ds20.run(state, actor, dice, c.id)
        if action_id == "technique":
            if not arg:
                raise UserError("ds20.cog.error.needs_technique", name=c.name)
            return ds20.use_technique(state, actor, dice, c.id, arg)
        if action_id == "knock_down":
            bonus, penalty = units(value)
            victim = _target(state, target, action_id)
            return ds20.grapple(
                state, actor, dice, attacker_id=c.id, target_id=victim.id, knock_down=True,
                bonus=bonus, penalty=penalty,
            )  # fmt: skip
        if action_id == "disarm":
            bonus, penalty = units(value)
            victim = _target(state, target, action_id)
            return ds20.disarm(
                state, actor, dice, attacker_id=c.id, target_id=victim.id,
                target_weapon=arg or None, bonus=bonus, penalty=penalty,
            )  # fmt: skip
        if action_id == "push":
            victim = _target(state, target, action_id)
            return ds20.push(
                state, actor, dice, attacker_id=c.id, target_id=victim.id, wall_m=value
            )
        if action_id == "stand":
            if arg and fold(arg) not in STAND_WITH_ACTION:
                raise UserError("ds20.cog.error.extra_words", words=arg)
            return ds20.stand_up(state, actor, dice, c.id, with_action=bool(arg))
        if action_id == "aim":
            return ds20.aim(state, actor, c.id, dice)
        if action_id == "reload":
            return ds20.reload(state, actor, c.id, arg or None, dice)
        if action_id == "clear_jam":
            return ds20.clear_jam(state, actor, dice, c.id, arg or None)
        if action_id == "first_aid":
            return ds20.first_aid(state, actor, dice, c.id, _target(state, target, action_id).id)
        if action_id == "release":
            return ds20.release(state, actor, c.id)
        # swap: the actor goes before the target (DS-3 ties on one side)
        return ds20.swap_initiative(state, actor, c.id, _target(state, target, action_id).id)

    return run


def _inflict(state: DS20State, actor: Actor, dice: DiceSource, c: DSCombatant, arg: str) -> Outcome:
    """The GM applies damage from outside an attack: ``daño 5 3/8`` (damage MHL/MHG;
    ``sin armadura`` skips the armour roll)."""
    m = DAMAGE_ARG.fullmatch(fold(arg))
    if not m:
        raise UserError("ds20.cog.error.damage_arg", value=arg or "—")
    damage, mhl, mhg = (int(g) for g in m.groups()[:3])
    return ds20.inflict(
        state, actor, dice, target_id=c.id, damage=damage, mhl=mhl, mhg=mhg, armour=not m.group(4)
    )


@handles("act", SYSTEM)
async def act(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    reject_foreign(options, {"action", "target", "actor", "value"}, SYSTEM)
    action_id, arg = split_action(options["action"])
    takes = ACTION_TAKES[action_id]
    if arg and "arg" not in takes:
        raise UserError("ds20.cog.error.extra_words", words=arg)
    for option in ("target", "value"):
        if options.get(option) is not None and option not in takes:
            raise UserError(
                "ds20.cog.error.option_unused", option=option, action=f"ds20.cog.action.{action_id}"
            )
    rules = act_rules(
        action_id, arg, options.get("target"), options.get("actor"), options.get("value")
    )
    await _act(ctx, rules, f"act.{action_id}", options)


# -- /encounter end ----------------------------------------------------------------------------


@handles("summary", SYSTEM)
async def summary(ctx: Ctx, encounter: Encounter) -> str:
    """Rounds fought, then each combatant's health, wounds and Agotamiento."""
    state = encounter.state
    assert isinstance(state, DS20State)
    lines = [ctx.t("ds20.cog.summary.rounds", rounds=state.round)]
    for c in state.combatants:
        lines.append(
            ctx.t(
                "ds20.cog.summary.line",
                name=c.name,
                health=ctx.t(f"ds20.state.{c.health}"),
                wounds=wound_boxes(c),
                fatigue=c.fatigue,
                max=c.fatigue_max,
            )
        )
    return "\n".join(lines)


# -- autocomplete ---------------------------------------------------------------------------------


def _lang(interaction: discord.Interaction) -> str:
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    return bot.language_for(interaction)


def _autocomplete_actor(
    interaction: discord.Interaction, encounter: Encounter
) -> DSCombatant | None:
    """The combatant an autocomplete is for: the ``actor`` typed, else the one whose turn
    it is if the user controls it (the GM controls all), else the user's first."""
    state = encounter.state
    assert isinstance(state, DS20State)
    named = getattr(interaction.namespace, "actor", None)
    if named:
        try:
            return find_combatant(state, named)
        except RuleError:
            return None
    user = interaction.user.id
    current = state.current_id
    if current is not None:
        c = state.get(current)
        if c.controlled_by(user, is_gm=user == encounter.gm_id):
            return c
    return next((c for c in state.combatants if c.controller_id == user), None)


def _choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    needle = fold(current)
    hits = [n for n in names if needle in fold(n)]
    return name_choices(hits)


@handles("autocomplete:weapon", SYSTEM)
async def weapon_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """The acting combatant's weapons in hand."""
    state = encounter.state
    assert isinstance(state, DS20State)
    c = _autocomplete_actor(interaction, encounter)
    if c is None:
        return []
    return _choices([w.name for w in c.weapons if not w.dropped], current)


@handles("autocomplete:action", SYSTEM)
async def action_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """The /act names in the user's language, with the actor's techniques and
    firearms spelled out ("técnica Estocada", "recargar Pistola")."""
    state = encounter.state
    assert isinstance(state, DS20State)
    lang = _lang(interaction)
    c = _autocomplete_actor(interaction, encounter)
    names: list[str] = []
    for action_id in ACTIONS:
        label = t(f"ds20.cog.action.{action_id}", lang)
        if c is not None and action_id == "technique":
            names.extend(f"{label} {tech.name}" for tech in c.techniques)
        elif c is not None and action_id in ("reload", "clear_jam"):
            names.extend(f"{label} {w.name}" for w in c.weapons if w.kind == "fuego")
        else:
            names.append(label)
    return _choices(names, current)


@handles("autocomplete:limb", SYSTEM)
async def called_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """Body parts for a called attack (DS-7 coverage)."""
    lang = _lang(interaction)
    parts = ["cabeza", "brazos", "torso", "piernas"]
    needle = fold(current)
    return [
        app_commands.Choice(name=t(f"ds20.cog.part.{p}", lang), value=p)
        for p in parts
        if needle in fold(t(f"ds20.cog.part.{p}", lang)) or needle in p
    ]


async def setup(bot: ComodinBot) -> None:
    """Handlers register at import; nothing else to add."""
