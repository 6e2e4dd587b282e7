"""The expression language's roll views as text (``kind: expression``): every die shown,
aces 💥, dropped dice and rerolled faces struck through, kept totals in bold."""

from __future__ import annotations

from typing import Any

from bot.render.faces import chain_text

MAX_DICE_SHOWN = 60


def _die(die: dict[str, Any]) -> str:
    text = chain_text(die)
    if die.get("rerolled"):
        text = "".join(f"~~{r}~~ " for r in die["rerolled"]) + text
    if die.get("value") != sum(die.get("faces", [])) and len(die.get("faces", [])) == 1:
        text += f"→{die['value']}"  # mi/ma forced the value
    return text if die.get("kept", True) else f"~~{text}~~"


def _part(part: dict[str, Any], budget: list[int]) -> str:
    kind = part.get("kind")
    if kind == "number":
        text = str(part["value"])
    elif kind == "dice":
        dice = part.get("dice", [])
        shown = dice[: max(0, budget[0])]
        budget[0] -= len(shown)
        inner = ", ".join(_die(d) for d in shown)
        if len(shown) < len(dice):
            inner += f", … (+{len(dice) - len(shown)})"
        text = f"{part.get('text', '')} ({inner})"
    elif kind == "d66":  # d6s read as digits, tens first
        digits = ", ".join(str(d.get("value")) for d in part.get("dice", []))
        text = f"{part.get('text', 'd66')} ({digits})"
    elif kind == "op":
        operands = [_part(p, budget) for p in part.get("operands", [])]
        text = (
            f" {part['op']} ".join(operands) if len(operands) > 1 else f"{part['op']}{operands[0]}"
        )
    elif kind in ("set", "paren"):
        items = []
        for item in part.get("items", []):
            rendered = _part(item, budget)
            items.append(rendered if item.get("kept", True) else f"~~{rendered}~~")
        text = "(" + ", ".join(items) + ")"
    else:
        text = str(part.get("value", ""))
    if part.get("annotation"):
        text += f" [{part['annotation']}]"
    return text


def format_expression(view: dict[str, Any], lang: str) -> str:
    budget = [MAX_DICE_SHOWN]
    lines = []
    parts = view.get("parts", [])
    for part in parts:
        prefix = f"{_part(part, budget)} = "
        lines.append(f"{prefix}**{part.get('value')}**")
    if len(parts) > 1:
        lines.append(f"Σ **{view.get('total')}**")
    return "\n".join(lines)
