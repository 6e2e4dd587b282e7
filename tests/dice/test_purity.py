"""bot/dice is pure: no global RNG, no clock, no I/O; only source.py touches random."""

from __future__ import annotations

import ast
from pathlib import Path

DICE = Path(__file__).resolve().parents[2] / "bot" / "dice"
FORBIDDEN_MODULES = {
    "time",
    "datetime",
    "os",
    "io",
    "socket",
    "sqlite3",
    "aiosqlite",
    "asyncpg",
    "discord",
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_source_module_imports_random() -> None:
    users = {p.name for p in DICE.glob("*.py") if "random" in _imports(p)}
    assert users == {"source.py"}


def test_no_clock_io_or_discord() -> None:
    for path in DICE.glob("*.py"):
        assert not (_imports(path) & FORBIDDEN_MODULES), path.name


def test_no_open_or_print_calls() -> None:
    for path in DICE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "print", "input"), path.name
