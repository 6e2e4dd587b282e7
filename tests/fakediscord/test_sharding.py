"""The double's shards (issue 20 item 6): GET /gateway/bot recommends a shard count; each
connection IDENTIFYs one shard and gets READY and GUILD_CREATE for that shard's servers
only; a server's interactions reach only the sessions of its shard, (guild_id >> 22) %
num_shards, all of them when two processes run the shard (Discord's hand-off: the first
answer wins); bad shards, crowded shards and IDENTIFYs too close together are refused as
Discord refuses them. Spoken to by the real discord.py AutoShardedClient and by hand."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.test_protocol import AUTH, connect


class ShardedProbe(commands.AutoShardedBot):
    """discord.py's sharded bot with /where (answers with the shard that received it)."""

    def __init__(self, shard_ids: list[int] | None, shard_count: int | None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix="!",
            intents=intents,
            shard_ids=shard_ids,
            shard_count=shard_count,
            guild_ready_timeout=0.05,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.answered: list[tuple[int, int]] = []  # (interaction id, shard that got it)
        self.refused: list[int] = []  # interactions another process answered first
        self.handled: asyncio.Queue[int] = asyncio.Queue()  # each, once answered or refused

    async def setup_hook(self) -> None:
        @self.tree.command(name="where", description="which shard")
        async def where(interaction: discord.Interaction) -> None:
            shard = interaction.guild.shard_id if interaction.guild else 0
            try:
                await interaction.response.send_message(f"shard {shard}")
            except discord.HTTPException as exc:
                assert exc.code == 40060
                self.refused.append(interaction.id)
            else:
                self.answered.append((interaction.id, shard))
            self.handled.put_nowait(interaction.id)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return  # the double does not limit IDENTIFYs unless a test asks it to


@pytest.fixture
async def sharded_fd(fd: FakeDiscord) -> FakeDiscord:
    """Four shards recommended; a server on each of shards 0..3 (the default server is
    wherever its id puts it)."""
    fd.shard_count, fd.max_concurrency = 4, 4
    for shard in range(4):
        fd.add_guild(f"Mesa {shard}", shard=shard)
    return fd


async def _running(bot: ShardedProbe, fd: FakeDiscord, shards: list[int]) -> asyncio.Task:
    task = asyncio.create_task(bot.start("fake-token"))
    await fd.wait_shards(shards)
    await asyncio.wait_for(bot.wait_until_ready(), 10)  # it has read every GUILD_CREATE
    if bot.shard_ids is None or 0 in bot.shard_ids:
        await bot.tree.sync()
    return task


async def _stop(bot: ShardedProbe, task: asyncio.Task) -> None:
    await bot.close()
    await task


def _guild_on(fd: FakeDiscord, shard: int) -> int:
    return next(g for g in fd.guild_ids[1:] if fd.shard_of(g) == shard)


async def test_gateway_bot_recommends_the_shard_count_and_the_concurrency(
    sharded_fd: FakeDiscord,
) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.get(sharded_fd.api_url + "/gateway/bot", headers=AUTH) as response,
    ):
        body = await response.json()
    assert body["shards"] == 4
    assert body["session_start_limit"]["max_concurrency"] == 4
    assert body["url"] == sharded_fd.gateway_url.rstrip("/")


async def test_discord_py_opens_one_connection_per_shard_and_gets_only_their_servers(
    sharded_fd: FakeDiscord,
) -> None:
    fd = sharded_fd
    bot = ShardedProbe(shard_ids=[1, 3], shard_count=4)
    task = await _running(bot, fd, [1, 3])
    try:
        assert sorted(i["shard"] for i in fd.identify_payloads) == [[1, 4], [3, 4]]
        assert len(fd.gateway_queries) == 2, "one gateway connection per shard"
        for session in fd.live_sessions():
            ready = session.history[0]
            assert ready["t"] == "READY" and ready["d"]["shard"] == [session.shard_id, 4]
            listed = {int(g["id"]) for g in ready["d"]["guilds"]}
            created = {int(f["d"]["id"]) for f in session.history if f["t"] == "GUILD_CREATE"}
            assert (
                listed == created == {g for g in fd.guild_ids if fd.shard_of(g) == session.shard_id}
            )
        assert {g.id for g in bot.guilds} == {g for g in fd.guild_ids if fd.shard_of(g) in (1, 3)}
        assert {g.shard_id for g in bot.guilds} == {1, 3}
    finally:
        await _stop(bot, task)


async def test_a_server_interactions_reach_only_the_session_of_its_shard(
    sharded_fd: FakeDiscord,
) -> None:
    fd = sharded_fd
    first = ShardedProbe(shard_ids=[0, 1], shard_count=4)
    second = ShardedProbe(shard_ids=[2, 3], shard_count=4)
    tasks = [await _running(first, fd, [0, 1]), await _running(second, fd, [2, 3])]
    try:
        sent = {}
        for shard in range(4):
            channel = fd.new_channel(guild_id=_guild_on(fd, shard))
            sent[shard] = await fd.send_interaction(fd.slash("where", channel_id=channel))
        for bot, shards in ((first, (0, 1)), (second, (2, 3))):
            handled = {await asyncio.wait_for(bot.handled.get(), 5) for _ in shards}
            assert handled == {sent[shard] for shard in shards}
        for shard, interaction_id in sent.items():
            callback = await fd.wait_callback(interaction_id)
            assert callback.data["content"] == f"shard {shard}"
            [session] = fd.delivered_to(interaction_id)
            assert session.shard_id == shard
        assert {i for i, _ in first.answered} == {sent[0], sent[1]}
        assert {i for i, _ in second.answered} == {sent[2], sent[3]}
    finally:
        for bot, task in zip((first, second), tasks, strict=True):
            await _stop(bot, task)


