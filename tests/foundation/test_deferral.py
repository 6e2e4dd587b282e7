"""No reply late (issue 15 item 3): work that may outlast Discord's 3 seconds defers the
reply ("thinking…", callback type 5) and answers it after, keeping the reply's privacy.

``Ctx.in_time`` defers when its work is not done after ``DEFER_AFTER`` seconds; these tests
set that to 0 so any such path defers, and check what the user then sees. ``Ctx.act``
defers first on encounters of ``DEFER_AT_COMBATANTS`` or more."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.commands import context as _context
from bot.play.table import OfflineTable

DEFERRED = 5


@pytest.fixture
def defer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_context, "DEFER_AFTER", 0.0)


async def test_roll_odds_past_the_deadline_defer_then_answer_in_public(
    table: OfflineTable,
) -> None:
    """Odds over the event loop's budget of counted work (an acing pool: a labelled
    estimate from the bounded executor) defer first, then answer in public."""
    [reply] = await table.run("@ana /roll expression:30d6! tn:100")
    assert table.recorder.callbacks == [DEFERRED]
    assert reply.kind == "reply" and not reply.ephemeral
    assert "%" in reply.embeds[0]["description"]


async def test_cheap_roll_odds_answer_at_once(table: OfflineTable) -> None:
    """Odds that fit the inline budget are computed on the loop: no defer."""
    [reply] = await table.run("@ana /roll expression:4d6kh3 tn:12")
    assert table.recorder.callbacks == [4]
    assert "%" in reply.embeds[0]["description"]


@pytest.mark.usefixtures("defer_at_once")
async def test_a_private_roll_defers_privately(table: OfflineTable) -> None:
    [reply] = await table.run("@ana /roll expression:s8 private:true")
    assert table.recorder.callbacks == [DEFERRED]
    assert reply.ephemeral


@pytest.mark.usefixtures("defer_at_once")
async def test_trait_and_odds_defer_when_late(table: OfflineTable) -> None:
    [trait] = await table.run("@ana /trait die:8")
    [odds] = await table.run("@ana /odds expression:ds15+1-2")
    assert table.recorder.callbacks == [DEFERRED, DEFERRED]
    assert not trait.ephemeral and not odds.ephemeral
    assert "%" in trait.text() and "%" in odds.text()


@pytest.mark.usefixtures("defer_at_once")
async def test_import_defers_and_a_bad_file_still_answers_privately(
    table: OfflineTable, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"nope": 1}')
    messages = await table.run(f"@gm /encounter import file:{bad}")
    assert table.recorder.callbacks == [DEFERRED]
    # The public "thinking…" is replaced by a private error, as Discord allows.
    assert [m.ephemeral for m in messages] == [True]
    assert "no es un encuentro" in messages[0].content
    assert all(m.ephemeral for m in table.recorder.messages.values() if m.kind != "deferred")


@pytest.mark.usefixtures("defer_at_once")
async def test_export_defers_privately_and_still_sends_its_file(table: OfflineTable) -> None:
    await table.run("@gm /encounter start system:swade")
    table.recorder.callbacks.clear()
    [reply] = await table.run("@gm /encounter export")
    assert table.recorder.callbacks == [DEFERRED]
    assert reply.ephemeral and reply.content == "Aquí tienes el encuentro en JSON."
    assert table.recorder.files and table.recorder.files[-1][0].endswith(".json")


ORC = "Atributos: Agilidad d6, Astucia d6, Espíritu d6, Fuerza d6, Vigor d6"


async def test_an_action_in_a_big_fight_defers_first_and_errors_stay_private(
    tmp_path: Path,
) -> None:
    async with OfflineTable(db_path=tmp_path / "big.sqlite3", seed=2) as table:
        await table.run("@gm /encounter start system:swade")
        await table.run(f'@gm /combatant add name:Orco count:40 statblock:"{ORC}"')
        table.recorder.callbacks.clear()
        dealt = await table.run("@gm /deal")
        assert table.recorder.callbacks[0] == DEFERRED
        assert dealt[0].kind == "reply" and not dealt[0].ephemeral
        table.recorder.callbacks.clear()
        refused = await table.run('@bea /attack target:"Orco 1"')
        assert table.recorder.callbacks == [DEFERRED]
        assert [m.ephemeral for m in refused] == [True], [m.text() for m in refused]
