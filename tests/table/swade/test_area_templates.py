"""SW-25 area attacks take their template from what the player says or, when the action
names none, from the weapon's notes (a grenade's "SBT", "Plantilla pequeña"); English
puts the size first ("small area attack Grenade") and the books' abbreviations (SBT,
MBT, LBT; PAP, PAM, PAG) are read as the sizes they stand for. A template that cannot
take the targets named is refused naming its size, in either language."""

from __future__ import annotations

from pathlib import Path

from tests.table.swade.test_combat_setup import (
    combat_table,
    force,
    must,
    refused,
)

# Ana's sheet in the shared table has only a sword and a pistol: the GM adds a thrower.
CARA = (
    "Cara (WC)\\nAttributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6\\n"
    "Skills: Athletics d8, Fighting d6, Shooting d8, Notice d6\\nParry: 5; Toughness: 5\\n"
    "Gear: Grenade (Range 5/10/20, Damage 3d6, SBT), Molotov (Range 3/6/12, Damage 2d6,"
    " Plantilla pequeña), Bomb (Range 4/8/16, Damage 4d6, LBT), Rifle (Range 24/48/96,"
    " Damage 2d8)"
)
THREE = 'target:"Goblin 1, Goblin 2, Jefe orco"'
FOUR = 'target:"Goblin 1, Goblin 2, Jefe orco, Ana"'


async def _with_cara(table) -> None:  # type: ignore[no-untyped-def]
    await must(table, f'@gm /combatant add name:Cara statblock:"{CARA}"')


async def test_a_grenade_noted_sbt_throws_a_small_template(tmp_path: Path) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        await _with_cara(table)
        text = await refused(table, f'@gm /act action:"area attack Grenade" {THREE} actor:Cara')
        assert "A small template touches 1 to 2 different targets" in text, text
        # A Spanish note on the sheet, a player in Spanish.
        text = await refused(table, f'@gm /act action:"ataque de área Molotov" {THREE} actor:Cara')
        assert "A small template touches 1 to 2" in text, text
        # LBT: a large one takes the three.
        force(table, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
        [reply, *_] = await must(table, f'@gm /act action:"area attack Bomb" {THREE} actor:Cara')
        assert "Goblin 1, Goblin 2, Jefe orco" in reply.text(), reply.text()


async def test_what_the_player_says_wins_over_the_weapons_note(tmp_path: Path) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        await _with_cara(table)
        text = await refused(table, f'@gm /act action:"area attack small Bomb" {THREE} actor:Cara')
        assert "A small template touches 1 to 2" in text, text
        # A medium one (typed) takes three, where the grenade's SBT would not.
        force(table, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
        [reply, *_] = await must(
            table, f'@gm /act action:"area attack medium Grenade" {THREE} actor:Cara'
        )
        assert "Goblin 1, Goblin 2, Jefe orco" in reply.text(), reply.text()


async def test_english_puts_the_size_first_and_abbreviations_are_read(tmp_path: Path) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        await _with_cara(table)
        for action in (
            "small area attack Rifle",
            "SBT area attack Rifle",
            "area attack sbt Rifle",
            "small blast Rifle",
            "ataque de área PAP Rifle",
        ):
            text = await refused(table, f'@gm /act action:"{action}" {THREE} actor:Cara')
            assert "A small template touches 1 to 2" in text, (action, text)
        text = await refused(table, f'@gm /act action:"medium area attack Rifle" {FOUR} actor:Cara')
        assert "A medium template touches 1 to 3" in text, text
        # No size anywhere and none on the weapon: a medium one, as before.
        text = await refused(table, f'@gm /act action:"area attack Rifle" {FOUR} actor:Cara')
        assert "A medium template touches 1 to 3" in text, text


async def test_the_refusal_names_the_template_in_spanish(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await _with_cara(table)
        text = await refused(table, f'@gm /act action:"ataque de área Granada" {THREE} actor:Cara')
        # "Granada" is not on the sheet (it is "Grenade"): refused for the weapon first.
        assert "Granada" in text, text
        text = await refused(table, f'@gm /act action:"ataque de área Grenade" {THREE} actor:Cara')
        assert "Una plantilla pequeña alcanza de 1 a 2 objetivos distintos" in text, text
        assert "ataque de área grande" in text, text


async def test_a_size_word_in_the_weapons_name_is_its_name(tmp_path: Path) -> None:
    """ "Large grenade" (noted SBT) was read as a large template and looked up as
    "grenade": the size is read from the words that are not the weapon's name."""
    async with combat_table(tmp_path, locale="en") as table:
        big = CARA.replace(
            "Bomb (Range 4/8/16, Damage 4d6, LBT)", "Large Grenade (Range 5/10/20, Damage 3d6, SBT)"
        )
        await must(table, f'@gm /combatant add name:Cara statblock:"{big}"')
        text = await refused(
            table, f'@gm /act action:"area attack Large Grenade" {THREE} actor:Cara'
        )
        assert "A small template touches 1 to 2" in text, text
        text = await refused(
            table, f'@gm /act action:"area attack medium Large Grenade" {FOUR} actor:Cara'
        )
        assert "A medium template touches 1 to 3" in text, text
