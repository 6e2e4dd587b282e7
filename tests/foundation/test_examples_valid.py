"""Every docs/examples script through `comodin play --json`, each message checked against
Discord's rules with the doubles' validator (issue 15 item 5). The flags each script's
header documents (``--seed``, ``--dice``, ``--strict-dice``) are used."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.render import discord_rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.txt"))
EDITS = {"edit", "channel_edit", "update"}


def documented_flags(script: Path) -> list[str]:
    """The ``play`` flags in the script's header comment (the command it shows)."""
    header = []
    for line in script.read_text("utf-8").splitlines():
        if not line.startswith("#"):
            break
        header.append(line.lstrip("#").strip().rstrip("\\").strip())
    text = " ".join(header)
    command = re.search(r"play --script \S+(.*?)(?:$|\s{2,}|[.;]\s)", text)
    if command is None:
        return []
    words = shlex.split(command[1])
    flags = []
    for i, word in enumerate(words):
        if word in ("--seed", "--dice", "--locale"):
            flags += [word, words[i + 1]]
        elif word == "--strict-dice":
            flags.append(word)
    return flags


def violations(row: dict[str, Any]) -> list[discord_rules.Violation]:
    if row["kind"] == "modal":
        return discord_rules.check_callback(2, {"type": 9, "data": row["modal"]})
    body = {
        key: row[key]
        for key in ("content", "embeds", "components", "allowed_mentions")
        if row.get(key) is not None
    }
    return discord_rules.check_message(body, edit=row["kind"] in EDITS)


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 5
    assert documented_flags(ROOT / "docs/examples/ritualhex-fight.txt")[:2] == [
        "--strict-dice",
        "--dice",
    ]


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_message_of_the_example_is_valid_for_discord(script: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "play",
            "--json",
            "--script",
            str(script),
            *documented_flags(script),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert "Discord lo rechazaría" not in result.stderr, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows, "the script sent nothing"
    refused = [(row["kind"], str(v)) for row in rows for v in violations(row)]
    assert refused == []


def test_the_check_catches_what_discord_refuses() -> None:
    """The rows are checked as the doubles check them: a refused one is caught."""
    row = {"kind": "reply", "content": "x" * 2001, "embeds": [], "components": []}
    assert {str(v) for v in violations(row)} == {
        "In content: Must be 2000 or fewer in length.",
        "In allowed_mentions: Comodín sends allowed_mentions with every message (it never pings anyone).",
    }
    modal = {"kind": "modal", "modal": {"custom_id": "m", "title": "x" * 46, "components": []}}
    assert len(violations(modal)) == 2  # the title, and no input
