"""The bounds on what users give the bot, shared by every system (issue 21). Pure.

A command's work is bounded by what it is given: a wound track of two billion boxes, a
Parry of 999,999 or ten thousand combatants made single commands take seconds and the
board megabytes. So every value that enters the state (a pasted sheet, ``/combatant
edit``, ``/encounter import``) is checked against a bound written here or in the
system's own ``bounds`` module (``bot.systems.<system>.bounds``), and refused with a
message that names the bound. The README's "Limits" table lists the same numbers.

Checks are generators of :class:`Problem`: the first one found is what the user is told
(:func:`first`), and a whole state can be walked without building a list of every
mistake in it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sized
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.i18n import term, written
from bot.systems.base import RuleError
from bot.systems.plain_names import markup_problem

COMBATANTS_MAX = 100
"""Combatants in one encounter (``/combatant add``, ``/join``, an import)."""
COUNT_MAX = 40
"""Combatants one ``/combatant add`` may add (its ``count``)."""
NAME_MAX = 80
"""A combatant's or a saved character's name, in characters (after
:func:`~bot.systems.plain_names.plain_name` cleans it)."""
ENCOUNTER_NAME_MAX = 100
"""An encounter's name."""
ITEM_NAME_MAX = 60
"""A weapon, power, action, item, technique or group name."""
TEXT_MAX = 200
"""Any other short text kept in a sheet (a weapon's damage, an edge, a piece of gear)."""
# A custom effect's name (/condition add, issue 18), effects per combatant, and its
# duration in rounds.
EFFECT_NAME_MAX = 40
EFFECTS_MAX = 10
EFFECT_ROUNDS_MAX = 100
LIST_MAX = 1000
"""Entries in any one list of a sheet (skills, edges, weapons, gear...): more than any
4,000-character sheet of real entries holds."""
SHEET_MAX = 4000
"""A pasted sheet or stat block, in characters (the form's and the option's limit)."""
STATE_JSON_MAX = 2 * 1024 * 1024
"""An imported encounter's state, in bytes of JSON (the log beside it is not read)."""
JSON_DEPTH_MAX = 32
"""Nesting of an imported encounter's JSON (a real state nests about 10 deep)."""
SEQ_MAX = 10**12
"""Actions applied to one encounter (``seq``): far beyond any fight, well inside SQLite's
64-bit integers."""
NEXT_ID_MAX = 1_000_000
"""The next combatant id number (``c1``, ``c2``...)."""
ROUND_MAX = 100_000
"""Rounds of one encounter."""
SERVER_DEFINITIONS_MAX = 1000
"""Definitions of the GM's (Savage Worlds powers: ``/power define``, an import) across
every encounter of one server (issue 28; each encounter keeps at most 100)."""
RECORD_NODES = 20_000
"""Values in one record a combatant keeps for a benny reroll (issue 28): an area attack
on every combatant of a full encounter records a few thousand."""
JSON_INT = (-(2**63), 2**63 - 1)
"""Any whole number kept as written (64 bits, as both databases store them)."""
DISCORD_ID_MIN = 1 << 22
DISCORD_ID_MAX = (1 << 63) - 1
"""A Discord user id (a snowflake, issue 27): its time part after Discord's epoch (an id
below 2**22 would be made at the epoch's first millisecond: ``0`` is none), within the
63 bits a database integer holds (``10**23`` is none). A controller outside this range
is refused wherever it enters: a command, a form, an import."""


# What was expected, when it is not a range or a list of values: catalogue keys, which
# the messages translate (``{expected:key}``).
EXPECT_ID = "bounds.expected.id"
EXPECT_ONCE = "bounds.expected.once"
EXPECT_TEXT = "bounds.expected.text"
EXPECT_PLAIN = "bounds.expected.plain"
EXPECT_ID_FORM = "bounds.expected.id_form"
EXPECT_BELOW_NEXT_ID = "bounds.expected.below_next_id"
EXPECT_NOT_ID = "bounds.expected.not_id"
EXPECT_UNIQUE_NAME = "bounds.expected.unique_name"
EXPECT_MUTUAL_GRAPPLE = "bounds.expected.mutual_grapple"
EXPECT_OWN_PART = "bounds.expected.own_part"
EXPECT_DICT = "bounds.expected.pydantic.dict"
EXPECT_LIST = "bounds.expected.pydantic.list"
EXPECT_BOOL = "bounds.expected.pydantic.bool"
EXPECT_ABSENT = "bounds.expected.absent"
EXPECT_SAME_ID = "bounds.expected.same_id"
EXPECT_INVOLVED = "bounds.expected.involved"
EXPECT_DISCORD_ID = "bounds.expected.discord_id"


