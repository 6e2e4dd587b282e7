"""Issue 21, "Authority": an encounter touches the channel's benny session only when its
GM is the session's GM (``Session.shared_with``). Each test marked so failed before: a
plain member who started an encounter in a thread of the GM's channel got starting
bennies for the heroes they brought (SW-35), farmed Joker awards by dealing again and
again (SW-33), and their board showed the session's GM pool."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bennies import GM
from bot.play.table import CHANNEL_ID
from tests.bennies.helpers import key
from tests.bennies.test_threads import THREAD_ID, ThreadTable
from tests.hostile.test_bounds import SWADE


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[ThreadTable]:
    async with ThreadTable(db_path=tmp_path / "farming.sqlite3", seed=2) as t:
        t.user("gm")  # the first user: Manage Server
        yield t


async def must(tables: ThreadTable, line: str) -> list[str]:
    sent = await tables.run(line)
    assert sent and not any(m.ephemeral for m in sent), (line, [m.text() for m in sent])
    return [m.text() for m in sent]


async def gm_session(tables: ThreadTable) -> None:
    """The GM's fight in the channel, with Ana's hero, and an open session."""
    await must(tables, "@gm /encounter start name:Pelea")
    await tables.run(f'@ana /character save name:Ana statblock:"{SWADE}"')
    await must(tables, "@ana /join character:Ana")
    await must(tables, "@gm /bennies session-start")


async def pools(tables: ThreadTable) -> dict[str, int]:
    return await tables.bot.bennies.pools(CHANNEL_ID)


async def member_thread(tables: ThreadTable) -> None:
    """Mallory, a plain member, runs a fight in a thread of the GM's channel. Her
    ``/bennies show`` links the thread to its parent's session (in Discord the gateway
    cache knows the thread's parent from the start; the offline table does not)."""
    tables.thread()
    await must(tables, "@mallory /encounter start name:Granja")
    await must(tables, "@mallory /bennies show")


async def test_a_player_joining_a_members_thread_gets_no_starting_bennies(
    tables: ThreadTable,
) -> None:
    """Failed before: Bea got her 3 from the GM's session."""
    await gm_session(tables)
    before = await pools(tables)
    await member_thread(tables)
    await tables.run(f'@bea /character save name:Bea statblock:"{SWADE}"')
    said = await must(tables, "@bea /join character:Bea")
    assert await pools(tables) == before
    assert key(tables, "bea") not in await pools(tables)
    assert any("no lo dirige el DJ de la sesión" in text for text in said), said


async def test_heroes_a_member_adds_bring_no_starting_bennies(tables: ThreadTable) -> None:
    """Failed before: each hero Mallory added gave its controller (Mallory herself, or
    Bea) 3 bennies from the GM's session; /bennies show in the thread did too."""
    await gm_session(tables)
    before = await pools(tables)
    await member_thread(tables)
    said = await must(
        tables, f'@mallory /combatant add name:Yo statblock:"{SWADE}" controller:@mallory'
    )
    # Issue 27: nor may she give a hero to Bea (whom its turns would ping).
    [refused] = await tables.run(
        f'@mallory /combatant add name:Amiga statblock:"{SWADE}" controller:@bea'
    )
    assert refused.ephemeral and "Solo un DJ del servidor" in refused.text()
    await must(tables, "@mallory /bennies show")
    assert await pools(tables) == before
    history = await tables.bot.bennies.history(CHANNEL_ID)
    assert not [e for e in history if e.reason == "session_join"]
    assert any("no lo dirige el DJ de la sesión" in text for text in said), said


