"""Dread S-20 sheets and combatants: reading the stat line (format in
:mod:`bot.systems.ds20.statline`), ``/combatant add|remove|edit`` and ``/join``.

- ``/combatant add`` with ``count`` > 1: the copies share one initiative roll (a group,
  DS-3) unless the stat line names a group; they are numbered "Goblin 1", "Goblin 2"...
- ``/join``: a saved sheet without ``Tipo: PJ`` joins on the heroes' side.
- ``/combatant edit``'s ``statblock`` holds corrections (:func:`parse_corrections`).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from pydantic import model_validator

from bot.dice.source import DiceSource
from bot.i18n import term
from bot.systems import ds20
from bot.systems.base import Actor, Event, Outcome, RuleError, chain
from bot.systems.bounds import require_room
from bot.systems.common import GENDERS
from bot.systems.ds20.moves.who import SYSTEM, Rules, find_combatant, play
from bot.systems.ds20.state import DS20State, DSCombatant
from bot.systems.ds20.statline import read_statline
from bot.systems.heroes import require_hero_slot
from bot.systems.plugin import ControllerOption, Move, Options, Play, SavedSheet, SheetOptions
from bot.systems.sheets import SheetReading
from bot.systems.words import fold, side, yes_no


def read_sheet(text: str, name: str, state: Any | None = None) -> SheetReading[DSCombatant]:
    """The stat line with the defaults applied; without a ``Nombre`` field the saved
    name is used."""
    try:
        return read_statline(text)
    except RuleError as exc:
        if exc.key != "ds20.statline.missing":
            raise
    return read_statline(f"{text}\nNombre: {name}")


def saved_sheet(character: SavedSheet) -> DSCombatant:
    """A saved character's sheet, refused when it belongs to another system."""
    return DSCombatant.model_validate(character.sheet_for(SYSTEM))


class AddOptions(SheetOptions):
    @model_validator(mode="after")
    def _one_sheet(self) -> AddOptions:
        if self.statblock and self.character:
            raise RuleError("ds20.error.statblock_or_character")
        if not self.statblock and self.character is None:
            raise RuleError("ds20.error.need_statblock")
        return self


def add_many(
    sheets: list[tuple[DSCombatant, int | None]], reading: SheetReading[Any] | None = None
) -> Rules:
    """Add each sheet in turn (``add_combatant``), one outcome for all (with ``reading``,
    the text they were read from)."""

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        require_room(len(state.combatants), len(sheets))  # issue 21: the whole batch first
        steps = [
            partial(
                ds20.add_combatant, actor=actor, sheet=sheet, controller_id=controller, dice=dice
            )
            for sheet, controller in sheets
        ]
        names = [sheet.name for sheet, _ in sheets]
        summary = Event(key="log.add_many", params={"names": names})
        return chain(state, steps, summary=summary).model_copy(update={"reading": reading})

    return run


def add(o: AddOptions) -> Play[DS20State]:
    """GM: combatants from a stat line or a saved character. The stat line is read here,
    once, before the lock; its reading goes with the outcome (the card shows its
    warnings)."""
    reading = None
    if o.character is not None:
        sheet = saved_sheet(o.character)
    else:  # the model refuses neither: there is a stat block
        reading = read_sheet(o.statblock or "", "-")
        sheet = DSCombatant.model_validate(reading.sheet.model_dump(mode="json"))
    sheet.name = o.name.strip()
    if o.side is not None:
        sheet.side = o.side
    if o.count > 1 and sheet.group is None:
        sheet.group = sheet.name  # DS-3: similar foes share one initiative roll
    copies = []
    for i in range(o.count):
        c = sheet.model_copy(deep=True)
        if o.count > 1:
            c.name = f"{sheet.name} {i + 1}"
        copies.append((c, o.controller))
    return play("add", add_many(copies, reading))


class JoinOptions(Options):
    character: SavedSheet


def join(o: JoinOptions) -> Play[DS20State]:
    """A saved Dread S-20 character joins as the caller's PC (a sheet without ``Tipo:
    PJ`` joins on the heroes' side). Joining is the player's right (the roster's
    contract), so the add runs with GM rights for this one sheet."""
    sheet = saved_sheet(o.character)
    if not sheet.is_pc:  # no "Tipo: PJ": its side defaulted to the foes'
        sheet.side = "heroes"
    sheet.is_pc = True

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        if any(c.controller_id == actor.user_id and fold(c.name) == fold(sheet.name)
               for c in state.combatants):  # fmt: skip
            raise RuleError("ds20.error.already_joined", name=sheet.name)
        require_hero_slot(state, actor.user_id)  # issue 21: one hero unless the GM allows more
        joining = Actor(user_id=actor.user_id, is_gm=True)
        return ds20.add_combatant(state, joining, sheet, controller_id=actor.user_id, dice=dice)

    return play("join", run)


