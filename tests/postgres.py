"""A throwaway PostgreSQL for the tests that run on both engines (docs/STORAGE.md).

``COMODIN_TEST_POSTGRES_URL`` (a server where the tests may create and drop databases)
is used when set. Otherwise the system's PostgreSQL binaries (``initdb``, ``pg_ctl`` on
the PATH or in /usr/lib/postgresql/*/bin) start a cluster in a temporary directory,
listening on a free port of 127.0.0.1 and a socket in that directory, as ``nobody`` when
the tests run as root (PostgreSQL refuses to run as root); durability is off (it is thrown
away). Without either, the PostgreSQL tests are skipped and the session's summary says
why in one line.

Each test gets a database of its own: a copy of a template with every migration applied
(``CREATE DATABASE ... TEMPLATE``: tens of milliseconds), dropped after the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.db import open_database

ENV = "COMODIN_TEST_POSTGRES_URL"
START_TIMEOUT = 60


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def find_binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, if PostgreSQL is installed."""
    candidates = [shutil.which("pg_ctl"), *sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))]
    for found in candidates:
        if found:
            folder = Path(found).resolve().parent
            if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
                return folder
    return None


@dataclass
class Cluster:
    """A PostgreSQL started for this test session (stopped and deleted at its end)."""

    bindir: Path
    base: Path
    port: int
    as_user: list[str]

    @property
    def data(self) -> Path:
        return self.base / "data"

    @classmethod
    def start(cls, bindir: Path) -> Cluster:
        as_root = os.geteuid() == 0
        # As root the server runs as nobody, who must reach the folder: /tmp, not a TMPDIR
        # under a private home.
        folder = "/tmp" if as_root and Path("/tmp").is_dir() else None
        base = Path(tempfile.mkdtemp(prefix="comodin-pg-", dir=folder))
        (base / "sock").mkdir()
        as_user: list[str] = []
        if as_root:
            nobody = pwd.getpwnam("nobody")
            for path in (base, base / "sock"):
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
            as_user = [
                "setpriv",
                f"--reuid={nobody.pw_uid}",
                f"--regid={nobody.pw_gid}",
                "--clear-groups",
                "--",
            ]
        cluster = cls(bindir, base, _free_port(), as_user)
        try:
            cluster._run(
                "initdb",
                "-D",
                str(cluster.data),
                "-U",
                "comodin",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            )
            options = " ".join(
                [
                    f"-p {cluster.port}",
                    f"-k {base / 'sock'}",
                    "-c listen_addresses=127.0.0.1",
                    "-c fsync=off",
                    "-c synchronous_commit=off",
                    "-c full_page_writes=off",
                    "-c max_connections=200",
                ]
            )
            cluster._run(
                "pg_ctl",
                "-D",
                str(cluster.data),
                "-l",
                str(base / "server.log"),
                "-o",
                options,
                "-w",
                "-t",
                str(START_TIMEOUT),
                "start",
            )
        except BaseException:
            shutil.rmtree(base, ignore_errors=True)
            raise
        return cluster

    def _run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.bindir / program), *args]
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT + 30,
            env={**os.environ, "LC_ALL": "C"},
            cwd=self.base,
        )
        if result.returncode != 0:
            raise RuntimeError(f"{program} failed: {result.stderr.strip() or result.stdout}")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.base, ignore_errors=True)

    @property
    def admin_url(self) -> str:
        return f"postgresql://comodin@127.0.0.1:{self.port}/postgres"


@dataclass
class Server:
    """Where the tests' databases are made: an admin URL and a migrated template."""

    admin_url: str
    description: str
    cluster: Cluster | None = None
    template: str | None = None
    prefix: str = field(default_factory=lambda: f"comodin_test_{os.getpid()}_")
    made: list[str] = field(default_factory=list)
    tests: int = 0  # how many tests asked for a database here
    _numbers: itertools.count[int] = field(default_factory=itertools.count)

    def url(self, database: str) -> str:
        parts = urlsplit(self.admin_url)
        return urlunsplit(parts._replace(path=f"/{database}"))

    async def create(self, *, migrated: bool = True) -> str:
        """A new database (with every migration applied, or empty); its URL."""
        self.tests += 1
        if migrated and self.template is None:
            self.template = await self._create(None)
            db = await open_database(self.url(self.template))
            await db.close()
        return self.url(await self._create(self.template if migrated else "template0"))

    async def _create(self, template: str | None) -> str:
        name = f"{self.prefix}{next(self._numbers)}"
        conn = await asyncpg.connect(self.admin_url)
        try:
            statement = f'CREATE DATABASE "{name}"'
            if template is not None:
                statement += f' TEMPLATE "{template}"'
            for attempt in range(50):
                try:
                    await conn.execute(statement)
                    break
                except asyncpg.ObjectInUseError:
                    # The template's last connection is still closing on the server side.
                    if attempt == 49:
                        raise
                    await asyncio.sleep(0.05)
        finally:
            await conn.close()
        self.made.append(name)
        return name

    async def drop(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()
        if name in self.made:
            self.made.remove(name)

    def close(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()
            return
        if self.made:  # an outside server: drop what this session made there

            async def drop_all() -> None:
                for name in list(self.made):
                    await self.drop(self.url(name))

            asyncio.run(drop_all())


def start() -> tuple[Server | None, str]:
    """The server for this session, or None and why there is none."""
    outside = os.environ.get(ENV, "").strip()
    if outside:
        return Server(outside, f"{ENV} ({urlsplit(outside).hostname})"), ""
    bindir = find_binaries()
    if bindir is None:
        return None, f"no PostgreSQL binaries (initdb, pg_ctl) found and {ENV} is not set"
    try:
        cluster = Cluster.start(bindir)
    except (OSError, RuntimeError, subprocess.SubprocessError, KeyError) as exc:
        return None, f"could not start PostgreSQL from {bindir}: {exc}"
    return Server(cluster.admin_url, f"a throwaway cluster from {bindir}", cluster), ""