async def test_a_shard_nobody_runs_leaves_its_interactions_unanswered(
    sharded_fd: FakeDiscord,
) -> None:
    fd = sharded_fd
    bot = ShardedProbe(shard_ids=[0], shard_count=4)
    task = await _running(bot, fd, [0])
    try:
        channel = fd.new_channel(guild_id=_guild_on(fd, 2))
        lost = await fd.send_interaction(fd.slash("where", channel_id=channel))
        assert fd.undelivered == [lost]
        assert fd.delivered_to(lost) == []
        with pytest.raises(TimeoutError):
            await fd.wait_callback(lost, timeout=0.3)
    finally:
        await _stop(bot, task)


async def test_two_processes_running_one_shard_both_get_its_interactions_and_one_answers(
    sharded_fd: FakeDiscord,
) -> None:
    """Discord's hand-off between deployments: several sessions may identify the same
    shard; each receives its events, and the first callback wins (40060 for the rest)."""
    fd = sharded_fd
    old = ShardedProbe(shard_ids=[2], shard_count=4)
    new = ShardedProbe(shard_ids=[0, 1, 2, 3], shard_count=4)
    tasks = [await _running(old, fd, [2])]
    tasks.append(await _running(new, fd, [0, 1, 2, 3]))
    try:
        assert len(fd.live_sessions(2)) == 2
        channel = fd.new_channel(guild_id=_guild_on(fd, 2))
        both = await fd.send_interaction(fd.slash("where", channel_id=channel))
        await fd.wait_callback(both)
        for bot in (old, new):
            assert await asyncio.wait_for(bot.handled.get(), 5) == both
        assert len(fd.delivered_to(both)) == 2
        assert [i for i, _ in old.answered + new.answered] == [both]
        assert old.refused + new.refused == [both]
        assert [c.interaction_id for c in fd.callbacks] == [both]
    finally:
        for bot, task in zip((old, new), tasks, strict=True):
            await _stop(bot, task)


async def _identify(gateway: Any, shard: list[int]) -> None:
    await gateway.send(2, {"token": "raw-token", "intents": 1, "properties": {}, "shard": shard})


@pytest.mark.parametrize("shard", [[4, 4], [-1, 4], [0, 0]])
async def test_a_shard_outside_the_count_is_closed_with_4010(
    sharded_fd: FakeDiscord, http: aiohttp.ClientSession, shard: list[int]
) -> None:
    gateway = await connect(sharded_fd, http, compress=False)
    await _identify(gateway, shard)
    closed = await gateway.ws.receive(timeout=5)
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010
    assert sharded_fd.sessions == []


async def test_a_shard_with_too_many_servers_is_closed_with_4011(
    sharded_fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    sharded_fd.max_guilds_per_shard = 2  # Discord's is 2,500
    gateway = await connect(sharded_fd, http, compress=False)
    await _identify(gateway, [0, 1])  # one shard for all five servers
    closed = await gateway.ws.receive(timeout=5)
    assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4011
    again = await connect(sharded_fd, http, compress=False)
    await _identify(again, [0, 4])
    assert (await again.recv())["t"] == "READY"


async def test_identifies_closer_than_the_window_in_one_bucket_are_refused(
    sharded_fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    fd = sharded_fd
    fd.max_concurrency, fd.identify_window = 2, 30.0
    first = await connect(fd, http, compress=False)
    await _identify(first, [0, 4])  # bucket 0
    assert (await first.recv())["t"] == "READY"
    other = await connect(fd, http, compress=False)
    await _identify(other, [1, 4])  # bucket 1: at once
    assert (await other.recv())["t"] == "READY"
    same = await connect(fd, http, compress=False)
    await _identify(same, [2, 4])  # bucket 0 again, within the window
    assert await same.recv() == {"op": 9, "d": False, "s": None, "t": None}
    assert [s.shard_id for s in fd.sessions] == [0, 1]


async def test_each_connection_gets_the_new_server_of_its_shard(
    sharded_fd: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    fd = sharded_fd
    gateways = {}
    for shard in range(4):
        gateways[shard] = await connect(fd, http, compress=False)
        await _identify(gateways[shard], [shard, 4])
    await fd.wait_shards(range(4))
    guild = fd.add_guild("Nueva", shard=3)
    channel = fd.new_channel(guild_id=guild)
    for shard, session in zip(range(4), fd.sessions, strict=True):
        events = [(f["t"], f["d"].get("id")) for f in session.history[1:]]
        created = [e for e in events if e == ("GUILD_CREATE", str(guild))]
        channels = [e for e in events if e == ("CHANNEL_CREATE", str(channel))]
        assert (len(created), len(channels)) == ((1, 1) if shard == 3 else (0, 0))


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session
