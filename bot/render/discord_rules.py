"""Discord's rules for what a bot sends, checked the way Discord checks them.

One validator for both Discord doubles: the offline table's recorder
(``bot/play/recorder.py``) and the aiohttp double (``tests/fakediscord``). Each answers a
request that breaks a rule as Discord does, HTTP 400 with ``{"code": 50035, "message":
"Invalid Form Body", "errors": {...}}`` (:func:`form_error`), so discord.py raises its real
``HTTPException`` ("In embeds.0.description: Must be 4096 or fewer in length.") and the
bot's real error path runs.

The limits are in :mod:`bot.render.limits` (with the documentation they come from). The
``code`` strings follow Discord's where known (``BASE_TYPE_MAX_LENGTH``...); the doubles
only promise the HTTP status, the 50035 code and the field path.

Where the doubles are stricter than Discord, on purpose:
- ``allowed_mentions`` must be present on every message the bot creates, and on every
  edit that changes the content (without it Discord parses every mention; the project
  never pings anyone but the user a message is for). It never lets Discord parse
  mentions (``parse`` empty, no roles, no replied user), and each user it allows must be
  mentioned in the content (issue 18: a turn's announcement allows exactly its player).
- The size of a command counts, for each name and description, the longest of its default
  text and its localizations, and must stay within 4,000 characters. Discord's documentation
  said 4,000 until 2025 and says 8,000 now (same counting); 4,000 is what the issue asks and
  a tree within it is valid under both.
- Attachments: the sum of a message's files must be within the interaction's
  ``attachment_size_limit`` (Discord checks each file against it, and the request size
  against a larger bound).

In the test suite both doubles first check each body against Discord's published request
schemas (its OpenAPI description: types, ranges, enumerations, every field's length;
``tests/fakediscord/openapi.py``, a :data:`SchemaCheck`), and these rules, the ones a
schema cannot express, run on a body the schemas accepted.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.render import limits as L

# Discord's locales (developers/reference.mdx, "Locales").
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)

# Interaction types and the callback types Discord accepts for each
# (receiving-and-responding.mdx: 6 and 7 "only valid for component-based interactions",
# 9 "not available for MODAL_SUBMIT and PING", 8 answers an autocomplete).
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({4, 5, 9}),
    MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9}),
    AUTOCOMPLETE: frozenset({8}),
    MODAL_SUBMIT: frozenset({4, 5}),  # 6 and 7 too when the modal came from a component
}

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Violation:
    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "(body)"
        return f"In {where}: {self.message}"


# A request body checked against the schema of its operation in Discord's OpenAPI
# description: (operationId, body) -> what it refuses. The doubles run it before the rules
# below, which then read well-formed bodies.
SchemaCheck = Callable[[str, Any], list["Violation"]]


def checked(
    schema: SchemaCheck | None, operation: str, body: Any, rules: Callable[[], list[Violation]]
) -> list[Violation]:
    """What Discord refuses in ``body``: the schema's violations, else the rules'."""
    found = schema(operation, body) if schema is not None else []
    return found or rules()


def form_error(violations: Iterable[Violation]) -> dict[str, Any]:
    """The JSON body of Discord's 400 answer: errors nested by field path, each ending in
    ``_errors``."""
    errors: dict[str, Any] = {}
    for v in violations:
        node = errors
        for part in v.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": v.code, "message": v.message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


class _Found:
    def __init__(self) -> None:
        self.items: list[Violation] = []

    def add(self, path: Path, code: str, message: str) -> None:
        self.items.append(Violation(path, code, message))

    def max_length(self, path: Path, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length(self, path: Path, value: Any, low: int, high: int) -> None:
        if not isinstance(value, str) or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def at_most(self, path: Path, items: Any, limit: int) -> None:
        if isinstance(items, list) and len(items) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


# -- messages ---------------------------------------------------------------------------------


def check_message(
    body: Mapping[str, Any], *, edit: bool = False, path: Path = ()
) -> list[Violation]:
    """A message the bot creates (``edit=False``) or edits: channel messages, interaction
    replies and updates (the callback's ``data``), followups, edits of those."""
    found = _Found()
    _message(found, body, edit=edit, path=path)
    return found.items


def _message(found: _Found, body: Mapping[str, Any], *, edit: bool, path: Path) -> None:
    content = body.get("content")
    found.max_length((*path, "content"), content, L.CONTENT)
    embeds = body.get("embeds") or []
    found.at_most((*path, "embeds"), embeds, L.EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed(found, embed, (*path, "embeds", i))
    if total > L.TOTAL:
        found.add(
            (*path, "embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {L.TOTAL}",
        )
    _components(found, body.get("components") or [], (*path, "components"))
    # An edit re-parses mentions only when it changes the content (message.mdx, "Edit
    # Message"); embeds never ping.
    parses_mentions = bool(content) if edit else True
    if parses_mentions and "allowed_mentions" not in body:
        found.add(
            (*path, "allowed_mentions"),
            "COMODIN_ALLOWED_MENTIONS_REQUIRED",
            "Comodín sends allowed_mentions with every message (it never pings anyone).",
        )
    _mentions(found, body.get("allowed_mentions"), content or "", (*path, "allowed_mentions"))


def _mentions(found: _Found, allowed: Any, content: str, path: Path) -> None:
    """Comodín's own rule: nothing is parsed, and a user is allowed only where the
    content mentions them (the turn's player, issue 18)."""
    if not isinstance(allowed, Mapping):
        return
    if allowed.get("parse") or allowed.get("roles") or allowed.get("replied_user"):
        found.add(
            path,
            "COMODIN_ONLY_NAMED_USERS",
            "Comodín lets Discord parse no mentions and pings no role or replied user.",
        )
    for user in allowed.get("users") or []:
        if f"<@{user}>" not in content and f"<@!{user}>" not in content:
            found.add(
                (*path, "users"),
                "COMODIN_UNMENTIONED_USER",
                f"User {user} may be pinged but the content does not mention them.",
            )


def _embed(found: _Found, embed: Mapping[str, Any], path: Path) -> int:
    found.max_length((*path, "title"), embed.get("title"), L.TITLE)
    found.max_length((*path, "description"), embed.get("description"), L.DESCRIPTION)
    footer = embed.get("footer") or {}
    found.max_length((*path, "footer", "text"), footer.get("text"), L.FOOTER)
    author = embed.get("author") or {}
    found.max_length((*path, "author", "name"), author.get("name"), L.AUTHOR)
    fields = embed.get("fields") or []
    found.at_most((*path, "fields"), fields, L.FIELDS)
    for i, field in enumerate(fields):
        found.length((*path, "fields", i, "name"), field.get("name"), 1, L.FIELD_NAME)
        found.length((*path, "fields", i, "value"), field.get("value"), 1, L.FIELD_VALUE)
    return L.embed_size(embed)


def _components(found: _Found, rows: list[Any], path: Path) -> None:
    found.at_most(path, rows, L.ACTION_ROWS)
    seen: set[str] = set()
    for r, row in enumerate(rows):
        row_path = (*path, r)
        if row.get("type") != 1:
            found.add((*row_path, "type"), "COMPONENT_TYPE_INVALID", "Must be an action row.")
            continue
        children = row.get("components") or []
        if not children:
            found.add((*row_path, "components"), "BASE_TYPE_REQUIRED", "This field is required")
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(children) > 1:
            found.add(
                (*row_path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "A select must be alone in its action row.",
            )
        found.at_most((*row_path, "components"), children, L.ROW_BUTTONS)
        for c, component in enumerate(children):
            _component(found, component, (*row_path, "components", c), seen)


def _component(found: _Found, component: Mapping[str, Any], path: Path, seen: set[str]) -> None:
    kind = component.get("type")
    link = kind == 2 and component.get("style") == 5
    if kind == 2:
        found.max_length((*path, "label"), component.get("label"), L.BUTTON_LABEL)
    if kind == 3:
        options = component.get("options") or []
        if not 1 <= len(options) <= L.SELECT_OPTIONS:
            found.add(
                (*path, "options"),
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {L.SELECT_OPTIONS} in length.",
            )
        for o, option in enumerate(options):
            found.length((*path, "options", o, "label"), option.get("label"), 1, 100)
            found.length((*path, "options", o, "value"), option.get("value"), 1, 100)
            found.max_length((*path, "options", o, "description"), option.get("description"), 100)
    if kind in (3, 5, 6, 7, 8):
        found.max_length((*path, "placeholder"), component.get("placeholder"), 150)
    if link:
        return
    _custom_id(found, component, path, seen)


def _custom_id(found: _Found, component: Mapping[str, Any], path: Path, seen: set[str]) -> None:
    """A component's custom id: 1..100 characters, once in the message or modal."""
    custom_id = component.get("custom_id")
    found.length((*path, "custom_id"), custom_id, 1, L.CUSTOM_ID)
    if isinstance(custom_id, str):
        if custom_id in seen:
            found.add(
                (*path, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)


# -- interaction callbacks ----------------------------------------------------------------------


def check_callback(
    interaction_type: int, body: Mapping[str, Any], *, has_message: bool = False
) -> list[Violation]:
    """An interaction callback (``POST /interactions/{id}/{token}/callback``) for an
    interaction of ``interaction_type``; ``has_message``: the interaction came from a
    message's component (a button, or a modal a button opened)."""
    found = _Found()
    kind = body.get("type")
    allowed = set(CALLBACKS.get(interaction_type, frozenset()))
    if interaction_type == MODAL_SUBMIT and has_message:
        allowed |= {6, 7}
    if kind not in allowed:
        found.add(
            ("type",),
            "INTERACTION_CALLBACK_TYPE_INVALID",
            f"Callback type {kind} is not valid for an interaction of type {interaction_type}.",
        )
        return found.items
    data = body.get("data") or {}
    if kind == 4:
        _message(found, data, edit=False, path=("data",))
    elif kind == 7:
        _message(found, data, edit=True, path=("data",))
    elif kind == 8:
        _autocomplete(found, data.get("choices") or [], ("data", "choices"))
    elif kind == 9:
        _modal(found, data, ("data",))
    return found.items


def _autocomplete(found: _Found, choices: list[Any], path: Path) -> None:
    found.at_most(path, choices, L.CHOICES)
    for i, choice in enumerate(choices):
        found.length((*path, i, "name"), choice.get("name"), 1, L.CHOICE_NAME)
        value = choice.get("value")
        if isinstance(value, str):
            found.max_length((*path, i, "value"), value, L.CHOICE_VALUE)


def _modal(found: _Found, data: Mapping[str, Any], path: Path) -> None:
    found.length((*path, "title"), data.get("title"), 1, L.MODAL_TITLE)
    found.length((*path, "custom_id"), data.get("custom_id"), 1, L.CUSTOM_ID)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= L.MODAL_COMPONENTS:
        found.add(
            (*path, "components"),
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between 1 and {L.MODAL_COMPONENTS} in length.",
        )
    seen: set[str] = set()
    for r, row in enumerate(rows):
        row_path = (*path, "components", r)
        if row.get("type") == 18:  # a Label wrapping one component
            found.length((*row_path, "label"), row.get("label"), 1, L.INPUT_LABEL)
            found.max_length((*row_path, "description"), row.get("description"), 100)
            inner = [row.get("component") or {}]
            inner_path: Path = (*row_path, "component")
            for component in inner:
                _text_input(found, component, inner_path, seen)
            continue
        for c, component in enumerate(row.get("components") or []):
            _text_input(found, component, (*row_path, "components", c), seen)


def _text_input(found: _Found, component: Mapping[str, Any], path: Path, seen: set[str]) -> None:
    found.max_length((*path, "label"), component.get("label"), L.INPUT_LABEL)
    found.max_length((*path, "value"), component.get("value"), L.INPUT_VALUE)
    found.max_length((*path, "placeholder"), component.get("placeholder"), L.INPUT_PLACEHOLDER)
    for key, low in (("min_length", 0), ("max_length", 1)):
        number = component.get(key)
        if number is not None and not low <= number <= L.INPUT_VALUE:
            found.add(
                (*path, key),
                "NUMBER_TYPE_MAX" if number > L.INPUT_VALUE else "NUMBER_TYPE_MIN",
                f"Must be between {low} and {L.INPUT_VALUE}.",
            )
    _custom_id(found, component, path, seen)


def check_files(sizes: Iterable[int], limit: int) -> list[Violation]:
    """The files of one message against the interaction's ``attachment_size_limit``."""
    total = sum(sizes)
    if total > limit:
        return [
            Violation(
                ("files",),
                "REQUEST_ENTITY_TOO_LARGE",
                f"Request entity too large: {total} bytes of files, the limit is {limit}.",
            )
        ]
    return []


# -- command sync ---------------------------------------------------------------------------------

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
_SCRIPT_RANGES = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))  # Devanagari, Thai


def valid_chat_name(name: Any) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` (unicode), and
    lowercase wherever a letter has a lowercase form."""
    if not isinstance(name, str) or not 1 <= len(name) <= L.COMMAND_NAME:
        return False
    for ch in name:
        if ch in "-_'":
            continue
        category = unicodedata.category(ch)
        if category[0] in "LN":
            if ch != ch.lower():
                return False
            continue
        if any(low <= ord(ch) <= high for low, high in _SCRIPT_RANGES):
            continue
        return False
    return True


def check_commands(commands: list[Any]) -> list[Violation]:
    """A bulk overwrite (``PUT /applications/{id}/commands``, global or a guild's)."""
    found = _Found()
    if not isinstance(commands, list):
        found.add((), "LIST_TYPE_CONVERT", "Must be a list.")
        return found.items
    chat = [c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > L.GLOBAL_COMMANDS:
        found.add(
            (),
            "APPLICATION_COMMANDS_TOO_MANY",
            f"Must be {L.GLOBAL_COMMANDS} or fewer CHAT_INPUT commands.",
        )
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        kind = command.get("type", CHAT_INPUT)
        key = (kind, command.get("name"))
        if key in names:
            found.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        names.add(key)  # type: ignore[arg-type]
        if kind != CHAT_INPUT:
            found.length((i, "name"), command.get("name"), 1, L.COMMAND_NAME)
            continue
        _named(found, command, (i,))
        _options(found, command.get("options") or [], (i, "options"), depth=0)
        size = command_size(command)
        if size > L.COMMAND_SIZE:
            found.add(
                (i,),
                "APPLICATION_COMMAND_TOO_LARGE",
                f"Command exceeds maximum size ({L.COMMAND_SIZE}): {size} characters.",
            )
    return found.items


def _localized(found: _Found, obj: Mapping[str, Any], field: str, path: Path, valid: Any) -> None:
    """``field`` and its ``field_localizations``: valid locale keys, valid values."""
    valid(found, (*path, field), obj.get(field))
    localizations = obj.get(f"{field}_localizations") or {}
    for locale, text in localizations.items():
        where = (*path, f"{field}_localizations", locale)
        if locale not in LOCALES:
            found.add(where, "LOCALE_INVALID", f"Invalid locale {locale!r}.")
        valid(found, where, text)


def _name(found: _Found, path: Path, value: Any) -> None:
    if not valid_chat_name(value):
        found.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _description(found: _Found, path: Path, value: Any) -> None:
    found.length(path, value, 1, L.COMMAND_DESCRIPTION)


def _named(found: _Found, obj: Mapping[str, Any], path: Path) -> None:
    _localized(found, obj, "name", path, _name)
    _localized(found, obj, "description", path, _description)


def _options(found: _Found, options: list[Any], path: Path, depth: int) -> None:
    found.at_most(path, options, L.OPTIONS)
    seen: set[str] = set()
    optional_seen = False
    for i, option in enumerate(options):
        where = (*path, i)
        kind = option.get("type")
        _named(found, option, where)
        name = option.get("name")
        if name in seen:
            found.add((*where, "name"), "APPLICATION_COMMAND_OPTION_NAME_NOT_UNIQUE", "Duplicate")
        seen.add(name)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if kind == SUB_COMMAND_GROUP and depth > 0:
                found.add((*where, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Nesting")
            _options(found, option.get("options") or [], (*where, "options"), depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                found.add(
                    (*where, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = option.get("choices") or []
        found.at_most((*where, "choices"), choices, L.CHOICES)
        for c, choice in enumerate(choices):
            cpath = (*where, "choices", c)
            _localized(
                found,
                choice,
                "name",
                cpath,
                lambda f, p, v: f.length(p, v, 1, L.CHOICE_NAME),
            )
            if isinstance(choice.get("value"), str):
                found.length((*cpath, "value"), choice["value"], 1, L.CHOICE_VALUE)


def _longest(obj: Mapping[str, Any], field: str) -> int:
    texts = [obj.get(field) or "", *(obj.get(f"{field}_localizations") or {}).values()]
    return max(len(t or "") for t in texts)


def command_size(command: Mapping[str, Any]) -> int:
    """Characters of a command's names, descriptions and choice names and values, counting
    for each the longest of the default and its localizations (Discord's rule)."""
    size = _longest(command, "name") + _longest(command, "description")
    for option in command.get("options") or []:
        size += command_size(option)
    for choice in command.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size


def command_size_in(command: Mapping[str, Any], locale: str | None) -> int:
    """The same characters in one locale (``None``: the defaults), for reports."""

    def text(obj: Mapping[str, Any], field: str) -> int:
        if locale is not None:
            localized = (obj.get(f"{field}_localizations") or {}).get(locale)
            if localized:
                return len(localized)
        return len(obj.get(field) or "")

    size = text(command, "name") + text(command, "description")
    for option in command.get("options") or []:
        size += command_size_in(option, locale)
    for choice in command.get("choices") or []:
        size += text(choice, "name") + len(str(choice.get("value", "")))
    return size
