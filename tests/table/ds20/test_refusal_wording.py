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
