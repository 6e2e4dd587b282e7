"""Ritual Hex dice views as text: a 3d6 check with its characteristic, the target, the
successes and the exact odds (RH-1, RH-2); a damage roll (RH-1, RH-3)."""

from __future__ import annotations

from typing import Any

from bot.dice.odds import rh_check_odds
from bot.dice.ritualhex import face_value
from bot.i18n import t
from bot.render.faces import chain_text, signed
from bot.systems.ritualhex.sheet_text import STAT_NAMES


def _dice(view: dict[str, Any]) -> str:
    """The dice as they count (RH-1: a 6 counts 5), also for a view logged before the
    counted values were kept."""
    return ", ".join(
        chain_text(
            d if "counted" in d else {**d, "counted": [face_value(f) for f in d.get("faces") or []]}
        )
        for d in view.get("dice", [])
    )


def _sixes_note(view: dict[str, Any], lang: str) -> str:
    """RH-1, said where a 6 was rolled: it is shown as the 5 it counts, with 💥."""
    if any(6 in (d.get("faces") or []) for d in view.get("dice", [])):
        return " · " + t("ritualhex.dice.six", lang)
    return ""


def _target_parts(view: dict[str, Any], lang: str) -> str:
    """`` (11 + golpe apuntado 2 + Def 2)``: D, what raised it, and the target's CD
    (RH-2), when there is more than D alone."""
    parts = [
        f"{t(label, lang)} {n}" if label else str(n)
        for label, n in view.get("difficulty_parts") or []
        if n or not label
    ]
    if view.get("cd_stat"):
        parts.append(f"{STAT_NAMES.get(view['cd_stat'], view['cd_stat'])} {view.get('cd', 0)}")
    return f" ({' + '.join(parts)})" if len(parts) > 1 else ""


def rh_check_view(view: dict[str, Any], lang: str) -> str:
    """``3d6: [4, 4, 4] +3 = **15** vs 10 — éxito, <S> = 5 · 62.5% éxito · <S> medio
    3.1`` (RH-1, RH-2; exact odds from ``rh_check_odds``)."""
    dice = _dice(view)
    co = signed(view.get("co", 0))
    if view.get("co_stat"):
        co += f" ({STAT_NAMES.get(view['co_stat'], view['co_stat'])})"
    line = f"3d6: [{dice}] {co} = **{view.get('total')}** vs {view.get('target')}"
    line += _target_parts(view, lang)
    verdict = (
        t("dice.view.rh_success", lang, s=view.get("s"))
        if view.get("success")
        else t("dice.view.failure", lang)
    )
    odds = rh_check_odds(view.get("co", 0), view.get("difficulty", 0), view.get("cd", 0))
    chance = t(
        "ritualhex.dice.odds",
        lang,
        chance=f"{odds.p_success * 100:.1f}",
        mean=f"{odds.mean_s:.1f}",
    )
    return f"{line} — {verdict} · {chance}{_sixes_note(view, lang)}"


def rh_damage_view(view: dict[str, Any], lang: str) -> str:
    """``1d: [4] -2 = 2 (mín. 1) → **2**`` (RH-1, RH-3)."""
    line = f"{len(view.get('dice', []))}d: [{_dice(view)}]"
    if view.get("minus"):
        line += f" {signed(-view['minus'])}"
    line += f" = {view.get('raw')}"
    if view.get("minimum"):
        line += " " + t("ritualhex.dice.minimum", lang, minimum=view["minimum"])
    return f"{line} → **{view.get('value')}**{_sixes_note(view, lang)}"


DICE = {"rh_check": rh_check_view, "rh_damage": rh_damage_view}
