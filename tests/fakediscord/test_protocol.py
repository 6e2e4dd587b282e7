"""FakeDiscord's own contract, spoken to with a raw aiohttp client: gateway frames,
interaction token rules, fault shapes, payload builders."""

from __future__ import annotations

import json
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord, make_slash_interaction
from tests.fakediscord.payloads import (
    ALL_PERMISSIONS,
    DEFAULT_OWNER_ID,
    EVERYONE_PERMISSIONS,
    make_user,
)

AUTH = {"Authorization": "Bot raw-token"}
NO_PINGS = {"parse": []}  # what a bot that never pings sends (the double requires it)


class RawGateway:
    """A hand-written gateway client (optionally zlib-stream), to pin the frames."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, compressed: bool) -> None:
        self.ws = ws
        self._inflate = zlib.decompressobj() if compressed else None

    async def recv(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=5)
        if self._inflate is None:
            assert message.type is aiohttp.WSMsgType.TEXT
            return json.loads(message.data)
        assert message.type is aiohttp.WSMsgType.BINARY
        assert message.data.endswith(b"\x00\x00\xff\xff")  # one Z_SYNC_FLUSH per frame
        return json.loads(self._inflate.decompress(message.data))

    async def send(self, op: int, d: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def identify(self) -> dict[str, Any]:
        await self.send(2, {"token": "raw-token", "intents": 1, "properties": {}})
        ready = await self.recv()
        assert ready["t"] == "READY"
        assert (await self.recv())["t"] == "GUILD_CREATE"
        return ready


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def connect(fd: FakeDiscord, http: aiohttp.ClientSession, compress: bool) -> RawGateway:
    query = "?v=10&encoding=json" + ("&compress=zlib-stream" if compress else "")
    gateway = RawGateway(await http.ws_connect(fd.gateway_url + query), compress)
    hello = await gateway.recv()
    assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == fd.heartbeat_interval_ms
    return gateway


@pytest.mark.parametrize("compress", [True, False])
async def test_identify_heartbeat_ready_and_guild(
    fd: FakeDiscord, http: aiohttp.ClientSession, compress: bool
) -> None:
    gateway = await connect(fd, http, compress)
    ready = await gateway.identify()
    assert ready["s"] == 1
    assert ready["d"]["resume_gateway_url"] == fd.gateway_url
    assert ready["d"]["application"]["id"] == str(fd.application_id)
    assert ready["d"]["guilds"] == [{"id": str(fd.guild_id), "unavailable": True}]
    await gateway.send(1, 2)
    assert (await gateway.recv())["op"] == 11
    await fd.wait_ready()


async def test_discord_py_asks_for_zlib_stream(fd: FakeDiscord, bot: Any) -> None:
    assert fd.gateway_queries[0] == {"v": "10", "encoding": "json", "compress": "zlib-stream"}


async def test_resume_replays_missed_dispatches_in_order(
    fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    gateway = await connect(fd, http, compress=True)
    ready = await gateway.identify()
    await fd.drop_gateway(code=4000)
    first = await fd.send_interaction(make_slash_interaction("ping"))
    second = await fd.send_interaction(make_slash_interaction("ping"))
    again = await connect(fd, http, compress=True)
    await again.send(6, {"token": "raw-token", "session_id": ready["d"]["session_id"], "seq": 2})
    frames = [await again.recv() for _ in range(3)]
    assert [(f["t"], f["s"]) for f in frames] == [
        ("INTERACTION_CREATE", 3),
        ("INTERACTION_CREATE", 4),
        ("RESUMED", 5),
    ]
    assert [int(f["d"]["id"]) for f in frames[:2]] == [first, second]


async def test_unknown_session_gets_invalid_session(
    fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    gateway = await connect(fd, http, compress=False)
    await gateway.send(6, {"token": "raw-token", "session_id": "nope", "seq": 7})
    assert await gateway.recv() == {"op": 9, "d": False, "s": None, "t": None}


async def callback(
    fd: FakeDiscord, http: aiohttp.ClientSession, payload: dict[str, Any], body: dict[str, Any]
) -> tuple[int, Any]:
    url = f"{fd.api_url}/interactions/{payload['id']}/{payload['token']}/callback"
    async with http.post(url, json=body, params={"with_response": "1"}) as response:
        return response.status, await response.json()


async def test_interaction_token_rules(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    await (await connect(fd, http, compress=False)).identify()
    payload = make_slash_interaction("ping", guild=fd.guild_id)
    await fd.send_interaction(payload)
    followup = f"{fd.api_url}/webhooks/{fd.application_id}/{payload['token']}"
    async with http.post(
        followup, json={"content": "antes", "allowed_mentions": NO_PINGS}
    ) as response:
        assert (response.status, (await response.json())["code"]) == (404, 10015)

    status, body = await callback(
        fd, http, payload, {"type": 4, "data": {"content": "hola", "allowed_mentions": NO_PINGS}}
    )
    assert status == 200
    assert body["interaction"]["id"] == payload["id"]
    assert body["resource"]["message"]["content"] == "hola"
    assert body["resource"]["message"]["interaction_metadata"]["id"] == payload["id"]

    status, body = await callback(
        fd, http, payload, {"type": 4, "data": {"content": "otra", "allowed_mentions": NO_PINGS}}
    )
    assert (status, body["code"]) == (400, 40060)

    async with http.post(
        followup, params={"wait": "1"}, json={"content": "después", "allowed_mentions": NO_PINGS}
    ) as response:
        assert response.status == 200
    assert [m["content"] for m in fd.messages_in()] == ["hola", "después"]


async def test_late_and_expired_callbacks_are_unknown_interactions(
    http: aiohttp.ClientSession,
) -> None:
    async with FakeDiscord(callback_deadline=0.0) as fd:
        await (await connect(fd, http, compress=False)).identify()
        late = make_slash_interaction("ping")
        await fd.send_interaction(late)
        status, body = await callback(
            fd, http, late, {"type": 4, "data": {"content": "x", "allowed_mentions": NO_PINGS}}
        )
        assert (status, body["code"]) == (404, 10062)
    async with FakeDiscord(callback_deadline=None) as fd:
        await (await connect(fd, http, compress=False)).identify()
        old = make_slash_interaction("ping")
        await fd.send_interaction(old, expired=True)
        status, body = await callback(
            fd, http, old, {"type": 4, "data": {"content": "x", "allowed_mentions": NO_PINGS}}
        )
        assert (status, body["code"]) == (404, 10062)
        assert fd.callbacks == []


async def test_rate_limit_shape_and_count(fd: FakeDiscord, http: aiohttp.ClientSession) -> None:
    fault = fd.inject("GET /users/@me", 429, count=2, retry_after=0.5)
    for _ in range(2):
        async with http.get(f"{fd.api_url}/users/@me", headers=AUTH) as response:
            assert response.status == 429
            assert response.headers["Content-Type"] == "application/json"
            assert response.headers["X-RateLimit-Remaining"] == "0"
            assert response.headers["X-RateLimit-Reset-After"] == "0.500"
            assert response.headers["Via"]
            assert await response.json() == {
                "message": "You are being rate limited.",
                "retry_after": 0.5,
                "global": False,
            }
    async with http.get(f"{fd.api_url}/users/@me", headers=AUTH) as response:
        assert response.status == 200
    assert (fault.hits, fault.remaining) == (2, 0)
    assert [r.injected for r in fd.requests] == [True, True, False]


async def test_server_errors_auth_and_unknown_routes(
    fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    fd.inject("/channels/*/messages", 502)
    url = f"{fd.api_url}/channels/{fd.channel_id}/messages"
    async with http.post(
        url, headers=AUTH, json={"content": "a", "allowed_mentions": NO_PINGS}
    ) as response:
        assert response.status == 502
    async with http.post(url, json={"content": "a", "allowed_mentions": NO_PINGS}) as response:
        assert response.status == 401
    async with http.get(f"{fd.api_url}/guilds/1/bans", headers=AUTH) as response:
        assert response.status == 404
    assert [(r.status, r.unhandled) for r in fd.requests] == [
        (502, False),
        (401, False),
        (404, True),
    ]
    fd.requests.clear()  # the fixture asserts no unhandled routes: this one was on purpose


async def test_command_ids_are_stable_across_syncs(
    fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    url = f"{fd.api_url}/applications/{fd.application_id}/guilds/{fd.guild_id}/commands"
    body = [{"name": "ping", "description": "pong", "type": 1}]
    async with http.put(url, headers=AUTH, json=body) as response:
        first = await response.json()
    async with http.put(url, headers=AUTH, json=body) as response:
        second = await response.json()
    assert first[0]["id"] == second[0]["id"]
    assert first[0]["guild_id"] == str(fd.guild_id)
    assert fd.synced_commands(fd.guild_id) == second
    assert fd.slash("ping")["data"] == {
        "id": first[0]["id"],
        "name": "ping",
        "type": 1,
        "options": [],
        "guild_id": str(fd.guild_id),
    }


def test_subcommand_paths_nest_options() -> None:
    payload = make_slash_interaction("encounter combatant add", {"name": "Orco", "count": 2})
    assert payload["type"] == 2
    assert payload["data"]["name"] == "encounter"
    group = payload["data"]["options"][0]
    assert (group["name"], group["type"]) == ("combatant", 2)
    leaf = group["options"][0]
    assert (leaf["name"], leaf["type"]) == ("add", 1)
    assert leaf["options"] == [
        {"name": "name", "type": 3, "value": "Orco"},
        {"name": "count", "type": 4, "value": 2},
    ]


def test_focused_option_makes_an_autocomplete() -> None:
    payload = make_slash_interaction("attack", {"target": "Or"}, focused="target")
    assert payload["type"] == 4
    assert payload["data"]["options"] == [
        {"name": "target", "type": 3, "value": "Or", "focused": True}
    ]


def test_a_member_has_everyones_permissions_and_the_owner_every_permission() -> None:
    """Issue 21: the double sends what Discord computes for a member, so a plain member is
    not a server GM (no Manage Server, no Administrator); the server's owner has every
    permission."""
    member = make_slash_interaction("ping")["member"]
    permissions = int(member["permissions"])
    assert member["permissions"] == EVERYONE_PERMISSIONS
    assert not permissions & (1 << 5) and not permissions & (1 << 3)  # Manage Server, Admin
    owner = make_slash_interaction("ping", user=make_user(DEFAULT_OWNER_ID, "duena"))["member"]
    assert owner["permissions"] == ALL_PERMISSIONS
