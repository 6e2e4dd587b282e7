"""The coin-flip duel: the rules, pure (no Discord, no database, no text for people).

Each duellist has one sheet field, ``Vidas: N`` (lives, default 3). ``/attack target:X``
flips a coin: heads (a 1 on a d2), X loses a life; tails, nothing. A duellist with no
lives left is out and can neither attack nor be attacked. That is the whole game: one
move, one sheet field; the roster commands every system answers (``/combatant add``,
``/combatant remove``, ``/join``) are its other moves.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from bot.dice.source import DiceSource
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bounds import NAME_MAX, Problems, number, present, require_room
from bot.systems.common import CombatantCore, StateCore, raw_items
from bot.systems.examples import Examples, Named, Naming
from bot.systems.heroes import require_hero_slot
from bot.systems.lookup import find, pick_actor
from bot.systems.plain_names import admit_name
from bot.systems.plugin import Move, Options, Play, Plugin, SavedSheet
from bot.systems.sheets import SheetReading

SYSTEM = "coinduel"
DEFAULT_LIVES = 3
LIVES = re.compile(r"^\s*(?:vidas|lives)\s*:\s*(\d{1,2})\s*$", re.IGNORECASE)


class Duellist(CombatantCore):
    lives: int = DEFAULT_LIVES


LIVES_MAX = 99  # what a sheet's two digits say


class DuelState(StateCore):
    system: Literal["coinduel"] = "coinduel"
    combatants: list[Duellist] = Field(default_factory=list)


def state_problems(state: DuelState, path: str) -> Problems:
    """What an import must not bring: lives past what a sheet may say."""
    for i, c in enumerate(state.combatants):
        yield from present(number(f"{path}.combatants[{i}].lives", c.lives, 0, LIVES_MAX))


def read_sheet(text: str, name: str, state: Any | None = None) -> SheetReading[Duellist]:
    """``Vidas: N`` (or ``Lives: N``); every other line is kept as not used."""
    reading = SheetReading(sheet=Duellist(id="", name=name))
    found = False
    for line in text.splitlines():
        m = LIVES.match(line)
        if m and not found:
            reading.sheet.lives, found = int(m.group(1)), True
        else:
            reading.leave(line)
    if not found:
        reading.default("coinduel.default.lives", value=DEFAULT_LIVES)
    return reading


def _copy(state: DuelState) -> DuelState:
    return state.model_copy(deep=True)


def play(kind: str, rules: Any) -> Play[DuelState]:
    return Play(rules=rules, kind=f"{SYSTEM}.{kind}", title=f"coinduel.title.{kind}")


# -- the one move ------------------------------------------------------------------------


class FlipOptions(Options):
    target: str
    actor: str | None = None


def flip(o: FlipOptions) -> Play[DuelState]:
    def run(state: DuelState, actor: Actor, dice: DiceSource) -> Outcome:
        me = pick_actor(state.combatants, actor, o.actor)
        if not me.controlled_by(actor.user_id, is_gm=actor.is_gm):
            raise RuleError("coinduel.error.not_yours", name=me.name)
        them = find(state.combatants, o.target)
        for c in (me, them):
            if c.lives <= 0:
                raise RuleError("coinduel.error.out", name=c.name)
        new = _copy(state)
        target = next(c for c in new.combatants if c.id == them.id)
        heads = dice.roll(2) == 1
        coin = {"kind": "coin", "heads": heads}
        events = [
            Event(key="coinduel.flip", params={"name": me.name, "target": them.name}, dice=coin)
        ]
        if heads:
            target.lives -= 1
            key = "coinduel.out" if target.lives == 0 else "coinduel.hit"
            events.append(Event(key=key, params={"name": target.name, "lives": target.lives}))
        summary = Event(key="coinduel.log.flip", params={"name": me.name, "target": them.name})
        return Outcome(state=new, events=events, summary=summary)

    return play("flip", run)


# -- the roster --------------------------------------------------------------------------


def _sheet(
    statblock: str | None, character: SavedSheet | None, name: str
) -> tuple[Duellist, SheetReading[Duellist] | None]:
    """The sheet, and the reading of the stat block it was read from (none for a saved
    character: kept as its sheet)."""
    if character is not None:
        return Duellist.model_validate(character.sheet_for(SYSTEM)), None
    reading = read_sheet(statblock or "", name)
    return reading.sheet, reading


def _added(state: DuelState, sheet: Duellist, controller: int | None, count: int = 1) -> Outcome:
    """``count`` duellists in (``Ana 1``, ``Ana 2``... when more than one): room for them,
    plain names no other has, the next ids (the bounds every system keeps,
    docs/COGS.md)."""
    require_room(len(state.combatants), count)
    new = _copy(state)
    names = [sheet.name] if count == 1 else [f"{sheet.name} {i}" for i in range(1, count + 1)]
    events = []
    for wanted in names:
        name = admit_name(wanted, [c.name for c in raw_items(new.combatants)], limit=NAME_MAX)
        duellist = sheet.model_copy(
            update={"id": new.new_id(), "name": name, "controller_id": controller}
        )
        new.combatants.append(duellist)
        events.append(Event(key="coinduel.added", params={"name": name, "lives": duellist.lives}))
    summary = Event(key="log.add", params={"name": ", ".join(names)})
    return Outcome(state=new, events=events, summary=summary)


class AddOptions(Options):
    name: str
    statblock: str | None = None
    character: SavedSheet | None = None
    controller: int | None = None
    count: int = 1

    @model_validator(mode="after")
    def _count(self) -> AddOptions:
        if self.count < 1:
            raise RuleError("coinduel.error.count")
        return self


def add(o: AddOptions) -> Play[DuelState]:
    """The stat block is read here, before the lock; its reading goes with the outcome
    (the card after the add shows what it did not use)."""
    sheet, reading = _sheet(o.statblock, o.character, o.name)
    sheet = sheet.model_copy(update={"name": o.name.strip()})

    def run(state: DuelState, actor: Actor, dice: DiceSource) -> Outcome:
        if not actor.is_gm:
            raise RuleError("encounter.gm_only")
        added = _added(state, sheet, o.controller, o.count)
        return added.model_copy(update={"reading": reading})

    return play("add", run)


class JoinOptions(Options):
    character: SavedSheet


def join(o: JoinOptions) -> Play[DuelState]:
    sheet, _ = _sheet(None, o.character, o.character.name)

    def run(state: DuelState, actor: Actor, dice: DiceSource) -> Outcome:
        require_hero_slot(state, actor.user_id)
        return _added(state, sheet, actor.user_id)

    return play("join", run)


class RemoveOptions(Options):
    combatant: str


def remove(o: RemoveOptions) -> Play[DuelState]:
    def run(state: DuelState, actor: Actor, dice: DiceSource) -> Outcome:
        if not actor.is_gm:
            raise RuleError("encounter.gm_only")
        gone = find(state.combatants, o.combatant)
        new = _copy(state)
        new.combatants = [c for c in new.combatants if c.id != gone.id]
        event = Event(key="coinduel.removed", params={"name": gone.name})
        return Outcome(
            state=new, events=[event], summary=Event(key="log.remove", params={"name": gone.name})
        )

    return play("remove", run)


# What the tests that try every system type in a duel (bot.systems.examples).
EXAMPLES = Examples(
    foe="Vidas: 2",
    hero="Vidas: 3",
    sheets=("Vidas: 3\\nEspada larga",),
    refused_state={"next_id": 2, "combatants": [{"id": "c1", "name": "G", "lives": 1000}]},
    naming=Naming(
        cast=(
            '@gm /combatant add name:"Mónica Ruiz" controller:@ana statblock:"Vidas: 3"',
            '@gm /combatant add name:"Goblin Arquero" statblock:"Vidas: 3"',
            '@gm /combatant add name:"Goblin Brujo" statblock:"Vidas: 3"',
            '@gm /combatant add name:Ogro statblock:"Vidas: 3"',
        ),
        lines=(
            Named("@gm /attack target:{name} actor:Ogro"),
            Named("@gm /attack target:Ogro actor:{name}"),
            Named("@gm /combatant remove combatant:{name}"),
        ),
    ),
)

PLUGIN: Plugin[DuelState] = Plugin(
    system=SYSTEM,
    title="Coin duel",
    state=DuelState,
    read_sheet=read_sheet,
    moves=(
        Move("attack", FlipOptions, flip),
        Move("combatant:add", AddOptions, add),
        Move("combatant:remove", RemoveOptions, remove),
        Move("join", JoinOptions, join),
    ),
    renderers="tests.coinduel.render",
    locales=Path(__file__).parent / "locales",
    state_problems=state_problems,
    examples=EXAMPLES,
)
