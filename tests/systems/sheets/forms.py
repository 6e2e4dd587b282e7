"""The forms a pasted block arrives in: as published, flattened to one line (Discord's
option box turns line breaks into spaces), and with PDF wraps (a line break inside a
trait or after a comma, and a word broken with a hyphen)."""

from __future__ import annotations

import re

FORMS = ("published", "flat", "wrapped")


def flat(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text.strip())


_LONG_WORD = re.compile(r"(?<![\w-])([A-Za-záéíóúñ][a-záéíóúñ]{2})([a-záéíóúñ]{3,})(?![\w-])")


def _hyphenate(text: str, start: int) -> str:
    """Break the first long lower-case word after ``start`` (else before it) with a
    hyphen and a line break, as a PDF column does."""
    m = _LONG_WORD.search(text, start) or _LONG_WORD.search(text)
    assert m, "no word to hyphenate"
    return text[: m.start()] + m.group(1) + "-\n" + m.group(2) + text[m.end() :]


def wrapped(text: str, *, trait_line: str | None = None, wrap_at: str | None = None) -> str:
    """PDF wraps: on the line starting with ``trait_line`` (a SWADE skills line) the
    first ``Name dN`` is broken before its die; with ``wrap_at`` (issue 31: ``"Mag "``,
    ``"Armas de Fuego "``) the line breaks between that trait and its value; otherwise
    the first ", " of the longest line becomes ",\\n". Then one word further down is
    hyphenated across two lines."""
    lines = text.split("\n")
    if wrap_at is not None:
        i = next(n for n, line in enumerate(lines) if wrap_at in line)
        lines[i] = lines[i].replace(wrap_at, wrap_at.rstrip() + "\n", 1)
    elif trait_line is not None:
        i = next(n for n, line in enumerate(lines) if line.startswith(trait_line))
        lines[i] = re.sub(r"(\w) (d\d+)", r"\1\n\2", lines[i], count=1)
    else:
        i = max(range(len(lines)), key=lambda n: len(lines[n]))
        lines[i] = lines[i].replace(", ", ",\n", 1)
    joined = "\n".join(lines)
    start = len("\n".join(lines[: i + 1]))
    return _hyphenate(joined, start)


def form(
    text: str, which: str, *, trait_line: str | None = None, wrap_at: str | None = None
) -> str:
    if which == "flat":
        return flat(text)
    if which == "wrapped":
        return wrapped(text, trait_line=trait_line, wrap_at=wrap_at)
    return text
