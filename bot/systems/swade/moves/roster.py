"""Savage Worlds sheets and combatants: reading a stat block (format in
:mod:`bot.systems.swade.statblock`), ``/combatant add|remove|edit`` and ``/join``.

- ``/combatant add``: from a stat block, a saved character, or just a name; several are
  numbered, and several Extras share one card (SW-31). Without ``side``, a combatant
  with a controller is a hero, else a foe.
- ``/join``: the caller's saved character joins as a Wild Card player character they
  control (SW-1). (With a bennies session running, a player new to it gets their 3,
  SW-35: the bot's, on the ``swade.combatant.joined`` event.)
- ``/combatant edit``'s ``statblock`` holds corrections ``Field: value`` (one per line or
  separated by ``|``), not a whole new stat block (:func:`parse_corrections`).
"""

from __future__ import annotations

from typing import Any

from bot.dice.source import DiceSource
from bot.i18n import term
from bot.systems.base import Actor, Outcome, RuleError
from bot.systems.plugin import ControllerOption, Move, Options, Play, SavedSheet
from bot.systems.sheets import SheetReading
from bot.systems.swade import encounter_rules
from bot.systems.swade.moves.who import SYSTEM, find_named, table
from bot.systems.swade.statblock import GENDERS, read_statblock
from bot.systems.swade.state import SwadeCombatant, SwadeState
from bot.systems.words import fold, side, yes_no


def read_sheet(text: str, name: str, state: Any | None = None) -> SheetReading[SwadeCombatant]:
    """A stat block with what was not used; the name the character is saved under is
    its name."""
    return read_statblock(text, name=name)


class AddOptions(Options):
    name: str
    statblock: str | None = None
    character: SavedSheet | None = None
    count: int = 1
    wildcard: bool | None = None
    side: str | None = None
    controller: int | None = None


def add(o: AddOptions) -> Play[SwadeState]:
    """GM: combatants from a stat block, a saved character, or just a name (refused with
    both a stat block and a character). The stat block is read here, once, before the
    lock; its reading goes with the outcome (the card shows its warnings)."""
    if o.statblock is not None and o.character is not None:
        raise RuleError("swade.combatant.statblock_or_sheet")
    name = o.name.strip()
    reading = read_statblock(o.statblock, name=name) if o.statblock is not None else None
    if reading is not None:
        sheet: Any = reading.sheet
    else:
        sheet = o.character.sheet_for(SYSTEM) if o.character is not None else None
    if o.side is None:
        on_side = "heroes" if o.controller is not None else "foes"
    else:
        on_side = side(o.side) or o.side

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        added = encounter_rules.add_combatants(
            state, actor, name=name, sheet=sheet, count=o.count, wild_card=o.wildcard,
            side=on_side, controller_id=o.controller,  # type: ignore[arg-type]
        )  # fmt: skip
        return added.model_copy(update={"reading": reading})

    return table("add", run)


class JoinOptions(Options):
    character: SavedSheet


def join(o: JoinOptions) -> Play[SwadeState]:
    """SW-1: a player's saved character joins as a Wild Card PC they control."""
    sheet = o.character.sheet_for(SYSTEM)

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.join(state, actor, sheet=sheet, name=o.character.name)

    return table("join", run)


class RemoveOptions(Options):
    combatant: str


def remove(o: RemoveOptions) -> Play[SwadeState]:
    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        return encounter_rules.remove_combatant(state, actor, find_named(state, o.combatant).id)

    return table("remove", run)


EDIT_FIELDS: dict[str, str] = {
    "heridas": "wounds", "wounds": "wounds",
    "heridas max": "max_wounds", "max wounds": "max_wounds",
    "fatiga": "fatigue", "fatigue": "fatigue",
    "benis": "bennies", "bennies": "bennies",
    "paso": "pace", "pace": "pace",
    "parada": "parry", "parry": "parry",
    "dureza": "toughness", "toughness": "toughness",
    "armadura": "armor", "armor": "armor", "armour": "armor",
    "tamano": "size", "size": "size",
    "pp": "power_points", "puntos de poder": "power_points", "power points": "power_points",
    "pp max": "max_power_points", "max pp": "max_power_points",
    "bando": "side", "side": "side",
    "comodin": "wild_card", "wild card": "wild_card", "wc": "wild_card",
    "grupo": "group", "group": "group",
    "genero": "gender", "gender": "gender",
}  # fmt: skip


def _bad(field: str, value: str, expected: str) -> RuleError:
    return RuleError("swade.error.edit_value", field=field, value=value, expected=expected)


def parse_corrections(text: str) -> dict[str, Any]:
    """``/combatant edit``'s ``statblock``: ``Field: value`` corrections, one per line or
    separated by ``|``: Heridas, Heridas máx, Fatiga, Benis, Paso, Parada, Dureza,
    Armadura, Tamaño, PP, PP máx (numbers), Bando (héroes, enemigos, neutral), Comodín
    (sí/no), Grupo (``-`` clears it), Género (f/m: Spanish agreement, issue 18)."""
    changes: dict[str, Any] = {}
    for piece in text.replace("|", "\n").splitlines():
        if not piece.strip():
            continue
        raw, sep, value = piece.partition(":")
        field = EDIT_FIELDS.get(fold(raw).replace(".", ""))
        value = value.strip()
        if not sep or field is None:
            raise RuleError("swade.error.edit_field", field=raw.strip())
        if field == "side":
            named = side(value)
            if named is None:
                raise RuleError("swade.combatant.bad_side", side=value)
            changes[field] = named
        elif field == "wild_card":
            answer = yes_no(value)
            if answer is None:
                raise _bad(raw.strip(), value, term("swade.edit.example.yes_no"))
            changes[field] = answer
        elif field == "group":
            changes[field] = None if value in ("", "-") else value
        elif field == "gender":  # issue 18: Spanish agreement
            if fold(value) not in GENDERS:
                raise _bad(raw.strip(), value, "f | m")
            changes[field] = GENDERS[fold(value)]
        else:
            if not value.isdigit():
                raise _bad(raw.strip(), value, "2")
            changes[field] = int(value)
    return changes


class EditOptions(ControllerOption):
    combatant: str
    statblock: str | None = None
    name: str | None = None


def edit(o: EditOptions) -> Play[SwadeState]:
    """The GM corrects it (issue 21: not its player, as in the other systems:
    :func:`~bot.systems.swade.encounter_rules.edit_combatant`); a controller makes it a
    player character."""
    changes = parse_corrections(o.statblock) if o.statblock else {}
    if o.name is not None:
        changes["name"] = o.name.strip()
    if o.controller is not None:
        changes["controller_id"] = o.controller
        changes["is_pc"] = True
    if not changes:
        raise RuleError("swade.error.nothing_to_edit")

    def run(state: SwadeState, actor: Actor, dice: DiceSource) -> Outcome:
        target = find_named(state, o.combatant)
        return encounter_rules.edit_combatant(state, actor, target.id, changes)

    return table("edit", run)


MOVES = (
    Move("combatant:add", AddOptions, add),
    Move("combatant:remove", RemoveOptions, remove),
    Move("combatant:edit", EditOptions, edit),
    Move("join", JoinOptions, join),
)
