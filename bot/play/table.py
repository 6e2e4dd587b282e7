"""The offline table: the real bot, tree and database, with Discord replaced at its edge.

Each line becomes a real INTERACTION_CREATE payload handed to
``ConnectionState.parse_interaction_create`` (what the gateway calls); discord.py's own
CommandTree parses it and runs the cog. What the bot would send is recorded
(:mod:`bot.play.recorder`) and checked against Discord's rules. Tests drive the bot
through this class too: with ``check_payloads`` (the default) closing the table raises
:class:`PayloadViolations` when the bot sent anything Discord would have refused, so the
test that caused it fails even when the bot's error path hid the refusal.
"""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.webhook.async_ import async_context
from pydantic import SecretStr

from bot.app import ComodinBot
from bot.clock import ManualClock
from bot.config import Settings
from bot.dice.source import ForcedSource, RandomSource
from bot.dice_provider import DiceProvider
from bot.i18n import CommandName, OptionExample, OptionNames
from bot.play.lines import Line, LineError, parse_line
from bot.play.options import english, read_value
from bot.play.recorder import (
    PayloadViolation,
    Recorder,
    RecordingAdapter,
    SentMessage,
    interaction_snowflake,
    snowflake,
)
from bot.render.limits import DEFAULT_ATTACHMENT_LIMIT
from bot.storage import interactions

APP_ID = 1_200_000_000_000_000_001
BOT_USER = {
    "id": "1200000000000000001",
    "username": "Comodín",
    "discriminator": "0",
    "global_name": "Comodín",
    "avatar": None,
    "bot": True,
}
GUILD_ID = 1_100_000_000_000_000_001
CHANNEL_ID = 1_100_000_000_000_000_002
MANAGE_GUILD = 1 << 5
PLAYER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16)  # view, send, embed, history
LOCALES = {"es": "es-ES", "en": "en-US"}
SETTLE_TIMEOUT = 30.0


class PayloadViolations(AssertionError):
    """The bot sent payloads Discord would have refused (400 Invalid Form Body)."""

    def __init__(self, violations: list[PayloadViolation]) -> None:
        self.violations = violations
        listed = "\n".join(f"  {v}" for v in violations[:20])
        more = f"\n  … and {len(violations) - 20} more" if len(violations) > 20 else ""
        super().__init__(
            f"Discord would have refused {len(violations)} payload(s):\n{listed}{more}"
        )


@dataclass(frozen=True)
class FakeUser:
    name: str
    id: int
    is_gm: bool

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.capitalize(),
            "avatar": None,
        }


def user_id_for(name: str) -> int:
    """A stable fake user id per name."""
    return 1_000_000_000_000_000_000 + zlib.crc32(name.encode())


