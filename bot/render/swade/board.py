"""The Savage Worlds board: the round, the order of the action cards, whose turn it is,
and per combatant its wounds, fatigue, Shaken/Stunned and other conditions (with when a
timed one ends), its bennies, its Hold; player characters with their owner.

A group of Extras sharing a card (SW-31) is one line, "Goblin ×6", with how many still
stand and which members are Shaken. Full layout: one field per slot (up to
``FULL_FIELDS``). Compact layout (``compact=True`` or more slots): one short line per slot
in the description, so 40 combatants fit Discord's 4096/6000 limits.
"""

from __future__ import annotations

from bot.bennies.holders import GM, user_key, wc_key
from bot.i18n import t
from bot.render.board import Board, BoardContext, hidden_health
from bot.render.swade.powers import maintained_lines, under_lines, under_marks
from bot.systems.encounter import Encounter
from bot.systems.swade.conditions import (
    condition_ends_key,
    condition_key,
    condition_name,
    effective_conditions,
    holding_bound,
)
from bot.systems.swade.deck import card_label
from bot.systems.swade.effects import ends_key
from bot.systems.swade.encounter_rules import group_members
from bot.systems.swade.state import SwadeCombatant, SwadeState

FULL_FIELDS = 20
COMPACT_NAME = 16
CURRENT = "▶"
ACTED = "✓"
WAITING = "·"
HOLDING = "⏳"
EFFECT = "✨"  # a custom effect (issue 18)
NEXT_BUTTON = ("swade.board.next", "next")
DEAL_BUTTON = ("swade.board.deal", "deal")
# Conditions the compact layout shows as a symbol (the others by a short name).
SYMBOLS = {
    "shaken": "💫",
    "stunned": "😵",
    "on_hold": "⏳",
    "incapacitated": "💤",
    "bleeding_out": "🩸",
    "prone": "⬇",
    "defending": "🛡",
}


def slots(state: SwadeState) -> list[str]:
    """The leaders of every slot: the round's order first, then everyone else (not dealt
    yet, no card this round, a Hold carried from the last round), one per group."""
    by_id = {c.id: c for c in state.combatants}
    ordered = [lid for lid in state.turn_order if lid in by_id]
    seen_groups = {by_id[lid].group for lid in ordered if by_id[lid].group is not None}
    rest: list[str] = []
    for c in state.combatants:
        if c.id in ordered:
            continue
        if c.group is not None:
            if c.group in seen_groups:
                continue
            seen_groups.add(c.group)
        rest.append(c.id)
    return ordered + rest


def wound_dots(c: SwadeCombatant) -> str:
    """●●○ for a Wild Card with 2 of 3 wounds (capped at the maximum)."""
    filled = min(c.wounds, c.max_wounds)
    return "●" * filled + "○" * (c.max_wounds - filled)


def bennies_of(c: SwadeCombatant, context: BoardContext) -> int | None:
    """A Wild Card's bennies: a player character its controller's pool (the ledger's
    ``user:<id>``), a GM Wild Card its own pool (the state; ``wc:<id>`` mirrors it).
    ``None`` for Extras, and for a player when no session is running."""
    if not c.wild_card:
        return None
    if c.is_pc and c.controller_id is not None:
        return context.pools.get(user_key(c.controller_id))
    return context.pools.get(wc_key(c.id), c.bennies)


def condition_texts(c: SwadeCombatant, state: SwadeState, lang: str) -> list[str]:
    """Each condition in the reader's language, a timed one with when it ends."""
    out: list[str] = []
    stored = {cond.name: cond for cond in c.conditions}
    held = holding_bound(c, state)
    for name in effective_conditions(c, state.settings, state):
        # what say(condition_name(name, c.gender)) says, without the phrase (issue 32)
        text = t(condition_key(name), lang, gender=c.gender)
        if name == "vulnerable" and held is not None and name not in stored:
            text = t(
                "swade.board.vulnerable_holding",
                lang,
                condition=text,
                name=held.name,
                bound=condition_name("bound", held.gender),
            )
        if name == "on_hold" and c.hold_round is not None and c.hold_round < state.round:
            text = t("swade.board.hold_from_last_round", lang, condition=text)
        cond = stored.get(name)
        ends = condition_ends_key(state, c, cond) if cond is not None else None
        if ends is not None:
            text = f"{text} ({t(ends, lang, gender=c.gender)})"
        out.append(text)
    out += effect_texts(c, state, lang)
    if c.dead:
        out.append(t("swade.board.dead", lang, gender=c.gender))
    return out


