"""The catalogue's conformance: every system answers the core commands with typed moves
whose every option the shared command declares, and a plugin that would leave a player
facing a missing piece is refused when it is loaded, not when a player meets it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from pydantic import ValidationError

from bot.commands.checks import _command as command_for
from bot.commands.checks import command_problems, renderer_problems
from bot.commands.dispatch import not_in_system
from bot.i18n import t
from bot.play.table import OfflineTable
from bot.render.text import render_params
from bot.systems import catalogue
from bot.systems.plugin import CORE_MOVES, Move, NoOptions, Options, Plugin, problems
from tests.coinduel.system import PLUGIN as COIN_DUEL
from tests.coinduel.system import FlipOptions


@pytest.fixture
def every_system() -> Iterator[list[Plugin]]:
    """The built-in systems and the tests' coin-flip duel."""
    catalogue.install(COIN_DUEL)
    try:
        yield catalogue.plugins()
    finally:
        catalogue.uninstall(COIN_DUEL.system)


async def refused_at_start(plugin: Plugin, tmp_path: Path, problem: str) -> None:
    """With ``plugin`` in the catalogue the bot does not start, saying ``problem``."""
    catalogue.install(plugin)
    try:
        with pytest.raises(catalogue.PluginError, match=problem):
            async with OfflineTable(db_path=tmp_path / "tree.sqlite3", check_payloads=False):
                pass
    finally:
        catalogue.uninstall(plugin.system)


def routed_commands() -> set[str]:
    """Every command the cogs hand to the dispatcher (``route(interaction, "attack", ...)``,
    ``answer(ctx, encounter, "join", ...)``), read from their source."""
    found: set[str] = set()
    sources = [*Path("cogs").glob("*.py"), *Path("bot/commands").glob("*.py")]
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("route", "answer"):
                continue
            named = [a.value for a in node.args if isinstance(a, ast.Constant)]
            found.update(v for v in named if isinstance(v, str))
    return found


# Commands that reach the dispatcher only with this option (``/trait die:8`` is a plain
# roll anywhere; ``/trait trait:Notice`` is the channel's system's).
ROUTED_ONLY_WITH = {"trait": "trait:Notar"}


def required_options(command: app_commands.Command[Any, ..., Any]) -> str:
    """A value for each required option of ``command``, as a line of the offline table."""
    values = []
    for p in command.parameters:
        if not p.required:
            continue
        if p.choices:
            value: object = p.choices[0].value
        elif p.type is discord.AppCommandOptionType.integer:
            value = int(p.min_value or 1)
        elif p.type is discord.AppCommandOptionType.boolean:
            value = "true"
        else:
            value = "x"
        values.append(f"{p.name}:{value}")
    return " ".join(values)


def test_the_cogs_route_the_shared_commands() -> None:
    # What the next test walks through: a command dropped from the reading would go unseen.
    assert routed_commands() >= {"attack", "act", "join", "combatant:add", "hex:grant", "deal"}


async def test_every_routed_command_is_some_systems_and_refused_by_the_others(
    tmp_path: Path,
) -> None:
    """Every command a cog hands to the dispatcher is answered by a move of at least one
    system (else it could never work), and in a channel of a system without that move it
    is refused as not existing there (command.not_in_system), changing nothing."""
    routed = routed_commands()
    for command in routed:
        assert any(p.move(command) for p in catalogue.plugins()), f"/{command}: no system has it"
    async with OfflineTable(db_path=tmp_path / "tree.sqlite3") as table:
        assert table.bot is not None
        tried = 0
        for plugin in catalogue.plugins():
            await table.run(f"@gm /encounter start system:{plugin.system}")
            for command in sorted(routed):
                if plugin.move(command) is not None or command == "encounter:settings":
                    continue  # /encounter settings reads its own settings first
                slash = command_for(table.bot.tree, command)
                assert slash is not None, command
                before = await table.bot.encounters.get(table.channel_id)
                given = f"{required_options(slash)} {ROUTED_ONLY_WITH.get(command, '')}".strip()
                line = f"/{command.replace(':', ' ')} {given}"
                sent = await table.run(f"@gm {line}")
                refusal = not_in_system(command, plugin.system)
                expected = t(refusal.key, "es", **render_params(refusal.key, refusal.params, "es"))
                system = t(f"system.{plugin.system}", "es")
                assert f" no existe en {system}" in expected, expected
                assert [(m.ephemeral, m.text()) for m in sent] == [(True, expected)], line
                assert await table.bot.encounters.get(table.channel_id) == before
                tried += 1
            await table.run("@gm /encounter end")
        assert tried >= 20  # ds20 and Ritual Hex lack several of Savage Worlds' commands


