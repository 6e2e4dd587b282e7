"""Issue 21, "Authority": the benny session belongs to the channel's GM (Manage Server,
the server's GM role, or whom the session's GM hands it to), not to whoever starts an
encounter. Each test here failed before: a member who started an encounter in a thread
of the GM's channel, or in the channel once the fight was over, gave themselves
bennies, spent the GM's pool and ended the session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bennies import GM
from bot.play.table import CHANNEL_ID
from tests.bennies.helpers import extra, hero, key, put, start_encounter
from tests.bennies.test_threads import ThreadTable


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[ThreadTable]:
    async with ThreadTable(db_path=tmp_path / "authority.sqlite3", seed=1) as t:
        t.user("gm")  # the first user: Manage Server
        yield t


async def gm_session(tables: ThreadTable) -> None:
    """The GM's fight in the channel, with Ana's hero, and an open session."""
    await start_encounter(tables)
    await put(tables, hero("c1", "Ana", tables.user("ana").id))
    await tables.run("@gm /bennies session-start")


async def pools(tables: ThreadTable) -> dict[str, int]:
    return await tables.bot.bennies.pools(CHANNEL_ID)


async def refused(tables: ThreadTable, line: str, *words: str) -> str:
    sent = await tables.run(line)
    assert len(sent) == 1 and sent[0].ephemeral, [m.text() for m in sent]
    text = sent[0].text()
    for word in words:
        assert word in text, text
    return text


async def test_a_member_gm_of_a_thread_cannot_give_themselves_bennies(
    tables: ThreadTable,
) -> None:
    await gm_session(tables)
    before = await pools(tables)
    tables.thread()
    await tables.run("@mallory /encounter start name:Trampa")
    await refused(tables, "@mallory /bennies give player:@mallory count:10", "/benis dj-sesión")
    await refused(tables, "@mallory /bennies give gm:true count:10", "/benis dj-sesión")
    assert await pools(tables) == before


async def test_a_member_gm_of_a_thread_cannot_spend_the_gm_pool(tables: ThreadTable) -> None:
    await gm_session(tables)
    gm_pool = (await pools(tables))[GM]
    tables.thread()
    await tables.run("@mallory /encounter start name:Trampa")
    await put(tables, extra("c1", "Goblin"))
    await refused(tables, "@mallory /bennies spend use:story")  # their own pool: empty
    await refused(tables, "@mallory /bennies spend use:card combatant:Goblin", "/benis dj-sesión")
    assert (await pools(tables))[GM] == gm_pool


async def test_a_member_gm_of_a_thread_cannot_end_the_session(tables: ThreadTable) -> None:
    await gm_session(tables)
    tables.thread()
    await tables.run("@mallory /encounter start name:Trampa")
    await refused(tables, "@mallory /bennies session-end", "/benis dj-sesión")
    assert await tables.bot.bennies.session(CHANNEL_ID) is not None


async def test_a_member_starting_the_next_fight_in_the_channel_gets_no_session(
    tables: ThreadTable,
) -> None:
    await gm_session(tables)
    await tables.run("@gm /encounter end")
    await tables.run("@mallory /encounter start name:Revancha")
    before = await pools(tables)
    await refused(tables, "@mallory /bennies give player:@mallory count:10", "/benis dj-sesión")
    await refused(tables, "@mallory /bennies session-end", "/benis dj-sesión")
    assert await pools(tables) == before
    assert await tables.bot.bennies.session(CHANNEL_ID) is not None


async def test_a_member_who_runs_an_encounter_cannot_open_a_session(
    tables: ThreadTable,
) -> None:
    tables.thread()
    await tables.run("@gm /encounter start")
    await tables.run("@gm /encounter end")
    await tables.run("@mallory /encounter start name:Trampa")
    await refused(tables, "@mallory /bennies session-start", "/servidor rol-dj")
    assert await tables.bot.bennies.session(CHANNEL_ID) is None


async def test_the_gm_hands_the_session_over_and_loses_it(tables: ThreadTable) -> None:
    await gm_session(tables)
    sent = await tables.run("@gm /bennies session-gm member:@dana")
    assert not sent[0].ephemeral
    sent = await tables.run("@dana /bennies give player:@ana count:2")
    assert not sent[0].ephemeral
    assert (await pools(tables))[key(tables, "ana")] == 5
    # Ana (a player) cannot take it; the server GM (Manage Server) still can act.
    await refused(tables, "@ana /bennies session-gm member:@ana", "/benis dj-sesión")
    sent = await tables.run("@gm /bennies give player:@ana")
    assert not sent[0].ephemeral
    sent = await tables.run("@dana /bennies session-end")
    assert not sent[0].ephemeral
    assert await tables.bot.bennies.session(CHANNEL_ID) is None


async def test_a_session_handed_to_a_plain_member_is_theirs_alone(tables: ThreadTable) -> None:
    await gm_session(tables)
    await tables.run("@gm /bennies session-gm member:@dana")
    sent = await tables.run("@dana /bennies session-gm member:@erin")
    assert not sent[0].ephemeral
    await refused(tables, "@dana /bennies give player:@dana", "/benis dj-sesión")
    sent = await tables.run("@erin /bennies give player:@erin")
    assert not sent[0].ephemeral


async def test_the_server_gm_role_runs_every_session(tables: ThreadTable) -> None:
    """A member with the server's GM role (/server gm-role) is GM of every session."""
    await gm_session(tables)
    async with tables.bot.db.transaction() as conn:  # what /server gm-role saves
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, gm_role_id) VALUES (?, ?)",
            (tables.guild_id, 4242),
        )
    tables.thread()
    roled = tables.user("rolo")
    original = tables._base_payload

    def with_role(user, kind, data):  # type: ignore[no-untyped-def]
        payload = original(user, kind, data)
        if user.id == roled.id:
            payload["member"]["roles"] = ["4242"]
        return payload

    tables._base_payload = with_role  # type: ignore[method-assign]
    sent = await tables.run("@rolo /bennies give player:@ana")
    assert not sent[0].ephemeral
    assert (await pools(tables))[key(tables, "ana")] == 4
