"""Small text helpers shared by the Ritual Hex sheet and action parsers. Pure."""

from __future__ import annotations

import re

from bot.systems.base import RuleError
from bot.systems.ritualhex.state import Amount
from bot.systems.words import fold

STAT_ALIASES: dict[str, str] = {
    "ap": "ap",
    "pa": "ap",
    "hp": "hp",
    "pd": "hp",
    "str": "str",
    "fue": "str",
    "fuerza": "str",
    "strength": "str",
    "def": "def",
    "defensa": "def",
    "defense": "def",
    "per": "per",
    "percepcion": "per",
    "perception": "per",
    "mag": "mag",
    "magia": "mag",
    "magic": "mag",
    "dr": "dr",
    "rd": "dr",
}
"""Spanish and English names of the characteristics (seed 002 uses AP, HP, Str, Def,
Per, Mag, DR in both languages)."""


def stat_id(text: str) -> str | None:
    return STAT_ALIASES.get(fold(text))


_AMOUNT_RE = re.compile(r"^(?P<count>\d*)d(?:(?P<sign>[+-])(?P<x>\d+))?(?:\|(?P<min>\d+))?$")


def parse_amount(text: str, *, line: int, field: str) -> Amount:
    """``1d-2|1``, ``2d+1``, ``d``, ``3`` (RH-3 notation, or a flat number)."""
    raw = text.replace(" ", "").lower()
    if raw.isdigit():
        return Amount(count=0, minus=-int(raw))
    m = _AMOUNT_RE.match(raw)
    if m is None or (m["count"] and int(m["count"]) == 0) or (m["count"] and int(m["count"]) > 100):
        raise RuleError("ritualhex.format.bad_amount", line=line, field=field, text=text)
    count = int(m["count"]) if m["count"] else 1
    x = int(m["x"]) if m["x"] else 0
    return Amount(count=count, minus=x if m["sign"] == "-" else -x, minimum=int(m["min"] or 0))


def split_fields(text: str) -> list[tuple[int, str]]:
    """Split a block into (line number, segment): one segment per line or per ``;``."""
    out: list[tuple[int, str]] = []
    n = 0
    for raw_line in text.splitlines():
        for segment in raw_line.split(";"):
            n += 1
            if segment.strip():
                out.append((n, segment.strip()))
    return out


def field_value(segment: str, *, line: int) -> tuple[str, str]:
    """``campo: valor`` -> (normalized field, value)."""
    if ":" not in segment:
        raise RuleError("ritualhex.format.missing_colon", line=line, text=segment)
    field, value = segment.split(":", 1)
    return fold(field), value.strip()


def parse_int(value: str, *, line: int, field: str, minimum: int = 0, maximum: int = 99) -> int:
    text = value.strip()
    if not re.fullmatch(r"-?\d+", text) or not minimum <= int(text) <= maximum:
        raise RuleError(
            "ritualhex.format.bad_number",
            line=line,
            field=field,
            text=value,
            minimum=minimum,
            maximum=maximum,
        )
    return int(text)
