"""FakeDiscord: an in-process aiohttp server that speaks enough Discord (REST v10 and the
gateway) for the unmodified discord.py 2.7 client to connect, receive interactions and
answer them. Everything the client does is recorded; tests await what they expect with
``wait_*`` (events, never sleeps). See DESIGN.md, "Discord test double".

Point discord.py at it with ``Route.BASE = fd.api_url`` and
``DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fd.gateway_url)``: discord.py 2.7's
``Client.connect`` opens DEFAULT_GATEWAY directly (it never calls GET /gateway/bot) and
returns to it after an INVALID_SESSION; the READY's ``resume_gateway_url`` points here too.

Shards (discord/topics/gateway, "Sharding"): the double knows several servers (``add_guild``)
and answers GET /gateway/bot with a recommended ``shard_count`` and ``max_concurrency``. Each
gateway connection IDENTIFYs one ``[shard_id, num_shards]``; its READY lists, and GUILD_CREATE
follows for, the servers on that shard, ``(guild_id >> 22) % num_shards``, and only those
servers' events reach it (direct messages: shard 0). As on Discord, several sessions may
identify the same shard (a hand-off between processes): each receives the shard's events,
interactions included, and the first callback wins (the others get 40060). A bad shard is
closed with 4010; a shard holding more than ``max_guilds_per_shard`` servers with 4011;
with ``identify_window`` set, an IDENTIFY in a bucket (``shard_id % max_concurrency``) that
identified less than that many seconds before gets INVALID_SESSION.

Every message, edit, callback and command sync (JSON or a multipart ``payload_json``) is
checked as Discord checks it: first against the request schema of its operation in
Discord's own OpenAPI description (``openapi.py``, ``spec/openapi.json``: types, ranges,
enumerations, lengths), then, once well formed, against the rules the schema cannot
express, with the bot's own validator (``bot.render.discord_rules``, the one the offline
table's recorder uses). A payload Discord would refuse gets Discord's answer (400, code
50035, the field path; 413 for files past the interaction's ``attachment_size_limit``;
400, code 50109 for a body that is not JSON), never a 500, and is kept in ``violations``;
the fixtures fail a test that caused one.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import json
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from bot.render import discord_rules
from bot.render.limits import DEFAULT_ATTACHMENT_LIMIT
from tests.fakediscord import openapi
from tests.fakediscord import payloads as p

API_PREFIX = "/api/v10"
TOKEN_LIFETIME = 15 * 60  # interaction tokens are valid for 15 minutes
T = TypeVar("T")
BODY = web.RequestKey("body", object)
FILE_SIZES = web.RequestKey("file_sizes", list)
INVALID_JSON = "The request body contains invalid JSON."
LOADING = 128  # message flag: a deferred reply still "thinking…"

RECV_OPS = {
    1: "HEARTBEAT",
    2: "IDENTIFY",
    3: "PRESENCE_UPDATE",
    4: "VOICE_STATE_UPDATE",
    6: "RESUME",
    8: "REQUEST_GUILD_MEMBERS",
}


@dataclass
class Request:
    """One REST call: path is relative to /api/v10, body is the decoded JSON (or the
    ``payload_json`` of a multipart body)."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 0
    injected: bool = False
    unhandled: bool = False
    at: float = field(default_factory=time.monotonic)  # when it arrived (loop clock)


@dataclass
class Callback:
    """An accepted interaction callback (POST /interactions/{id}/{token}/callback)."""

    interaction_id: int
    type: int
    data: dict[str, Any] | None
    with_response: bool
    message: dict[str, Any] | None
    at: float = field(default_factory=time.monotonic)  # when it arrived (loop clock)


@dataclass
class Fault:
    method: str | None
    pattern: str
    status: int
    remaining: int
    retry_after: float | None
    is_global: bool
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and (self.method is None or self.method == method)
            and fnmatch.fnmatchcase(path, self.pattern)
        )

    def response(self) -> web.Response:
        if self.status != 429:
            return _error(self.status, f"{self.status}: injected fault", 0)
        retry = self.retry_after if self.retry_after is not None else 0.2
        headers = {
            "Retry-After": str(max(1, round(retry))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
            "X-RateLimit-Reset-After": f"{retry:.3f}",
            "X-RateLimit-Bucket": "fakediscord-" + self.pattern,
            "X-RateLimit-Scope": "shared" if not self.is_global else "global",
            "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry,
            "global": self.is_global,
        }
        return _json(body, status=429, headers=headers)


@dataclass
class Interaction:
    payload: dict[str, Any]
    created_at: float
    acknowledged: bool = False
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel"]["id"])


class _Connection:
    """One gateway websocket; serialises sends (the zlib stream is stateful)."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.ws = ws
        self.request = request
        self._zlib = zlib.compressobj() if request.query.get("compress") == "zlib-stream" else None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def post(self, frame: dict[str, Any]) -> None:
        """Schedule a send; frames posted in order go out in order (FIFO lock)."""
        task = asyncio.get_running_loop().create_task(self.send(frame))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def send(self, frame: dict[str, Any]) -> None:
        # A client asking for another compression (zstd-stream) gets text frames, which
        # discord.py reads without decompressing.
        text = json.dumps(frame)
        async with self._lock:
            if self.ws.closed:
                return
            try:
                if self._zlib is not None:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except ConnectionError:
                pass  # the frame stays in the session history and is replayed on RESUME


@dataclass
class _Session:
    id: str
    token: str
    seq: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    conn: _Connection | None = None
    valid: bool = True
    shard_id: int = 0
    num_shards: int = 1

    @property
    def live(self) -> bool:
        return self.valid and self.conn is not None and not self.conn.ws.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord routes this server's events to this session."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.num_shards == self.shard_id


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact Content-Type (discord.py only parses "application/json",
    not aiohttp's default "application/json; charset=utf-8")."""
    headers = {**(headers or {}), "Content-Type": "application/json"}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=headers)


