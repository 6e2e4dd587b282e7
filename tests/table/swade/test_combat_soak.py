"""Soak (SW-14) and Shaken (SW-15) through the buttons on an attack's result, paid from
the bennies ledger (``cogs.bennies``); the buttons last until the next action."""

from __future__ import annotations

from pathlib import Path

from tests.table.swade.test_combat_setup import (
    all_dice_used,
    buttons,
    combat_table,
    force,
    must,
    named,
    refused,
)


async def _jefe_wounds_ana(table) -> list[str]:  # type: ignore[no-untyped-def]
    # Fighting 6 against Parry 6; d10 6 + d8 4 = 10 against Toughness 5: a wound.
    force(table, 6, 1, 6, 4)
    [reply, *_] = await must(table, '@gm /attack target:Ana actor:"Jefe orco" weapon:Hacha')
    assert "10 contra Dureza 5: Ana sufre 1 herida." in reply.text()
    return buttons(reply)


async def test_pressing_absorber_spends_a_benny_and_cancels_the_wound(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        assert "Absorber (beni)" in await _jefe_wounds_ana(table)
        ana = await named(table, "Ana")
        assert ana.wounds == 1 and ana.shaken
        force(table, 4, 2)  # Vigor 4 (the hit's wound does not count, SW-14): one soaked
        [reply, *_] = await must(table, '@ana press "Absorber (beni)"')
        assert "Ana absorbe 1 herida; quedan 0." in reply.text()
        ana = await named(table, "Ana")
        assert ana.wounds == 0 and not ana.shaken  # every wound soaked: no Shaken either
        pools = await table.bot.bennies.pools_for_channel(table.channel_id)
        assert pools[f"user:{table.user('ana').id}"] == 2
        all_dice_used(table)


async def test_only_the_wounded_characters_player_or_the_gm_may_soak(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        await _jefe_wounds_ana(table)
        assert "no es para ti" in await refused(table, '@bruno press "Absorber (beni)"')


async def test_the_soak_button_expires_with_the_next_action(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        await _jefe_wounds_ana(table)
        await must(table, '@gm /act action:defender actor:"Goblin 1"')
        text = await refused(table, '@ana press "Absorber (beni)"')
        assert "ya no vale" in text


async def test_unshake_with_a_benny_after_being_shaken(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 6, 1, 3, 2)  # 6 against Parry 6; 5 against Toughness 5: Shaken
        await must(table, '@gm /attack target:Ana actor:"Jefe orco" weapon:Hacha')
        assert (await named(table, "Ana")).shaken
        [reply, *_] = await must(table, "@ana /react unshake")
        assert "se sacude el aturdimiento" in reply.text()
        assert not (await named(table, "Ana")).shaken
        all_dice_used(table)
