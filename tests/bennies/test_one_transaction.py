"""Bennies as a service below the cogs (issue 22): a benny and the action it concerns are
one transaction. A spend the rules refuse spends nothing, and a crash between the action
and the bennies ledger (here: the process dying after its first commit, every later
write failing) cannot leave one without the other. Nothing reads the bennies tables
after a command whose events do not concern bennies (a Ritual Hex or Dread S-20 action)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from bot.bennies.holders import wc_key
from bot.play.table import OfflineTable
from bot.storage.db import Database
from tests.bennies.helpers import extra, find, hero, key, pools, put, start_encounter, villain
from tests.table.test_names import setup


class Crash(Exception):
    """The process died here."""


@contextmanager
def patched(db: Database, **methods: Any) -> Iterator[None]:
    """``db``'s methods replaced by these (on the instance) for the block."""
    for name, method in methods.items():
        setattr(db, name, method)
    try:
        yield
    finally:
        for name in methods:
            delattr(db, name)


@contextmanager
def crash_after_the_action(db: Database) -> Iterator[list[int]]:
    """The process dies right after its first encounter action commits (an action is a
    ``Database.write``): every write after it fails, nothing more reaches the database.
    Yields the count of actions committed."""
    commits = [0]
    real_write, real_transaction = db.write, db.transaction

    async def write(work: Any) -> Any:
        if commits[0]:
            raise Crash
        done = await real_write(work)
        commits[0] += 1
        return done

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        if commits[0]:
            raise Crash
        async with real_transaction() as tx:
            yield tx

    with patched(db, write=write, transaction=transaction):
        yield commits


async def history_of(table: OfflineTable, holder: str) -> list[tuple[int, str]]:
    rows = await table.bot.bennies.history(table.channel_id, limit=100)
    return [(e.delta, e.reason) for e in rows if e.holder == holder]


async def fight(table: OfflineTable) -> None:
    """Ana's hero, a Goblin and the GM's Jefe (1 benny of its own), in an open session."""
    await start_encounter(table)
    await put(
        table,
        hero("c1", "Ana", table.user("ana").id),
        extra("c3", "Goblin"),
        villain("c4", "Jefe", bennies=1, shaken=True),
    )
    await table.run("@gm /bennies session-start")


# --- a crash between the action and the ledger ------------------------------------------------


async def test_a_gm_wild_cards_own_benny_and_its_history_row_are_one_commit(
    table: OfflineTable,
) -> None:
    """SW-35: Jefe pays from its own pool (in the encounter state). The state and the
    ledger's history row commit together: after a crash both or neither."""
    await fight(table)
    wild = wc_key("c4")
    assert (await find(table, "Jefe")).bennies == 1 and await history_of(table, wild) == [
        (1, "session_start")
    ]
    with crash_after_the_action(table.bot.db) as commits:
        await table.run("@gm /bennies spend use:unshake combatant:Jefe")
    assert commits == [1]
    jefe = await find(table, "Jefe")
    spends = [row for row in await history_of(table, wild) if row[0] < 0]
    assert (jefe.bennies, jefe.shaken, spends) == (0, False, [(-1, "spend.unshake")])


async def test_bennies_given_to_a_gm_wild_card_and_their_history_row_are_one_commit(
    table: OfflineTable,
) -> None:
    await fight(table)
    with crash_after_the_action(table.bot.db):
        await table.run('@gm /bennies give combatant:Jefe count:2 reason:"buen golpe"')
    assert (await find(table, "Jefe")).bennies == 3
    assert (2, "give") in await history_of(table, wc_key("c4"))


async def test_a_gm_wild_cards_session_pool_and_its_history_row_are_one_commit(
    table: OfflineTable,
) -> None:
    """A GM Wild Card arriving in a running session gets its own pool (default 2) with a
    history row: the pool never without the row that says where it came from."""
    await fight(table)
    await put(table, villain("c8", "Ogro"))
    with crash_after_the_action(table.bot.db):
        await table.run("@gm /bennies show")
    ogro = await find(table, "Ogro")
    given = sum(delta for delta, _ in await history_of(table, wc_key("c8")))
    assert (ogro.bennies, given) in {(0, 0), (2, 2)}
    await table.run("@gm /bennies show")  # and afterwards it has it, once
    assert (await find(table, "Ogro")).bennies == 2
    assert await history_of(table, wc_key("c8")) == [(2, "session_start")]