@dataclass(frozen=True)
class Problem:
    """The first thing wrong with a value: where (``path``, as in the exported JSON),
    what was expected (a range such as ``0..30``, values, or an ``EXPECT_*`` catalogue
    key), what was found; ``label`` is the catalogue key of the field as users know it
    ("Parada"), when it is one they type."""

    path: str
    expected: str
    found: str | dict[str, Any]  # the value as text, or a phrase for a list or record
    label: str | None = None

    def error(self) -> RuleError:
        """The refusal a user gets: the field by its name when it has one (a sheet, an
        edit), else by its path (an import)."""
        if self.label is not None:
            return RuleError(
                "bounds.value", field=self.label, value=said(self.found), expected=self.expected
            )
        return RuleError(
            "bounds.at", path=self.path, value=said(self.found), expected=self.expected
        )


Problems = Iterator[Problem]


def shown(value: Any) -> str | dict[str, Any]:
    """A found value as the message quotes it (long ones cut: it is only a reminder); a
    list or a record is said by its size, in the reader's language (a phrase)."""
    if isinstance(value, list):
        return term("bounds.found.list", count=len(value))
    if isinstance(value, dict):
        return term("bounds.found.record", count=len(value))
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def said(found: str | dict[str, Any]) -> dict[str, Any]:
    """What :func:`shown` found, for a ``{value:key}`` parameter: a phrase as it is, a
    text as written (never looked up)."""
    return found if isinstance(found, dict) else written(found)


def first(problems: Iterable[Problem]) -> Problem | None:
    return next(iter(problems), None)


def require(problems: Iterable[Problem]) -> None:
    """Raise the first problem's refusal, if there is one."""
    found = first(problems)
    if found is not None:
        raise found.error()


