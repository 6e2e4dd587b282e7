"""The one text fold and the words every system reads the same way. Pure.

Every name a user types (a combatant, a weapon, an action, a field of a correction) is
compared folded: :func:`fold`. A lookup tries it as typed, then without the quotes
around it and the punctuation people end it with (:func:`readings`: ``target:orc.`` is
the Orc, and a name that really ends in "!" is still found as typed). The sheet parsers,
which must find labels at their place in the pasted text, use
:func:`fold_keeping_positions`, the same fold one character for one. Shared words
(yes/no, the sides) are read by :func:`yes_no` and :func:`side`, so "sí", "on" and
"activado" mean the same in ``/combatant edit`` of every system and in ``/encounter
settings``.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from typing import TypeVar

V = TypeVar("V")

INVISIBLE_FILLERS = frozenset("\u034f\u115f\u1160\u3164\uffa0")
"""Characters that print as nothing though Unicode does not call them format characters."""


def invisible(ch: str) -> bool:
    """Zero-width and bidi controls (category Cf), and the blank-looking fillers."""
    return unicodedata.category(ch) == "Cf" or ch in INVISIBLE_FILLERS


@functools.lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case folded, accents and invisible characters (zero-width, bidi controls) stripped,
    spaces collapsed: how names are matched and compared (issue 21: ``Jefe orco`` and
    ``JEFE ÓRCO\u200b`` are one name). Cached: an action by name folds every combatant's
    name, always the same few."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and not invisible(ch))
    return re.sub(r"\s+", " ", text).strip().casefold()


QUOTES = "\"'`“”‘’„‚«»‹›"
"""Quotes people put around a name they type (straight, curly, angled)."""
TRAILING = ".,;:!?"
"""Punctuation people end a typed name with ("ataco al orco.")."""


@functools.lru_cache(maxsize=4096)
def readings(text: str) -> tuple[str, ...]:
    """How a name typed as ``text`` may be meant, most literal first: folded as typed
    (:func:`fold`), then (when it differs) without the quotes around it and the punctuation after
    it (``«Orc.»`` -> ``orc``). A lookup tries each in turn, so a name that really ends
    in punctuation ("Orc!") is still found as typed, before "Orc"."""
    folded = fold(text)
    bare = folded
    while True:
        shorter = bare.strip(QUOTES).rstrip(TRAILING).strip()
        if shorter == bare:
            break
        bare = shorter
    return (folded, bare) if bare and bare != folded else (folded,)


def looked_up(table: Mapping[str, V], text: str) -> V | None:
    """The value of the first of ``text``'s :func:`readings` that ``table`` (keyed by
    folded words) holds; ``None`` when none."""
    return next((table[w] for w in readings(text) if w in table), None)


def fold_keeping_positions(text: str) -> str:
    """:func:`fold`'s lower case without accents, one character for one (positions stay,
    spaces are not collapsed), for finding labels in pasted text."""
    out = []
    for ch in text:
        base = unicodedata.normalize("NFKD", ch)[:1] or ch
        low = base.lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out)


# -- shared words ------------------------------------------------------------------------

YES = frozenset({"si", "yes", "true", "1", "on", "activado", "activo"})
NO = frozenset({"no", "false", "0", "off", "desactivado"})

SIDE_WORDS: dict[str, str] = {
    "heroes": "heroes", "heroe": "heroes", "hero": "heroes", "pj": "heroes",
    "foes": "foes", "foe": "foes", "enemigos": "foes", "enemigo": "foes", "villanos": "foes",
    "neutral": "neutral", "neutrales": "neutral", "neutrals": "neutral",
}  # fmt: skip


def yes_no(word: str) -> bool | None:
    """``True`` for a yes ("sí", "yes", "on", "activado"...), ``False`` for a no, else
    ``None`` (the caller says what it expected)."""
    folded = fold(word)
    if folded in YES:
        return True
    if folded in NO:
        return False
    return None


def side(word: str) -> str | None:
    """The side a word names ("héroes", "enemigos", "foes"...): ``heroes``, ``foes`` or
    ``neutral``; ``None`` for a word that names none."""
    return SIDE_WORDS.get(fold(word))


# A unit of time as typed, in either language, and its seconds (issue 27: reminders).
TIME_UNITS: dict[str, int] = {
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "minuto": 60, "minutos": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "hora": 3600,
    "horas": 3600, "d": 86400, "day": 86400, "days": 86400, "dia": 86400, "dias": 86400,
}  # fmt: skip
_TIME_PART = re.compile(r"(\d{1,6})\s*([a-z]+)")


def duration(text: str) -> int | None:
    """A span of time as people type it, in seconds: ``"1h"``, ``"90 min"``, ``"1 hora"``,
    ``"2 días"``, ``"1h30m"``, ``"1 hora y 30 minutos"``. None for anything that is not
    one or more ``<number><unit>`` joined by spaces, commas, "y" or "and"."""
    folded = fold(text).rstrip(".")
    seconds, end = 0, 0
    for part in _TIME_PART.finditer(folded):
        between = folded[end : part.start()].strip(" ,")
        if between not in ("", "y", "and") or part.group(2) not in TIME_UNITS:
            return None
        seconds += int(part.group(1)) * TIME_UNITS[part.group(2)]
        end = part.end()
    if end == 0 or folded[end:].strip():
        return None
    return seconds
