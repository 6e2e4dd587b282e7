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
    against = view.get("opposed")
    if against:  # SW-37: read against the opponent's total, not a TN
        line += " " + t("dice.view.against", lang, name=against["against"],
                        total=against["against_total"])  # fmt: skip
        return line + " — " + opposed_outcome_text(view, against, lang)
    line += " " + t("dice.view.tn", lang, tn=view.get("tn"))
    return line + " — " + outcome_text(view, lang)


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


def _mods_text(mods: list[list[Any]], lang: str) -> str:
    return ", ".join(f"{t(str(k), lang)} {signed(int(v))}" for k, v in mods)


UNSKILLED = ("swade_combat.mod.unskilled", -2)  # SW-5: part of the die roll's modifier


def swade_modifier_lines(
    modifiers: list[list[Any]], tn_parts: list[list[Any]], roll: dict[str, Any], lang: str
) -> list[str]:
    """A SWADE roll's modifiers by name with their total, and its TN's parts (Parry,
    Defend...), as lines to print above the dice: no bare "-3 → 0" on any roll."""
    lines = []
    mods = [list(m) for m in modifiers]
    if roll.get("unskilled") and list(UNSKILLED) not in mods:
        mods.append(list(UNSKILLED))
    if mods:
        total = sum(int(v) for _, v in mods)
        lines.append(
            t("swade_combat_cog.view.modifiers", lang, modifiers=_mods_text(mods, lang),
              total=signed(total))
        )  # fmt: skip
    if len(tn_parts) > 1:
        first, *rest = tn_parts
        text = f"{t(str(first[0]), lang)} {first[1]}"
        if rest:
            text += ", " + _mods_text(rest, lang)
        lines.append(
            t("swade_combat_cog.view.tn", lang, parts=text, tn=sum(int(v) for _, v in tn_parts))
        )
    return lines


def _swade_mods(view: dict[str, Any], lang: str) -> str:
    """A wrapped SWADE roll (the ``swade_mods`` view older log rows keep): its
    modifiers and TN's parts, then the roll."""
    roll = view.get("roll") or {}
    lines = swade_modifier_lines(
        view.get("modifiers") or [], view.get("tn_parts") or [], roll, lang
    )
    return "\n".join([*lines, format_dice(roll, lang)])


def _swade_injury(view: dict[str, Any], lang: str) -> str:
    """Seed 003 injury table: its 2d6 and, where the table asks, the sub-table die
    (1d2 for the arm's side, 1d6 for the guts and the head)."""
    a, b = view.get("table_roll") or [0, 0]
    line = t("dice.view.injury_table", lang, a=a, b=b, total=view.get("total"))
    sub = view.get("sub_roll")
    if sub is not None:
        sides = 2 if str(view.get("id", "")).startswith("arm_") else 6
        line += " · " + t("dice.view.injury_sub", lang, sides=sides, value=sub)
    return line


_FORMATTERS = {
    "swade_injury": _swade_injury,
    "swade_trait": _swade_trait,
    "swade_mods": _swade_mods,
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
