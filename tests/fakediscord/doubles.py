"""The two Discord doubles behind one small interface, for the tests of what they refuse
(test_rules.py: Discord's limits; test_spec.py: Discord's request schemas): the aiohttp
double reached over raw HTTP, as any client would send it, and the offline table's recorder,
handed what discord.py's webhook adapter and HTTP client hand it. Bodies go as they are
given, well formed or not."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any, Protocol

import aiohttp
import discord
from discord.http import Route

from bot.play.recorder import Recorder
from tests.fakediscord import FakeDiscord, make_component_interaction, make_slash_interaction
from tests.fakediscord.payloads import make_modal_submit

NO_PINGS = {"parse": []}
AUTH = {"Authorization": "Bot raw-token"}


@dataclass
class Answer:
    status: int
    paths: set[str]  # the field paths of a 400 (``embeds.0.title``; ``""``: the body itself)
    code: int | None = None  # Discord's error code (50035: Invalid Form Body)


def _paths(errors: Any, prefix: str = "") -> set[str]:
    found: set[str] = set()
    for key, value in (errors or {}).items():
        if key == "_errors":
            found.add(prefix)
        else:
            found |= _paths(value, f"{prefix}.{key}" if prefix else key)
    return found


class Double(Protocol):
    """Each method sends ``body`` as it is; ``files`` make it multipart (``payload_json``)."""

    async def post_message(self, body: Any, files: list[bytes] = ...) -> Answer: ...
    async def edit_message(self, body: Any) -> Answer: ...
    async def followup(self, body: Any) -> Answer: ...
    async def edit_original(self, body: Any) -> Answer: ...
    async def callback(
        self, interaction: dict[str, Any], body: Any, files: list[bytes] = ...
    ) -> Answer: ...
    async def put_commands(self, commands: Any) -> Answer: ...


def _form(body: Any, files: list[bytes]) -> aiohttp.FormData:
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(body), content_type="application/json")
    for i, blob in enumerate(files):
        form.add_field(f"files[{i}]", blob, filename=f"f{i}.json")
    return form


class HttpDouble:
    def __init__(self, fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
        self.fd = fd
        self.http = http

    async def _answer(self, response: aiohttp.ClientResponse) -> Answer:
        if response.status == 204:
            return Answer(204, set())
        data = await response.json()
        errors = data.get("errors") if response.status == 400 else {}
        code = data.get("code") if response.status >= 400 else None
        return Answer(response.status, _paths(errors), code)

    async def post_message(self, body: Any, files: list[bytes] = ()) -> Answer:  # type: ignore[assignment]
        url = f"{self.fd.api_url}/channels/{self.fd.channel_id}/messages"
        sent = {"data": _form(body, files)} if files else {"json": body}
        async with self.http.post(url, headers=AUTH, **sent) as response:
            return await self._answer(response)

    async def edit_message(self, body: Any) -> Answer:
        created = await self.post_message({"content": "x", "allowed_mentions": NO_PINGS})
        assert created.status == 200
        message_id = max(self.fd.messages)
        url = f"{self.fd.api_url}/channels/{self.fd.channel_id}/messages/{message_id}"
        async with self.http.patch(url, headers=AUTH, json=body) as response:
            return await self._answer(response)

    async def _answered(self, reply: dict[str, Any]) -> str:
        """An interaction answered with ``reply`` (its callback): its webhook's URL."""
        interaction = make_slash_interaction("x", channel=self.fd.channel())
        done = await self.callback(interaction, reply)
        assert done.status == 204
        return f"{self.fd.api_url}/webhooks/{self.fd.application_id}/{interaction['token']}"

    async def followup(self, body: Any) -> Answer:
        url = await self._answered({"type": 5})
        async with self.http.post(url, json=body) as response:
            return await self._answer(response)

    async def edit_original(self, body: Any) -> Answer:
        url = await self._answered(
            {"type": 4, "data": {"content": "x", "allowed_mentions": NO_PINGS}}
        )
        async with self.http.patch(f"{url}/messages/@original", json=body) as response:
            return await self._answer(response)

    async def callback(
        self, interaction: dict[str, Any], body: Any, files: list[bytes] = ()
    ) -> Answer:  # type: ignore[assignment]
        self.fd.expect_interaction(interaction)
        url = f"{self.fd.api_url}/interactions/{interaction['id']}/{interaction['token']}/callback"
        sent = {"data": _form(body, files)} if files else {"json": body}
        async with self.http.post(url, **sent) as response:
            return await self._answer(response)

    async def put_commands(self, commands: Any) -> Answer:
        url = f"{self.fd.api_url}/applications/{self.fd.application_id}/commands"
        async with self.http.put(url, headers=AUTH, json=commands) as response:
            return await self._answer(response)


