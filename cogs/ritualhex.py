"""Ritual Hex through the shared commands (issue 7): the handlers the shared /attack,
/act, /next, /react with|pass, /combatant add|remove and /join call for a ``ritualhex``
encounter, the offer and board buttons, /character save's sheet parser, and the
Ritual Hex-only ``/hex define|grant|round`` for the GM (the Dark Lord).

The cog only translates: names become combatant ids inside the rules call (under the
channel's lock) and options map to the pure functions of ``bot.systems.ritualhex``;
``ctx.act`` replies, logs and refreshes the board. Options of other systems are refused
with ``reject_foreign``. Readings chosen here (README "Ritual Hex"):

- ``/attack weapon`` is an attack action's name (default Piña, or a minion's first
  attack); ``called`` is the target's limb (called shot, RH-4); ``limb`` the attacker's
  limb used.
- ``/act action`` is an action's name, or a verb: Esperar/Wait, Preparar/Prepare,
  equipar/equip X, guardar/stow X, soltar/drop X, recoger/pick up X, tomar/take X (from
  the ally named in ``target``), terminar/end (a Multi-ataque, RH-10). ``limb`` is the
  target's limb for actions with a target (called shot), the part to put equipment on
  for equip/pick up/take, and the limb used for actions without a target. ``target``
  may list several combatants separated by commas (multi-target actions).
- ``/next``: with no round running, the GM starts one (as ``/hex round``); during a
  Multi-ataque offer, its controller (or the GM) ends the opportunity; otherwise it
  says whose opportunity it is or who may react, and re-posts the current buttons.
- Without ``actor``, who acts is the caller's combatant holding the opportunity (the
  GM: the one holding it); who reacts or passes is the caller's combatant first in
  the reaction order (the GM: the first one in that order).
- Offer buttons: the rules' react offer (one per reactor, with its usable reactions)
  becomes one button per reaction, labelled with the reactor's name, so every button
  is unambiguous; offers are recomputed after every action so they stay valid.
- A saved character is stored as its parsed sheet plus the source text; adding it
  re-parses the text for the side chosen (heroes or minions) and with the encounter's
  GM-defined actions. Without ``side``: heroes when a controller is given, else minions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import combatant_autocomplete, name_choices
from bot.commands.context import Ctx
from bot.commands.legacy import given, handles, reject_foreign
from bot.dice.source import DiceSource
from bot.errors import UserError
from bot.i18n import t
from bot.render.views import offers_view
from bot.storage.characters import SavedCharacter
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Event, Offer, Outcome, RuleError, chain
from bot.systems.bounds import require_room
from bot.systems.encounter import Encounter
from bot.systems.lookup import find
from bot.systems.ritualhex.chain import next_reactors
from bot.systems.ritualhex.sheet import PART_ALIASES
from bot.systems.ritualhex.sheet import read_sheet as read_rh_sheet
from bot.systems.ritualhex.state import Part, RHCombatant, RitualHexState
from bot.systems.ritualhex.text import norm
from bot.systems.sheets import SheetReading

SYSTEM = "ritualhex"
Rules = Callable[[RitualHexState, Actor, DiceSource], Outcome]

ATTACK_OPTIONS = {"target", "actor", "weapon", "called", "limb"}
ACT_OPTIONS = {"action", "target", "limb", "actor"}
DEFAULT_WEAPON = "Piña"
TEXT_LIMIT = 2000

# /act verbs: id -> spellings (normalized: lower case, no accents).
VERBS: dict[str, tuple[str, ...]] = {
    "wait": ("esperar", "wait"),
    "prepare": ("preparar", "prepararse", "prepare"),
    "equip": ("equipar", "equip"),
    "stow": ("guardar", "stow"),
    "drop": ("soltar", "drop"),
    "pick_up": ("recoger", "pick up", "pickup"),
    "take": ("tomar", "take"),
    "end": ("terminar", "end"),
}
ITEM_VERBS = {"equip", "stow", "drop", "pick_up", "take"}
SIDES = {"heroes": "hero", "foes": "minion"}


# -- names ------------------------------------------------------------------------------


def find_combatant(state: RitualHexState, text: str) -> RHCombatant:
    """The one resolver (:func:`bot.systems.lookup.find`): id, name, the start of
    exactly one name."""
    return find(state.combatants, text)


def find_targets(state: RitualHexState, text: str | None) -> list[str]:
    """One combatant, or several separated by commas."""
    if not text:
        return []
    try:
        return [find_combatant(state, text).id]
    except RuleError:
        if "," not in text:
            raise
    return [find_combatant(state, piece).id for piece in text.split(",") if piece.strip()]


def find_part(c: RHCombatant, text: str, *, limbs_only: bool = True) -> str:
    """A body part of ``c`` by key ("mano2"), by kind when only one part has it
    ("pies", "cabeza"), English names included ("hand2", "feet")."""
    parts: list[Part] = c.limbs if limbs_only else c.parts
    wanted = norm(text).replace(" ", "")
    digits = "".join(ch for ch in wanted if ch.isdigit())
    word = wanted[: len(wanted) - len(digits)] if digits else wanted
    word = PART_ALIASES.get(word, word)
    for candidate in (wanted, word + digits):
        found = [p.key for p in parts if norm(p.key) == candidate]
        if found:
            return found[0]
    if not digits:
        kinds = [p.key for p in parts if norm(p.kind) == word]
        if len(kinds) == 1:
            return kinds[0]
        if len(kinds) > 1:
            raise UserError(
                "ritualhex_cog.error.which_limb", name=c.name, limb=text, expected=", ".join(kinds)
            )
    raise UserError(
        "ritualhex_cog.error.unknown_limb",
        name=c.name,
        limb=text,
        expected=", ".join(p.key for p in parts) or "—",
    )


def acting(state: RitualHexState, actor: Actor, name: str | None) -> RHCombatant:
    """Who acts: the one named; else the caller's combatant holding the opportunity;
    else (a player) their only combatant, so the rules can say whose opportunity it is.
    The GM plays the minions (and heroes nobody else controls): without ``actor`` the
    GM acts for one of those holding the opportunity; when it is only a player's hero's,
    the GM is asked to name it with ``actor`` (issue 17: never acting for a player's
    hero by default)."""
    if name:
        return find_combatant(state, name)
    holders = [c for cid in state.acting if (c := state.get(cid)) is not None]
    if actor.is_gm:
        own = [c for c in holders if c.controller_id in (None, actor.user_id)]
        if own:
            return own[0]
        if holders:
            raise UserError(
                "ritualhex_cog.error.gm_name_the_hero", acting=", ".join(c.name for c in holders)
            )
    mine = [c for c in holders if c.controlled_by(actor.user_id, is_gm=actor.is_gm)]
    if mine:
        return mine[0]
    if not actor.is_gm:
        owned = [c for c in state.combatants if c.controller_id == actor.user_id]
        if len(owned) == 1:
            return owned[0]
    names = ", ".join(c.name for c in holders if c is not None) or "—"
    raise UserError("ritualhex_cog.error.which_actor", acting=names)


def reactor(state: RitualHexState, actor: Actor, name: str | None) -> RHCombatant:
    """Who answers the open link: the one named; else the caller's combatant first in
    the reaction order (the GM: the first in that order)."""
    if name:
        return find_combatant(state, name)
    if not state.awaiting:
        raise RuleError("ritualhex.error.no_chain")
    head = next_reactors(state)
    ordered = head + [cid for cid in state.awaiting if cid not in head]
    for cid in ordered:
        c = state.get(cid)
        if c is not None and c.controlled_by(actor.user_id, is_gm=actor.is_gm):
            return c
    raise UserError(
        "ritualhex_cog.error.none_of_yours",
        names=", ".join(c.name for cid in ordered if (c := state.get(cid)) is not None),
    )


# -- offers -----------------------------------------------------------------------------


def offers(state: RitualHexState) -> list[Offer]:
    """The rules' offers (``offers_for``) as buttons with names: one per usable
    reaction of the reactors who answer now, then pass-all, ending a Multi-ataque, and
    each waiting combatant's pass (the first 25 are shown)."""
    head = set(next_reactors(state))
    first: list[Offer] = []
    rest: list[Offer] = []
    people = state.by_id()  # read only: looking a name up must not copy the combatant
    for offer in rh.offers_for(state):
        c = people.get(offer.combatant_id or "")
        name = c.name if c else ""
        if offer.action == "rh_react":
            first += [
                offer.model_copy(
                    update={
                        "label_key": "ritualhex_cog.offer.react",
                        "data": {"name": name, "reaction": reaction},
                    }
                )
                for reaction in offer.data.get("reactions", [])
            ]
        elif offer.action == "rh_pass":
            moved = offer.model_copy(
                update={"label_key": "ritualhex_cog.offer.pass", "data": {"name": name}}
            )
            (first if offer.combatant_id in head else rest).append(moved)
        elif offer.action == "rh_end_opportunity":
            first.append(
                offer.model_copy(
                    update={"label_key": "ritualhex_cog.offer.end", "data": {"name": name}}
                )
            )
        else:
            first.append(offer)
    return first + rest


