"""Savage Worlds encounters through the commands (issue 4): the handlers the shared
/combatant, /join, /next, /initiative set, /condition, /react interrupt, /encounter
settings|end and the board buttons call for a ``swade`` encounter, the stat-block parser
for /character save, and the SWADE-only /deal and /hold.

The cog only translates: names are resolved inside the rules call (under the channel's
lock), options map to the pure functions of ``bot.systems.swade`` and ``ctx.act`` replies,
logs (for /undo) and refreshes the board (``bot.render.swade``). Readings chosen here:

- ``/deal surprise:`` takes ambusher names separated by commas (a group of Extras by its
  name, "Goblin"), or a side (héroes/heroes, enemigos/foes, neutral): every combatant on
  it. The victims are every other side (``turns.deal``'s default, SW-34).
- Joker awards (SW-33): after /deal, /next, /hold or /initiative set whose events hold a
  ``swade.joker.award``, the bennies ledger collects them at once and the reply says who
  got what; without a running bennies session the reply says nothing was given.
- ``/combatant edit statblock:`` takes corrections ``Field: value`` (one per line or
  separated by ``|``), not a whole new stat block: Heridas, Fatiga, Benis, Paso, Parada,
  Dureza, Armadura, Tamaño, PP, PP máx, Bando, Comodín, Grupo, Heridas máx.
- /hold with ``now:true`` acts from Hold without interrupting (SW-34: at once if nobody
  is acting, else right after the turn in progress).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.app import ComodinBot
from bot.commands.autocomplete import AUTOCOMPLETE_LIMIT, combatant_autocomplete
from bot.commands.benny_spending import holder_label
from bot.commands.context import Ctx
from bot.commands.dispatch import route
from bot.commands.legacy import given, handles, reject_foreign
from bot.dice.source import DiceSource
from bot.errors import UserError
from bot.i18n import t
from bot.render.limits import CHOICE_NAME, clip
from bot.storage.characters import SavedCharacter
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.encounter import Encounter
from bot.systems.lookup import find
from bot.systems.sheets import SheetReading
from bot.systems.swade import conditions, encounter_rules, turns
from bot.systems.swade.conditions import CONDITIONS, effective_conditions
from bot.systems.swade.encounter_rules import find_combatant, require_gm
from bot.systems.swade.statblock import fold, read_statblock
from bot.systems.swade.state import SwadeCombatant, SwadeSettings, SwadeState

SYSTEM = "swade"
Rules = Callable[[SwadeState, Actor, DiceSource], Outcome]
JOKER_AWARD = "swade.joker.award"
# /encounter end reads this many of the newest log and benny-history rows to find the
# encounter's start and the spends since (a longer encounter counts the whole session).
HISTORY_ROWS = 10_000

SIDE_WORDS: dict[str, str] = {
    "heroes": "heroes", "heroe": "heroes", "hero": "heroes", "pj": "heroes",
    "foes": "foes", "foe": "foes", "enemigos": "foes", "enemigo": "foes", "villanos": "foes",
    "neutral": "neutral", "neutrales": "neutral", "neutrals": "neutral",
}  # fmt: skip
YES = {"si", "yes", "true", "1", "on", "activado", "activo"}
NO = {"no", "false", "0", "off", "desactivado"}


# -- names ------------------------------------------------------------------------------


def resolve(state: SwadeState, text: str) -> SwadeCombatant:
    """The one resolver (:func:`bot.systems.lookup.find`): id, name, a group of Extras
    by its name ("Goblin": its first member, who stands for the group), unique prefix."""
    return find(
        state.combatants, text, group_of=lambda c: c.group, unknown_key="swade.unknown_combatant"
    )


def acting(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """Who acts: the one named; else the combatant whose turn it is, if the user controls
    it; else the user's only combatant."""
    if name:
        return resolve(state, name)
    current = turns.current_combatant(state)
    if current is not None and any(
        m.controlled_by(actor.user_id, is_gm=actor.is_gm)
        for m in turns.slot_members(state, current.id)
    ):
        return current
    if not actor.is_gm:
        mine = [c for c in state.combatants if c.controller_id == actor.user_id]
        if len(mine) == 1:
            return mine[0]
    raise UserError("swade.cog.error.which_actor")


