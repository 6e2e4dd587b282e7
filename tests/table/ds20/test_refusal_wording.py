"""Refusals found playing the table as players do: each says what is true and a way
forward that works for the one who typed it, in both languages."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from tests.table.ds20.helpers import INITIATIVE, ds20_table, must, seq


async def refusal(table: OfflineTable, line: str) -> str:
    """What ``line`` is refused with: one ephemeral message, and nothing changes."""
    before = await seq(table)
    [refused] = await table.run(line)
    assert refused.ephemeral, refused.text()
    assert await seq(table) == before
    return refused.content


async def test_a_player_ending_someone_elses_turn_in_english(tmp_path: Path) -> None:
    # test_permissions has the Spanish one.
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        await must(table, "@gm /next")
        assert await refusal(table, "@ana /next") == (
            "It is Bruto's turn, not one of yours: Bruto's player or the GM ends it with "
            "`/next`. Wait for your turn (`/encounter show` gives the order)."
        )


async def test_ds11_while_extra_bullets_wait_the_refusal_does_not_offer_a_block(
    tmp_path: Path,
) -> None:
    # DS-11 (seed 004 "la víctima puede intentar esquivar"): the extra bullets of an
    # emptied magazine are dodged or taken. Ana shoots emptying the magazine (d20 8,
    # penalties 1 and 1; 2d4 3 and 3); acting before Bruto answers is refused, and the
    # refusal offered `/react block`, which the bullets do not take.
    for locale, text in (
        (
            "es",
            "Hay un ataque esperando la defensa de Bruto. Primero responde Bruto: "
            "`/reaccionar esquivar` o `/reaccionar ninguna` (las balas extra no se bloquean).",
        ),
        (
            "en",
            "An attack is waiting for Bruto's defence. Bruto answers first: "
            "`/react dodge` or `/react none` (extra bullets cannot be blocked).",
        ),
    ):
        folder = tmp_path / locale
        folder.mkdir()
        async with ds20_table(folder, [*INITIATIVE, 8, 1, 1, 3, 3], locale=locale) as table:
            await must(table, "@ana /attack target:Bruto weapon:Pistola flags:empty:2")
            assert await refusal(table, "@ana /next") == text


async def test_a_melee_attack_waiting_still_offers_all_three_defences(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5], locale="en") as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        assert await refusal(table, "@ana /next") == (
            "An attack is waiting for Bruto's defence. Bruto answers first: "
            "`/react dodge`, `/react block` or `/react none`."
        )


async def test_bullets_out_of_the_magazine_say_how_many_it_holds(tmp_path: Path) -> None:
    # The refusal sent the GM to correct the magazine with /combatant edit, which cannot
    # correct weapons ("«Armas» no se puede corregir"): a dead end. Pistola: cargador 15.
    for locale, line, text in (
        (
            "es",
            '@gm /combatant edit combatant:Ana statblock:"Balas: Pistola 99"',
            'Pistola lleva de 0 a 15 balas. P. ej. `/combatiente editar bloque:"Balas: Pistola 15"`.',
        ),
        (
            "en",
            '@gm /combatant edit combatant:Ana statblock:"Ammo: Pistola 99"',
            'Pistola holds 0 to 15 bullets. E.g. `/combatant edit statblock:"Ammo: Pistola 15"`.',
        ),
    ):
        folder = tmp_path / locale
        folder.mkdir()
        async with ds20_table(folder, INITIATIVE, locale=locale) as table:
            assert await refusal(table, line) == text


RIFLE = "Aptitudes: Armas de Fuego 12, Iniciativa 4 | Armas: Rifle 4/9 fuego alcance 50"


async def test_a_weapon_without_a_magazine_has_nothing_to_reload(tmp_path: Path) -> None:
    # DS-11: a firearm whose sheet gives no magazine does not count its bullets. The
    # refusal said to add one with /combatant edit, which refuses weapons.
    for locale, text in (
        (
            "es",
            "Rifle no tiene cargador en su ficha, así que sus balas no se cuentan: no hay "
            "nada que recargar ni que corregir. (Para contarlas, su ficha lo dice al "
            "añadirlo, p. ej. `cargador 15`.)",
        ),
        (
            "en",
            "Rifle has no magazine on its sheet, so its bullets are not counted: there is "
            "nothing to reload or correct. (To count them, its sheet says so when it is "
            "added, e.g. `magazine 15`.)",
        ),
    ):
        folder = tmp_path / locale
        folder.mkdir()
        async with ds20_table(folder, [], fight=False, locale=locale) as table:
            await must(table, f'@gm /combatant add name:Tirador statblock:"{RIFLE}"')
            assert await refusal(table, '@gm /act action:"reload Rifle" actor:Tirador') == text
            edit = '@gm /combatant edit combatant:Tirador statblock:"Ammo: Rifle 3"'
            assert await refusal(table, edit) == text


async def test_a_melee_weapon_holds_no_bullets_in_english(tmp_path: Path) -> None:
    # test_roster has the Spanish one.
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        edit = '@gm /combatant edit combatant:Bruto statblock:"Ammo: Machete 1"'
        assert await refusal(table, edit) == (
            "Machete is not a firearm: it holds no bullets. `Ammo:` corrects a firearm's, "
            'e.g. `/combatant edit statblock:"Ammo: Pistol 7"`.'
        )


async def test_a_dead_or_unconscious_actor_is_not_told_to_choose_another_target(
    tmp_path: Path,
) -> None:
    # Ana, on her own turn, out cold and then dead: the refusal was the target's
    # ("Ana is dead. Choose another target"), though nobody was targeted.
    for locale, edit, out_cold, dead in (
        (
            "es",
            '@gm /combatant edit combatant:Ana statblock:"Inconsciente: sí | Género: f"',
            "Ana está inconsciente y no puede actuar hasta despertar (una tirada de "
            "Fortaleza al empezar su turno). Actúa con otro de tus combatientes (`quien:`), "
            "o termina el turno (`/siguiente`).",
            "Ana ha muerto y no puede actuar. Actúa con otro de tus combatientes "
            "(`quien:`), o termina el turno (`/siguiente`).",
        ),
        (
            "en",
            '@gm /combatant edit combatant:Ana statblock:"Unconscious: yes | Gender: f"',
            "Ana is unconscious and cannot act until she wakes (a Fortitude roll at the "
            "start of her turn). Act with another of your combatants (`actor:`), or end "
            "the turn (`/next`).",
            "Ana is dead and cannot act. Act with another of your combatants (`actor:`), "
            "or end the turn (`/next`).",
        ),
    ):
        folder = tmp_path / locale
        folder.mkdir()
        async with ds20_table(folder, INITIATIVE, locale=locale) as table:
            await must(table, edit)
            assert await refusal(table, "@ana /attack target:Bruto weapon:Cuchillo") == out_cold
            await must(table, '@gm /combatant edit combatant:Ana statblock:"Health: dead"')
            assert await refusal(table, '@ana /act action:"first aid" target:Bruto') == dead
