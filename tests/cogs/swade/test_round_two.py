"""Issue 17, Savage Worlds: what a full table found, through the real commands in both
languages (RULES-NOTES SW-36, SW-37, SW-38; SW-13, SW-19, SW-21, SW-31)."""

from __future__ import annotations

from pathlib import Path

from bot.play.table import OfflineTable
from tests.cogs.swade.test_combat_setup import (
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
        assert [e["key"] for e in events][-1] == "swade_combat.multi_action.override"
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
