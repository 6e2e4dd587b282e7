"""Die faces as text, for every dice view: an ace chain ``6💥+3``, a signed modifier."""

from __future__ import annotations

from typing import Any


def chain_text(chain: dict[str, Any]) -> str:
    faces = chain.get("faces") or []
    text = "+".join(f"{f}💥" if i < len(faces) - 1 else str(f) for i, f in enumerate(faces))
    if chain.get("capped"):
        text += "…"
    return text


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)
