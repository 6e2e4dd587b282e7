"""The Ritual Hex board: the round and the needle, whose opportunity, the open reaction
chain (bottom first) and who may react next, then each combatant's AP level against
its AP, preparation and waiting points (body card and limbs), damage against HP,
inactive limbs and equipment; the items on the ground.

Full layout: one field per combatant (up to 20). Compact layout (``compact=True``, or
more than 20 combatants): one short line per combatant in the description, so 40
combatants fit Discord's limits. Also the dice views of Ritual Hex checks (with their
exact odds, ``rh_check_odds``) and damage rolls.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import say, t
from bot.render.board import Board, BoardContext, hidden_health
from bot.systems import ritualhex as rh
from bot.systems.encounter import Encounter
from bot.systems.ritualhex.rounds import combat_over
from bot.systems.ritualhex.state import RitualHexState

FULL_FIELDS = 20
COMPACT_NAME = 20
ACTING = "▶"
NEXT = "⏳"
SIDE_MARK = {"hero": "★", "minion": "☠"}
ROUND_BUTTON = ("ritualhex.board.start_round", "rh_round")


def short_name(name: str, limit: int = COMPACT_NAME) -> str:
    """A long name cut in the middle, so numbered copies ("… 12") stay apart."""
    if len(name) <= limit:
        return name
    tail = limit // 3
    return name[: limit - tail - 1] + "…" + name[-tail:]


def limb_name(limb: dict[str, Any], lang: str) -> str:
    """A limb by its name in the reader's language ("hand1"), an invented one as written."""
    return say(limb["label"], lang) if "label" in limb else limb["key"]


def limb_text(limb: dict[str, Any], lang: str) -> str:
    """``mano1`` when fine; ``✗`` inactive, ``💢N`` damage, ``⏳N`` waiting (RH-4, RH-7)."""
    text = limb_name(limb, lang)
    if not limb["active"]:
        text += "✗"
    if limb["damage"]:
        text += f"💢{limb['damage']}"
    if limb["waiting"]:
        text += f"⏳{limb['waiting']}"
    return text


def item_text(item: dict[str, Any], lang: str) -> str:
    """An item and where it is worn; stowed (carried) or not working (RH-9)."""
    if not item["worn_on"]:
        return t("ritualhex.board.item_stowed", lang, item=item["name"])
    where = "+".join(say(part, lang) for part in item.get("worn_labels", item["worn_on"]))
    key = "ritualhex.board.item" if item["working"] else "ritualhex.board.item_dead"
    return t(key, lang, item=item["name"], where=where)


def _names(data: dict[str, Any], ids: list[str], compact: bool) -> str:
    by_id = {c["id"]: c["name"] for c in data["combatants"]}
    return (
        ", ".join(short_name(by_id.get(i, i)) if compact else by_id.get(i, i) for i in ids) or "—"
    )


def header(data: dict[str, Any], lang: str, compact: bool) -> list[str]:
    """The round and needle, the opportunity, the chain and who answers, the ground."""
    lines: list[str] = []
    if not data["combatants"]:
        lines.append(t("board.empty", lang))
    if data["phase"] == "setup":
        lines.append(t("ritualhex.board.setup", lang))
    elif data["phase"] == "over":
        lines.append(t("ritualhex.board.over", lang, round=data["round"]))
    else:
        lines.append(t("ritualhex.board.round", lang, round=data["round"], needle=data["needle"]))
        if data["acting"] and not data["chain"]:
            lines.append(
                t("ritualhex.board.acting", lang, names=_names(data, data["acting"], compact))
            )
    if data["chain"]:
        lines.append(t("ritualhex.board.chain", lang))
        for i, link in enumerate(data["chain"], start=1):
            key = "ritualhex.board.link_limb" if link["limb"] else "ritualhex.board.link"
            line = t(
                key,
                lang,
                n=i,
                author=_names(data, [link["author"]], compact),
                action=link.get("action_label", link["action"]),
                targets=_names(data, link["targets"], compact) if link["targets"] else "—",
                limb=link.get("limb_label") or link["limb"] or "",
            )
            if link["cancelled"]:
                line += " " + t("ritualhex.board.cancelled", lang)
            lines.append(line)
        if data["awaiting"]:
            lines.append(
                t(
                    "ritualhex.board.awaiting",
                    lang,
                    names=_names(data, data["awaiting"], compact),
                    next=_names(data, data["next"], compact),
                )
            )
    if data["ground"]:
        lines.append(t("ritualhex.board.ground", lang, items=", ".join(data["ground"])))
    return lines


