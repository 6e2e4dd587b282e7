"""Whose turn it is in a state, worked out once for each state (issue 32).

An action asked its system whose turn it was three times: for what the encounter waits
on after it (:func:`bot.encounter.waiting.waiting_after`, through
:func:`bot.systems.pending.waited`), for the turn its reply announces and, as the next
action's "before", for the same state again (:mod:`bot.commands.turn_pings`). A state
the service shares is never changed in place (rules copy it before changing anything:
the tests check that of every action's input), so the same state object has the same
turn: :func:`turn_of` keeps the answer for as long as the state lives (weakly: it
keeps no state alive, and an answer goes with its state, before its ``id`` can be
reused). ``checked`` (the tests): every kept answer is compared with the system's.
"""

from __future__ import annotations

import dataclasses
from typing import Any
from weakref import ref

from bot.systems.plugin import Plugin, Turn

# id(state) -> (the state, weakly; its turn)
_KNOWN: dict[int, tuple[ref[Any], Turn | None]] = {}


def turn_of(plugin: Plugin[Any], state: Any, *, checked: bool = False) -> Turn | None:
    """``plugin.turn(state)``, kept for ``state`` (the module's docstring)."""
    asked = plugin.turn
    if asked is None:
        return None
    key = id(state)
    known = _KNOWN.get(key)
    if known is not None and known[0]() is state:
        if checked and known[1] != asked(state):
            raise AssertionError(f"the turn kept for a {plugin.system} state is stale")
        return known[1]
    turn = asked(state)
    try:
        kept = ref(state, lambda _, key=key: _KNOWN.pop(key, None))
    except TypeError:  # a state that cannot be referred to weakly: asked each time
        return turn
    _KNOWN[key] = (kept, turn)
    return turn


# (id(plugin), checked) -> (the plugin, the same plugin answering turns by turn_of)
_REMEMBERING: dict[tuple[int, bool], tuple[Plugin[Any], Plugin[Any]]] = {}


def remembering(plugin: Plugin[Any], *, checked: bool = False) -> Plugin[Any]:
    """``plugin`` answering whose turn it is through :func:`turn_of` (what
    :func:`bot.systems.pending.waited` is given), made once per plugin."""
    if plugin.turn is None:
        return plugin
    found = _REMEMBERING.get((id(plugin), checked))
    if found is not None and found[0] is plugin:
        return found[1]

    def turn(state: Any) -> Turn | None:
        return turn_of(plugin, state, checked=checked)

    made = dataclasses.replace(plugin, turn=turn)
    _REMEMBERING[(id(plugin), checked)] = (plugin, made)
    return made
