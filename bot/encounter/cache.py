"""The channels' encounters as this process holds them, and each channel's lock.

One process is meant to be the only writer of its channels (a guild's interactions reach
the process of its shard): a channel's read-modify-write runs under its lock, on the
encounter kept here, parsed once. If another process wrote meanwhile, the version check
of the next write fails, the copy is dropped and the write retried from the database
(:mod:`bot.encounter.retry`). Only the most recently used encounters are kept
(:data:`CACHE_SIZE`: memory stays flat with many live encounters; a miss costs one read
and parse).

A copy keeps the JSON of each of its combatants (:func:`encounter_json`): rules
copy the state on write, so the next save serializes only the combatants an action
touched.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from operator import is_
from typing import Any, NamedTuple, get_args, get_origin

import orjson
from pydantic import BaseModel

from bot.encounter.records import PLAIN_ONLY
from bot.storage import encounters as rows
from bot.storage.db import Reader
from bot.storage.packed import unpack
from bot.systems.common import plain_items, raw_items
from bot.systems.encounter import Encounter

CACHE_SIZE = 128  # encounters kept parsed in memory (the busiest channels)

# id(combatant) -> (combatant, its JSON); id(value) -> (value, '"name":<its JSON>') for a
# combatant's shared value (__copy_shares__: its records, gear, powers)
Fragments = dict[int, tuple[Any, str]]
# A state's list of frozen models (``__copy_lists__``: the cards) by its field's name ->
# (its items, the field's JSON): :func:`encounter_json`.
Lists = dict[str, tuple[tuple[Any, ...], str]]


class Entry(NamedTuple):
    """A channel's encounter as this process holds it."""

    encounter: Encounter
    json: str
    version: int
    fragments: Fragments
    packed: bytes | None  # the JSON as stored, when known
    encounter_id: int | None  # its stable id (issue 28, ActionRef)
    lists: Lists  # the JSON of its state's lists of frozen models (encounter_json)
    # What the GM defined in it (bot.encounter.acting.definitions), when known: counted
    # when the action that made it was applied (None: read from the database).
    defined: int | None = None


def encounter_json(
    encounter: Encounter, previous: Fragments, lists_before: Lists
) -> tuple[str, Fragments, Lists]:
    """The encounter's JSON, reusing the JSON of each combatant the action left untouched.

    Rules copy the state on write (:class:`bot.systems.common.CowList`): a combatant the
    action never reached is the very object of the state before, whose JSON is in
    ``previous``. Only the touched ones (two or three of a dozen in a turn) and the rest
    of the state are serialized. The state is then committed: its combatants become a
    plain list again (nothing in it is shared any more). Returns the JSON and the
    fragments to reuse next time, and the same for the state's lists of frozen models
    (:func:`_list_json`, ``lists_before``: those of the state before). The JSON parses
    to the same encounter as ``model_dump_json()`` (tests check it after every action);
    only the key order differs (the combatants last, and a touched combatant's records).
    """
    state = encounter.state
    fragments: Fragments = {}
    parts: list[str] = []
    for combatant in raw_items(state.combatants):
        known = previous.get(id(combatant))
        text = known[1] if known is not None and known[0] is combatant else None
        if text is None:
            text = _combatant_json(combatant, previous, fragments)
        fragments[id(combatant)] = (combatant, text)
        parts.append(text)
    state.__dict__["combatants"] = plain_items(state.combatants)
    envelope = _dump(encounter, {"state"})
    lists: Lists = {}
    rest = _rest_json(state, lists_before, lists)
    text = f'{envelope[:-1]},"state":{rest[:-1]},"combatants":[{",".join(parts)}]}}}}'
    return text, fragments, lists


def _rest_json(state: Any, previous: Lists, lists: Lists) -> str:
    """The state's JSON without its combatants, as ``model_dump_json`` writes it byte for
    byte, with the JSON of its lists of frozen models (:func:`_list_json`) reused: the
    state is written with those lists empty, and each one's ``"name":[]`` (found once
    only, so it is the state's own key, not one inside another value) replaced by the
    list's JSON. A state in which one is found twice is written whole.

    The lists are emptied in the state itself while it is written and put back at once
    (issue 32: a copy of the state with them empty, ``model_copy(update=...)``, cost
    more than the writing; nothing else runs in between, and a failure puts them back
    too)."""
    names = _frozen_lists(type(state))
    if not names:
        return _dump(state, {"combatants"})
    values = state.__dict__
    kept = [values[name] for name in names]
    try:
        for name in names:
            values[name] = []
        text = _dump(state, {"combatants"})
    finally:
        for name, value in zip(names, kept, strict=True):
            values[name] = value
    holes = []
    for name in names:
        hole = f'"{name}":[]'
        at = text.find(hole)
        if at < 0 or text.find(hole, at + 1) >= 0:
            return _dump(state, {"combatants"})
        holes.append((at, len(hole), name))
    out, start = [], 0
    for at, length, name in sorted(holes):
        out += (text[start:at], _list_json(state, name, previous, lists))
        start = at + length
    out.append(text[start:])
    return "".join(out)


def _dump(model: Any, exclude: Any = None) -> str:
    """``model.model_dump_json(exclude=exclude)``, the same bytes, from the model's
    serializer itself (issue 32: without the method's wrapper, a tenth of a small
    model's time). ``exclude`` is best a set made for the call: the serializer reads a
    frozenset at nearly twice the cost."""
    return str(model.__pydantic_serializer__.to_json(model, exclude=exclude).decode())


