"""The table the SWADE combat tests share, and item 8 of issue 5: combatants from a saved
character (/join) and from stat blocks (/combatant add) fight alike; the weapon
autocomplete offers the attacker's weapons, the action autocomplete the maneuver names.

@ana plays Ana, a saved character she joins with; the GM runs two goblins (Extras) and
"Jefe orco" (a Wild Card with 2 bennies of its own). No cards are dealt unless a test
deals them, so each command names its ``actor``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.commands.autocomplete import system_choices
from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from bot.systems.swade.state import SwadeCombatant, SwadeState

ANA = (
    "Ana (WC)\\nAtributos: Agilidad d8, Astucia d6, Espíritu d8, Fuerza d6, Vigor d6\\n"
    "Habilidades: Atletismo d8, Pelear d8, Disparar d8, Notar d6\\nParada: 6; Dureza: 5\\n"
    "Equipo: Espada corta (Fue+d6), Pistola (Distancia 12/24/48, Daño 2d6, PA 1, Disparos 6)"
)
GOBLIN = (
    "Goblin\\nAtributos: Agilidad d8, Astucia d6, Espíritu d6, Fuerza d4, Vigor d6\\n"
    "Habilidades: Atletismo d6, Pelear d6, Notar d6\\nParada: 5; Dureza: 5\\n"
    "Equipo: Lanza (Fue+d6)"
)
JEFE = (
    "Jefe orco\\nAtributos: Agilidad d6, Astucia d6, Espíritu d8, Fuerza d10, Vigor d8\\n"
    "Habilidades: Atletismo d6, Pelear d8, Notar d6\\nParada: 6; Dureza: 8 (2)\\nBenis: 2\\n"
    "Equipo: Hacha (Fue+d8)"
)


@asynccontextmanager
async def combat_table(
    tmp_path: Path, *, seed: int = 3, locale: str = "es"
) -> AsyncIterator[OfflineTable]:
    """Ana, Goblin 1 and 2, Jefe orco; strict forced dice (each test forces its own)."""
    async with OfflineTable(
        db_path=tmp_path / "combat.sqlite3", seed=seed, dice=[], strict_dice=True, locale=locale
    ) as table:
        await must(table, "@gm /encounter start name:Cripta")
        [saved] = await table.run(f'@ana /character save name:Ana statblock:"{ANA}"')
        assert saved.ephemeral and "Ana" in saved.text(), saved.text()
        await must(table, "@ana /join character:Ana")
        await must(table, f'@gm /combatant add name:Goblin count:2 statblock:"{GOBLIN}"')
        await must(table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"')
        yield table


def force(table: OfflineTable, *values: int) -> None:
    assert table.dice.forced is not None
    table.dice.forced.push(values)


def all_dice_used(table: OfflineTable) -> None:
    forced = table.dice.forced
    assert forced is not None and forced.remaining == 0, f"{forced.remaining} dice unused"


async def must(table: OfflineTable, line: str) -> list[SentMessage]:
    """Run a line that must not be refused."""
    messages = await table.run(line)
    refused = [m for m in messages if m.ephemeral]
    assert not refused, f"{line!r} was refused: {refused[0].text()}"
    return messages


async def refused(table: OfflineTable, line: str) -> str:
    """Run a line that must be refused: one private reply, and the state unchanged."""
    before = await state(table)
    messages = await table.run(line)
    assert len(messages) == 1 and messages[0].ephemeral, [m.text() for m in messages]
    assert await state(table) == before, f"{line!r} changed the state"
    return messages[0].text()


async def state(table: OfflineTable) -> SwadeState:
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and isinstance(encounter.state, SwadeState)
    return encounter.state


async def named(table: OfflineTable, name: str) -> SwadeCombatant:
    return next(c for c in (await state(table)).combatants if c.name == name)


def has(c: SwadeCombatant, condition: str) -> bool:
    return any(x.name == condition for x in c.conditions)


def buttons(message: SentMessage) -> list[str]:
    return [b.get("label", "") for b in message.buttons()]


async def complete(
    table: OfflineTable, kind: str, user: str, current: str = "", **namespace: Any
) -> list[str]:
    """What the ``autocomplete:<kind>`` handler offers ``user`` (an interaction built
    with just what the handler reads)."""
    encounter = await table.bot.encounters.get(table.channel_id)
    who = table.user(user)
    interaction = SimpleNamespace(
        client=table.bot,
        user=SimpleNamespace(id=who.id, roles=[]),
        permissions=discord.Permissions.none(),
        guild_id=None,
        channel_id=table.channel_id,
        locale=discord.Locale.spain_spanish,
        namespace=SimpleNamespace(**namespace),
    )
    choices = await system_choices(kind, interaction, encounter, current)  # type: ignore[arg-type]
    return [c.name for c in choices]


# --- item 8 ---------------------------------------------------------------------------------


async def test_a_saved_character_and_stat_blocks_bring_their_weapons(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        ana = await named(table, "Ana")
        assert ana.wild_card and ana.controller_id == table.user("ana").id
        assert [w.name for w in ana.weapons] == ["Espada corta", "Pistola"]
        assert [w.name for w in (await named(table, "Goblin 2")).weapons] == ["Lanza"]
        assert (await named(table, "Jefe orco")).bennies == 2


async def test_the_weapon_autocomplete_offers_the_attackers_weapons(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # SW-44: the sheet's weapons first, as printed, with their damage; then unarmed.
        assert await complete(table, "weapon", "ana") == [
            "Espada corta (Fue+d6)",
            "Pistola (2d6)",
            "sin arma (FUE)",
        ]
        assert await complete(table, "weapon", "ana", "pis") == ["Pistola (2d6)"]
        assert await complete(table, "weapon", "ana", "desarm") == ["sin arma (FUE)"]
        assert await complete(table, "weapon", "gm", actor="Jefe orco") == [
            "Hacha (Fue+d8)",
            "sin arma (FUE)",
        ]
        # A player naming the GM's villain (hidden or not) is offered her own weapons:
        # another's weapons and their damage are its controller's to see (issue 27).
        assert "Hacha (Fue+d8)" not in await complete(table, "weapon", "ana", actor="Jefe orco")
        # Nobody's turn, no actor named, and @bruno controls no combatant.
        assert await complete(table, "weapon", "bruno") == []


async def test_the_action_autocomplete_offers_the_maneuvers_by_name(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        names = await complete(table, "action", "ana")
        for name in ("defender", "truco", "empujar", "apoyar", "apuntar", "multiacción"):
            assert name in names
        assert await complete(table, "action", "ana", "fuego") == ["fuego de supresión"]
