"""Reading the bot's text back into catalogue keys, for tests (issue 30): which key (and
which parameters) a message line was rendered from, and the same text in the other
language. A template's placeholders (``{name}``, ``{power:key}``) match any text; the
key whose template matches with the most literal text wins. A ``:key`` parameter is read
back to its own key, so the other language shows it in its words (issue 29: "Goblin:
Block" is "Goblin: Bloqueo")."""

from __future__ import annotations

import re
from functools import cache
from itertools import takewhile
from typing import Any

from bot.i18n import catalog, t, term
from bot.i18n.catalog import key_params

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


def _shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike."""
    return sum(1 for _ in takewhile(lambda pair: pair[0] == pair[1], zip(a, b, strict=False)))


def _literal(template: str) -> int:
    return len(_PLACEHOLDER.sub("", template))


def match_key(
    text: str, lang: str, keys: set[str] | None = None, near: str = ""
) -> tuple[str, dict[str, str]] | None:
    """The key (among ``keys``, else the whole catalogue) whose template renders
    ``text`` exactly, and the parameters read from it; among equals, the key sharing
    the longest start with ``near`` ("Block" of ``ritualhex.offer...`` is
    ``ritualhex.action.block``, not ``ds20.offer.block``)."""
    best: tuple[int, int, str, dict[str, str]] | None = None
    for key, template in catalog(lang).items():
        if keys is not None and key not in keys:
            continue
        found = _pattern(template).fullmatch(text)
        if found is None:
            continue
        rank = (_literal(template), _shared(key, near))
        if best is None or rank > best[:2]:
            best = (*rank, key, found.groupdict())
    return None if best is None else (best[2], best[3])


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
    marked = key_params(key, source)
    said = {k: _term(v, source, key) if k in marked else v for k, v in params.items()}
    return t(key, target, **said)


def _term(text: str, lang: str, near: str) -> Any:
    """A ``:key`` parameter read back (a shipped reaction's name, "Block"): the term it
    was rendered from, so the other language says it in its words ("Bloqueo"); a name
    a user invented matches no text of its own and stays as written."""
    found = match_key(text, lang, near=near)
    if found is None:
        return text
    key, params = found
    marked = key_params(key, lang)
    return term(key, **{k: _term(v, lang, key) if k in marked else v for k, v in params.items()})
