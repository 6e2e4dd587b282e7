"""The doubles refuse what Discord's published request schemas refuse (issue 26).

Each body below breaks Discord's OpenAPI description (tests/fakediscord/spec) in one way,
one case per class of break the issue found the double accepting or answering with a 500:
integer option bounds beyond ±2^53, string option lengths beyond 0..6000, unknown option
and component types, a button style outside 1..6, an embed colour outside 0..16777215, more
than 5 inputs in a modal row, more than 100 allowed users, and wrong JSON types across every
kind of request the bot makes (command sync, interaction callbacks of each type, followups,
edits of the original, channel messages and their edits, multipart ``payload_json``). Each
must get Discord's answer, HTTP 400 with code 50035 and the broken field's path, from both
doubles; none a 500 (discord.py retries a 500, so a test would see a slow success).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord import openapi as spec
from tests.fakediscord.doubles import (
    AUTH,
    NO_PINGS,
    Answer,
    Double,
    autocomplete,
    press,
    slash,
)

INVALID_FORM_BODY = 50035
Send = Callable[[Double, Any], Awaitable[Answer]]


def message(double: Double, body: Any) -> Awaitable[Answer]:
    return double.post_message(body)


def message_with_a_file(double: Double, body: Any) -> Awaitable[Answer]:
    return double.post_message(body, [b"{}"])


def message_edit(double: Double, body: Any) -> Awaitable[Answer]:
    return double.edit_message(body)


def followup(double: Double, body: Any) -> Awaitable[Answer]:
    return double.followup(body)


def original_edit(double: Double, body: Any) -> Awaitable[Answer]:
    return double.edit_original(body)


def reply(double: Double, body: Any) -> Awaitable[Answer]:
    return double.callback(slash(), body)


def reply_with_a_file(double: Double, body: Any) -> Awaitable[Answer]:
    return double.callback(slash(), body, [b"{}"])


def suggestions(double: Double, body: Any) -> Awaitable[Answer]:
    return double.callback(autocomplete(), body)


def update(double: Double, body: Any) -> Awaitable[Answer]:
    return double.callback(press(), body)


def sync(double: Double, body: Any) -> Awaitable[Answer]:
    return double.put_commands(body)


def msg(**fields: Any) -> dict[str, Any]:
    return {"allowed_mentions": NO_PINGS, **fields}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def button(**fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "b", "custom_id": "b", **fields}


def text_input(custom_id: str = "f", **fields: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1, "label": "l", **fields}


def modal(*rows: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "type": 9,
        "data": {"custom_id": "m", "title": "t", "components": list(rows), **fields},
    }


def command(*options: dict[str, Any], **fields: Any) -> list[dict[str, Any]]:
    return [{"type": 1, "name": "c", "description": "d", "options": list(options), **fields}]


def option(kind: int = 3, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "name": "o", "description": "d", **fields}


# (class: case, how it is sent, the body, the path Discord names)
BROKEN: list[tuple[str, Send, Any, str]] = [
    # Integer option bounds: Discord's integers are 53 bits.
    ("min_value: 2^53", sync, command(option(4, min_value=2**53)), "0.options.0.min_value"),
    ("max_value: -2^53", sync, command(option(4, max_value=-(2**53))), "0.options.0.max_value"),
    # String option lengths: 0..6000 (max_length from 1).
    ("min_length: -1", sync, command(option(min_length=-1)), "0.options.0.min_length"),
    ("min_length: 6001", sync, command(option(min_length=6001)), "0.options.0.min_length"),
    ("max_length: 0", sync, command(option(max_length=0)), "0.options.0.max_length"),
    ("max_length: 6001", sync, command(option(max_length=6001)), "0.options.0.max_length"),
    # Unknown option types (1..11), at the top and inside a subcommand.
    ("option type: 12", sync, command(option(12)), "0.options.0.type"),
    (
        "option type: 0 in a subcommand",
        sync,
        command(option(1, options=[option(0)])),
        "0.options.0.options.0.type",
    ),
    # Unknown component types.
    (
        "component type: 42",
        message,
        msg(components=[row(button(type=42))]),
        "components.0.components.0.type",
    ),
    ("top-level component type: 99", message, msg(components=[{"type": 99}]), "components.0.type"),
    # Button styles 1..6.
    (
        "button style: 0",
        message,
        msg(components=[row(button(style=0))]),
        "components.0.components.0.style",
    ),
    (
        "button style: 7",
        update,
        {"type": 7, "data": msg(components=[row(button(style=7))])},
        "data.components.0.components.0.style",
    ),
    # Embed colours 0..16777215.
    ("color: 16777216", message, msg(embeds=[{"color": 16777216}]), "embeds.0.color"),
    ("color: -1", followup, msg(embeds=[{"color": -1}]), "embeds.0.color"),
    # At most 5 inputs in a modal's action row.
    (
        "6 inputs in a modal row",
        reply,
        modal(row(*(text_input(f"f{i}") for i in range(6)))),
        "data.components.0.components",
    ),
    # At most 100 allowed users.
    (
        "101 allowed users",
        message,
        msg(allowed_mentions={"parse": [], "users": [str(10**17 + i) for i in range(101)]}),
        "allowed_mentions.users",
    ),
    # Wrong JSON types, in every kind of request.
    ("types: a message that is a list", message, [msg(content="x")], ""),
    ("types: content 5", message, msg(content=5), "content"),
    ("types: embeds an object", message, msg(embeds={"title": "t"}), "embeds"),
    ("types: an embed that is a string", message, msg(embeds=["t"]), "embeds.0"),
    ("types: embed title 5", message, msg(embeds=[{"title": 5}]), "embeds.0.title"),
    (
        "types: embed fields a string",
        message_edit,
        msg(embeds=[{"fields": "n"}]),
        "embeds.0.fields",
    ),
    (
        "types: field inline 'yes'",
        message_edit,
        msg(embeds=[{"fields": [{"name": "n", "value": "v", "inline": "yes"}]}]),
        "embeds.0.fields.0.inline",
    ),
    ("types: footer a string", followup, msg(embeds=[{"footer": "f"}]), "embeds.0.footer"),
    ("types: components a string", original_edit, msg(components="b"), "components"),
    ("types: a component that is a string", original_edit, msg(components=["b"]), "components.0"),
    (
        "types: button label 5",
        original_edit,
        msg(components=[row(button(label=5))]),
        "components.0.components.0.label",
    ),
    (
        "types: allowed_mentions a string",
        message,
        {"content": "x", "allowed_mentions": "none"},
        "allowed_mentions",
    ),
    (
        "types: allowed_mentions.parse a string",
        message,
        msg(allowed_mentions={"parse": "users"}),
        "allowed_mentions.parse",
    ),
    ("types: flags '64'", followup, msg(content="x", flags="64"), "flags"),
    ("types: a callback that is a string", reply, "pong", ""),
    ("types: callback type '4'", reply, {"type": "4", "data": msg(content="x")}, "type"),
    ("types: reply data a string", reply, {"type": 4, "data": "x"}, "data"),
    ("types: reply content 5", reply, {"type": 4, "data": msg(content=5)}, "data.content"),
    ("types: update embeds a string", update, {"type": 7, "data": msg(embeds="e")}, "data.embeds"),
    ("types: choices a string", suggestions, {"type": 8, "data": {"choices": "a"}}, "data.choices"),
    (
        "types: choice name 5",
        suggestions,
        {"type": 8, "data": {"choices": [{"name": 5, "value": "a"}]}},
        "data.choices.0.name",
    ),
    ("types: modal title 5", reply, modal(row(text_input()), title=5), "data.title"),
    ("types: modal components a string", reply, modal(components="f"), "data.components"),
    ("types: commands an object", sync, {"name": "c", "description": "d"}, ""),
    ("types: command name 5", sync, command(name=5), "0.name"),
    ("types: options a string", sync, command(options="o"), "0.options"),
    ("types: option required 'yes'", sync, command(option(required="yes")), "0.options.0.required"),
    ("types: choices an object", sync, command(option(choices={"a": "a"})), "0.options.0.choices"),
    # The same checks on multipart bodies (payload_json beside the files).
    (
        "payload_json: reply content 5",
        reply_with_a_file,
        {"type": 4, "data": msg(content=5)},
        "data.content",
    ),
    ("payload_json: embeds a string", message_with_a_file, msg(embeds="e"), "embeds"),
]


@pytest.mark.parametrize(("case", "send", "body", "path"), BROKEN, ids=[c[0] for c in BROKEN])
async def test_a_body_discords_schema_refuses_gets_400_at_its_field(
    double: Double, case: str, send: Send, body: Any, path: str
) -> None:
    answer = await send(double, body)
    assert (answer.status, answer.code) == (400, INVALID_FORM_BODY), answer
    assert answer.paths == {path}


def test_every_broken_body_breaks_the_schema_of_its_operation() -> None:
    """The cases above are refused by the schema itself, not only by a hand-written rule."""
    operations = {
        message: "create_message",
        message_with_a_file: "create_message",
        message_edit: "update_message",
        followup: "execute_webhook",
        original_edit: "update_original_webhook_message",
        reply: "create_interaction_response",
        reply_with_a_file: "create_interaction_response",
        suggestions: "create_interaction_response",
        update: "create_interaction_response",
        sync: "bulk_set_application_commands",
    }
    unseen = [
        case
        for case, send, body, path in BROKEN
        if path not in {".".join(map(str, v.path)) for v in spec.check(operations[send], body)}
    ]
    assert unseen == []


# What Discord takes, the way discord.py sends it.
VALID: list[tuple[str, Send, Any]] = [
    (
        "snowflakes as integers",
        message,
        {"content": "<@123>", "allowed_mentions": {"parse": [], "users": [123]}},
    ),
    (
        "an attachment id as an integer",
        message_with_a_file,
        msg(attachments=[{"id": 0, "filename": "f0.json"}]),
    ),
    (
        "every button style",
        message,
        msg(components=[row(*(button(style=s, custom_id=f"b{s}") for s in (1, 2, 3, 4)))]),
    ),
    ("the extreme colours", message, msg(embeds=[{"color": 0}, {"color": 16777215}])),
    (
        "integer bounds at ±(2^53 - 1)",
        sync,
        command(option(4, min_value=-(2**53) + 1, max_value=2**53 - 1)),
    ),
    ("string lengths at 0 and 6000", sync, command(option(min_length=0, max_length=6000))),
    ("5 inputs in a modal row", reply, modal(row(*(text_input(f"f{i}") for i in range(5))))),
    ("a null data on a deferred reply", reply, {"type": 5, "data": None}),
]


@pytest.mark.parametrize(("case", "send", "body"), VALID, ids=[c[0] for c in VALID])
async def test_a_body_discord_takes_is_accepted(
    double: Double, case: str, send: Send, body: Any
) -> None:
    assert (await send(double, body)).status in (200, 204)


@pytest.mark.parametrize("sent", [b"{not json", b"", b"\xff\xfe"])
async def test_a_body_that_is_not_json_is_refused_with_50109_not_a_500(sent: bytes) -> None:
    async with FakeDiscord() as fd, aiohttp.ClientSession() as http:
        url = f"{fd.api_url}/channels/{fd.channel_id}/messages"
        headers = {**AUTH, "Content-Type": "application/json"}
        async with http.post(url, headers=headers, data=sent) as response:
            assert response.status == 400
            assert (await response.json())["code"] == 50109
        assert [v.code for _, v in fd.violations] == ["INVALID_JSON"]