def test_every_system_provides_the_core_moves_typed(every_system: list[Plugin]) -> None:
    for plugin in every_system:
        assert problems(plugin) == [], plugin.system
        for command in CORE_MOVES:
            assert plugin.move(command) is not None, (plugin.system, command)
        for move in plugin.moves:
            assert issubclass(move.options, Options), (plugin.system, move.command)
            assert move.options.model_config.get("extra") == "forbid", move.command


async def test_every_option_a_move_takes_is_declared_by_its_command(
    every_system: list[Plugin], tmp_path: Path
) -> None:
    async with OfflineTable(db_path=tmp_path / "tree.sqlite3") as table:
        assert table.bot is not None
        assert command_problems(table.bot.tree) == []
        typed = {m.command for p in every_system for m in p.moves if m.typed}
        assert typed >= {*CORE_MOVES, "act", "react:dodge", "grapple:escape", "initiative:roll"}


async def test_a_move_taking_an_option_its_command_lacks_is_found(tmp_path: Path) -> None:
    class Fly(FlipOptions):
        wings: int = 2

    bad = replace(COIN_DUEL, moves=(*COIN_DUEL.moves[1:], Move("attack", Fly, lambda o: None)))  # type: ignore[arg-type, return-value]
    await refused_at_start(bad, tmp_path, "coinduel: /attack has no option 'wings'")


def test_every_system_with_moves_is_drawn(every_system: list[Plugin]) -> None:
    assert renderer_problems() == []


async def test_a_system_without_its_end_summary_does_not_start(tmp_path: Path) -> None:
    undrawn = replace(COIN_DUEL, renderers="tests.coinduel.undrawn")
    await refused_at_start(undrawn, tmp_path, "coinduel: its renderers have no summary")


def test_a_plugin_without_a_core_move_is_refused_when_loaded() -> None:
    no_attack = replace(COIN_DUEL, moves=COIN_DUEL.moves[1:])
    with pytest.raises(catalogue.PluginError, match="no move for the core command 'attack'"):
        catalogue.install(no_attack)
    assert "coinduel" not in catalogue.systems()


def test_a_plugin_answering_a_command_twice_is_refused() -> None:
    twice = replace(COIN_DUEL, moves=(*COIN_DUEL.moves, Move("attack", NoOptions, lambda o: None)))  # type: ignore[arg-type, return-value]
    with pytest.raises(catalogue.PluginError, match="'attack' is answered twice"):
        catalogue.install(twice)


def test_an_option_a_system_does_not_take_is_refused_naming_it() -> None:
    move = COIN_DUEL.move("attack")
    assert move is not None
    with pytest.raises(Exception) as refused:
        move.read({"target": "Ana", "weapon": "Espada"}, "coinduel")
    error = refused.value
    assert error.key == "command.option_not_in_system"  # type: ignore[attr-defined]
    said = {
        lang: t(error.key, lang, **render_params(error.key, error.params, lang))  # type: ignore[attr-defined]
        for lang in ("es", "en")
    }
    # The option as the reader's Discord names it (not "weapon" in Spanish).
    assert error.params["system"] == "system.coinduel"  # type: ignore[attr-defined]
    assert said["es"].startswith("La opción «arma» no existe en ")
    assert said["en"].startswith("The option “weapon” does not exist in ")
    with pytest.raises(ValidationError):  # the model itself forbids it too
        FlipOptions.model_validate({"target": "Ana", "weapon": "Espada"})
    assert move.read({"target": "Ana", "actor": None}, "coinduel") == FlipOptions(target="Ana")
