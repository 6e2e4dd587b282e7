"""An offline Savage Worlds table: the encounter started through the real commands,
with @ana's hero (a saved character joined with /join), a Wild Card villain and Extras.

Stat blocks are written on one line with ``\\n`` for new lines, as users type them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeCombatant, SwadeState

ANA = (
    "Ana (WC)\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Atletismo d6, Pelear d8, Notar d6\\nParada: 6; Dureza: 5"
)
BRUNO = (
    "Bruno (WC)\\nAtributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8\\n"
    "Habilidades: Atletismo d6, Pelear d8, Notar d4\\nParada: 6; Dureza: 6"
)
JEFE = (
    "Jefe orco\\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\n"
    "Habilidades: Atletismo d6, Pelear d8, Notar d6\\nParada: 6; Dureza: 8 (2)\\nBenis: 2"
)
GOBLIN = (
    "Goblin\\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6\\n"
    "Habilidades: Atletismo d6, Pelear d6, Notar d6\\nParada: 5; Dureza: 5"
)


@asynccontextmanager
async def swade_table(
    tmp_path: Path,
    dice: list[int] | None = None,
    *,
    seed: int = 1,
    strict: bool = True,
    fight: bool = True,
    goblins: int = 6,
    locale: str = "es",
) -> AsyncIterator[OfflineTable]:
    """A table with a SWADE encounter; with ``fight``: ``goblins`` Extras (one group),
    the Wild Card "Jefe orco" and Ana (@ana's saved character, joined), no cards yet."""
    async with OfflineTable(
        db_path=tmp_path / "swade.sqlite3",
        seed=seed,
        dice=dice or [],
        strict_dice=strict,
        locale=locale,
    ) as table:
        await must(table, "@gm /encounter start name:Cripta")
        if fight:
            await must(
                table, f'@gm /combatant add name:Goblin count:{goblins} statblock:"{GOBLIN}"'
            )
            await must(
                table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"'
            )
            await save(table, "ana", "Ana", ANA)
            await must(table, "@ana /join character:Ana")
        yield table


async def must(table: OfflineTable, line: str) -> list[SentMessage]:
    """Run a line that must not be refused."""
    messages = await table.run(line)
    refused = [m for m in messages if m.ephemeral]
    assert not refused, f"{line!r} was refused: {refused[0].text()}"
    return messages


async def save(table: OfflineTable, user: str, name: str, statblock: str) -> None:
    """/character save, which answers privately."""
    [reply] = await table.run(f'@{user} /character save name:"{name}" statblock:"{statblock}"')
    assert "guardado" in reply.text() or "saved" in reply.text(), reply.text()


async def refused(table: OfflineTable, line: str) -> str:
    """Run a line that must be refused: one ephemeral reply, and the state unchanged."""
    before = await state(table)
    messages = await table.run(line)
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await state(table) == before, f"{line!r} changed the state"
    return messages[0].text()


async def state(table: OfflineTable) -> SwadeState:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, SwadeState)
    return encounter.state


def named(s: SwadeState, name: str) -> SwadeCombatant:
    return next(c for c in s.combatants if c.name == name)


async def shots(table: OfflineTable, name: str) -> dict[str, int | None]:
    """The rounds left in each of ``name``'s weapons, by weapon name."""
    return {w.name: w.shots for w in named(await state(table), name).weapons}


def order(s: SwadeState) -> list[str]:
    """The round's slots by name (a group by its name)."""
    by_id = {c.id: c for c in s.combatants}
    return [by_id[i].group or by_id[i].name for i in s.turn_order]


def current(s: SwadeState) -> str | None:
    by_id = {c.id: c for c in s.combatants}
    if s.active is None:
        return None
    return by_id[s.active].group or by_id[s.active].name


def all_dice_used(table: OfflineTable) -> None:
    """Every forced die was rolled (a test whose dice are not all used proves less)."""
    forced = table.dice.forced
    assert forced is not None and forced.remaining == 0, f"{forced.remaining} dice unused"