def holder_for_interrupt(state: SwadeState, actor: Actor, name: str | None) -> SwadeCombatant:
    """The holder who interrupts: the one named; else the user's only combatant on Hold
    (for the GM: the only combatant on Hold)."""
    if name:
        return resolve(state, name)
    holding = [
        c
        for c in state.combatants
        if c.on_hold and c.controlled_by(actor.user_id, is_gm=actor.is_gm)
    ]
    leaders = {c.group or c.id: c for c in holding}
    if len(leaders) == 1:
        return next(iter(leaders.values()))
    raise UserError("swade.cog.error.which_holder")


def ambushers(state: SwadeState, text: str) -> list[str]:
    """/deal ``surprise``: a side (every combatant on it) or names separated by commas."""
    side = SIDE_WORDS.get(fold(text))
    if side is not None:
        ids: list[str] = []
        groups: set[str] = set()
        for c in state.combatants:
            if c.side != side or (c.group is not None and c.group in groups):
                continue
            if c.group is not None:
                groups.add(c.group)
            ids.append(c.id)  # a group once: its first member stands for it
        if not ids:
            raise UserError("swade.cog.error.empty_side", side=f"swade.cog.side.{side}")
        return ids
    names = [n for n in (p.strip() for p in text.split(",")) if n]
    if not names:
        raise UserError("swade.cog.error.which_ambushers")
    return [resolve(state, n).id for n in names]


# -- acting -----------------------------------------------------------------------------


async def _act(ctx: Ctx, rules: Rules, kind: str, options: dict[str, Any] | None = None) -> Outcome:
    _encounter, outcome = await ctx.act(
        rules,
        kind=f"swade.{kind}",
        params=given(options or {}),
        title_key=f"swade.cog.title.{kind}",
    )
    await joker_awards(ctx, outcome)
    return outcome


async def joker_awards(ctx: Ctx, outcome: Outcome) -> None:
    """SW-33: hand the outcome's ``swade.joker.award`` events to the bennies ledger now
    and say what they gave; without a running session, say that nothing was given."""
    awards = [e for e in outcome.events if e.key == JOKER_AWARD]
    if not awards:
        return
    ledger = getattr(ctx.bot, "bennies", None)
    session = await ledger.session(ctx.channel_id) if ledger is not None else None
    if ledger is None or session is None:
        await ctx.send(ctx.t("swade.cog.joker.no_session"))
        return
    await ledger.collect_joker_awards(ctx.channel_id)
    lines = []
    for event in awards:
        who = str(event.params.get("combatant", ""))
        if event.params.get("pc"):
            lines.append(ctx.t("swade.cog.joker.players", combatant=who))
        else:
            wild = str(event.params.get("gm_wild_cards") or "")
            key = "swade.cog.joker.gm_and_wild_cards" if wild else "swade.cog.joker.gm"
            lines.append(ctx.t(key, combatant=who, wild_cards=wild))
    await ctx.send("\n".join(lines))


# -- /character save, /combatant, /join ---------------------------------------------------


@handles("read_sheet", SYSTEM)
def read_sheet(
    text: str, name: str, encounter: Encounter | None = None
) -> SheetReading[SwadeCombatant]:
    """A stat block (format in ``bot.systems.swade.statblock``) with what was not used; the
    name the character is saved under is its name."""
    return read_statblock(text, name=name)


@handles("parse_sheet", SYSTEM)
def parse_sheet(text: str, name: str) -> dict[str, Any]:
    """A stat block as a dict (:func:`read_sheet`'s sheet)."""
    return read_sheet(text, name).sheet.model_dump(mode="json")


