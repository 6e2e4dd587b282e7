"""Fixtures for the foundation tests: an encounter service on each engine (a real SQLite
file and a throwaway PostgreSQL database, tests/conftest.py ``database``)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.dice_provider import DiceProvider
from bot.encounter.service import EncounterService
from bot.storage.db import open_database

CHANNEL = 42


@pytest.fixture
def system() -> str:
    """The game system of the ``service`` fixture's encounter (a module may override it)."""
    return "ds20"


@pytest.fixture
async def service(database: str | Path, system: str) -> AsyncIterator[EncounterService]:
    """An encounter service with an encounter started in ``CHANNEL`` by GM 9."""
    db = await open_database(database)
    svc = EncounterService(db, DiceProvider(seed=7))
    await svc.start(channel_id=CHANNEL, guild_id=1, gm_id=9, system=system)
    yield svc
    await db.close()