class OfflineTable:
    def __init__(
        self,
        *,
        db_path: Path | str,
        seed: int | None = 0,
        dice: list[int] | None = None,
        strict_dice: bool = False,
        locale: str = "es",
        settings: Settings | None = None,
        channel_id: int = CHANNEL_ID,
        database_url: str | None = None,
        check_payloads: bool = True,
        attachment_size_limit: int = DEFAULT_ATTACHMENT_LIMIT,
    ) -> None:
        """``database_url`` (``postgresql://...``) puts the table on that database
        instead of the SQLite file ``db_path``."""
        self.settings = settings or Settings(_env_file=None, COMODIN_DB_PATH=str(db_path))  # type: ignore[call-arg]
        self.settings.db_path = Path(db_path)
        self.settings.database_url = SecretStr(database_url) if database_url else None
        forced = None
        if dice is not None or strict_dice:
            forced = ForcedSource(dice or [], RandomSource(seed), strict=strict_dice)
        self.dice = DiceProvider(seed=seed, forced=forced)
        self.locale = locale
        self.channel_id = channel_id
        self.guild_id = GUILD_ID
        self.users: dict[str, FakeUser] = {}
        self.recorder = Recorder(BOT_USER)
        self.bot: ComodinBot | None = None
        self.check_payloads = check_payloads
        self.attachment_size_limit = attachment_size_limit
        self.last_interaction_id = 0  # the highest interaction id used on this database
        # What a replay is here: an id this table dispatched already, or one an earlier
        # session used (at most the highest applied when this one started). Another
        # table on the same database (another process, the shard tests) is no replay:
        # on Discord that process stays silent, and so does this one.
        self.earlier_sessions_top = 0
        self.dispatched: set[int] = set()
        # Time stands still at the table but for ``wait`` lines (issue 27: reminders).
        self.clock = ManualClock()

    # -- lifecycle ------------------------------------------------------------------

    async def start(self) -> OfflineTable:
        bot = ComodinBot(self.settings, dice=self.dice, offline=True, clock=self.clock)
        await bot._async_setup_hook()
        state = bot._connection
        state.user = discord.ClientUser(state=state, data=BOT_USER)  # type: ignore[arg-type]
        state.application_id = APP_ID
        # The server, as the gateway's GUILD_CREATE puts it in a real bot's cache: without
        # it discord.py makes one for every interaction, with the bot as its member (a
        # reference cycle a command, left to the collector; issue 32).
        state._add_guild(
            discord.Guild._create_unavailable(state=state, guild_id=self.guild_id, data=None)
        )
        bot.http.request = self.recorder.http_request  # type: ignore[method-assign]
        bot.http.get_from_cdn = self.recorder.get_from_cdn  # type: ignore[method-assign]
        try:
            await bot.setup_hook()
        except BaseException:
            # A refused start (a system's plugin failing its checks) leaves no open
            # database connection behind for the garbage collector to find.
            await bot.close()
            raise
        self.bot = bot
        # Ids never repeat across sessions on one database: start above the highest one
        # it records as applied (and each id above the last one sent).
        self.last_interaction_id = await interactions.newest(bot.db)
        self.earlier_sessions_top = self.last_interaction_id
        return self

    async def close(self) -> None:
        """Stop the bot; then, with ``check_payloads``, raise :class:`PayloadViolations`
        if it sent anything Discord would have refused."""
        if self.bot is not None:
            await self.bot.boards.flush()
            bot, self.bot = self.bot, None
            await bot.close()
        if self.check_payloads and self.recorder.violations:
            violations, self.recorder.violations = self.recorder.violations, []
            raise PayloadViolations(violations)

    async def __aenter__(self) -> OfflineTable:
        return await self.start()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: object
    ) -> None:
        if exc is None:
            await self.close()
            return
        # Already failing: say what Discord would have refused, without hiding the error.
        violations, self.recorder.violations = self.recorder.violations, []
        await self.close()
        if violations:
            exc.add_note(str(PayloadViolations(violations)))

    # -- users ----------------------------------------------------------------------

    def user(self, name: str | None) -> FakeUser:
        """``@name`` picks the user; the first user of a session (or ``@gm``) is the GM."""
        key = (name or "gm").lower()
        if key not in self.users:
            is_gm = key == "gm" or not self.users
            self.users[key] = FakeUser(key, user_id_for(key), is_gm)
        return self.users[key]

    # -- running lines ----------------------------------------------------------------

    async def run(self, text: str) -> list[SentMessage]:
        """Run one line; return the messages it made. A bad line raises LineError."""
        line = parse_line(text)
        if line is None:
            return []
        if line.kind == "wait":
            return await self.wait(timedelta(seconds=line.seconds))
        user = self.user(line.user)
        if line.kind == "press":
            payload = self._press_payload(line, user)
        elif line.kind == "submit":
            payload = self._submit_payload(line, user)
        else:
            payload = self._command_payload(line, user)
        return await self.dispatch(payload, user)

    async def wait(self, span: timedelta) -> list[SentMessage]:
        """Let ``span`` pass on the table's clock; the reminders due by then are sent
        (as the running bot's reminder task would), and returned."""
        assert self.bot is not None, "start() first"
        before = len(self.recorder.sent)
        self.recorder.current_user = None
        self.clock.advance(span)
        await self.bot.reminders.run_due()
        await self.settle()
        return self.recorder.sent[before:]

    async def dispatch(self, payload: dict[str, Any], user: FakeUser) -> list[SentMessage]:
        assert self.bot is not None, "start() first"
        before = len(self.recorder.sent)
        self.recorder.current_user = user.name
        self.recorder.current_channel = int(payload["channel_id"])
        self.recorder.register_interaction(payload)
        interaction_id = int(payload["id"])
        replay = interaction_id in self.dispatched or interaction_id <= self.earlier_sessions_top
        if replay and await self._applied(interaction_id):
            self.bot.replays_to_tell.add(interaction_id)  # answered with a notice
        self.dispatched.add(interaction_id)
        token = async_context.set(RecordingAdapter(self.recorder))
        try:
            known = asyncio.all_tasks()
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await self.settle(known)
        finally:
            async_context.reset(token)
        return self.recorder.sent[before:]

    async def _applied(self, interaction_id: int) -> bool:
        """Whether the database records ``interaction_id`` as applied already."""
        assert self.bot is not None
        return await interactions.is_marked(self.bot.db, interaction_id)

    async def settle(self, known: set[asyncio.Task[Any]] | None = None) -> None:
        """Wait for every task the dispatch started (the command, views, board edits)."""
        known = set(known or ())
        current = asyncio.current_task()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_TIMEOUT
        while True:
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current and t not in known and not t.done() and not _is_idle(t)
            ]
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("the bot did not finish within the offline table's limit")
            await asyncio.wait(pending, timeout=remaining)

    # -- payloads -----------------------------------------------------------------------

    def _base_payload(self, user: FakeUser, kind: int, data: dict[str, Any]) -> dict[str, Any]:
        permissions = PLAYER_PERMISSIONS | (MANAGE_GUILD if user.is_gm else 0)
        locale = LOCALES.get(self.locale, self.locale)
        self.last_interaction_id = interaction_snowflake(after=self.last_interaction_id)
        return {
            "id": str(self.last_interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"offline-token-{snowflake()}",
            "version": 1,
            "guild_id": str(self.guild_id),
            "channel_id": str(self.channel_id),
            "channel": {
                "id": str(self.channel_id),
                "type": 0,
                "guild_id": str(self.guild_id),
                "name": "mesa",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": user.payload(),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(permissions),
            },
            "locale": locale,
            "guild_locale": locale,
            "app_permissions": str(PLAYER_PERMISSIONS),
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "data": data,
        }

    def _command_payload(self, line: Line, user: FakeUser) -> dict[str, Any]:
        assert self.bot is not None
        tree = self.bot.tree
        words = list(line.words)
        top = tree.get_command(english(words[0], (c.name for c in tree.get_commands())))
        if top is None:
            raise LineError("play.err.unknown_command", command=words[0])
        command: Any = top
        path = [top.name]
        while isinstance(command, app_commands.Group):
            subs = OptionNames(c.name for c in command.commands)
            example = CommandName(" ".join([*path, command.commands[0].name]))
            if len(words) < len(path) + 1:
                raise LineError(
                    "play.err.needs_sub",
                    command=CommandName(" ".join(path)),
                    subs=subs,
                    example=example,
                )
            word = english(words[len(path)], (c.name for c in command.commands))
            sub = command.get_command(word)
            if sub is None:
                raise LineError(
                    "play.err.unknown_sub",
                    sub=words[len(path)],
                    command=CommandName(" ".join(path)),
                    subs=subs,
                    example=example,
                )
            command = sub
            path.append(sub.name)
        if len(words) > len(path):
            raise LineError(
                "play.err.extra_word", word=words[len(path)], command=CommandName(" ".join(path))
            )
        resolved: dict[str, Any] = {}
        options = self._options(command, line.options, resolved)
        return self._wrap(user, top.name, path, options, resolved)

    def _wrap(
        self,
        user: FakeUser,
        top: str,
        path: list[str],
        options: list[dict[str, Any]],
        resolved: dict[str, Any],
    ) -> dict[str, Any]:
        for depth in range(len(path) - 1, 0, -1):
            options = [
                {
                    "type": 1 if depth == len(path) - 1 else 2,
                    "name": path[depth],
                    "options": options,
                }
            ]
        data: dict[str, Any] = {
            "id": str(zlib.crc32(top.encode())),
            "name": top,
            "type": 1,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        return self._base_payload(user, 2, data)

    async def run_raw(
        self,
        user_name: str,
        path: list[str],
        values: dict[str, Any],
        resolved: dict[str, Any] | None = None,
    ) -> list[SentMessage]:
        """Send a command with option values exactly as given (no checks, no conversion):
        what a hostile or buggy client could put in a payload. Unknown option names are
        sent as strings. ``resolved``: the payload's resolved users and members, as
        given (a user who is not a member of the server has no ``members`` entry)."""
        assert self.bot is not None
        user = self.user(user_name)
        command: Any = self.bot.tree.get_command(path[0])
        for word in path[1:]:
            command = command.get_command(word)
        params = {p.name: p for p in command.parameters}
        options = []
        for name, value in values.items():
            param = params.get(name)
            kind = param.type.value if param is not None else 3
            options.append({"name": name, "type": kind, "value": value})
        payload = self._wrap(user, path[0], path, options, resolved or {})
        return await self.dispatch(payload, user)

    async def submit_raw(
        self, user_name: str, custom_id: str, values: dict[str, str]
    ) -> list[SentMessage]:
        """Submit a form with any custom_id (what a hostile client could send)."""
        user = self.user(user_name)
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
            for k, v in values.items()
        ]
        payload = self._base_payload(user, 5, {"custom_id": custom_id, "components": rows})
        return await self.dispatch(payload, user)

    def _options(
        self, command: app_commands.Command, given: dict[str, str], resolved: dict[str, Any]
    ) -> list[dict[str, Any]]:
        params = {p.name: p for p in command.parameters}
        options = []
        for raw_name, raw_value in given.items():
            name = english(raw_name, params)
            param = params.get(name)
            if param is None:
                raise LineError(
                    "play.err.unknown_option",
                    command=CommandName(command.qualified_name),
                    option=raw_name,
                    options=OptionNames(params) or "—",
                    help=OptionExample("command", CommandName(command.qualified_name)),
                )
            value = self._convert(param, raw_value, resolved)
            options.append({"name": param.name, "type": param.type.value, "value": value})
        missing = [
            p.name
            for p in command.parameters
            if p.required and p.name not in {english(n, params) for n in given}
        ]
        if missing:
            raise LineError(
                "play.err.missing",
                command=CommandName(command.qualified_name),
                options=OptionNames(missing),
                first=OptionNames(missing[:1]),
            )
        return options

    def _convert(self, param: app_commands.Parameter, raw: str, resolved: dict[str, Any]) -> Any:
        kind = param.type
        if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            target = self.user(raw.lstrip("@"))
            resolved.setdefault("users", {})[str(target.id)] = target.payload()
            resolved.setdefault("members", {})[str(target.id)] = {
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "permissions": str(PLAYER_PERMISSIONS),
                "flags": 0,
            }
            return str(target.id)
        if kind is discord.AppCommandOptionType.attachment:
            return self._attachment(raw, resolved)
        return read_value(param, raw)

    def _attachment(self, raw: str, resolved: dict[str, Any]) -> str:
        path = Path(raw).expanduser()
        if not path.is_file():
            raise LineError("play.err.file", path=raw)
        attachment_id = str(snowflake())
        self.recorder.local_files[f"file://{path.resolve()}"] = path.read_bytes()
        resolved.setdefault("attachments", {})[attachment_id] = {
            "id": attachment_id,
            "filename": path.name,
            "size": path.stat().st_size,
            "url": f"file://{path.resolve()}",
            "proxy_url": f"file://{path.resolve()}",
        }
        return attachment_id

    def _press_payload(self, line: Line, user: FakeUser) -> dict[str, Any]:
        wanted = line.label.strip().lower()
        for msg in reversed(list(self.recorder.messages.values())):
            if msg.ephemeral and msg.user != user.name:
                continue
            for button in msg.buttons():
                if button.get("label", "").strip().lower() == wanted and "custom_id" in button:
                    if button.get("disabled"):
                        raise LineError("play.err.disabled", label=line.label)
                    self.recorder.component_message = msg.message_id
                    message = {
                        **msg.payload,
                        "id": str(msg.message_id),
                        "channel_id": str(msg.channel_id),
                        "author": BOT_USER,
                        "timestamp": "2026-01-01T00:00:00+00:00",
                        "edited_timestamp": None,
                        "tts": False,
                        "mention_everyone": False,
                        "mentions": [],
                        "mention_roles": [],
                        "attachments": [],
                        "pinned": False,
                        "type": 0,
                        "flags": 64 if msg.ephemeral else 0,
                    }
                    message.setdefault("embeds", [])
                    message.setdefault("components", [])
                    message.setdefault("content", "")
                    payload = self._base_payload(
                        user, 3, {"custom_id": button["custom_id"], "component_type": 2}
                    )
                    payload["message"] = message
                    return payload
        raise LineError("play.err.no_button", label=line.label)

    def _submit_payload(self, line: Line, user: FakeUser) -> dict[str, Any]:
        modal = next((m for m in reversed(self.recorder.sent) if m.kind == "modal"), None)
        if modal is None:
            raise LineError("play.err.no_form")
        rows = []
        fields = {}
        for row in modal.data.get("components", []):
            for comp in row.get("components", []):
                fields[comp["custom_id"]] = comp
        for name, value in line.options.items():
            match = next(
                (
                    cid
                    for cid, c in fields.items()
                    if name in (cid.lower(), str(c.get("label", "")).lower())
                ),
                None,
            )
            if match is None:
                labels = [str(c.get("label") or cid).lower() for cid, c in fields.items()]
                raise LineError("play.err.no_field", field=name, fields=", ".join(labels))
            rows.append(
                {
                    "type": 1,
                    "components": [
                        {"type": 4, "custom_id": match, "value": value.replace("\\n", "\n")}
                    ],
                }
            )
        return self._base_payload(
            user, 5, {"custom_id": modal.data.get("custom_id"), "components": rows}
        )


def _is_idle(task: asyncio.Task[Any]) -> bool:
    """Long-lived tasks that never finish on their own (view and modal timeouts)."""
    if task.get_name().startswith(("discord-ui-view-timeout", "comodin-idle")):
        return True
    coro = task.get_coro()
    return "timeout_task_impl" in getattr(coro, "__qualname__", "")
