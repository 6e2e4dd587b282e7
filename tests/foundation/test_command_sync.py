"""The real command tree, as discord.py sends it at sync (translated), passes Discord's
sync rules (``bot.render.discord_rules.check_commands``): 25 commands, each localized
in Spanish and English (issue 15: "valid at sync today; keep it so")."""

from __future__ import annotations

from typing import Any

from bot.play.table import OfflineTable
from bot.render import discord_rules
from bot.render.limits import COMMAND_SIZE


async def _payloads(table: OfflineTable) -> list[dict[str, Any]]:
    assert table.bot is not None
    tree = table.bot.tree
    return [await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()]


async def test_the_command_tree_passes_the_sync_rules(table: OfflineTable) -> None:
    payloads = await _payloads(table)
    assert len(payloads) == 25  # /cast and /power (issue 19)
    assert discord_rules.check_commands(payloads) == []
    assert max(discord_rules.command_size(c) for c in payloads) <= COMMAND_SIZE


async def test_every_name_and_description_is_localized_in_spanish_and_english(
    table: OfflineTable,
) -> None:
    def walk(node: dict[str, Any], path: str) -> list[str]:
        missing = [
            f"{path} {field}"
            for field in ("name_localizations", "description_localizations")
            if not {"es-ES", "es-419", "en-US", "en-GB"} <= set(node.get(field) or {})
        ]
        for option in node.get("options") or []:
            missing += walk(option, f"{path} {option['name']}")
        return missing

    missing = [m for c in await _payloads(table) for m in walk(c, c["name"])]
    assert missing == []


def test_a_broken_tree_would_be_refused() -> None:
    """The same check refuses what Discord refuses (a guard that the test above can fail)."""
    bad = [{"type": 1, "name": "Tirar", "description": "", "name_localizations": {"es": "x"}}]
    paths = {".".join(map(str, v.path)) for v in discord_rules.check_commands(bad)}
    assert paths == {"0.name", "0.description", "0.name_localizations.es"}
