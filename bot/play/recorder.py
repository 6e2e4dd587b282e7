"""Records what the bot would send to Discord, for the offline table.

Two seams of discord.py 2.7 (DESIGN.md): interaction responses and followups go through
the webhook adapter held in ``discord.webhook.async_.async_context``; channel messages
(the board) go through ``HTTPClient.request``. Both are answered here with the payloads
Discord would return, and every message is kept as a :class:`SentMessage`.

Every payload is checked against Discord's rules (:mod:`bot.render.discord_rules`, the
same validator the aiohttp double uses) and, when one is installed
(:attr:`Recorder.schema_check`: the test suite installs Discord's OpenAPI request schemas,
``tests/fakediscord/openapi.py``), first against the schema of its operation. A payload Discord would refuse is answered as
Discord answers it (400, code 50035, the field path; 413 for files past the interaction's
``attachment_size_limit``), so the bot's real error path runs, and is kept in
:attr:`Recorder.violations`: the offline table fails a test that caused one.

As on Discord, after a deferred reply ("thinking…") the first followup or edit of the
original replaces the loading message and keeps the defer's ephemeral flag.
"""

from __future__ import annotations

import itertools
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.render import discord_rules
from bot.render.limits import DEFAULT_ATTACHMENT_LIMIT

_ids = itertools.count(1)
EPHEMERAL = 1 << 6


def snowflake() -> int:
    """Increasing fake snowflakes (valid 64-bit ids that sort by creation)."""
    return (1_300_000_000_000 << 22) + next(_ids)


DISCORD_EPOCH_MS = 1_420_070_400_000
# This process's part of an interaction id (10 bits, drawn once): two tables started in
# the same millisecond on one database still send different ids.
_PROCESS_PART = secrets.randbits(10)
_last_interaction = 0  # the last id interaction_snowflake made


def interaction_snowflake(after: int = 0) -> int:
    """An interaction id as Discord makes them: the time now (42 bits of milliseconds),
    then this process's random part (10 bits) and a counter (12 bits). Unlike
    :func:`snowflake` it differs between runs: a table reopened on the same database must
    not send an id the database already records as applied (the replay guard). ``after``:
    the highest id known to be used (the table reads it from the database); the id is
    always above it, even with a clock set back."""
    global _last_interaction
    now_ms = time.time_ns() // 1_000_000
    made = ((now_ms - DISCORD_EPOCH_MS) << 22) | (_PROCESS_PART << 12) | (next(_ids) & 0xFFF)
    # Above every id this process made too: when the counter wraps within a millisecond,
    # ``made`` falls below the last one, and ``after + 1`` alone gave two tables of one
    # process (tests of two bots on one database) the same id.
    _last_interaction = max(made, after + 1, _last_interaction + 1)
    return _last_interaction


