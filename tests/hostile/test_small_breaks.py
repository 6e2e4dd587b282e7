"""Issue 28, the smaller breaks, each as the member typed it (the power names and the
``/power define`` refusal are in ``test_power_defs.py``):

- ``/bennies spend use:story`` could be undone though the README says it cannot, and
  the undo said "Deshecho: bennies.story." (a raw key);
- ``/bennies session-gm`` with a member the bot could not resolve raised AttributeError
  (the internal error, with a code);
- a Joker dealt in a thread's fight said "no bennies session is running" while the
  parent channel's session was open (until some /bennies command had linked the thread).
  A thread uses its parent's session from its first command (README "Bennies"): the
  session GM's fight there gives the Joker's bennies, a plain member's says the session
  is not theirs, naming its GM (issue 21)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.table import CHANNEL_ID
from tests.bennies.helpers import key
from tests.bennies.test_threads import ThreadTable
from tests.hostile.test_benny_farming import gm_session, pools
from tests.hostile.test_bounds import SWADE
from tests.table.swade.encounter_helpers import must


@pytest.fixture
async def tables(database: str | Path, tmp_path: Path) -> AsyncIterator[ThreadTable]:
    url = database if isinstance(database, str) else None
    async with ThreadTable(db_path=tmp_path / "s.sqlite3", seed=2, database_url=url) as t:
        t.user("gm")
        yield t


gm_fight = gm_session


async def test_a_story_benny_is_not_undone(tables: ThreadTable) -> None:
    await gm_fight(tables)
    await must(tables, '@gm /combatant add name:Goblin statblock:"Parada: 5"')
    await must(tables, '@ana /bennies spend use:story combatant:Ana note:"abre la puerta"')
    assert (await pools(tables))[key(tables, "ana")] == 2
    said = [m.text() for m in await tables.run("@gm /undo")]
    assert said[0].startswith("Deshecho: añadir a Goblin") or "Goblin" in said[0], said
    assert not any("bennies.story" in text or "vuelve" in text for text in said), said
    assert (await pools(tables))[key(tables, "ana")] == 2  # still spent
    history = await tables.bot.bennies.history(CHANNEL_ID)
    assert [e.reason for e in history][-1] == "spend.story"


async def test_a_story_benny_without_a_combatant_is_not_undone_either(tables: ThreadTable) -> None:
    await gm_fight(tables)
    await must(tables, '@ana /bennies spend use:story note:"abre la puerta"')
    said = [m.text() for m in await tables.run("@gm /undo")]
    assert not any("vuelve" in text for text in said), said
    assert (await pools(tables))[key(tables, "ana")] == 2


async def test_session_gm_with_a_member_discord_did_not_resolve_is_refused(
    tables: ThreadTable,
) -> None:
    await gm_fight(tables)
    [reply] = await tables.run_raw("gm", ["bennies", "session-gm"], {"member": "123456789"})
    assert reply.ephemeral and "No encuentro a ese miembro" in reply.text(), reply.text()
    session = await tables.bot.bennies.session(CHANNEL_ID)
    assert session is not None and session.gm_id == tables.user("gm").id


async def test_the_session_gms_joker_in_a_thread_gives_bennies_at_once(
    tables: ThreadTable,
) -> None:
    """No /bennies command in the thread first: its first command links it."""
    await gm_fight(tables)
    tables.thread()
    await must(tables, "@gm /encounter start name:Hilo")
    await tables.run(f'@bea /character save name:Bea statblock:"{SWADE}"')
    await must(tables, "@bea /join character:Bea")
    await must(tables, "@gm /deal")
    said = [m.text() for m in await must(tables, "@gm /initiative set combatant:Bea card:JOKER-R")]
    assert not any("no hay ninguna sesión" in text.lower() for text in said), said
    assert any("cada jugador recibe un beni" in text for text in said), said
    after = await pools(tables)
    assert (after[key(tables, "ana")], after[key(tables, "bea")]) == (4, 4)


async def test_a_members_joker_in_a_thread_names_the_sessions_gm(tables: ThreadTable) -> None:
    await gm_fight(tables)
    before = await pools(tables)
    tables.thread()
    await must(tables, "@mallory /encounter start name:Granja")
    await must(tables, f'@mallory /combatant add name:Yo statblock:"{SWADE}" controller:@mallory')
    await must(tables, "@mallory /deal")
    said = [
        m.text() for m in await must(tables, "@mallory /initiative set combatant:Yo card:JOKER-R")
    ]
    assert any("nadie recibe benis por él" in text for text in said), said
    assert not any("no hay ninguna sesión" in text.lower() for text in said), said
    assert await pools(tables) == before


async def test_a_gm_wild_cards_own_pool_stays_within_its_bound(tables: ThreadTable) -> None:
    """Found with issue 28's gate: /bennies give to a GM Wild Card, again and again, took
    its own pool (kept in the state) past 99, a state no import accepts."""
    await gm_fight(tables)
    await must(tables, f'@gm /combatant add name:Jefe wildcard:true statblock:"{SWADE}"')
    for _ in range(9):
        await must(tables, "@gm /bennies give combatant:Jefe count:10")
    encounter = await tables.bot.encounters.get(CHANNEL_ID)
    assert encounter is not None
    [jefe] = [c for c in encounter.state.combatants if c.name == "Jefe"]
    [reply] = await tables.run("@gm /bennies give combatant:Jefe count:10")
    assert reply.ephemeral and f"ya tiene {jefe.bennies} benis propios" in reply.text(), (
        reply.text()
    )
    assert "de 99" in reply.text()
