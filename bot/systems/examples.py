"""What a system shows the tests and benchmarks that try every system: sample sheets and
command lines (issue 33). Pure data, no rules.

The tests that run every system iterate the catalogue and type what its plugin's
:class:`Examples` say: the one name resolver's test (``tests/table/test_names.py``), the
hostile tests (``tests/hostile/``: bounds, permissions, authority, the sweep, imports),
the fuzz (``bench/hostile.py``, ``tests/hostile/test_fuzz.py``) and the benchmarks. A
system listed in the catalogue with its examples is tried by all of them with no edit
outside its own files. (``/help`` shows a system's game words in its examples from
here too: :attr:`Examples.words`.)

Everything is written as a user types it in Discord, in Spanish: a sheet on one line,
its line breaks as ``\\n`` (the commands read them so); a command line as the offline
table reads it (``@user /command option:value``, ``bot/play/lines.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Named:
    """A command that takes a combatant, ``{name}`` where the name goes. The names test
    types every way of naming Mónica Ruiz there (her name, ``c1``, unaccented, a prefix),
    a prefix two names share and a name nobody has, and checks each answer."""

    line: str
    before: tuple[str, ...] = ()  # lines typed first (every action they made is undone after)
    dice: tuple[int, ...] = ()  # the dice those lines and the command roll, forced
    shows: str = ""  # what the answer says for Mónica when not her name ("@ana": her player)
    group_shows: str = ""  # the same for the group's name


@dataclass(frozen=True)
class Naming:
    """The names test's table. ``cast``, typed after ``/encounter start``, brings in
    Mónica Ruiz (``c1``, controlled by ``@ana``), Goblin Arquero, Goblin Brujo and an
    Ogro (and whatever the fight needs for ``lines``); ``lines`` are every command of the
    system that takes a combatant (a test fails when one is missing)."""

    cast: tuple[str, ...]
    lines: tuple[Named, ...]
    group: str | None = None  # a group of Extras whose name is no combatant's (SW-31)
    # commands the system answers that are not its moves (the bennies ledger's)
    own: tuple[str, ...] = ()


@dataclass(frozen=True)
class Examples:
    """A system's sample sheets and command lines (the module's docstring).

    - ``foe``: a foe's stat block (``/combatant add statblock:``), ``add`` what else
      that command needs for a foe (``side:foes``);
    - ``hero``: a player character's sheet (``/character save``, then ``/join``);
    - ``fight``: the GM's lines that start the fight once the combatants are in;
    - ``sheets``: more sheets, together using every field the reader reads (the fuzz
      puts numbers at and past their bounds in place of theirs);
    - ``corrections``: pieces of ``/combatant edit statblock:`` (``Heridas: 1``;
      ``{name}`` where a name goes), the fuzz joins some with `` | ``;
    - ``hostile``: its own commands for the fuzz, typed with ``{n}`` where a number goes,
      ``{name}`` a name, ``{who}`` a combatant's name, ``{int}`` an integer option,
      ``{id}`` a Discord id;
    - ``past_bound``: a saved character changed behind the bot's back: a field of its
      saved sheet (or, when the sheet has no such field, a piece of its text) and the
      value past its bound put there, and the bound the refusal of ``/join`` names;
    - ``refused_state``: state fields ``/encounter import`` refuses (a reference to a
      combatant nobody is, a card no deck has);
    - ``naming``: the names test's table (:class:`Naming`);
    - ``words``: words of its game the examples of ``/help`` use (``reaction:Block``), by
      their catalogue key, shown in the reader's language.
    """

    foe: str
    hero: str
    add: str = ""
    fight: tuple[str, ...] = ()
    sheets: tuple[str, ...] = ()
    corrections: tuple[str, ...] = ()
    hostile: tuple[str, ...] = ()
    past_bound: tuple[str, Any, str] | None = None
    refused_state: Mapping[str, Any] = field(default_factory=dict)
    naming: Naming | None = None
    words: Mapping[str, str] = field(default_factory=dict)
