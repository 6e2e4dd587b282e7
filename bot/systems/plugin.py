"""What a game system is to the rest of the bot: a typed plugin. Pure.

A :class:`Plugin` names its state model, its sheet reader, its *moves* and its
autocomplete suggestions, and the module of its renderers. The catalogue
(:mod:`bot.systems.catalogue`) is the one place plugins are listed; the shared commands
(``cogs/``) only declare options and hand them to the channel's system's move
(``bot/commands/dispatch.py``).

A :class:`Move` answers one command for one system:

- ``options``: a pydantic model of exactly the options this system takes for the
  command (``extra="forbid"``: an option it does not take is refused, naming it), its
  fields named as the command's options; validators turn text into typed values (a body
  part, flags, an action) and raise ``RuleError`` for what they cannot read;
- ``play``: a pure function from those options to a :class:`Play`: the rules call
  ``(state, actor, dice) -> Outcome`` that runs under the channel's lock (so who acts
  and every name are looked up inside it, on the state it is given), with the log kind
  and the reply's title.

A move whose command depends on where the fight stands (Ritual Hex's ``/next`` starts
the round, ends a Multi-ataque or only says whose opportunity it is) plays a
:class:`Look`: ``choose(state, actor)`` reads the channel's state and returns the
:class:`Play` to run, or a :class:`Notice` to show without changing anything.

Commands are named ``"attack"``, ``"react:dodge"``, ``"combatant:add"`` (a subcommand
after a colon); a button under a result is ``"offer:<action>"`` (its options are the
offer's ``data`` plus ``combatant_id``), a board button ``"board:<action>"``. Every
system provides :data:`CORE_MOVES`; :func:`problems` is the check run on every plugin
when the catalogue loads it and by the conformance test.

Two rarer shapes of a move's answer: a :class:`Show` only shows the encounter (nothing
saved, a private reply: ``/encounter settings`` without a setting), and a :class:`Play`
with a :class:`Cost` is paid for outside the encounter's state before its rules run
(Savage Worlds' bennies, SW-35).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from bot.dice.expr import Rounding
from bot.dice.source import DiceSource
from bot.i18n import OptionNames
from bot.systems.base import Actor, Event, Outcome, RuleError
from bot.systems.bennies import BennyRules
from bot.systems.bounds import Problems, require_controller
from bot.systems.common import StateCore
from bot.systems.examples import Examples
from bot.systems.pending import PendingOf

if TYPE_CHECKING:
    from bot.systems.sheets import SheetReading

S = TypeVar("S", bound=BaseModel)
Opt = TypeVar("Opt", bound="Options")

# What every system must answer: a fight needs combatants and a way to hit them.
CORE_MOVES: tuple[str, ...] = ("attack", "combatant:add", "combatant:remove", "join")
# Commands that reach a move not typed by a user: their options come from elsewhere.
NOT_TYPED = ("offer:", "board:")

Rules = Callable[[S, Actor, DiceSource], Outcome]


@dataclass(frozen=True)
class Turn:
    """Whose turn it is (issue 18, turn pings): ``now`` the combatants whose turn is in
    progress, ``on_deck`` those whose turn comes next when the system knows it (ids), and
    ``mark`` what makes this turn a new one (a round and a position): a turn starts when
    the mark after an action differs from the mark before it. ``name`` and
    ``deck_name``: what the board calls them when that is not their names listed (a
    group of Extras, SW-31)."""

    now: tuple[str, ...]
    on_deck: tuple[str, ...] = ()
    mark: tuple[object, ...] = ()
    name: str = ""
    deck_name: str = ""


TurnOf = Callable[[S], "Turn | None"]


class Options(BaseModel):
    """A move's options. Only the options given arrive (``None`` is never passed): a
    field's default is what the command means without it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class NoOptions(Options):
    """A move that takes nothing (``/next``, a board button)."""


class SavedSheet(BaseModel):
    """A saved character as a move receives it (``/join``, ``/combatant add
    character:``): its name, system, parsed sheet and the text it was read from."""

    model_config = ConfigDict(frozen=True)

    name: str
    system: str
    sheet: dict[str, Any]
    source: str = ""

    def sheet_for(self, system: str) -> dict[str, Any]:
        """Its sheet, for an encounter of ``system``; a character of another system is
        refused (``character.wrong_system``)."""
        if self.system != system:
            raise RuleError(
                "character.wrong_system",
                name=self.name,
                system=f"system.{self.system}",
                encounter_system=f"system.{system}",
            )
        return self.sheet


class ControllerOption(Options):
    """A command's ``controller`` (a user id), refused outside Discord's id range
    (issue 27, :func:`bot.systems.bounds.require_controller`)."""

    controller: int | None = None

    @field_validator("controller")
    @classmethod
    def _controller(cls, value: int | None) -> int | None:
        return require_controller(value)


