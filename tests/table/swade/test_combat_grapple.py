"""/grapple start|escape|crush and /react evade through the real command tree with forced
dice (SW-19, SW-20, SW-25), and the benny reroll of a maneuver's roll (SW-4/SW-35).
Ana: Athletics d8, Strength d6 (Wild Card); goblins: Athletics d6 (Extras)."""

from __future__ import annotations

from pathlib import Path

from tests.table.swade.test_combat_setup import (
    all_dice_used,
    buttons,
    combat_table,
    force,
    has,
    must,
    named,
    refused,
)


async def test_a_grapple_entangles_and_an_escape_frees(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        force(table, 6, 1, 3)  # Ana's Athletics 6 against the goblin's 3: Entangled
        [reply, *_] = await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        assert "Ana apresa a Goblin 1: queda aferrado." in reply.text()
        # One per roll, each saying whose roll it rerolls (SW-37; they were two identical
        # "Repetir tirada (beni)" buttons before issue 17).
        assert buttons(reply)[:2] == [
            "Repetir tirada de Ana (beni)",
            "Repetir tirada de Goblin 1 (beni)",
        ]
        goblin = await named(table, "Goblin 1")
        assert has(goblin, "entangled") and goblin.grappled_by == (await named(table, "Ana")).id
        # Goblin 5 - 2 (Entangled is Distracted) = 3 against Ana's 2: free.
        force(table, 5, 2, 1)
        [reply, *_] = await must(table, '@gm /grapple escape actor:"Goblin 1"')
        assert "Goblin 1 se libera." in reply.text()
        assert "distraído -2" in reply.text().lower()
        goblin = await named(table, "Goblin 1")
        assert not has(goblin, "entangled") and goblin.grappled_by is None
        assert (await named(table, "Ana")).grappling is None
        all_dice_used(table)


async def test_a_raise_binds_and_crush_deals_strength_damage(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        force(table, 7, 1, 2)  # 7 against 2: a raise, Bound
        await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        assert has(await named(table, "Goblin 1"), "bound")
        # Strength 4 + 2 (Bound is Vulnerable) + 1 = 7 against the goblin's 3 - 2 = 1;
        # Strength d6 damage 6 then 1 = 7 against Toughness 5: Shaken.
        force(table, 4, 1, 3, 6, 1)
        [reply, *_] = await must(table, "@ana /grapple crush actor:Ana modifier:1")
        text = reply.text()
        assert "Objetivo vulnerable +2, Situacional +1" in text
        assert "7 contra Dureza 5: aturdimiento para Goblin 1." in text
        all_dice_used(table)


async def test_escaping_when_nobody_holds_you_is_refused(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, "@ana /grapple escape actor:Ana")
        assert "Ana" in text


async def test_evade_rolls_agility_minus_two(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        force(table, 5, 2)  # Agility d8 5 - 2 = 3: the area attack is not avoided
        [reply, *_] = await must(table, "@ana /react evade")
        assert "Ana no logra evadirlo (tirada de Agilidad: 3)." in reply.text()
        assert "Evasión -2" in reply.text()
        all_dice_used(table)


async def test_the_reroll_button_of_a_grapple_roll_spends_a_benny_and_keeps_the_better(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 2, 1, 3)  # Ana's 2 against the goblin's 3: no grapple
        [reply, *_] = await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        assert "Goblin 1 evita la presa." in reply.text()
        force(table, 6, 2)  # Ana's roll again: 6, better; the goblin's 3 is kept
        [reply, *_] = await must(table, '@ana press "Repetir tirada de Ana (beni)"')
        assert "Ana apresa a Goblin 1: queda aferrado." in reply.text()
        assert has(await named(table, "Goblin 1"), "entangled")
        pools = await table.bot.bennies.pools_for_channel(table.channel_id)
        assert pools[f"user:{table.user('ana').id}"] == 2
        all_dice_used(table)


async def test_a_critical_failure_in_a_grapple_has_no_reroll_button(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        force(table, 1, 1, 3)  # Ana's Athletics and wild die both 1: critical failure
        [reply, *_] = await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        # Only the goblin's roll may be rerolled, and that button is the GM's.
        assert buttons(reply).count("Repetir tirada de Goblin 1 (beni)") == 1
        assert "Repetir tirada de Ana (beni)" not in buttons(reply)
        text = await refused(table, '@ana press "Repetir tirada de Goblin 1 (beni)"')
        assert "no es para ti" in text
        all_dice_used(table)


async def test_on_the_groups_turn_the_held_goblin_is_the_one_who_escapes(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /deal")  # seed 3: the goblins' card comes first
        force(table, 6, 1, 3)
        await must(table, '@ana /grapple start target:"Goblin 2" actor:Ana')
        force(table, 5, 2, 1)  # Goblin 2: 5 - 2 = 3 against Ana's 2
        [reply, *_] = await must(table, "@gm /grapple escape")
        assert "Goblin 2 intenta liberarse: 3." in reply.text()
        assert (await named(table, "Goblin 2")).grappled_by is None
        all_dice_used(table)
