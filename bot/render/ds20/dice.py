"""Dread S-20 dice views as text: the d20 against the score, the bonus and penalty d4s
each beside the rule that gave them, the margin with DS-2's change shown (a natural 1
doubles it, a natural 20 fails), and spectacular successes and disasters (DS-1, DS-2).

Every number shown adds up: ``score - d20 + bonus d4s - penalty d4s`` is the margin
before DS-2, written out; when DS-2 changes it, the line says how (``×2``)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def _by_source(dice: list[int], sources: list[list[Any]], lang: str) -> str:
    """``herida HG 3,1 · defensas previas 2,4``: each source's dice (DS-1), in the order
    they were rolled; unnamed units (or a view without sources) show only their dice."""
    named = [(str(label), int(n)) for label, n in sources or []]
    if sum(n for _, n in named) != len(dice):
        return ",".join(map(str, dice))
    parts, at = [], 0
    for label, n in named:
        shown = ",".join(map(str, dice[at : at + n]))
        parts.append(f"{t(label, lang)} {shown}" if label else shown)
        at += n
    return " · ".join(parts)


def margin_text(view: dict[str, Any], lang: str) -> str:
    """The margin, with DS-2 written out when it changed it: ``margen 10 ×2 = 20``,
    ``margen -3 → 0 ×2 = 0`` (a natural 1), ``margen 4 → -1`` or ``margen -8 ×2 = -16``
    (a natural 20)."""
    raw, margin, d20 = view.get("raw_margin"), view.get("margin"), view.get("d20")
    if raw is None or d20 not in (1, 20):
        return t("dice.view.margin", lang, margin=margin)
    if d20 == 1:
        if raw == margin // 2:
            return t("dice.view.margin_doubled_one", lang, raw=raw, margin=margin)
        return t("dice.view.margin_floor_one", lang, raw=raw, margin=margin)
    if raw >= 0:
        return t("dice.view.margin_twenty_fails", lang, raw=raw, margin=margin)
    return t("dice.view.margin_doubled_twenty", lang, raw=raw, margin=margin)


def roll_view(view: dict[str, Any], lang: str) -> str:
    line = f"d20: **{view.get('d20')}** / {view.get('score')}"
    if view.get("bonus_dice"):
        shown = _by_source(view["bonus_dice"], view.get("bonus_from") or [], lang)
        line += " + " + t("dice.view.bonus", lang) + " " + shown
    if view.get("penalty_dice"):
        shown = _by_source(view["penalty_dice"], view.get("penalty_from") or [], lang)
        line += " − " + t("dice.view.penalty", lang) + " " + shown
    line += " → " + margin_text(view, lang)
    if view.get("spectacular"):
        return line + " — " + t("dice.view.spectacular", lang)
    if view.get("disaster"):
        return line + " — " + t("dice.view.disaster", lang)
    return (
        line
        + " — "
        + (t("dice.view.success", lang) if view.get("success") else t("dice.view.failure", lang))
    )


DICE = {"ds20_roll": roll_view}