def effect_texts(c: SwadeCombatant, state: SwadeState, lang: str) -> list[str]:
    """Its custom effects (issue 18), each with when it ends: within its next turn, after
    several of its turns, or nothing (until removed)."""
    out: list[str] = []
    for effect in c.effects:
        text = f"{EFFECT}{effect.name}"
        ends = ends_key(state, c, effect)
        if ends is not None:
            text += f" ({t(ends, lang, gender=c.gender)})"
        elif effect.turns_left:
            turns = t("swade.effect.ends.turns", lang, n=effect.turns_left, gender=c.gender)
            text += f" ({turns})"
        out.append(text)
    return out


def _health_word(c: SwadeCombatant, lang: str) -> str:
    return hidden_health(lang, out=c.dead or c.incapacitated, wounded=c.wounds > 0, gender=c.gender)


def power_points(c: SwadeCombatant) -> str | None:
    """SW-42: ``12/15`` (``12`` without a known maximum); None for a non-caster."""
    if c.power_points is None:
        return None
    if c.max_power_points is None:
        return str(c.power_points)
    return f"{c.power_points}/{c.max_power_points}"


def power_lines(c: SwadeCombatant, state: SwadeState, lang: str) -> list[str]:
    """A caster's Power Points and the powers it maintains (on whom, the rounds left)."""
    lines: list[str] = []
    points = power_points(c)
    if points is not None:
        lines.append(t("swade.powers.board.points", lang, points=points))
    return lines + maintained_lines(c, state, lang)


def _members(state: SwadeState, lid: str) -> list[SwadeCombatant]:
    leader = next((c for c in state.combatants if c.id == lid), None)
    return [] if leader is None else group_members(state, leader)


def _owner(c: SwadeCombatant, context: BoardContext) -> str:
    if c.controller_id is None:
        return ""
    return context.names.get(c.controller_id) or f"<@{c.controller_id}>"


def _mark(state: SwadeState, lid: str) -> str:
    if state.active == lid:
        return CURRENT
    if any(m.on_hold for m in _members(state, lid)):
        return HOLDING
    if lid in state.acted:
        return ACTED
    return WAITING


def _card(c: SwadeCombatant, state: SwadeState) -> str:
    if c.card is None:
        return "—"
    return card_label(c.card)


def _standing(members: list[SwadeCombatant]) -> list[SwadeCombatant]:
    return [m for m in members if not m.dead and not m.incapacitated]


def _slot_name(leader: SwadeCombatant, members: list[SwadeCombatant]) -> str:
    if leader.group is not None and len(members) > 1:
        return f"{leader.group} ×{len(members)}"
    return leader.name


def _details(
    members: list[SwadeCombatant], state: SwadeState, lang: str, context: BoardContext
) -> list[str]:
    """The lines under a slot's name: one for a lone combatant, a summary for a group."""
    if len(members) == 1:
        c = members[0]
        parts: list[str] = []
        if context.masked(c):  # issue 18: words only, no wounds or bennies
            parts.append(_health_word(c, lang))
        elif c.wild_card:
            parts.append(t("swade.board.wounds", lang, dots=wound_dots(c)))
        bennies = None if context.masked(c) else bennies_of(c, context)
        if bennies is not None:
            parts.append(t("swade.board.bennies", lang, n=bennies))
        owner = _owner(c, context)
        if owner:
            parts.append(t("swade.board.owner", lang, owner=owner))
        lines = [" · ".join(parts)] if parts else []
        if not context.masked(c):  # Power Points and rounds left are numbers too
            lines += power_lines(c, state, lang)
        lines += under_lines(c, state, lang, numbers=not context.masked(c))
        conds = condition_texts(c, state, lang)
        if conds:
            lines.append(", ".join(conds))
        return lines
    standing = _standing(members)
    lines = [t("swade.board.standing", lang, n=len(standing), total=len(members))]
    for m in members:
        conds = under_lines(m, state, lang, numbers=not context.masked(m))
        conds += condition_texts(m, state, lang)
        if conds:
            lines.append(f"{m.name}: {', '.join(conds)}")
    return lines


def _field(lid: str, state: SwadeState, lang: str, context: BoardContext) -> tuple[str, str, bool]:
    leader = next(c for c in state.combatants if c.id == lid)
    members = group_members(state, leader)
    mark = _mark(state, lid)
    parts = [] if mark == WAITING else [mark]
    if leader.card is not None:
        parts.append(f"{_card(leader, state)} ·")
    head = " ".join([*parts, _slot_name(leader, members)])
    if leader.is_pc:
        head += " " + t("swade.board.pc", lang)
    if leader.wild_card and not leader.is_pc:
        head += " ★"
    body = "\n".join(_details(members, state, lang, context)) or "—"
    return head, body, False


