"""Issue 18 item 3: every refusal says how to fix it. Each key a RuleError, UserError,
DiceError or OptionRejected is raised with (found in the source, and every ``*.error.*``
key of the catalogue), in both languages, names a way forward: a /command, an option as
typed (`actor:`), or an example."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from bot.i18n import catalog

ROOT = Path(__file__).resolve().parents[2]
RAISED = {"RuleError", "UserError", "DiceError", "OptionRejected", "Busy", "LineError"}
# Keys handed to the code that raises them (the name resolver, the verb reader).
PASSED = {"unknown_key", "which_key", "unknown", "extra_words", "unused"}
COMMAND = re.compile(r"(?<![\w/.<])/[a-zñ][\w-]*")
OPTION = re.compile(r"`[^`\s]+:[^`]*`")
EXAMPLE = {
    "en": re.compile(
        r"\be\.g\.|\bfor example\b|\bexamples?:|\bsomething like\b|\bexpected\b", re.I
    ),
    "es": re.compile(r"\bp\. ej\.|\bpor ejemplo\b|\bejemplos?:|\balgo como\b|\besperaba\b", re.I),
}
# Not refusals: a bug's apology (it names the error id for the admin).
NOT_REFUSALS = {"error.internal"}


@cache
def raised_keys() -> frozenset[str]:
    """Every constant key passed to an error's constructor, and the catalogue's error
    keys (those built at run time: ``needs_{key}``, ``bad_line.{what}``)."""
    keys: set[str] = set()
    for path in [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                first = node.args[0]
                branches = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for branch in branches:
                    if name in RAISED and isinstance(branch, ast.Constant):
                        keys.add(str(branch.value))
            if (
                isinstance(node, ast.keyword)
                and node.arg in PASSED
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                keys.add(node.value.value)
            if isinstance(node, ast.arguments):
                named = [*node.posonlyargs, *node.args, *node.kwonlyargs]
                defaults = [*node.defaults, *node.kw_defaults]
                for arg, default in zip(
                    named[len(named) - len(defaults) :], defaults, strict=False
                ):
                    if arg.arg in PASSED and isinstance(default, ast.Constant):
                        keys.add(str(default.value))
    keys |= {
        k for k in catalog("es") if ".error." in k or k.startswith("error.") or ".bad_line." in k
    }
    # A refusal's variants by system (``offer.expired.ds20``, chosen at run time).
    keys |= {k for k in catalog("es") for r in list(keys) if k.startswith(r + ".")}
    return frozenset(keys - NOT_REFUSALS)


def says_how(text: str, lang: str) -> bool:
    if "{instead:key}" in text:  # the system's own command (command.instead.*, below)
        return True
    return bool(COMMAND.search(text) or OPTION.search(text) or EXAMPLE[lang].search(text))


def test_the_walk_finds_the_refusals() -> None:
    keys = raised_keys()
    assert {"swade.combat.error.self_target", "command.not_in_system", "encounter.gm_only"} <= keys
    assert {"offer.expired", "offer.expired.ds20", "roll.trait_die_needed"} <= keys
    assert len(keys) > 300


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_refusal_names_a_way_forward(lang: str) -> None:
    strings = catalog(lang)
    missing = sorted(k for k in raised_keys() if k not in strings)
    assert missing == []
    silent = sorted(k for k in raised_keys() if not says_how(strings[k], lang))
    assert silent == [], f"{len(silent)} refusals say no way forward: {silent[:30]}"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_command_named_instead_is_a_command(lang: str) -> None:
    instead = {k: v for k, v in catalog(lang).items() if k.startswith("command.instead.")}
    assert instead and all(COMMAND.search(v) for v in instead.values())
