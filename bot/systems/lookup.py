"""The one name resolver, the one actor picker and the one autocomplete filter, for every
system and every command that takes a combatant. Pure.

A name typed in any option (``target``, ``actor``, ``combatant``...) is read by
:func:`find`, in this order:

1. the exact id ("c3");
2. the exact name, folded (case, accents and spaces ignored: "monica ruiz" is "Mónica
   Ruiz");
3. a group's name, when the system groups combatants into one figure (Savage Worlds'
   Extras sharing a card): its first member still able to act;
4. the start of exactly one name ("Mon" is "Mónica Ruiz"; not for what cannot be undone);
5. else an error: the candidates when several names start so (``names.ambiguous``, at
   most ten listed), or ``names.unknown_combatant``.

Each step reads the text as typed, then without the quotes around it and the punctuation
after it (:func:`bot.systems.words.readings`): ``orc.`` and ``«Orc»`` are the Orc, and
a combatant really called "Orc!" is still found by typing it so. A weapon, an action or
any other thing a combatant has by name is found the same way: :func:`first_named`; a
user's saved characters (``/character show|delete``, ``/join``) by :func:`find` too.

Who acts, when the command does not say, is :func:`pick_actor`'s answer. Autocomplete
offers what :func:`matching` keeps: the names containing what was typed, folded the same
way, so what it offers the resolver accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from bot.systems.base import Actor, RuleError
from bot.systems.common import raw_items
from bot.systems.words import fold, readings

AMBIGUOUS_SHOWN = 10  # candidates named in the ambiguous error


class Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class Controlled(Named, Protocol):
    @property
    def controller_id(self) -> int | None: ...

    def controlled_by(self, user_id: int, *, is_gm: bool) -> bool: ...


N = TypeVar("N", bound=Named)
C = TypeVar("C", bound=Controlled)
T = TypeVar("T")


def _items(combatants: Iterable[N]) -> list[N]:
    # A state's combatants may be copied on write: read them without copying.
    return list(raw_items(combatants)) if isinstance(combatants, list) else list(combatants)


def find(
    combatants: Iterable[N],
    text: str,
    *,
    group_of: Callable[[N], str | None] | None = None,
    able: Callable[[N], bool] = lambda c: True,
    unknown_key: str = "names.unknown_combatant",
    ambiguous_key: str = "names.ambiguous",
    whole: bool = False,
) -> N:
    """The combatant ``text`` names (the module's order: id, name, group, unique prefix),
    read without copying. Raises ``RuleError`` naming the candidates when ``text`` could
    be several (``ambiguous_key``), or saying nobody is called so (``unknown_key``).
    ``whole``: only a whole name (id, name or group), never the start of one, for what
    cannot be undone (deleting a saved character)."""
    items = _items(combatants)
    meant = readings(text)
    found = first_named(items, text, lambda c, wanted: c.id == wanted or fold(c.name) == wanted)
    if found is not None:
        return found
    if group_of is not None:
        for wanted in meant:
            group = [c for c in items if (g := group_of(c)) is not None and fold(g) == wanted]
            if group:
                return next((c for c in group if able(c)), group[0])
    starts: list[N] = []
    for wanted in meant if not whole else ():
        starts = [c for c in items if wanted and fold(c.name).startswith(wanted)]
        if starts:
            break
    if len(starts) == 1:
        return starts[0]
    if starts:
        names = ", ".join(c.name for c in starts[:AMBIGUOUS_SHOWN])
        raise RuleError(ambiguous_key, name=text, names=names)
    raise RuleError(unknown_key, name=text)


def pick_actor(
    combatants: Iterable[C],
    actor: Actor,
    named: str | None,
    *,
    turn: Sequence[C] = (),
    group_of: Callable[[C], str | None] | None = None,
    able: Callable[[C], bool] = lambda c: True,
    which_key: str = "names.which_actor",
) -> C:
    """Who acts: the one ``named`` (:func:`find`, with ``group_of`` and ``able``); else
    the first of ``turn`` (whose turn it is: one combatant, or the members of a group
    sharing it) that the user controls (the GM controls all); else, for a player, their
    only combatant; else ``RuleError`` (``which_key``) asking them to say who. Whether
    the user may act with the one named is the rules' to check."""
    items = _items(combatants)
    if named:
        return find(items, named, group_of=group_of, able=able)
    for c in turn:
        if c.controlled_by(actor.user_id, is_gm=actor.is_gm):
            return c
    if not actor.is_gm:
        mine = [c for c in items if c.controller_id == actor.user_id]
        if len(mine) == 1:
            return mine[0]
    raise RuleError(which_key)


def first_named(items: Iterable[T], text: str, is_named: Callable[[T, str], bool]) -> T | None:
    """The first of ``items`` that ``text`` names, trying each of its readings in turn
    (:func:`bot.systems.words.readings`: as typed, then without quotes and trailing
    punctuation): ``is_named(item, folded)`` says whether ``item`` is called so. ``None``
    when none is."""
    listed = list(items)
    for wanted in readings(text):
        for item in listed:
            if is_named(item, wanted):
                return item
    return None


def matching(names: Iterable[str], typed: str) -> list[str]:
    """The names containing ``typed`` (folded, or as the resolver also reads it: without
    quotes and trailing punctuation), in their order: what autocomplete offers."""
    needle = readings(typed)[-1]
    return [n for n in names if needle in fold(n)]
