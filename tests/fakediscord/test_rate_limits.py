"""The double's rate limits (``FakeDiscord(rate_limits=True)``, what the bench runs): a
channel's messages 5 per 5 seconds, 50 requests a second in all, interaction replies
exempt; the headers discord.py reads on every answer; each 429 kept."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord

AUTH = {"Authorization": "Bot raw-token"}
NO_PINGS = {"parse": []}


@pytest.fixture
async def limited() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(rate_limits=True) as fd:
        yield fd


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def post(
    fd: FakeDiscord, http: aiohttp.ClientSession, channel: int
) -> aiohttp.ClientResponse:
    url = f"{fd.api_url}/channels/{channel}/messages"
    async with http.post(
        url, headers=AUTH, json={"content": "tablero", "allowed_mentions": NO_PINGS}
    ) as response:
        await response.read()
        return response


async def test_a_channel_takes_five_messages_in_five_seconds(
    limited: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    answers = [await post(limited, http, limited.channel_id) for _ in range(6)]
    assert [a.status for a in answers] == [200] * 5 + [429]
    assert [a.headers["X-RateLimit-Remaining"] for a in answers[:5]] == ["4", "3", "2", "1", "0"]
    assert answers[0].headers["X-RateLimit-Limit"] == "5"
    assert float(answers[0].headers["X-RateLimit-Reset-After"]) <= 5.0
    refused = answers[5]
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["Via"]  # discord.py reads a 429 without it as a Cloudflare ban
    assert 0 < float(refused.headers["X-RateLimit-Reset-After"]) <= 5.0
    assert len(limited.rate_limited) == 1
    assert limited.rate_limited[0].status == 429


async def test_each_channel_has_its_own_bucket(
    limited: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    other = limited.new_channel()
    for _ in range(5):
        assert (await post(limited, http, limited.channel_id)).status == 200
    assert (await post(limited, http, other)).status == 200
    assert limited.rate_limited == []


async def test_fifty_requests_a_second_in_all(
    limited: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    statuses = []
    for _ in range(51):
        async with http.get(f"{limited.api_url}/users/@me", headers=AUTH) as response:
            statuses.append(response.status)
            is_global = response.headers.get("X-RateLimit-Global")
    assert statuses == [200] * 50 + [429]
    assert is_global == "true"


async def test_without_rate_limits_nothing_is_refused(
    fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    answers = [await post(fd, http, fd.channel_id) for _ in range(8)]
    assert [a.status for a in answers] == [200] * 8
    assert "X-RateLimit-Remaining" not in answers[0].headers
