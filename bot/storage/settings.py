"""A server's settings (``guild_settings``: its language and GM role, ``/server``) and
the bot's own facts (``meta``: the hash of the last global command sync)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.storage.db import Reader, Transaction

Setting = Literal["locale", "gm_role_id"]
SETTINGS: tuple[Setting, ...] = ("locale", "gm_role_id")


@dataclass(frozen=True)
class GuildSettings:
    locale: str | None = None
    gm_role_id: int | None = None


async def guild_settings(reader: Reader, guild_id: int) -> GuildSettings:
    """The server's settings (none set: both None)."""
    row = await reader.fetchone(
        "SELECT locale, gm_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    if row is None:
        return GuildSettings()
    role = row["gm_role_id"]
    return GuildSettings(row["locale"] or None, int(role) if role else None)


async def save_guild_setting(
    tx: Transaction, guild_id: int, setting: Setting, value: object
) -> None:
    """Set one of the server's settings (the others stay as they are)."""
    if setting not in SETTINGS:
        raise ValueError(f"no server setting {setting!r}")
    await tx.execute(
        f"INSERT INTO guild_settings (guild_id, {setting}) VALUES (?, ?) "
        f"ON CONFLICT (guild_id) DO UPDATE SET {setting} = excluded.{setting}",
        (guild_id, value),
    )


async def meta(reader: Reader, key: str) -> str | None:
    row = await reader.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
    return row["value"] if row is not None else None


async def set_meta(tx: Transaction, key: str, value: str) -> None:
    await tx.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


async def drop_meta(tx: Transaction, key: str) -> None:
    await tx.execute("DELETE FROM meta WHERE key = ?", (key,))
