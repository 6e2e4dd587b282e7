"""Savage Worlds dice views as text: a trait roll with its wild die (kept results bold,
the other struck through), damage, a roll's modifiers by name and its TN's parts, the
injury table."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.i18n import t
from bot.render.dice import format_dice, opposed_outcome_text, outcome_text
from bot.render.faces import chain_text, signed
from bot.systems.base import Event


def trait_view(view: dict[str, Any], lang: str) -> str:
    parts = []
    kept = view.get("kept", [])
    kept_sources = {(k["source"], k["index"]) for k in kept}
    wild = view.get("wild_roll")
    for i, chain in enumerate(view.get("trait_rolls", [])):
        text = f"d{chain['sides']}: {chain_text(chain)}"
        parts.append(
            f"**{text}**" if ("trait", i) in kept_sources else f"~~{text}~~" if wild else text
        )
    if wild:
        text = f"🎲 d{wild['sides']}: {chain_text(wild)}"
        used = any(k["source"] == "wild" for k in kept)
        parts.append(f"**{text}**" if used else f"~~{text}~~")
    line = " · ".join(parts)
    modifier = view.get("modifier")
    if modifier:
        line += f" {signed(modifier)}"
    results = view.get("results") or [view.get("total")]
    line += " → " + ", ".join([f"**{r}**" for r in results])
    against = view.get("opposed")
    if against:  # SW-37: read against the opponent's total, not a TN
        line += " " + t("dice.view.against", lang, name=against["against"],
                        total=against["against_total"])  # fmt: skip
        return line + " — " + opposed_outcome_text(view, against, lang) + critical_check(view, lang)
    line += " " + t("dice.view.tn", lang, tn=view.get("tn"))
    return line + " — " + trait_outcome(view, lang) + critical_check(view, lang)


def trait_outcome(view: dict[str, Any], lang: str) -> str:
    """How a trait roll went. With rate of fire (N-2's ``3s8``, an attack's RoF) each
    trait die is a separate shot: how many hit, and how many of those with raises ("2
    hits (one with a raise)"); a critical failure (SW-3) is one for every die."""
    kept = view.get("kept") or []
    if len(kept) < 2 or view.get("critical_failure"):
        return outcome_text(view, lang)
    hits = [k for k in kept if k.get("success")]
    raised = Counter(int(k["raises"]) for k in hits if k.get("raises"))
    if not raised:
        return t("dice.view.hits", lang, hits=len(hits))
    groups = [
        t("dice.view.with_raises", lang, n=n, raises=raises)
        for raises, n in sorted(raised.items(), reverse=True)
    ]
    return t("dice.view.hits_raised", lang, hits=len(hits), raised=", ".join(groups))


def critical_check(view: dict[str, Any], lang: str) -> str:
    """SW-3: an Extra's trait die showing 1 rolls a d6 to see whether it is a critical
    failure. That die is not added to anything: it is shown after the result, named."""
    value = view.get("extra_d6")
    if value is None:
        return ""
    key = "dice.view.extra_d6_critical" if value == 1 else "dice.view.extra_d6"
    return " · " + t(key, lang, value=value)


def damage_view(view: dict[str, Any], lang: str) -> str:
    parts = [f"d{c['sides']}: {chain_text(c)}" for c in view.get("rolls", [])]
    if view.get("raise_roll"):
        parts.append(t("dice.view.raise_die", lang) + f" d6: {chain_text(view['raise_roll'])}")
    line = " + ".join(parts)
    if view.get("modifier"):
        line += f" {signed(view['modifier'])}"
    return f"{line} = **{view.get('total')}**"


def toughness_view(view: dict[str, Any], lang: str) -> str:
    """``2d6!t6`` (SW-12): each total of the roll, then what it does against Toughness."""
    roll = view.get("roll") or {}
    parts = roll.get("parts") or []
    lines = []
    for part, outcome in zip(parts, view.get("outcomes") or [], strict=False):
        shown = format_dice({**roll, "parts": [part]}, lang)
        lines.append(f"{shown} — {toughness_outcome(outcome, view.get('toughness'), lang)}")
    return "\n".join(lines)


def toughness_outcome(outcome: dict[str, Any], toughness: Any, lang: str) -> str:
    """SW-12: no effect, Shaken (a wound if already Shaken), or Shaken and N wounds."""
    if not outcome.get("shaken"):
        return t("dice.view.toughness_none", lang, toughness=toughness)
    if outcome.get("wounds"):
        return t("dice.view.toughness_wounds", lang, toughness=toughness, n=outcome["wounds"])
    return t("dice.view.toughness_shaken", lang, toughness=toughness)


def _mods_text(mods: list[list[Any]], lang: str) -> str:
    return ", ".join(f"{t(str(k), lang)} {signed(int(v))}" for k, v in mods)


UNSKILLED = ("swade.combat.mod.unskilled", -2)  # SW-5: part of the die roll's modifier


def swade_modifier_lines(
    modifiers: list[list[Any]], tn_parts: list[list[Any]], roll: dict[str, Any], lang: str
) -> list[str]:
    """A SWADE roll's modifiers by name with their total, and its TN's parts (Parry,
    Defend...), as lines to print above the dice: no bare "-3 → 0" on any roll."""
    if not modifiers and len(tn_parts) < 2 and not roll.get("unskilled"):
        return []  # the usual roll: nothing to print above it
    lines = []
    mods = [list(m) for m in modifiers]
    if roll.get("unskilled") and list(UNSKILLED) not in mods:
        mods.append(list(UNSKILLED))
    if mods:
        total = sum(int(v) for _, v in mods)
        lines.append(
            t("swade.combat.view.modifiers", lang, modifiers=_mods_text(mods, lang),
              total=signed(total))
        )  # fmt: skip
    if len(tn_parts) > 1:
        first, *rest = tn_parts
        text = f"{t(str(first[0]), lang)} {first[1]}"
        if rest:
            text += ", " + _mods_text(rest, lang)
        lines.append(
            t("swade.combat.view.tn", lang, parts=text, tn=sum(int(v) for _, v in tn_parts))
        )
    return lines


def mods_view(view: dict[str, Any], lang: str) -> str:
    """A wrapped SWADE roll (the ``swade_mods`` view older log rows keep): its
    modifiers and TN's parts, then the roll."""
    roll = view.get("roll") or {}
    lines = swade_modifier_lines(
        view.get("modifiers") or [], view.get("tn_parts") or [], roll, lang
    )
    return "\n".join([*lines, format_dice(roll, lang)])


def injury_view(view: dict[str, Any], lang: str) -> str:
    """Seed 003 injury table: its 2d6 and, where the table asks, the sub-table die
    (1d2 for the arm's side, 1d6 for the guts and the head)."""
    a, b = view.get("table_roll") or [0, 0]
    line = t("dice.view.injury_table", lang, a=a, b=b, total=view.get("total"))
    sub = view.get("sub_roll")
    if sub is not None:
        sides = 2 if str(view.get("id", "")).startswith("arm_") else 6
        line += " · " + t("dice.view.injury_sub", lang, sides=sides, value=sub)
    return line


def roll_notes(event: Event, lang: str) -> list[str]:
    """The lines above a SWADE roll: its modifiers by name and its TN's parts, which the
    rules give in the event's ``modifiers``/``tn_parts`` params."""
    mods = event.params.get("modifiers") or []
    parts = event.params.get("tn_parts") or []
    if not isinstance(mods, list) or not isinstance(parts, list) or event.dice is None:
        return []
    return swade_modifier_lines(mods, parts, event.dice, lang)


DICE = {
    "swade_injury": injury_view,
    "swade_trait": trait_view,
    "swade_mods": mods_view,
    "swade_damage": damage_view,
    "swade_toughness": toughness_view,
}