class RemoveOptions(Options):
    combatant: str


def remove(o: RemoveOptions) -> Play[DS20State]:
    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        return ds20.remove_combatant(state, actor, find_combatant(state, o.combatant).id)

    return play("remove", run)


EDIT_FIELDS: dict[str, str] = {
    "heridas": "wounds", "wounds": "wounds",
    "agotamiento": "fatigue", "fatigue": "fatigue", "exhaustion": "fatigue",
    "estado": "health", "health": "health",
    "atendido": "treated", "treated": "treated",
    "suelo": "prone", "prone": "prone", "en el suelo": "prone",
    "inconsciente": "unconscious", "unconscious": "unconscious",
    "apuntar": "aim", "aim": "aim",
    "bando": "side", "side": "side",
    "grupo": "group", "group": "group",
    "balas": "ammo", "ammo": "ammo",
    "genero": "gender", "gender": "gender",
}  # fmt: skip
HEALTH_WORDS = {
    "sano": "ok", "ok": "ok", "healthy": "ok",
    "grave": "grave",
    "agonia": "agony", "agony": "agony",
    "muerto": "dead", "dead": "dead",
}  # fmt: skip


def _bad(field: str, value: str, expected: str) -> RuleError:
    """``expected``: the id of an example of what the field takes, said in the reader's
    language (``ds20.edit.example.*``)."""
    return RuleError(
        "ds20.error.edit_value",
        field=field,
        value=value,
        expected=term(f"ds20.edit.example.{expected}"),
    )


def parse_corrections(text: str) -> dict[str, Any]:
    """/combatant edit's ``statblock``: ``Campo: valor`` corrections, one per line or
    separated by ``|``: Heridas 2/1/0 (boxes filled R/HL/HG), Agotamiento 1, Estado
    sano|grave|agonía|muerto, Atendido/Suelo/Inconsciente sí|no, Apuntar N, Bando
    héroes|enemigos, Grupo name (``-`` clears it), Balas ``Pistola 7``, Género f|m (the
    English names too: Wounds, Exhaustion, Health...). A refusal lists the fields and
    gives its example in the reader's language."""
    changes: dict[str, Any] = {}
    for piece in re.split(r"[\n|]", text):
        if not piece.strip():
            continue
        raw, sep, value = piece.partition(":")
        field = EDIT_FIELDS.get(fold(raw))
        value = value.strip()
        if not sep or field is None:
            raise RuleError("ds20.error.edit_field", field=raw.strip())
        word = fold(value)
        if field == "wounds":
            m = re.fullmatch(r"(\d+)\s*/\s*(\d+)\s*/\s*(\d+)", value)
            if not m:
                raise _bad(raw.strip(), value, "wounds")
            changes["wounds"] = tuple(int(g) for g in m.groups())
        elif field in ("fatigue", "aim"):
            if not value.isdigit():
                raise _bad(raw.strip(), value, "number")
            changes[field] = int(value)
        elif field == "health":
            if word not in HEALTH_WORDS:
                raise _bad(raw.strip(), value, "health")
            changes["health"] = HEALTH_WORDS[word]
        elif field in ("treated", "prone", "unconscious"):
            answer = yes_no(value)
            if answer is None:
                raise _bad(raw.strip(), value, "yes_no")
            changes[field] = answer
        elif field == "side":
            changes["side"] = side(value) or word
        elif field == "group":
            changes["group"] = None if value in ("", "-") else value
        elif field == "gender":
            if word not in GENDERS:
                raise _bad(raw.strip(), value, "gender")
            changes["gender"] = GENDERS[word]
        else:
            m = re.fullmatch(r"(.+?)\s+(\d+)", value)
            if not m:
                raise _bad(raw.strip(), value, "ammo")
            changes["ammo"] = (m.group(1), int(m.group(2)))
    return changes


class EditOptions(ControllerOption):
    combatant: str
    statblock: str | None = None
    name: str | None = None


def edit(o: EditOptions) -> Play[DS20State]:
    changes = parse_corrections(o.statblock) if o.statblock else {}
    if o.name is not None:
        changes["name"] = o.name.strip()
    if o.controller is not None:
        changes["controller_id"] = o.controller
    if not changes:
        raise RuleError("ds20.error.nothing_to_edit")

    def run(state: DS20State, actor: Actor, dice: DiceSource) -> Outcome:
        target = find_combatant(state, o.combatant)
        return ds20.edit_combatant(state, actor, target.id, **changes)

    return play("edit", run)


MOVES = (
    Move("combatant:add", AddOptions, add),
    Move("combatant:remove", RemoveOptions, remove),
    Move("combatant:edit", EditOptions, edit),
    Move("join", JoinOptions, join),
)
