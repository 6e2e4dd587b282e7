"""What a sheet parser understood, for every system: the sheet, the text it did not use,
and the defaults it applied. Pure.

Nothing pasted is dropped silently (issue 16): a parser either uses a piece of text,
refuses it with a ``RuleError`` naming the line, or lists it in ``unused`` (as written,
whitespace collapsed), which the sheet card shows in its warning line. ``defaults`` names
every value the parser filled in itself (a derived Parry, attributes left at d4...) as an
i18n key with parameters, so the card can say it in the reader's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

S = TypeVar("S", bound=BaseModel)

UNUSED_CLIP = 80  # characters of one unused piece kept for the warning line


@dataclass(frozen=True)
class Note:
    """A default the parser applied: an i18n key (``sheet.default.*``) and its params."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class SheetReading(Generic[S]):
    """A parsed sheet (the system's combatant model, id ``""``), with what was left over."""

    sheet: S
    unused: list[str] = field(default_factory=list)
    defaults: list[Note] = field(default_factory=list)

    def leave(self, text: str) -> None:
        """Record ``text`` as not used (blank or punctuation-only pieces are nothing)."""
        piece = re.sub(r"\s+", " ", text).strip(" \t.,;:|-")
        if not piece or not re.search(r"\w", piece):
            return
        if len(piece) > UNUSED_CLIP:
            piece = piece[: UNUSED_CLIP - 1] + "…"
        self.unused.append(piece)

    def default(self, key: str, **params: Any) -> None:
        self.defaults.append(Note(key, params))
