"""Discord test double (DESIGN.md, "Discord test double"): see server.FakeDiscord.

async with FakeDiscord() as fd:            # 127.0.0.1:<free port>
    # point discord.py at it: Route.BASE = fd.api_url and
    # DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fd.gateway_url); start the bot
    await fd.wait_ready()
    iid = await fd.send_interaction(fd.slash("roll", {"expr": "2d6"}))
    callback = await fd.wait_callback(iid)  # .type 4/5/6/7, .data, .message
    fd.inject("POST /interactions/*/callback", 429, count=1, retry_after=0.2)
    await fd.drop_gateway()                 # close 4000: the client RESUMEs
"""

from tests.fakediscord.payloads import (
    make_component_interaction,
    make_modal_submit,
    make_slash_interaction,
    make_text_channel,
    make_user,
)
from tests.fakediscord.server import Callback, FakeDiscord, Fault, Request


def assert_no_violations(fd: FakeDiscord) -> None:
    """Fail when the client sent anything Discord would have refused (the double answered
    400 and kept it in ``fd.violations``)."""
    listed = "\n".join(f"  {request}: {violation}" for request, violation in fd.violations)
    assert not fd.violations, (
        f"Discord would have refused {len(fd.violations)} payload(s):\n{listed}"
    )


__all__ = [
    "Callback",
    "FakeDiscord",
    "Fault",
    "Request",
    "assert_no_violations",
    "make_component_interaction",
    "make_modal_submit",
    "make_slash_interaction",
    "make_text_channel",
    "make_user",
]
