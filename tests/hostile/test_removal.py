"""Issue 21, state integrity: removing a combatant clears every reference to it, in the
three systems (``bot.systems.<system>.references``), so what is left is a state the
import check accepts (``bot.systems.integrity``)."""

from __future__ import annotations

from pathlib import Path

from bot.systems.ds20 import remove_combatant as ds20_remove
from bot.systems.ds20.state import PendingAttack
from bot.systems.encounter import Encounter
from bot.systems.integrity import first_problem
from bot.systems.ritualhex import remove_combatant as rh_remove
from bot.systems.ritualhex.state import MultiAttack, RitualHexState
from tests.systems.ds20.helpers import GM as DS_GM
from tests.systems.ds20.helpers import two
from tests.systems.ritualhex.helpers import GM as RH_GM
from tests.systems.ritualhex.helpers import GOBLIN, RED_HAGGAR, add, by_name
from tests.table.swade.test_combat_setup import combat_table, force, has, must, named, state


def _valid(system_state: object) -> None:
    encounter = Encounter(channel_id=1, guild_id=1, gm_id=1, state=system_state)  # type: ignore[arg-type]
    assert first_problem(encounter) is None


async def test_removing_a_grappler_frees_its_bound_victim(tmp_path: Path) -> None:
    """SW-19: Ana binds Goblin 1 (a raise), then leaves the fight. Before issue 21 the
    goblin stayed Bound for ever and its escape said "There is no combatant called c1"."""
    async with combat_table(tmp_path) as table:
        force(table, 7, 1, 2)  # 7 against 2: a raise, Bound
        await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        assert has(await named(table, "Goblin 1"), "bound")
        await must(table, "@gm /combatant remove combatant:Ana")
        goblin = await named(table, "Goblin 1")
        assert goblin.grappled_by is None
        assert not has(goblin, "bound") and not has(goblin, "entangled")
        [reply] = await table.run('@gm /grapple escape actor:"Goblin 1"')
        assert reply.ephemeral and "no hay ningún combatiente" not in reply.text().lower()
        assert "c1" not in reply.text()
        _valid(await state(table))


async def test_removing_the_victim_frees_the_grappler(tmp_path: Path) -> None:
    async with combat_table(tmp_path) as table:
        force(table, 6, 1, 3)  # Entangled
        await must(table, '@ana /grapple start target:"Goblin 1" actor:Ana')
        await must(table, '@gm /combatant remove combatant:"Goblin 1"')
        assert (await named(table, "Ana")).grappling is None
        _valid(await state(table))


def test_ds20_removal_clears_the_pending_attack_grapples_and_order() -> None:
    state = two(ana_controller=1 << 60)  # a Discord id: the import gate checks it (issue 27)
    state.combatants[0].grappling, state.combatants[1].grappled_by = "c2", "c1"
    state.turn_order, state.current = ["c2", "c1"], 0
    state.pending = PendingAttack(
        maneuver="attack", attacker_id="c2", target_id="c1", weapon="Puños", kind="pelea", margin=3
    )
    after = ds20_remove(state, DS_GM, "c2").state
    assert after.pending is None
    assert after.combatants[0].grappling is None
    assert after.turn_order == ["c1"] and after.current == -1
    _valid(after)


def test_ritualhex_removal_ends_the_removed_ones_multi_attack() -> None:
    state = add(add(RitualHexState(), RED_HAGGAR), GOBLIN, kind="minion")
    haggar = by_name(state, "Red Haggar")
    state.phase = "round"
    state.acting = [haggar.id]
    state.multi_attack = MultiAttack(actor=haggar.id, left=1, made=1)
    after = rh_remove(state, RH_GM, combatant_id=haggar.id).state
    assert after.multi_attack is None
    assert haggar.id not in after.acting and haggar.id not in after.awaiting
    _valid(after)
