"""The real discord.py 2.7 client (in-process ProbeBot) against FakeDiscord."""

from __future__ import annotations

import discord

from tests.fakediscord import FakeDiscord
from tests.fakediscord.conftest import ProbeBot


async def test_login_identify_and_guild_sync(fd: FakeDiscord, bot: ProbeBot) -> None:
    assert fd.identify_payloads[0]["token"] == "fake-token"
    assert fd.identify_payloads[0]["intents"] == discord.Intents(guilds=True).value
    names = {c["name"] for c in fd.synced_commands(fd.guild_id)}
    assert names == {"ping", "dice", "slow", "late", "button", "where", "name"}
    assert fd.synced_commands() == []  # nothing global
    await bot.wait_until_ready()
    guild = bot.get_guild(fd.guild_id)
    assert guild is not None and guild.get_channel(fd.channel_id) is not None
    assert bot.user is not None and bot.user.id == fd.application_id


async def test_ping_answers_with_an_embed(fd: FakeDiscord, bot: ProbeBot) -> None:
    interaction_id = await fd.send_interaction(fd.slash("ping"))
    callback = await fd.wait_callback(interaction_id)
    assert callback.type == 4
    assert callback.with_response  # discord.py 2.7 asks ?with_response=1
    assert callback.data is not None and callback.data["embeds"][0]["title"] == "pong"
    assert fd.messages_in(fd.channel_id)[-1]["embeds"][0]["title"] == "pong"


async def test_subcommand_options_and_locale_reach_the_command(
    fd: FakeDiscord, bot: ProbeBot
) -> None:
    payload = fd.slash("dice roll", {"expr": "2d6+1", "times": 3}, locale="en-US")
    callback = await fd.wait_callback(await fd.send_interaction(payload))
    assert callback.data is not None and callback.data["content"] == "2d6+1 x3 (en-US)"


async def test_defer_followup_and_edit_original(fd: FakeDiscord, bot: ProbeBot) -> None:
    interaction_id = await fd.send_interaction(fd.slash("slow"))
    callback = await fd.wait_callback(interaction_id)
    assert callback.type == 5 and callback.message is not None
    original_id = int(callback.message["id"])
    await fd.wait_request("PATCH", "/webhooks/*/*/messages/@original")
    await fd.wait_request("POST", "/webhooks/*/*")
    assert fd.messages[original_id]["content"] == "hecho"
    assert fd.messages[original_id]["flags"] == 64  # still ephemeral, no longer loading
    assert [m["content"] for m in fd.messages_in()][-1] == "segundo"


async def test_first_followup_after_a_defer_answers_the_loading_message(
    fd: FakeDiscord, bot: ProbeBot
) -> None:
    """receiving-and-responding.mdx, "Create Followup Message": right after a deferred
    reply the followup edits the loading message, keeping the defer's ephemeral flag."""
    interaction_id = await fd.send_interaction(fd.slash("late"))
    callback = await fd.wait_callback(interaction_id)
    assert callback.message is not None
    original_id = int(callback.message["id"])
    await fd.wait_request("POST", "/webhooks/*/*")
    assert fd.messages[original_id]["content"] == "respuesta"
    assert fd.messages[original_id]["flags"] == 64  # ephemeral as deferred, not loading
    assert [m["content"] for m in fd.messages_in()][-1] == "respuesta"


async def test_channel_send_and_followup(fd: FakeDiscord, bot: ProbeBot) -> None:
    await fd.send_interaction(fd.slash("where"))
    await fd.wait_request("POST", "/webhooks/*/*")
    contents = [m["content"] for m in fd.messages_in()]
    assert contents[-2:] == ["aquí", "enviado"]


async def test_button_press_edits_the_message(fd: FakeDiscord, bot: ProbeBot) -> None:
    shown = await fd.wait_callback(await fd.send_interaction(fd.slash("button")))
    assert shown.message is not None
    button = shown.message["components"][0]["components"][0]
    assert button["custom_id"] == "press:again"
    message_id = int(shown.message["id"])
    pressed = await fd.wait_callback(await fd.send_interaction(fd.press("press:again", message_id)))
    assert pressed.type == 7
    assert fd.messages[message_id]["content"] == f"pulsado por {fd.player['id']}"


async def test_modal_opens_and_its_submission_is_read(fd: FakeDiscord, bot: ProbeBot) -> None:
    opened = await fd.wait_callback(await fd.send_interaction(fd.slash("name")))
    assert opened.type == 9 and opened.data is not None
    assert opened.data["custom_id"] == "name-modal"
    submitted = fd.modal_submit("name-modal", {"name": "Ana"})
    greeted = await fd.wait_callback(await fd.send_interaction(submitted))
    assert greeted.data is not None and greeted.data["content"] == "hola Ana"


async def test_rate_limited_callback_is_retried(fd: FakeDiscord, bot: ProbeBot) -> None:
    fault = fd.inject("POST /interactions/*/callback", 429, count=1, retry_after=0.2)
    callback = await fd.wait_callback(await fd.send_interaction(fd.slash("ping")))
    assert callback.type == 4
    assert fault.hits == 1
    statuses = [r.status for r in fd.requests if r.path.endswith("/callback")]
    assert statuses == [429, 200]


async def test_server_error_on_channel_message_is_retried(fd: FakeDiscord, bot: ProbeBot) -> None:
    fault = fd.inject("POST /channels/*/messages", 500, count=1)
    await fd.send_interaction(fd.slash("where"))
    await fd.wait_request("POST", "/webhooks/*/*", timeout=8.0)
    assert fault.hits == 1
    assert [m["content"] for m in fd.messages_in()][-2:] == ["aquí", "enviado"]


async def test_expired_interaction_gets_unknown_interaction(fd: FakeDiscord, bot: ProbeBot) -> None:
    await fd.send_interaction(fd.slash("ping"), expired=True)
    request = await fd.wait_request("POST", "/interactions/*/callback")
    assert request.status == 404
    error = await bot.errors.get()
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert fd.callbacks == []


async def test_dropped_socket_resumes_and_replays_missed_interactions(
    fd: FakeDiscord, bot: ProbeBot
) -> None:
    await fd.drop_gateway(code=4000)
    # Sent while the bot is disconnected: it must arrive through the RESUME replay.
    interaction_id = await fd.send_interaction(fd.slash("ping"))
    await fd.wait_resumed()
    callback = await fd.wait_callback(interaction_id)
    assert callback.type == 4
    assert fd.count("recv", "IDENTIFY") == 1 and fd.count("recv", "RESUME") == 1


async def test_cut_tcp_connection_resumes(fd: FakeDiscord, bot: ProbeBot) -> None:
    await fd.drop_gateway(code=None)
    await fd.wait_resumed()
    callback = await fd.wait_callback(await fd.send_interaction(fd.slash("ping")))
    assert callback.type == 4


async def test_invalidated_session_identifies_again(fd: FakeDiscord, bot: ProbeBot) -> None:
    await fd.drop_gateway(code=4000, invalidate=True)
    await fd.wait_ready(count=2)
    assert fd.count("send", "INVALID_SESSION") == 1
    callback = await fd.wait_callback(await fd.send_interaction(fd.slash("ping")))
    assert callback.type == 4
