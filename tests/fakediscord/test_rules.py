"""Discord's rules as both doubles enforce them (``bot.render.discord_rules``): each rule
refuses a payload one past the limit, with HTTP 400, code 50035 and the field path (413
for files), and accepts the payload exactly at the limit. Every case runs against the
aiohttp double (raw HTTP, as any client would send it) and the offline table's recorder
(what discord.py's webhook adapter and HTTP client hand it): the ``double`` fixture,
tests/fakediscord/doubles.py. What Discord's published schemas refuse (types, ranges,
enumerations): test_spec.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.render import limits as L
from tests.fakediscord.doubles import (
    NO_PINGS,
    Double,
    autocomplete,
    modal_submit,
    press,
    slash,
)

# -- payload builders ---------------------------------------------------------------------------


def msg(**fields: Any) -> dict[str, Any]:
    return {"allowed_mentions": NO_PINGS, **fields}


def embed(**fields: Any) -> dict[str, Any]:
    return msg(embeds=[fields])


def field(name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"name": name, "value": value, "inline": False}


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def rows(*buttons_per_row: int) -> list[dict[str, Any]]:
    made = []
    for r, count in enumerate(buttons_per_row):
        made.append({"type": 1, "components": [button(f"b{r}-{i}") for i in range(count)]})
    return made


def select(options: int) -> dict[str, Any]:
    choices = [{"label": f"o{i}", "value": f"o{i}"} for i in range(options)]
    return msg(
        components=[{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": choices}]}]
    )


# (name, message at the limit, message one past it, the refused field's path)
MESSAGE_RULES: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    ("content", msg(content="x" * 2000), msg(content="x" * 2001), "content"),
    ("embeds", msg(embeds=[{"title": "t"}] * 10), msg(embeds=[{"title": "t"}] * 11), "embeds"),
    ("title", embed(title="x" * 256), embed(title="x" * 257), "embeds.0.title"),
    (
        "description",
        embed(description="x" * 4096),
        embed(description="x" * 4097),
        "embeds.0.description",
    ),
    ("fields", embed(fields=[field()] * 25), embed(fields=[field()] * 26), "embeds.0.fields"),
    (
        "field name",
        embed(fields=[field(name="x" * 256)]),
        embed(fields=[field(name="x" * 257)]),
        "embeds.0.fields.0.name",
    ),
    (
        "empty field name",
        embed(fields=[field(name="x")]),
        embed(fields=[field(name="")]),
        "embeds.0.fields.0.name",
    ),
    (
        "field value",
        embed(fields=[field(value="x" * 1024)]),
        embed(fields=[field(value="x" * 1025)]),
        "embeds.0.fields.0.value",
    ),
    (
        "footer",
        embed(footer={"text": "x" * 2048}),
        embed(footer={"text": "x" * 2049}),
        "embeds.0.footer.text",
    ),
    (
        "author",
        embed(author={"name": "x" * 256}),
        embed(author={"name": "x" * 257}),
        "embeds.0.author.name",
    ),
    (
        "6000 across the embeds",
        msg(embeds=[{"description": "x" * 4000}, {"description": "x" * 2000}]),
        msg(embeds=[{"description": "x" * 4000}, {"description": "x" * 2001}]),
        "embeds",
    ),
    (
        "action rows",
        msg(components=rows(5, 5, 5, 5, 5)),
        msg(components=rows(1, 1, 1, 1, 1, 1)),
        "components",
    ),
    (
        "buttons in a row",
        msg(components=rows(5)),
        msg(components=rows(6)),
        "components.0.components",
    ),
    (
        "button label",
        msg(components=[{"type": 1, "components": [button("a", "x" * 80)]}]),
        msg(components=[{"type": 1, "components": [button("a", "x" * 81)]}]),
        "components.0.components.0.label",
    ),
    (
        "custom_id length",
        msg(components=[{"type": 1, "components": [button("x" * 100)]}]),
        msg(components=[{"type": 1, "components": [button("x" * 101)]}]),
        "components.0.components.0.custom_id",
    ),
    (
        "empty custom_id",
        msg(components=[{"type": 1, "components": [button("x")]}]),
        msg(components=[{"type": 1, "components": [button("")]}]),
        "components.0.components.0.custom_id",
    ),
    (
        "custom_id unique in a message",
        msg(
            components=[
                {"type": 1, "components": [button("a")]},
                {"type": 1, "components": [button("b")]},
            ]
        ),
        msg(
            components=[
                {"type": 1, "components": [button("a")]},
                {"type": 1, "components": [button("a")]},
            ]
        ),
        "components.1.components.0.custom_id",
    ),
    ("select options", select(25), select(26), "components.0.components.0.options"),
    (
        "allowed_mentions",
        {"content": "x", "allowed_mentions": NO_PINGS},
        {"content": "x"},
        "allowed_mentions",
    ),
]


@pytest.mark.parametrize(
    ("rule", "at_limit", "past_it", "path"), MESSAGE_RULES, ids=[r[0] for r in MESSAGE_RULES]
)
async def test_a_message_past_a_limit_is_refused_and_one_at_it_accepted(
    double: Double, rule: str, at_limit: dict[str, Any], past_it: dict[str, Any], path: str
) -> None:
    assert (await double.post_message(at_limit)).status == 200
    refused = await double.post_message(past_it)
    assert refused.status == 400
    assert path in refused.paths


@pytest.mark.parametrize("send", ["edit_message", "followup"])
async def test_edits_and_followups_are_checked_too(double: Double, send: str) -> None:
    at_limit = await getattr(double, send)(embed(description="x" * 4096))
    assert at_limit.status in (200, 204)
    refused = await getattr(double, send)(embed(description="x" * 4097))
    assert (refused.status, refused.paths) == (400, {"embeds.0.description"})


async def test_an_edit_changing_only_embeds_needs_no_allowed_mentions(double: Double) -> None:
    """Discord re-parses mentions only when an edit changes the content."""
    assert (await double.edit_message({"embeds": [{"title": "t"}]})).status == 200
    refused = await double.edit_message({"content": "<@1>"})
    assert (refused.status, refused.paths) == (400, {"allowed_mentions"})


# -- callbacks ---------------------------------------------------------------------------------


REPLY = {"type": 4, "data": msg(content="hola")}
UPDATE = {"type": 7, "data": msg(content="hola")}
MODAL = {
    "type": 9,
    "data": {
        "custom_id": "m",
        "title": "t",
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "f", "style": 1, "label": "l"}]}
        ],
    },
}
CHOICES = {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}}

CALLBACK_TYPES = [
    ("slash: reply", slash, REPLY, True),
    ("slash: defer", slash, {"type": 5}, True),
    ("slash: modal", slash, MODAL, True),
    ("slash: no update", slash, UPDATE, False),
    ("slash: no deferred update", slash, {"type": 6}, False),
    ("slash: no autocomplete result", slash, CHOICES, False),
    ("button: update", press, UPDATE, True),
    ("button: modal", press, MODAL, True),
    ("button: no autocomplete result", press, CHOICES, False),
    ("autocomplete: result", autocomplete, CHOICES, True),
    ("autocomplete: no reply", autocomplete, REPLY, False),
    ("modal submit: reply", modal_submit, REPLY, True),
    ("modal submit: no modal", modal_submit, MODAL, False),
    ("modal submit without a message: no update", modal_submit, UPDATE, False),
]


@pytest.mark.parametrize(
    ("case", "make", "body", "valid"), CALLBACK_TYPES, ids=[c[0] for c in CALLBACK_TYPES]
)
async def test_callback_types_must_suit_the_interaction(
    double: Double, case: str, make: Callable[[], dict[str, Any]], body: dict[str, Any], valid: bool
) -> None:
    answer = await double.callback(make(), body)
    if valid:
        assert answer.status in (200, 204)
    else:
        assert (answer.status, answer.paths) == (400, {"type"})


def modal(
    title: str = "t", label: str = "l", value: str | None = None, custom_id: str = "f"
) -> dict[str, Any]:
    text_input: dict[str, Any] = {"type": 4, "custom_id": custom_id, "style": 2, "label": label}
    if value is not None:
        text_input["value"] = value
    return {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": title,
            "components": [{"type": 1, "components": [text_input]}],
        },
    }


def labelled(label: str) -> dict[str, Any]:
    return {
        "type": 9,
        "data": {
            "custom_id": "m",
            "title": "t",
            "components": [
                {"type": 18, "label": label, "component": {"type": 4, "custom_id": "f", "style": 2}}
            ],
        },
    }


def choices(count: int, name: str = "a") -> dict[str, Any]:
    return {
        "type": 8,
        "data": {"choices": [{"name": name, "value": f"v{i}"} for i in range(count)]},
    }


CALLBACK_RULES: list[
    tuple[str, Callable[[], dict[str, Any]], dict[str, Any], dict[str, Any], str]
] = [
    ("modal title", slash, modal(title="x" * 45), modal(title="x" * 46), "data.title"),
    (
        "text input label",
        slash,
        modal(label="x" * 45),
        modal(label="x" * 46),
        "data.components.0.components.0.label",
    ),
    ("Label component", slash, labelled("x" * 45), labelled("x" * 46), "data.components.0.label"),
    (
        "text input value",
        slash,
        modal(value="x" * 4000),
        modal(value="x" * 4001),
        "data.components.0.components.0.value",
    ),
    (
        "text input custom_id",
        slash,
        modal(custom_id="x" * 100),
        modal(custom_id="x" * 101),
        "data.components.0.components.0.custom_id",
    ),
    ("autocomplete choices", autocomplete, choices(25), choices(26), "data.choices"),
    (
        "choice name",
        autocomplete,
        choices(1, "x" * 100),
        choices(1, "x" * 101),
        "data.choices.0.name",
    ),
    (
        "reply description",
        slash,
        {"type": 4, "data": embed(description="x" * 4096)},
        {"type": 4, "data": embed(description="x" * 4097)},
        "data.embeds.0.description",
    ),
    (
        "update content",
        press,
        {"type": 7, "data": msg(content="x" * 2000)},
        {"type": 7, "data": msg(content="x" * 2001)},
        "data.content",
    ),
]


@pytest.mark.parametrize(
    ("rule", "make", "at_limit", "past_it", "path"),
    CALLBACK_RULES,
    ids=[r[0] for r in CALLBACK_RULES],
)
async def test_a_callback_past_a_limit_is_refused_and_one_at_it_accepted(
    double: Double,
    rule: str,
    make: Callable[[], dict[str, Any]],
    at_limit: dict[str, Any],
    past_it: dict[str, Any],
    path: str,
) -> None:
    assert (await double.callback(make(), at_limit)).status in (200, 204)
    refused = await double.callback(make(), past_it)
    assert refused.status == 400
    assert path in refused.paths


async def test_files_must_fit_the_interactions_attachment_size_limit(double: Double) -> None:
    limit = 1000
    at_limit = {**slash(), "attachment_size_limit": limit}
    assert (await double.callback(at_limit, REPLY, [b"x" * limit])).status in (200, 204)
    past_it = {**slash(), "attachment_size_limit": limit}
    assert (await double.callback(past_it, REPLY, [b"x" * (limit + 1)])).status == 413


async def test_interactions_carry_an_attachment_size_limit() -> None:
    """Discord sends it with every interaction; 10 MiB without boosts."""
    for payload in (slash(), press(), modal_submit(), autocomplete()):
        assert payload["attachment_size_limit"] == L.DEFAULT_ATTACHMENT_LIMIT


# -- command sync -------------------------------------------------------------------------------


def command(name: str = "tirar", description: str = "d", **extra: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": description, **extra}


def option(name: str, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "d", "required": required, **extra}


def sized(total: int) -> dict[str, Any]:
    """A command of ``total`` characters (Discord counts names, descriptions, choice names
    and values): "a", "d", one option "o"/"d", then choices of up to 200 characters."""
    left = total - 4
    options: list[dict[str, Any]] = []
    choices_made = []
    while left > 0:
        size = min(left, 200)
        name = f"{len(choices_made):02d}".ljust((size + 1) // 2, "n")
        choices_made.append({"name": name, "value": "v" * (size - len(name))})
        left -= size
    options.append(option("o", choices=choices_made))
    return command(name="a", description="d", options=options)


SYNC_RULES: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]], str]] = [
    ("name length", [command(name="x" * 32)], [command(name="x" * 33)], "0.name"),
    ("name lowercase", [command(name="tirada")], [command(name="Tirada")], "0.name"),
    (
        "name pattern",
        [command(name="tirada-rápida_d'6")],
        [command(name="tirada rápida")],
        "0.name",
    ),
    (
        "localized name",
        [command(name_localizations={"es-ES": "tirar"})],
        [command(name_localizations={"es-ES": "Tirar"})],
        "0.name_localizations.es-ES",
    ),
    (
        "description length",
        [command(description="x" * 100)],
        [command(description="x" * 101)],
        "0.description",
    ),
    ("empty description", [command(description="x")], [command(description="")], "0.description"),
    (
        "localized description",
        [command(description_localizations={"en-US": "x" * 100})],
        [command(description_localizations={"en-US": "x" * 101})],
        "0.description_localizations.en-US",
    ),
    (
        "locale keys",
        [command(name_localizations={"es-ES": "tirar"})],
        [command(name_localizations={"es": "tirar"})],
        "0.name_localizations.es",
    ),
    (
        "options",
        [command(options=[option(f"o{i}") for i in range(25)])],
        [command(options=[option(f"o{i}") for i in range(26)])],
        "0.options",
    ),
    (
        "subcommands",
        [command(options=[{"type": 1, "name": f"s{i}", "description": "d"} for i in range(25)])],
        [command(options=[{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)])],
        "0.options",
    ),
    (
        "choices",
        [
            command(
                options=[
                    option("o", choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(25)])
                ]
            )
        ],
        [
            command(
                options=[
                    option("o", choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(26)])
                ]
            )
        ],
        "0.options.0.choices",
    ),
    (
        "required before optional",
        [command(options=[option("a", required=True), option("b")])],
        [command(options=[option("a"), option("b", required=True)])],
        "0.options.1.required",
    ),
    ("size of a command", [sized(4000)], [sized(4001)], "0"),
    (
        "commands",
        [command(name=f"c{i}") for i in range(100)],
        [command(name=f"c{i}") for i in range(101)],
        "",
    ),
]


@pytest.mark.parametrize(
    ("rule", "at_limit", "past_it", "path"), SYNC_RULES, ids=[r[0] for r in SYNC_RULES]
)
async def test_a_command_sync_past_a_limit_is_refused_and_one_at_it_accepted(
    double: Double,
    rule: str,
    at_limit: list[dict[str, Any]],
    past_it: list[dict[str, Any]],
    path: str,
) -> None:
    assert (await double.put_commands(at_limit)).status == 200
    refused = await double.put_commands(past_it)
    assert refused.status == 400
    assert path in refused.paths
