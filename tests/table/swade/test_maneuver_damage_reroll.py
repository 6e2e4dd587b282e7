"""SW-35 through the real command tree (seed 001: "Repetir una tirada de daño: Se vuelve
a tirar todo el daño causado por un ataque"): an area attack's damage and a grapple
crush's damage offer "Reroll damage (benny)" as a single attack's does, to the one who
rolled it; pressing it spends that player's benny, keeps each better total and says
when the first stands. Ana (Shooting d8, Strength d6, a pistol 2d6 AP 1) against two
goblins (Toughness 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_combat_setup import all_dice_used, buttons, combat_table, force, must, named

WORDS = {
    "es": {
        "button": "Repetir daño (beni)",
        "area": '@ana /act action:"ataque de área pequeña Pistola" target:"Goblin 1, Goblin 2"'
        " actor:Ana",
        "shaken": "5 contra Dureza 5: aturdimiento para Goblin 1.",
        "kept": "Daño repetido a Goblin 2: 3. No mejora: cuenta la primera tirada (4).",
        "not_yours": "Ese botón no es para ti.",
        "spent": "gasta un beni (le quedan 2)",
    },
    "en": {
        "button": "Reroll damage (benny)",
        "area": '@ana /act action:"area attack small Pistola" target:"Goblin 1, Goblin 2"'
        " actor:Ana",
        "shaken": "5 against Toughness 5: Goblin 1 is Shaken.",
        "kept": "Damage reroll on Goblin 2: 3. It is no better: the first roll (4) stands.",
        "not_yours": "That button is not for you.",
        "spent": "spends a benny (2 left)",
    },
}


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_sw35_an_area_attacks_damage_is_rerolled_by_its_button(
    tmp_path: Path, lang: str
) -> None:
    words = WORDS[lang]
    async with combat_table(tmp_path, locale=lang) as table:
        await must(table, "@gm /bennies session-start")
        # Shooting 6 hits (TN 4); Goblin 1: 1 + 1 = 2, Goblin 2: 2 + 2 = 4: nothing.
        force(table, 6, 1, 1, 1, 2, 2)
        [reply, *_] = await must(table, words["area"])
        assert words["button"] in buttons(reply)
        shots = (await named(table, "Ana")).weapons[1].shots
        # Only Ana (who rolled it) or the GM may press it.
        [other] = await table.run(f'@bruno press "{words["button"]}"')
        assert other.ephemeral and words["not_yours"] in other.text()
        # The damage only (the attack roll stays): Goblin 1: 2 + 3 = 5, Shaken; Goblin
        # 2: 2 + 1 = 3 does not beat 4, which stands.
        force(table, 2, 3, 2, 1)
        [again, *_] = await must(table, f'@ana press "{words["button"]}"')
        text = again.text()
        assert words["spent"] in text
        assert words["shaken"] in text and words["kept"] in text
        assert (await named(table, "Goblin 1")).shaken
        assert not (await named(table, "Goblin 2")).shaken
        assert (await named(table, "Ana")).weapons[1].shots == shots  # fired once
        all_dice_used(table)


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_sw35_a_crushs_damage_is_rerolled_by_its_button(tmp_path: Path, lang: str) -> None:
    words = WORDS[lang]
    async with combat_table(tmp_path, locale=lang) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 7, 1, 2)  # Athletics 7 against 2: a raise, Goblin 1 is Bound
        await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        # Strength 4 + 2 (Bound is Vulnerable) against 3 - 2; d6 damage 2: nothing.
        force(table, 4, 1, 3, 2)
        [reply, *_] = await must(table, "@ana /grapple crush actor:Ana")
        assert words["button"] in buttons(reply)
        assert not (await named(table, "Goblin 1")).shaken
        force(table, 5)  # the damage only: 5 against Toughness 5, Shaken
        [again, *_] = await must(table, f'@ana press "{words["button"]}"')
        assert words["spent"] in again.text() and words["shaken"] in again.text()
        assert (await named(table, "Goblin 1")).shaken
        all_dice_used(table)
