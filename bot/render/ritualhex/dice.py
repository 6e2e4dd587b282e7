"""Ritual Hex dice views as text: a 3d6 check with its characteristic, the target, the
successes and the exact odds (RH-1, RH-2); a damage roll (RH-1, RH-3)."""

from __future__ import annotations

from typing import Any

from bot.dice.odds import rh_check_odds
from bot.i18n import t
from bot.render.faces import chain_text, signed


def _sixes_note(view: dict[str, Any], lang: str) -> str:
    """RH-1, said where a 6 was rolled: it is shown as the 5 it counts, with 💥."""
    if any(6 in (d.get("faces") or []) for d in view.get("dice", [])):
        return " · " + t("ritualhex_cog.dice.six", lang)
    return ""


def rh_check_view(view: dict[str, Any], lang: str) -> str:
    """``3d6: [4, 4, 4] +3 = **15** vs 10 — éxito, <S> = 5 · 62.5% éxito · <S> medio
    3.1`` (RH-1, RH-2; exact odds from ``rh_check_odds``)."""
    dice = ", ".join(chain_text(d) for d in view.get("dice", []))
    line = (
        f"3d6: [{dice}] {signed(view.get('co', 0))} = **{view.get('total')}**"
        f" vs {view.get('target')}"
    )
    verdict = (
        t("dice.view.rh_success", lang, s=view.get("s"))
        if view.get("success")
        else t("dice.view.failure", lang)
    )
    odds = rh_check_odds(view.get("co", 0), view.get("difficulty", 0), view.get("cd", 0))
    chance = t(
        "ritualhex_cog.dice.odds",
        lang,
        chance=f"{odds.p_success * 100:.1f}",
        mean=f"{odds.mean_s:.1f}",
    )
    return f"{line} — {verdict} · {chance}{_sixes_note(view, lang)}"


def rh_damage_view(view: dict[str, Any], lang: str) -> str:
    """``1d: [4] -2 = 2 (mín. 1) → **2**`` (RH-1, RH-3)."""
    dice = ", ".join(chain_text(d) for d in view.get("dice", []))
    line = f"{len(view.get('dice', []))}d: [{dice}]"
    if view.get("minus"):
        line += f" {signed(-view['minus'])}"
    line += f" = {view.get('raw')}"
    if view.get("minimum"):
        line += " " + t("ritualhex_cog.dice.minimum", lang, minimum=view["minimum"])
    return f"{line} → **{view.get('value')}**{_sixes_note(view, lang)}"


DICE = {"rh_check": rh_check_view, "rh_damage": rh_damage_view}