class SheetOptions(ControllerOption):
    """``/combatant add`` as a system that reads a sheet takes it: the name, a stat block
    or a saved character, how many, the side and the controller (a user id). A system
    subclasses it to check them (one sheet, not both; the sides it has)."""

    name: str
    statblock: str | None = None
    character: SavedSheet | None = None
    count: int = 1
    side: str | None = None


@dataclass(frozen=True)
class Cost:
    """What a move costs outside the encounter's state, charged by the bot before its
    rules run, as one action with them (Savage Worlds: a benny, SW-35; the bot's payer
    for ``currency`` is in ``bot/commands/dispatch.py``). ``payer(state, actor)`` names
    the combatant who pays (its pool is the system's to say), read on the state before
    the action; ``use`` is what it pays for, ``note`` the player's words for the
    history. The payer (and so the pool) is chosen on the encounter as the command found
    it; the spend is written in the action's own transaction (the bennies service,
    ``bot/bennies/service.py``), so when the rules refuse nothing is spent."""

    currency: str
    payer: Callable[[Any, Actor], Any]
    use: str
    note: str | None = None


@dataclass(frozen=True)
class Play(Generic[S]):
    """One move, ready to run: the rules call, the log's ``kind`` and the reply title's
    i18n key; ``cost`` when the move is paid for (:class:`Cost`)."""

    rules: Rules[S]
    kind: str
    title: str
    undoable: bool = True
    cost: Cost | None = None


@dataclass(frozen=True)
class Show(Generic[S]):
    """A move that only shows the encounter: ``lines(state)`` are events, rendered in
    the reader's language under ``title`` in a private reply. Nothing is saved or
    logged and no die is rolled (``/encounter settings`` without a setting)."""

    lines: Callable[[S], list[Event]]
    title: str


@dataclass(frozen=True)
class Notice:
    """What a move says without changing anything: a title's i18n key and events shown
    to the user who asked (not logged, not undoable; the buttons under the last result
    stay valid and are posted again)."""

    title: str
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Look(Generic[S]):
    """A move that reads the channel's state before it acts: ``choose(state, actor)``
    returns the :class:`Play` to run (its rules call still runs under the lock, on the
    state then, and checks it again) or a :class:`Notice`. The state is only read."""

    choose: Callable[[S, Actor], Play[S] | Notice]


@dataclass(frozen=True)
class Move(Generic[S, Opt]):
    """The system's answer to ``command``: its options model and a pure ``play``."""

    command: str
    options: type[Opt]
    play: Callable[[Opt], Play[S] | Look[S] | Show[S]]

    @property
    def typed(self) -> bool:
        """Whether a user types it (a slash command), not a button."""
        return not self.command.startswith(NOT_TYPED)

    def read(self, given: Mapping[str, Any], system: str) -> Opt:
        """The options given (``None`` values are not given), validated. An option this
        system does not take is refused naming it (``command.option_not_in_system``),
        before any value is read; a value a validator cannot read raises its own
        ``RuleError``; any other bad value ``error.bad_value``."""
        present = {k: v for k, v in given.items() if v is not None}
        for name in present:
            if name not in self.options.model_fields:
                raise RuleError(  # the option as the reader's Discord names it
                    "command.option_not_in_system",
                    option=OptionNames([name]),
                    system=f"system.{system}",
                )
        try:
            return self.options.model_validate(present)
        except ValidationError as exc:
            error = exc.errors()[0]
            raise RuleError("error.bad_value", value=str(error.get("input"))) from None


@dataclass(frozen=True)
class Asker:
    """Who asks for autocomplete suggestions: the user, whether they are the encounter's
    GM, the ``actor`` option typed so far, and their language; the command being typed
    (``"act"``, ``"react:with"``), the option being typed (``"called"``) and the other
    text options typed so far (``{"target": "Goblin"}``)."""

    user_id: int
    is_gm: bool
    actor: str | None
    lang: str
    command: str = ""
    option: str = ""
    options: Mapping[str, str] = field(default_factory=dict)


Suggestion = tuple[str, str]  # (label shown, value sent)
Suggest = Callable[[S, Asker, str], list[Suggestion]]


class SheetReader(Protocol):
    def __call__(self, text: str, name: str, state: Any | None = None, /) -> SheetReading[Any]:
        """The sheet read from ``text`` (``name`` when the text names none), with what
        was not used and the defaults applied; ``state`` is the channel's encounter
        state when there is one. Refuses bad text with ``RuleError`` naming the line."""
        ...


StateProblems = Callable[[S, str], Problems]


