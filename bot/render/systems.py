"""Each game system's renderers, found through the catalogue (:mod:`bot.systems.catalogue`).

A plugin names the module that draws it (``Plugin.renderers``, e.g. ``bot.render.ds20``);
that module exposes ``RENDERERS``, a :class:`Renderers`. Nothing registers itself on
import: the board, the sheet card, the dice views and ``/encounter end`` ask here for
the channel's system's renderer, and this module imports the plugin's the first time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.systems import catalogue
from bot.systems.base import RuleError

if TYPE_CHECKING:
    from bot.render.board import Board, BoardContext
    from bot.render.sheets import Card
    from bot.systems.base import Event
    from bot.systems.encounter import Encounter

BoardRenderer = Callable[["Encounter", str, bool, "BoardContext"], "Board"]
CardRenderer = Callable[[Any, str], "Card"]  # (a combatant model or its saved dict, lang)
DiceFormatter = Callable[[dict[str, Any], str], str]  # (a roll's to_view() dict, lang)
SummaryRenderer = Callable[[Any, str], str]  # /encounter end: (its state, lang)
RollNotes = Callable[["Event", str], list[str]]  # lines above an event's roll


@dataclass(frozen=True)
class Renderers:
    """How a system is drawn: its board (``render(encounter, lang, compact, context)``,
    see :mod:`bot.render.board`), its sheet card (:mod:`bot.render.sheets`), the text of
    its dice views by ``kind`` (and ``roll_notes``: lines it prints above one of its
    rolls, from the event's params), and the lines ``/encounter end`` shows.
    ``note_ids``: the parameters of its sheet reader's notes that hold ids, and the
    catalogue prefix each id is translated with (``{"attributes": "sheet.x.attr."}``:
    ``reading.default(key, attributes=["agility"])``)."""

    board: BoardRenderer | None = None
    card: CardRenderer | None = None
    dice: Mapping[str, DiceFormatter] = field(default_factory=dict)
    summary: SummaryRenderer | None = None
    roll_notes: RollNotes | None = None
    note_ids: Mapping[str, str] = field(default_factory=dict)


NONE = Renderers()
_loaded: dict[str, Renderers] = {}
_seen_changes = -1


# A dice view's kind -> the renderers of the system that draws it (issue 32: found once,
# not by asking every system for each roll shown).
_owners: dict[str, Renderers | None] = {}


def _fresh() -> dict[str, Renderers]:
    global _seen_changes
    if _seen_changes != catalogue.changes():
        _loaded.clear()
        _owners.clear()
        _seen_changes = catalogue.changes()
    return _loaded


def renderers(system: str) -> Renderers:
    """The renderers of ``system`` (none for a system the catalogue does not know)."""
    loaded = _fresh()
    found = loaded.get(system)
    if found is None:
        try:
            module = catalogue.plugin(system).renderers
        except RuleError:
            return NONE
        found = loaded[system] = importlib.import_module(module).RENDERERS
    return found


def dice_owner(kind: str) -> Renderers | None:
    """The renderers of the system that draws dice views of ``kind``."""
    _fresh()
    if kind in _owners:
        return _owners[kind]
    owner = next((r for r in map(renderers, catalogue.systems()) if kind in r.dice), None)
    _owners[kind] = owner
    return owner


def dice_formatter(kind: str) -> DiceFormatter | None:
    """The formatter of a dice view ``kind``, whichever system draws it."""
    owner = dice_owner(kind)
    return owner.dice[kind] if owner is not None else None
