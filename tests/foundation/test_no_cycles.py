"""Issue 32: a command leaves no reference cycle behind. What a command's task made is
freed when it ends, by reference counting; a cycle would wait for a collection, and the
ones of every command, reaching the oldest generation, made a full collection find
238,000-252,000 objects and hold the loop 134-317 ms (``bench.e2e --rate max``)."""

from __future__ import annotations

import asyncio
import contextvars
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.encounter.claims import InteractionClaim
from bot.play.lines import LineError
from bot.play.table import OfflineTable
from tests.table.example_scripts import EXAMPLES, documented, lines, written_in
from tests.table.stored_golden import fight

# What a command's own task holds: the task, its context, the interaction's claim in it;
# and the server and member discord.py reads from its payload (the offline table's
# server is cached, as the gateway caches a real bot's: discord.py made one for every
# command, with the bot as its member). Not counted: the view discord.py builds from a
# message whose button is pressed (each item refers to it), a press's own; presses come
# at a person's pace.
COMMAND_OBJECTS = (
    asyncio.Task,
    contextvars.Context,
    InteractionClaim,
    discord.Guild,
    discord.Member,
)


@contextmanager
def cyclic_garbage() -> Iterator[list[Any]]:
    """The objects only the cycle collector would free, made inside the block (the
    collector off meanwhile, so none is freed before it is counted)."""
    gc.collect()
    found: list[Any] = []
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield found
        gc.collect()
        found += gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


async def test_the_commands_of_a_fight_leave_no_cycle_of_their_tasks(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "t.db", seed=3) as table:
        lines = fight("es")
        for line in lines[:4]:  # the encounter and its combatants, before counting
            await table.run(line)
        ran = 0
        with cyclic_garbage() as garbage:
            for line in lines[4:]:
                try:
                    await table.run(line)
                except LineError:  # a press of a button the last result did not offer
                    continue
                ran += 1
            await table.settle()
        assert ran >= 40
        left = [type(o).__name__ for o in garbage if isinstance(o, COMMAND_OBJECTS)]
        assert left == []


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
async def test_the_example_scripts_leave_no_cycle_of_their_tasks(
    tmp_path: Path, script: Path
) -> None:
    """Every system, powers, bennies and Ritual Hex's and Dread S-20's fights (the
    documented scripts, with their dice)."""
    dice, seed = documented(script, "dice"), documented(script, "seed")
    locale = written_in(script)
    async with OfflineTable(
        db_path=tmp_path / "t.db",
        seed=int(seed) if seed else 0,
        dice=[int(d) for d in dice.split(",")] if dice else [],
        strict_dice=bool(dice),
        locale=locale,
    ) as table:
        typed = lines(script, locale)
        with cyclic_garbage() as garbage:
            for line in typed:
                await table.run(line)
            await table.settle()
        left = [type(o).__name__ for o in garbage if isinstance(o, COMMAND_OBJECTS)]
        assert len(typed) >= 5
        assert left == []


async def test_the_check_finds_a_task_held_in_its_own_context() -> None:
    """The check above can fail: a task that keeps itself in its context (what the board's
    handler mark did) is found."""
    held: contextvars.ContextVar[Any] = contextvars.ContextVar("held")

    async def keeps_itself() -> None:
        held.set(asyncio.current_task())

    with cyclic_garbage() as garbage:
        task = asyncio.create_task(keeps_itself())
        await task
        del task
        await asyncio.sleep(0)  # the loop's last callback of it gone too
    assert any(isinstance(o, asyncio.Task) for o in garbage)