async def test_a_players_benny_and_the_reroll_it_pays_are_one_commit(table: OfflineTable) -> None:
    """(Right before issue 22 phase C too, since the ledger spent in the action's
    transaction; kept so a change cannot lose it.)"""
    await fight(table)
    await put(table, hero("c5", "Eva", table.user("ana").id, shaken=True))
    with crash_after_the_action(table.bot.db):
        await table.run("@ana /bennies spend use:unshake combatant:Eva")
    eva = await find(table, "Eva")
    spent = [row for row in await history_of(table, key(table, "ana")) if row[0] < 0]
    assert (eva.shaken, (await pools(table))[key(table, "ana")], spent) == (
        False,
        2,
        [(-1, "spend.unshake")],
    )


async def test_an_undo_and_the_benny_it_gives_back_are_one_commit(table: OfflineTable) -> None:
    """SW-38: /undo of an action paid with a benny gives it back. A crash right after
    the undo commits cannot restore the state and keep the benny spent."""
    await fight(table)
    await put(table, hero("c5", "Eva", table.user("ana").id, shaken=True))
    await table.run("@ana /bennies spend use:unshake combatant:Eva")
    assert (await pools(table))[key(table, "ana")] == 2
    with crash_after_the_action(table.bot.db) as commits:
        sent = await table.run("@gm /undo")
    assert commits == [1] and not sent[0].ephemeral
    assert "El beni gastado vuelve a" in sent[0].text(), sent[0].text()
    eva = await find(table, "Eva")
    assert (eva.shaken, (await pools(table))[key(table, "ana")]) == (True, 3)
    assert (1, "undo.spend") in await history_of(table, key(table, "ana"))


# --- a spend the rules refuse -------------------------------------------------------------------


async def test_a_spend_the_rules_refuse_spends_nothing_from_a_wild_cards_own_pool(
    table: OfflineTable,
) -> None:
    """/react unshake (a move with a benny Cost) for a Wild Card that is not Shaken."""
    await fight(table)
    await table.run("@gm /bennies spend use:unshake combatant:Jefe")  # its own benny
    await table.run("@gm /bennies give combatant:Jefe")
    before = await history_of(table, wc_key("c4"))
    sent = await table.run("@gm /react unshake actor:Jefe")
    assert sent[0].ephemeral
    assert (await find(table, "Jefe")).bennies == 1
    assert await history_of(table, wc_key("c4")) == before


async def test_a_spend_the_rules_refuse_spends_nothing_from_the_gms_pool(
    table: OfflineTable,
) -> None:
    """The Goblin (an Extra) pays from the GM's pool; nothing to soak: refused."""
    await fight(table)
    before = (await pools(table))["gm"]
    sent = await table.run("@gm /bennies spend use:soak combatant:Goblin")
    assert sent[0].ephemeral
    assert (await pools(table))["gm"] == before
    assert [row for row in await history_of(table, "gm") if row[0] < 0] == []


# --- no listener after every command ------------------------------------------------------------


@contextmanager
def reads_of(db: Database) -> Iterator[list[str]]:
    """The SQL of every read made meanwhile."""
    seen: list[str] = []
    real_one, real_all = db.fetchone, db.fetchall

    async def fetchone(sql: str, params: Any = ()) -> Any:
        seen.append(sql)
        return await real_one(sql, params)

    async def fetchall(sql: str, params: Any = ()) -> Any:
        seen.append(sql)
        return await real_all(sql, params)

    with patched(db, fetchone=fetchone, fetchall=fetchall):
        yield seen


async def test_a_command_of_another_system_reads_nothing_of_the_bennies(
    table: OfflineTable,
) -> None:
    """Before issue 22 phase C a listener brought the bennies session up to date after
    every command of every system (reading the bennies tables each time)."""
    for line in setup("ritualhex"):  # Mónica, two Goblins and an Ogro; a round
        await table.run(line)
    for line in ("@gm /act action:Esperar actor:Mónica", "@gm /combatant remove combatant:Ogro"):
        with reads_of(table.bot.db) as seen:
            sent = await table.run(line)
        assert sent and not sent[0].ephemeral, line
        assert seen, "the reads are seen"
        assert [sql for sql in seen if "benn" in sql.lower()] == [], line
