"""Ritual Hex ``/combatant edit statblock:`` (the sheet does not change in a fight,
:mod:`bot.systems.ritualhex.edit`): refused, privately, saying what to do instead, in
both languages; the card's footer says the same (not the other systems' "the GM
corrects it with /combatant edit"). Through the real command tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.systems.ritualhex.helpers import GOBLIN
from tests.table.ritualhex.helpers import block, combatant, must, refused, rh_table, seq

WORDS = {
    "es": (
        "En Ritual Hex la hoja de un combatiente no cambia en combate (sus AP, partes y equipo"
        " mueven la ronda). Para corregirla, quita al combatiente y añádelo de nuevo con la hoja"
        " corregida: `/combatiente quitar` y después `/combatiente añadir bloque:`.",
        "quita al combatiente con /combatiente quitar y añádelo otra vez con /combatiente"
        " añadir bloque:",
    ),
    "en": (
        "In Ritual Hex a combatant's sheet does not change in a fight (its AP, parts and"
        " equipment drive the round). To correct it, remove the combatant and add it again with"
        " the sheet fixed: `/combatant remove`, then `/combatant add statblock:`.",
        "remove the combatant with /combatant remove and add it again with /combatant add"
        " statblock:",
    ),
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_editing_a_sheet_is_refused_saying_to_remove_and_add_it_again(
    tmp_path: Path, lang: str
) -> None:
    said, footer = WORDS[lang]
    async with rh_table(tmp_path, [], cast=False, locale=lang) as table:
        [_, card, *_] = await must(
            table, f'@gm /combatant add name:Goblin side:foes statblock:"{block(GOBLIN)}"'
        )
        assert footer in card.embeds[0]["footer"]["text"]
        before, goblin = await seq(table), await combatant(table, "Goblin")
        text = await refused(
            table, f'@gm /combatant edit combatant:Goblin name:Gob statblock:"{block(GOBLIN)}"'
        )
        assert text.startswith(said), text
        assert await seq(table) == before and await combatant(table, "Goblin") == goblin
        # What it says works: remove it, then add it again.
        await must(table, "@gm /combatant remove combatant:Goblin")
        await must(table, f'@gm /combatant add name:Goblin side:foes statblock:"{block(GOBLIN)}"')
