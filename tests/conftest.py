"""Shared fixtures: the offline table (the real bot and tree on a real SQLite file)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.encounter.service import EncounterService
from bot.play.table import OfflineTable

# Every test checks that rules never change the (shared, cached) state they are given.
EncounterService.check_inputs_unchanged = True


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "test.sqlite3", seed=1) as t:
        yield t


@pytest.fixture
async def table_en(tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "test.sqlite3", seed=1, locale="en") as t:
        yield t
