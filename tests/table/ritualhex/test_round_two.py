"""Issue 17, Ritual Hex through the commands: the GM's /act or /attack without ``actor``
while a player's hero holds the opportunity is refused, asking for ``actor`` (both
languages); naming it still works."""

from __future__ import annotations

from pathlib import Path

from tests.table.ritualhex.helpers import must, refused, rh_table, state


def folder(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir(exist_ok=True)
    return tmp_path / name


async def test_the_gm_without_actor_does_not_act_for_a_players_hero(tmp_path: Path) -> None:
    for locale, words in (
        ("es", "La oportunidad es de un héroe de un jugador (Red Haggar)"),
        ("en", "The opportunity is a player's hero's (Red Haggar)"),
    ):
        async with rh_table(folder(tmp_path, locale), [], locale=locale) as table:
            # Round 1 opens with Red Haggar's opportunity (@ana's hero).
            text = await refused(table, "@gm /act action:Esperar")
            assert words in text, text
            assert "quien" in text if locale == "es" else "actor" in text
            text = await refused(table, "@gm /attack target:Goblin")
            assert words in text, text
            # Naming the hero is the GM's explicit choice, and works.
            await must(table, '@gm /act action:Esperar actor:"Red Haggar"')
            haggar = next(c for c in (await state(table)).combatants if c.name == "Red Haggar")
            assert haggar.ap_level == 11
