"""Shared fixtures: the offline table (the real bot and tree on a real SQLite file), and
the database engines the storage, service and concurrency tests run on (SQLite and a
throwaway PostgreSQL, tests/postgres.py)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.encounter.service import EncounterService
from bot.play.recorder import Recorder
from bot.play.table import OfflineTable
from tests import postgres
from tests.every_system import installed, test_only
from tests.fakediscord import openapi

# Every test checks that rules never change the (shared, cached) state they are given.
EncounterService.check_inputs_unchanged = True
# Every request the bot sends through the offline table is checked against Discord's
# published request schemas too, as the aiohttp double checks it (issue 26).
Recorder.schema_check = openapi.check

ENGINES = ["sqlite", "postgresql"]
_why_no_postgres: list[str] = []
_postgres_used: list[postgres.Server] = []


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "test.sqlite3", seed=1) as t:
        yield t


@pytest.fixture
async def table_en(tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "test.sqlite3", seed=1, locale="en") as t:
        yield t


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.Server | None]:
    """The session's PostgreSQL (started on first use), or None where there is none."""
    server, why = postgres.start()
    if server is None:
        _why_no_postgres.append(why)
    else:
        _postgres_used.append(server)
    yield server
    if server is not None:
        server.close()


@pytest.fixture
async def pg_url(postgres_server: postgres.Server | None) -> AsyncIterator[str]:
    """A fresh PostgreSQL database with every migration applied, for this test only."""
    if postgres_server is None:
        pytest.skip(_why_no_postgres[0])
    url = await postgres_server.create()
    yield url
    await postgres_server.drop(url)


@pytest.fixture
async def pg_empty_url(postgres_server: postgres.Server | None) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database (no tables), for this test only."""
    if postgres_server is None:
        pytest.skip(_why_no_postgres[0])
    url = await postgres_server.create(migrated=False)
    yield url
    await postgres_server.drop(url)


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """The engine a test runs on: each test using it runs once per engine."""
    return str(request.param)


@pytest.fixture
async def database(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str | Path]:
    """Where this test's database lives on ``engine``: an SQLite file not created yet,
    or the URL of a fresh PostgreSQL database (migrated). PostgreSQL is started only
    when a test needs it."""
    if engine == "sqlite":
        yield tmp_path / "test.sqlite3"
        return
    postgres_server: postgres.Server | None = request.getfixturevalue("postgres_server")
    if postgres_server is None:
        pytest.skip(_why_no_postgres[0])
    url = await postgres_server.create()
    yield url
    await postgres_server.drop(url)


@pytest.fixture
async def engine_table(database: str | Path, tmp_path: Path) -> AsyncIterator[OfflineTable]:
    """The offline table (seed 1) on each engine."""
    url = database if isinstance(database, str) else None
    async with OfflineTable(db_path=tmp_path / "test.sqlite3", seed=1, database_url=url) as t:
        yield t


# What each process's PostgreSQL did, for the run's summary: (tests, where) when one was
# used, the reason when there was none. With pytest-xdist (`make test`), each worker
# reports its own to the main process (config.workeroutput).
_postgres_report: list[tuple[int, str]] = []


def pytest_sessionfinish(session: pytest.Session) -> None:
    used = [(server.tests, server.description) for server in _postgres_used]
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the main process summarises
        workeroutput["postgres"] = json.dumps({"used": used, "why_not": _why_no_postgres})
    else:
        _postgres_report.extend(used)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist: a worker finished; keep what its PostgreSQL did."""
    report = json.loads(getattr(node, "workeroutput", {}).get("postgres", "{}") or "{}")
    _postgres_report.extend((tests, where) for tests, where in report.get("used", []))
    _why_no_postgres.extend(report.get("why_not", []))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _why_no_postgres:
        terminalreporter.write_line(f"PostgreSQL tests skipped: {_why_no_postgres[0]}")
    if _postgres_report:
        tests = sum(count for count, _ in _postgres_report)
        where = sorted({description for _, description in _postgres_report})
        clusters = f" ({len(_postgres_report)} processes)" if len(_postgres_report) > 1 else ""
        terminalreporter.write_line(
            f"PostgreSQL: {tests} tests had a database on {', '.join(where)}{clusters}"
        )


@pytest.fixture(autouse=True)
def _test_only_system_installed(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test parametrized by ``system`` (``@every_system``) with a system only the tests
    install (the coin duel) gets it in the catalogue before any other fixture starts a
    bot (autouse fixtures come first), and taken away after."""
    callspec = getattr(request.node, "callspec", None)
    system = callspec.params.get("system") if callspec is not None else None
    if not isinstance(system, str) or not test_only(system):
        yield
        return
    with installed(system):
        yield
