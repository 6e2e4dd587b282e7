"""The board manager: an unchanged board is not edited again, and under load the edits
of all channels keep to a budget (bot.board)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import pytest

from bot import board
from bot.board import EDITS_PER_SECOND, BoardManager
from bot.play.table import OfflineTable
from bot.render.board import BoardContext, board_embed
from bot.render.views import board_view
from bot.systems.encounter import Encounter

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


async def test_a_board_compared_as_rendered_sends_what_the_long_way_sent(
    table: OfflineTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: the manager compares what a board shows as rendered, and makes the embed
    and buttons only to send them. Each board of a fight (one of many slots, too many for
    fields, emptied, in both languages) is sent as ``board_embed`` and ``board_view``
    write it, and two renders are the same exactly when those wrote the same."""
    seen: list[tuple[board.Shown, str]] = []
    render = board.render_board

    def spy(encounter: Encounter, lang: str, context: BoardContext | None = None) -> Any:
        data, buttons = render(encounter, lang, context)
        embed, long_buttons = board_embed(encounter, lang, context)
        view = board_view(encounter.channel_id, long_buttons, lang)
        long_way = repr((embed.to_dict(), view.to_components() if view else None))
        shown: board.Shown = (data, tuple(buttons), lang)
        short_embed, short_view = board.message(encounter.channel_id, shown)
        assert json.dumps(short_embed.to_dict()) == json.dumps(embed.to_dict())
        short = short_view.to_components() if short_view else None
        assert json.dumps(short) == json.dumps(view.to_components() if view else None)
        seen.append((shown, long_way))
        return data, buttons

    monkeypatch.setattr(board, "render_board", spy)
    await table.run("@gm /encounter start system:swade")
    for name in ("Ana", "Beñat"):
        await table.run(f'@gm /combatant add name:{name} statblock:"{BLOCK}" wildcard:true')
    await table.run(f'@gm /combatant add name:Orco statblock:"{BLOCK}" count:3')
    await table.run("@gm /deal")
    for _ in range(3):
        await table.run('@gm /attack target:"Orco 1" actor:Ana')
        await table.run("@gm /next")
    await table.run("@gm /server language language:en")
    await table.run("@gm /next")
    await table.run(f'@gm /combatant add name:Goblin statblock:"{BLOCK}" count:20')
    await table.run("@gm /next")
    await table.run("@gm /encounter end")
    assert len(seen) > 10
    assert any(len(shown[0].get("fields", ())) > 1 for shown, _ in seen)
    assert any("fields" not in shown[0] for shown, _ in seen)  # compact
    assert {shown[2] for shown, _ in seen} == {"es", "en"}
    for (a, long_a), (b, long_b) in itertools.pairwise(seen):
        assert (a == b) == (long_a == long_b)