def _mark(c: dict[str, Any], data: dict[str, Any]) -> str:
    if c["id"] in data["acting"] and not data["chain"]:
        return ACTING
    if c["id"] in data["next"]:
        return NEXT
    return SIDE_MARK[c["side"]]


def _points(c: dict[str, Any], lang: str) -> list[str]:
    out = [t("ritualhex.board.damage", lang, damage=c["damage"], hp=c["hp"])]
    if c["prep"]:
        out.append(t("ritualhex.board.prep", lang, prep=c["prep"]))
    if c["waiting"]:
        out.append(t("ritualhex.board.waiting", lang, waiting=c["waiting"]))
    if not c["active"]:
        out.append(t("ritualhex.board.down", lang, gender=c.get("gender")))
    return out


def _hidden_word(c: dict[str, Any], lang: str) -> str:
    return hidden_health(lang, out=not c["active"], wounded=c["damage"] > 0, gender=c.get("gender"))


def _hidden_limbs(c: dict[str, Any], lang: str) -> list[str]:
    """A hidden combatant's limbs: only those that no longer work, without numbers."""
    return [f"{limb_name(limb, lang)}✗" for limb in c["limbs"] if not limb["active"]]


def field(
    c: dict[str, Any], data: dict[str, Any], lang: str, context: BoardContext | None = None
) -> tuple[str, str, bool]:
    if context is not None and context.masked(c):  # issue 18: words only
        name = t("ritualhex.board.field_name_hidden", lang, mark=_mark(c, data), name=c["name"])
        return name, " · ".join([_hidden_word(c, lang), *_hidden_limbs(c, lang)]), True
    name = t(
        "ritualhex.board.field_name",
        lang,
        mark=_mark(c, data),
        name=c["name"],
        level=c["ap_level"],
        ap=c["ap"],
    )
    lines = [" · ".join(_points(c, lang))]
    if c["limbs"]:
        lines.append(" ".join(limb_text(limb, lang) for limb in c["limbs"]))
    if c["equipment"]:
        lines.append(" · ".join(item_text(item, lang) for item in c["equipment"]))
    return name, "\n".join(lines), True


def compact_line(
    c: dict[str, Any], data: dict[str, Any], lang: str, context: BoardContext | None = None
) -> str:
    """``▶ **Name** 7/12 · 💔 1/10 · P1 · E2 · mano1✗ · Escudo`` — only what is not
    ordinary: limbs only when damaged, waiting or inactive; equipment only when worn
    and not working. A hidden combatant: its name, a word and its inactive limbs."""
    if context is not None and context.masked(c):
        words = [f"{_mark(c, data)} **{short_name(c['name'])}**", _hidden_word(c, lang)]
        return " · ".join([*words, *_hidden_limbs(c, lang)])
    parts = [
        f"{_mark(c, data)} **{short_name(c['name'])}** {c['ap_level']}/{c['ap']}",
        *_points(c, lang),
    ]
    hurt = [
        limb_text(limb, lang)
        for limb in c["limbs"]
        if limb_text(limb, lang) != limb_name(limb, lang)
    ]
    if hurt:
        parts.append(" ".join(hurt))
    dead = [i["name"] for i in c["equipment"] if i["worn_on"] and not i["working"]]
    if dead:
        parts.append(t("ritualhex.board.items_dead", lang, items=", ".join(dead)))
    return " · ".join(parts)


def buttons(state: RitualHexState) -> list[tuple[str, str]]:
    """The board's one button: starting the round. "Nadie reacciona" is under the
    result that opened the window, with the reactors' own buttons (one button per
    action: a board's from before stays answered, ``board:rh_pass_all``)."""
    if state.phase != "round" and not combat_over(state):
        return [ROUND_BUTTON]
    return []


def render(encounter: Encounter, lang: str, compact: bool, context: BoardContext) -> Board:
    state = encounter.state
    assert isinstance(state, RitualHexState)
    data = rh.board(state)
    compact = compact or len(data["combatants"]) > FULL_FIELDS
    title = t("board.title", lang, name=encounter.name or t(f"system.{encounter.system}", lang))
    lines = header(data, lang, compact)
    board = Board(title=title, buttons=buttons(state))
    if compact:
        body = [compact_line(c, data, lang, context) for c in data["combatants"]]
        text = "\n".join([*lines, "", *body]) if body else "\n".join(lines)
        board.description = text  # bot.render.board fits it
    else:
        board.description = "\n".join(lines)
        board.fields = [field(c, data, lang, context) for c in data["combatants"]]
    return board
