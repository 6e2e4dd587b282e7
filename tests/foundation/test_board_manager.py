"""The board manager: an unchanged board is not edited again, and under load the edits
of all channels keep to a budget (bot.board)."""

from __future__ import annotations

import asyncio

from bot import board
from bot.board import EDITS_PER_SECOND, BoardManager
from bot.play.table import OfflineTable

BLOCK = "Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\nHabilidades: Pelear d6\\nParada 5, Dureza 5"


async def test_an_unchanged_board_is_not_edited_again(table: OfflineTable) -> None:
    await table.run("/encounter start system:swade")
    await table.run(f'/combatant add name:Ana statblock:"{BLOCK}"')
    boards = table.bot.boards
    edits, skipped = boards.edits, boards.skipped
    boards.request(table.channel_id)
    await table.settle()
    assert (boards.edits, boards.skipped) == (edits, skipped + 1)

    replies = await table.run(f'/combatant add name:Bea statblock:"{BLOCK}"')
    assert not replies[0].ephemeral
    assert boards.edits == edits + 1  # it changed: edited


async def test_many_busy_channels_wait_longer_between_edits() -> None:
    manager = BoardManager(bot=None, interval=1.5)  # type: ignore[arg-type]
    assert manager.pause() == 1.5
    gate = asyncio.Event()
    tasks = [asyncio.create_task(gate.wait()) for _ in range(200)]
    manager._tasks = dict(enumerate(tasks))
    try:
        assert manager.pause() == 200 / EDITS_PER_SECOND
    finally:
        gate.set()
        await asyncio.gather(*tasks)
    assert manager.pause() == 1.5


async def test_an_edit_waits_for_the_handler_that_asked_for_it(table: OfflineTable) -> None:
    """The edit is made once the handler that asked ends (its follow-ups sent first),
    not while it still runs; a request from outside a handler waits for nothing."""
    await table.run("/encounter start system:swade")
    boards = table.bot.boards
    gate = asyncio.Event()

    async def handler() -> None:
        board.handling()
        boards.request(table.channel_id)
        await gate.wait()  # a follow-up on its way

    running = asyncio.create_task(handler())
    for _ in range(50):
        await asyncio.sleep(0)
    done = boards.edits + boards.skipped
    assert boards._tasks, "the edit is waiting"
    gate.set()
    await running
    await boards.flush()
    assert boards.edits + boards.skipped == done + 1
