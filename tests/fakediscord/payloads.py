"""Realistic Discord API v10 payloads (users, guilds, channels, messages, interactions).

Shapes follow what discord.py 2.7 parses (discord/types/*.py): every key its constructors
index with ``data[...]`` is present, optional keys carry Discord's usual defaults.
"""

from __future__ import annotations

import itertools
import secrets
import time
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
ALL_PERMISSIONS = "2251799813685247"
# @everyone's permissions in the double's servers (view, send, embed, history...): no
# Manage Server, no Administrator. A member's permissions in an interaction are these,
# unless they own the server (then every permission), as Discord computes them.
EVERYONE_PERMISSIONS = "1071698660929"
TEXT_CHANNEL = 0

DEFAULT_APP_ID = 1100000000000000001  # the bot user has the same id as the application
DEFAULT_GUILD_ID = 1200000000000000001
DEFAULT_CHANNEL_ID = 1300000000000000001
DEFAULT_USER_ID = 1400000000000000001  # the player who runs commands
DEFAULT_OWNER_ID = 1400000000000000002

_counter = itertools.count()


def snowflake(at: float | None = None) -> int:
    """A new snowflake id whose timestamp is ``at`` (epoch seconds; default: now)."""
    ms = int((time.time() if at is None else at) * 1000)
    return ((ms - DISCORD_EPOCH_MS) << 22) | (next(_counter) % 4096)


def snowflake_time(value: int) -> float:
    """Epoch seconds encoded in a snowflake."""
    return ((int(value) >> 22) + DISCORD_EPOCH_MS) / 1000


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


def new_token() -> str:
    return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)


def make_user(
    user_id: int = DEFAULT_USER_ID, name: str = "jugadora", *, bot: bool = False
) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name.capitalize(),
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
        "verified": True,
        "mfa_enabled": False,
    }


def make_member(user_payload: dict[str, Any], *, permissions: str | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "user": user_payload,
        "nick": None,
        "avatar": None,
        "roles": [],
        "joined_at": iso_now(),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        payload["permissions"] = permissions
    return payload


def make_text_channel(
    channel_id: int = DEFAULT_CHANNEL_ID,
    guild_id: int = DEFAULT_GUILD_ID,
    name: str = "mesa-de-juego",
    position: int = 0,
) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": TEXT_CHANNEL,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": None,
        "flags": 0,
    }


