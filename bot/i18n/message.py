"""Catalogue messages with plural and gender: ICU MessageFormat's ``plural`` and ``select``
over the catalogue's ``{name}`` fields, with CLDR's plural rules (Babel). Pure.

A message is text with fields: ``{name}`` (a parameter as given), ``{name:key}`` (a
parameter that is a catalogue key, translated: ``bot.i18n.catalog``) and two choices:

- ``{n, plural, one {# herida} other {# heridas}}``: the branch of ``n``'s CLDR plural
  category in the message's language (Spanish: ``one``, ``many``, ``other``; English:
  ``one``, ``other``), or an exact ``=0 {ninguna}``, which wins over the category.
  ``#`` in a branch is the number. A list counts its items (``{names, plural, one
  {{names} actúa} other {{names} actúan}}``).
- ``{g, select, f {Rápida} other {Rápido}}``: the branch named by ``g``'s value
  (``gender``: ``f``, ``m`` or ``None``; a boolean names ``true`` or ``false``), else
  ``other`` (also when ``g`` is not given).

Branches hold any message text, choices included. ``other`` is required in both, and a
plural branch must name a category the language has (or ``=N``): :func:`problems`
says what is wrong, and the catalogue refuses to load a message that has a problem.

Compiling reads a text once (:func:`compile_message`, cached by text); formatting walks
the compiled parts, so a message costs a dict lookup per field and, for a count, one
cached plural rule call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache
from typing import Any

from babel import Locale

CHOICE = re.compile(r"^\s*(\w+)\s*,\s*(plural|select)\s*,(.*)$", re.DOTALL)
FIELD = re.compile(r"^(\w+)(?::key)?$")
SELECTOR = re.compile(r"\s*(=\d+|[\w-]+)\s*\{")
CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


class MessageError(ValueError):
    """A catalogue text that is not a valid message (unbalanced braces, a choice without
    ``other``, a plural category the language does not have)."""


@dataclass(frozen=True)
class Field:
    name: str


@dataclass(frozen=True)
class Count:
    """``#`` in a plural branch: the number being counted."""


@dataclass(frozen=True)
class Choice:
    name: str
    kind: str  # "plural" or "select"
    branches: Mapping[str, Message]
    exact: Mapping[int, Message] = field(default_factory=dict)  # "=0 {…}" by number


Part = str | Field | Count | Choice


@dataclass(frozen=True)
class Message:
    """A compiled message: its parts, and whether it is plain text with ``{name}`` fields
    only (formatted by ``str.format_map``, the fast path)."""

    text: str
    parts: tuple[Part, ...]
    plain: bool
    # Its text when it has no field, count or choice (a branch that is only words, such
    # as ``f {aturdida}``): shown as it is, with nothing to walk (issue 32).
    literal: str | None = None

    def format(self, params: Mapping[str, Any], lang: str, missing: Callable[[str], str]) -> str:
        return _render(self.parts, params, lang, missing, None)

    def arguments(self) -> dict[str, str]:
        """Every parameter the message reads, and how: ``"field"``, ``"plural"`` or
        ``"select"`` (a parameter read both as a field and a count is a ``"plural"``)."""
        found: dict[str, str] = {}
        _collect(self.parts, found)
        return found


def _collect(parts: tuple[Part, ...], found: dict[str, str]) -> None:
    for part in parts:
        if isinstance(part, Field):
            found.setdefault(part.name, "field")
        elif isinstance(part, Choice):
            if part.kind == "plural" or part.name not in found:
                found[part.name] = part.kind
            for branch in part.branches.values():
                _collect(branch.parts, found)


def _closing(text: str, start: int) -> int:
    """The index of the ``}`` that closes the ``{`` at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise MessageError(f"unbalanced braces: {text!r}")


def _branches(body: str, kind: str, whole: str, *, plural: bool) -> dict[str, Message]:
    """A choice's branches; ``#`` counts in a plural's, and in a select's inside one."""
    branches: dict[str, Message] = {}
    pos = 0
    while body[pos:].strip():
        m = SELECTOR.match(body, pos)
        if m is None:
            raise MessageError(f"a {kind} branch must be `selector {{text}}`: {whole!r}")
        opening = m.end() - 1
        end = _closing(body, opening)
        selector = m.group(1)
        if selector in branches:
            raise MessageError(f"branch {selector!r} given twice: {whole!r}")
        branches[selector] = _compile(body[opening + 1 : end], plural=plural or kind == "plural")
        pos = end + 1
    if "other" not in branches:
        raise MessageError(f"a {kind} needs an `other` branch: {whole!r}")
    return branches


def _compile(text: str, *, plural: bool) -> Message:
    parts: list[Part] = []
    plain = True
    literal: list[str] = []
    pos = 0

    def flush() -> None:
        if literal:
            parts.append("".join(literal))
            literal.clear()

    while pos < len(text):
        ch = text[pos]
        if ch == "}":
            raise MessageError(f"unbalanced braces: {text!r}")
        if ch == "#" and plural:
            flush()
            parts.append(Count())
            plain = False
            pos += 1
            continue
        if ch != "{":
            literal.append(ch)
            pos += 1
            continue
        end = _closing(text, pos)
        inner = text[pos + 1 : end]
        choice = CHOICE.match(inner)
        if choice:
            flush()
            name, kind, body = choice.groups()
            branches = _branches(body, kind, text, plural=plural)
            exact = {int(k[1:]): m for k, m in branches.items() if k.startswith("=")}
            parts.append(Choice(name, kind, branches, exact))
            plain = False
        elif FIELD.match(inner):
            flush()
            parts.append(Field(FIELD.match(inner).group(1)))  # type: ignore[union-attr]
        else:
            raise MessageError(f"a field is `{{name}}` or a plural/select: {{{inner}}} in {text!r}")
        pos = end + 1
    flush()
    words = [p for p in parts if isinstance(p, str)]
    literal = "".join(words) if len(words) == len(parts) else None
    return Message(text=text, parts=tuple(parts), plain=plain, literal=literal)