@dataclass(frozen=True)
class Plugin(Generic[S]):
    """A game system: the one door through which the bot asks anything of it.
    ``renderers`` is the dotted name of the module whose ``RENDERERS``
    (:class:`bot.render.systems.Renderers`) draw it: the render layer imports it through
    the catalogue (this package never imports rendering). ``locales`` is a directory of
    ``<lang>/*.json`` texts for a plugin that lives outside ``bot/`` (a system's own
    texts are in ``bot/i18n/locales``).

    ``state`` is a :class:`~bot.systems.common.StateCore` (``system``, ``combatants``,
    ``next_id``: ids come from :meth:`~bot.systems.common.StateCore.new_id` alone).
    ``state_problems(state, path)`` yields what the integrity gate must refuse in the
    state beyond what every state is checked for (:mod:`bot.systems.integrity`: the ids,
    names and controllers of its combatants): every value within its bound, every id it
    holds a combatant's (issue 21). ``rounding`` is how ``/`` rounds in the system's
    channel (``/roll``; RH-1: Ritual Hex rounds up). ``examples`` are its sample sheets
    and command lines, which the tests and benchmarks that try every system type
    (:mod:`bot.systems.examples`)."""

    system: str
    title: str  # its name in English, the text of its choice in /encounter start
    state: type[S]
    read_sheet: SheetReader
    moves: tuple[Move[S, Any], ...] = ()
    suggest: Mapping[str, Suggest[S]] = field(default_factory=dict)
    renderers: str = ""
    locales: Path | None = None
    turn: TurnOf[S] | None = None  # whose turn it is; None: the system has no turns
    # What the table waits on besides the turn (issue 27, :mod:`bot.systems.pending`):
    # the decisions pending in a state, given the buttons its last action offered.
    pending: PendingOf | None = None
    # A shared command this system does not answer -> the one of its own that does that
    # job, named when the other is refused ("initiative:roll" -> "deal"; issue 18).
    instead: Mapping[str, str] = field(default_factory=dict)
    # Issue 28: how many definitions of the GM's its state keeps (Savage Worlds' powers),
    # counted against the server's bound (``bounds.SERVER_DEFINITIONS_MAX``); None: none.
    definitions: Callable[[S], int] | None = None
    state_problems: StateProblems[S] | None = None
    rounding: Rounding = "floor"
    examples: Examples | None = None
    # How its combatants spend bennies (Savage Worlds, SW-35: bot.systems.bennies); None:
    # a system without them, for which the bennies ledger reads and writes nothing.
    bennies: BennyRules | None = None
    # Issue 27: its events whose ``target`` is the one who rolled (a soak: the one hit
    # rolls), so a hidden target's roll is masked (bot.systems.masking).
    target_rolls: frozenset[str] = frozenset()

    by_command: dict[str, Move[S, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_command", {m.command: m for m in self.moves})

    def move(self, command: str) -> Move[S, Any] | None:
        """The move answering ``command``, if this system has one."""
        return self.by_command.get(command)

    def count_definitions(self, state: S) -> int:
        """:attr:`definitions` of ``state`` (0 for a system without any)."""
        return self.definitions(state) if self.definitions is not None else 0

    def problems_of(self, state: S, path: str = "state") -> Problems:
        """What :attr:`state_problems` finds in ``state`` (nothing for a system without
        checks of its own)."""
        if self.state_problems is not None:
            yield from self.state_problems(state, path)


def problems(plugin: Plugin[Any]) -> list[str]:
    """What keeps ``plugin`` from working, in words for its developer: a core move
    missing, a command answered twice, no renderers, a state that is no
    :class:`~bot.systems.common.StateCore` or whose ``system`` is not the plugin's, no
    examples. Empty when it is whole."""
    found: list[str] = []
    if not issubclass(plugin.state, StateCore):
        found.append(f"{plugin.system}: its state must be a StateCore (bot.systems.common)")
    default = plugin.state.model_fields.get("system")
    if default is None or default.default != plugin.system:
        found.append(f"{plugin.system}: its state's `system` field must default to it")
    seen: set[str] = set()
    for move in plugin.moves:
        if move.command in seen:
            found.append(f"{plugin.system}: {move.command!r} is answered twice")
        seen.add(move.command)
        if not issubclass(move.options, Options):
            found.append(f"{plugin.system}: {move.command!r} options are not an Options model")
    for command in CORE_MOVES:
        if command not in seen:
            found.append(f"{plugin.system}: no move for the core command {command!r}")
    if not plugin.renderers:
        found.append(f"{plugin.system}: no renderers module")
    if plugin.examples is None:
        found.append(f"{plugin.system}: no examples (bot.systems.examples)")
    return found
