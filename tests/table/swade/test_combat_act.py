"""/act maneuvers by the names a player would guess, in Spanish or English (SW-6,
SW-21, SW-24, SW-25; seed 003 fatigue and reloading)."""

from __future__ import annotations

from pathlib import Path

from tests.table.swade.test_combat_setup import (
    all_dice_used,
    combat_table,
    force,
    has,
    must,
    named,
    refused,
)


async def test_defend_in_either_language_raises_parry_by_four(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        [reply, *_] = await must(table, "@ana /act action:Defender actor:Ana")
        assert "Ana se defiende: Parada 10" in reply.text()
        assert (await named(table, "Ana")).defending
        [reply, *_] = await must(table, '@gm /act action:defend actor:"Goblin 1"')
        assert (await named(table, "Goblin 1")).defending


async def test_multi_action_takes_the_number_of_actions_and_penalises_the_rolls(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@ana /act action:multiacción actor:Ana value:2")
        force(table, 6, 1)  # Fighting 6 - 2 = 4 against Parry 5
        [reply, *_] = await must(table, '@ana /attack target:"Goblin 1" actor:Ana')
        assert "Múltiples acciones -2" in reply.text()
        assert "El ataque no alcanza a Goblin 1." in reply.text()
        assert "necesita un número" in await refused(table, "@ana /act action:multi actor:Ana")
        all_dice_used(table)


async def test_trick_with_a_skill_and_an_effect(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Athletics 6 against the goblin's Agility 2 (the linked attribute): a raise, so
        # Vulnerable (the effect asked for) and Shaken.
        force(table, 6, 1, 2)
        [reply, *_] = await must(
            table, '@ana /act action:"truco atletismo vulnerable" target:"Goblin 1" actor:Ana'
        )
        assert "El truco funciona contra Goblin 1" in reply.text()
        goblin = await named(table, "Goblin 1")
        assert has(goblin, "vulnerable") and goblin.shaken
        all_dice_used(table)


async def test_reload_sets_the_weapons_rounds(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@ana /act action:recargar actor:Ana value:6")
        pistol = next(w for w in (await named(table, "Ana")).weapons if w.name == "Pistola")
        assert pistol.shots == 6


async def test_fatigue_is_the_gms_and_recovering_is_the_players(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        assert "DJ" in await refused(table, "@ana /act action:fatiga target:Ana")
        await must(table, "@gm /act action:fatiga target:Ana")
        assert (await named(table, "Ana")).fatigue == 1
        await must(table, '@ana /act action:"recuperar fatiga" actor:Ana')
        assert (await named(table, "Ana")).fatigue == 0


async def test_finishing_move_needs_a_helpless_victim(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, '@ana /act action:rematar target:"Goblin 1" actor:Ana')
        assert "Goblin 1" in text
        force(table, 6, 1, 5, 4)  # a wound takes the Extra out
        await must(table, '@ana /attack target:"Goblin 1" actor:Ana weapon:"espada corta"')
        [reply, *_] = await must(table, '@ana /act action:rematar target:"Goblin 1" actor:Ana')
        assert "Golpe de gracia" in reply.text()
        assert (await named(table, "Goblin 1")).dead
        all_dice_used(table)


async def test_unknown_actions_and_unused_options_are_refused(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        assert "«volar»" in await refused(table, "@ana /act action:volar actor:Ana")
        text = await refused(table, '@ana /act action:apuntar actor:Ana target:"Goblin 1"')
        assert "`objetivo:`" in text  # the option as a Spanish Discord names it
        assert "«miembro»" in await refused(table, "@ana /act action:apuntar actor:Ana limb:brazo")
        text = await refused(table, '@ana /act action:apoyar target:"Goblin 1" actor:Ana')
        assert "habilidad" in text


async def test_an_area_attack_names_its_template_weapon_and_targets(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Shooting 6 against 4 (SW-25: one roll); each target its own damage: 3 + 3 = 6
        # against Goblin 1's Toughness 5 (Shaken), 2 + 2 = 4 against Goblin 2's (nothing).
        force(table, 6, 1, 3, 3, 2, 2)
        [reply, *_] = await must(
            table,
            '@ana /act action:"ataque de área pequeña Pistola" target:"Goblin 1, Goblin 2"'
            " actor:Ana",
        )
        text = reply.text()
        assert (
            "Ana lanza un ataque de área sobre Goblin 1, Goblin 2 con Pistola (2d6): 6 contra 4."
            in text
        )
        assert (await named(table, "Goblin 1")).shaken
        assert not (await named(table, "Goblin 2")).shaken
        all_dice_used(table)


async def test_suppressive_fire_needs_a_weapon_with_rate_of_fire(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(
            table,
            '@ana /act action:"fuego de supresión Pistola" target:"Goblin 1, Goblin 2" actor:Ana',
        )
        assert "Pistola" in text
