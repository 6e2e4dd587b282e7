"""The board's edit a command asks for comes after that command's own messages (its reply
and follow-ups), in every system: a defined order, not a race between the command's
handler and the board's task (bot.board: the edit waits for the handlers that asked).

Discord answers an interaction's requests (reply, follow-ups) after a network delay here,
and the board's channel requests at once: with the order left to a race, the board's
edit reaches Discord before a follow-up sent after the request (a /combatant add's card,
a /join's benny message, a /deal's Joker note). Every example script is played, the
three systems and both languages of each."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from bot.play.recorder import Recorder, SentMessage
from bot.play.table import BOT_USER, OfflineTable
from bot.systems.catalogue import DEFAULT_SYSTEM
from tests.table.example_scripts import EXAMPLES, documented, lines, written_in

LATENCY = 0.02  # seconds an interaction's request takes to reach Discord
BOARD_KINDS = ("channel", "channel_edit")


class LatentRecorder(Recorder):
    """Discord as the offline table's, but an interaction's requests arrive late."""

    async def webhook_request(self, route: Any, *args: Any) -> Any:
        await asyncio.sleep(LATENCY)
        return await super().webhook_request(route, *args)


def board_last(sent: list[SentMessage], boards: set[int]) -> bool:
    """Whether the board's messages of a line come after all its other messages."""
    kinds = ["board" if m.kind in BOARD_KINDS and m.message_id in boards else "own" for m in sent]
    return "own" not in kinds[kinds.index("board") :] if "board" in kinds else True


async def played(script: Path, db: Path) -> list[tuple[str, list[SentMessage], set[int]]]:
    """Every line, what it sent and the board's message ids known after it."""
    dice, seed = documented(script, "dice"), documented(script, "seed")
    table = OfflineTable(
        db_path=db,
        seed=int(seed) if seed else 0,
        dice=[int(d) for d in dice.split(",")] if dice else None,
        strict_dice=bool(dice),
        locale=written_in(script),
    )
    table.recorder = LatentRecorder(BOT_USER)
    out: list[tuple[str, list[SentMessage], set[int]]] = []
    boards: set[int] = set()
    async with table:
        for line in lines(script, written_in(script)):
            sent = await table.run(line)
            encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
            if encounter is not None and encounter.board_message_id is not None:
                boards.add(encounter.board_message_id)
            out.append((line, sent, set(boards)))
    return out


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.stem)
async def test_the_board_is_edited_after_the_commands_own_messages(
    script: Path, tmp_path: Path
) -> None:
    got = await played(script, tmp_path / "order.sqlite3")
    # A line that races: the board edited and the command sending more than its reply.
    racing = [
        line
        for line, sent, boards in got
        if any(m.message_id in boards for m in sent)
        and sum(m.message_id not in boards for m in sent) >= 2
    ]
    assert racing, f"{script.name} has a command with a follow-up and a board edit"
    for line, sent, boards in got:
        assert board_last(sent, boards), (
            f"{script.name}, {line!r}: the board was edited before the command's own"
            f" messages were sent: {[m.kind for m in sent]}"
        )


def test_the_scripts_cover_the_three_systems() -> None:
    """The scripts played above start encounters of SWADE, Ritual Hex and Dread S-20
    (a start that names no system starts the default one)."""
    started = set()
    for script in EXAMPLES:
        for line in lines(script, written_in(script)):
            if re.search(r"/(encounter|encuentro) (start|empezar|iniciar)\b", line):
                named = re.search(r"(?:system|sistema):(\w+)", line)
                started.add(named.group(1) if named else DEFAULT_SYSTEM)
    assert {"swade", "ritualhex", "ds20"} <= started
