"""Reading the bot's text back into catalogue keys, for tests (issue 30): which key (and
which parameters) a message line was rendered from, and the same text in the other
language. A template's placeholders (``{name}``, ``{power:key}``) match any text, a
plural or select (issue 29) any of its branches; the key whose template matches with the
most literal text wins. A ``:key`` parameter is read
back to its own key, so the other language shows it in its words (issue 29: "Goblin:
Block" is "Goblin: Bloqueo")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from itertools import takewhile
from typing import Any

from bot.i18n import catalog, t, term
from bot.i18n.catalog import key_params
from bot.i18n.message import Choice, Count, Field, Part, compile_message


@dataclass
class _Groups:
    """The regex groups of one template: each parameter's first group, by name."""

    count: int = 0
    names: dict[str, str] = field(default_factory=dict)  # group -> parameter

    def new(self, name: str) -> str:
        self.count += 1
        group = f"{name}__{self.count}"
        self.names[group] = name
        return group


def _regex(parts: tuple[Part, ...], groups: _Groups, seen: dict[str, str], counted: str) -> str:
    """The parts as a regex. A parameter read twice reads the same text twice, when its
    first reading is sure to have matched (not in another branch); a plural or select
    matches any of its branches, ``#`` as the count's text."""
    regex = ""
    for part in parts:
        if isinstance(part, str):
            regex += re.escape(part)
        elif isinstance(part, Field | Count):
            name = part.name if isinstance(part, Field) else counted
            if name in seen:
                regex += f"(?P={seen[name]})"
            else:
                seen[name] = groups.new(name)
                regex += f"(?P<{seen[name]}>.+?)"
        else:
            branches = [*part.branches.values(), *part.exact.values()]
            inner = part.name if part.kind == "plural" else counted
            alternatives = [_regex(b.parts, groups, dict(seen), inner) for b in branches]
            regex += "(?:" + "|".join(alternatives) + ")"
    return regex


@cache
def _pattern(template: str) -> tuple[re.Pattern[str], dict[str, str]]:
    groups = _Groups()
    regex = _regex(compile_message(template).parts, groups, {}, "")
    return re.compile(regex, re.DOTALL), groups.names


def _read(found: re.Match[str], names: dict[str, str]) -> dict[str, str]:
    """The parameters a match read (each from the first group that matched)."""
    params: dict[str, str] = {}
    for group, value in found.groupdict().items():
        if value is not None:
            params.setdefault(names[group], value)
    return params


def _literal_parts(parts: tuple[Part, ...]) -> int:
    total = 0
    for part in parts:
        if isinstance(part, str):
            total += len(part)
        elif isinstance(part, Choice):
            branches = [*part.branches.values(), *part.exact.values()]
            total += min(_literal_parts(b.parts) for b in branches)
    return total


def _shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike."""
    return sum(1 for _ in takewhile(lambda pair: pair[0] == pair[1], zip(a, b, strict=False)))


@cache
def _literal(template: str) -> int:
    """Its literal text's length (a plural or select: its shortest branch's)."""
    return _literal_parts(compile_message(template).parts)


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
        pattern, names = _pattern(template)
        found = pattern.fullmatch(text)
        if found is None:
            continue
        rank = (_literal(template), _shared(key, near))
        if best is None or rank > best[:2]:
            best = (*rank, key, _read(found, names))
    return None if best is None else (best[2], best[3])


def find_key(text: str, lang: str, keys: set[str]) -> str | None:
    """The key among ``keys`` whose template renders the start of ``text`` (a refusal
    may be followed by more lines)."""
    best: tuple[int, str] | None = None
    for key in keys:
        template = catalog(lang).get(key)
        if template is None or _pattern(template)[0].search(text) is None:
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
