"""An in-process discord.py bot against FakeDiscord: proves the double speaks what the
real library needs, independently of the app."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.fakediscord import FakeDiscord, assert_no_violations
from tests.fakediscord.doubles import Double, HttpDouble, RecorderDouble


class PressView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Otra vez", custom_id="press:again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"pulsado por {interaction.user.id}")


class NameModal(discord.ui.Modal, title="Nombre"):
    name: discord.ui.TextInput = discord.ui.TextInput(label="Nombre", custom_id="name")

    def __init__(self) -> None:
        super().__init__(custom_id="name-modal")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hola {self.name.value}")


class ProbeBot(commands.Bot):
    """A minimal bot: /ping (embed), /dice roll expr (echo), /slow (defer, edit, followup),
    /late (defer, then a followup that answers the loading message),
    /button (a persistent button that edits its message), /where (channel.send),
    /name (opens a modal that greets)."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix="!",
            intents=intents,
            guild_ready_timeout=0.05,
            allowed_mentions=discord.AllowedMentions.none(),  # the double requires it
        )
        self.guild_id = guild_id
        self.errors: asyncio.Queue[BaseException] = asyncio.Queue()

    async def setup_hook(self) -> None:
        tree = self.tree

        @tree.command(name="ping", description="pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(embed=discord.Embed(title="pong"))

        dice = app_commands.Group(name="dice", description="dados")

        @dice.command(name="roll", description="tira")
        async def roll(interaction: discord.Interaction, expr: str, times: int = 1) -> None:
            await interaction.response.send_message(f"{expr} x{times} ({interaction.locale.value})")

        tree.add_command(dice)

        @tree.command(name="slow", description="defer")
        async def slow(interaction: discord.Interaction) -> None:
            # The edit answers the loading message; only then is a followup a new message
            # (on Discord a first followup would answer the loading message instead).
            await interaction.response.defer(thinking=True, ephemeral=True)
            await interaction.edit_original_response(content="hecho")
            await interaction.followup.send("segundo", wait=True)

        @tree.command(name="late", description="defer, then a followup")
        async def late(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True, ephemeral=True)
            await interaction.followup.send("respuesta", ephemeral=False, wait=True)

        @tree.command(name="button", description="botón")
        async def button(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pulsa", view=PressView())

        @tree.command(name="where", description="canal")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await interaction.edit_original_response(content="buscando")
            assert interaction.channel is not None
            await interaction.channel.send("aquí")  # type: ignore[union-attr]
            await interaction.followup.send("enviado")

        @tree.command(name="name", description="modal")
        async def name(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @tree.error
        async def on_error(
            interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            await self.errors.put(getattr(error, "original", error))

        self.add_view(PressView())
        guild = discord.Object(self.guild_id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)


@pytest.fixture
async def fd(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as double:
        monkeypatch.setattr(Route, "BASE", double.api_url)
        monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url))
        yield double
        unhandled = [(r.method, r.path) for r in double.requests if r.unhandled]
        assert not unhandled, f"the client called routes the double does not serve: {unhandled}"
        assert_no_violations(double)


@pytest.fixture
async def bot(fd: FakeDiscord) -> AsyncIterator[ProbeBot]:
    client = ProbeBot(fd.guild_id)
    runner = asyncio.create_task(client.start("fake-token"))
    try:
        await fd.wait_ready()
        await fd.wait_request("PUT", f"/applications/*/guilds/{fd.guild_id}/commands")
        yield client
    finally:
        await client.close()
        await runner


@pytest.fixture(params=["http", "recorder"])
async def double(request: pytest.FixtureRequest) -> AsyncIterator[Double]:
    """Each Discord double, to send it bodies as they are (doubles.py)."""
    if request.param == "recorder":
        yield RecorderDouble()
        return
    async with FakeDiscord() as fd, aiohttp.ClientSession() as http:
        yield HttpDouble(fd, http)
