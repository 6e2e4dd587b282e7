"""An offline Ritual Hex table: the cast of seed 002's worked example (the sheets of
``tests/systems/ritualhex/helpers.py``) added through the real commands. @ana plays Red
Haggar, @bea Jade Mistress; the GM (the Dark Lord) plays the Goblin and the Thrall."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.ritualhex.state import RHCombatant, RitualHexState
from tests.systems.ritualhex.helpers import GOBLIN, JADE_MISTRESS, RED_HAGGAR, THRALL


def block(sheet: str) -> str:
    """A sheet as a one-line statblock option (``\\n`` for new lines)."""
    return "\\n".join(line for line in sheet.strip().splitlines())


CAST = [
    ("Red Haggar", RED_HAGGAR, "heroes", "@ana"),
    ("Goblin", GOBLIN, "foes", None),
    ("Thrall", THRALL, "foes", None),
    ("Jade Mistress", JADE_MISTRESS, "heroes", "@bea"),
]


def add_line(name: str, sheet: str, side: str, controller: str | None) -> str:
    line = f'@gm /combatant add name:"{name}" side:{side} statblock:"{block(sheet)}"'
    return line + (f" controller:{controller}" if controller else "")


@asynccontextmanager
async def rh_table(
    tmp_path: Path, dice: list[int], *, cast: bool = True, start: bool = True, locale: str = "es"
) -> AsyncIterator[OfflineTable]:
    """A table with a Ritual Hex encounter; with ``cast`` the example's four are in, and
    with ``start`` round 1 has begun (Red Haggar's opportunity, needle 11). Every die in
    ``dice`` must be rolled: one more or one less fails the test."""
    async with OfflineTable(
        db_path=tmp_path / "rh.sqlite3", dice=dice, strict_dice=True, locale=locale
    ) as table:
        await must(table, "@gm /encounter start system:ritualhex name:Cripta")
        if cast:
            for name, sheet, side, controller in CAST:
                await must(table, add_line(name, sheet, side, controller))
            if start:
                await must(table, "@gm /hex round")
        yield table
        forced = table.dice.forced
        assert forced is not None and forced.remaining == 0, "a forced die was never rolled"


async def must(table: OfflineTable, line: str) -> list[SentMessage]:
    """Run a line that must not be refused."""
    messages = await table.run(line)
    refused = [m for m in messages if m.ephemeral]
    assert not refused, f"{line!r} was refused: {refused[0].text()}"
    return messages


async def refused(table: OfflineTable, line: str) -> str:
    """Run a line that must be refused (ephemeral) without changing the encounter."""
    before = await seq(table)
    messages = await table.run(line)
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await seq(table) == before
    return messages[0].content or ""


async def state(table: OfflineTable) -> RitualHexState:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, RitualHexState)
    return encounter.state


async def seq(table: OfflineTable) -> int:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return encounter.seq


async def combatant(table: OfflineTable, name: str) -> RHCombatant:
    return next(c for c in (await state(table)).combatants if c.name == name)


async def levels(table: OfflineTable) -> dict[str, int]:
    return {c.name: c.ap_level for c in (await state(table)).combatants}


async def awaiting(table: OfflineTable) -> list[str]:
    s = await state(table)
    return [c.name for cid in s.awaiting if (c := s.get(cid)) is not None]


async def acting(table: OfflineTable) -> list[str]:
    s = await state(table)
    return [c.name for cid in s.acting if (c := s.get(cid)) is not None]


def reply(messages: list[SentMessage]) -> SentMessage:
    """The bot's answer to the command (not the board edits)."""
    return next(m for m in messages if m.kind in ("reply", "followup"))


def labels(message: SentMessage) -> list[str]:
    return [b.get("label", "") for b in message.buttons()]
