"""SW-33: a player character's Joker gives every player a benny, automatically (the
ledger reads the deal's ``swade.joker.award`` from the encounter log, once); with the
villain-Joker setting a foe's Joker gives the GM one and each GM Wild Card one."""

from __future__ import annotations

from typing import Any

from bot.bennies import GM
from bot.play.table import OfflineTable
from bot.systems.base import Outcome
from bot.systems.encounter import Encounter
from bot.systems.swade import turns
from tests.bennies.helpers import (
    extra,
    find,
    hero,
    key,
    pools,
    put,
    run_rules,
    start_encounter,
    villain,
)


async def table_with_session(table: OfflineTable) -> None:
    await start_encounter(table)
    await put(
        table,
        hero("c1", "Ana", table.user("ana").id),
        hero("c2", "Bruno", table.user("bob").id),
        extra("c3", "Goblin"),
        villain("c4", "Jefe"),
    )
    await table.run("@gm /bennies session-start")


async def deal(table: OfflineTable, **cards: str) -> None:
    await run_rules(table, lambda s, a, d: turns.deal(s, a, d, cards=cards))


async def ledger_pools(table: OfflineTable) -> dict[str, int]:
    """The ledger's rows as they are, without collecting awards first."""
    return await table.bot.bennies.pools(table.channel_id)


async def test_a_heros_joker_gives_every_player_a_benny_when_the_board_refreshes(
    table: OfflineTable,
) -> None:
    await table_with_session(table)
    await deal(table, c1="JOKER-R", c2="9S", c3="KS", c4="QS")
    table.bot.boards.request(table.channel_id)
    await table.settle()
    after = await ledger_pools(table)
    assert (after[key(table, "ana")], after[key(table, "bob")]) == (4, 4)
    assert after[GM] == 2  # the GM gets none for a hero's Joker


async def test_a_joker_is_awarded_once_however_often_the_pools_are_read(
    table: OfflineTable,
) -> None:
    await table_with_session(table)
    await deal(table, c1="JOKER-R", c2="9S", c3="KS", c4="QS")
    for _ in range(3):
        await pools(table)
    await table.run("@ana /bennies show")
    assert (await ledger_pools(table))[key(table, "ana")] == 4
    jokers = [e for e in await table.bot.bennies.history(table.channel_id) if e.reason == "joker"]
    assert sorted(e.holder for e in jokers) == sorted([key(table, "ana"), key(table, "bob")])
    assert all(e.note == "Ana" for e in jokers)


async def test_a_joker_dealt_before_the_session_gives_nothing(table: OfflineTable) -> None:
    await start_encounter(table)
    await put(table, hero("c1", "Ana", table.user("ana").id), extra("c3", "Goblin"))
    await deal(table, c1="JOKER-R", c3="KS")
    await table.run("@gm /bennies session-start")
    assert (await pools(table))[key(table, "ana")] == 3


async def test_a_foes_joker_gives_nothing_without_the_setting(table: OfflineTable) -> None:
    await table_with_session(table)
    await deal(table, c1="9S", c2="8S", c3="JOKER-R", c4="QS")
    after = await pools(table)
    assert (after[key(table, "ana")], after[GM], after["wc:c4"]) == (3, 2, 2)


async def test_with_the_setting_a_foes_joker_gives_the_gm_and_its_wild_cards_one(
    table: OfflineTable,
) -> None:
    await table_with_session(table)

    def villain_jokers(encounter: Encounter, dice: Any) -> Outcome:
        state = encounter.state.model_copy(deep=True)
        state.settings.villain_jokers = True  # type: ignore[union-attr]
        return Outcome(state=state)

    await table.bot.encounters.act(
        table.channel_id, table.user("gm").id, villain_jokers, kind="test.settings"
    )
    await deal(table, c1="9S", c2="8S", c3="JOKER-R", c4="QS")
    after = await pools(table)
    assert after[GM] == 3
    assert (await find(table, "Jefe")).bennies == 3
    assert after[key(table, "ana")] == 3
