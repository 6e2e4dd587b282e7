"""Runs ``python -m bot`` of the checkout in the working directory with this checkout's
loop watch (``bot/loopwatch.py``, loaded by its path) turned on, for a commit older than
the watch (``python -m bench.e2e --compare REV``). Such a bot marks no command kinds and
no board requests itself: slash commands' kinds are marked here by wrapping discord.py's
``CommandTree._call`` (buttons stay ``other``); its board lag is not measured (the bench
still gives the double's view of ``/next``), nor its SQLite thread's CPU by kind.

    COMODIN_LOOP_STATS=FILE python /path/to/bench/watched.py run   # cwd: the old checkout
"""

from __future__ import annotations

import functools
import importlib.util
import os
import runpy
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


def _load_watch() -> Any:
    spec = importlib.util.spec_from_file_location("comodin_loopwatch", HERE / "bot/loopwatch.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    sys.path.insert(0, os.getcwd())  # the old checkout's bot and cogs, not this one's
    watch = _load_watch()
    watch.install(Path(os.environ["COMODIN_LOOP_STATS"]))
    from discord.app_commands import CommandTree

    original = CommandTree._call

    @functools.wraps(original)
    async def _call(self: Any, interaction: Any) -> None:
        watch.mark(watch.command_kind(interaction))
        await original(self, interaction)

    CommandTree._call = _call  # type: ignore[method-assign]
    sys.argv = ["bot", *sys.argv[1:]]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
