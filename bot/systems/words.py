"""The one text fold and the words every system reads the same way. Pure.

Every name a user types (a combatant, a weapon, an action, a field of a correction) is
compared folded: :func:`fold`. The sheet parsers, which must find labels at their place
in the pasted text, use :func:`fold_keeping_positions`, the same fold one character for
one. Shared words (yes/no, the sides) are read by :func:`yes_no` and :func:`side`, so
"sí", "on" and "activado" mean the same in ``/combatant edit`` of every system and in
``/encounter settings``.
"""

from __future__ import annotations

import functools
import re
import unicodedata

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