def _short(name: str) -> str:
    return name if len(name) <= COMPACT_NAME else name[: COMPACT_NAME - 1] + "…"


def compact_line(lid: str, state: SwadeState, lang: str, context: BoardContext) -> str:
    """One line per slot: ▶ K♠ **Name** ●●○ F1 💫 ⏳ 🪙2 — groups as **Goblin ×6** 4/6."""
    leader = next(c for c in state.combatants if c.id == lid)
    members = group_members(state, leader)
    name = _short(leader.group if leader.group and len(members) > 1 else leader.name)
    if len(members) > 1:
        name += f" ×{len(members)}"
    parts = [f"{_mark(state, lid)} {_card(leader, state)} **{name}**"]
    if len(members) > 1:
        parts.append(f"{len(_standing(members))}/{len(members)}")
        shaken = sum(1 for m in members if m.shaken and not m.dead)
        if shaken:
            parts.append(f"💫{shaken}")
        return " ".join(parts)
    c = leader
    masked = context.masked(c)
    if masked:
        parts.append(_health_word(c, lang))
    elif c.wild_card:
        parts.append(wound_dots(c))
    if c.fatigue and not masked:
        parts.append(f"F{c.fatigue}")
    for cond in effective_conditions(c, state.settings, state):
        if cond in ("fatigued", "exhausted"):
            continue
        parts.append(SYMBOLS.get(cond, t(f"swade.condition.name.{cond}", lang)[:4]))
    parts += [f"{EFFECT}{_short(e.name)}" for e in c.effects]
    parts += under_marks(c, state, lang, COMPACT_NAME)
    if c.dead:
        parts.append("☠")
    points = None if masked else power_points(c)
    if points is not None:
        parts.append(f"✨{points}")
    if c.maintaining and not masked:
        parts.append("🔮" + ",".join(str(a.rounds_left or "∞") for a in c.maintaining))
    bennies = None if masked else bennies_of(c, context)
    if bennies is not None:
        parts.append(f"🪙{bennies}")
    if c.is_pc and c.controller_id is not None:
        parts.append(_owner(c, context))
    return " ".join(parts)


def _header(state: SwadeState, lang: str, context: BoardContext) -> list[str]:
    lines: list[str] = []
    if not state.combatants:
        return [t("board.empty", lang)]
    if state.round == 0:
        lines.append(t("swade.board.not_dealt", lang))
    else:
        lines.append(t("swade.board.round", lang, round=state.round))
        current = next((c for c in state.combatants if c.id == state.active), None)
        if current is not None:
            name = current.group if current.group else current.name
            lines.append(t("swade.board.turn", lang, combatant=name))
        elif state.current >= len(state.turn_order):
            holders = [c.group or c.name for c in state.combatants if c.on_hold]
            if holders:
                names = ", ".join(dict.fromkeys(holders))
                lines.append(t("swade.board.holders_left", lang, combatants=names))
            else:
                lines.append(t("swade.board.round_done", lang))
    if GM in context.pools:
        lines.append(t("swade.board.gm_bennies", lang, n=context.pools[GM]))
    return lines


def _settings(state: SwadeState, lang: str) -> str:
    on = [
        t(f"swade.setting.{name}", lang)
        for name, value in state.settings.model_dump().items()
        if value
    ]
    legend = t("swade.board.legend", lang)
    if any(c.power_points is not None or c.maintaining for c in state.combatants):
        legend += t("swade.powers.board.legend", lang)  # SW-42: casters on the board
    if on:
        return legend + "\n" + t("swade.board.settings", lang, settings=", ".join(on))
    return legend


def render(encounter: Encounter, lang: str, compact: bool, context: BoardContext) -> Board:
    """The board for a Savage Worlds encounter (``Renderers.board``)."""
    state = encounter.state
    assert isinstance(state, SwadeState)
    title = t("board.title", lang, name=encounter.name or t("system.swade", lang))
    header = _header(state, lang, context)
    leaders = slots(state)
    buttons = [NEXT_BUTTON, DEAL_BUTTON] if state.combatants else []
    footer = _settings(state, lang)
    if compact or len(leaders) > FULL_FIELDS:
        lines = header + [compact_line(lid, state, lang, context) for lid in leaders]
        return Board(title=title, description="\n".join(lines), footer=footer, buttons=buttons)
    fields = [_field(lid, state, lang, context) for lid in leaders]
    return Board(
        title=title, description="\n".join(header), fields=fields, footer=footer, buttons=buttons
    )
