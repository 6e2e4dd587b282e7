"""Dice views (``to_view()`` dicts from ``bot.dice``) as text: every die shown, aces
marked 💥, the wild die marked 🎲, dropped dice struck through, the kept result in bold.
Each system draws its own kinds (``bot/render/<system>/dice.py``, found through the
catalogue); this module dispatches and keeps what they share: a roll's outcome."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render.expression import format_expression
from bot.render.systems import dice_formatter


def opposed_outcome_text(view: dict[str, Any], against: dict[str, Any], lang: str) -> str:
    """SW-7 from this roll's side: the initiator wins (with its raises over the
    defender's total) or loses; the defender holds (ties go to it) or is beaten."""
    if view.get("critical_failure"):
        return t("dice.view.critical_failure", lang)
    tie = view.get("total") == against["against_total"]
    if against["role"] == "initiator":
        if not against["won"]:
            return t("dice.view.opposed_tie_lost" if tie else "dice.view.opposed_lost", lang)
        raises = int(against.get("raises") or 0)
        if raises:
            return t("dice.view.opposed_won_raises", lang, n=raises)
        return t("dice.view.opposed_won", lang)
    if against["won"]:
        return t("dice.view.opposed_tie_held" if tie else "dice.view.opposed_held", lang)
    return t("dice.view.opposed_beaten", lang)


def outcome_text(view: dict[str, Any], lang: str) -> str:
    if view.get("critical_failure"):
        return t("dice.view.critical_failure", lang)
    if not view.get("success"):
        return t("dice.view.failure", lang)
    raises = view.get("raises", 0)
    if raises:
        return t("dice.view.raises", lang, n=raises)
    return t("dice.view.success", lang)


def hidden_view(view: dict[str, Any], lang: str) -> str:
    """A hidden combatant's roll as players see it (issue 27,
    :func:`bot.systems.masking.masked_view`): its total or margin and how it went."""
    line = t("dice.view.hidden", lang)
    if view.get("total") is not None:
        line += f" → **{view['total']}**"
    elif view.get("margin") is not None:
        line += " → " + t("dice.view.margin", lang, margin=view["margin"])
    if view.get("spectacular"):
        return line + " — " + t("dice.view.spectacular", lang)
    if view.get("disaster"):
        return line + " — " + t("dice.view.disaster", lang)
    if "success" in view:
        return line + " — " + outcome_text(view, lang)
    return line


def format_dice(view: dict[str, Any], lang: str) -> str:
    """A dice view as text: the expression language's, or the system's that rolled it
    (its renderers, :mod:`bot.render.systems`); a bare total for a kind nobody draws.
    A repeated roll (``10xs10``) is one numbered line per roll."""
    kind = str(view.get("kind"))
    if kind == "line":
        return "\n".join(format_dice(r, lang) for r in view.get("rolls") or [])
    if kind == "hidden":
        return hidden_view(view, lang)
    if kind == "repeat":
        rolls = view.get("rolls") or []
        return "\n".join(f"{i}: {format_dice(r, lang)}" for i, r in enumerate(rolls, 1))
    formatter = format_expression if kind == "expression" else dice_formatter(kind)
    if formatter is None:
        total = view.get("total")
        return f"= **{total}**" if total is not None else ""
    return formatter(view, lang)


def line_text(rolls: list[tuple[str, str | None]], results: list[Any], lang: str) -> str:
    """Several rolls of one line (N-2), each on its own: the roll as typed (and the
    words before it, its label) in bold, then its dice."""
    blocks = []
    for (text, label), result in zip(rolls, results, strict=True):
        head = f"**{label}** · `{text}`" if label else f"`{text}`"
        blocks.append(f"{head}\n{format_dice(result.to_view(), lang)}")
    return "\n".join(blocks)