async def test_a_member_cannot_farm_joker_bennies_in_a_thread(tables: ThreadTable) -> None:
    """SW-33 Jokers only through the session's GM. Failed before: every Joker Mallory
    dealt in her thread gave Ana (and Mallory's hero's player) a benny."""
    await gm_session(tables)
    await member_thread(tables)
    await must(tables, f'@mallory /combatant add name:Yo statblock:"{SWADE}" controller:@mallory')
    before = await pools(tables)
    await must(tables, "@mallory /deal")
    replies = [
        await must(tables, "@mallory /initiative set combatant:Yo card:JOKER-R") for _ in range(3)
    ]
    await tables.settle()
    await must(tables, "@mallory /bennies show")
    assert await pools(tables) == before
    history = await tables.bot.bennies.history(CHANNEL_ID)
    assert not [e for e in history if e.reason == "joker"]
    for said in replies:
        assert any("nadie recibe benis por él" in text for text in said), said
        assert not any("cada jugador recibe un beni" in text for text in said), said


async def test_a_members_board_does_not_show_the_sessions_pools(tables: ThreadTable) -> None:
    """Failed before: the board of Mallory's thread showed the GM pool of the session."""
    await gm_session(tables)
    await member_thread(tables)
    encounter = await tables.bot.encounters.get(THREAD_ID)
    assert encounter is not None
    board = await tables.bot.boards.context(encounter)
    assert GM not in board.pools and key(tables, "ana") not in board.pools
    # /bennies show is the session's own view: it still shows them, and who runs it.
    said = await must(tables, "@mallory /bennies show")
    assert any("DJ" in text for text in said), said


async def test_the_session_gms_fight_in_a_thread_still_gives_jokers_and_starting_bennies(
    tables: ThreadTable,
) -> None:
    """The control: the server GM's own fight in a thread shares the session."""
    await gm_session(tables)
    tables.thread()
    await must(tables, "@gm /encounter start name:Hilo")
    await must(tables, "@gm /bennies show")  # links the thread (see member_thread)
    await tables.run(f'@bea /character save name:Bea statblock:"{SWADE}"')
    await must(tables, "@bea /join character:Bea")
    assert (await pools(tables))[key(tables, "bea")] == 3
    await must(tables, "@gm /deal")
    said = await must(tables, "@gm /initiative set combatant:Bea card:JOKER-R")
    assert any("cada jugador recibe un beni" in text for text in said), said
    after = await pools(tables)
    assert (after[key(tables, "ana")], after[key(tables, "bea")]) == (4, 4)
    encounter = await tables.bot.encounters.get(THREAD_ID)
    assert encounter is not None
    assert GM in (await tables.bot.boards.context(encounter)).pools


async def test_a_member_handed_the_session_runs_it_in_their_thread(
    tables: ThreadTable,
) -> None:
    """Whom the GM hands the session to is its GM: their fight shares it."""
    await gm_session(tables)
    await must(tables, "@gm /bennies session-gm member:@dana")
    tables.thread()
    await must(tables, "@dana /encounter start name:Hilo")
    await must(tables, "@dana /bennies show")  # links the thread (see member_thread)
    await tables.run(f'@bea /character save name:Bea statblock:"{SWADE}"')
    await must(tables, "@bea /join character:Bea")
    assert (await pools(tables))[key(tables, "bea")] == 3


async def test_an_import_by_a_member_cannot_claim_a_server_gms_standing(
    tables: ThreadTable, tmp_path: Path
) -> None:
    """The file's ``gm_server`` is never read: the importer's standing is."""
    await gm_session(tables)
    tables.thread()
    await must(tables, "@gm /encounter start name:Hilo")
    encounter = await tables.bot.encounters.get(THREAD_ID)
    assert encounter is not None and encounter.gm_server
    await must(tables, "@gm /encounter end")
    path = tmp_path / "hilo.json"
    path.write_text(encounter.model_dump_json(), encoding="utf-8")
    sent = await tables.run(f"@mallory /encounter import file:{path}")
    assert sent and not sent[0].ephemeral, [m.text() for m in sent]
    imported = await tables.bot.encounters.get(THREAD_ID)
    assert imported is not None and not imported.gm_server
    assert imported.gm_id == tables.user("mallory").id