def _side(side: str | None, controller_id: int | None) -> str:
    if side is None:
        return "heroes" if controller_id is not None else "foes"
    return SIDE_WORDS.get(fold(side), side)


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
    """GM: combatants from a stat block, a saved character, or just a name. Several are
    numbered; several Extras share one card (SW-31)."""
    if character is not None and character.system != SYSTEM:
        raise UserError(
            "character.wrong_system",
            name=character.name,
            system=f"system.{character.system}",
            encounter_system=f"system.{SYSTEM}",
        )
    sheet = character.sheet if character is not None else None

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.add_combatants(
            state, actor, name=name.strip(), statblock=statblock, sheet=sheet, count=count,
            wild_card=wildcard, side=_side(side, controller_id),  # type: ignore[arg-type]
            controller_id=controller_id,
        )  # fmt: skip

    options = {"name": name, "count": count, "wildcard": wildcard, "side": side}
    options["character"] = character.name if character else None
    await _act(ctx, run, "add", options)


@handles("join", SYSTEM)
async def join(ctx: Ctx, encounter: Encounter, saved: SavedCharacter) -> None:
    """The caller's saved character joins as a Wild Card player character they control
    (SW-1). With a bennies session running, a player new to it gets their 3 (SW-35)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.join(state, actor, sheet=saved.sheet, name=saved.name)

    await _act(ctx, run, "join", {"character": saved.name})
    ledger = getattr(ctx.bot, "bennies", None)
    if ledger is not None:
        got = await ledger.join(ctx.channel_id, ctx.user_id, user_id=ctx.user_id)
        if got is not None:
            await ctx.send(ctx.t("swade.cog.join.bennies", user=f"<@{ctx.user_id}>", n=got))


@handles("combatant:remove", SYSTEM)
async def combatant_remove(ctx: Ctx, encounter: Encounter, *, combatant: str) -> None:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.remove_combatant(state, actor, find_combatant(state, combatant).id)

    await _act(ctx, run, "remove", {"combatant": combatant})


EDIT_FIELDS: dict[str, str] = {
    "heridas": "wounds", "wounds": "wounds",
    "heridas max": "max_wounds", "max wounds": "max_wounds",
    "fatiga": "fatigue", "fatigue": "fatigue",
    "benis": "bennies", "bennies": "bennies",
    "paso": "pace", "pace": "pace",
    "parada": "parry", "parry": "parry",
    "dureza": "toughness", "toughness": "toughness",
    "armadura": "armor", "armor": "armor", "armour": "armor",
    "tamano": "size", "size": "size",
    "pp": "power_points", "puntos de poder": "power_points", "power points": "power_points",
    "pp max": "max_power_points", "max pp": "max_power_points",
    "bando": "side", "side": "side",
    "comodin": "wild_card", "wild card": "wild_card", "wc": "wild_card",
    "grupo": "group", "group": "group",
}  # fmt: skip
EDIT_LABELS = (
    "Heridas, Heridas máx, Fatiga, Benis, Paso, Parada, Dureza, Armadura, Tamaño, PP, PP máx, "
    "Bando, Comodín, Grupo"
)


def parse_corrections(text: str) -> dict[str, Any]:
    """/combatant edit's ``statblock``: ``Field: value`` corrections (module docstring)."""
    changes: dict[str, Any] = {}
    for piece in text.replace("|", "\n").splitlines():
        if not piece.strip():
            continue
        raw, sep, value = piece.partition(":")
        field = EDIT_FIELDS.get(fold(raw).replace(".", ""))
        value = value.strip()
        if not sep or field is None:
            raise UserError("swade.cog.error.edit_field", field=raw.strip(), known=EDIT_LABELS)
        word = fold(value)
        if field == "side":
            if word not in SIDE_WORDS:
                raise UserError("swade.combatant.bad_side", side=value)
            changes[field] = SIDE_WORDS[word]
        elif field == "wild_card":
            if word not in YES | NO:
                raise UserError(
                    "swade.cog.error.edit_value", field=raw.strip(), value=value, expected="sí | no"
                )
            changes[field] = word in YES
        elif field == "group":
            changes[field] = None if value in ("", "-") else value
        else:
            if not value.isdigit():
                raise UserError(
                    "swade.cog.error.edit_value", field=raw.strip(), value=value, expected="2"
                )
            changes[field] = int(value)
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
    """The GM (or a player, for its own combatant and the player fields) corrects it."""
    changes = parse_corrections(statblock) if statblock else {}
    if name is not None:
        changes["name"] = name.strip()
    if controller_id is not None:
        changes["controller_id"] = controller_id
        changes["is_pc"] = True
    if not changes:
        raise UserError("swade.cog.error.nothing_to_edit")

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.edit_combatant(
            state, actor, find_combatant(state, combatant).id, changes
        )

    await _act(ctx, run, "edit", {"combatant": combatant, "statblock": statblock, "name": name})