class RecorderDouble:
    def __init__(self) -> None:
        self.recorder = Recorder({"id": "1", "username": "bot", "discriminator": "0"})

    async def _answer(self, call: Any) -> Answer:
        try:
            await call
        except discord.HTTPException as exc:
            return Answer(exc.status, _paths(getattr(exc, "_errors", None)), exc.code)
        return Answer(200, set())

    async def post_message(self, body: Any, files: list[bytes] = ()) -> Answer:  # type: ignore[assignment]
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=7)
        if not files:
            return await self._answer(self.recorder.http_request(route, json=body))
        form = [{"name": "payload_json", "value": json.dumps(body)}]
        return await self._answer(self.recorder.http_request(route, form=form, files=_files(files)))

    async def edit_message(self, body: Any) -> Answer:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=7)
        created = await self.recorder.http_request(
            route, json={"content": "x", "allowed_mentions": NO_PINGS}
        )
        edit = Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=7,
            message_id=int(created["id"]),
        )
        return await self._answer(self.recorder.http_request(edit, json=body))

    async def _answered(self, reply: dict[str, Any]) -> str:
        """An interaction answered with ``reply`` (its callback): its token."""
        interaction = make_slash_interaction("x")
        assert (await self.callback(interaction, reply)).status == 200
        return str(interaction["token"])

    async def followup(self, body: Any) -> Answer:
        token = await self._answered({"type": 5})
        route = Route(
            "POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token=token
        )
        return await self._answer(self.recorder.webhook_request(route, body, None, None))

    async def edit_original(self, body: Any) -> Answer:
        token = await self._answered(
            {"type": 4, "data": {"content": "x", "allowed_mentions": NO_PINGS}}
        )
        route = Route(
            "PATCH",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
            webhook_id=1,
            webhook_token=token,
        )
        return await self._answer(self.recorder.webhook_request(route, body, None, None))

    async def callback(
        self, interaction: dict[str, Any], body: Any, files: list[bytes] = ()
    ) -> Answer:  # type: ignore[assignment]
        self.recorder.register_interaction(interaction)
        route = Route(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            webhook_id=int(interaction["id"]),
            webhook_token=interaction["token"],
        )
        attached = _files(files)
        return await self._answer(self.recorder.webhook_request(route, body, None, attached))

    async def put_commands(self, commands: Any) -> Answer:
        route = Route("PUT", "/applications/{application_id}/commands", application_id=1)
        return await self._answer(self.recorder.http_request(route, json=commands))


def _files(blobs: list[bytes]) -> list[discord.File]:
    return [discord.File(io.BytesIO(blob), filename=f"f{i}.json") for i, blob in enumerate(blobs)]


# -- interactions to answer -----------------------------------------------------------------


def slash() -> dict[str, Any]:
    return make_slash_interaction("x")


def autocomplete() -> dict[str, Any]:
    return make_slash_interaction("x", {"q": "a"}, focused="q")


def press() -> dict[str, Any]:
    message = {"id": "5", "channel_id": "6", "content": "", "embeds": [], "components": []}
    return make_component_interaction("b", message)


def modal_submit() -> dict[str, Any]:
    return make_modal_submit("m", {"f": "v"})
