"""Dread S-20 dice views as text: the d20 against the score, bonus and penalty d4s, the
margin, and spectacular successes and disasters (DS-1)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def roll_view(view: dict[str, Any], lang: str) -> str:
    line = f"d20: **{view.get('d20')}** / {view.get('score')}"
    if view.get("bonus_dice"):
        line += " + " + t("dice.view.bonus", lang) + " " + ",".join(map(str, view["bonus_dice"]))
    if view.get("penalty_dice"):
        line += (
            " − " + t("dice.view.penalty", lang) + " " + ",".join(map(str, view["penalty_dice"]))
        )
    line += " → " + t("dice.view.margin", lang, margin=view.get("margin"))
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
