"""The dice bench still runs (a few milliseconds per measurement)."""

from __future__ import annotations

import json
from pathlib import Path

from bench import dice as bench_dice


def test_bench_runs_and_writes_figures(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    assert bench_dice.main(["--seconds", "0.01", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["trait_odds"]["trait_tests"] == 90
    assert figures["throughput"]["ours_hot_per_s"] > 0


def test_shared_expressions_roll_here() -> None:
    from bot.dice.expr import roll
    from bot.dice.source import RandomSource

    for text in bench_dice.SHARED + bench_dice.OURS_ONLY:
        roll(text, RandomSource(1))


def test_rules_bench_runs_on_a_small_encounter(tmp_path: Path) -> None:
    from bench import rules as bench_rules

    out = tmp_path / "rules.json"
    args = ["--parts", "ritualhex,nadie", "--combatants", "6", "--steps", "8", "--nadie", "3"]
    args += ["--json", str(out)]
    assert bench_rules.main(args) == 0
    figures = json.loads(out.read_text())
    assert figures["ritualhex"]["rules"], "some rules call was timed"
    assert set(figures["nadie"]) == {"3"}