def make_guild(
    guild_id: int,
    *,
    owner_id: int,
    channels: list[dict[str, Any]],
    members: list[dict[str, Any]],
    name: str = "Mesa de pruebas",
    locale: str = "es-ES",
) -> dict[str, Any]:
    """A full GUILD_CREATE payload (unavailable=False)."""
    everyone = {
        "id": str(guild_id),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 0,
        "permissions": EVERYONE_PERMISSIONS,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": locale,
        "nsfw_level": 0,
        "max_members": 500000,
        "joined_at": iso_now(),
        "large": False,
        "unavailable": False,
        "member_count": len(members),
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def make_message(
    *,
    message_id: int,
    channel_id: int,
    author: dict[str, Any],
    body: dict[str, Any],
    guild_id: int | None = None,
    webhook_id: int | None = None,
    interaction: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it, built from a create/edit request body."""
    payload: dict[str, Any] = {
        "id": str(message_id),
        "type": 20 if interaction and interaction["type"] == 2 else 0,
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": bool(body.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "flags": int(body.get("flags") or 0),
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if webhook_id is not None:
        payload["webhook_id"] = str(webhook_id)
        payload["application_id"] = str(webhook_id)
    if interaction is not None:
        actor = interaction.get("member", {}).get("user") or interaction.get("user")
        payload["interaction_metadata"] = {
            "id": interaction["id"],
            "type": interaction["type"],
            "user": actor,
            "authorizing_integration_owners": interaction.get("authorizing_integration_owners", {}),
        }
    return payload


_OPTION_TYPES: list[tuple[type, int]] = [(bool, 5), (int, 4), (float, 10), (str, 3)]


def _option(name: str, value: Any) -> dict[str, Any]:
    for python_type, option_type in _OPTION_TYPES:
        if isinstance(value, python_type):
            return {"name": name, "type": option_type, "value": value}
    raise TypeError(f"option {name!r}: pass a raw option dict for {type(value).__name__}")


def _options(options: dict[str, Any] | list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    if options is None:
        return []
    if isinstance(options, list):
        return options
    return [_option(name, value) for name, value in options.items()]


def _base_interaction(
    kind: int,
    *,
    user: dict[str, Any] | None,
    channel: dict[str, Any] | None,
    guild_id: int | None,
    locale: str,
    application_id: int,
    created_at: float | None,
) -> dict[str, Any]:
    actor = user or make_user()
    chan = channel or make_text_channel(guild_id=guild_id or DEFAULT_GUILD_ID)
    payload: dict[str, Any] = {
        "id": str(snowflake(created_at)),
        "application_id": str(application_id),
        "type": kind,
        "token": new_token(),
        "version": 1,
        "channel_id": chan["id"],
        "channel": chan,
        "locale": locale,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": 10485760,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
        payload["guild"] = {"id": str(guild_id), "locale": locale, "features": []}
        payload["guild_locale"] = locale
        owner = actor["id"] == str(DEFAULT_OWNER_ID)
        permissions = ALL_PERMISSIONS if owner else EVERYONE_PERMISSIONS
        payload["member"] = make_member(actor, permissions=permissions)
        payload["authorizing_integration_owners"] = {"0": str(guild_id)}
        payload["context"] = 0
    else:
        payload["user"] = actor
        payload["authorizing_integration_owners"] = {"1": actor["id"]}
        payload["context"] = 1
    return payload


def make_slash_interaction(
    name: str,
    options: dict[str, Any] | list[dict[str, Any]] | None = None,
    user: dict[str, Any] | None = None,
    channel: dict[str, Any] | None = None,
    guild: int | None = DEFAULT_GUILD_ID,
    locale: str = "es-ES",
    *,
    application_id: int = DEFAULT_APP_ID,
    command_id: int | None = None,
    command_guild_id: int | None = None,
    focused: str | None = None,
    resolved: dict[str, Any] | None = None,
    created_at: float | None = None,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload for a slash command (type 2), or autocomplete (type 4).

    ``name`` may hold subcommands: ``"encounter start"`` or ``"group sub leaf"``.
    ``options`` is either raw option dicts or ``{name: value}`` (str/int/float/bool types
    are inferred). ``command_guild_id`` is set on ``data.guild_id`` for guild-registered
    commands, as Discord does (discord.py looks the command up in that guild's tree).
    ``focused`` names the option being typed: the payload becomes an autocomplete (type 4).
    ``created_at`` (epoch seconds) backdates the interaction's snowflake.
    """
    root, *subs = name.split()
    leaf_options = _options(options)
    if focused is not None:
        for option in leaf_options:
            if option["name"] == focused:
                option["focused"] = True
    for depth, sub in reversed(list(enumerate(subs))):
        kind = 1 if depth == len(subs) - 1 else 2
        leaf_options = [{"name": sub, "type": kind, "options": leaf_options}]
    data: dict[str, Any] = {
        "id": str(command_id or snowflake()),
        "name": root,
        "type": 1,
        "options": leaf_options,
    }
    if command_guild_id is not None:
        data["guild_id"] = str(command_guild_id)
    if resolved is not None:
        data["resolved"] = resolved
    payload = _base_interaction(
        4 if focused is not None else 2,
        user=user,
        channel=channel,
        guild_id=guild,
        locale=locale,
        application_id=application_id,
        created_at=created_at,
    )
    payload["data"] = data
    return payload


def make_component_interaction(
    custom_id: str,
    message: dict[str, Any],
    user: dict[str, Any] | None = None,
    channel: dict[str, Any] | None = None,
    guild: int | None = DEFAULT_GUILD_ID,
    locale: str = "es-ES",
    *,
    component_type: int = 2,
    values: list[str] | None = None,
    application_id: int = DEFAULT_APP_ID,
    created_at: float | None = None,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload for a component (type 3): a button press by default,
    a select menu with ``component_type=3`` and ``values``, on ``message``."""
    payload = _base_interaction(
        3,
        user=user,
        channel=channel,
        guild_id=guild,
        locale=locale,
        application_id=application_id,
        created_at=created_at,
    )
    payload["data"] = {"custom_id": custom_id, "component_type": component_type}
    if values is not None:
        payload["data"]["values"] = values
    payload["message"] = message
    return payload


def make_modal_submit(
    custom_id: str,
    values: dict[str, str],
    user: dict[str, Any] | None = None,
    channel: dict[str, Any] | None = None,
    guild: int | None = DEFAULT_GUILD_ID,
    locale: str = "es-ES",
    *,
    application_id: int = DEFAULT_APP_ID,
    created_at: float | None = None,
) -> dict[str, Any]:
    """An INTERACTION_CREATE payload for a submitted modal (type 5): ``values`` maps each
    text input's custom_id to what the user typed (one action row per input)."""
    payload = _base_interaction(
        5,
        user=user,
        channel=channel,
        guild_id=guild,
        locale=locale,
        application_id=application_id,
        created_at=created_at,
    )
    rows = [
        {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
        for key, value in values.items()
    ]
    payload["data"] = {"custom_id": custom_id, "components": rows}
    return payload