# -- rounds and turns -----------------------------------------------------------------------


@handles("deal", SYSTEM)
async def deal(ctx: Ctx, encounter: Encounter, *, surprise: str | None = None) -> None:
    """GM: a new round (SW-31..SW-33); ``surprise`` for an ambush (SW-34, first round)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        require_gm(actor)
        who = ambushers(state, surprise) if surprise else None
        return turns.deal(state, actor, dice, surprise=who)

    await _act(ctx, run, "deal", {"surprise": surprise})


@handles("next", SYSTEM)
async def next_turn(ctx: Ctx, encounter: Encounter) -> None:
    """The current combatant's controller or the GM ends the turn (SW-15..SW-17 at the
    turn's start and end); before the first deal the GM's /next deals."""
    await _act(ctx, turns.next_turn, "next")


@handles("board:next", SYSTEM)
async def board_next(ctx: Ctx) -> None:
    await _act(ctx, turns.next_turn, "next")


@handles("board:deal", SYSTEM)
async def board_deal(ctx: Ctx) -> None:
    await _act(ctx, lambda state, actor, dice: turns.deal(state, actor, dice), "deal")


@handles("hold", SYSTEM)
async def hold(
    ctx: Ctx, encounter: Encounter, *, actor: str | None = None, now: bool = False
) -> None:
    """SW-34: go on Hold on one's own turn; ``now`` acts from Hold without interrupting."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        if now:
            name = actor
            if name is None:
                holder = holder_for_interrupt(state, who, None)
                name = holder.id
            return turns.act_from_hold(state, who, resolve(state, name).id)
        return turns.hold(state, who, dice, acting(state, who, actor).id)

    await _act(ctx, run, "act_from_hold" if now else "hold", {"actor": actor})


@handles("react:interrupt", SYSTEM)
async def react_interrupt(
    ctx: Ctx, encounter: Encounter, *, target: str | None = None, actor: str | None = None
) -> None:
    """SW-34: a holder interrupts the one acting (opposed Athletics, SW-7)."""

    def run(state: SwadeState, who: Actor, dice: DiceSource) -> Outcome:
        holder = holder_for_interrupt(state, who, actor)
        if target:
            victim = resolve(state, target)
        else:
            victim = turns.interrupt_target(state)
            if victim is None:
                raise RuleError("swade.cog.error.nobody_acting")
        return turns.interrupt(state, who, dice, holder.id, victim.id)

    await _act(ctx, run, "interrupt", {"target": target, "actor": actor})


