"""The offline table with strict forced dice: every die a test rolls is one it chose."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.table import OfflineTable


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(
        db_path=tmp_path / "bennies.sqlite3", seed=1, dice=[], strict_dice=True
    ) as t:
        t.user("gm")  # the first user of a table is its GM
        yield t
