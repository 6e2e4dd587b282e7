"""The benny reroll of a /trait roll from the sheet (issue 18 item 5; SW-4, SW-35,
SW-38), pressed through the offline table with forced dice, in Spanish and English: the
same trait with the same modifiers (named again), one benny from the right pool, the
better total counts (a tie keeps the first; a critical failure on the reroll stands), a
critical failure is never rerolled, no benny left or another player's button is refused
with nothing spent, and /undo gives the benny back."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from bot.systems.base import Actor, RuleError
from bot.systems.swade.state import SwadeState
from tests.table.swade.encounter_helpers import must, swade_table
from tests.table.swade.test_combat_setup import all_dice_used, force

ES = "Repetir Notar (beni)"
EN = "Reroll Notice (benny)"


async def _pools(table: OfflineTable) -> dict[str, int]:
    return await table.bot.bennies.pools_for_channel(table.channel_id)


def _ana(table: OfflineTable) -> str:
    return f"user:{table.user('ana').id}"


def _labels(message) -> list[str]:  # type: ignore[no-untyped-def]
    return [
        button["label"] for row in message.components or [] for button in row.get("components", [])
    ]


async def _state(table: OfflineTable) -> SwadeState:
    encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
    assert encounter is not None
    return encounter.state


async def test_a_better_reroll_counts_with_the_same_modifiers_and_undo_returns_the_benny(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        await must(table, '@gm /combatant edit combatant:Ana statblock:"Heridas: 1"')
        # Notar d6: 2, wild 3 -> 3 -1 (wounds) +1 = 3, failure; offered the reroll.
        force(table, 2, 3)
        [roll, *_] = await must(table, "@ana /trait trait:Notar modifier:1")
        assert "→ **3** (VO 4) — fallo" in roll.text()
        assert _labels(roll) == [ES]
        # The reroll: d6 5, wild 2 -> 5 -1 +1 = 5: better, it counts.
        force(table, 5, 2)
        [reroll, *_] = await must(table, f'@ana press "{ES}"')
        text = reroll.text()
        assert "Ana repite Notar con un beni: 5 (antes, 3)." in text
        assert "Heridas -1, Situacional +1 (total +0)" in text
        assert "**d6: 5** · ~~🎲 d6: 2~~ → **5** (VO 4) — éxito" in text
        assert "La repetición no mejora" not in text
        assert _labels(reroll) == [ES]  # SW-35: a benny may reroll again
        assert (await _pools(table))[_ana(table)] == 2
        all_dice_used(table)
        [undone, *_] = await must(table, "@gm /undo")
        assert "Deshecho: repetir Notar de Ana." in undone.text()
        assert "El beni gastado vuelve a" in undone.text()
        assert (await _pools(table))[_ana(table)] == 3
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.last_trait is not None and ana.last_trait["hook"]["previous_total"] == 3


async def test_a_reroll_no_better_keeps_the_first_and_still_costs_a_benny(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 4, 2)  # Notar d6: 4, wild 2 -> 4
        await must(table, "@ana /trait trait:notar")
        force(table, 3, 4)  # reroll 4: a tie keeps the first (SW-35: only better counts)
        [reroll, *_] = await must(table, f'@ana press "{ES}"')
        text = reroll.text()
        assert "Ana repite Notar con un beni: 4 (antes, 4)." in text
        assert "La repetición no mejora: cuenta la primera tirada (4)." in text
        assert (await _pools(table))[_ana(table)] == 2
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.last_trait is not None and ana.last_trait["hook"]["previous_total"] == 4
        # SW-4: a critical failure on the reroll must be accepted, though worse.
        force(table, 1, 1)
        [crit, *_] = await must(table, f'@ana press "{ES}"')
        assert "Pifia en la repetición: hay que aceptarla." in crit.text()
        assert "La repetición no mejora" not in crit.text()
        assert _labels(crit) == []  # and it cannot be rerolled
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.last_trait is not None and ana.last_trait["hook"]["rerollable"] is False
        assert (await _pools(table))[_ana(table)] == 1
        all_dice_used(table)


async def test_a_critical_failure_offers_no_reroll(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        force(table, 1, 1)
        [roll, *_] = await must(table, "@ana /trait trait:Notar")
        assert "pifia" in roll.text().lower()
        assert _labels(roll) == []
        assert (await _pools(table))[_ana(table)] == 3
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.last_trait is not None and ana.last_trait["hook"]["rerollable"] is False
        all_dice_used(table)


def test_the_rules_refuse_a_critical_failure_and_an_earlier_roll() -> None:
    """SW-4 at the rules: a critical failure is refused (no dice rolled), and so is the
    button of a roll that is no longer the combatant's last."""
    from bot.dice.source import ForcedSource
    from bot.systems.swade.sheet_rolls import reroll_from_sheet, roll_from_sheet
    from bot.systems.swade.state import SwadeCombatant, Trait

    def ForcedDice(values: list[int]) -> ForcedSource:
        return ForcedSource(values, strict=True)

    ana = SwadeCombatant(
        id="c1", name="Ana", controller_id=7, wild_card=True, skills={"notice": Trait(die=6)}
    )
    state = SwadeState(combatants=[ana])
    me = Actor(user_id=7)
    dice = ForcedDice([1, 1])
    crit = roll_from_sheet(state, me, dice, combatant_id="c1", trait="Notar").state
    with pytest.raises(RuleError) as refused:
        reroll_from_sheet(crit, me, ForcedDice([]), combatant_id="c1", roll=1)
    assert refused.value.key == "swade.combat.error.critical_failure_no_reroll"
    first = roll_from_sheet(state, me, ForcedDice([4, 2]), combatant_id="c1", trait="Notar")
    second = roll_from_sheet(first.state, me, ForcedDice([3, 2]), combatant_id="c1", trait="fe")
    assert [o.data["roll"] for o in first.offers + second.offers] == [1, 2]
    with pytest.raises(RuleError) as stale:
        reroll_from_sheet(second.state, me, ForcedDice([]), combatant_id="c1", roll=1)
    assert stale.value.key == "swade.trait.error.reroll_stale"


