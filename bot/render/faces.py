"""Die faces as text, for every dice view: an ace chain ``6💥+3``, a signed modifier."""

from __future__ import annotations

from typing import Any


def chain_text(chain: dict[str, Any]) -> str:
    """A die's chain as it counts: ``6💥+3``, or, where a face counts otherwise than it
    shows (Ritual Hex's 6 counts 5, RH-1), the counted values (``5💥+3``), so the sum on
    screen adds up."""
    faces = chain.get("counted") or chain.get("faces") or []
    # every face but the last aced; the usual die, one face, without a join
    text = str(faces[0]) if len(faces) == 1 else "💥+".join(map(str, faces))
    if chain.get("capped"):
        text += "…"
    return text


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)