@handles("initiative:set", SYSTEM)
async def initiative_set(ctx: Ctx, encounter: Encounter, *, combatant: str, card: str) -> None:
    """GM: a card dealt by hand from a physical deck (``deck.parse_card``)."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return turns.set_card(state, actor, resolve(state, combatant).id, card)

    await _act(ctx, run, "card", {"combatant": combatant, "card": card})


# -- conditions --------------------------------------------------------------------------------


@handles("condition:add", SYSTEM)
async def condition_add(ctx: Ctx, encounter: Encounter, *, combatant: str, condition: str) -> None:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return conditions.add_condition(
            state, actor, find_combatant(state, combatant).id, condition
        )

    await _act(ctx, run, "condition", {"combatant": combatant, "condition": condition})


@handles("condition:remove", SYSTEM)
async def condition_remove(
    ctx: Ctx, encounter: Encounter, *, combatant: str, condition: str
) -> None:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return conditions.remove_condition(
            state, actor, find_combatant(state, combatant).id, condition
        )

    await _act(ctx, run, "condition", {"combatant": combatant, "condition": condition})


@handles("autocomplete:condition", SYSTEM)
async def autocomplete_condition(
    interaction: discord.Interaction, encounter: Encounter, current: str
) -> list[app_commands.Choice[str]]:
    """Condition names in the reader's language; for /condition remove, only those the
    chosen combatant has."""
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    lang = bot.language_for(interaction)
    names: list[str] = list(CONDITIONS)
    command = interaction.command
    who = getattr(interaction.namespace, "combatant", None)
    if command is not None and command.name == "remove" and who:
        state = encounter.state
        assert isinstance(state, SwadeState)
        with contextlib.suppress(RuleError):
            names = effective_conditions(find_combatant(state, str(who)), state.settings)
    needle = fold(current)
    choices = []
    for name in names:
        label = t(f"swade.condition.name.{name}", lang)
        if needle in fold(label) or needle in name:
            choices.append(app_commands.Choice(name=clip(label, CHOICE_NAME), value=name))
    return choices[:AUTOCOMPLETE_LIMIT]


# -- settings and the end -------------------------------------------------------------------------

SETTING_NAMES: dict[str, str] = {
    "entangled_vulnerable": "entangled_vulnerable", "aferrado vulnerable": "entangled_vulnerable",
    "entangled vulnerable": "entangled_vulnerable",
    "villain_jokers": "villain_jokers", "jokers villanos": "villain_jokers",
    "villain jokers": "villain_jokers", "joker villano": "villain_jokers",
    "wound_cap": "wound_cap", "tope de heridas": "wound_cap", "wound cap": "wound_cap",
    "limite de heridas": "wound_cap",
    "failed_cast_full_cost": "failed_cast_full_cost", "coste completo": "failed_cast_full_cost",
    "full cost": "failed_cast_full_cost",
}  # fmt: skip


def parse_setting(text: str) -> str:
    name = SETTING_NAMES.get(fold(text).replace("-", " ")) or SETTING_NAMES.get(fold(text))
    if name is None:
        raise UserError(
            "swade.cog.error.setting", setting=text, known=", ".join(SwadeSettings.model_fields)
        )
    return name


def parse_switch(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = fold(str(value))
    if word in YES:
        return True
    if word in NO:
        return False
    raise UserError("swade.cog.error.switch", value=str(value))


def change_setting(name: str, value: bool) -> Rules:
    """GM: turn a RULES-NOTES setting on or off (SW-12 wound cap, SW-20 Entangled
    variant, SW-33 villain Jokers) for this encounter."""

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        require_gm(actor)
        new = state.model_copy(deep=True)
        setattr(new.settings, name, value)
        event = Event(
            key="swade.cog.setting.changed",
            params={"setting": f"swade.cog.setting.{name}", "value": value},
        )
        return Outcome(
            state=new,
            events=[event],
            summary=Event(key="log.swade.setting", params={"setting": name, "value": value}),
        )

    return run


def settings_text(state: SwadeState, lang: str) -> str:
    lines = []
    for name, value in state.settings.model_dump().items():
        lines.append(
            t(
                "swade.cog.setting.line",
                lang,
                setting=t(f"swade.cog.setting.{name}", lang),
                id=name,
                value=t("word.yes" if value else "word.no", lang),
            )
        )
    return "\n".join(lines)


@handles("encounter:settings", SYSTEM)
async def encounter_settings(
    ctx: Ctx, encounter: Encounter, setting: str | None = None, value: Any = None, **options: Any
) -> None:
    """Without ``setting``: list them (anyone). With it: the GM turns it on or off."""
    reject_foreign(options, set(), SYSTEM)
    state = encounter.state
    assert isinstance(state, SwadeState)
    if setting is None:
        embed = discord.Embed(
            title=ctx.t("swade.cog.setting.title"), description=settings_text(state, ctx.lang)
        )
        await ctx.send(embed=embed, ephemeral=True)
        return
    name = parse_setting(setting)
    if value is None:
        raise UserError("swade.cog.error.switch", value="—")
    await _act(ctx, change_setting(name, parse_switch(value)), "settings", {"setting": name})


@handles("summary", SYSTEM)
async def summary(ctx: Ctx, encounter: Encounter) -> str:
    """For /encounter end: rounds played, who fell, and bennies spent in this encounter
    (the ledger's spends since the encounter started, when a session is running, less
    those an /undo gave back: SW-38)."""
    state = encounter.state
    assert isinstance(state, SwadeState)
    lines = [ctx.t("swade.cog.summary.rounds", rounds=state.round)]
    dead = [c.name for c in state.combatants if c.dead]
    down = [c.name for c in state.combatants if c.incapacitated and not c.dead]
    if dead:
        lines.append(ctx.t("swade.cog.summary.dead", names=", ".join(dead)))
    if down:
        lines.append(ctx.t("swade.cog.summary.down", names=", ".join(down)))
    if not dead and not down:
        lines.append(ctx.t("swade.cog.summary.nobody_fell"))
    lines.append(await _bennies_spent(ctx, encounter))
    return "\n".join(lines)


async def _bennies_spent(ctx: Ctx, encounter: Encounter) -> str:
    ledger = getattr(ctx.bot, "bennies", None)
    session = await ledger.session(ctx.channel_id) if ledger is not None else None
    if ledger is None or session is None:
        return ctx.t("swade.cog.summary.no_session")
    log = await ctx.bot.encounters.history(ctx.channel_id, limit=HISTORY_ROWS)
    starts = [row["created_at"] for row in log if row["kind"] == "encounter.start"]
    since = starts[-1] if starts else ""
    spent: dict[str, int] = {}
    for entry in await ledger.history(ctx.channel_id, limit=HISTORY_ROWS):
        if entry.created_at < since:
            continue
        # SW-38: a spend that /undo gave back is not counted (its "undo.spend" row).
        if entry.reason.startswith("spend.") or entry.reason == "undo.spend":
            spent[entry.holder] = spent.get(entry.holder, 0) - entry.delta
    spent = {holder: n for holder, n in spent.items() if n > 0}
    if not spent:
        return ctx.t("swade.cog.summary.no_bennies")
    parts = [f"{holder_label(ctx, h, encounter)} {n}" for h, n in spent.items()]
    return ctx.t("swade.cog.summary.bennies", total=sum(spent.values()), pools=", ".join(parts))


# -- the SWADE-only commands --------------------------------------------------------------------


class SwadeEncounterCog(commands.Cog):
    def __init__(self, bot: ComodinBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("deal"), description=_("Deal the action cards for a new round (GM, Savage Worlds)")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        surprise=_("Ambush in the first round: ambushers separated by commas, or a side")
    )
    async def deal(
        self,
        interaction: discord.Interaction,
        surprise: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        await route(interaction, "deal", surprise=surprise)

    @app_commands.command(
        name=_("hold"), description=_("Go on Hold, or act from Hold now (Savage Worlds)")
    )
    @app_commands.guild_only()
    @app_commands.describe(
        actor=_("Which of your combatants acts"),
        now=_("Act from Hold now, without interrupting anyone"),
    )
    @app_commands.autocomplete(actor=combatant_autocomplete)
    async def hold(
        self,
        interaction: discord.Interaction,
        actor: app_commands.Range[str, 1, 100] | None = None,
        now: bool = False,
    ) -> None:
        await route(interaction, "hold", actor=actor, now=now)


async def setup(bot: ComodinBot) -> None:
    await bot.add_cog(SwadeEncounterCog(bot))
