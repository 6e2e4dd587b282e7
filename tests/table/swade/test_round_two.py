"""Issue 17, Savage Worlds: what a full table found, through the real commands in both
languages (RULES-NOTES SW-36, SW-37, SW-38; SW-13, SW-19, SW-21, SW-31)."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from tests.table.swade.test_combat_setup import (
    all_dice_used,
    combat_table,
    force,
    must,
    refused,
    state,
)


def folder(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir(exist_ok=True)
    return tmp_path / name


async def ana_turn(table: OfflineTable) -> None:
    """Deal the first round (no dice: nobody has a draw edge or is Shaken) and pass the
    turns until Ana's."""
    await must(table, "@gm /deal")
    for _ in range(4):
        st = await state(table)
        current = next(c for c in st.combatants if c.id == st.active)
        if current.name == "Ana":
            return
        await must(table, "@gm /next")
    raise AssertionError("Ana's turn never came")


# --- SW-36 ----------------------------------------------------------------------------------


async def test_sw36_a_second_undeclared_attack_is_refused_saying_to_declare_first(
    tmp_path: Path,
) -> None:
    for locale, words in (
        ("es", "declara antes de la primera `/actuar acción:multiacción valor:2`"),
        ("en", "declare before the first one `/act action:multi-action value:2`"),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            await ana_turn(table)
            force(table, 2, 1)  # 2 against Parry 5: a miss
            await must(table, '@ana /attack target:"Goblin 1" weapon:"Espada corta"')
            text = await refused(table, '@ana /attack target:"Goblin 1" weapon:"Espada corta"')
            assert words in text, text
            all_dice_used(table)


async def test_sw36_the_gm_overrides_with_a_late_declaration_and_it_is_logged(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        await ana_turn(table)
        force(table, 2, 1)
        await must(table, '@ana /attack target:"Goblin 1" weapon:"Espada corta"')
        assert "Only the GM" in await refused(table, "@ana /act action:multi-action value:2")
        [reply, *_] = await must(table, "@gm /act action:multi-action actor:Ana value:2")
        assert "GM's override: Ana declares 2 actions after taking 1" in reply.text()
        log = await table.bot.encounters.history(table.channel_id)
        events = log[-1]["payload"]["events"]
        assert [e["key"] for e in events][-1] == "swade.combat.multi_action.override"
        force(table, 2, 1)
        [reply, *_] = await must(table, '@ana /attack target:"Goblin 1" weapon:"Espada corta"')
        assert "Multi-action -2" in reply.text()
        all_dice_used(table)


# --- SW-37 ----------------------------------------------------------------------------------


async def test_sw37_an_opposed_pair_reads_against_the_other_and_labels_its_rerolls(
    tmp_path: Path,
) -> None:
    async with combat_table(tmp_path, locale="en") as table:
        force(table, 6, 1, 3)  # Ana's Athletics 6 against the goblin's 3
        [reply, *_] = await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        text = reply.text()
        assert "against Goblin 1's 3 — wins" in text, text
        assert "against Ana's 6 — is beaten" in text, text
        assert "(TN 4)" not in text
        labels = [b.get("label") for b in reply.buttons()]
        assert labels[:2] == ["Reroll Ana's roll (benny)", "Reroll Goblin 1's roll (benny)"]
        all_dice_used(table)


# --- presentation: injury table, grappler Vulnerable, critical failure headline -------------


async def test_the_injury_tables_2d6_and_sub_table_die_are_shown(tmp_path: Path) -> None:
    for locale, words in (
        (
            "es",
            ["Tirada de Ana en la tabla de lesiones:", "2d6: 4 + 5 = **9** · subtabla d6: **3**"],
        ),
        ("en", ["Ana's roll on the injury table:", "2d6: 4 + 5 = **9** · sub-table d6: **3**"]),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 3"')
            # Jefe orco: Fighting 7 against Parry 6; Str d10 9 + Hacha d8 6 = 15 against
            # Toughness 5: incapacitated. Vigor 2 / wild 3 - 3 = 0: injury 4+5 (guts), d6 3.
            force(table, 7, 3, 9, 6, 2, 3, 4, 5, 3)
            [reply, *_] = await must(table, '@gm /attack target:Ana actor:"Jefe orco" weapon:Hacha')
            for word in words:
                assert word in reply.text(), reply.text()
            all_dice_used(table)


async def test_the_board_shows_a_grappler_holding_a_bound_foe_as_vulnerable(
    tmp_path: Path,
) -> None:
    from bot.render.board import BoardContext, render_board

    for locale, words in (
        ("es", "vulnerable (sujeta a Goblin 1, inmovilizado)"),
        ("en", "Vulnerable (holding Goblin 1, Bound)"),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            force(table, 7, 1, 2)  # Athletics 7 against 2: a raise, Goblin 1 is Bound
            await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
            encounter = await table.bot.encounters.get(table.channel_id)
            embed, _ = render_board(encounter, locale, BoardContext())
            text = str(embed)
            assert words in text, text
            all_dice_used(table)


async def test_a_critical_failures_headline_does_not_read_like_a_hit(tmp_path: Path) -> None:
    for locale, words, wrong in (
        (
            "es",
            "Goblin 1 ataca a Ana con Lanza (Fue+d6): ¡pifia! (su 8 contra 6 no cuenta).",
            "Ana: 8 contra 6.",
        ),
        (
            "en",
            "Goblin 1 attacks Ana with Lanza (Fue+d6): a critical failure (its 8 against 6"
            " does not count).",
            "Ana: 8 against 6.",
        ),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            # An Extra's Fighting d6 1, the extra d6 1: a critical failure (SW-3), with
            # +7 from the GM it would total 8 against Parry 6.
            force(table, 1, 1)
            [reply, *_] = await must(
                table, '@gm /attack target:Ana actor:"Goblin 1" weapon:Lanza modifier:7'
            )
            assert words in reply.text(), reply.text()
            assert wrong not in reply.text()
            all_dice_used(table)


# --- SW-21 gang up --------------------------------------------------------------------------


async def test_sw21_gangup_above_four_is_capped_and_said_ranged_is_refused(
    tmp_path: Path,
) -> None:
    for locale, capped, ranged in (
        ("es", "el máximo es +4; cuenta +4", "solo cuenta en cuerpo a cuerpo"),
        ("en", "the most it gives is +4; +4 counts", "only counts in melee"),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            force(table, 2, 1)  # Fighting 2 + 4 = 6 against Parry 5: a hit; then damage
            force(table, 1, 1)
            [reply, *_] = await must(
                table, '@ana /attack target:"Goblin 1" weapon:"Espada corta" gangup:6 actor:Ana'
            )
            assert capped in reply.text(), reply.text()
            text = await refused(
                table, '@ana /attack target:"Goblin 1" weapon:Pistola gangup:2 actor:Ana'
            )
            assert ranged in text, text
            all_dice_used(table)


# --- SW-31: dealing in ------------------------------------------------------------------------


async def test_sw31_a_combatant_added_mid_round_is_told_when_it_gets_a_card(
    tmp_path: Path,
) -> None:
    orc = "Orco\\nAtributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d8, Vigor d8"
    for locale, words in (
        ("es", "Orco recibe carta cuando se reparta la ronda 2"),
        ("en", "Orco gets a card when round 2 is dealt"),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            await must(table, "@gm /deal")
            [reply, *_] = await must(table, f'@gm /combatant add name:Orco statblock:"{orc}"')
            assert words in reply.text(), reply.text()


async def test_sw31_initiative_set_before_the_first_deal_lets_a_gm_deal_by_hand(
    tmp_path: Path,
) -> None:
    for locale, words in (
        ("es", "Ana empezará con A♠: cuenta desde el primer reparto"),
        ("en", "Ana will start with A♠: it counts from the first deal"),
    ):
        async with combat_table(folder(tmp_path, locale), locale=locale) as table:
            [reply, *_] = await must(table, "@gm /initiative set combatant:Ana card:AS")
            assert words in reply.text(), reply.text()
            await must(table, "@gm /initiative set combatant:Goblin card:KH")
            await must(table, '@gm /initiative set combatant:"Jefe orco" card:2C')
            await must(table, "@gm /deal")
            st = await state(table)
            cards = {c.name: c.card for c in st.combatants}
            assert (cards["Ana"].rank, cards["Ana"].suit) == (14, "S")
            assert (cards["Goblin 2"].rank, cards["Goblin 2"].suit) == (13, "H")
            assert (cards["Jefe orco"].rank, cards["Jefe orco"].suit) == (2, "C")
            assert next(c for c in st.combatants if c.id == st.active).name == "Ana"