def with_offers(rules: Rules) -> Rules:
    """Run ``rules`` and attach the current offers (kept valid after any action)."""

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        outcome = rules(state, actor, dice)
        return outcome.model_copy(update={"offers": offers(outcome.state)})

    return run


async def _act(ctx: Ctx, rules: Rules, kind: str, options: dict[str, Any] | None = None) -> None:
    await ctx.act(
        with_offers(rules),
        kind=f"ritualhex.{kind}",
        params=given(options or {}),
        title_key=f"ritualhex_cog.title.{kind}",
    )


# -- /character save, /combatant, /join ----------------------------------------------------


def _read(
    text: str, name: str, kind: str, library: list[Any] | tuple[Any, ...] = ()
) -> SheetReading[RHCombatant]:
    """``read_sheet``; without a ``nombre`` line the given name is used."""
    try:
        return read_rh_sheet(text, kind=kind, library=library)  # type: ignore[arg-type]
    except RuleError as exc:
        if exc.key != "ritualhex.sheet.missing_name":
            raise
    return read_rh_sheet(f"nombre: {name}\n{text}", kind=kind, library=library)  # type: ignore[arg-type]


def _parse(
    text: str, name: str, kind: str, library: list[Any] | tuple[Any, ...] = ()
) -> RHCombatant:
    return _read(text, name, kind, library).sheet


