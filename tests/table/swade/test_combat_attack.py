"""/attack and /wildattack through the real command tree with forced dice (SW-10..SW-13,
SW-18, SW-21..SW-23, SW-4). The table: ``test_combat_setup`` (Ana Shooting and Fighting
d8, Strength d6, Toughness 5; goblins Parry 5, Toughness 5; Jefe orco Fighting d8,
Strength d10, Parry 6, Toughness 8 with 2 armour)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import shown, t
from bot.systems.base import RuleError
from bot.systems.swade.moves.attack_words import attack_options, parse_flags
from tests.table.swade.test_combat_setup import (
    all_dice_used,
    buttons,
    combat_table,
    force,
    has,
    must,
    named,
    refused,
)


async def test_an_attack_lists_each_modifier_the_dice_and_damage_against_toughness(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path) as table:
        # Shooting d8 7 (wild die 2) -2 range -2 cover +1 = 4 against TN 4: a hit.
        # Pistol 2d6: 4 + 3 = 7 against Toughness 5: Shaken.
        force(table, 7, 2, 4, 3)
        [reply, *_] = await must(
            table,
            '@ana /attack target:"Goblin 1" actor:Ana weapon:pistola range:medium cover:light'
            " modifier:1",
        )
        text = reply.text()
        assert "Ana ataca a Goblin 1 con Pistola (2d6): 4 contra 4." in text
        assert "Modificadores: Distancia -2, Cobertura -2, Situacional +1 (total -3)" in text
        assert "**d8: 7**" in text and "~~🎲 d6: 2~~" in text
        assert "d6: 4 + d6: 3 = **7**" in text
        assert "7 contra Dureza 5: aturdimiento para Goblin 1." in text
        goblin = await named(table, "Goblin 1")
        assert goblin.shaken and goblin.wounds == 0
        pistol = next(w for w in (await named(table, "Ana")).weapons if w.name == "Pistola")
        assert pistol.shots == 5  # seed 003: one round for RoF 1
        all_dice_used(table)


async def test_melee_tn_is_parry_plus_defend_and_gang_up_is_listed(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, '@gm /act action:defender actor:"Jefe orco"')
        force(table, 6, 1)  # Fighting 6 + 1 gang up = 7 against Parry 6 + 4: a miss
        [reply, *_] = await must(
            table, '@ana /attack target:"Jefe orco" actor:Ana weapon:"espada corta" gangup:1'
        )
        text = reply.text()
        assert "VO 10: Parada 6, Defensa +4" in text
        assert "Múltiples oponentes +1" in text
        assert "El ataque no alcanza a Jefe orco." in text
        all_dice_used(table)


async def test_a_wild_attack_adds_two_and_leaves_the_attacker_vulnerable(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Fighting 5 + 2 = 7 against Parry 6; damage d10 3 + d8 2 + 2 = 7 against 5.
        force(table, 5, 1, 3, 2)
        [reply, *_] = await must(table, '@gm /wildattack target:Ana actor:"Jefe orco" weapon:hacha')
        text = reply.text()
        assert (
            "Jefe orco lanza un ataque salvaje contra Ana con Hacha (Fue+d8): 7 contra 6." in text
        )
        assert text.count("Ataque salvaje +2") == 2  # on the roll and on the damage
        assert "7 contra Dureza 5: aturdimiento para Ana." in text
        assert has(await named(table, "Jefe orco"), "vulnerable")
        assert (await named(table, "Ana")).shaken
        all_dice_used(table)


async def test_a_wild_attack_must_be_melee(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, '@ana /wildattack target:"Goblin 1" actor:Ana weapon:Pistola')
        assert "cuerpo a cuerpo" in text


async def test_a_shaken_target_hit_again_for_less_than_a_wound_takes_one(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Fighting 6 against Parry 6; Str d6 5 + d6 3 = 8 against Toughness 8: Shaken.
        force(table, 6, 1, 5, 3)
        await must(table, '@ana /attack target:"Jefe orco" actor:Ana weapon:"Espada corta"')
        jefe = await named(table, "Jefe orco")
        assert jefe.shaken and jefe.wounds == 0
        # Again: 9 against 8, only Shaken again, so a wound (SW-12).
        force(table, 6, 1, 5, 4)
        [reply, *_] = await must(
            table, '@ana /attack target:"Jefe orco" actor:Ana weapon:"Espada corta"'
        )
        assert "9 contra Dureza 8: Jefe orco sufre 1 herida." in reply.text()
        assert "Absorber (beni)" in buttons(reply)  # the GM may soak for its Wild Card
        assert (await named(table, "Jefe orco")).wounds == 1
        all_dice_used(table)


async def test_an_extra_is_taken_out_by_one_wound(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Fighting 6 against Parry 5; Str d6 5 + d6 4 = 9 against 5: a wound.
        force(table, 6, 1, 5, 4)
        [reply, *_] = await must(
            table, '@ana /attack target:"Goblin 2" actor:Ana weapon:"Espada corta"'
        )
        assert "Goblin 2 cae fuera de combate (incapacitación)" in reply.text()
        assert "Absorber (beni)" not in buttons(reply)  # an Extra does not soak (SW-14)
        assert (await named(table, "Goblin 2")).incapacitated
        all_dice_used(table)


async def test_a_wild_card_past_three_wounds_is_incapacitated_and_rolls_vigor(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path) as table:
        # Fighting d8 8 then 3 = 11 against Parry 6: a raise. Damage d10 9 + d8 7 + raise
        # d6 5 = 21 against 5: 4 wounds. Vigor d6 5 - 3 wounds = 2: failure, bleeding out;
        # injury table 3 + 4 = 7: guts, then 5: busted (Strength down a step).
        force(table, 8, 3, 1, 9, 7, 5, 5, 2, 3, 4, 5)
        [reply, *_] = await must(table, '@gm /attack target:Ana actor:"Jefe orco" weapon:Hacha')
        text = reply.text()
        assert "21 contra Dureza 5: 4 heridas; Ana cae fuera de combate (incapacitación)." in text
        assert "Repetir Vigor (beni)" in buttons(
            reply
        )  # SW-4/SW-35: the SW-13 roll may be rerolled
        assert "se está desangrando" in text
        ana = await named(table, "Ana")
        assert ana.incapacitated and ana.bleeding_out and ana.wounds == 3
        assert ana.attributes["strength"].die == 4
        all_dice_used(table)


async def test_a_critical_failure_offers_no_reroll_and_a_benny_cannot_reroll_it(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 1, 1)  # both dice show 1: a critical failure (SW-3)
        [reply, *_] = await must(table, '@ana /attack target:"Goblin 1" actor:Ana')
        assert "¡Pifia!" in reply.text()
        assert "Repetir ataque (beni)" not in buttons(reply)
        text = await refused(table, "@ana /bennies spend use:reroll")
        assert "pifia" in text.lower()
        pools = await table.bot.bennies.pools_for_channel(table.channel_id)
        assert pools[f"user:{table.user('ana').id}"] == 3
        all_dice_used(table)


async def test_a_player_cannot_attack_with_someone_elses_combatant(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, '@ana /attack target:Ana actor:"Jefe orco"')
        assert "Jefe orco no es tuyo" in text
        text = await refused(table, '@bruno /attack target:"Goblin 1" actor:Ana')
        assert "Ana no es tuyo" in text


async def test_an_option_of_another_system_is_refused(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, '@ana /attack target:"Goblin 1" actor:Ana bonus:2')
        assert "«bonos»" in text and "Savage Worlds" in text  # as a Spanish Discord names it
        text = await refused(table, '@ana /attack target:"Goblin 1" actor:Ana limb:brazo')
        assert "«miembro»" in text


async def test_an_unknown_flag_is_refused_by_name(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        text = await refused(table, '@ana /attack target:"Goblin 1" actor:Ana flags:"aim,volar"')
        assert "«volar»" in text and "cdf:N" in text
        text = await refused(table, '@ana /attack target:"Goblin 1" actor:Ana flags:"rof:x"')
        assert "«rof»" in text


async def test_flags_reach_the_attack(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        # Fighting 5 + 2 touch - 2 off-hand = 5 against Parry 5; nonlethal Str d6 2 + d6 1:
        # no effect on Toughness 5.
        force(table, 5, 1, 2, 1)
        [reply, *_] = await must(
            table,
            '@ana /attack target:"Goblin 1" actor:Ana weapon:"Espada corta"'
            ' flags:"toque, mano torpe, noletal"',
        )
        text = reply.text()
        assert "Ataque de toque +2, Mano torpe -2" in text
        assert "sin efecto en Goblin 1" in text
        all_dice_used(table)


async def test_without_actor_the_combatant_whose_turn_it_is_acts(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        await must(table, "@gm /deal")  # seed 3: the goblins first, then Jefe orco, Ana
        text = await refused(table, '@ana /attack target:"Goblin 1"')
        assert "Es el turno de Goblin" in text
        force(table, 2)  # Goblin 1's Fighting d6: 2 against Parry 6
        [reply, *_] = await must(table, "@gm /attack target:Ana weapon:lanza")
        assert "Goblin 1 ataca a Ana con Lanza (Fue+d6): 2 contra 6." in reply.text()
        all_dice_used(table)


async def test_every_spanish_flag_the_error_lists_is_accepted() -> None:
    """The words the unknown-flag error suggests are words /attack accepts."""
    for lang in ("es", "en"):
        words = t("swade.combat.flag_list", lang).replace(":N", ":2")
        assert parse_flags(words)


async def test_an_english_reader_gets_the_modifiers_in_english(tmp_path: Path) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        force(table, 7, 2)  # Shooting 7 - 4 (long range) = 3 against 4: a miss
        [reply, *_] = await must(
            table, '@ana /attack target:"Goblin 1" actor:Ana weapon:Pistola range:long'
        )
        assert "Modifiers: Range -4 (total -4)" in reply.text()
        assert buttons(reply) == ["Reroll attack (benny)"]
        all_dice_used(table)


async def test_reply_buttons_are_not_kept_in_discord_pys_view_store(tmp_path: Path) -> None:
    """Presses are handled by DynamicItem patterns; a reply's view must not stay in
    discord.py's store (a timeout=None view was kept there for the life of the process)."""
    async with combat_table(tmp_path) as table:
        for _ in range(3):
            force(table, 7, 2, 4, 3)
            [reply, *_] = await must(
                table, '@ana /attack target:"Goblin 1" actor:Ana weapon:pistola'
            )
            assert buttons(reply), reply.text()
        assert table.bot.persistent_views == []


