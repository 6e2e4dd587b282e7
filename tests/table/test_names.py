"""One name resolver (issue 22): the same names, typed in every command that takes a
combatant, get the same answer from each: an exact name, the id, the name without its
accent or case, the start of one name, any of them with quotes around it or a full stop
after it, all find Mónica Ruiz; a start shared by two names is refused listing both; a
name nobody has is refused; where a system groups Extras into one figure (Savage Worlds,
SW-31), the group's name finds its first member.
Autocomplete offers what the resolver accepts.

Parametrized by system, the tests' coin duel too: each system's examples list its
setup and its commands that take a combatant (``Examples.naming``: ``{name}`` where the
name goes); a test checks that every option offering combatant names (autocomplete) of
every command the system answers is in its list. Every command runs on the same table;
what it changed is undone before the next."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from discord import app_commands

from bot.commands.autocomplete import combatant_autocomplete
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.examples import Named, Naming
from tests.every_system import every_system, examples, plugins

# As people type it too: a full stop after it, quotes around a start and a comma after.
FOUND = [
    '"Mónica Ruiz"',
    "c1",
    '"monica ruiz"',
    '"MÓNICA  RUIZ"',
    "Món",
    "mon",
    '"Mónica Ruiz."',
    "«Món»,",
]
AMBIGUOUS = '«Goblin» puede ser varios combatientes: Goblin Arquero, Goblin Brujo. Escribe el nombre completo, o elígelo de la lista de la opción (p. ej. `objetivo:"Goblin 2"`).'
UNKNOWN = "No hay ningún combatiente «Nadie». Elige uno de la lista que ofrece la opción, o míralos todos con `/encuentro mostrar`."


def naming(system: str) -> Naming:
    found = examples(system).naming
    assert found is not None, f"{system}: its examples have no names table (Examples.naming)"
    return found


def setup(system: str) -> list[str]:
    return [f"@gm /encounter start system:{system}", *naming(system).cast]


def answer(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in messages if m.kind in ("reply", "followup"))


async def undo_rows(table: OfflineTable) -> int:
    """The newest undo snapshot's id (0 with none)."""
    row = await table.bot.db.fetchone(
        "SELECT COALESCE(MAX(id), 0) AS n FROM encounter_undo WHERE channel_id = ?",
        (table.channel_id,),
    )
    assert row is not None
    return int(row["n"])


async def run_and_undo(
    table: OfflineTable, before: tuple[str, ...], dice: tuple[int, ...], command: str
) -> SentMessage:
    """The answer to ``command`` (after ``before``, rolling ``dice``); then the table as
    it was (every undoable action they made undone)."""
    assert table.dice.forced is not None
    table.dice.forced.push(list(dice))
    newest = await undo_rows(table)
    for line in before:
        assert not answer(await table.run(line)).ephemeral, line
    said = answer(await table.run(command))
    done = await table.bot.db.fetchone(
        "SELECT COUNT(*) AS n FROM encounter_undo WHERE channel_id = ? AND id > ?",
        (table.channel_id, newest),
    )
    assert done is not None
    for _ in range(int(done["n"])):
        assert not answer(await table.run("@gm /undo")).ephemeral
    return said


@every_system
async def test_every_command_reads_a_name_the_same_way(system: str, tmp_path: Path) -> None:
    names = naming(system)
    async with OfflineTable(db_path=tmp_path / "names.sqlite3", seed=1, dice=[]) as table:
        for line in setup(system):
            assert not answer(await table.run(line)).ephemeral, line
        for named_line in names.lines:
            before, dice, command = named_line.before, named_line.dice, named_line.line
            shows = (named_line.shows or "Mónica Ruiz").replace(
                "@ana", f"<@{table.user('ana').id}>"
            )
            for name in FOUND:
                said = await run_and_undo(table, before, dice, command.format(name=name))
                text = said.text()
                assert shows in text, (command, name, text)
                assert "puede ser varios" not in text and UNKNOWN[:25] not in text, text
            refused = await run_and_undo(table, before, dice, command.format(name="Goblin"))
            assert refused.ephemeral and refused.content == AMBIGUOUS, command
            refused = await run_and_undo(table, before, dice, command.format(name="Nadie"))
            assert refused.ephemeral and refused.content == UNKNOWN, command
            if names.group is not None:  # its name is one figure: no ambiguity
                said = await run_and_undo(table, before, dice, command.format(name=names.group))
                text = said.text()
                assert (named_line.group_shows or names.group) in text, (command, text)
                assert "puede ser varios" not in text and UNKNOWN[:25] not in text, text


@every_system
async def test_autocomplete_offers_what_the_resolver_accepts(system: str, tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "names.sqlite3", seed=1) as table:
        for line in setup(system):
            await table.run(line)

        async def offered(typed: str) -> list[str]:
            interaction = SimpleNamespace(client=table.bot, channel_id=table.channel_id)
            return [c.value for c in await combatant_autocomplete(interaction, typed)]  # type: ignore[arg-type]

        assert await offered("mon") == ["Mónica Ruiz"]
        assert await offered("MÓNICA") == ["Mónica Ruiz"]
        assert await offered("gob") == ["Goblin Arquero", "Goblin Brujo"]
        assert await offered("nadie") == []
        assert await offered("«Món».") == ["Mónica Ruiz"]


def slash_commands(commands: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for command in commands:
        if isinstance(command, app_commands.Group):
            yield from slash_commands(command.commands, f"{prefix}{command.name}:")
        else:
            yield f"{prefix}{command.name}", command


def named(lines: tuple[Named, ...]) -> set[tuple[str, str]]:
    """(command, option) of each line that puts ``{name}`` in an option."""
    found = set()
    for named_line in lines:
        line = named_line.line
        words = line.split()[1:]
        path = [w.lstrip("/") for w in words[: next(i for i, w in enumerate(words) if ":" in w)]]
        found |= {(":".join(path), o) for o in re.findall(r"(\w+):\{name\}", line)}
    return found


async def test_every_option_taking_a_combatant_is_in_the_lists(tmp_path: Path) -> None:
    """Every option that offers combatant names, of every command a system answers (its
    moves, and its own commands), is run by the test above for that system."""
    async with OfflineTable(db_path=tmp_path / "names.sqlite3") as table:
        assert table.bot is not None
        takes = {
            (name, option)
            for name, command in slash_commands(table.bot.tree.get_commands())
            for option, p in command._params.items()
            if p.autocomplete is combatant_autocomplete
        }
    assert ("attack", "target") in takes and ("bennies:give", "combatant") in takes
    for plugin in plugins():
        names = naming(plugin.system)

        def answers(command: str, option: str) -> bool:
            move = plugin.move(command)  # noqa: B023
            if move is not None:
                return option in move.options.model_fields
            return command in names.own  # noqa: B023

        wanted = {(c, o) for c, o in takes if answers(c, o)}
        assert wanted - named(names.lines) == set(), plugin.system
