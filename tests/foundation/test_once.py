"""Once is enough (issue 33): one ``/combatant add`` reads its stat block once, before the
channel's lock (docs/COGS.md: work that needs no state is done in ``play``), checks the
GM once, reads the encounter once before its action and once under the lock, and draws
the card of what it added from the ids its outcome carries and the reading its move
made."""

from __future__ import annotations

import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import bot.systems.swade.moves.roster as swade_roster
import bot.systems.swade.statblock as swade_statblock
from bot.commands.context import Ctx
from bot.encounter.service import EncounterService
from bot.play.table import OfflineTable
from bot.systems.base import Event, Outcome

SHEET = (
    "Atributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6\\n"
    "Habilidades: Pelear d6\\nEspada larga"
)


async def test_one_add_reads_its_sheet_once_before_the_lock_and_the_encounter_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with OfflineTable(db_path=tmp_path / "once.sqlite3") as table:
        assert table.bot is not None
        service = table.bot.encounters
        await table.run("@gm /encounter start")
        await table.run('@gm /combatant add name:Orco statblock:"Atributos: Agilidad d6"')
        await table.settle()
        calls: Counter[str] = Counter()
        locked_while_reading: list[bool] = []
        read = swade_roster.read_statblock
        require_gm, get, load = Ctx.require_gm, EncounterService.get, EncounterService._load

        def counted_read(text: str, **kwargs: Any) -> Any:
            calls["read"] += 1
            locked_while_reading.append(service.lock(table.channel_id).locked())
            return read(text, **kwargs)

        async def counted_require_gm(ctx: Ctx) -> Any:
            calls["gm"] += 1
            return await require_gm(ctx)

        def by_the_command() -> bool:
            """Not the board's own refresh (bot/board.py, debounced, apart)."""
            return not any(f.filename.endswith("board.py") for f in traceback.extract_stack())

        async def counted_get(svc: EncounterService, channel_id: int) -> Any:
            calls["get"] += by_the_command()
            return await get(svc, channel_id)

        async def counted_load(svc: EncounterService, channel_id: int, tx: Any = None) -> Any:
            calls["load"] += by_the_command()
            return await load(svc, channel_id, tx)

        for module in (swade_statblock, swade_roster):  # every way to it
            monkeypatch.setattr(module, "read_statblock", counted_read)
        monkeypatch.setattr(Ctx, "require_gm", counted_require_gm)
        monkeypatch.setattr(EncounterService, "get", counted_get)
        monkeypatch.setattr(EncounterService, "_load", counted_load)
        sent = await table.run(f'@gm /combatant add name:Goblin count:3 statblock:"{SHEET}"')
        assert calls["read"] == 1 and locked_while_reading == [False]
        assert calls["gm"] == 1
        # the encounter read twice for the command: once as found (the GM, the reply's
        # deferral), once under the lock (its get and its load under the lock)
        assert calls["get"] == 1 and calls["load"] == 2, calls
        card = next(m for m in sent if "Goblin ×3" in m.text())
        assert "«Espada larga»" in card.text(), "the card shows what the one reading left"


async def test_an_outcome_carries_the_ids_its_action_added(tmp_path: Path) -> None:
    """Whatever the system's rules, the service tells which combatants an action added:
    the ids its state's allocator gave (StateCore.new_id), none for any other action."""
    async with OfflineTable(db_path=tmp_path / "ids.sqlite3") as table:
        assert table.bot is not None
        await table.run("@gm /encounter start system:ds20")
        await table.run('@gm /combatant add name:Bruto statblock:"Aptitudes: Pelea 10"')
        service = table.bot.encounters

        def add_two(encounter: Any, dice: Any) -> Outcome:
            state = encounter.state.model_copy(deep=True)
            for name in ("Ana", "Bea"):
                template = state.combatants[0].model_copy(deep=True)
                template.id, template.name = state.new_id(), name
                state.combatants.append(template)
            return Outcome(state=state, summary=Event(key="log.add", params={"name": "x"}))

        _, outcome = await service.act(table.channel_id, 1, add_two, kind="test.add")
        assert outcome.added == ["c2", "c3"]

        def nothing(encounter: Any, dice: Any) -> Outcome:
            return Outcome(state=encounter.state)

        _, outcome = await service.act(table.channel_id, 1, nothing, kind="test.none")
        assert outcome.added == []