@handles("read_sheet", SYSTEM)
def read_sheet(
    text: str, name: str, encounter: Encounter | None = None
) -> SheetReading[RHCombatant]:
    """The sheet (format in ``bot.systems.ritualhex.sheet``) with the defaults applied: a
    hero's, or a minion's when it lists its own parts or limbs. Actions resolve to the
    encounter's GM-defined ones too, when there is one."""
    library = (
        encounter.state.library if encounter is not None and encounter.system == SYSTEM else ()
    )
    try:
        return _read(text, name, "hero", library)
    except RuleError as exc:
        if exc.key != "ritualhex.sheet.hero_parts_fixed":
            raise
    return _read(text, name, "minion", library)


@handles("parse_sheet", SYSTEM)
def parse_sheet(text: str, name: str) -> dict[str, Any]:
    """The sheet as a dict (:func:`read_sheet`'s sheet)."""
    return read_sheet(text, name).sheet.model_dump(mode="json")


def _side(side: str | None, controller_id: int | None) -> str:
    if side is None:
        return "hero" if controller_id is not None else "minion"
    if side not in SIDES:
        raise UserError("ritualhex_cog.error.side", side=side)
    return SIDES[side]


def _source(statblock: str | None, character: SavedCharacter | None) -> str:
    if statblock and character:
        raise UserError("ritualhex_cog.error.statblock_or_character")
    if character is not None:
        if character.system != SYSTEM:
            raise UserError(
                "character.wrong_system",
                name=character.name,
                system=f"system.{character.system}",
                encounter_system=f"system.{SYSTEM}",
            )
        return character.source
    if statblock:
        return statblock
    raise UserError("ritualhex_cog.error.need_sheet")


