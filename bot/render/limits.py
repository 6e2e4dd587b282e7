"""Discord's size limits (one place: the fit module cuts to them, the validator that both
Discord doubles use checks them).

Checked against Discord's developer documentation (discord/discord-api-docs, snapshot of
6 August 2026): ``resources/message.mdx`` (content, embeds and their limits),
``components/reference.mdx`` (action rows, buttons, selects, text inputs, labels),
``interactions/receiving-and-responding.mdx`` (callback types, modals, autocomplete,
``attachment_size_limit``) and ``interactions/application-commands.mdx`` (names,
descriptions, options, choices, locales, the size of a command, 100 commands).
"""

from __future__ import annotations

# -- messages ------------------------------------------------------------------------------
CONTENT = 2000
EMBEDS = 10
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
TOTAL = 6000  # every title, description, field, footer and author of a message's embeds

# -- components ----------------------------------------------------------------------------
ACTION_ROWS = 5
ROW_BUTTONS = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100  # label, value and description of one option
SELECT_PLACEHOLDER = 150
MODAL_TITLE = 45
MODAL_COMPONENTS = 5
INPUT_LABEL = 45  # a text input's (deprecated) label and a Label component's label
LABEL_DESCRIPTION = 100
INPUT_VALUE = 4000  # a text input's value, min_length and max_length
INPUT_PLACEHOLDER = 100

# -- autocomplete and commands -------------------------------------------------------------
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100  # a string choice's value
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
OPTIONS = 25  # options, subcommands or groups at one level
GLOBAL_COMMANDS = 100  # CHAT_INPUT commands, globally and per guild
COMMAND_SIZE = 4000  # see bot.render.discord_rules.command_size

# -- files ---------------------------------------------------------------------------------
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024  # what interactions carry without boosts

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending in an ellipsis when cut. For plain
    labels only (buttons, choices, titles); text that may hold markdown or mentions goes
    through :mod:`bot.render.fit`."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def embed_size(embed: dict) -> int:
    """The characters Discord counts toward the 6000 total."""
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        size += len(field.get("name") or "") + len(field.get("value") or "")
    return size


def within_limits(embed: dict) -> bool:
    fields = embed.get("fields") or []
    return (
        len(embed.get("title") or "") <= TITLE
        and len(embed.get("description") or "") <= DESCRIPTION
        and len(fields) <= FIELDS
        and all(
            len(f.get("name") or "") <= FIELD_NAME and len(f.get("value") or "") <= FIELD_VALUE
            for f in fields
        )
        and len((embed.get("footer") or {}).get("text") or "") <= FOOTER
        and len((embed.get("author") or {}).get("name") or "") <= AUTHOR
        and embed_size(embed) <= TOTAL
    )
