"""Issue 33: a module does one thing and is small enough to read at once (STYLE.md "A
module per rule"): no file in bot/ or cogs/ over 600 lines, no function over 80 lines.
A room that grows past them holds several rules: split it by rule, as
bot/systems/swade/combat/ and turns/ are."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80  # from its ``def`` (decorators aside) to its last line

# Files another branch is splitting right now. Nothing belongs on this list (issue 33's
# part A split the encounter service and the bennies ledger).
BEING_SPLIT: set[str] = set()


def sources() -> list[Path]:
    return sorted([*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")])


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_walk_finds_the_code() -> None:
    names = {relative(p) for p in sources()}
    assert "bot/systems/swade/combat/attack.py" in names
    assert "cogs/roll.py" in names
    assert names >= BEING_SPLIT, "a file on the list is gone: take it off the list"


def test_no_file_is_over_600_lines() -> None:
    long = {
        relative(p): n
        for p in sources()
        if relative(p) not in BEING_SPLIT
        and (n := len(p.read_text("utf-8").splitlines())) > MAX_FILE_LINES
    }
    assert not long, f"split by rule (over {MAX_FILE_LINES} lines): {long}"


def test_no_function_is_over_80_lines() -> None:
    long: dict[str, int] = {}
    for path in sources():
        if relative(path) in BEING_SPLIT:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long[f"{relative(path)}:{node.lineno} {node.name}"] = size
    assert not long, f"make several functions of (over {MAX_FUNCTION_LINES} lines): {long}"


def test_the_allow_list_is_still_needed() -> None:
    """Once a file on the list is within both limits, it comes off the list."""
    for name in BEING_SPLIT:
        path = ROOT / name
        lines = len(path.read_text("utf-8").splitlines())
        longest = max(
            (
                (n.end_lineno or n.lineno) - n.lineno + 1
                for n in ast.walk(ast.parse(path.read_text("utf-8")))
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            ),
            default=0,
        )
        assert lines > MAX_FILE_LINES or longest > MAX_FUNCTION_LINES, (
            f"{name} fits now: remove it from BEING_SPLIT"
        )
