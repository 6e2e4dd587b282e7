"""Discord test double (DESIGN.md, "Discord test double"): see server.FakeDiscord."""

from tests.fakediscord.payloads import (
    make_component_interaction,
    make_slash_interaction,
    make_text_channel,
    make_user,
)
from tests.fakediscord.server import Callback, FakeDiscord, Fault, Request

__all__ = [
    "Callback",
    "FakeDiscord",
    "Fault",
    "Request",
    "make_component_interaction",
    "make_slash_interaction",
    "make_text_channel",
    "make_user",
]