_FROZEN_LISTS: dict[type, tuple[str, ...]] = {}


def _frozen_lists(cls: type) -> tuple[str, ...]:
    """The fields of a state class whose JSON :func:`_list_json` makes: its
    ``__copy_lists__`` annotated as lists of frozen models (the cards). Worked out once
    per class."""
    found = _FROZEN_LISTS.get(cls)
    if found is None:
        fields = getattr(cls, "model_fields", {})
        found = _FROZEN_LISTS[cls] = tuple(
            name
            for name in getattr(cls, "__copy_lists__", ())
            if name in fields and _of_frozen_models(fields[name].annotation)
        )
    return found


def _of_frozen_models(annotation: Any) -> bool:
    """``list[M]`` where ``M`` is a frozen pydantic model (its items never change)."""
    args = get_args(annotation)
    return (
        get_origin(annotation) is list
        and len(args) == 1
        and isinstance(args[0], type)
        and issubclass(args[0], BaseModel)
        and bool(args[0].model_config.get("frozen"))
    )


def _list_json(state: Any, name: str, previous: Lists, lists: Lists) -> str:
    """``"name":<JSON>`` of a state's list of frozen models (the deck, the discard
    pile), reused when it holds the very items it held last time: rules copy it as a new
    list of the same cards (``__copy_lists__``) whether or not they change it, and a
    frozen item never changes, so the same items make the same JSON (issue 32: the
    deck and the discard pile were two thirds of the state's JSON around its
    combatants, about 10 µs an action)."""
    value = state.__dict__[name]
    known = previous.get(name)
    if (
        known is not None
        and type(value) is list
        and len(value) == len(known[0])
        and all(map(is_, value, known[0]))
    ):
        lists[name] = known
        return known[1]
    text = str(state.model_dump_json(include={name}))[1:-1]
    if type(value) is list:
        lists[name] = (tuple(value), text)
    return text


# A shared value written in its place in the combatant's JSON, not after it (a module
# constant: written in the loop, the list and the dict were made again for every name).
_EMPTY = (None, [], {})


def _combatant_json(combatant: Any, previous: Fragments, fragments: Fragments) -> str:
    """A touched combatant's JSON, reusing the JSON of each value it shares with the
    state before (``RulesModel.__copy_shares__``: records such as ``last_attack``, only
    ever replaced whole, which hold snapshots of whole combatants and are the slow part
    to serialize): only the values the action replaced are serialized."""
    shares = [
        name
        for name in getattr(type(combatant), "__copy_shares__", ())
        if combatant.__dict__.get(name) not in _EMPTY
    ]
    if not shares:
        return _dump(combatant)
    texts = []
    for name in shares:
        value = combatant.__dict__[name]
        known = previous.get(id(value)) or fragments.get(id(value))
        if known is None or known[0] is not value:
            known = (value, _field_json(combatant, name, value))
        fragments[id(value)] = known
        texts.append(known[1])
    rest = _dump(combatant, set(shares))
    return f"{rest[:-1]}{',' if len(rest) > 2 else ''}{','.join(texts)}}}"


def _field_json(combatant: Any, name: str, value: Any) -> str:
    """``"name":<value's JSON>`` for a field a touched combatant shares with no state
    before. A record (``last_attack`` and its kind: a dict of JSON values, snapshots of
    whole combatants in it) goes through orjson, a third of pydantic's time for its
    untyped values (issue 32: 26 against 10 µs for an attack's record, the largest thing
    an attack serializes); pydantic serializes the rest, and the same JSON."""
    if type(value) is dict:
        try:
            return f'"{name}":{orjson.dumps(value, option=PLAIN_ONLY).decode()}'
        except TypeError:
            pass
    return str(combatant.model_dump_json(include={name}))[1:-1]


async def read_entry(reader: Reader, channel_id: int, *, hold: bool = False) -> Entry | None:
    """The channel's encounter as stored, parsed (``hold``: its row held until the
    reader's transaction ends)."""
    stored = await rows.read(reader, channel_id, hold=hold)
    if stored is None:
        return None
    text = unpack(stored.state)
    packed = stored.state if isinstance(stored.state, bytes) else None
    encounter = Encounter.model_validate_json(text)
    return Entry(encounter, text, stored.version, {}, packed, stored.encounter_id, {})


class EncounterCache:
    """The entries of the most recently used channels, and every channel's lock."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[int, Entry] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def get(self, channel_id: int) -> Entry | None:
        entry = self._entries.get(channel_id)
        if entry is not None:
            self._entries.move_to_end(channel_id)
        return entry

    def remember(self, channel_id: int, entry: Entry) -> None:
        """Keep ``entry`` as the channel's, dropping the least recently used past the size."""
        self._entries[channel_id] = entry
        self._entries.move_to_end(channel_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, channel_id: int) -> None:
        self._entries.pop(channel_id, None)

    def forget_guilds(self, which: Callable[[int], bool]) -> int:
        """Drop the entries of every encounter of the servers ``which`` accepts; how many."""
        dropped = [c for c, entry in self._entries.items() if which(entry.encounter.guild_id)]
        for channel_id in dropped:
            del self._entries[channel_id]
        return len(dropped)
