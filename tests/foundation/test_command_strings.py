"""Every command, option and choice the bot registers is localized (cmd.<english> keys;
a description followed by the systems it is for, its text's and theirs) and its names
are valid Discord names in both languages, unique within their command."""

import re
from pathlib import Path

from discord import app_commands

from bot.i18n import catalog
from bot.i18n.catalog import command_text
from bot.play.table import OfflineTable

NAME = re.compile(r"^[-_\w]{1,32}$")


def _strings(command: app_commands.Command | app_commands.Group) -> list[tuple[str, str]]:
    """(kind, english text) for the command, its options and choices, recursively."""
    found = [("name", command.name), ("description", command.description)]
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            found += _strings(sub)
        return found
    for param in command.parameters:
        found += [("name", param.name), ("description", param.description)]
        found += [("choice", choice.name) for choice in param.choices]
    return found


async def test_every_command_string_is_localized(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "c.sqlite3") as table:
        commands = table.bot.tree.get_commands()
    missing = set()
    for command in commands:
        for _kind, text in _strings(command):
            for lang in ("es", "en"):  # a description's systems are translated too
                if command_text(text, lang) is None:
                    missing.add((lang, text))
    assert sorted(missing) == []


async def test_localized_names_are_valid_and_unique_per_command(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "c.sqlite3") as table:
        commands = table.bot.tree.get_commands()
    es = catalog("es")
    problems = []

    def check(command: app_commands.Command | app_commands.Group) -> None:
        if isinstance(command, app_commands.Group):
            names = [es.get(f"cmd.{c.name}", c.name) for c in command.commands]
            if len(names) != len(set(names)):
                problems.append((command.qualified_name, names))
            for sub in command.commands:
                check(sub)
            return
        names = [es.get(f"cmd.{p.name}", p.name) for p in command.parameters]
        if len(names) != len(set(names)):
            problems.append((command.qualified_name, names))
        for name in names:
            if not NAME.match(name) or name != name.lower():
                problems.append((command.qualified_name, name))

    for command in commands:
        check(command)
        name = es.get(f"cmd.{command.name}", command.name)
        if not NAME.match(name):
            problems.append((command.name, name))
    top = [es.get(f"cmd.{c.name}", c.name) for c in commands]
    assert len(top) == len(set(top)), top
    assert problems == []
