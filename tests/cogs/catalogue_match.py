"""Reading the bot's text back into catalogue keys, for tests (issue 30): which key (and
which parameters) a message line was rendered from, and the same text in the other
language. A template's placeholders (``{name}``, ``{power:key}``) match any text; the
key whose template matches with the most literal text wins."""

from __future__ import annotations

import re
from functools import cache

from bot.i18n import catalog, t

_PLACEHOLDER = re.compile(r"\{(\w+)(?::key)?\}")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(template)
    regex, seen = "", set()
    for i, part in enumerate(parts):
        if i % 2 == 0:
            regex += re.escape(part)
        else:  # a parameter used twice reads the same text twice
            regex += f"(?P={part})" if part in seen else f"(?P<{part}>.+?)"
            seen.add(part)
    return re.compile(regex, re.DOTALL)


def _literal(template: str) -> int:
    return len(_PLACEHOLDER.sub("", template))


def match_key(
    text: str, lang: str, keys: set[str] | None = None
) -> tuple[str, dict[str, str]] | None:
    """The key (among ``keys``, else the whole catalogue) whose template renders
    ``text`` exactly, and the parameters read from it."""
    best: tuple[int, str, dict[str, str]] | None = None
    for key, template in catalog(lang).items():
        if keys is not None and key not in keys:
            continue
        found = _pattern(template).fullmatch(text)
        if found is not None and (best is None or _literal(template) > best[0]):
            best = (_literal(template), key, found.groupdict())
    return None if best is None else (best[1], best[2])


def find_key(text: str, lang: str, keys: set[str]) -> str | None:
    """The key among ``keys`` whose template renders the start of ``text`` (a refusal
    may be followed by more lines)."""
    best: tuple[int, str] | None = None
    for key in keys:
        template = catalog(lang).get(key)
        if template is None or _pattern(template).search(text) is None:
            continue
        if best is None or _literal(template) > best[0]:
            best = (_literal(template), key)
    return None if best is None else best[1]


def translated(text: str, source: str, target: str, keys: set[str] | None = None) -> str:
    """``text`` (rendered in ``source``) in ``target``: the same key and parameters."""
    found = match_key(text, source, keys)
    if found is None:
        return text
    key, params = found
    return t(key, target, **params)
