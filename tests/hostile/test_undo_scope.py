"""Issue 28: ``/undo`` reverses only what its own encounter did. Benny history rows were
tied to an action by (session, channel, the encounter's ``seq``), and ``seq`` starts
again at 0 with each encounter: after the GM's fight ended, a plain member who started
an encounter in the same channel, toggled Prone five times and undid ten times gave the
players back the bennies they had spent in the GM's fight (ana 1 → 3), or took back the
Joker bennies it had dealt (ana 7 → 3, bruno 7 → 3). On both engines; each test failed
before. Now every row carries its encounter's stable id (``encounter_ids``)."""

from __future__ import annotations

import pytest

from bot.play.table import OfflineTable
from tests.bennies.helpers import key
from tests.hostile.test_bounds import SWADE
from tests.table.swade.encounter_helpers import GOBLIN, must


@pytest.fixture
def table(engine_table: OfflineTable) -> OfflineTable:
    """The offline table on each engine; the GM (Manage Server) types first."""
    return engine_table


async def pools(table: OfflineTable) -> dict[str, int]:
    return await table.bot.bennies.pools(table.channel_id)


async def gm_fight(table: OfflineTable, *, session: bool = True) -> None:
    """The GM's fight: Ana's and Bruno's heroes against a Goblin, in a session the GM
    opened (each player 3 bennies); the Goblin's card comes first."""
    await must(table, "@gm /encounter start name:Pelea")
    for user, name in (("ana", "Ana"), ("bruno", "Bruno")):
        await table.run(f'@{user} /character save name:{name} statblock:"{SWADE}"')
        await must(table, f"@{user} /join character:{name}")
    await must(table, f'@gm /combatant add name:Goblin statblock:"{GOBLIN}"')
    if session:
        await must(table, "@gm /bennies session-start")
    await must(table, "@gm /initiative set combatant:Goblin card:AS")
    await must(table, "@gm /initiative set combatant:Ana card:2C")
    await must(table, "@gm /initiative set combatant:Bruno card:2D")
    await must(table, "@gm /deal")


async def members_encounter_then_undo(table: OfflineTable) -> list[str]:
    """Mallory, a plain member, starts an encounter in the same channel, toggles Prone on
    her combatant five times and undoes ten times; what the undos said."""
    await must(table, "@mallory /encounter start name:Granja")
    await must(table, f'@mallory /combatant add name:Yo statblock:"{SWADE}"')
    for _ in range(5):
        await must(table, "@mallory /condition add combatant:Yo condition:prone")
        await must(table, "@mallory /condition remove combatant:Yo condition:prone")
    said: list[str] = []
    for _ in range(10):
        said += [m.text() for m in await table.run("@mallory /undo")]
    return said


async def test_a_later_encounters_undo_gives_back_no_earlier_spend(table: OfflineTable) -> None:
    await gm_fight(table)
    for _ in range(2):  # SW-31: Ana draws a new card twice (her turn has not come)
        await must(table, "@ana /bennies spend use:card combatant:Ana")
    assert (await pools(table))[key(table, "ana")] == 1
    await must(table, "@gm /encounter end")
    said = await members_encounter_then_undo(table)
    assert (await pools(table))[key(table, "ana")] == 1, said
    assert not any("vuelve" in text for text in said), said
    history = await table.bot.bennies.history(table.channel_id)
    assert not [e for e in history if e.reason.startswith("undo.")]


async def test_a_later_encounters_undo_takes_back_no_earlier_joker(table: OfflineTable) -> None:
    await gm_fight(table)
    for _ in range(4):  # SW-33: four Jokers for the heroes, a benny each to every player
        await must(table, "@gm /initiative set combatant:Ana card:JOKER-R")
    await table.settle()
    assert [(await pools(table))[key(table, who)] for who in ("ana", "bruno")] == [7, 7]
    await must(table, "@gm /encounter end")
    said = await members_encounter_then_undo(table)
    assert [(await pools(table))[key(table, who)] for who in ("ana", "bruno")] == [7, 7], said
    history = await table.bot.bennies.history(table.channel_id)
    assert not [e for e in history if e.reason.startswith("undo.")]


async def test_an_encounters_own_undo_still_gives_its_benny_back(table: OfflineTable) -> None:
    """The control: in the encounter that spent it, /undo still gives it back (SW-38),
    after an earlier encounter in the channel spent bennies at the same ``seq``."""
    await gm_fight(table)
    await must(table, "@ana /bennies spend use:card combatant:Ana")
    await must(table, "@gm /encounter end")
    await gm_fight(table, session=False)  # the same commands again: the same seqs
    await must(table, "@ana /bennies spend use:card combatant:Ana")
    assert (await pools(table))[key(table, "ana")] == 1  # 3, less one per fight
    [reply, *_] = await table.run("@gm /undo")
    assert "vuelve a <@" in reply.text() and "(ahora 2)" in reply.text(), reply.text()
    assert (await pools(table))[key(table, "ana")] == 2
    history = await table.bot.bennies.history(table.channel_id)
    assert [e.reason for e in history].count("undo.spend") == 1