@cache
def compile_message(text: str) -> Message:
    """``text`` compiled (cached: the catalogue's texts are few and fixed)."""
    return _compile(text, plural=False)


# -- formatting --------------------------------------------------------------------------


@cache
def _plural_rule(lang: str) -> Callable[[Any], str]:
    return Locale.parse(lang).plural_form


@lru_cache(maxsize=1024)
def plural_category(lang: str, number: int | float | Decimal) -> str:
    """CLDR's plural category of ``number`` in ``lang`` (``one``, ``many``, ``other``)."""
    return _plural_rule(lang)(number)


class Joined(str):
    """A list shown as one text ("Goblin, Thrall") that a plural counts by its items."""

    size: int

    def __new__(cls, items: list[str] | tuple[str, ...], separator: str = ", ") -> Joined:
        joined = super().__new__(cls, separator.join(items))
        joined.size = len(items)
        return joined


def _number(value: Any) -> int | float | Decimal | None:
    if type(value) is int:  # the usual count, first
        return value
    if isinstance(value, Joined):
        return value.size
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return len(value)
    if isinstance(value, str):
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            return None
        return int(number) if number == number.to_integral_value() else number
    return None


def _plural_branch(choice: Choice, number: int | float | Decimal | None, lang: str) -> Message:
    if number is None:
        return choice.branches["other"]
    if choice.exact and number == int(number) and int(number) in choice.exact:
        return choice.exact[int(number)]
    return choice.branches.get(plural_category(lang, number)) or choice.branches["other"]


def _select_branch(choice: Choice, value: Any) -> Message:
    """The branch named by ``value`` (a boolean names ``true`` or ``false``)."""
    if type(value) is str:  # a gender, the usual value
        name = value
    elif value is None:  # none given
        name = "None"
    else:
        name = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return choice.branches.get(name) or choice.branches["other"]


def _shown_number(value: Any) -> str:
    return "" if value is None else str(value)


def _render(
    parts: tuple[Part, ...],
    params: Mapping[str, Any],
    lang: str,
    missing: Callable[[str], str],
    count: Any,
) -> str:
    out: list[str] = []
    for part in parts:
        if type(part) is str:  # by exact type, the usual parts first (issue 32)
            out.append(part)
        elif type(part) is Field:
            out.append(str(params[part.name]) if part.name in params else missing(part.name))
        elif type(part) is Count:
            out.append(_shown_number(count))
        elif part.kind == "select":  # no value: ``other`` (a gender not given)
            branch = _select_branch(part, params.get(part.name))
            out.append(
                branch.literal
                if branch.literal is not None  # only words: nothing to walk
                else _render(branch.parts, params, lang, missing, count)
            )
        elif part.name not in params:
            out.append(missing(part.name))
        else:
            number = _number(params[part.name])
            branch = _plural_branch(part, number, lang)
            out.append(
                branch.literal
                if branch.literal is not None
                else _render(branch.parts, params, lang, missing, number)
            )
    return "".join(out)


# -- checks ------------------------------------------------------------------------------


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with ``text`` as a message of ``lang``: its syntax, and plural
    branches named after a category the language does not have."""
    try:
        message = compile_message(text)
    except MessageError as error:
        return [str(error)]
    found: list[str] = []
    allowed = set(_plural_rule(lang).tags) | {"other"}
    _check(message.parts, allowed, found)
    return found


def _check(parts: tuple[Part, ...], allowed: set[str], found: list[str]) -> None:
    for part in parts:
        if not isinstance(part, Choice):
            continue
        if part.kind == "plural":
            for selector in part.branches:
                if selector not in allowed and not selector.startswith("="):
                    found.append(f"plural category {selector!r} is not one of {sorted(allowed)}")
        for branch in part.branches.values():
            _check(branch.parts, allowed, found)


def samples(message: Message) -> list[dict[str, Any]]:
    """Parameter sets that reach every branch of ``message``: each count as 0, 1, 2 and
    a million; each select by each of its branch names and by ``None``."""
    arguments = message.arguments()
    selects: dict[str, set[Any]] = {}
    _selectors(message.parts, selects)
    base: dict[str, Any] = {name: 2 if how == "plural" else "x" for name, how in arguments.items()}
    sets = [base]
    for name, how in arguments.items():
        if how == "plural":
            sets += [{**base, name: n} for n in (0, 1, 1_000_000)]
        elif how == "select":
            sets += [{**base, name: value} for value in selects.get(name, set())]
    return sets


def _selectors(parts: tuple[Part, ...], into: dict[str, set[Any]]) -> None:
    for part in parts:
        if isinstance(part, Choice):
            if part.kind == "select":
                into.setdefault(part.name, {None}).update(s for s in part.branches if s != "other")
            for branch in part.branches.values():
                _selectors(branch.parts, into)


def placeholders(text: str) -> set[str]:
    """The parameters a catalogue text reads (fields, counts and selects; ``{x:key}``
    is ``x``)."""
    return set(compile_message(re.sub(r"\{(\w+):key\}", r"{\1}", text)).arguments())


def marked(text: str) -> set[str]:
    """The parameters a catalogue text translates as keys (``{x:key}``)."""
    return set(re.findall(r"\{(\w+):key\}", text))