def _error(status: int, message: str, code: int) -> web.Response:
    return _json({"message": message, "code": code}, status=status)


def _body(request: web.Request) -> Any:
    """The request's JSON body (or multipart ``payload_json``) as sent; no body reads as {}."""
    body = request[BODY]
    return {} if body is None else body


# Discord's rate limits as the double applies them with ``rate_limits=True``: a channel's
# messages (send, edit, delete) 5 per 5 seconds, a bucket per channel; every request with
# the bot's token 50 a second in all (interaction callbacks and webhooks with an
# interaction's token are not counted: discord/topics/rate-limits, "Global Rate Limit").
CHANNEL_MESSAGES = (5, 5.0)
GLOBAL_PER_SECOND = 50


@dataclass
class _Bucket:
    limit: int
    window: float
    reset_at: float = 0.0
    used: int = 0

    def take(self, now: float) -> float | None:
        """Count one request: None when allowed, else the seconds until the bucket resets."""
        if now >= self.reset_at:
            self.reset_at, self.used = now + self.window, 0
        if self.used >= self.limit:
            return self.reset_at - now
        self.used += 1
        return None

    def headers(self, name: str, now: float) -> dict[str, str]:
        after = max(0.0, self.reset_at - now)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": name,
        }


def _limited(retry: float, bucket: str, *, is_global: bool) -> web.Response:
    """Discord's 429 (with Via: discord.py reads a 429 without it as a Cloudflare ban)."""
    headers = {
        "Retry-After": str(max(1, round(retry))),
        "X-RateLimit-Scope": "global" if is_global else "user",
        "X-RateLimit-Bucket": bucket,
        "Via": "1.1 google",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0"})
        headers["X-RateLimit-Reset-After"] = f"{retry:.3f}"
        headers["X-RateLimit-Reset"] = f"{time.time() + retry:.3f}"
    body = {"message": "You are being rate limited.", "retry_after": retry, "global": is_global}
    return _json(body, status=429, headers=headers)


def _refused(violations: list[discord_rules.Violation]) -> web.Response:
    if any(v.code == "REQUEST_ENTITY_TOO_LARGE" for v in violations):
        return _error(413, "Request entity too large", 40005)
    return _json(discord_rules.form_error(violations), status=400)


class FakeDiscord:
    """``async with FakeDiscord() as fd:`` starts the double on 127.0.0.1:<free port>."""

    def __init__(
        self,
        *,
        application_id: int = p.DEFAULT_APP_ID,
        guild_id: int = p.DEFAULT_GUILD_ID,
        channel_id: int = p.DEFAULT_CHANNEL_ID,
        bot_name: str = "Comodín",
        heartbeat_interval_ms: int = 41250,
        callback_deadline: float | None = 3.0,
        shard_count: int = 1,
        max_concurrency: int = 1,
        identify_window: float = 0.0,
        max_guilds_per_shard: int = 2500,
        rate_limits: bool = False,
    ) -> None:
        self.application_id = application_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.callback_deadline = callback_deadline  # seconds to send the initial callback
        self.shard_count = shard_count  # what GET /gateway/bot recommends
        self.max_concurrency = max_concurrency
        self.identify_window = identify_window  # 0: IDENTIFYs are not rate limited
        self.max_guilds_per_shard = max_guilds_per_shard
        self.bot_user = p.make_user(application_id, bot_name, bot=True)
        self.player = p.make_user()
        self._guilds: dict[int, str] = {guild_id: "Mesa de pruebas"}  # id -> name
        self._channels: dict[int, dict[str, Any]] = {
            channel_id: p.make_text_channel(channel_id, guild_id)
        }
        self.requests: list[Request] = []
        self.callbacks: list[Callback] = []
        # By interaction id, and who waits for one: a load test has thousands of callbacks
        # and many waiters, so finding one must not scan them all on every change.
        self._callback_by_id: dict[int, Callback] = {}
        self._callback_waiters: dict[int, list[asyncio.Future[Callback]]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.pins: dict[int, list[int]] = {}
        self.gateway_log: list[tuple[str, str]] = []  # ("recv", "IDENTIFY"), ("send", "READY")
        self.identify_payloads: list[dict[str, Any]] = []
        self.gateway_queries: list[dict[str, str]] = []  # ?v=10&encoding=json&compress=...
        self.synced: dict[int | None, list[dict[str, Any]]] = {}
        self.violations: list[tuple[str, discord_rules.Violation]] = []
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self._interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._sessions: dict[str, _Session] = {}
        self._session: _Session | None = None  # the newest
        self._identified_at: dict[int, float] = {}  # bucket -> when it last identified
        self.undelivered: list[int] = []  # interactions no session of their shard exists for
        self._faults: list[Fault] = []
        # Discord's per-channel and global rate limits (off unless asked: the bench turns
        # them on); every request refused for them is in ``rate_limited``.
        self.rate_limits = rate_limits
        self._buckets: dict[str, _Bucket] = {}
        self._global = _Bucket(GLOBAL_PER_SECOND, 1.0)
        self.rate_limited: list[Request] = []
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle ------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        # Room for uploads past any attachment_size_limit: the double answers those itself.
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._routes(app.router)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        for session in self._sessions.values():
            if session.conn is not None and not session.conn.ws.closed:
                with contextlib.suppress(TimeoutError):  # a stuck client must not hang us
                    await asyncio.wait_for(session.conn.ws.close(code=1001), timeout=2)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    # --- waiting --------------------------------------------------------------------

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(
        self, predicate: Callable[[], T], timeout: float = 5.0, what: str = ""
    ) -> T:
        """Return ``predicate()`` as soon as it is truthy; re-checked on every recorded change."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    result = predicate()
                    if result:
                        return result
                    await self._changed.wait()
        except TimeoutError:
            raise TimeoutError(
                f"fakediscord: {what or predicate} not seen within {timeout}s"
            ) from None

    def count(self, direction: str, name: str) -> int:
        """How many gateway frames named ``name`` were sent ("send") or received ("recv")."""
        return sum(1 for d, n in self.gateway_log if d == direction and n == name)

    async def wait_ready(self, count: int = 1, timeout: float = 10.0) -> None:
        """Until READY (a fresh IDENTIFY) has been sent ``count`` times in total."""
        await self.wait_until(
            lambda: self.count("send", "READY") >= count, timeout, f"READY #{count}"
        )

    async def wait_resumed(self, count: int = 1, timeout: float = 10.0) -> None:
        await self.wait_until(
            lambda: self.count("send", "RESUMED") >= count, timeout, f"RESUMED #{count}"
        )

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Until the current session has a live socket again (after READY or RESUMED)."""

        def live() -> bool:
            s = self._session
            return s is not None and s.live

        await self.wait_until(live, timeout, "a live gateway session")

    # --- shards ---------------------------------------------------------------------

    @property
    def sessions(self) -> list[_Session]:
        """Every session identified so far, oldest first."""
        return list(self._sessions.values())

    def live_sessions(self, shard_id: int | None = None) -> list[_Session]:
        return [s for s in self._sessions.values() if s.live and shard_id in (None, s.shard_id)]

    def shard_of(self, guild_id: int | None, num_shards: int | None = None) -> int:
        """The shard of a server with ``num_shards`` (default: the recommended count)."""
        count = num_shards or self.shard_count
        return 0 if guild_id is None else (guild_id >> 22) % count

    async def wait_shards(
        self, shard_ids: set[int] | list[int] | range, *, newer_than: int = 0, timeout: float = 10.0
    ) -> None:
        """Until each of ``shard_ids`` has a live session that got its GUILD_CREATEs,
        identified after the first ``newer_than`` sessions (a restarted process's)."""
        wanted = set(shard_ids)

        def ready() -> bool:
            fresh = list(self._sessions.values())[newer_than:]
            return wanted <= {s.shard_id for s in fresh if s.live and self._streamed(s)}

        await self.wait_until(ready, timeout, f"live sessions for shards {sorted(wanted)}")

    def delivered_to(self, interaction_id: int) -> list[_Session]:
        """The sessions an interaction was sent to (to their socket or their history)."""
        wanted = str(interaction_id)
        return [
            s
            for s in self._sessions.values()
            if any(
                f.get("t") == "INTERACTION_CREATE" and f["d"].get("id") == wanted for f in s.history
            )
        ]

    def _streamed(self, session: _Session) -> bool:
        """Whether a session got the GUILD_CREATE of every server on its shard."""
        created = sum(1 for f in session.history if f.get("t") == "GUILD_CREATE")
        return created >= len(self._guilds_on(session))

    def _guilds_on(self, session: _Session) -> list[int]:
        return [g for g in self._guilds if session.serves(g)]

    async def wait_callback(self, interaction_id: int, timeout: float = 5.0) -> Callback:
        found = self._callback_by_id.get(interaction_id)
        if found is not None:
            return found
        waiter: asyncio.Future[Callback] = asyncio.get_running_loop().create_future()
        waiters = self._callback_waiters.setdefault(interaction_id, [])
        waiters.append(waiter)
        try:
            async with asyncio.timeout(timeout):
                return await waiter
        except TimeoutError:
            raise TimeoutError(
                f"fakediscord: callback for interaction {interaction_id} not seen within {timeout}s"
            ) from None
        finally:
            if waiter in waiters:
                waiters.remove(waiter)
            if not waiters:
                self._callback_waiters.pop(interaction_id, None)

    def callback_for(self, interaction_id: int) -> Callback | None:
        """The callback the double accepted for an interaction, if any yet."""
        return self._callback_by_id.get(interaction_id)

    def _record_callback(self, callback: Callback) -> None:
        self.callbacks.append(callback)
        self._callback_by_id.setdefault(callback.interaction_id, callback)
        for waiter in self._callback_waiters.pop(callback.interaction_id, []):
            if not waiter.done():
                waiter.set_result(callback)

    async def wait_request(
        self, method: str, pattern: str, timeout: float = 5.0, count: int = 1
    ) -> Request:
        """The ``count``-th recorded request whose method and path (glob, relative to
        /api/v10) match."""

        def found() -> Request | None:
            hits = [
                r
                for r in self.requests
                if r.method == method and fnmatch.fnmatchcase(r.path, pattern)
            ]
            return hits[count - 1] if len(hits) >= count else None

        return await self.wait_until(found, timeout, f"{method} {pattern} #{count}")

    # --- guild state ----------------------------------------------------------------

    def add_guild(self, name: str | None = None, *, shard: int | None = None) -> int:
        """A new server (announced with GUILD_CREATE to its shard's sessions); with
        ``shard``, one whose id puts it on that shard of the recommended count."""
        guild_id = p.snowflake()
        while shard is not None and self.shard_of(guild_id) != shard:
            guild_id = p.snowflake()
        self._guilds[guild_id] = name or f"Mesa {len(self._guilds) + 1}"
        for session in self._route(guild_id):
            self._dispatch("GUILD_CREATE", self._guild_payload(guild_id), session)
        return guild_id

    @property
    def guild_ids(self) -> list[int]:
        return list(self._guilds)

    def new_channel(self, name: str | None = None, *, guild_id: int | None = None) -> int:
        """A new text channel in ``guild_id`` (default: the test guild), announced with
        CHANNEL_CREATE to its shard's sessions."""
        guild = guild_id or self.guild_id
        if guild not in self._guilds:
            raise LookupError(f"no guild {guild}: add_guild() first")
        channel_id = p.snowflake()
        channel = p.make_text_channel(channel_id, guild, name or f"mesa-{len(self._channels)}")
        self._channels[channel_id] = channel
        for session in self._route(guild):
            self._dispatch("CHANNEL_CREATE", channel, session)
        return channel_id

    def guild_of(self, channel_id: int) -> int:
        return int(self._channels[channel_id]["guild_id"])

    def channel(self, channel_id: int | None = None) -> dict[str, Any]:
        return self._channels[channel_id or self.channel_id]

    def messages_in(self, channel_id: int | None = None) -> list[dict[str, Any]]:
        cid = str(channel_id or self.channel_id)
        return [m for m in self.messages.values() if m["channel_id"] == cid]

    def synced_commands(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """The commands last synced globally (None) or to ``guild_id``, as echoed back."""
        return self.synced.get(guild_id, [])

    def _guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        guild = guild_id or self.guild_id
        members = [p.make_member(self.bot_user), p.make_member(self.player)]
        return p.make_guild(
            guild,
            owner_id=p.DEFAULT_OWNER_ID,
            channels=[c for c in self._channels.values() if c["guild_id"] == str(guild)],
            members=members,
            name=self._guilds[guild],
        )

    # --- interactions ---------------------------------------------------------------

    def slash(
        self,
        name: str,
        options: dict[str, Any] | list[dict[str, Any]] | None = None,
        *,
        user: dict[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str = "es-ES",
        focused: str | None = None,
        resolved: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A slash payload for a command the bot synced (the channel's guild first, then
        global); raises LookupError if the bot never synced it."""
        root = name.split()[0]
        channel = self.channel(channel_id)
        guild = int(channel["guild_id"])
        for scope in (guild, None):
            command = next((c for c in self.synced.get(scope, []) if c["name"] == root), None)
            if command is not None:
                return p.make_slash_interaction(
                    name,
                    options,
                    user or self.player,
                    channel,
                    guild,
                    locale,
                    application_id=self.application_id,
                    command_id=int(command["id"]),
                    command_guild_id=scope,
                    focused=focused,
                    resolved=resolved,
                )
        raise LookupError(f"command {root!r} was never synced; synced: {self.synced}")

    def press(
        self,
        custom_id: str,
        message_id: int,
        *,
        user: dict[str, Any] | None = None,
        locale: str = "es-ES",
        values: list[str] | None = None,
    ) -> dict[str, Any]:
        """A component payload: pressing ``custom_id`` on a message the bot sent."""
        message = self.messages[message_id]
        channel = self.channel(int(message["channel_id"]))
        return p.make_component_interaction(
            custom_id,
            message,
            user or self.player,
            channel,
            int(channel["guild_id"]),
            locale,
            component_type=2 if values is None else 3,
            values=values,
            application_id=self.application_id,
        )

    def modal_submit(
        self,
        custom_id: str,
        values: dict[str, str],
        *,
        user: dict[str, Any] | None = None,
        channel_id: int | None = None,
        locale: str = "es-ES",
    ) -> dict[str, Any]:
        """A modal-submit payload (what the user typed into a modal the bot opened)."""
        channel = self.channel(channel_id)
        return p.make_modal_submit(
            custom_id,
            values,
            user or self.player,
            channel,
            int(channel["guild_id"]),
            locale,
            application_id=self.application_id,
        )

    async def send_interaction(self, payload: dict[str, Any], *, expired: bool = False) -> int:
        """Dispatch INTERACTION_CREATE; ``expired`` backdates it 16 minutes, so its token is
        dead (callback: 404 Unknown interaction, code 10062). Returns the interaction id."""
        if expired:
            payload = {**payload, "id": str(p.snowflake(time.time() - TOKEN_LIFETIME - 60))}
        interaction_id = self.expect_interaction(payload, expired=expired)
        guild = int(payload["guild_id"]) if payload.get("guild_id") else None
        sessions = self._route(guild)
        if not sessions:
            if not self._sessions:
                raise RuntimeError("no gateway session: has the client identified?")
            self.undelivered.append(interaction_id)  # nobody runs that shard: no answer
            self._notify()
        for session in sessions:
            self._dispatch("INTERACTION_CREATE", payload, session)
        return interaction_id

    async def redeliver(self, interaction_id: int) -> None:
        """Send an interaction already sent once again, as it was (Discord replaying it):
        the bot must not apply it twice."""
        payload = self._interactions[interaction_id].payload
        guild = int(payload["guild_id"]) if payload.get("guild_id") else None
        for session in self._route(guild):
            self._dispatch("INTERACTION_CREATE", payload, session)

    def _route(self, guild_id: int | None) -> list[_Session]:
        """The sessions Discord sends a server's events to: every valid one of its shard."""
        return [s for s in self._sessions.values() if s.valid and s.serves(guild_id)]

    def expect_interaction(self, payload: dict[str, Any], *, expired: bool = False) -> int:
        """Know an interaction without dispatching it (its callbacks and followups are
        then answered): for raw HTTP tests of the double's rules."""
        interaction = Interaction(payload, created_at=p.snowflake_time(int(payload["id"])))
        if not expired:
            interaction.created_at = time.time()  # the 3 s deadline runs from delivery
        self._interactions[interaction.id] = interaction
        self._by_token[payload["token"]] = interaction
        return interaction.id

    # --- fault injection ------------------------------------------------------------

    def inject(
        self,
        route_pattern: str,
        status: int,
        count: int = 1,
        retry_after: float | None = None,
        *,
        is_global: bool = False,
    ) -> Fault:
        """Answer the next ``count`` requests matching ``route_pattern`` with ``status``
        (429 carries retry_after, default 0.2 s). The pattern is a glob on the path relative
        to /api/v10, optionally prefixed by a method: "POST /interactions/*/callback"."""
        method, _, pattern = route_pattern.rpartition(" ")
        fault = Fault(method or None, pattern, status, count, retry_after, is_global)
        self._faults.append(fault)
        return fault

    async def drop_gateway(
        self, code: int | None = 4000, *, invalidate: bool = False, shard: int | None = None
    ) -> None:
        """Close the current gateway socket (the newest session, or the newest live one
        of ``shard``): with a close ``code`` (4000 is resumable), or by cutting TCP when
        ``code`` is None. ``invalidate`` forgets the session, so the client's RESUME gets
        INVALID_SESSION and it must IDENTIFY again."""
        session = self._session
        if shard is not None:
            live = self.live_sessions(shard)
            session = live[-1] if live else None
        if session is None or session.conn is None:
            raise RuntimeError("no connected gateway session to drop")
        conn, session.conn = session.conn, None
        session.valid = not invalidate
        if code is None:
            transport = conn.request.transport
            if transport is not None:
                transport.abort()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.ws.close(code=code, message=b"fakediscord drop"), 2)
        self._notify()

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT (the client should reconnect and RESUME)."""
        if self._session is None or self._session.conn is None:
            raise RuntimeError("no connected gateway session")
        self.gateway_log.append(("send", "RECONNECT"))
        await self._session.conn.send({"op": 7, "d": None, "s": None, "t": None})

    # --- gateway --------------------------------------------------------------------

    def _dispatch(self, event: str, data: dict[str, Any], session: _Session | None = None) -> None:
        session = session or self._session
        if session is None:
            raise RuntimeError("no gateway session: has the client identified?")
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.history.append(frame)
        self.gateway_log.append(("send", event))
        if session.conn is not None:
            session.conn.post(frame)
        self._notify()

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws, request)
        self.gateway_queries.append(dict(request.query))
        await conn.send(
            {
                "op": 10,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            }
        )
        self.gateway_log.append(("send", "HELLO"))
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            op, data = frame.get("op"), frame.get("d")
            self.gateway_log.append(("recv", RECV_OPS.get(op, f"op{op}")))
            self._notify()
            if op == 1:
                await conn.send({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                await self._identify(conn, data)
            elif op == 6:
                await self._resume(conn, data)
            elif op == 8:
                members = [p.make_member(self.bot_user), p.make_member(self.player)]
                chunk = {
                    "guild_id": data["guild_id"],
                    "members": members,
                    "chunk_index": 0,
                    "chunk_count": 1,
                }
                if data.get("nonce"):
                    chunk["nonce"] = data["nonce"]
                asking = next((x for x in self._sessions.values() if x.conn is conn), None)
                self._dispatch("GUILD_MEMBERS_CHUNK", chunk, asking)
        for session in self._sessions.values():
            if session.conn is conn:
                session.conn = None
        self._notify()
        return ws

    async def _identify(self, conn: _Connection, data: dict[str, Any]) -> None:
        self.identify_payloads.append(data)
        shard_id, num_shards = data.get("shard") or [0, 1]
        if not (isinstance(shard_id, int) and isinstance(num_shards, int)) or not (
            0 <= shard_id < num_shards
        ):
            await self._close(conn, 4010, "Invalid shard.")
            return
        bucket = shard_id % max(1, self.max_concurrency)
        now = time.monotonic()
        last = self._identified_at.get(bucket)
        if self.identify_window and last is not None and now - last < self.identify_window:
            # Discord: max_concurrency IDENTIFYs per bucket per window; this one must wait.
            self.gateway_log.append(("send", "INVALID_SESSION"))
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            self._notify()
            return
        self._identified_at[bucket] = now
        session = _Session(
            id=secrets.token_hex(16),
            token=data["token"],
            conn=conn,
            shard_id=shard_id,
            num_shards=num_shards,
        )
        guilds = self._guilds_on(session)
        if len(guilds) > self.max_guilds_per_shard:
            await self._close(conn, 4011, "Sharding required.")
            return
        self._sessions[session.id] = session
        self._session = session
        ready = {
            "v": 10,
            "user": self.bot_user,
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": [shard_id, num_shards],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        self._dispatch("READY", ready, session)
        for guild in guilds:
            self._dispatch("GUILD_CREATE", self._guild_payload(guild), session)

    async def _close(self, conn: _Connection, code: int, reason: str) -> None:
        """Close a gateway socket with a close code the client reads (4010, 4011)."""
        self.gateway_log.append(("send", f"CLOSE {code}"))
        self._notify()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(conn.ws.close(code=code, message=reason.encode()), 2)

    async def _resume(self, conn: _Connection, data: dict[str, Any]) -> None:
        session = self._sessions.get(data.get("session_id", ""))
        if session is None or not session.valid or session.token != data.get("token"):
            self.gateway_log.append(("send", "INVALID_SESSION"))
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            self._notify()
            return
        old, session.conn = session.conn, conn
        seq = data.get("seq") or 0
        for frame in session.history:  # replay what the client missed, then RESUMED
            if frame["s"] > seq:
                conn.post(frame)
        self._dispatch("RESUMED", {"_trace": ["fakediscord"]}, session)
        if old is not None and old is not conn and not old.ws.closed:
            await old.ws.close(code=4000)

    # --- REST plumbing --------------------------------------------------------------

    def _channel_bucket(self, path: str) -> str | None:
        """A channel's messages bucket (``/channels/{id}/messages...``), when limits apply."""
        if not self.rate_limits or not path.startswith("/channels/"):
            return None
        parts = path.split("/")
        return f"messages-{parts[2]}" if len(parts) > 3 and parts[3] == "messages" else None

    def _rate_limit(self, path: str) -> web.Response | None:
        """The 429 Discord would answer (global first, then the channel's bucket), or None."""
        if not self.rate_limits or path.startswith(("/interactions/", "/webhooks/")):
            return None
        now = time.monotonic()
        wait = self._global.take(now)
        if wait is not None:
            return _limited(wait, "global", is_global=True)
        name = self._channel_bucket(path)
        if name is None:
            return None
        bucket = self._buckets.setdefault(name, _Bucket(*CHANNEL_MESSAGES))
        wait = bucket.take(now)
        return None if wait is None else _limited(wait, name, is_global=False)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        body: Any = None
        sizes: list[int] = []
        malformed = False
        try:
            if request.content_type == "application/json":
                body = await request.json()
            if request.content_type.startswith("multipart/"):
                form = await request.post()
                body = json.loads(form["payload_json"]) if "payload_json" in form else None
                for value in form.values():
                    if isinstance(value, web.FileField):
                        sizes.append(len(value.file.read()))
        except ValueError:  # not JSON (or not UTF-8): Discord's 50109, never a 500
            malformed = True
        request[BODY] = body
        request[FILE_SIZES] = sizes
        record = Request(request.method, path, dict(request.query), body)
        fault = next((f for f in self._faults if f.matches(request.method, path)), None)
        response: web.StreamResponse
        if fault is not None:
            fault.remaining -= 1
            fault.hits += 1
            record.injected = True
            response = fault.response()
        elif not path.startswith(("/interactions/", "/webhooks/")) and not request.headers.get(
            "Authorization", ""
        ).startswith("Bot "):
            response = _error(401, "401: Unauthorized", 0)
        elif malformed:
            invalid = discord_rules.Violation((), "INVALID_JSON", INVALID_JSON)
            self.violations.append((f"{request.method} {path}", invalid))
            response = _error(400, INVALID_JSON, 50109)
        elif (limited := self._rate_limit(path)) is not None:
            response = limited
            self.rate_limited.append(record)
        else:
            try:
                response = await handler(request)
            except (web.HTTPNotFound, web.HTTPMethodNotAllowed) as exc:
                record.unhandled = True
                response = _error(exc.status, f"{exc.status}: {exc.reason}", 0)
            bucket = self._channel_bucket(path)
            if bucket is not None and isinstance(response, web.Response):
                response.headers.update(self._buckets[bucket].headers(bucket, time.monotonic()))
        record.status = response.status
        self.requests.append(record)
        self._notify()
        return response

    def _routes(self, router: web.UrlDispatcher) -> None:
        a = API_PREFIX
        router.add_get("/", self._gateway)
        router.add_get("/gateway", self._gateway)
        router.add_get(a + "/gateway", self._get_gateway)
        router.add_get(a + "/gateway/bot", self._get_gateway)
        router.add_get(a + "/users/@me", self._me)
        router.add_get(a + "/oauth2/applications/@me", self._application)
        router.add_get(a + "/applications/@me", self._application)
        for scope in (
            "/applications/{app}/commands",
            "/applications/{app}/guilds/{guild}/commands",
        ):
            router.add_put(a + scope, self._put_commands)
            router.add_get(a + scope, self._get_commands)
        router.add_post(a + "/interactions/{id}/{token}/callback", self._callback)
        router.add_post(a + "/webhooks/{app}/{token}", self._followup)
        router.add_route(
            "*", a + "/webhooks/{app}/{token}/messages/{message}", self._webhook_message
        )
        router.add_get(a + "/channels/{channel}", self._get_channel)
        router.add_get(a + "/channels/{channel}/messages/pins", self._get_pins)
        router.add_route("*", a + "/channels/{channel}/messages/pins/{message}", self._pin)
        router.add_post(a + "/channels/{channel}/messages", self._post_message)
        router.add_get(a + "/channels/{channel}/messages", self._list_messages)
        router.add_route("*", a + "/channels/{channel}/messages/{message}", self._channel_message)

    # --- REST handlers --------------------------------------------------------------

    async def _get_gateway(self, request: web.Request) -> web.Response:
        limit = {
            "total": 1000,
            "remaining": 999,
            "reset_after": 0,
            "max_concurrency": self.max_concurrency,
        }
        return _json(
            {
                "url": self.gateway_url.rstrip("/"),
                "shards": self.shard_count,
                "session_start_limit": limit,
            }
        )

    async def _me(self, request: web.Request) -> web.Response:
        return _json(self.bot_user)

    async def _application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot_user["username"],
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": p.make_user(p.DEFAULT_OWNER_ID, "duena"),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "bot": self.bot_user,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
            }
        )

    def _scope(self, request: web.Request) -> int | None:
        guild = request.match_info.get("guild")
        return int(guild) if guild is not None else None

    def _check(
        self, request: web.Request, found: list[discord_rules.Violation]
    ) -> web.Response | None:
        """Discord's answer to a payload that breaks its rules (kept in ``violations``),
        or None when it is valid."""
        if not found:
            return None
        label = f"{request.method} {request.path[len(API_PREFIX) :]}"
        self.violations += [(label, v) for v in found]
        return _refused(found)

    def _against(
        self,
        request: web.Request,
        operation: str,
        rules: Callable[[Any], list[discord_rules.Violation]],
        limit: int | None = None,
    ) -> web.Response | None:
        """Discord's answer to the request's body: the files against ``limit``, the body
        against ``operation``'s schema and, once well formed, the ``rules``."""
        body = _body(request)
        found = discord_rules.check_files(request[FILE_SIZES], limit) if limit else []
        found += discord_rules.checked(openapi.check, operation, body, lambda: rules(body))
        return self._check(request, found)

    def _check_message(
        self,
        request: web.Request,
        operation: str,
        *,
        edit: bool,
        interaction: Interaction | None = None,
    ) -> web.Response | None:
        limit = DEFAULT_ATTACHMENT_LIMIT
        if interaction is not None:
            limit = int(interaction.payload.get("attachment_size_limit") or limit)
        return self._against(
            request, operation, lambda body: discord_rules.check_message(body, edit=edit), limit
        )

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        operation = "bulk_set_application_commands"
        if scope is not None:
            operation = "bulk_set_guild_application_commands"
        refused = self._against(request, operation, discord_rules.check_commands)
        if refused is not None:
            return refused
        echoed = []
        for command in request[BODY] or []:
            key = (scope, command["name"], command.get("type", 1))
            command_id = self._command_ids.setdefault(key, p.snowflake())
            echoed.append(
                {
                    "description": "",
                    "options": [],
                    "default_member_permissions": None,
                    "nsfw": False,
                    **command,
                    "type": command.get("type", 1),
                    "id": str(command_id),
                    "application_id": str(self.application_id),
                    "version": str(p.snowflake()),
                    **({"guild_id": str(scope)} if scope is not None else {}),
                }
            )
        self.synced[scope] = echoed
        return _json(echoed)

    async def _get_commands(self, request: web.Request) -> web.Response:
        return _json(self.synced.get(self._scope(request), []))

    def _new_message(
        self, channel_id: int, body: dict[str, Any], interaction: Interaction | None = None
    ) -> dict[str, Any]:
        channel = self._channels.get(channel_id)
        message = p.make_message(
            message_id=p.snowflake(),
            channel_id=channel_id,
            author=self.bot_user,
            body=body,
            guild_id=int(channel["guild_id"]) if channel else self.guild_id,
            webhook_id=self.application_id if interaction is not None else None,
            interaction=interaction.payload if interaction is not None else None,
        )
        self.messages[int(message["id"])] = message
        return message

    def _edit_message(self, message: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        for key in ("content", "embeds", "components", "attachments"):
            if key in body:
                message[key] = (
                    body[key] if body[key] is not None else ([] if key != "content" else "")
                )
        if "flags" in body and body["flags"] is not None:
            message["flags"] = int(body["flags"])
        message["flags"] &= ~128  # an edit ends the "thinking…" state
        message["edited_timestamp"] = p.iso_now()
        return message

    def _live_interaction(self, token: str, *, for_callback: bool) -> Interaction | None:
        interaction = self._by_token.get(token)
        if interaction is None:
            return None
        age = time.time() - interaction.created_at
        if age > TOKEN_LIFETIME:
            return None
        if for_callback and self.callback_deadline is not None and age > self.callback_deadline:
            return None
        return interaction

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._live_interaction(request.match_info["token"], for_callback=True)
        if interaction is None or interaction.id != int(request.match_info["id"]):
            return _error(404, "Unknown interaction", 10062)
        if interaction.acknowledged:
            return _error(400, "Interaction has already been acknowledged.", 40060)
        limit = int(interaction.payload.get("attachment_size_limit") or DEFAULT_ATTACHMENT_LIMIT)
        refused = self._against(
            request,
            "create_interaction_response",
            lambda body: discord_rules.check_callback(
                int(interaction.payload["type"]), body, has_message="message" in interaction.payload
            ),
            limit,
        )
        if refused is not None:
            return refused
        body = request[BODY] or {}
        interaction.acknowledged = True
        kind, data = body.get("type"), body.get("data")
        message: dict[str, Any] | None = None
        if kind == 4:
            message = self._new_message(interaction.channel_id, data or {}, interaction)
        elif kind == 5:
            flags = int((data or {}).get("flags") or 0) | LOADING
            message = self._new_message(interaction.channel_id, {"flags": flags}, interaction)
        elif kind in (6, 7) and "message" in interaction.payload:
            message = self.messages.get(int(interaction.payload["message"]["id"]))
            if message is not None and kind == 7:
                self._edit_message(message, data or {})
        if message is not None:
            interaction.original_message_id = int(message["id"])
        with_response = request.query.get("with_response") in ("1", "true", "True")
        self._record_callback(Callback(interaction.id, kind, data, with_response, message))
        if not with_response:
            return web.Response(status=204)
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.payload["type"]}
        response: dict[str, Any] = {"interaction": info}
        if message is not None:
            info["response_message_id"] = message["id"]
            info["response_message_loading"] = kind == 5
            info["response_message_ephemeral"] = bool(message["flags"] & 64)
            response["resource"] = {"type": kind, "message": message}
        return _json(response)

    def _webhook_interaction(self, request: web.Request) -> Interaction | None:
        if request.match_info["app"] != str(self.application_id):
            return None
        return self._live_interaction(request.match_info["token"], for_callback=False)

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        # Discord refuses followups before the initial response: the webhook isn't there yet.
        if interaction is None or not interaction.acknowledged:
            return _error(404, "Unknown Webhook", 10015)
        refused = self._check_message(
            request, "execute_webhook", edit=False, interaction=interaction
        )
        if refused is not None:
            return refused
        loading = self.messages.get(interaction.original_message_id or 0)
        if loading is not None and loading["flags"] & LOADING:
            # The first followup after a defer answers the loading message; its own
            # ephemeral flag is ignored (receiving-and-responding.mdx, "Create Followup").
            body = {k: v for k, v in (request[BODY] or {}).items() if k != "flags"}
            message = self._edit_message(loading, body)
        else:
            message = self._new_message(interaction.channel_id, request[BODY] or {}, interaction)
            interaction.followup_ids.append(int(message["id"]))
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(message)
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if interaction is None:
            return _error(404, "Unknown Webhook", 10015)
        raw = request.match_info["message"]
        message_id = interaction.original_message_id if raw == "@original" else int(raw)
        owned = [interaction.original_message_id, *interaction.followup_ids]
        message = self.messages.get(message_id) if message_id in owned else None
        if message is None:
            return _error(404, "Unknown Message", 10008)
        if request.method == "GET":
            return _json(message)
        if request.method == "PATCH":
            operation = (
                "update_original_webhook_message"
                if raw == "@original"
                else "update_webhook_message"
            )
            refused = self._check_message(request, operation, edit=True, interaction=interaction)
            return refused or _json(self._edit_message(message, request[BODY] or {}))
        if request.method == "DELETE":
            del self.messages[message_id]
            return web.Response(status=204)
        raise web.HTTPMethodNotAllowed(request.method, ["GET", "PATCH", "DELETE"])

    def _channel_of(self, request: web.Request) -> dict[str, Any] | None:
        return self._channels.get(int(request.match_info["channel"]))

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_of(request)
        return _json(channel) if channel else _error(404, "Unknown Channel", 10003)

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel_of(request)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        refused = self._check_message(request, "create_message", edit=False)
        return refused or _json(self._new_message(int(channel["id"]), request[BODY] or {}))

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_of(request)
        if channel is None:
            return _error(404, "Unknown Channel", 10003)
        return _json(list(reversed(self.messages_in(int(channel["id"])))))

    def _message_in(self, request: web.Request) -> dict[str, Any] | None:
        message = self.messages.get(int(request.match_info["message"]))
        if message is None or message["channel_id"] != request.match_info["channel"]:
            return None
        return message

    async def _channel_message(self, request: web.Request) -> web.Response:
        message = self._message_in(request)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        if request.method == "GET":
            return _json(message)
        if request.method == "PATCH":
            refused = self._check_message(request, "update_message", edit=True)
            return refused or _json(self._edit_message(message, request[BODY] or {}))
        if request.method == "DELETE":
            del self.messages[int(message["id"])]
            return web.Response(status=204)
        raise web.HTTPMethodNotAllowed(request.method, ["GET", "PATCH", "DELETE"])

    async def _get_pins(self, request: web.Request) -> web.Response:
        ids = self.pins.get(int(request.match_info["channel"]), [])
        items = [
            {"pinned_at": p.iso_now(), "message": self.messages[i]}
            for i in reversed(ids)
            if i in self.messages
        ]
        return _json({"items": items, "has_more": False})

    async def _pin(self, request: web.Request) -> web.Response:
        message = self._message_in(request)
        if message is None:
            return _error(404, "Unknown Message", 10008)
        pinned = self.pins.setdefault(int(message["channel_id"]), [])
        message_id = int(message["id"])
        if request.method == "PUT":
            message["pinned"] = True
            if message_id not in pinned:
                pinned.append(message_id)
        elif request.method == "DELETE":
            message["pinned"] = False
            if message_id in pinned:
                pinned.remove(message_id)
        else:
            raise web.HTTPMethodNotAllowed(request.method, ["PUT", "DELETE"])
        return web.Response(status=204)
