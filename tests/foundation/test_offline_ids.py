"""The offline table on one database over several sessions (issue 18, item 8): its
interaction ids never repeat, even when the clock gives the same milliseconds again, and
an id the database already records as applied is answered with a visible notice."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bot.play import recorder
from bot.play.lines import parse_line
from bot.play.table import OfflineTable


@pytest.fixture
def frozen_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every session in the same millisecond with the same process part: only the
    database can keep their ids apart."""
    monkeypatch.setattr(recorder.time, "time_ns", lambda: 1_800_000_000_000_000_000)
    monkeypatch.setattr(recorder, "_PROCESS_PART", 7)


async def _session(db: Path, line: str, locale: str = "es") -> tuple[OfflineTable, str]:
    recorder._ids = itertools.count(1)  # a new process's counter
    recorder._last_interaction = 0  # and nothing it made yet
    async with OfflineTable(db_path=db, seed=1, locale=locale) as table:
        messages = await table.run(line)
        return table, "\n".join(m.text() for m in messages)


@pytest.mark.parametrize("locale", ["es", "en"])
async def test_a_second_session_on_one_database_applies_its_commands(
    tmp_path: Path, frozen_clock: None, locale: str
) -> None:
    db = tmp_path / "rehearsal.sqlite3"
    first, _ = await _session(db, "@gm /encounter start name:Cripta", locale)
    second, text = await _session(
        db, '@gm /combatant add name:Ana statblock:"Ana: Pelear d6, Parada 5, Dureza 5"', locale
    )
    assert second.last_interaction_id > first.last_interaction_id
    assert "Ana" in text and "ya se aplicó" not in text and "already applied" not in text
    third, _ = await _session(
        db, '@gm /combatant add name:Bruno statblock:"Bruno: Pelear d6, Parada 5, Dureza 5"', locale
    )
    async with OfflineTable(db_path=db, seed=1, locale=locale) as table:
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None
        assert [c.name for c in encounter.state.combatants] == ["Ana", "Bruno"]
        assert table.last_interaction_id >= third.last_interaction_id


@pytest.mark.parametrize(
    ("locale", "notice"),
    [("es", "ya se aplicó en esta base de datos"), ("en", "already applied on this database")],
)
async def test_a_replayed_interaction_is_answered_with_a_notice(
    tmp_path: Path, locale: str, notice: str
) -> None:
    async with OfflineTable(db_path=tmp_path / "x.sqlite3", seed=1, locale=locale) as table:
        await table.run("@gm /encounter start name:Cripta")
        user = table.user("gm")
        line = parse_line(
            '@gm /combatant add name:Ana statblock:"Ana: Pelear d6, Parada 5, Dureza 5"'
        )
        assert line is not None
        payload = table._command_payload(line, user)
        await table.dispatch(payload, user)
        again = {**payload, "token": "offline-token-replay"}
        [answer] = await table.dispatch(again, user)
        assert answer.ephemeral and notice in answer.text()
        assert payload["id"] in answer.text()
        encounter = await table.bot.encounters.get(table.channel_id)  # type: ignore[union-attr]
        assert encounter is not None and [c.name for c in encounter.state.combatants] == ["Ana"]


def test_two_tables_of_one_process_never_make_the_same_id(frozen_clock: None) -> None:
    """Two tables in one process (the tests of two bots on one database) ask for ids in
    turn, each above its own last, in one millisecond while the counter wraps: every id
    is new (each table's ``after + 1`` alone gave one the other's id, and an attack was
    answered "already applied")."""
    recorder._ids = itertools.count(4090)
    recorder._last_interaction = 0
    last = [0, 0]
    made = []
    for i in range(20):
        last[i % 2] = recorder.interaction_snowflake(after=last[i % 2])
        made.append(last[i % 2])
    assert len(set(made)) == len(made)
    assert made == sorted(made)
