"""The Dread S-20 board: initiative order, whose turn, wound boxes per level, health,
Agotamiento, defences this round, ammunition, and the attack awaiting a defence.

Full layout: one field per combatant (up to 20). Compact layout (``compact=True``, or
more than 20 combatants): one short line per combatant in the description, wound
boxes as counts, so 40 combatants fit Discord's 4096/6000 limits.
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.board import Board, BoardContext, hidden_health
from bot.render.limits import DESCRIPTION
from bot.systems.ds20.state import LEVELS, DS20State, DSCombatant
from bot.systems.ds20.wounds import wound_boxes
from bot.systems.encounter import Encounter

FULL_FIELDS = 20
COMPACT_NAME = 22
COMPACT_AMMO = 2
CURRENT = "▶"
NEXT_BUTTON = ("ds20.board.next", "next")


def ordered(state: DS20State) -> list[DSCombatant]:
    """Combatants in initiative order, then those that have not rolled (as added)."""
    by_id = {c.id: c for c in state.combatants}
    first = [by_id[i] for i in state.turn_order if i in by_id]
    rest = [c for c in state.combatants if c.id not in state.turn_order]
    return first + rest


def health_text(c: DSCombatant, lang: str) -> str:
    """Its health state (DS-8); "ok" reads unhurt only while no box is marked."""
    if c.health == "ok" and any(c.wounds.get(lv) for lv in LEVELS):
        return t("ds20.state.wounded", lang)
    return t(f"ds20.state.{c.health}", lang)


def conditions(c: DSCombatant, state: DS20State, lang: str, *, numbers: bool = True) -> list[str]:
    """Conditions worth showing, in the reader's language (``numbers=False``: those
    that carry none, for a hidden combatant)."""
    out: list[str] = []
    if c.treated:
        out.append(t("ds20.state.treated", lang))
    if c.unconscious:
        out.append(t("ds20.state.unconscious", lang))
    if c.prone:
        out.append(t("ds20.state.prone", lang))
    if c.grappled_by:
        out.append(t("ds20.state.grappled", lang, by=_name(state, c.grappled_by)))
    if c.grappling:
        out.append(t("ds20.state.grappling", lang, target=_name(state, c.grappling)))
    if c.aim and numbers:
        out.append(t("ds20.state.aim", lang, aim=c.aim))
    if c.enduring_pain:
        out.append(t("ds20.state.enduring", lang))
    return out


def weapon_notes(c: DSCombatant, lang: str) -> list[str]:
    """Ammunition per firearm (DS-11), jams, dropped weapons."""
    out: list[str] = []
    for w in c.weapons:
        if w.jam == "major":
            out.append(t("ds20.state.jam_major", lang, weapon=w.name, progress=w.jam_progress))
        elif w.jam == "minor":
            out.append(t("ds20.state.jam_minor", lang, weapon=w.name))
        if w.ammo is not None:
            out.append(t("ds20.board.ammo", lang, weapon=w.name, ammo=w.ammo, magazine=w.magazine))
        if w.dropped:
            out.append(t("ds20.board.dropped", lang, weapon=w.name))
        if w.damaged:
            out.append(t("ds20.board.damaged", lang, weapon=w.name))
    return out


def _name(state: DS20State, combatant_id: str) -> str:
    return next((c.name for c in state.combatants if c.id == combatant_id), combatant_id)


def _initiative(c: DSCombatant) -> str:
    return "—" if c.initiative is None else str(c.initiative)


def _header(state: DS20State, lang: str, compact: bool = False) -> list[str]:
    """Whose turn (or how to start) and the attack awaiting a defence."""

    def name(combatant_id: str) -> str:
        full = _name(state, combatant_id)
        return short_name(full) if compact else full

    lines: list[str] = []
    current = state.current_id
    if not state.combatants:
        lines.append(t("board.empty", lang))
    elif not state.turn_order:
        lines.append(t("ds20.board.no_initiative", lang))
    elif current is None:
        lines.append(t("ds20.board.ready", lang))
    else:
        lines.append(t("ds20.board.turn", lang, round=state.round, name=name(current)))
    pending = state.pending
    if pending is not None:
        lines.append(
            t(
                # DS-11: extra bullets can only be dodged (or not defended)
                "ds20.board.pending_bullets"
                if pending.maneuver == "bullets"
                else "ds20.board.pending",
                lang,
                attacker=name(pending.attacker_id),
                target=name(pending.target_id),
                margin=pending.margin,
                weapon=pending.weapon or "—",
            )
        )
    return lines


def hidden_word(c: DSCombatant, lang: str) -> str:
    """A hidden combatant's health in words (issue 18): its state when it is not sano
    (Grave, Agonía, Muerto: words of the rules), else wounded or unhurt."""
    if c.health != "ok":
        return health_text(c, lang)
    wounded = any(c.wounds.get(lv) for lv in LEVELS)
    return hidden_health(lang, out=c.unconscious, wounded=wounded, gender=c.gender)


def _hidden_field(c: DSCombatant, state: DS20State, lang: str) -> tuple[str, str, bool]:
    mark = f"{CURRENT} " if c.id == state.current_id else ""
    words = [hidden_word(c, lang), *conditions(c, state, lang, numbers=False)]
    return f"{mark}{c.name} · {_initiative(c)}", " · ".join(words), False


def _field(
    c: DSCombatant, state: DS20State, lang: str, context: BoardContext | None = None
) -> tuple[str, str, bool]:
    if context is not None and context.masked(c):
        return _hidden_field(c, state, lang)
    mark = f"{CURRENT} " if c.id == state.current_id else ""
    name = f"{mark}{c.name} · {_initiative(c)}"
    lines = [wound_boxes(c)]
    vitals = [
        health_text(c, lang),
        t("ds20.state.fatigue", lang, fatigue=c.fatigue, max=c.fatigue_max),
        t("ds20.state.defences", lang, defences=c.defences),
    ]
    lines.append(" · ".join(vitals))
    extra = conditions(c, state, lang) + weapon_notes(c, lang)
    if extra:
        lines.append(" · ".join(extra))
    return name, "\n".join(lines), False


def short_name(name: str) -> str:
    """A long name cut in the middle, so numbered copies ("… 12") stay apart."""
    if len(name) <= COMPACT_NAME:
        return name
    tail = COMPACT_NAME // 3
    return name[: COMPACT_NAME - tail - 1] + "…" + name[-tail:]


def compact_line(
    c: DSCombatant,
    state: DS20State,
    lang: str,
    detail: int = 2,
    context: BoardContext | None = None,
) -> str:
    """One line: ▶ init name · R 2/4 HL 1/3 HG 0/3 · health · Ag 1/3 · Def 1 · ammo and
    condition icons. ``detail`` 1 drops ammo and icons; 0 keeps wounds and health. A
    hidden combatant: its name and its health in a word (issue 18)."""
    mark = CURRENT if c.id == state.current_id else "·"
    name = short_name(c.name)
    if context is not None and context.masked(c):
        return f"{mark} {_initiative(c)} **{name}** · {hidden_word(c, lang)}"
    wounds = " ".join(f"{lv} {c.wounds.get(lv)}/{c.capacity.get(lv)}" for lv in LEVELS)
    parts = [f"{mark} {_initiative(c)} **{name}**", wounds]
    if c.health != "ok":
        parts.append(health_text(c, lang))
    if detail == 0:
        return " · ".join(parts)
    parts.append(
        t(
            "ds20.board.compact_vitals",
            lang,
            fatigue=c.fatigue,
            max=c.fatigue_max,
            defences=c.defences,
        )
    )
    if detail == 1:
        return " · ".join(parts)
    ammo = [f"{w.ammo}/{w.magazine}" for w in c.weapons if w.ammo is not None][:COMPACT_AMMO]
    if ammo:
        parts.append("🔫" + ",".join(ammo))
    if c.prone:
        parts.append("⬇")
    if c.unconscious:
        parts.append("💤")
    if c.grappled_by or c.grappling:
        parts.append("🤼")
    return " · ".join(parts)


def render(encounter: Encounter, lang: str, compact: bool, context: BoardContext) -> Board:
    """The board for a Dread S-20 encounter (``Renderers.board``)."""
    state = encounter.state
    assert isinstance(state, DS20State)
    title = t("board.title", lang, name=encounter.name or t("system.ds20", lang))
    combatants = ordered(state)
    buttons = [NEXT_BUTTON] if state.turn_order else []
    footer = t("ds20.board.legend", lang)
    if compact or len(combatants) > FULL_FIELDS:
        header = _header(state, lang, compact=True)
        for detail in (2, 1, 0):  # the most detail that fits
            lines = header + [compact_line(c, state, lang, detail, context) for c in combatants]
            description = "\n".join(lines)
            if len(description) <= DESCRIPTION:
                break
        return Board(title=title, description=description, footer=footer, buttons=buttons)
    header = _header(state, lang)
    fields = [_field(c, state, lang, context) for c in combatants]
    return Board(
        title=title, description="\n".join(header), fields=fields, footer=footer, buttons=buttons
    )
