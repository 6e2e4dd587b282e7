"""An offline Dread S-20 table: Ana (a PJ controlled by @ana) and Bruto (the GM's,
torso armour), started through the real commands with forced dice (strict)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.ds20.state import DS20State, DSCombatant

ANA = (
    "Tipo: PJ | Aptitudes: Fortaleza 12, Destreza 11, Pelea 10, Armas C.C. 10, "
    "Armas de Fuego 12, Acrobacia 9, Primeros Auxilios 8, Iniciativa 4 | "
    "Armas: Puños 2/6 pelea; Cuchillo 3/8 C.C.; "
    "Pistola 4/9 fuego alcance 20 cargador 15 semiautomática | "
    "Técnicas: Estocada (Armas C.C.) +1 daño +2"
)
BRUTO = (
    "Aptitudes: Fortaleza 11, Destreza 9, Pelea 10, Armas C.C. 9, Armas de Fuego 8, "
    "Acrobacia 8, Iniciativa 2 | Armadura: torso | Armas: Puños 2/6 pelea; Machete 5/10 C.C."
)
# Initiative: Ana 1d10 (6) + 4 = 10, Bruto 1d10 (3) + 2 = 5: Ana first.
INITIATIVE = [6, 3]


@asynccontextmanager
async def ds20_table(
    tmp_path: Path, dice: list[int], *, fight: bool = True, locale: str = "es"
) -> AsyncIterator[OfflineTable]:
    """A table with the encounter started; with ``fight`` Ana and Bruto are in, the
    initiative rolled (``INITIATIVE`` must open ``dice``) and it is Ana's turn. Every
    die in ``dice`` must be rolled: one more or one less fails the test."""
    async with OfflineTable(
        db_path=tmp_path / "ds20.sqlite3", dice=dice, strict_dice=True, locale=locale
    ) as table:
        await table.run("@gm /encounter start system:ds20 name:Bodega")
        if fight:
            await must(table, f'@gm /combatant add name:Ana controller:@ana statblock:"{ANA}"')
            await must(table, f'@gm /combatant add name:Bruto statblock:"{BRUTO}"')
            await must(table, "@gm /initiative roll")
            await must(table, "@gm /next")
        yield table
        forced = table.dice.forced
        assert forced is not None and forced.remaining == 0, "a forced die was never rolled"


async def must(table: OfflineTable, line: str) -> list[SentMessage]:
    """Run a line that must not be refused."""
    messages = await table.run(line)
    refused = [m for m in messages if m.ephemeral]
    assert not refused, f"{line!r} was refused: {refused[0].text()}"
    return messages


async def state(table: OfflineTable) -> DS20State:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, DS20State)
    return encounter.state


async def combatant(table: OfflineTable, name: str) -> DSCombatant:
    return next(c for c in (await state(table)).combatants if c.name == name)


async def seq(table: OfflineTable) -> int:
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return encounter.seq


def reply(messages: list[SentMessage]) -> SentMessage:
    """The bot's answer to the command (not the board edits)."""
    return next(m for m in messages if m.kind in ("reply", "followup"))
