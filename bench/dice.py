"""Dice benchmark: parse+roll throughput against the d20 library, and exact-odds time.

    python -m bench.dice                 # (make bench) default run, a few seconds
    python -m bench.dice --seconds 2 --json out.json

1. Throughput on a fixed set of 20 expressions (16 that both engines accept and mean
   the same, 4 in Comodín's notation only). Each engine through its normal entry point:
   ``bot.dice.expr.roll(text, RandomSource)`` and ``d20.roll(text)`` (which also builds
   its Markdown string). Both cache parsed expressions, so the "hot" figure is mostly
   evaluation; the "cold" figure parses every time (our ``parse.__wrapped__``, d20's
   ``Roller.parse`` with its cache emptied). The ratio printed is ours / theirs (rolls
   per second) over the shared expressions; > 1 means Comodín is faster.
2. Time to compute the exact odds (:func:`bot.dice.odds.trait_odds`) of every SWADE
   trait test d4..d12 x modifier -4..+4 x Wild Card/Extra at TN 4, caches emptied
   before each of 5 rounds: the best round's total and the worst single call.
3. The work budget of exact odds (:mod:`bot.dice.budget`): units charged per
   millisecond of CPU on a few pools and sets (the budget assumes about 10 per
   microsecond, i.e. 10,000 per ms; more means the budget is conservative there).

d20 is imported here only, and only if installed (``pip install -e .[bench]``; note that
d20 depends on the old ``lark-parser`` package, which must not replace ``lark``).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.dice import odds
from bot.dice.expr import parse, roll
from bot.dice.source import RandomSource

SHARED = [
    "1d20",
    "1d20+5",
    "2d6+3",
    "4d6kh3",
    "2d20kh1+7",
    "2d20kl1-1",
    "8d6",
    "1d8+1d6+4",
    "(1d8, 1d6)kh1",
    "3d6mi2",
    "1d12ro1+3",
    "10d10kh5",
    "1d6e6",
    "6d6ph2",
    "(1d20+5)*2",
    "2d8ma6+1 [fire]",
]
ROUNDS = 5
OURS_ONLY = ["(1d8!, 1d6!)kh1", "4d6dl1", "6x 4d6kh3", "2d6!+1d4 # hacha"]


def _rate(fn: Callable[[str], Any], exprs: list[str], seconds: float) -> float:
    """Rolls per second over ``exprs`` in round-robin for about ``seconds``."""
    for e in exprs:  # warm up (and fill caches)
        fn(e)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for e in exprs:
            fn(e)
        n += len(exprs)
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def throughput(seconds: float) -> dict[str, Any]:
    src = RandomSource(12345)
    ours_hot = _rate(lambda e: roll(e, src).total, SHARED, seconds)
    uncached = parse.__wrapped__  # type: ignore[attr-defined]
    ours_cold = _rate(lambda e: roll(uncached(e), src).total, SHARED, seconds)
    ours_view = _rate(lambda e: roll(e, src).to_view(), SHARED, seconds)
    ours_only = _rate(lambda e: roll(e, src).total, OURS_ONLY, seconds)
    out: dict[str, Any] = {
        "expressions_shared": len(SHARED),
        "expressions_ours_only": len(OURS_ONLY),
        "ours_hot_per_s": round(ours_hot),
        "ours_cold_per_s": round(ours_cold),
        "ours_hot_with_view_per_s": round(ours_view),
        "ours_only_expressions_per_s": round(ours_only),
    }
    try:
        import d20  # bench-only dependency
    except ImportError:
        out["d20"] = "not installed: pip install d20 (ratio not measured)"
        return out
    roller = d20.Roller()
    theirs_hot = _rate(lambda e: roller.roll(e).total, SHARED, seconds)

    def theirs_cold_roll(e: str) -> int:
        roller._parse_cache.clear()
        return roller.roll(e).total

    theirs_cold = _rate(theirs_cold_roll, SHARED, seconds)
    out.update(
        {
            "d20_version": getattr(d20, "__version__", "?"),
            "d20_hot_per_s": round(theirs_hot),
            "d20_cold_per_s": round(theirs_cold),
            "ratio_hot": round(ours_hot / theirs_hot, 2),
            "ratio_cold": round(ours_cold / theirs_cold, 2),
            "ratio_hot_ours_with_view": round(ours_view / theirs_hot, 2),
        }
    )
    return out


def trait_odds_time() -> dict[str, Any]:
    cases = [
        (die, mod, wild) for die in (4, 6, 8, 10, 12) for mod in range(-4, 5) for wild in (6, None)
    ]
    gc.collect()  # do not bill the throughput run's garbage to the odds
    worst = 0.0
    totals = []
    for _ in range(ROUNDS):
        odds.acing_at_least.cache_clear()
        start = time.perf_counter()
        for die, mod, wild in cases:
            t = time.perf_counter()
            odds.trait_odds(die, modifier=mod, tn=4, wild_die=wild)
            worst = max(worst, time.perf_counter() - t)
        totals.append(time.perf_counter() - start)
    total = min(totals)
    return {
        "trait_tests": len(cases),
        "rounds": ROUNDS,
        "total_ms": round(total * 1000, 3),
        "mean_ms": round(total * 1000 / len(cases), 4),
        "worst_ms": round(worst * 1000, 4),
    }


BUDGET_CASES = [
    "30d1000kh15",
    "100d100kh50",
    "1000d6kh500",
    "(2d6,2d6,2d6,2d6,2d6,2d6)kh3",
    "30d1000kh15+1d20",
    "10d6!kh3",
]


def budget_units() -> dict[str, Any]:
    """Units charged per ms of CPU for a few exact distributions (unlimited budget)."""
    from bot.dice.budget import unlimited
    from bot.dice.dist import distribution

    out: dict[str, Any] = {}
    for text in BUDGET_CASES:
        budget = unlimited()
        start = time.process_time()
        distribution(text, budget=budget)
        ms = (time.process_time() - start) * 1000
        out[text] = {
            "units": budget.used,
            "ms": round(ms, 2),
            "units_per_ms": round(budget.used / max(ms, 0.01)),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    figures = {
        "throughput": throughput(args.seconds),
        "trait_odds": trait_odds_time(),
        "budget": budget_units(),
    }
    t = figures["throughput"]
    print("dice bench (parse+roll, rolls per second)")
    print(f"  ours, hot cache       {t['ours_hot_per_s']:>10,}")
    print(f"  ours, parse each time {t['ours_cold_per_s']:>10,}")
    print(f"  ours, hot + to_view() {t['ours_hot_with_view_per_s']:>10,}")
    print(f"  ours, ours-only exprs {t['ours_only_expressions_per_s']:>10,}")
    if "d20_hot_per_s" in t:
        print(f"  d20,  hot cache       {t['d20_hot_per_s']:>10,}")
        print(f"  d20,  parse each time {t['d20_cold_per_s']:>10,}")
        print(
            f"  ratio ours/d20: hot {t['ratio_hot']}x, cold {t['ratio_cold']}x, "
            f"hot with our to_view() {t['ratio_hot_ours_with_view']}x"
        )
    else:
        print(f"  d20: {t['d20']}")
    o = figures["trait_odds"]
    print(
        f"exact SWADE trait odds: {o['trait_tests']} tests in {o['total_ms']} ms "
        f"(best of {o['rounds']} rounds, caches emptied each round; mean {o['mean_ms']} ms, "
        f"worst single call {o['worst_ms']} ms)"
    )
    print("exact-odds work budget: units charged per ms of CPU (assumed: about 10,000)")
    for text, b in figures["budget"].items():
        print(f"  {text:32} {b['units']:>10,} units in {b['ms']:>8} ms: {b['units_per_ms']:>7,}/ms")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
