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

from bot.systems.words import fold_keeping_positions

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


# -- text people paste: PDF wraps and flattened lines -------------------------------------


def join_hyphen_wraps(text: str) -> str:
    """PDF hyphenation: "Intimi-\\ndation d10" becomes one line, its line break moved to
    the end of that line (line numbers stay); flattened "Intimi- dation" is joined too."""
    wrap = re.compile(r"([^\W\d_])-\n[ ]*(?=[a-záéíóúñü])")
    while (m := wrap.search(text)) is not None:
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        text = text[: m.start(1) + 1] + text[m.end() : end] + "\n" + text[end:]
    return re.sub(r"([a-záéíóúñü])- ([a-záéíóúñü])", r"\1\2", text)


def join_continued_lines(text: str, ends: str = ",;") -> str:
    """A line ending in one of ``ends`` goes on in the next (a PDF wrap after a comma),
    and so does a trait whose value went to the next line (issue 31: ``Mag`` / ``0``,
    ``Armas de Fuego`` / ``13``): the two become one, and an empty line keeps the count
    (errors name pasted lines)."""
    out: list[str] = []
    blanks = 0
    for line in text.split("\n"):
        wrapped_value = (
            re.search(r"[^\W\d_]\.?\s*$", out[-1]) and re.match(r"\s*[+-]?\d+(?![\d:/])", line)
            if out
            else False
        )
        if out and line.strip() and (out[-1].rstrip().endswith(tuple(ends)) or wrapped_value):
            out[-1] = out[-1].rstrip() + " " + line.strip()
            blanks += 1
            continue
        out.extend([""] * blanks)
        blanks = 0
        out.append(line)
    out.extend([""] * blanks)
    return "\n".join(out)


def split_at_labels(line: str, label: re.Pattern[str], after: str = ";") -> list[str]:
    """A flattened line cut before each field label ``label`` finds (the start of its
    ``field`` group), searched in the line folded (case and accents ignored), unless the
    label starts the line or follows one of ``after`` (a sub-field): ``nombre: Goblin AP
    9 partes: torso`` -> ``["nombre: Goblin", "AP 9", "partes: torso"]``."""
    folded = fold_keeping_positions(line)
    cuts = [0]
    for m in label.finditer(folded):
        start = m.start("field")
        before = folded[:start].rstrip()
        if before and not before.endswith(tuple(after)):
            cuts.append(start)
    return [line[a:b].strip() for a, b in zip(cuts, [*cuts[1:], len(line)], strict=True)]
