"""SQL lives in ``bot/storage`` (DESIGN.md, issue 33): the services, the cogs and the
bot ask its repositories (``bot/storage/encounters.py``, ``bennies.py``, ``reminders.py``,
``characters.py``, ``settings.py``, ``interactions.py``), which are written once for both
engines; a third engine is then a new ``Database``, not edits everywhere."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SQL = re.compile(r"\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b")


def statements(path: Path) -> list[str]:
    """Where ``path``'s string literals hold SQL (``file:line``)."""
    source = path.read_text(encoding="utf-8")
    return [
        f"{path.name}:{token.start[0]}"
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.STRING and SQL.search(token.string)
    ]


def test_no_sql_outside_the_storage_package() -> None:
    found = [
        where
        for folder in ("bot", "cogs")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not path.relative_to(ROOT).as_posix().startswith("bot/storage/")
        for where in statements(path)
    ]
    assert found == []


def test_the_search_finds_sql(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('Q = "SELECT 1 FROM bennies"\nW = "select what you want"\n')
    assert [w.split(":")[1] for w in statements(sample.resolve())] == ["1"]
