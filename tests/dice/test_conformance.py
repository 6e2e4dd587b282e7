"""Issue 31: what players of savagebot and Avrae type reads here as N-1 and N-2 say.

The cases are the expressions of the other bots' own tests and READMEs
(``tests/dice/conformance/*.toml``; the expressions only, no code of theirs), each with
forced dice and the totals (and Savage Worlds outcomes) that bot gives for them. Every
case either means the same here, or names an intended difference (``differs``) that the
README's "Where the notation differs" table lists, with what it gives here instead;
nothing else may differ. For d20's cases, d20 itself (installed by the Makefile) rolls
the same forced dice, so the totals written in the data are d20's own.

Fields of a case: ``text``, ``dice`` (forced, all consumed), and what it gives:
``results`` (per roll of the line, in order: an expression's total per repetition, a
trait roll's results lowest first, a damage roll's total against Toughness) with
``outcomes`` where the source shows them; ``error`` (both bots refuse it); ``no_roll``
(neither rolls: savagebot echoes text, here it is refused with a teaching message). With
``differs``: ``theirs`` is what the other bot gives, and ``results`` / ``refused``
(the form suggested, "" for none) what this bot gives; ``d20_dice`` when d20 asks for
other dice (its ``d%`` is a d10).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.dice.dispatch import RepeatResult
from bot.dice.expr import RollResult
from bot.dice.line import read_line, roll_line
from bot.dice.source import DiceError, ForcedSource
from bot.dice.swade import TraitDieResult, TraitResult
from bot.dice.toughness import Outcome, ToughnessResult

DATA = Path(__file__).parent / "conformance"
README = Path(__file__).resolve().parents[2] / "README.md"
REFUSALS = ("dice.did_you_mean", "dice.cannot_read")


def cases(source: str) -> list[dict[str, Any]]:
    with (DATA / f"{source}.toml").open("rb") as f:
        return list(tomllib.load(f)["case"])


SAVAGEBOT = cases("savagebot")
D20 = cases("d20")


def listed_differences() -> set[str]:
    text = README.read_text("utf-8")
    section = text[text.index("### Where the notation differs") :]
    section = section[: section.index("\n\n", section.index("| name |"))]
    return set(re.findall(r"^\| `([a-z0-9-]+)` \|", section, flags=re.M))


# -- what a line gives ---------------------------------------------------------------------


def _trait_outcome(k: TraitDieResult, critical: bool) -> str:
    if critical:
        return "critical failure"
    if not k.success:
        return ""
    if k.raises:
        return f"success; {k.raises} raise" + ("s" if k.raises > 1 else "")
    return "success"


def _toughness_outcome(o: Outcome) -> str:
    if not o.shaken:
        return ""
    if o.wounds:
        return f"shaken, {o.wounds} wound" + ("s" if o.wounds > 1 else "")
    return "shaken"


def observe(results: list[Any]) -> tuple[list[int], list[str]]:
    """Totals and outcomes as the other bots show them (savagebot lists a trait roll's
    results lowest first, and shows nothing for a failure)."""
    totals: list[int] = []
    outcomes: list[str] = []
    for r in results:
        if isinstance(r, RepeatResult):
            more = observe(list(r.results))
            totals += more[0]
            outcomes += more[1]
        elif isinstance(r, TraitResult):
            for k in sorted(r.kept, key=lambda k: k.total):
                totals.append(k.total)
                outcomes.append(_trait_outcome(k, r.critical_failure))
        elif isinstance(r, ToughnessResult):
            for o in r.outcomes:
                totals.append(o.total)
                outcomes.append(_toughness_outcome(o))
        else:
            assert isinstance(r, RollResult)
            totals += r.totals
            outcomes += [""] * len(r.totals)
    return totals, outcomes


def ours(case: dict[str, Any]) -> dict[str, Any]:
    """What this bot does with the case: its results, or its refusal."""
    dice = ForcedSource(case.get("dice", []), strict=True)
    try:
        line = read_line(case["text"])
        results = roll_line(line, dice)
    except DiceError as err:
        return {"error": err.key, "suggestion": err.params.get("suggestion", "")}
    assert dice.remaining == 0, f"forced dice left over: {dice.remaining}"
    totals, outcomes = observe(results)
    return {"results": totals, "outcomes": outcomes}


def check(case: dict[str, Any]) -> None:
    got = ours(case)
    if case.get("error") or case.get("no_roll"):
        assert "error" in got, got
        if case.get("no_roll"):
            # Nothing typed: refused as empty, with how to write a roll (dice.empty).
            expected = ("dice.empty",) if not case["text"].strip() else REFUSALS
            assert got["error"] in expected, got
        return
    if "refused" in case:
        assert got.get("error") in REFUSALS, got
        assert got["suggestion"] == case["refused"], got
        if case["refused"]:
            read_line(case["refused"])  # the suggestion reads
        return
    assert "error" not in got, got
    assert got["results"] == case["results"], got
    if "outcomes" in case:
        assert got["outcomes"] == case["outcomes"], got


def _id(case: dict[str, Any]) -> str:
    return case["text"] or "<empty>"


@pytest.mark.parametrize("case", SAVAGEBOT, ids=_id)
def test_savagebot_case(case: dict[str, Any]) -> None:
    _check_difference(case)
    check(case)


@pytest.mark.parametrize("case", D20, ids=_id)
def test_d20_case(case: dict[str, Any]) -> None:
    _check_difference(case)
    check(case)


def _check_difference(case: dict[str, Any]) -> None:
    differs = case.get("differs")
    if differs is None:
        assert "theirs" not in case, "a case that means the same has no 'theirs'"
        return
    assert differs in listed_differences(), f"{differs!r} is not in the README's table"
    assert "theirs" in case, "an intended difference says what the other bot gives"


def test_every_listed_difference_has_a_case() -> None:
    used = {c["differs"] for c in SAVAGEBOT + D20 if "differs" in c}
    assert listed_differences() == used


def test_the_suite_is_big() -> None:
    assert len(SAVAGEBOT) >= 200 and len(D20) >= 100
    same = sum("differs" not in c for c in SAVAGEBOT)
    assert same >= 100


# -- d20 itself rolls its cases ------------------------------------------------------------

d20 = pytest.importorskip("d20")
d20_expression = pytest.importorskip("d20.expression")


class _Forced:
    """d20's random: ``randrange(n)`` is the next forced die minus one; ``d%`` asks
    ``randrange(0, 100, 10)``: a forced d10's tens. Past the forced dice (a case d20
    refuses only after rolling), 1s."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        value = self.values.pop(0) if self.values else 1
        return value - 1 if stop is None else start + (value - 1) * step


def d20_total(case: dict[str, Any]) -> int | None:
    saved = d20_expression.random
    forced = _Forced(case.get("d20_dice", case.get("dice", [])))
    d20_expression.random = forced
    try:
        total = d20.roll(case["text"], allow_comments=case.get("comment", False)).total
    except d20.RollError:
        return None
    finally:
        d20_expression.random = saved
    assert not forced.values or "differs" in case, "d20 left forced dice unused"
    return int(total)


@pytest.mark.parametrize("case", D20, ids=_id)
def test_d20_gives_what_the_case_says(case: dict[str, Any]) -> None:
    total = d20_total(case)
    if case.get("error"):
        assert total is None
        return
    expected = case["theirs"] if "differs" in case else case["results"]
    assert total == sum(expected)