def add_many(source: str, name: str, kind: str, count: int, controller_id: int | None) -> Rules:
    """Parse the sheet with the encounter's GM-defined actions and add ``count`` copies
    (numbered when more than one), one outcome for all."""

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        require_room(len(state.combatants), count)  # issue 21
        sheet = _parse(source, name, kind, state.library)
        sheet.name = name
        copies = []
        for i in range(count):
            c = sheet.model_copy(deep=True)
            if count > 1:
                c.name = f"{name} {i + 1}"
            copies.append(c)
        steps = [
            partial(rh.add_combatant, actor=actor, combatant=c, controller_id=controller_id)
            for c in copies
        ]
        return chain(
            state, steps, summary=Event(key="log.add_count", params={"name": name, "count": count})
        )

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
    """GM: heroes or minions from a sheet or a saved character."""
    reject_foreign({"wildcard": wildcard}, set(), SYSTEM)
    source = _source(statblock, character)
    kind = _side(side, controller_id)
    options = {"name": name, "count": count, "side": side, "controller_id": controller_id}
    await _act(ctx, add_many(source, name.strip(), kind, count, controller_id), "add", options)


@handles("join", SYSTEM)
async def join(ctx: Ctx, encounter: Encounter, saved: SavedCharacter) -> None:
    """A saved character joins as the caller's hero (``add_combatant`` lets a player add
    a hero for themself)."""
    source = _source(None, saved)

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        sheet = _parse(source, saved.name, "hero", state.library)
        return rh.add_combatant(state, actor, sheet, controller_id=actor.user_id)

    await _act(ctx, run, "join", {"character": saved.name})


@handles("combatant:remove", SYSTEM)
async def combatant_remove(ctx: Ctx, encounter: Encounter, *, combatant: str) -> None:
    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        return rh.remove_combatant(state, actor, combatant_id=find_combatant(state, combatant).id)

    await _act(ctx, run, "remove", {"combatant": combatant})


# -- declaring ---------------------------------------------------------------------------


def _attack_name(c: RHCombatant, weapon: str | None) -> str:
    """The attack action: the one named, else Piña, else the first attack it has."""
    attacks = [a for a, _ in rh.available_actions(c) if a.kind == "attack" and not a.is_reaction]
    if weapon:
        found = next((a for a, _ in rh.available_actions(c) if norm(a.name) == norm(weapon)), None)
        if found is not None and (found.kind != "attack" or found.is_reaction):
            raise UserError("ritualhex_cog.error.not_an_attack", action=found.name)
        return weapon
    if any(norm(a.name) == norm(DEFAULT_WEAPON) for a in attacks):
        return DEFAULT_WEAPON
    if not attacks:
        raise UserError("ritualhex_cog.error.no_attack", name=c.name)
    return attacks[0].name


def declare_rules(
    action: str | None,
    target: str | None,
    called: str | None,
    using: str | None,
    actor_name: str | None,
    *,
    attack: bool,
) -> Rules:
    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = acting(state, who, actor_name)
        name = _attack_name(c, action) if attack else action or ""
        targets = find_targets(state, target)
        limb = None
        if called:
            if len(targets) != 1:
                raise RuleError("ritualhex.error.called_shot_one_target", action=name)
            victim = state.get(targets[0])
            assert victim is not None
            limb = find_part(victim, called)
        used = [find_part(c, using)] if using else None
        return rh.declare(
            state, who, dice, actor_id=c.id, action=name, targets=targets or None, limb=limb,
            using=used,
        )  # fmt: skip

    return run


