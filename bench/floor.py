"""The floor of an attack (issue 32): ``python -m bot run`` of the checkout in the working
directory with ``/attack``'s body replaced by the least a command that changes a fight
must do, to measure what that costs in bot CPU against a ``/ping`` of the same bot.

What stays the bot's own: the gateway, discord.py's parsing of the interaction and of
``/attack``'s options (the command object, its parameters and their transformers are
the bot's; only its callback is replaced, and discord.py's ``Command._do_call`` calls the
callback with the transformed options as keywords), the tree's ``interaction_check``
(``ComodinBot.begin_interaction``: the claim, the loop watch's mark, the server's settings
read; ``/ping`` pays it too), and every other command (``/encounter``, ``/deal``, ``/next``
... set up and move the fight as usual). The loop watch is the bot's own: ``bot run``
turns it on from COMODIN_LOOP_STATS.

What the floor ``/attack`` does: ONE ``bot.db.write`` transaction (the bot's write path:
grouped commits on SQLite's thread) that marks the interaction
(``bot.storage.interactions.mark``), inserts a log row of :data:`LOG_BYTES`, upserts the
channel's state blob of :data:`STATE_BYTES` and inserts an undo row of :data:`UNDO_BYTES`,
in three scratch tables of its own (created on first use); then one answer with one embed
(a title and :data:`DESCRIPTION_CHARS` characters).

What it does not do: no rules, no dice, no loading, validating, copying or serializing of
the encounter's state, no undo logic (packing, pruning), no log formatting, no
localization of the answer, no buttons, no board request, no turn pings, no reminders.
Anything an attack costs beyond this figure is the bot's rules and bookkeeping.

Only the bench uses it (``python -m bench.e2e --rate max --alone --floor``); the product
never imports it.

    COMODIN_LOOP_STATS=FILE python /path/to/bench/floor.py run   # cwd: the checkout
"""

from __future__ import annotations

import os
import runpy
import sys
import time
from typing import Any

LOG_BYTES = 300
STATE_BYTES = 600
UNDO_BYTES = 600
DESCRIPTION_CHARS = 250

TABLES = (
    "CREATE TABLE IF NOT EXISTS floor_log (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL,"
    " created_at REAL NOT NULL, payload TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS floor_state (channel_id INTEGER PRIMARY KEY, seq INTEGER NOT NULL,"
    " state BLOB NOT NULL)",
    "CREATE TABLE IF NOT EXISTS floor_undo (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL,"
    " seq INTEGER NOT NULL, state BLOB NOT NULL)",
)
_created = False


def _blob(seed: int, size: int) -> bytes:
    return seed.to_bytes(8, "little") * (size // 8) + b"\0" * (size % 8)


async def floor_attack(
    self: Any, interaction: Any, target: str, actor: str | None = None, **options: Any
) -> None:
    """The floor body (the module's docstring). ``options``: the rest of ``/attack``'s
    transformed options, which the floor does not read."""
    import discord

    from bot.storage import interactions

    channel = interaction.channel_id or 0
    log_row = f'{{"kind":"attack","actor":{actor!r},"target":{target!r},"options":{options!r}}}'
    log_row = (log_row + " " * LOG_BYTES)[:LOG_BYTES]
    state = _blob(interaction.id, STATE_BYTES)
    undo = _blob(~interaction.id & 0xFFFF_FFFF_FFFF_FFFF, UNDO_BYTES)

    async def work(tx: Any) -> None:
        global _created
        if not _created:
            for sql in TABLES:
                await tx.execute(sql)
            _created = True
        await interactions.mark(tx, interaction.id, channel)
        await tx.execute(
            "INSERT INTO floor_log (channel_id, created_at, payload) VALUES (?, ?, ?)",
            (channel, time.time(), log_row),
        )
        await tx.execute(
            "INSERT INTO floor_state (channel_id, seq, state) VALUES (?, 1, ?)"
            " ON CONFLICT (channel_id) DO UPDATE SET seq = floor_state.seq + 1,"
            " state = excluded.state",
            (channel, state),
        )
        await tx.execute(
            "INSERT INTO floor_undo (channel_id, seq, state) VALUES (?, ?, ?)",
            (channel, interaction.id, undo),
        )

    await self.bot.db.write(work)
    text = f"**{actor}** attacks **{target}**. "
    description = (text + "Fighting d8: 7, against Parry 6: a hit. " * 8)[:DESCRIPTION_CHARS]
    await interaction.response.send_message(
        embed=discord.Embed(title="Attack", description=description, colour=0xC0392B)
    )


def install() -> None:
    """Replace ``/attack``'s callback in the bot's command tree once its cogs are loaded
    (``ComodinBot.setup_hook``; ``load_extension`` imports each cog's module afresh, so
    patching the class beforehand would not reach it), before it connects."""
    import inspect

    from discord import app_commands

    from bot.app import ComodinBot

    original = ComodinBot.setup_hook

    async def setup_hook(self: ComodinBot) -> None:
        await original(self)
        found = [
            c
            for c in self.tree.walk_commands()
            if isinstance(c, app_commands.Command)
            and c.qualified_name == "attack"
            and type(c.binding).__name__ == "SharedCommands"
        ]
        if len(found) != 1:
            raise SystemExit(f"bench/floor.py: {len(found)} /attack commands in the tree")
        command = found[0]
        wanted = set(inspect.signature(command.callback).parameters) - {"self", "interaction"}
        if set(command._params) != wanted:  # the floor gets what the real body gets
            raise SystemExit(f"bench/floor.py: /attack's parameters: {sorted(command._params)}")
        command._callback = floor_attack  # type: ignore[assignment]

    ComodinBot.setup_hook = setup_hook  # type: ignore[method-assign]


def main() -> None:
    # The checkout's bot and cogs first; not this script's folder (bench/), whose
    # modules' names (check, dice, rules, storage) would shadow others'.
    sys.path[0] = os.getcwd()
    install()
    sys.argv = ["bot", *sys.argv[1:]]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
