"""/roll, /trait and /odds through the real command tree, with forced dice."""

import json
from pathlib import Path

import pytest

from bot.play.table import OfflineTable


@pytest.fixture
async def forced(tmp_path: Path):
    tables = []

    async def make(dice: list[int], locale: str = "es") -> OfflineTable:
        table = OfflineTable(
            db_path=tmp_path / f"r{len(tables)}.sqlite3", dice=dice, strict_dice=True, locale=locale
        )
        tables.append(await table.start())
        return table

    yield make
    for table in tables:
        await table.close()


async def test_expression_shows_every_die_and_the_total(forced) -> None:
    table = await forced([4, 1, 6, 5])
    [reply] = await table.run("/roll expression:4d6kh3")
    text = reply.embeds[0]["description"]
    assert "~~1~~" in text, "the dropped die is struck through"
    assert "**15**" in text


async def test_swade_trait_keeps_the_wild_die_and_shows_odds(forced) -> None:
    # SW-1: d8 shows 2, the wild d6 aces 6 then 3: 9 +1 = 10 against TN 4: one raise.
    table = await forced([2, 6, 3])
    [reply] = await table.run("/roll expression:s8+1")
    text = reply.embeds[0]["description"]
    assert "~~d8: 2~~" in text
    assert "6💥+3" in text
    assert "**10**" in text
    assert "1 aumento" in text
    # Exact: 1 - (2/8)(2/6) = 11/12 success; 3/8 raise (hand-checked).
    assert "92% éxito · 38% aumento · 14% dos aumentos · 2.1% pifia" in text


async def test_extra_critical_failure_rolls_the_extra_d6(forced) -> None:
    # SW-3: an Extra's natural 1 rolls a d6; a 1 on it is a critical failure.
    table = await forced([1, 1])
    [reply] = await table.run("/trait die:6 wild:false")
    assert "Pifia" in reply.embeds[0]["description"]


async def test_roll_with_tn_gives_success_and_the_exact_odds(forced) -> None:
    table = await forced([3, 4])
    [reply] = await table.run("/roll expression:2d6+1 tn:8")
    text = reply.embeds[0]["description"]
    assert "Contra VO 8: éxito" in text
    assert "58%" in text  # P(2d6+1 >= 8) = 21/36


async def test_ritual_hex_channel_divides_rounding_up(forced) -> None:
    table = await forced([])
    await table.run("/encounter start system:ritualhex")
    [reply] = await table.run("/roll expression:10/4")
    assert "**3**" in reply.embeds[0]["description"]  # RH-1: divisions round up


async def test_other_channels_divide_rounding_down(forced) -> None:
    table = await forced([])
    [reply] = await table.run("/roll expression:10/4")
    assert "**2**" in reply.embeds[0]["description"]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1000000d6", "Demasiados dados"),
        ("2d6+", "posición 4"),
        ("(" * 60 + "1" + ")" * 60, "anidad"),
        ("1d100000", "caras"),
    ],
)
async def test_hostile_expressions_are_localized_ephemeral_errors(
    forced, expression: str, expected: str
) -> None:
    table = await forced([])
    [reply] = await table.run(f'/roll expression:"{expression}"')
    assert reply.ephemeral
    assert expected in reply.content
    assert await table.bot.db.fetchone("SELECT * FROM encounter_log WHERE kind = 'roll'") is None


async def test_every_roll_is_logged_with_its_seed(forced) -> None:
    table = await forced([5, 2])
    await table.run("/roll expression:2d6")
    row = await table.bot.db.fetchone(
        "SELECT user_id, payload FROM encounter_log WHERE kind = 'roll'"
    )
    assert row is not None
    payload = json.loads(row["payload"])
    assert payload["expression"] == "2d6"
    assert isinstance(payload["seed"], int)
    assert payload["result"]["total"] == 7  # the forced 5 and 2


async def test_english_user_gets_english(forced) -> None:
    table = await forced([2, 6, 3], locale="en")
    [reply] = await table.run("/roll expression:s8+1")
    assert "1 raise" in reply.embeds[0]["description"]


async def test_odds_of_a_trait_and_of_an_s20_roll(forced) -> None:
    table = await forced([])
    [trait] = await table.run("/odds expression:s8 tn:4")
    assert "éxito" in trait.embeds[0]["description"]
    [s20] = await table.run("/odds expression:ds15+1-2")
    assert "espectacular" in s20.embeds[0]["description"]
    [bad] = await table.run("/odds expression:banana")
    assert bad.ephemeral


async def test_private_roll_is_ephemeral(forced) -> None:
    table = await forced([3])
    [reply] = await table.run("/roll expression:1d6 private:true")
    assert reply.ephemeral


# -- labels with # on every roll form (issue 18) ------------------------------------------


@pytest.mark.parametrize("locale", ["es", "en"])
@pytest.mark.parametrize(
    ("line", "dice", "title", "total"),
    [
        ('/roll expression:"s10-1 # Fe curación"', [1, 6, 6, 3], "Fe curación", "**14**"),
        ('/roll expression:"s8x # ¿Notar?"', [5], "¿Notar?", "**5**"),
        ('/roll expression:"2d6 # fuego!"', [2, 5], "fuego!", "**7**"),
        ('/roll expression:"1d-2|1 # mordisco."', [1], "mordisco.", "**1**"),
        ('/roll expression:"4d6kh3 #atributo, fuerza"', [4, 1, 6, 5], "atributo, fuerza", "**15**"),
    ],
)
async def test_a_label_after_hash_titles_every_roll_form(
    forced, locale: str, line: str, dice: list[int], title: str, total: str
) -> None:
    table = await forced(dice, locale)
    [reply] = await table.run(line)
    assert not reply.ephemeral, reply.text()
    assert reply.embeds[0]["title"] == title
    assert total in reply.embeds[0]["description"]


async def test_the_label_option_wins_over_the_hash_label(forced) -> None:
    table = await forced([2, 5])
    [reply] = await table.run('/roll expression:"2d6 # fuego" label:"Bola de fuego"')
    assert reply.embeds[0]["title"] == "Bola de fuego"


async def test_odds_accept_a_labelled_trait(forced) -> None:
    table = await forced([])
    [reply] = await table.run('/odds expression:"s8 # notar"')
    assert not reply.ephemeral and "s8" in reply.embeds[0]["title"]
