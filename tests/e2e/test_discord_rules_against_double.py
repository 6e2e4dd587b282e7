"""The real `comodin run` against the validating double (issue 15): its command sync is
valid (the double refuses what Discord refuses, and the fixture fails the test on any
refusal), a development server gets the commands once, and a slow reply is deferred
within Discord's 3 seconds."""

from __future__ import annotations

from tests.e2e.conftest import BotProcess
from tests.fakediscord import FakeDiscord

COMMANDS = 25  # /cast and /power (issue 19)


async def test_dev_guild_sync_is_valid_localized_and_clears_the_global_commands(
    fake_discord: FakeDiscord, comodin_run: BotProcess
) -> None:
    fd, bot = fake_discord, comodin_run
    await bot.expect(fd.wait_ready(timeout=10), "IDENTIFY")
    guild_sync = await bot.expect(
        fd.wait_request("PUT", f"/applications/*/guilds/{fd.guild_id}/commands"), "guild sync"
    )
    global_path = f"/applications/{fd.application_id}/commands"
    global_sync = await bot.expect(
        fd.wait_until(
            lambda: next(
                (r for r in fd.requests if r.method == "PUT" and r.path == global_path), None
            ),
            timeout=10,
            what="PUT of the global commands",
        ),
        "the global commands cleared",
    )
    assert guild_sync.status == 200 and len(guild_sync.body) == COMMANDS
    for command in guild_sync.body:
        assert {"es-ES", "en-US"} <= set(command["name_localizations"]), command["name"]
        assert {"es-ES", "en-US"} <= set(command["description_localizations"]), command["name"]
    assert global_sync.status == 200 and global_sync.body == []
    assert fd.synced_commands() == [], "no global command left to show twice"
    assert len(fd.synced_commands(fd.guild_id)) == COMMANDS


async def test_a_slow_exact_odds_roll_answers_within_the_deadline(
    fake_discord: FakeDiscord, comodin_run: BotProcess
) -> None:
    """20d100kh10 against TN 700: the exact odds took 6.6 s (issue 15). Whatever they take,
    the first callback must reach Discord within 3 s (the double answers a later one 404
    Unknown interaction and records no callback), then the result with its odds."""
    fd, bot = fake_discord, comodin_run
    assert fd.callback_deadline == 3.0
    await bot.ready(fd)
    iid = await fd.send_interaction(fd.slash("roll", {"expression": "20d100kh10", "tn": 700}))
    callback = await bot.expect(fd.wait_callback(iid, timeout=5), "a callback in time")
    assert callback.type in (4, 5)
    assert callback.message is not None
    message_id = int(callback.message["id"])

    def answered() -> bool:
        embeds = fd.messages.get(message_id, {}).get("embeds") or []
        return any("%" in (e.get("description") or "") for e in embeds)

    await bot.expect(fd.wait_until(answered, timeout=60, what="the odds"), "the result")
