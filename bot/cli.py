"""The ``comodin`` command (also ``python -m bot``): run, play, sync, db upgrade|version|copy."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import ConfigError, Settings, load_settings
from bot.shards import ShardError, check_shard_count, parse_shard_ids
from bot.storage.db import DatabaseError, connect, is_postgres, load_migrations, sqlite_path

if TYPE_CHECKING:
    from bot.app import ComodinBot

log = logging.getLogger("comodin")

TOKEN_HINT = (
    "No DISCORD_TOKEN: create a bot at https://discord.com/developers/applications "
    "(Bot → Reset Token), put DISCORD_TOKEN=... in .env, then `make run` again. "
    "Opening the offline table instead."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="comodin", description="Comodín: tabletop combat in Discord."
    )
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="start the bot (the offline table when there is no token)")
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="run only these shards, e.g. 0-3 or 0,2,5-7 (needs --shard-count; other "
        "processes on the same database run the rest)",
    )
    run.add_argument(
        "--shard-count",
        type=int,
        metavar="N",
        help="how many shards the bot has in all (default: Discord's recommendation)",
    )
    play = sub.add_parser("play", help="the offline table: type commands, see what the bot says")
    play.add_argument("--script", type=Path, help="read lines from FILE instead of the keyboard")
    play.add_argument("--seed", type=int, default=None, help="seed for every roll (default 0)")
    play.add_argument("--dice", help='forced die results, consumed in order: "6,3,4"')
    play.add_argument(
        "--strict-dice", action="store_true", help="running out of --dice is an error"
    )
    play.add_argument("--json", action="store_true", help="one JSON object per message sent")
    play.add_argument("--db", type=Path, help="database file (default: a temporary one)")
    play.add_argument(
        "--database", metavar="URL", help="a postgresql://... database instead of a file"
    )
    play.add_argument("--locale", choices=["es", "en"], help="language of the typing users")
    sync = sub.add_parser("sync", help="sync slash commands with Discord")
    sync.add_argument("--guild", type=int, help="sync to this guild only (instant)")
    db = sub.add_parser("db", help="database maintenance")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply pending migrations")
    db_sub.add_parser("version", help="show the schema version")
    copy = db_sub.add_parser(
        "copy", help="copy an SQLite database into an empty PostgreSQL one (stop the bot first)"
    )
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://user@host/db")
    copy.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="PATH",
        help="the SQLite file (default: COMODIN_DATABASE_URL if it is SQLite, else COMODIN_DB_PATH)",
    )
    return parser


def _fail(message: str) -> int:
    print(f"comodin: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        return _fail(str(exc))
    logging.basicConfig(
        level=settings.logging_level(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    command = args.command or "run"
    try:
        if command == "run":
            try:
                shards = _shards(args)
            except ShardError as exc:
                return _fail(str(exc))
            if settings.token is None:
                print(TOKEN_HINT, file=sys.stderr)
                return _play(
                    settings,
                    argparse.Namespace(
                        script=None,
                        seed=None,
                        dice=None,
                        strict_dice=False,
                        json=False,
                        db=None,
                        database=None,
                        locale=None,
                    ),
                )
            return asyncio.run(_run(settings, *shards))
        if command == "play":
            return _play(settings, args)
        if command == "sync":
            if settings.token is None:
                return _fail("sync needs DISCORD_TOKEN in .env")
            return asyncio.run(_sync(settings, args.guild))
        if command == "db":
            if args.db_command == "copy":
                return asyncio.run(_db_copy(settings, args.source, args.to))
            return asyncio.run(_db(settings, args.db_command))
    except DatabaseError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    return 0


def _shards(args: argparse.Namespace) -> tuple[list[int] | None, int | None]:
    """``--shards``/``--shard-count`` as (shard ids, count): (None, None) for Discord's
    recommended count, all in this process; (None, N) for all N shards here."""
    text = getattr(args, "shards", None)
    count = getattr(args, "shard_count", None)
    if text is not None and count is None:
        raise ShardError(
            "--shards needs --shard-count: every process must agree on how many shards "
            "there are (e.g. --shards 0-3 --shard-count 8)"
        )
    if count is None:
        return None, None
    check_shard_count(count)
    return (parse_shard_ids(text, count) if text is not None else None), count


def _play(settings: Settings, args: argparse.Namespace) -> int:
    import tempfile

    from bot.play.session import run_play

    dice = None
    if args.dice:
        try:
            dice = [int(v) for v in args.dice.replace(" ", "").split(",") if v]
        except ValueError:
            return _fail(f'--dice: expected numbers separated by commas, got "{args.dice}"')
    with tempfile.TemporaryDirectory() as tmp:
        db_path = args.db or Path(tmp) / "play.sqlite3"
        if args.script is not None and not args.script.is_file():
            return _fail(f"--script: no such file {args.script}")
        if args.database is not None and not is_postgres(args.database):
            return _fail(f"--database: expected a postgresql://... URL, got {args.database}")
        return run_play(
            db_path=db_path,
            script=args.script,
            seed=0 if args.seed is None else args.seed,
            dice=dice,
            strict_dice=args.strict_dice,
            as_json=args.json,
            locale=args.locale or settings.default_locale,
            database_url=args.database,
        )


def _point_at_api(settings: Settings) -> None:
    """Point discord.py at another Discord (the test double): the REST root and the
    gateway (discord.py 2.7 opens ``DEFAULT_GATEWAY`` directly, without GET /gateway/bot)."""
    if settings.discord_api_url:
        import yarl
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        root = settings.discord_api_url.rstrip("/")
        Route.BASE = root + "/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(root.replace("http", "ws", 1) + "/gateway")


def _settle_garbage_collector() -> None:
    """Everything loaded at start (modules, catalogues, the command tree) lives as long as
    the bot: move it out of the collector's sight, so its full collections stay short.

    Then collect often, in small steps. What a command leaves behind is freed by reference
    counting (``bot.app._let_go`` breaks the cycles discord.py made; the views the bot
    sends are plain components, ``bot.render.views.Sent``; the board keeps a weak
    reference to the handler that asked for an edit, not the task in its own context: a
    fight's commands leave no cycle, ``tests/foundation/test_no_cycles.py``), so what
    the collector finds in the young generations is mostly alive: the state an action
    has just made (the combatants it copied) and the commands in flight. A collection's pause grows with how
    much of that it walks, so the youngest generation is collected at Python's default
    (700 allocations) and the middle one after every second young collection: measured at 100 channels and 200 commands/s
    (``bench.e2e``'s loop watch, the collections' thread CPU), young collections take
    1.7-4.6 ms and middle ones 4-8 ms, where (2,000, 10) took up to 15 and 35-39 ms. A
    full collection walks every cached encounter (15-30 ms at 100 channels while commands
    left cycles; 6-12 ms since, 100 cached SWADE fights in one process): one after
    1,000 middle ones, several minutes apart at that load."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 2, 1000)


async def _run(
    settings: Settings, shard_ids: list[int] | None = None, shard_count: int | None = None
) -> int:
    import discord

    from bot.app import ComodinBot

    _point_at_api(settings)
    bot = ComodinBot(settings, shard_ids=shard_ids, shard_count=shard_count)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        try:
            await bot.login(settings.token or "")
        except discord.LoginFailure:
            return _fail("DISCORD_TOKEN was rejected by Discord; check the token in .env")
        await _sync_once(bot, settings)
        await bot.prepare_gateway()
        if shard_count is not None:
            log.info("running shards %s", bot.describe_shards())
        _settle_garbage_collector()
        if settings.loop_stats is not None:
            from bot import loopwatch

            loopwatch.install(settings.loop_stats)
        await bot.connect(reconnect=True)
    return 0


async def _sync_once(bot: ComodinBot, settings: Settings) -> None:
    """Commands are synced by one process: the one that runs shard 0 (or ``comodin
    sync``), never by every process of a sharded bot."""
    if not bot.owns_shard(0):
        log.info("commands are synced by the process that runs shard 0 (or comodin sync)")
        return
    if settings.dev_guild_id is not None:
        await bot.sync_commands(settings.dev_guild_id)
        await bot.clear_global_commands()
        log.info("commands synced to guild %s; global commands cleared", settings.dev_guild_id)
    elif await bot.sync_commands(None):
        log.info("commands synced globally (the command tree changed)")


async def _sync(settings: Settings, guild: int | None) -> int:
    from bot.app import ComodinBot

    _point_at_api(settings)
    bot = ComodinBot(settings)
    async with bot:
        await bot.login(settings.token or "")
        await bot.sync_commands(guild, force=True)
        print(f"commands synced {'to guild ' + str(guild) if guild else 'globally'}")
    return 0


async def _db(settings: Settings, action: str) -> int:
    db = connect(settings.database())
    await db.open()
    try:
        newest = load_migrations()[-1].version
        if action == "upgrade":
            applied = await db.migrate()
            print(
                f"{db.describe()}: schema version {await db.version()} (applied: {applied or 'none'})"
            )
        else:
            current = await db.version()
            print(f"{db.describe()}: schema version {current} (this Comodín: {newest})")
    finally:
        await db.close()
    return 0


async def _db_copy(settings: Settings, source: Path | None, target: str) -> int:
    from bot.storage.copy import copy_sqlite_to_postgres
    from bot.storage.db import redact

    if not is_postgres(target):
        return _fail(f"db copy --to: expected a postgresql://... URL, got {redact(target)}")
    if source is None:
        configured = settings.database()
        source = settings.db_path if is_postgres(configured) else sqlite_path(configured)
    print(f"copying {source} into {redact(target)}")
    counts = await copy_sqlite_to_postgres(source, target, say=lambda line: print(f"  {line}"))
    total = sum(c.target_rows for c in counts)
    print(f"done: {len(counts)} tables, {total} rows, every table's count checked")
    print(f"start the bot with COMODIN_DATABASE_URL={redact(target)}")
    return 0
