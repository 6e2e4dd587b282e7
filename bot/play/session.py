"""``comodin play``: the offline table's command loop (script, stdin or interactive)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from bot.dice.source import DiceError
from bot.i18n import shown, t
from bot.play.format import format_message
from bot.play.lines import LineError
from bot.play.table import OfflineTable

HISTORY = Path.home() / ".comodin_history"
# What people type to leave a prompt (the banner says Ctrl-D): the table ends there, where
# it answered "no such command /quit". No bot command has these names.
QUIT_WORDS = frozenset({"quit", "exit", "salir", "q", "bye", "adios", "adiós"})


def quits(line: str) -> bool:
    """Whether ``line`` asks to leave the table (``/quit``, ``exit``, ``salir``...)."""
    return line.strip().lower().lstrip("/").rstrip(".!") in QUIT_WORDS


def _interactive_lines(lang: str) -> Iterable[str]:
    try:
        import readline  # line editing and history (stdlib; absent on some platforms)
    except ImportError:  # pragma: no cover
        readline = None  # type: ignore[assignment]
    if readline is not None:
        with contextlib.suppress(OSError):
            readline.read_history_file(HISTORY)
    print(t("play.banner", lang))
    try:
        while True:
            try:
                yield input("comodín> ")
            except EOFError:
                print()
                return
            except KeyboardInterrupt:
                print()
                return
    finally:
        if readline is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(HISTORY)


async def play(
    table: OfflineTable,
    lines: Iterable[str],
    *,
    as_json: bool = False,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
    echo: bool = False,
) -> int:
    """Run each line through the table, printing what the bot sends. Returns the exit code
    (0; 2 when forced dice ran out under --strict-dice). A payload Discord would refuse
    is said on ``err`` after its line (the bot's own error path has run, as on Discord)."""
    lang = table.locale
    code = 0
    table.check_payloads = False  # said line by line instead of failing at the end
    async with table:
        for number, line in enumerate(lines, start=1):
            if echo and line.strip() and not as_json:
                print(f"> {line.rstrip()}", file=out)
            if quits(line):
                break
            try:
                messages = await table.run(line)
            except LineError as exc:
                print(
                    t(
                        "play.bad_line",
                        lang,
                        number=number,
                        error=t(exc.key, lang, **_shown(exc.params, lang)),
                    ),
                    file=err,
                )
                continue
            except DiceError as exc:
                print(t(exc.key, lang, **_shown(exc.params, lang)), file=err)
                code = 2
                break
            for violation in table.recorder.violations:
                print(t("play.refused", lang, number=number, error=str(violation)), file=err)
            table.recorder.violations.clear()
            for msg in messages:
                if as_json:
                    print(json.dumps(msg.to_json(), ensure_ascii=False), file=out)
                else:
                    names = {u.id: u.name for u in table.users.values()}
                    print(format_message(msg, lang, names), file=out)
            out.flush()
    return code


def _shown(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Commands and options named in an error, as the reader's Discord names them."""
    return {k: shown(v, lang) for k, v in params.items()}


def run_play(
    *,
    db_path: Path,
    script: Path | None,
    seed: int | None,
    dice: list[int] | None,
    strict_dice: bool,
    as_json: bool,
    locale: str,
    database_url: str | None = None,
) -> int:
    table = OfflineTable(
        db_path=db_path,
        seed=seed,
        dice=dice,
        strict_dice=strict_dice,
        locale=locale,
        database_url=database_url,
    )
    if script is not None:
        lines: Iterable[str] = script.read_text("utf-8").splitlines()
        echo = True
    elif sys.stdin.isatty():
        lines = _interactive_lines(locale)
        echo = False
    else:
        lines = sys.stdin.read().splitlines()
        echo = True
    return asyncio.run(play(table, lines, as_json=as_json, echo=echo))
