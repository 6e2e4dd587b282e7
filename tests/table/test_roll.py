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
        ("2d6+", "¿Quieres decir `2d6`?"),
        ("4dF", "¿Quieres decir `4d3-8`?"),
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


# -- issue 31: what savagebot's and Avrae's players type (N-1, N-2) ---------------------------


async def test_several_rolls_on_one_line_each_shown_and_logged_once(forced) -> None:
    table = await forced([4, 2, 3, 6, 2, 1], locale="en")
    [reply] = await table.run('/roll expression:"s8 2d6!+1 d6!"')
    text = reply.embeds[0]["description"]
    assert text.index("`s8`") < text.index("`2d6!+1`") < text.index("`d6!`")
    assert "**4**" in text and "**12**" in text and "**1**" in text
    row = await table.bot.db.fetchone("SELECT payload FROM encounter_log WHERE kind = 'roll'")
    payload = json.loads(row["payload"])
    assert payload["result"]["kind"] == "line" and len(payload["result"]["rolls"]) == 3


async def test_words_before_a_roll_label_it(forced) -> None:
    table = await forced([6, 5, 2, 6], locale="en")
    [reply] = await table.run('/roll expression:"shooting at vampire s8 damage 2d6+1"')
    text = reply.embeds[0]["description"]
    assert "**shooting at vampire** · `s8`" in text and "**damage** · `2d6+1`" in text


async def test_keep_three_is_the_best_three(forced) -> None:
    table = await forced([1, 2, 5, 6])
    [reply] = await table.run("/roll expression:4d6k3")
    assert "**13**" in reply.embeds[0]["description"]  # N-1 (d20 would keep the 3s: 0)


@pytest.mark.parametrize(
    ("lang", "dice", "outcome", "odds"),
    [
        ("en", [3, 6, 4], "vs Toughness 6: Shaken and wounds: 1", "72% Shaken or more"),
        ("es", [1, 4], "contra Dureza 6: sin efecto", "72% aturdido o más"),
    ],
)
async def test_damage_against_toughness_with_its_odds(
    forced, lang: str, dice: list[int], outcome: str, odds: str
) -> None:
    # SW-12; P(2d6! >= 6) = 26/36 ≈ 72% (hand-checked: 2d6! >= 6 fails on sums 2..5 with
    # no 6 shown: 10 of 36).
    table = await forced(dice, locale=lang)
    [reply] = await table.run("/roll expression:2d6!t6")
    text = reply.embeds[0]["description"]
    assert outcome in text and odds in text


async def test_an_extras_roll_and_a_target_number(forced) -> None:
    table = await forced([6, 5], locale="en")
    [reply] = await table.run("/roll expression:e6t7")
    embed = reply.embeds[0]
    assert embed["title"] == "e6t7 · Extra"
    assert "**11**" in embed["description"] and "(TN 7)" in embed["description"]
    assert "success with 1 raise" in embed["description"]


async def test_d66_and_advantage(forced) -> None:
    table = await forced([3, 5, 4, 17])
    [d66] = await table.run("/roll expression:d66")
    assert "d66 (3, 5) = **35**" in d66.embeds[0]["description"]
    [adv] = await table.run("/roll expression:d20adv")
    assert "~~4~~" in adv.embeds[0]["description"] and "**17**" in adv.embeds[0]["description"]


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("es", "3d6+df", "¿Quieres decir `3d6+4d3-8`?"),
        ("en", "s12tr6", "Did you mean `s12t6`?"),
        ("en", "e8+2d6", "Did you mean `e8 2d6`?"),
        ("es", "xyz", "Escríbela como `2d6+1`, `s8` o `2d6!t6`"),
    ],
)
async def test_a_form_not_read_is_answered_with_the_closest(
    forced, lang: str, typed: str, said: str
) -> None:
    table = await forced([], locale=lang)
    [reply] = await table.run(f'/roll expression:"{typed}"')
    assert reply.ephemeral and said in reply.content
    assert "posición" not in reply.content and "position" not in reply.content
    assert await table.bot.db.fetchone("SELECT * FROM encounter_log WHERE kind = 'roll'") is None


async def test_tn_goes_with_one_roll(forced) -> None:
    table = await forced([], locale="en")
    [reply] = await table.run('/roll expression:"s8 2d6" tn:6')
    assert reply.ephemeral and "`s8t6 2d6!t5`" in reply.content


async def test_odds_of_damage_against_toughness(forced) -> None:
    table = await forced([], locale="en")
    [reply] = await table.run("/odds expression:2d6!t6")
    assert "72% Shaken or more" in reply.embeds[0]["description"]


