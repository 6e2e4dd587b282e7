"""Every system the tests that try every system run: the catalogue's, and the ones only
the tests install (the coin-flip duel, ``tests/coinduel``). What they type in each comes
from its plugin (``Plugin.examples``, :mod:`bot.systems.examples`): no test keeps a list
of systems of its own.

``@every_system`` parametrizes a test by the systems' names, and a test-only system is
in the catalogue while such a test runs (``tests/conftest.py`` installs it before any
fixture starts a bot: the commands offer the catalogue's systems when they are built);
:func:`installed` does the same for a block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.systems import catalogue
from bot.systems.examples import Examples
from bot.systems.plugin import Plugin
from tests.coinduel.system import PLUGIN as COIN_DUEL

TEST_ONLY: tuple[Plugin[Any], ...] = (COIN_DUEL,)


def plugins() -> list[Plugin[Any]]:
    """The catalogue's plugins, then the test-only ones it does not hold."""
    listed = catalogue.systems()
    return [*catalogue.plugins(), *(p for p in TEST_ONLY if p.system not in listed)]


def names() -> list[str]:
    return [p.system for p in plugins()]


def test_only(system: str) -> bool:
    """Whether ``system`` is one only the tests install."""
    return any(p.system == system for p in TEST_ONLY)


def plugin(system: str) -> Plugin[Any]:
    return next(p for p in plugins() if p.system == system)


def examples(system: str) -> Examples:
    found = plugin(system).examples
    assert found is not None, f"{system} has no examples"
    return found


@contextmanager
def installed(system: str) -> Iterator[Plugin[Any]]:
    """``system``'s plugin, in the catalogue while the block runs."""
    found = plugin(system)
    if system in catalogue.systems():
        yield found
        return
    catalogue.install(found)
    try:
        yield found
    finally:
        catalogue.uninstall(system)


every_system = pytest.mark.parametrize("system", names())