@dataclass
class SentMessage:
    """One message the bot sent (or edited): ``kind`` is reply, followup, edit, channel,
    channel_edit, modal or update (a component's message edited in place)."""

    kind: str
    message_id: int
    channel_id: int
    user: str | None
    payload: dict[str, Any]
    ephemeral: bool = False
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    def buttons(self) -> list[dict[str, Any]]:
        found = []
        for row in self.components:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    found.append(comp)
        return found

    def pinged(self) -> list[int]:
        """The users this message may ping (its allowed mentions)."""
        mentions = self.payload.get("allowed_mentions") or {}
        return [int(u) for u in mentions.get("users") or []]

    def text(self) -> str:
        """Everything a person reads in the message, as one string (for tests)."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        parts += [b.get("label", "") for b in self.buttons()]
        return "\n".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message_id": str(self.message_id),
            "user": self.user,
            "content": self.payload.get("content"),
            "embeds": self.embeds,
            "components": self.components,
            "ephemeral": self.ephemeral,
            "allowed_mentions": self.payload.get("allowed_mentions"),
            **({"modal": self.data} if self.kind == "modal" else {}),
        }


def message_payload(
    message_id: int, channel_id: int, bot_user: dict[str, Any], body: dict[str, Any]
) -> dict[str, Any]:
    """A MESSAGE object as Discord returns it."""
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": bot_user,
        "content": body.get("content") or "",
        "timestamp": datetime.now(UTC).isoformat(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 0,
        "flags": body.get("flags", 0),
    }


class _Response:
    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class PayloadViolation:
    """A request Discord would have refused: where it went and what was wrong."""

    request: str
    violation: discord_rules.Violation

    def __str__(self) -> str:
        return f"{self.request}: {self.violation}"


@dataclass
class _Interaction:
    type: int
    has_message: bool
    attachment_limit: int


def _body(payload: dict[str, Any] | None, multipart: list[dict[str, Any]] | None) -> dict:
    if payload is not None:
        return payload
    for part in multipart or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return {}


class Recorder:
    """Holds the conversation: every message sent, by id, in order."""

    # Discord's request schemas by operation, checked before the hand-written rules (None:
    # the rules only). The test suite installs its OpenAPI check here (tests/conftest.py).
    schema_check: ClassVar[discord_rules.SchemaCheck | None] = None

    def __init__(self, bot_user: dict[str, Any]) -> None:
        self.bot_user = bot_user
        self.sent: list[SentMessage] = []
        self.messages: dict[int, SentMessage] = {}
        self.current_user: str | None = None
        self.current_channel: int = 0
        self.interaction_messages: dict[str, int] = {}  # interaction token -> original message
        self.files: list[tuple[str, bytes]] = []  # files the bot sent (exports)
        self.local_files: dict[str, bytes] = {}  # attachments a user "uploaded" (file://)
        self.violations: list[PayloadViolation] = []
        self.callbacks: list[int] = []  # the type of every accepted interaction callback
        self._interactions: dict[str, _Interaction] = {}  # by interaction id and by token
        self._deferred: dict[str, int] = {}  # token -> loading message not yet answered

    def register_interaction(self, payload: dict[str, Any]) -> None:
        """Remember an interaction the table dispatches: its callbacks are checked against
        its type, its files against its ``attachment_size_limit``."""
        info = _Interaction(
            type=int(payload["type"]),
            has_message="message" in payload,
            attachment_limit=int(payload.get("attachment_size_limit") or DEFAULT_ATTACHMENT_LIMIT),
        )
        self._interactions[str(payload["id"])] = info
        self._interactions[str(payload["token"])] = info

    def _refuse(
        self, request: str, found: list[discord_rules.Violation], *, status: int = 400
    ) -> None:
        """Record the violations and raise what discord.py raises for Discord's answer."""
        if not found:
            return
        self.violations += [PayloadViolation(request, v) for v in found]
        if status == 413:
            body: dict[str, Any] = {"code": 40005, "message": "Request entity too large"}
            raise discord.HTTPException(_Response(413, "Payload Too Large"), body)  # type: ignore[arg-type]
        raise discord.HTTPException(_Response(400, "Bad Request"), discord_rules.form_error(found))  # type: ignore[arg-type]

    def _check(
        self,
        request: str,
        operation: str,
        body: Any,
        rules: Callable[[], list[discord_rules.Violation]],
    ) -> None:
        """Refuse ``body`` as Discord would: its operation's schema, then the rules. (The
        schema check is read from the class, where a function stays a plain function.)"""
        self._refuse(
            request, discord_rules.checked(type(self).schema_check, operation, body, rules)
        )

    def _check_files(self, request: str, sizes: list[int], limit: int) -> None:
        self._refuse(request, discord_rules.check_files(sizes, limit), status=413)

    async def get_from_cdn(self, url: str) -> bytes:
        if url in self.local_files:
            return self.local_files[url]
        from bot.play.errors import not_found

        raise not_found()

    def _record(self, msg: SentMessage) -> SentMessage:
        self.sent.append(msg)
        if msg.kind in ("edit", "channel_edit", "update") and msg.message_id in self.messages:
            original = self.messages[msg.message_id]
            merged = {**original.payload, **msg.payload}
            msg.payload = merged
            msg.ephemeral = original.ephemeral
        self.messages[msg.message_id] = msg
        return msg

    # -- interaction webhook adapter --------------------------------------------------

    async def webhook_request(
        self,
        route: Route,
        payload: dict[str, Any] | None,
        multipart: list[dict[str, Any]] | None,
        files: Any,
    ) -> Any:
        body = _body(payload, multipart)
        blobs = []
        for f in files or []:
            f.reset()
            blobs.append((f.filename, f.fp.read()))
        path = route.path
        token = route.webhook_token or ""
        request = f"{route.method} {path}"
        interaction = self._interactions.get(token)
        if blobs:
            limit = interaction.attachment_limit if interaction else DEFAULT_ATTACHMENT_LIMIT
            self._check_files(request, [len(b) for _, b in blobs], limit)
        if path.endswith("/callback"):
            result = self._callback(route, body)
            self.files += blobs
            return result
        if route.method == "POST" and path == "/webhooks/{webhook_id}/{webhook_token}":
            self._check(request, "execute_webhook", body, lambda: discord_rules.check_message(body))
            self.files += blobs
            if token in self._deferred:  # the first followup answers the loading message
                mid = self._deferred.pop(token)
                msg = self._record(self._answer_deferred(mid, body))
                return message_payload(mid, self.current_channel, self.bot_user, msg.payload)
            mid = snowflake()
            flags = body.get("flags", 0) or 0
            self._record(
                SentMessage(
                    "followup",
                    mid,
                    self.current_channel,
                    self.current_user,
                    body,
                    bool(flags & EPHEMERAL),
                )
            )
            return message_payload(mid, self.current_channel, self.bot_user, body)
        if "/messages/" in path:
            mid = self._message_id(route, token)
            if route.method == "PATCH":
                operation = (
                    "update_original_webhook_message"
                    if path.endswith("/@original")
                    else "update_webhook_message"
                )
                self._check(
                    request, operation, body, lambda: discord_rules.check_message(body, edit=True)
                )
                self.files += blobs
                if self._deferred.get(token) == mid:
                    self._deferred.pop(token)
                    self._record(self._answer_deferred(mid, body))
                else:
                    self._record(
                        SentMessage("edit", mid, self.current_channel, self.current_user, body)
                    )
            if route.method == "DELETE":
                if self._deferred.get(token) == mid:
                    self._deferred.pop(token)
                self.messages.pop(mid, None)
                return None
            existing = self.messages.get(mid)
            merged = {**(existing.payload if existing else {}), **body}
            return message_payload(mid, self.current_channel, self.bot_user, merged)
        return {}

    def _answer_deferred(self, mid: int, body: dict[str, Any]) -> SentMessage:
        """The loading message of a deferred reply, now with its content: shown as the
        reply, ephemeral as the defer said (a followup's own flag is ignored)."""
        loading = self.messages.get(mid)
        ephemeral = loading.ephemeral if loading is not None else False
        return SentMessage(
            "reply", mid, self.current_channel, self.current_user, dict(body), ephemeral
        )

    def _message_id(self, route: Route, token: str | None) -> int:
        url = route.url
        tail = url.rsplit("/messages/", 1)[1]
        if tail.startswith("@original"):
            return self.interaction_messages.get(token or "", 0)
        return int(tail.split("?")[0])

    def _callback(self, route: Route, body: dict[str, Any]) -> dict[str, Any]:
        token = route.webhook_token or ""
        interaction_id = str(route.webhook_id)
        interaction = self._interactions.get(interaction_id)
        kind = body.get("type") if isinstance(body, dict) else None
        self._check(
            f"POST /interactions/{{id}}/{{token}}/callback (type {kind})",
            "create_interaction_response",
            body,
            lambda: (
                discord_rules.check_callback(
                    interaction.type, body, has_message=interaction.has_message
                )
                if interaction is not None
                else []
            ),
        )
        data = body.get("data") or {}
        self.callbacks.append(int(kind or 0))
        result: dict[str, Any] = {
            "interaction": {"id": interaction_id, "type": 2, "response_message_loading": kind == 5},
        }
        if kind in (4, 5):
            mid = snowflake()
            self.interaction_messages[token] = mid
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            result["interaction"]["response_message_id"] = str(mid)
            result["interaction"]["response_message_ephemeral"] = ephemeral
            if kind == 4:
                self._record(
                    SentMessage(
                        "reply", mid, self.current_channel, self.current_user, data, ephemeral
                    )
                )
            else:  # "thinking…": kept (not shown) until a followup or an edit answers it
                loading = SentMessage(
                    "deferred", mid, self.current_channel, self.current_user, {}, ephemeral
                )
                self.messages[mid] = loading
                self._deferred[token] = mid
            msg = message_payload(mid, self.current_channel, self.bot_user, data)
            result["resource"] = {"type": kind, "message": msg}
        elif kind == 7 and self.component_message is not None:
            mid = self.component_message
            self._record(SentMessage("update", mid, self.current_channel, self.current_user, data))
            existing = self.messages[mid]
            result["resource"] = {
                "type": 7,
                "message": message_payload(
                    mid, self.current_channel, self.bot_user, existing.payload
                ),
            }
        elif kind == 9:
            mid = snowflake()
            self._record(
                SentMessage("modal", mid, self.current_channel, self.current_user, {}, True, data)
            )
        return result

    component_message: int | None = None

    # -- channel messages (HTTPClient.request) -----------------------------------------

    async def http_request(self, route: Route, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if body is None:
            form = kwargs.get("form") or []
            body = next(
                (json.loads(p["value"]) for p in form if p.get("name") == "payload_json"), {}
            )
        method, path = route.method, route.path
        request = f"{method} {path}"
        channel_id = int(route.channel_id) if route.channel_id else self.current_channel
        files = kwargs.get("files") or []
        if files:
            sizes = []
            for f in files:
                f.reset()
                sizes.append(len(f.fp.read()))
            self._check_files(request, sizes, DEFAULT_ATTACHMENT_LIMIT)
        if path.endswith("/commands") and method == "PUT":
            commands = body if body is not None else []
            operation = (
                "bulk_set_guild_application_commands"
                if "/guilds/" in path
                else "bulk_set_application_commands"
            )
            self._check(
                request, operation, commands, lambda: discord_rules.check_commands(commands)
            )
            return body
        if method == "POST" and path == "/channels/{channel_id}/messages":
            self._check(request, "create_message", body, lambda: discord_rules.check_message(body))
            mid = snowflake()
            self._record(SentMessage("channel", mid, channel_id, None, body))
            return message_payload(mid, channel_id, self.bot_user, body)
        if path == "/channels/{channel_id}/messages/{message_id}":
            mid = int(route.url.rsplit("/", 1)[1])
            if method == "PATCH":
                self._check(
                    request,
                    "update_message",
                    body,
                    lambda: discord_rules.check_message(body, edit=True),
                )
                self._record(SentMessage("channel_edit", mid, channel_id, None, body))
            if method == "DELETE":
                return None
            existing = self.messages.get(mid)
            if existing is None:
                from bot.play.errors import not_found

                raise not_found()
            return message_payload(mid, channel_id, self.bot_user, {**existing.payload, **body})
        if "/pins/" in path:
            return None
        return {}


class RecordingAdapter(AsyncWebhookAdapter):
    """The webhook adapter the offline table installs in ``async_context``."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def request(
        self, route: Route, session: Any, *, payload=None, multipart=None, files=None, **_: Any
    ) -> Any:  # type: ignore[override]
        return await self.recorder.webhook_request(route, payload, multipart, files)