async def test_a_worse_benny_reroll_shows_its_dice_and_says_the_first_roll_stands(
    tmp_path: Path,
) -> None:
    """SW-35: a reroll keeps the better roll. When the reroll is worse, the reply shows
    the dice rolled and says the first roll stands (it used to show the first roll again
    with nothing else, as if the benny had bought nothing)."""
    for locale, button, line in (
        ("es", "Repetir ataque (beni)", "Repetición de Ana: 2. No mejora: cuenta la primera"
         " tirada (3)."),
        ("en", "Reroll attack (benny)", "Ana's reroll: 2. It is no better: the first roll"
         " (3) stands."),
    ):  # fmt: skip
        (tmp_path / locale).mkdir()
        async with combat_table(tmp_path / locale, locale=locale) as table:
            await must(table, "@gm /bennies session-start")
            force(table, 3, 1)  # Fighting 3 against Parry 5: a miss
            await must(table, '@ana /attack target:"Goblin 1" actor:Ana weapon:"espada corta"')
            force(table, 2, 1)  # the reroll: 2, worse
            [reply, *_] = await must(table, f'@ana press "{button}"')
            text = reply.text()
            assert line in text, text
            assert "**d8: 2**" in text and "~~🎲 d6: 1~~" in text  # the reroll's own dice
            assert text.index(line) < text.index("**d8: 3**")  # then the roll that stands
            pools = await table.bot.bennies.pools_for_channel(table.channel_id)
            assert pools[f"user:{table.user('ana').id}"] == 2
            all_dice_used(table)


@pytest.mark.parametrize(
    ("values", "es", "en"),
    [
        ({"gangup": -1}, "Valor no válido para `superioridad_numérica:`: «-1».",
         "Not a valid value for `gangup:`: “-1”."),
        ({"range": "lejos"}, "Valor no válido para `alcance:`: «lejos».",
         "Not a valid value for `range:`: “lejos”."),
        ({"modifier": 50}, "Valor no válido para `modificador:`: «50».",
         "Not a valid value for `modifier:`: “50”."),
    ],
)  # fmt: skip
def test_a_value_the_rules_refuse_names_the_option_as_the_reader_typed_it(
    values: dict[str, object], es: str, en: str
) -> None:
    """The last guard of /attack's options (Discord's choices and ranges come first): it
    names the command's option in the reader's language, never a Python field."""
    with pytest.raises(RuleError) as err:
        attack_options(**values)  # type: ignore[arg-type]
    said = {
        lang: t(err.value.key, lang, **{k: shown(v, lang) for k, v in err.value.params.items()})
        for lang in ("es", "en")
    }
    assert said["es"].startswith(es) and said["en"].startswith(en), said