def number(path: str, value: Any, low: int, high: int, label: str | None = None) -> Problem | None:
    """An integer within ``low..high`` (booleans are not numbers here)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        return Problem(path, f"{low}..{high}", shown(value), label)
    return None


def optional_number(
    path: str, value: Any, low: int, high: int, label: str | None = None
) -> Problem | None:
    return None if value is None else number(path, value, low, high, label)


def count(path: str, items: Sized, high: int, label: str | None = None) -> Problem | None:
    """At most ``high`` entries."""
    if len(items) > high:
        return Problem(path, f"≤ {high}", str(len(items)), label)
    return None


def text(path: str, value: Any, limit: int, label: str | None = None) -> Problem | None:
    """Plain text of at most ``limit`` characters: no markup, control or invisible
    characters (:func:`~bot.systems.plain_names.markup_problem`)."""
    if not isinstance(value, str):
        return Problem(path, EXPECT_TEXT, shown(value), label)
    if len(value) > limit:
        return Problem(path, f"≤ {limit}", f"{len(value)}", label)
    bad = markup_problem(value, quoted=False)
    if bad is not None:
        return Problem(path, EXPECT_PLAIN, bad, label)
    return None


def free_text(path: str, value: Any, limit: int, label: str | None = None) -> Problem | None:
    """Text of at most ``limit`` characters, any characters (kept as written: sheet
    notes, gear)."""
    if not isinstance(value, str):
        return Problem(path, EXPECT_TEXT, shown(value), label)
    if len(value) > limit:
        return Problem(path, f"≤ {limit}", f"{len(value)}", label)
    return None


def one_of(
    path: str, value: Any, allowed: Iterable[Any], label: str | None = None
) -> Problem | None:
    options = list(allowed)
    if value not in options:
        return Problem(path, " | ".join(str(o) for o in options), shown(value), label)
    return None


def flag(path: str, value: Any) -> Problem | None:
    """``true`` or ``false``."""
    return None if isinstance(value, bool) else Problem(path, EXPECT_BOOL, shown(value))


def is_dict(path: str, value: Any) -> Problem | None:
    return None if isinstance(value, dict) else Problem(path, EXPECT_DICT, shown(value))


def is_list(path: str, value: Any, high: int) -> Problem | None:
    """A list of at most ``high`` entries."""
    if not isinstance(value, list | tuple):
        return Problem(path, EXPECT_LIST, shown(value))
    return count(path, value, high)


def json_problems(path: str, value: Any, *, nodes: int, text_limit: int) -> Problems:
    """Any JSON kept as written (what a record keeps besides what its rules read): at
    most ``nodes`` values, :data:`JSON_DEPTH_MAX` deep, text at most ``text_limit``
    characters, numbers of 64 bits and finite. Walked without recursion; a value's path
    is written out only when it has a problem (issue 32: writing each one cost a benny
    reroll most of its check of the attack's record)."""
    low, high = JSON_INT
    stack: list[tuple[At, Any, int]] = [(path, value, 1)]
    seen = 0
    while stack:
        at, item, depth = stack.pop()
        seen += 1
        if seen > nodes:
            yield Problem(path, f"≤ {nodes}", f"> {nodes}")
            return
        if depth > JSON_DEPTH_MAX:
            yield Problem(_written(at), f"≤ {JSON_DEPTH_MAX}", str(depth))
            return
        if isinstance(item, dict):
            for key, child in item.items():
                if type(key) is not str or len(key) > text_limit:
                    yield from present(free_text(_written(at), key, text_limit))
                stack.append(((at, ".", key), child, depth + 1))
        elif isinstance(item, list | tuple):
            stack.extend(((at, "[", i), child, depth + 1) for i, child in enumerate(item))
        elif isinstance(item, str):
            if len(item) > text_limit:
                yield from present(free_text(_written(at), item, text_limit))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if not low <= item <= high:
                yield from present(number(_written(at), item, low, high))
        elif not isinstance(item, float) or not math.isfinite(item) or abs(item) > 2**63:
            yield Problem(_written(at), "bounds.expected.pydantic.other", shown(item))


# A value's path in :func:`json_problems`: the path given, or (its parent's, "." and a
# key, or "[" and an index).
At = str | tuple[Any, str, Any]


def _written(at: At) -> str:
    """``at`` as a problem names it: ``record.before.c1.name``, ``roll.results[0]``."""
    steps: list[str] = []
    while not isinstance(at, str):
        at, how, key = at
        steps.append(f".{key}" if how == "." else f"[{key}]")
    return at + "".join(reversed(steps))


_PYDANTIC_EXPECTED = {
    "missing": "missing",
    "int_type": "int", "int_parsing": "int", "int_from_float": "int",
    "bool_type": "bool", "bool_parsing": "bool",
    "string_type": "str",
    "list_type": "list", "tuple_type": "list",
    "dict_type": "dict", "model_type": "dict", "model_attributes_type": "dict",
    "literal_error": "choice", "union_tag_invalid": "choice", "enum": "choice",
}  # fmt: skip


def pydantic_expected(error: Any) -> str:
    """pydantic's error as what was expected, a catalogue key (the message translates
    it); a range pydantic states (``greater_than_equal``...) as ``≥ 0``."""
    kind, ctx = error.get("type", ""), error.get("ctx") or {}
    for bound, sign in (("ge", "≥"), ("gt", ">"), ("le", "≤"), ("lt", "<")):
        if bound in ctx:
            return f"{sign} {ctx[bound]}"
    return f"bounds.expected.pydantic.{_PYDANTIC_EXPECTED.get(kind, 'other')}"


def invalid(path: str, exc: ValidationError) -> Problem:
    """The first thing pydantic found wrong in a value read at ``path``."""
    error = exc.errors(include_url=False)[0]
    at = path
    for part in error["loc"]:
        at += f"[{part}]" if isinstance(part, int) else f".{part}"
    return Problem(at, pydantic_expected(error), shown(error.get("input")))


def present(found: Problem | None) -> Problems:
    """``yield from present(check(...))``: the problem, if any."""
    if found is not None:
        yield found


def reference(path: str, cid: Any, known: set[str]) -> Problems:
    """An id a state refers to (a turn, a grapple, a chain's author): none, or a
    combatant's (one of ``known``)."""
    if cid is not None and cid not in known:
        yield Problem(path, EXPECT_ID, shown(cid))


def id_list(path: str, ids: Iterable[str], known: set[str]) -> Problems:
    """A list of combatant ids (a turn order, a queue): each a combatant's, each once."""
    seen: set[str] = set()
    for i, cid in enumerate(ids):
        if cid not in known:
            yield Problem(f"{path}[{i}]", EXPECT_ID, shown(cid))
        if cid in seen:
            yield Problem(f"{path}[{i}]", EXPECT_ONCE, shown(cid))
        seen.add(cid)


def unique_ids(path: str, combatants: Iterable[Any], known: set[str]) -> Problems:
    """Each combatant's id once (``path`` names the list); fills ``known`` with the ids,
    for :func:`reference` and :func:`id_list`."""
    for i, c in enumerate(combatants):
        if c.id in known:
            yield Problem(f"{path}[{i}].id", EXPECT_ONCE, shown(c.id))
        known.add(c.id)


def require_sheet_length(text: str) -> None:
    """A pasted sheet of at most :data:`SHEET_MAX` characters (the option and the form
    say so to Discord's client; this holds for anything else that sends one)."""
    if len(text) > SHEET_MAX:
        raise RuleError("bounds.sheet_too_long", length=len(text), max=SHEET_MAX)


def require_room(present_count: int, adding: int) -> None:
    """Room for ``adding`` more combatants within :data:`COMBATANTS_MAX`."""
    if present_count + adding > COMBATANTS_MAX:
        raise RuleError("bounds.combatants", max=COMBATANTS_MAX, count=present_count, adding=adding)


def is_discord_id(value: Any) -> bool:
    """Whether ``value`` can be a Discord user's id (:data:`DISCORD_ID_MIN`..MAX)."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and DISCORD_ID_MIN <= value <= DISCORD_ID_MAX
    )


def discord_id(path: str, value: Any) -> Problem | None:
    """A user id a state keeps (a combatant's controller), or None for nobody."""
    if value is None or is_discord_id(value):
        return None
    return Problem(path, EXPECT_DISCORD_ID, shown(value))


def require_controller(value: int | None) -> int | None:
    """A command's or a form's controller: refused (``bounds.controller_id``) unless it
    can be a Discord user's id."""
    if value is not None and not is_discord_id(value):
        raise RuleError("bounds.controller_id", value=str(value))
    return value
