"""The plugin is the only door (issue 33): no code outside a system's own files and the
catalogue names a system. A list of systems anywhere else (``STATE_CHECKS``, a
``ROUNDING`` map, ``SYSTEMS = {"swade"}``) is a fact the fourth system would have to be
added to by hand, and would be missed: what the bot needs of a system, it asks its
plugin (``docs/COGS.md``).

The names looked for are the catalogue's: each built-in system's name (``swade``) and
title (``Savage Worlds``, written with spaces, ``_`` or ``-``), in any case, inside an
identifier (``swade_only``, ``SwadeState``) or a string literal (a catalogue key, a
choice, a description). Comments and docstrings may name them: they explain, they do
not decide. The production code is read (``bot/``, ``cogs/``), and the tests and
benchmarks that try every system (:data:`EVERY_SYSTEM`); a system's own files are
its package in ``bot/systems`` and ``bot/render``, its dice module in ``bot/dice`` and
its own commands (``cogs/<system>*.py``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

from bot.systems import catalogue

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = [p.system for p in catalogue.BUILT_IN]
TITLES = [p.title for p in catalogue.BUILT_IN]
NAMED = re.compile(
    "|".join(
        [*map(re.escape, SYSTEMS), *(r"[ _-]?".join(map(re.escape, t.split())) for t in TITLES)]
    ),
    re.IGNORECASE,
)

# Where a system is at home: nothing there is a second list of systems.
OWN = [
    *(f"bot/systems/{s}/" for s in SYSTEMS),
    *(f"bot/render/{s}/" for s in SYSTEMS),
    *(f"bot/dice/{s}.py" for s in SYSTEMS),
    *(f"cogs/{s}" for s in SYSTEMS),  # its own commands: cogs/<system>_<what>.py
    "bot/systems/catalogue.py",  # the one list
]

# The occurrences allowed elsewhere, each with why (path prefix, the text it is in).
ALLOWED: list[tuple[str, str]] = [
    # The dice registry: /roll reads every system's notation in every channel (N-2) and
    # gives its odds; a system's dice module (bot/dice/<system>.py) is its own.
    ("bot/dice/", ""),
]


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    """Where each docstring starts: of a module, class or function, and every string
    standing alone as a statement (an attribute's)."""
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            found.add((node.lineno, node.col_offset))
    return found


def occurrences(path: Path) -> Iterator[tuple[int, str]]:
    """(line, token) of every identifier and string literal of ``path`` naming a system."""
    source = path.read_text(encoding="utf-8")
    docstrings = _docstrings(ast.parse(source))
    literal = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        read = token.type == tokenize.NAME or (
            token.type in literal and token.start not in docstrings
        )
        if read and NAMED.search(token.string):
            yield token.start[0], token.string


# The tests and benchmarks that try every system take them from the catalogue too.
EVERY_SYSTEM = [
    "bench/hostile.py",
    "tests/every_system.py",
    "tests/hostile/test_fuzz.py",
    "tests/hostile/test_sweep.py",
    "tests/table/test_names.py",
]


def production() -> Iterator[Path]:
    """The code read: the bot's, and the tests and benchmarks that try every system."""
    for folder in ("bot", "cogs"):
        yield from sorted((ROOT / folder).rglob("*.py"))
    yield from (ROOT / name for name in EVERY_SYSTEM)


def _where(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _allowed(where: str, token: str) -> bool:
    return any(where.startswith(prefix) and text in token for prefix, text in ALLOWED)


def test_no_code_outside_a_system_and_the_catalogue_names_a_system() -> None:
    found = [
        f"{where}:{line}: {token[:80]}"
        for path in production()
        if not (where := _where(path)).startswith(tuple(OWN))
        for line, token in occurrences(path)
        if not _allowed(where, token)
    ]
    assert found == [], "ask the plugin instead (docs/COGS.md):\n" + "\n".join(found)


def test_every_allowance_is_still_needed() -> None:
    """The allow-list stays as short as the code lets it be: an entry nothing needs goes."""
    used = {
        (prefix, text)
        for path in production()
        if not (where := _where(path)).startswith(tuple(OWN))
        for _line, token in occurrences(path)
        for prefix, text in ALLOWED
        if where.startswith(prefix) and text in token
    }
    assert [entry for entry in ALLOWED if entry not in used] == []


def test_the_search_finds_what_it_looks_for(tmp_path: Path) -> None:
    """A list of systems, a name in an identifier, a title in a literal are found; the
    same words in comments and docstrings are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Savage Worlds and ds20, explained."""\n'
        "# swade, in a comment\n"
        'ROUNDING = {"ritualhex": "up"}\n'
        "def swade_only(x):\n"
        '    """For Dread S-20."""\n'
        '    return f"{x} Savage Worlds"\n'
        'HELP = "Ritual_Hex notation"\n',
        encoding="utf-8",
    )
    assert [line for line, _token in occurrences(sample)] == [3, 4, 6, 7]
