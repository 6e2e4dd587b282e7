"""What ships is what is tested (DESIGN.md, "Contracts added in turn 3"; issue 26).

The wheel is built from the files the Dockerfile copies into the image, installed outside
the checkout, and run from an empty folder: ``comodin db upgrade`` (SQLite and
PostgreSQL), then a documented example through ``comodin play`` in Spanish and in
English. Every test but this one runs on the editable checkout, where a catalogue or a
migration missing from the package data still reads fine; here it shows as a raw
catalogue key (``ping.title``), a missing file or a traceback.

The same install as the Dockerfile's: ``pip wheel --no-deps`` from the copied files, then
the wheel installed. Only the dependencies differ: the image takes them from PyPI, this
test reuses the test environment's (its site-packages on the new environment's path,
without the ``.pth`` hook that maps ``bot`` to the checkout), so it takes seconds, offline.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.i18n import catalog, renamed, t
from bot.storage.db import load_migrations

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "swade-combat.txt"
TIMEOUT = 180
# What Docker leaves out of the build context too (.dockerignore).
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.sqlite3", "*.sqlite3-*")
KEY_LIKE = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")
BROKEN = ("Traceback", "FileNotFoundError", "No such file", "DatabaseError", "would refuse")


@dataclass(frozen=True)
class Installed:
    """A virtual environment holding the wheel, and an empty folder to run it in."""

    env: Path
    build_output: str

    @property
    def python(self) -> Path:
        return self.env / "bin" / "python"

    @property
    def comodin(self) -> Path:
        return self.env / "bin" / "comodin"


def image_files() -> list[tuple[str, str]]:
    """(source, destination) of every ``COPY`` of the Dockerfile, relative to its WORKDIR."""
    copies = []
    for line in (ROOT / "Dockerfile").read_text("utf-8").splitlines():
        words = line.split()
        if words[:1] == ["COPY"]:
            *sources, destination = words[1:]
            copies += [(source, destination) for source in sources]
    return copies


def _copy_build_context(into: Path) -> None:
    for source, destination in image_files():
        target = into / destination
        if destination.endswith("/"):
            target = target / Path(source).name
        path = ROOT / source
        if path.is_dir():
            # Docker copies a symbolic link as a link (bot/storage/migrations).
            shutil.copytree(path, target, symlinks=True, ignore=IGNORED)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def _run(args: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("COMODIN_", "PYTHON"))}
    environ.pop("DISCORD_TOKEN", None)
    environ.update(env)
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"{done.args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    source, wheels, env = base / "src", base / "wheels", base / "env"
    _copy_build_context(source)
    pip = [sys.executable, "-m", "pip"]
    built = _run(
        [
            *pip,
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            wheels,
            ".",
        ],
        cwd=source,
    )
    _ok(built)
    [wheel] = wheels.glob("comodin-*.whl")
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", env], cwd=base))
    # The test environment's packages without its .pth files: a path line in a .pth file
    # is not a site directory, so the editable install's hook never loads.
    site = Path(_ok(_run([env / "bin" / "python", "-c", _PURELIB], cwd=base)).strip())
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (site / "_comodin_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    # --ignore-installed: pip must not touch the checkout's editable comodin it can see.
    install = ["install", "--no-deps", "--no-index", "--ignore-installed", wheel]
    _ok(_run([*pip, "--python", env / "bin" / "python", *install], cwd=base))
    return Installed(env, built.stdout + built.stderr)


_PURELIB = "import sysconfig; print(sysconfig.get_path('purelib'))"
_WHERE = """
import importlib, json, bot, cogs
texts = importlib.import_module("bot.i18n.catalog")  # bot.i18n.catalog is also a function
from bot.storage import db
print(json.dumps({
    "bot": bot.__file__,
    "cogs": cogs.__file__,
    "locales": str(texts.LOCALES_DIR),
    "keys": {lang: len(texts.catalog(lang)) for lang in texts.LANGUAGES},
    "renamed": len(importlib.import_module("bot.i18n.renamed").PREFIXES),
    "migrations": str(db.MIGRATIONS_DIR),
    "dictionary": str(importlib.import_module("bot.storage.packed").DICTIONARY_FILE),
    "loaded": [[m.name, m.postgresql is not None] for m in db.load_migrations()],
}))
"""


def catalogue_keys() -> set[str]:
    return set(catalog("es")) | set(catalog("en"))


def raw_keys(text: str) -> list[str]:
    """Catalogue keys shown as they are (``ping.title``, ``swade.board.next``)."""
    keys = catalogue_keys()
    return sorted({token for token in KEY_LIKE.findall(text) if token in keys})


def test_the_check_finds_a_raw_key() -> None:
    assert raw_keys("**ping.title**\nswade.board.not_dealt [board.title]") == [
        "board.title",
        "ping.title",
        "swade.board.not_dealt",
    ]
    assert raw_keys("Ana hits: 2d6+1. Goblin.1 falls.") == []


def test_the_image_copies_what_the_package_is_built_from() -> None:
    copied = {source for source, _ in image_files()}
    assert {"pyproject.toml", "README.md", "bot", "cogs", "migrations"} <= copied


def test_the_wheel_builds_without_deprecation_warnings(installed: Installed) -> None:
    """Issue 26: ``project.license`` is an SPDX string, not a table setuptools deprecates."""
    assert "Successfully built comodin" in installed.build_output
    assert "Deprecat" not in installed.build_output, installed.build_output


def test_the_installed_copy_runs_and_reads_its_own_files(
    installed: Installed, tmp_path: Path
) -> None:
    where = json.loads(_ok(_run([installed.python, "-c", _WHERE], cwd=tmp_path)))
    inside = installed.env.resolve()
    for name in ("bot", "cogs", "locales", "migrations", "dictionary"):
        path = Path(where[name])
        assert path.resolve().is_relative_to(inside), f"{name} read from {path}, not the wheel"
        assert not path.is_symlink()
    assert where["keys"] == {lang: len(catalog(lang)) for lang in ("es", "en")}
    assert where["renamed"] == len(renamed.PREFIXES) > 0  # old keys in stored data
    assert where["loaded"] == [[m.name, m.postgresql is not None] for m in load_migrations()]
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran


def test_db_upgrade_from_an_empty_folder(installed: Installed, tmp_path: Path) -> None:
    newest = load_migrations()[-1].version
    said = _ok(_run([installed.comodin, "db", "upgrade"], cwd=tmp_path))
    assert f"schema version {newest} (applied: {list(range(1, newest + 1))})" in said
    assert (tmp_path / "comodin.sqlite3").is_file()
    said = _ok(_run([installed.comodin, "db", "version"], cwd=tmp_path))
    assert f"schema version {newest} (this Comodín: {newest})" in said


async def test_db_upgrade_on_postgresql(
    installed: Installed, tmp_path: Path, pg_empty_url: str
) -> None:
    """The PostgreSQL rewrites (migrations/postgresql) ship too."""
    newest = load_migrations()[-1].version
    upgrade = [installed.comodin, "db", "upgrade"]
    said = _ok(_run(upgrade, cwd=tmp_path, COMODIN_DATABASE_URL=pg_empty_url))
    assert f"schema version {newest} (applied: {list(range(1, newest + 1))})" in said


def _example_options() -> list[str]:
    """The command line the example's header documents (its seed and forced dice)."""
    header = EXAMPLE.read_text("utf-8")
    seed = re.search(r"--seed (\d+)", header)
    dice = re.search(r'--dice "([\d,]+)"', header)
    assert seed and dice, f"{EXAMPLE.name} no longer documents its --seed and --dice"
    return ["--seed", seed.group(1), "--strict-dice", "--dice", dice.group(1)]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_example_plays_in_each_language(installed: Installed, tmp_path: Path, lang: str) -> None:
    _ok(_run([installed.comodin, "db", "upgrade"], cwd=tmp_path))
    play = [installed.comodin, "play", "--script", EXAMPLE, "--db", "comodin.sqlite3"]
    done = _run([*play, "--locale", lang, *_example_options()], cwd=tmp_path)
    out = _ok(done)
    assert not [b for b in BROKEN if b in done.stderr + out], done.stderr[-3000:]
    assert raw_keys(out) == []
    other = "en" if lang == "es" else "es"
    for key in ("board.empty", "swade.board.legend", "swade.board.next"):
        assert t(key, lang) in out
        assert t(key, other) not in out
