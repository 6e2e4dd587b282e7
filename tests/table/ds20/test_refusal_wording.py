"""Refusals found playing the table as players do: each says what is true and a way
forward that works for the one who typed it, in both languages."""

from __future__ import annotations

from pathlib import Path

from tests.table.ds20.helpers import INITIATIVE, ds20_table, must, seq


async def test_a_player_ending_someone_elses_turn_in_english(tmp_path: Path) -> None:
    # test_permissions has the Spanish one.
    async with ds20_table(tmp_path, INITIATIVE, locale="en") as table:
        await must(table, "@gm /next")
        before = await seq(table)
        [refused] = await table.run("@ana /next")
        assert refused.ephemeral and refused.content == (
            "It is Bruto's turn, not one of yours: Bruto's player or the GM ends it with "
            "`/next`. Wait for your turn (`/encounter show` gives the order)."
        )
        assert await seq(table) == before


async def test_ds11_while_extra_bullets_wait_the_refusal_does_not_offer_a_block(
    tmp_path: Path,
) -> None:
    # DS-11 (seed 004 "la víctima puede intentar esquivar"): the extra bullets of an
    # emptied magazine are dodged or taken. Ana shoots emptying the magazine (d20 8,
    # penalties 1 and 1; 2d4 3 and 3); acting before Bruto answers is refused, and the
    # refusal offered `/react block`, which the bullets do not take.
    for locale, line, text in (
        (
            "es",
            "@ana /attack target:Bruto weapon:Pistola flags:empty:2",
            "Hay un ataque esperando la defensa de Bruto. Primero responde Bruto: "
            "`/reaccionar esquivar` o `/reaccionar ninguna` (las balas extra no se bloquean).",
        ),
        (
            "en",
            "@ana /attack target:Bruto weapon:Pistola flags:empty:2",
            "An attack is waiting for Bruto's defence. Bruto answers first: "
            "`/react dodge` or `/react none` (extra bullets cannot be blocked).",
        ),
    ):
        folder = tmp_path / locale
        folder.mkdir()
        async with ds20_table(folder, [*INITIATIVE, 8, 1, 1, 3, 3], locale=locale) as table:
            await must(table, line)
            before = await seq(table)
            [refused] = await table.run("@ana /next")
            assert refused.ephemeral and refused.content == text
            assert await seq(table) == before


async def test_a_melee_attack_waiting_still_offers_all_three_defences(tmp_path: Path) -> None:
    async with ds20_table(tmp_path, [*INITIATIVE, 5], locale="en") as table:
        await must(table, "@ana /attack target:Bruto weapon:Cuchillo")
        [refused] = await table.run("@ana /next")
        assert refused.ephemeral and refused.content == (
            "An attack is waiting for Bruto's defence. Bruto answers first: "
            "`/react dodge`, `/react block` or `/react none`."
        )
