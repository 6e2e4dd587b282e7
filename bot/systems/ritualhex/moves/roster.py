"""Ritual Hex sheets and combatants: reading a sheet (format in
:mod:`bot.systems.ritualhex.sheet`), ``/combatant add|remove`` and ``/join``.

- A sheet is a hero's, or a minion's when it lists its own parts or limbs. Its actions
  resolve to the encounter's GM-defined ones too (``state.library``), so a sheet is read
  again inside the rules call, with the library as it is then.
- A saved character is kept as its parsed sheet and its text; adding it reads the text
  again for the side chosen (heroes or minions). Without ``side``: heroes when a
  controller is given, else minions. ``count`` > 1 numbers the copies.
- ``/join``: a saved character joins as the caller's hero (``add_combatant`` lets a
  player add a hero for themself).
- ``/combatant edit``: the GM renames a combatant or gives it to a player
  (:mod:`bot.systems.ritualhex.edit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Literal

from pydantic import model_validator

from bot.dice.source import DiceSource
from bot.systems import ritualhex as rh
from bot.systems.base import Actor, Event, Outcome, RuleError, chain
from bot.systems.bounds import require_room
from bot.systems.heroes import require_hero_slot
from bot.systems.plugin import Move, Options, Play, SavedSheet, SheetOptions
from bot.systems.ritualhex.edit import edit_combatant
from bot.systems.ritualhex.moves.who import SYSTEM, Rules, find_combatant, play
from bot.systems.ritualhex.sheet import read_sheet as read_rh_sheet
from bot.systems.ritualhex.state import ActionDef, RHCombatant, RitualHexState
from bot.systems.sheets import SheetReading

Kind = Literal["hero", "minion"]
SIDES: dict[str, Kind] = {"heroes": "hero", "foes": "minion"}


def _read(
    text: str, name: str, kind: Kind, library: Sequence[ActionDef] = ()
) -> SheetReading[RHCombatant]:
    """``read_sheet``; without a ``nombre`` line the given name is used."""
    try:
        return read_rh_sheet(text, kind=kind, library=library)
    except RuleError as exc:
        if exc.key != "ritualhex.sheet.missing_name":
            raise
    return read_rh_sheet(f"nombre: {name}\n{text}", kind=kind, library=library)


def read_sheet(text: str, name: str, state: Any | None = None) -> SheetReading[RHCombatant]:
    """The sheet with the defaults applied: a hero's, or a minion's when it lists its own
    parts or limbs. Actions resolve to the encounter's GM-defined ones too."""
    library = state.library if isinstance(state, RitualHexState) else ()
    try:
        return _read(text, name, "hero", library)
    except RuleError as exc:
        if exc.key != "ritualhex.sheet.hero_parts_fixed":
            raise
    return _read(text, name, "minion", library)


def source(statblock: str | None, character: SavedSheet | None) -> str:
    """The text to read: the stat block or the saved character's (refused when it is
    another system's)."""
    if statblock and character:
        raise RuleError("ritualhex.error.statblock_or_character")
    if character is not None:
        character.sheet_for(SYSTEM)
        return character.source
    if statblock:
        return statblock
    raise RuleError("ritualhex.error.need_sheet")


class AddOptions(SheetOptions):
    @model_validator(mode="after")
    def _readable(self) -> AddOptions:
        source(self.statblock, self.character)
        if self.side is not None and self.side not in SIDES:
            raise RuleError("ritualhex.error.side", side=self.side)
        return self

    @property
    def kind(self) -> Kind:
        if self.side is None:
            return "hero" if self.controller is not None else "minion"
        return SIDES[self.side]


def add_many(text: str, name: str, kind: Kind, count: int, controller: int | None) -> Rules:
    """Read the sheet with the encounter's GM-defined actions and add ``count`` copies
    (numbered when more than one), one outcome for all."""

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        require_room(len(state.combatants), count)  # issue 21: the whole batch first
        reading = _read(text, name, kind, state.library)
        sheet = reading.sheet
        sheet.name = name
        copies = []
        for i in range(count):
            c = sheet.model_copy(deep=True)
            if count > 1:
                c.name = f"{name} {i + 1}"
            copies.append(c)
        steps = [
            partial(rh.add_combatant, actor=actor, combatant=c, controller_id=controller)
            for c in copies
        ]
        summary = Event(key="log.add_count", params={"name": name, "count": count})
        return chain(state, steps, summary=summary).model_copy(update={"reading": reading})

    return run


def add(o: AddOptions) -> Play[RitualHexState]:
    """GM: heroes or minions from a sheet or a saved character."""
    text = source(o.statblock, o.character)
    return play("add", add_many(text, o.name.strip(), o.kind, o.count, o.controller))


class JoinOptions(Options):
    character: SavedSheet


def join(o: JoinOptions) -> Play[RitualHexState]:
    text, name = source(None, o.character), o.character.name

    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        reading = _read(text, name, "hero", state.library)
        added = rh.add_combatant(state, actor, reading.sheet, controller_id=actor.user_id)
        require_hero_slot(state, actor.user_id)  # issue 21: one hero unless the GM allows more
        return added.model_copy(update={"reading": reading})

    return play("join", run)


class RemoveOptions(Options):
    combatant: str


def remove(o: RemoveOptions) -> Play[RitualHexState]:
    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        return rh.remove_combatant(state, actor, combatant_id=find_combatant(state, o.combatant).id)

    return play("remove", run)


class EditOptions(Options):
    """``/combatant edit`` in Ritual Hex: a new name, a new controller (not the sheet:
    :mod:`bot.systems.ritualhex.edit`; ``statblock`` is read only to say what to do
    instead)."""

    combatant: str
    name: str | None = None
    controller: int | None = None
    statblock: str | None = None

    @model_validator(mode="after")
    def _something(self) -> EditOptions:
        if self.statblock is not None:
            raise RuleError("ritualhex.error.edit_statblock")
        if self.name is None and self.controller is None:
            raise RuleError("ritualhex.error.nothing_to_edit")
        return self


def edit(o: EditOptions) -> Play[RitualHexState]:
    def run(state: RitualHexState, actor: Actor, dice: DiceSource) -> Outcome:
        target = find_combatant(state, o.combatant)
        return edit_combatant(
            state, actor, combatant_id=target.id, name=o.name, controller_id=o.controller
        )

    return play("edit", run)


MOVES = (
    Move("combatant:add", AddOptions, add),
    Move("combatant:edit", EditOptions, edit),
    Move("combatant:remove", RemoveOptions, remove),
    Move("join", JoinOptions, join),
)
