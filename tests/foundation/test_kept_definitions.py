"""Issue 32: what the GM defined in an encounter (``bot.encounter.acting.definitions``:
the server's bound, issue 28) is counted once per action, for the encounter the action
leaves; the next action reads that count back from the cached entry instead of
counting again. Never stale: the entry is made with the encounter it counts, neither
ever changes, and the tests compare the kept count with a fresh one on every action."""

from __future__ import annotations

from pathlib import Path

from bot.encounter.acting import definitions
from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import must

REST = "coste: 1; alcance: astucia; éxito: daño 2d6"


async def test_the_count_kept_is_the_one_the_entry_s_encounter_has(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "t.db") as table:
        assert table.bot is not None
        service = table.bot.encounters
        await must(table, "@gm /encounter start name:Magia")
        assert service._cache.get(table.channel_id) is None  # started: read afresh
        await service.get(table.channel_id)
        read = service._cache.get(table.channel_id)
        assert read is not None and read.defined is None  # read from the database: unknown
        for n, name in enumerate(("Rayo", "Llama"), start=1):
            await must(table, f'@gm /power define text:"nombre: {name}; {REST}"')
            entry = service._cache.get(table.channel_id)
            assert entry is not None
            assert entry.defined == definitions(entry.encounter) == n
