"""Dice views (``to_view()`` dicts from ``bot.dice``) as text: every die shown, aces
marked 💥, the wild die marked 🎲, dropped dice struck through, the kept result in bold."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def chain_text(chain: dict[str, Any]) -> str:
    faces = chain.get("faces") or []
    text = "+".join(f"{f}💥" if i < len(faces) - 1 else str(f) for i, f in enumerate(faces))
    if chain.get("capped"):
        text += "…"
    return text


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _swade_trait(view: dict[str, Any], lang: str) -> str:
    parts = []
    kept_sources = {(k["source"], k["index"]) for k in view.get("kept", [])}
    for i, chain in enumerate(view.get("trait_rolls", [])):
        text = f"d{chain['sides']}: {chain_text(chain)}"
        parts.append(
            f"**{text}**"
            if ("trait", i) in kept_sources
            else f"~~{text}~~"
            if view.get("wild_roll")
            else text
        )
    wild = view.get("wild_roll")
    if wild:
        text = f"🎲 d{wild['sides']}: {chain_text(wild)}"
        used = any(k["source"] == "wild" for k in view.get("kept", []))
        parts.append(f"**{text}**" if used else f"~~{text}~~")
    if view.get("extra_d6") is not None:
        parts.append(t("dice.view.extra_d6", lang, value=view["extra_d6"]))
    line = " · ".join(parts)
    if view.get("modifier"):
        line += f" {signed(view['modifier'])}"
    results = view.get("results") or [view.get("total")]
    line += " → " + ", ".join(f"**{r}**" for r in results)
    line += " " + t("dice.view.tn", lang, tn=view.get("tn"))
    return line + " — " + outcome_text(view, lang)


def outcome_text(view: dict[str, Any], lang: str) -> str:
    if view.get("critical_failure"):
        return t("dice.view.critical_failure", lang)
    if not view.get("success"):
        return t("dice.view.failure", lang)
    raises = view.get("raises", 0)
    if raises:
        return t("dice.view.raises", lang, n=raises)
    return t("dice.view.success", lang)


def _swade_damage(view: dict[str, Any], lang: str) -> str:
    parts = [f"d{c['sides']}: {chain_text(c)}" for c in view.get("rolls", [])]
    if view.get("raise_roll"):
        parts.append(t("dice.view.raise_die", lang) + f" d6: {chain_text(view['raise_roll'])}")
    line = " + ".join(parts)
    if view.get("modifier"):
        line += f" {signed(view['modifier'])}"
    return f"{line} = **{view.get('total')}**"


def _rh_check(view: dict[str, Any], lang: str) -> str:
    dice = ", ".join(chain_text(d) for d in view.get("dice", []))
    line = f"3d6: [{dice}] {signed(view.get('co', 0))} = **{view.get('total')}** vs {view.get('target')}"
    return (
        line
        + " — "
        + (
            t("dice.view.rh_success", lang, s=view.get("s"))
            if view.get("success")
            else t("dice.view.failure", lang)
        )
    )


def _ds20(view: dict[str, Any], lang: str) -> str:
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


_FORMATTERS = {
    "swade_trait": _swade_trait,
    "swade_damage": _swade_damage,
    "rh_check": _rh_check,
    "ds20_roll": _ds20,
}


def format_dice(view: dict[str, Any], lang: str) -> str:
    formatter = _FORMATTERS.get(str(view.get("kind")))
    if formatter is None:
        total = view.get("total")
        return f"= **{total}**" if total is not None else ""
    return formatter(view, lang)


def register_formatter(kind: str, formatter: Any) -> None:
    """Other renderers (the expression language's) add their view kinds here."""
    _FORMATTERS[kind] = formatter
