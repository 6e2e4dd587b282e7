"""SW-10 cover's choices read as a Spanish player says them: "cobertura media" (la
cobertura), not "medio" (el alcance's word, which range keeps). The choice Discord shows
in Spanish, the word the offline table takes, and the list a refusal gives; English
keeps "medium" for both. Through the real command tree."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.commands.choices import COVER, RANGE
from bot.i18n.catalog import command_word
from bot.i18n.translator import ComodinTranslator
from bot.play.lines import LineError
from bot.play.table import OfflineTable

SETUP = [
    "@gm /encounter start system:swade",
    '@gm /combatant add name:Vera statblock:"Vera: Agilidad d8, Pelear d8, Disparar d8,'
    ' Parada 6, Dureza 6; Pistola (2d6, 12/24/48)" wildcard:true side:heroes',
    '@gm /combatant add name:Orca statblock:"Orca: Pelear d6, Parada 5, Dureza 7"',
]


def _listed(refused: LineError, lang: str) -> list[str]:
    """The choices a refused value lists, as the reader of ``lang`` reads them."""
    assert refused.key == "play.err.choice"
    return [command_word(name, lang) for name in refused.params["allowed"]]  # type: ignore[attr-defined]


async def _shown(choices: list[app_commands.Choice[str]], locale: discord.Locale) -> list[str]:
    """The choices' names as Discord shows them to a reader of ``locale``."""
    translator = ComodinTranslator()
    shown = []
    for choice in choices:
        context = app_commands.TranslationContext(
            app_commands.TranslationContextLocation.choice_name, choice
        )
        name = await translator.translate(choice._locale_name, locale, context)  # type: ignore[arg-type]
        shown.append(name or choice.name)
    return shown


async def test_discord_shows_cover_as_feminine_and_range_as_masculine_in_spanish() -> None:
    spanish = discord.Locale.spain_spanish
    assert await _shown(COVER, spanish) == ["ligera", "media", "pesada", "casi_total"]
    assert await _shown(RANGE, spanish) == ["corto", "medio", "largo", "extremo"]
    english = discord.Locale.american_english
    assert await _shown(COVER, english) == ["light", "medium", "heavy", "near_total"]
    assert [c.value for c in COVER] == ["light", "medium", "heavy", "near_total"]


@pytest.mark.parametrize(
    ("locale", "attack", "shown", "wrong", "listed"),
    [
        (
            "es",
            "@gm /atacar objetivo:Orca actor:Vera arma:Pistola cobertura:media",
            "Cobertura -4",
            "@gm /atacar objetivo:Orca actor:Vera cobertura:enorme",
            ["ligera", "media", "pesada", "casi_total"],
        ),
        (
            "en",
            "@gm /attack target:Orca actor:Vera weapon:Pistola cover:medium",
            "Cover -4",
            "@gm /attack target:Orca actor:Vera cover:huge",
            ["light", "medium", "heavy", "near_total"],
        ),
    ],
)
async def test_a_player_types_medium_cover_in_their_language(
    tmp_path: Path, locale: str, attack: str, shown: str, wrong: str, listed: list[str]
) -> None:
    async with OfflineTable(db_path=tmp_path / "c.sqlite3", locale=locale, seed=3) as table:
        for line in SETUP:
            await table.run(line)
        [result, *_] = await table.run(attack)
        assert not result.ephemeral, result.text()
        assert shown in result.text(), result.text()
        with pytest.raises(LineError) as refused:
            await table.run(wrong)
        assert _listed(refused.value, locale) == listed
