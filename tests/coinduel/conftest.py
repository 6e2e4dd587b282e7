"""The duel is installed in the catalogue for these tests only, before the bot starts
(its cogs then offer it in ``/encounter start``), and taken away after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.systems import catalogue
from tests.coinduel.system import PLUGIN


@pytest.fixture
def coin_duel() -> Iterator[None]:
    catalogue.install(PLUGIN)
    try:
        yield
    finally:
        catalogue.uninstall(PLUGIN.system)
