"""Saved characters: per server and owner, one row per name (case-insensitive)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.storage.db import Database

MAX_PER_OWNER = 50


@dataclass(frozen=True)
class SavedCharacter:
    name: str
    owner_id: int
    system: str
    source: str
    sheet: dict[str, Any]


class CharacterRepository:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def save(
        self,
        *,
        guild_id: int,
        owner_id: int,
        name: str,
        system: str,
        source: str,
        sheet: dict[str, Any],
    ) -> bool:
        """Insert or replace; returns True when it replaced an existing character."""
        existing = await self.get(guild_id=guild_id, owner_id=owner_id, name=name)
        nocase = self.db.dialect.nocase
        async with self.db.transaction() as conn:
            if existing is None:
                count = await conn.fetchval(
                    "SELECT COUNT(*) FROM characters WHERE guild_id = ? AND owner_id = ?",
                    (guild_id, owner_id),
                )
                if count >= MAX_PER_OWNER:
                    from bot.errors import UserError

                    raise UserError("character.too_many", limit=MAX_PER_OWNER)
            await conn.execute(
                "INSERT INTO characters (guild_id, owner_id, name, system, source, sheet, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                f" ON CONFLICT (guild_id, owner_id, {nocase('name')}) DO UPDATE SET system = excluded.system, source = excluded.source,"
                " sheet = excluded.sheet, updated_at = excluded.updated_at",
                (
                    guild_id,
                    owner_id,
                    name,
                    system,
                    source,
                    json.dumps(sheet, ensure_ascii=False),
                    datetime.now(UTC).isoformat(),
                ),
            )
        return existing is not None

    async def get(self, *, guild_id: int, owner_id: int, name: str) -> SavedCharacter | None:
        nocase = self.db.dialect.nocase
        row = await self.db.fetchone(
            "SELECT name, owner_id, system, source, sheet FROM characters"
            f" WHERE guild_id = ? AND owner_id = ? AND {nocase('name')} = {nocase('?')}",
            (guild_id, owner_id, name),
        )
        return _character(row) if row else None

    async def list(self, *, guild_id: int, owner_id: int) -> list[SavedCharacter]:
        rows = await self.db.fetchall(
            "SELECT name, owner_id, system, source, sheet FROM characters"
            f" WHERE guild_id = ? AND owner_id = ? ORDER BY {self.db.dialect.nocase('name')}",
            (guild_id, owner_id),
        )
        return [_character(r) for r in rows]

    async def delete(self, *, guild_id: int, owner_id: int, name: str) -> bool:
        nocase = self.db.dialect.nocase
        async with self.db.transaction() as conn:
            deleted = await conn.execute(
                "DELETE FROM characters"
                f" WHERE guild_id = ? AND owner_id = ? AND {nocase('name')} = {nocase('?')}",
                (guild_id, owner_id, name),
            )
            return deleted > 0


def _character(row: Any) -> SavedCharacter:
    return SavedCharacter(
        row["name"], row["owner_id"], row["system"], row["source"], json.loads(row["sheet"])
    )