@pytest.mark.parametrize(
    ("locale", "dice", "outcome"),
    [
        # N-2: 3s8 is three d8 trait dice (rate of fire) and one wild d6; each die is a
        # separate shot. 2, 6, 7 and a wild 2: two hit TN 4, neither by 4 more.
        ("es", [2, 6, 7, 2], "→ **2**, **6**, **7** (VO 4) — 2 impactos"),
        ("en", [2, 6, 7, 2], "→ **2**, **6**, **7** (TN 4) — 2 hits"),
        # 8 aces to 8+4 = 12 (two raises over 4), a 1 and a 5; the wild d6 shows 4 and
        # replaces the 1 (SW-1): 12, 4, 5 — three hits, one with two raises.
        ("es", [8, 4, 1, 5, 4], "— 3 impactos (uno con 2 aumentos)"),
        ("en", [8, 4, 1, 5, 4], "— 3 hits (one with 2 raises)"),
        # 8 (one raise), 8 (one raise), 2; wild 1: two hits, both with a raise.
        ("es", [8, 1, 8, 1, 2, 1], "— 2 impactos (2 con un aumento)"),
        ("en", [8, 1, 8, 1, 2, 1], "— 2 hits (2 with a raise)"),
        # 1, 1, 3 and a wild 2 (not a critical failure: the wild die is no 1): one die
        # replaced by the wild die, nothing reaches 4.
        ("es", [1, 1, 3, 2], "— ningún impacto"),
        ("en", [1, 1, 3, 2], "— no hits"),
    ],
)
async def test_rate_of_fire_counts_each_die_as_a_shot(
    forced, locale: str, dice: list[int], outcome: str
) -> None:
    table = await forced(dice, locale)
    [reply] = await table.run("/roll expression:3s8")
    text = reply.embeds[0]["description"]
    assert outcome in text, text


async def test_rate_of_fire_critical_failure_is_one_for_every_die(forced) -> None:
    # SW-3: more than half the trait dice and the wild die show 1.
    table = await forced([1, 1, 5, 1], "en")
    [reply] = await table.run("/roll expression:3s8")
    assert "— 💀 Critical failure!" in reply.embeds[0]["description"]


@pytest.mark.parametrize(("locale", "kind"), [("es", "Comodín"), ("en", "Wild Card")])
async def test_spaces_around_the_expression_stay_out_of_the_title(
    forced, locale: str, kind: str
) -> None:
    table = await forced([2, 6, 7, 2], locale)
    [reply] = await table.run('/roll expression:"  3s8 "')
    embed = reply.embeds[0]
    assert embed["title"] == f"3s8 · {kind}"
    assert embed["footer"]["text"].endswith("· 3s8")


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("es", " ", "La expresión no tiene ninguna tirada, solo espacios o una nota. Escríbela"
         " como `2d6+1`, `s8` o `2d6!t6`; la nota va detrás, tras `#` (`2d6+1 # ataque`)."),
        ("en", "   ", "The expression has no roll in it, only spaces or a note. Write one like"
         " `2d6+1`, `s8` or `2d6!t6`; a note goes after it, behind `#` (`2d6+1 # attack`)."),
        ("es", "# ataque", "La expresión no tiene ninguna tirada"),
    ],
)  # fmt: skip
async def test_an_expression_with_no_roll_says_how_to_write_one(
    forced, lang: str, typed: str, said: str
) -> None:
    table = await forced([4, 2], locale=lang)
    [reply] = await table.run(f'/roll expression:"{typed}"')
    assert reply.ephemeral and said in reply.content, reply.content
    assert "«»" not in reply.content and "“”" not in reply.content
    assert await table.bot.db.fetchone("SELECT * FROM encounter_log WHERE kind = 'roll'") is None
    # The example it gives reads, with its note.
    example = reply.content.split("`")[-4]  # 2d6+1 # ataque / attack
    [rolled] = await table.run(f'/roll expression:"{example}"')
    assert not rolled.ephemeral and "**7**" in rolled.text(), rolled.text()


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "d8+1 vs 6", "Against TN 6: success"),
        ("es", "d8+1 contra 6", "Contra VO 6: éxito"),
    ],
)
async def test_a_target_typed_after_a_plain_roll_is_compared(
    forced, lang: str, typed: str, said: str
) -> None:
    table = await forced([5], locale=lang)
    [reply] = await table.run(f'/roll expression:"{typed}"')
    assert not reply.ephemeral
    assert said in reply.embeds[0]["description"], reply.embeds[0]
    [again] = await table.run(f'/roll expression:"{typed}" tn:4')
    assert again.ephemeral and ("6" in again.content and "4" in again.content)
