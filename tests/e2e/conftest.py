"""End-to-end fixtures: FakeDiscord in the test's loop and the real ``python -m bot run``
as a subprocess pointed at it (DESIGN.md, "Discord test double")."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from tests.fakediscord import FakeDiscord, assert_no_violations

REPO = Path(__file__).resolve().parents[2]
T = TypeVar("T")
GATEWAY_HINT = (
    " The app pointed REST at the double but opened the real gateway: discord.py 2.7's"
    " Client.connect uses DiscordWebSocket.DEFAULT_GATEWAY (it never asks GET /gateway/bot),"
    " so with COMODIN_DISCORD_API_URL set the app must also set"
    ' DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http", "ws", 1) + "/").'
)


@dataclass
class BotProcess:
    process: asyncio.subprocess.Process
    log_path: Path

    async def expect(self, awaitable: Awaitable[T], what: str) -> T:
        """Await ``awaitable``; fail at once, with the log, if the bot process exits first."""
        task = asyncio.ensure_future(awaitable)
        exited = asyncio.ensure_future(self.process.wait())
        try:
            await asyncio.wait({task, exited}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            exited.cancel()
        if not task.done():
            task.cancel()
            log = self.log_tail()
            hint = GATEWAY_HINT if "gateway.discord.gg" in log else ""
            raise AssertionError(
                f"comodin run exited ({self.process.returncode}) while waiting for {what}.{hint}\n"
                + log
            )
        try:
            return task.result()
        except TimeoutError as exc:
            raise AssertionError(f"{exc}\n--- comodin run log ---\n{self.log_tail()}") from exc

    async def ready(self, fd: FakeDiscord) -> None:
        """Until the bot has identified and synced its commands to the double's server
        (its first start on a database with ``COMODIN_DEV_GUILD_ID``)."""
        await self.expect(fd.wait_ready(timeout=10), "IDENTIFY")
        await self.expect(
            fd.wait_request("PUT", f"/applications/*/guilds/{fd.guild_id}/commands"), "sync"
        )

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fd:
        yield fd
        assert_no_violations(fd)


async def launch(
    fd: FakeDiscord,
    db_path: Path,
    log_path: Path,
    *,
    log_level: str = "DEBUG",
    profile: Path | None = None,
    database_url: str | None = None,
    args: list[str] | None = None,
    dev_guild: bool = True,
    env: dict[str, str] | None = None,
    cwd: Path = REPO,
    entry: list[str] | None = None,
) -> BotProcess:
    """Start `python -m bot run [args]` against the double with the given database (the
    SQLite file ``db_path``, or ``database_url``; under cProfile, writing ``profile``
    when it stops, if given). ``dev_guild``: sync commands to the double's test guild
    (COMODIN_DEV_GUILD_ID), else globally, as a bot in many servers does. ``env``: more
    variables; ``cwd``: the checkout to run (the bench runs another commit's this way);
    ``entry``: what runs instead of ``-m bot`` (the bench's instrumented wrapper)."""
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "COMODIN_"))
    }
    environment.update(
        DISCORD_TOKEN="fake-token-for-the-double",
        COMODIN_DISCORD_API_URL=fd.url,
        COMODIN_DB_PATH=str(db_path),
        COMODIN_LOG_LEVEL=log_level,
        PYTHONUNBUFFERED="1",
    )
    if dev_guild:
        environment["COMODIN_DEV_GUILD_ID"] = str(fd.guild_id)
    if database_url is not None:
        environment["COMODIN_DATABASE_URL"] = database_url
    environment.update(env or {})
    with log_path.open("ab") as log:
        profiler = ["-m", "cProfile", "-o", str(profile)] if profile else []
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *profiler,
            *(entry or ["-m", "bot"]),
            "run",
            *(args or []),
            cwd=cwd,
            env=environment,
            stdout=log,
            stderr=log,
        )
    return BotProcess(process, log_path)


async def stop(bot: BotProcess, *, kill: bool = False, timeout: float = 5.0) -> None:
    """Terminate (SIGTERM, a clean shutdown) or kill -9 the bot, and wait for it (killing
    it after ``timeout`` seconds)."""
    process = bot.process
    if process.returncode is not None:
        return
    if kill:
        process.kill()
    else:
        process.terminate()
    try:
        await asyncio.wait_for(process.wait(), timeout=timeout)
    except TimeoutError:
        process.kill()
        await process.wait()


@pytest.fixture
async def comodin_run(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """`python -m bot run` against the double; always terminated (then killed) at the end."""
    bot = await launch(fake_discord, tmp_path / "e2e.sqlite3", tmp_path / "comodin-run.log")
    try:
        yield bot
    finally:
        await stop(bot)
        print(f"--- comodin run log (tail) ---\n{bot.log_tail()}")
