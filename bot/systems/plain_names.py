"""Names people type, made plain text (issue 21: no spoofing). Pure.

Names are shown in embeds, where Discord renders markdown: a name could carry a masked
link (``[Free bennies](https://...)``), a heading on a new line (``# Ana is dead``), a
mention, or look like another name with a zero-width space in it. So, where a name
enters (a sheet, ``/combatant add|edit``, ``/character save``, ``/encounter start``,
an import):

- :func:`clean_name` drops invisible characters (zero-width, bidi controls: Unicode's
  format category), turns line breaks, tabs and other control characters into spaces,
  collapses runs of spaces and trims;
- :func:`plain_name` then refuses, naming the character, what Discord would read as
  markup (:data:`MARKUP`, a leading ``#``, ``-`` or ``>``, a ``://`` link), a name
  longer than its bound, an empty one and one that reads like an internal id (``c5``,
  which lookups try first);
- :func:`name_fold` is the form names are compared in (case, accents and invisible
  characters ignored), so ``Jefe orco`` and ``JEFE ORCO\\u200b`` are the same name
  within an encounter (:func:`require_unique_name`).

Refusing at entry (rather than escaping when shown) keeps every place a name appears
plain, buttons and autocomplete included, where markdown escapes would show.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from bot.systems.base import RuleError
from bot.systems.words import INVISIBLE_FILLERS, fold, invisible

MARKUP = frozenset("`*_~|<>[]\\@")
"""Characters Discord's markdown reads anywhere in a line: emphasis, code, spoilers,
quotes, masked links, mentions and escapes."""
LEADING_MARKUP = frozenset("#->")
"""Characters that make a heading, a list or a quote at the start of a line (a name
often starts the line it is shown in)."""

_ID = re.compile(r"c\d+")
_KEY = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+)+")


def _blank(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Zs")


def clean_name(text: str) -> str:
    """Invisible characters out, control characters and line breaks as spaces, spaces
    collapsed and trimmed (NFC, so a composed accent and a combining one are alike)."""
    text = unicodedata.normalize("NFC", text)
    if text.isprintable() and INVISIBLE_FILLERS.isdisjoint(text):  # the usual name: nothing to drop
        return " ".join(text.split())
    kept = "".join(" " if _blank(ch) else ch for ch in text if not invisible(ch))
    return " ".join(kept.split())


def char_name(ch: str) -> str:
    """How a refused character is named in a message: ``"*" (U+002A)``."""
    return f"“{ch}” (U+{ord(ch):04X})"


def markup_problem(text: str, *, quoted: bool = True) -> str | None:
    """The first character of ``text`` Discord would not show as plain text (markup,
    an invisible or control character), named (:func:`char_name`; ``quoted=False``:
    ``_ (U+005F)``, for a message that quotes it itself); ``None`` when it is plain."""
    name = char_name if quoted else (lambda ch: f"{ch} (U+{ord(ch):04X})")
    for ch in text:
        if ch in MARKUP or invisible(ch) or (unicodedata.category(ch) == "Cc"):
            return name(ch)
    stripped = text.lstrip()
    if stripped[:1] in LEADING_MARKUP:
        return name(stripped[0])
    if "://" in text:
        return "“://”" if quoted else "://"
    return None


def name_fold(text: str) -> str:
    """The form names are compared in within an encounter: the one fold
    (:func:`bot.systems.words.fold`: no invisible characters, no accents, case folded,
    single spaces)."""
    return fold(text)


def looks_like_id(text: str) -> bool:
    """``c5``, ``C12``: what an internal combatant id looks like."""
    return _ID.fullmatch(name_fold(text)) is not None


def looks_like_key(text: str) -> bool:
    """``encounter.none``, ``swade.powers.power.bolt``: what a message catalogue key looks
    like (words joined by dots, no spaces). Only a name some template looks up as a key
    (a power's, ``{power:key}``) must not take that form."""
    return _KEY.fullmatch(name_fold(text)) is not None


def plain_name(text: str, *, limit: int) -> str:
    """``text`` cleaned (:func:`clean_name`), or a refusal saying what to change: empty,
    longer than ``limit``, markup (:func:`markup_problem`), or an internal id's form."""
    name = clean_name(text)
    if not name:
        raise RuleError("names.empty")
    if len(name) > limit:
        raise RuleError("names.too_long", name=name[:limit] + "…", limit=limit, length=len(name))
    bad = markup_problem(name)
    if bad is not None:
        raise RuleError("names.markup", name=name, char=bad)
    if looks_like_id(name):
        raise RuleError("names.like_id", name=name)
    return name


def require_unique_name(name: str, taken: Iterable[str]) -> None:
    """Refuse ``name`` when another name in ``taken`` is the same once folded
    (:func:`name_fold`): case, accents and invisible characters do not make a name new."""
    wanted = name_fold(name)
    other = next((other for other in taken if name_fold(other) == wanted), None)
    if other is not None:
        raise RuleError("names.taken", name=name, other=other)


def admit_name(name: str, taken: Iterable[str], *, limit: int) -> str:
    """A new combatant's name: plain (:func:`plain_name`) and unique in the encounter."""
    plain = plain_name(name, limit=limit)
    require_unique_name(plain, taken)
    return plain