@handles("attack", SYSTEM)
async def attack(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """An attack action at one's opportunity (seed 'Acciones'; RH-4 called shots)."""
    reject_foreign(options, ATTACK_OPTIONS, SYSTEM)
    rules = declare_rules(
        options.get("weapon"),
        options["target"],
        options.get("called"),
        options.get("limb"),
        options.get("actor"),
        attack=True,
    )
    await _act(ctx, rules, "attack", options)


def split_verb(text: str) -> tuple[str, str] | None:
    """(verb id, the words after it) when ``text`` starts with a verb."""
    folded = norm(text)
    best: tuple[int, str] | None = None
    for verb, spellings in VERBS.items():
        for s in spellings:
            if (folded == s or folded.startswith(s + " ")) and (best is None or len(s) > best[0]):
                best = (len(s), verb)
    if best is None:
        return None
    length, verb = best
    words = text.strip().split()
    return verb, " ".join(words[len(folded[:length].split()) :])


def verb_rules(
    verb: str, arg: str, target: str | None, limb: str | None, actor_name: str | None
) -> Rules:
    """Wait, Prepare, the equipment actions and ending a Multi-ataque (RH-7, RH-9, RH-10)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        if verb == "end":
            ma = state.multi_attack
            c = find_combatant(state, actor_name) if actor_name else None
            cid = c.id if c else ma.actor if ma else ""
            return rh.end_opportunity(state, who, actor_id=cid)
        c = acting(state, who, actor_name)
        if verb == "wait":
            return rh.wait(state, who, actor_id=c.id)
        if verb == "prepare":
            return rh.prepare(state, who, actor_id=c.id)
        parts = [find_part(c, limb, limbs_only=False)] if limb else None
        if verb == "equip":
            return rh.equip(state, who, actor_id=c.id, item=arg, parts=parts)
        if verb == "stow":
            return rh.stow(state, who, actor_id=c.id, item=arg)
        if verb == "drop":
            return rh.drop(state, who, actor_id=c.id, item=arg)
        if verb == "pick_up":
            return rh.pick_up(state, who, actor_id=c.id, item=arg, parts=parts)
        giver = find_combatant(state, target or "")
        return rh.take_from(state, who, actor_id=c.id, giver_id=giver.id, item=arg, parts=parts)

    return run


def _has_action(state: RitualHexState, actor: Actor, actor_name: str | None, name: str) -> bool:
    try:
        c = acting(state, actor, actor_name)
    except RuleError:
        return False
    return any(norm(a.name) == norm(name) for a, _ in rh.available_actions(c))


@handles("act", SYSTEM)
async def act(ctx: Ctx, encounter: Encounter, **options: Any) -> None:
    """An action by name (declared, with its chain), or one of the verbs."""
    reject_foreign(options, ACT_OPTIONS, SYSTEM)
    text = options["action"]
    state = encounter.state
    assert isinstance(state, RitualHexState)
    parsed = None
    if not _has_action(state, ctx.actor(encounter), options.get("actor"), text):
        parsed = split_verb(text)
    if parsed is None:
        rules = declare_rules(
            text,
            options.get("target"),
            options.get("limb") if options.get("target") else None,
            None if options.get("target") else options.get("limb"),
            options.get("actor"),
            attack=False,
        )
        await _act(ctx, rules, "act", options)
        return
    verb, arg = parsed
    if verb in ITEM_VERBS and not arg:
        raise UserError("ritualhex_cog.error.needs_item", verb=f"ritualhex_cog.verb.{verb}")
    if verb not in ITEM_VERBS and arg:
        raise UserError("ritualhex_cog.error.extra_words", words=arg)
    if verb == "take" and not options.get("target"):
        raise UserError("ritualhex_cog.error.needs_giver")
    unused = [
        o
        for o in ("target", "limb")
        if options.get(o) is not None
        and not (o == "target" and verb == "take")
        and not (o == "limb" and verb in ("equip", "pick_up", "take"))
    ]
    if unused:
        raise UserError(
            "ritualhex_cog.error.option_unused",
            option=unused[0],
            action=f"ritualhex_cog.verb.{verb}",
        )
    rules = verb_rules(verb, arg, options.get("target"), options.get("limb"), options.get("actor"))
    await _act(ctx, rules, verb, options)


# -- the chain -------------------------------------------------------------------------------


@handles("react:with", SYSTEM)
async def react_with(
    ctx: Ctx,
    encounter: Encounter,
    *,
    reaction: str,
    actor: str | None = None,
    target: str | None = None,
) -> None:
    """RH-8: answer the top link with one of the reactor's reactions. ``target`` is the
    ally a Proteger-like reaction protects."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = reactor(state, who, actor)
        ally = find_combatant(state, target).id if target else None
        return rh.react(state, who, dice, reactor_id=c.id, reaction=reaction, target=ally)

    await _act(ctx, run, "react", {"reaction": reaction, "actor": actor, "target": target})


@handles("react:pass", SYSTEM)
async def react_pass(ctx: Ctx, encounter: Encounter, *, actor: str | None = None) -> None:
    """RH-8: let the chance to react go by (the GM may pass for anyone)."""

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        c = reactor(state, who, actor)
        return rh.pass_reaction(state, who, dice, reactor_id=c.id)

    await _act(ctx, run, "pass", {"actor": actor})


@handles("offer:rh_react", SYSTEM)
async def offer_react(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    reaction = str(offer.data.get("reaction", ""))

    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.react(state, who, dice, reactor_id=offer.combatant_id or "", reaction=reaction)

    await _act(ctx, run, "react", {"offer": reaction, "combatant": offer.combatant_id})


@handles("offer:rh_pass", SYSTEM)
async def offer_pass(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.pass_reaction(state, who, dice, reactor_id=offer.combatant_id or "")

    await _act(ctx, run, "pass", {"offer": "pass", "combatant": offer.combatant_id})


def _pass_all(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
    return rh.pass_all(state, who, dice)


@handles("offer:rh_pass_all", SYSTEM)
async def offer_pass_all(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    await _act(ctx, _pass_all, "pass_all", {"offer": "pass_all"})


@handles("offer:rh_end_opportunity", SYSTEM)
async def offer_end(ctx: Ctx, encounter: Encounter, offer: Offer) -> None:
    def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
        return rh.end_opportunity(state, who, actor_id=offer.combatant_id or "")

    await _act(ctx, run, "end", {"offer": "end"})


# -- rounds, /next, board buttons ----------------------------------------------------------


def _start_round(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
    return rh.start_round(state, who)


def status_lines(state: RitualHexState, lang: str) -> list[str]:
    """Where the fight stands: whose opportunity, or the open chain and who answers."""

    def names(ids: list[str]) -> str:
        return ", ".join(c.name for cid in ids if (c := state.get(cid)) is not None) or "—"

    if state.phase == "setup":
        return [t("ritualhex_cog.status.setup", lang)]
    if state.phase == "over":
        return [t("ritualhex_cog.status.over", lang, round=state.round)]
    lines = [t("ritualhex_cog.status.round", lang, round=state.round, needle=state.needle)]
    if state.chain:
        top = state.chain[-1]
        lines.append(
            t(
                "ritualhex_cog.status.chain",
                lang,
                author=names([top.author]),
                action=top.action.name,
                names=names(state.awaiting),
                next=names(next_reactors(state)),
            )
        )
    elif state.multi_attack is not None:
        lines.append(
            t(
                "ritualhex_cog.status.multi_attack",
                lang,
                name=names([state.multi_attack.actor]),
                left=state.multi_attack.left,
            )
        )
    else:
        lines.append(t("ritualhex_cog.status.opportunity", lang, names=names(state.acting)))
    return lines


@handles("next", SYSTEM)
async def next_(ctx: Ctx, encounter: Encounter) -> None:
    """No round running: the GM starts one. A Multi-ataque offer: end it. Otherwise:
    say where the fight stands and post the current buttons again."""
    state = encounter.state
    assert isinstance(state, RitualHexState)
    if state.phase != "round":
        await _act(ctx, _start_round, "round")
        return
    ma = state.multi_attack
    if ma is not None and not state.chain:
        c = state.get(ma.actor)
        if c is not None and c.controlled_by(ctx.user_id, is_gm=ctx.actor(encounter).is_gm):
            await _act(ctx, verb_rules("end", "", None, None, None), "end")
            return
    embed = discord.Embed(
        title=ctx.t("ritualhex_cog.title.status"),
        description="\n".join(status_lines(state, ctx.lang)),
    )
    view = offers_view(encounter.channel_id, encounter.seq, encounter.offers, ctx.lang)
    await ctx.send(embed=embed, **({"view": view} if view else {}))


@handles("board:rh_round", SYSTEM)
async def board_round(ctx: Ctx) -> None:
    await _act(ctx, _start_round, "round")


@handles("board:rh_pass_all", SYSTEM)
async def board_pass_all(ctx: Ctx) -> None:
    await _act(ctx, _pass_all, "pass_all")


# -- /encounter end -------------------------------------------------------------------------


@handles("summary", SYSTEM)
async def summary(ctx: Ctx, encounter: Encounter) -> str:
    """Rounds fought, then each combatant's damage, and who is down."""
    state = encounter.state
    assert isinstance(state, RitualHexState)
    lines = [ctx.t("ritualhex_cog.summary.rounds", rounds=state.round)]
    for c in state.combatants:
        down = [p.key for p in c.limbs if not c.part_active(p.key)]
        key = "ritualhex_cog.summary.line" if c.active else "ritualhex_cog.summary.down"
        line = ctx.t(key, name=c.name, damage=c.total_damage, hp=c.stat("hp"))
        if down:
            line += " · " + ctx.t("ritualhex_cog.summary.limbs", limbs=", ".join(down))
        lines.append(line)
    return "\n".join(lines)


# -- autocomplete ----------------------------------------------------------------------------


def _lang(interaction: discord.Interaction) -> str:
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    return bot.language_for(interaction)


def _autocomplete_actor(
    interaction: discord.Interaction, state: RitualHexState, *, reacting: bool
) -> RHCombatant | None:
    named = getattr(interaction.namespace, "actor", None)
    who = Actor(user_id=interaction.user.id, is_gm=False)
    try:
        if named:
            return find_combatant(state, named)
        if reacting:
            try:
                return reactor(state, who, None)
            except (UserError, RuleError):
                head = next_reactors(state)
                return state.get(head[0]) if head else None
        return acting(state, who, None)
    except (UserError, RuleError):
        holders = [state.get(cid) for cid in state.acting]
        return next((c for c in holders if c is not None), None)


def _choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    needle = norm(current)
    seen: list[str] = []
    for n in names:
        if needle in norm(n) and n not in seen:
            seen.append(n)
    return name_choices(seen)


def _reacting(interaction: discord.Interaction) -> bool:
    command = interaction.command
    parent = getattr(command, "parent", None)
    return parent is not None and getattr(parent, "name", "") == "react"


def action_names(state: RitualHexState, c: RHCombatant | None, lang: str) -> list[str]:
    """/act names: the actor's actions (not reactions), then the verbs with its items."""
    names: list[str] = []
    if c is not None:
        names += [a.name for a, _ in rh.available_actions(c) if not a.is_reaction]
    names += [t("ritualhex_cog.verb.wait", lang), t("ritualhex_cog.verb.prepare", lang)]
    if c is not None:
        for item in c.equipment:
            verbs = ("stow", "drop") if item.worn_on else ("equip",)
            names += [f"{t(f'ritualhex_cog.verb.{v}', lang)} {item.name}" for v in verbs]
    names += [f"{t('ritualhex_cog.verb.pick_up', lang)} {e.name}" for e in state.ground]
    if state.multi_attack is not None:
        names.append(t("ritualhex_cog.verb.end", lang))
    return names


@handles("autocomplete:action", SYSTEM)
async def action_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """/act: the caller's actions and verbs; /react with: their usable reactions."""
    state = encounter.state
    assert isinstance(state, RitualHexState)
    reacting = _reacting(interaction)
    c = _autocomplete_actor(interaction, state, reacting=reacting)
    if reacting:
        if c is None:
            return []
        usable = rh.usable_reactions(state, c.id)
        every = [a.name for a, _ in rh.available_actions(c) if a.is_reaction]
        return _choices(usable + every, current)
    return _choices(action_names(state, c, _lang(interaction)), current)


@handles("autocomplete:weapon", SYSTEM)
async def weapon_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """The attacker's attack actions."""
    state = encounter.state
    assert isinstance(state, RitualHexState)
    c = _autocomplete_actor(interaction, state, reacting=False)
    if c is None:
        return []
    attacks = [
        a.name for a, _ in rh.available_actions(c) if a.kind == "attack" and not a.is_reaction
    ]
    return _choices(attacks, current)


def _focused(interaction: discord.Interaction) -> str | None:
    def walk(options: list[dict[str, Any]]) -> str | None:
        for o in options:
            if o.get("focused"):
                return str(o.get("name"))
            found = walk(o.get("options", []))
            if found:
                return found
        return None

    data: Any = interaction.data or {}
    return walk(data.get("options", []))


@handles("autocomplete:limb", SYSTEM)
async def limb_autocomplete(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """``called`` (and /act ``limb`` with a target): the target's limbs; ``limb``: the
    actor's (its parts for equip/pick up)."""
    state = encounter.state
    assert isinstance(state, RitualHexState)
    target = getattr(interaction.namespace, "target", None)
    focused = _focused(interaction)
    on_target = focused == "called" or (
        focused == "limb" and target and getattr(interaction.command, "name", "") == "act"
    )
    c: RHCombatant | None
    if on_target and target:
        try:
            c = find_combatant(state, target.split(",")[0])
        except RuleError:
            c = None
    else:
        c = _autocomplete_actor(interaction, state, reacting=False)
    if c is None:
        return []
    return _choices([p.key for p in c.parts if p.limb or not on_target], current)


# -- /hex -------------------------------------------------------------------------------------


class HexCommands(commands.Cog):
    """Ritual Hex only: the GM defines and grants actions and starts the round."""

    hex = app_commands.Group(
        name=_("hex"),
        description=_("Ritual Hex: define and grant actions, start the round (GM)"),
        guild_only=True,
    )

    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @staticmethod
    async def _encounter(ctx: Ctx) -> Encounter:
        encounter = await ctx.encounter()
        if encounter.system != SYSTEM:
            raise UserError(
                "command.not_in_system", command="hex", system=f"system.{encounter.system}"
            )
        return encounter

    @hex.command(
        name=_("define"),
        description=_("Define an action or reaction in the action format (GM)"),
    )
    @app_commands.describe(text=_("The action: name: ...; kind: ...; cost: ... (use \\n or ;)"))
    async def define(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, TEXT_LIMIT]
    ) -> None:
        ctx = Ctx.of(interaction)
        await self._encounter(ctx)
        body = text.replace("\\n", "\n")

        def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
            return rh.define_action(state, who, body)

        await _act(ctx, run, "define", {"text": body})

    @hex.command(name=_("grant"), description=_("Give a combatant a defined action (GM)"))
    @app_commands.describe(
        combatant=_("Who gets it"), action=_("A defined action, or Bloqueo, Proteger, Parálisis")
    )
    @app_commands.autocomplete(combatant=combatant_autocomplete)
    async def grant(
        self,
        interaction: discord.Interaction,
        combatant: app_commands.Range[str, 1, 100],
        action: app_commands.Range[str, 1, 100],
    ) -> None:
        ctx = Ctx.of(interaction)
        await self._encounter(ctx)

        def run(state: RitualHexState, who: Actor, dice: DiceSource) -> Outcome:
            c = find_combatant(state, combatant)
            return rh.grant_action(state, who, combatant_id=c.id, action=action)

        await _act(ctx, run, "grant", {"combatant": combatant, "action": action})

    @grant.autocomplete("action")
    async def grant_action_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        encounter = await self.bot.encounters.get(interaction.channel_id or 0)
        if encounter is None or not isinstance(encounter.state, RitualHexState):
            return []
        names = [a.name for a in encounter.state.library]
        names += [a.name for a in rh.EXAMPLE_ACTIONS]
        return _choices(names, current)

    @hex.command(name=_("round"), description=_("Start the round: AP levels and the needle (GM)"))
    async def round_(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        await self._encounter(ctx)
        await _act(ctx, _start_round, "round")


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(HexCommands(bot))
