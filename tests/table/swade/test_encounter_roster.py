"""/combatant add|remove|edit, /character save and /join for a Savage Worlds encounter,
through the real command tree (permissions: GM-only actions refuse anyone else)."""

from __future__ import annotations

from pathlib import Path

from bot.bennies import user_key
from bot.play.table import user_id_for
from tests.table.swade.encounter_helpers import (
    BRUNO,
    GOBLIN,
    JEFE,
    must,
    named,
    refused,
    save,
    state,
    swade_table,
)


async def test_six_extras_are_numbered_and_share_one_card(tmp_path: Path) -> None:
    """SW-31: a count of Extras is one group dealt one card."""
    async with swade_table(tmp_path, fight=False) as table:
        [reply, *_] = await must(
            table, f'@gm /combatant add name:Goblin count:6 statblock:"{GOBLIN}"'
        )
        assert "Goblin 6 entra en el combate" in reply.text()
        s = await state(table)
        assert [c.name for c in s.combatants] == [f"Goblin {n}" for n in range(1, 7)]
        assert {c.group for c in s.combatants} == {"Goblin"}
        assert not any(c.wild_card or c.is_pc for c in s.combatants)
        assert {c.side for c in s.combatants} == {"foes"}
        await must(table, "@gm /deal")
        s = await state(table)
        assert len({c.card.model_dump_json() for c in s.combatants if c.card}) == 1
        assert all(c.card is not None for c in s.combatants)
        assert len(s.turn_order) == 1


async def test_a_villain_from_a_stat_block_is_a_wild_card_with_its_bennies(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, fight=False) as table:
        await must(table, f'@gm /combatant add name:"Jefe orco" wildcard:true statblock:"{JEFE}"')
        jefe = named(await state(table), "Jefe orco")
        assert jefe.wild_card and not jefe.is_pc and jefe.side == "foes"
        assert (jefe.bennies, jefe.toughness, jefe.armor, jefe.parry) == (2, 8, 2, 6)
        assert jefe.attributes["strength"].die == 10


async def test_join_makes_the_saved_character_a_wild_card_the_player_controls(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, fight=False) as table:
        await save(table, "bruno", "Bruno", BRUNO)
        [reply, *_] = await must(table, "@bruno /join character:Bruno")
        assert "Bruno se une al combate" in reply.text()
        bruno = named(await state(table), "Bruno")
        assert bruno.wild_card and bruno.is_pc and bruno.side == "heroes"
        assert bruno.controller_id == user_id_for("bruno")
        text = await refused(table, "@bruno /join character:Bruno")
        assert "Ya hay un combatiente llamado «Bruno»" in text


async def test_a_player_joining_a_running_session_gets_three_bennies(tmp_path: Path) -> None:
    """SW-35: a player who joins late gets their 3, once per session."""
    async with swade_table(tmp_path, fight=False) as table:
        await must(table, "@gm /bennies session-start")
        await save(table, "bruno", "Bruno", BRUNO)
        messages = await must(table, "@bruno /join character:Bruno")
        assert any("entra en la sesión con 3 benis" in m.text() for m in messages)
        pools = await table.bot.bennies.pools(table.channel_id)
        assert pools[user_key(user_id_for("bruno"))] == 3


async def test_a_saved_character_can_be_added_by_the_gm_for_a_player(tmp_path: Path) -> None:
    async with swade_table(tmp_path, fight=False) as table:
        await save(table, "gm", "Bruno", BRUNO)
        await must(table, "@gm /combatant add name:Bruno character:Bruno controller:@bruno")
        bruno = named(await state(table), "Bruno")
        assert bruno.is_pc and bruno.side == "heroes" and bruno.wild_card
        assert bruno.controller_id == user_id_for("bruno")


async def test_only_the_gm_adds_and_removes_foes(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        text = await refused(table, f'@ana /combatant add name:Orco statblock:"{GOBLIN}"')
        assert "Solo el DJ" in text
        text = await refused(table, '@ana /combatant remove combatant:"Goblin 2"')
        assert "Goblin 2 no es tuyo" in text
        await must(table, '@gm /combatant remove combatant:"Goblin 2"')
        names = [c.name for c in (await state(table)).combatants]
        assert "Goblin 2" not in names and "Goblin 1" in names


async def test_edit_corrections_and_who_may_make_them(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        await must(
            table, '@gm /combatant edit combatant:"Jefe orco" statblock:"Heridas: 2 | Benis: 1"'
        )
        jefe = named(await state(table), "Jefe orco")
        assert (jefe.wounds, jefe.bennies) == (2, 1)
        # Issue 21: a player edits no combatant, not even their own hero.
        text = await refused(table, '@ana /combatant edit combatant:Ana statblock:"Fatiga: 1"')
        assert "Solo el DJ puede corregir a Ana" in text and "/personaje guardar" in text
        assert named(await state(table), "Ana").fatigue == 0
        text = await refused(
            table, '@ana /combatant edit combatant:Ana statblock:"Bando: enemigos"'
        )
        assert "Solo el DJ" in text
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Fatiga: 1"')
        assert named(await state(table), "Ana").fatigue == 1
        text = await refused(
            table, '@ana /combatant edit combatant:"Jefe orco" statblock:"Heridas: 3"'
        )
        assert "no es tuyo" in text
        text = await refused(table, '@gm /combatant edit combatant:Ana statblock:"Fuerza: d12"')
        assert "No sé corregir «Fuerza»" in text and "Heridas" in text
        text = await refused(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: dos"')
        assert "«dos» no vale para Heridas" in text


async def test_a_bad_stat_block_says_which_line(tmp_path: Path) -> None:
    async with swade_table(tmp_path, fight=False) as table:
        text = await refused(
            table,
            '@gm /combatant add name:Orco statblock:"Orco\\nAtributos: Agilidad d7, Vigor d6"',
        )
        assert "Línea 2" in text and "d7" in text