async def test_no_benny_left_and_another_players_button_are_refused_in_english(
    tmp_path: Path,
) -> None:
    async with swade_table(tmp_path, locale="en") as table:
        await must(table, "@gm /bennies session-start")
        force(table, 2, 3)
        [roll, *_] = await must(table, "@ana /trait trait:Notice")
        assert "Ana rolls Notice." in roll.text() and _labels(roll) == [EN]
        [other] = await table.run(f'@bruno press "{EN}"')
        assert other.ephemeral and "not for you" in other.text()
        assert (await _pools(table))[_ana(table)] == 3
        force(table, 2, 2, 3, 1, 2, 4)  # three rerolls: 2, 3, 4 (each better)
        for _ in range(3):
            await must(table, f'@ana press "{EN}"')
        assert (await _pools(table))[_ana(table)] == 0
        [empty] = await table.run(f'@ana press "{EN}"')
        assert empty.ephemeral
        assert "has no bennies left. The GM can give more with `/bennies give`." in empty.text()
        assert (await _pools(table))[_ana(table)] == 0
        all_dice_used(table)  # nothing rolled for the refused press


async def test_english_reroll_better_and_not_better(tmp_path: Path) -> None:
    async with swade_table(tmp_path, locale="en") as table:
        await must(table, "@gm /bennies session-start")
        force(table, 2, 3)
        await must(table, '@ana /trait trait:Notice label:"the trap?"')
        force(table, 6, 1, 2)  # 6 aces +1 = 7 against 3: it counts
        [better, *_] = await must(table, f'@ana press "{EN}"')
        assert "Ana rolls Notice again with a benny" not in better.text()
        assert "Ana rerolls Notice with a benny — the trap?: 7 (before: 3)." in better.text()
        assert "→ **7** (TN 4) — success" in better.text()
        force(table, 2, 3)  # 3 against 7: the first stands
        [worse, *_] = await must(table, f'@ana press "{EN}"')
        assert "The reroll is no better: the first roll (7) stands." in worse.text()
        assert (await _pools(table))[_ana(table)] == 1
        [undone, *_] = await must(table, "@gm /undo")
        assert "Undone: reroll Ana's Notice." in undone.text()
        assert (await _pools(table))[_ana(table)] == 2
        all_dice_used(table)


async def test_the_gm_pays_from_a_wild_cards_own_pool_or_the_gms(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        before = await _pools(table)
        jefe = next(c for c in (await _state(table)).combatants if c.name == "Jefe orco")
        force(table, 2, 3)
        await must(table, '@gm /trait trait:Notar actor:"Jefe orco"')
        force(table, 5, 1)
        await must(table, f'@gm press "{ES}"')
        after = await _pools(table)
        assert after[f"wc:{jefe.id}"] == before[f"wc:{jefe.id}"] - 1
        assert after["gm"] == before["gm"]
        force(table, 2)  # a Goblin (Extra): Notar d6 2, no wild die
        await must(table, '@gm /trait trait:Notar actor:"Goblin 1"')
        force(table, 4)
        [reroll, *_] = await must(table, f'@gm press "{ES}"')
        assert "Goblin 1 repite Notar con un beni: 4 (antes, 2)." in reroll.text()
        final = await _pools(table)
        assert final["gm"] == before["gm"] - 1
        assert final[f"wc:{jefe.id}"] == after[f"wc:{jefe.id}"]
        all_dice_used(table)


async def test_refusals_in_spanish_and_a_critical_failure_in_english(tmp_path: Path) -> None:
    async with swade_table(tmp_path) as table:
        await must(table, "@gm /bennies session-start")
        for _ in range(3):
            await must(table, "@ana /bennies spend use:story combatant:Ana")
        assert (await _pools(table))[_ana(table)] == 0
        force(table, 2, 3)
        await must(table, "@ana /trait trait:Notar")
        [other] = await table.run(f'@bruno press "{ES}"')
        assert other.ephemeral and "Ese botón no es para ti." in other.text()
        [empty] = await table.run(f'@ana press "{ES}"')
        assert empty.ephemeral and "No quedan benis en la reserva de" in empty.text()
        assert "`/benis dar`" in empty.text()
        assert (await _pools(table))[_ana(table)] == 0
        all_dice_used(table)
    (tmp_path / "en").mkdir()
    async with swade_table(tmp_path / "en", locale="en") as table:
        await must(table, "@gm /bennies session-start")
        force(table, 1, 1)
        [roll, *_] = await must(table, "@ana /trait trait:Notice")
        assert "critical failure" in roll.text().lower() and _labels(roll) == []
        ana = next(c for c in (await _state(table)).combatants if c.name == "Ana")
        assert ana.last_trait is not None and ana.last_trait["hook"]["rerollable"] is False
        all_dice_used(table)
