"""Issue 21, leftovers of phase 1: the numbers inside options (a flag's ``rof:N``, a
called shot's ``-N``, Dread S-20's ``empty:N``) have bounds, and the refusal names them;
``/encounter start name:`` past its bound is refused naming it, not cut to 100. Each of
these was accepted (or refused without the bound) before."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from tests.hostile.test_bounds import DS20, SWADE


@pytest.fixture(params=["es", "en"])
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[OfflineTable]:
    async with OfflineTable(db_path=tmp_path / "o.sqlite3", seed=1, locale=request.param) as t:
        t.user("gm")
        yield t


async def fight(table: OfflineTable, system: str, sheet: str) -> None:
    await table.run(f"@gm /encounter start system:{system}")
    await table.run(f'@gm /combatant add name:Ana statblock:"{sheet}" controller:@ana')
    await table.run(f'@gm /combatant add name:Goblin statblock:"{sheet}"')


async def refusal(table: OfflineTable, line: str) -> str:
    sent = await table.run(line)
    assert len(sent) == 1 and sent[0].ephemeral, [m.text() for m in sent]
    return sent[0].text()


@pytest.mark.parametrize(
    ("option", "bound"),
    [
        ("flags:rof:7", ("1", "6")),
        ("flags:ap:201", ("0", "200")),
        ("flags:obstaculo:100", ("0", "99")),
        ('called:"sin armadura -999"', ("0", "20")),
    ],
)
async def test_swade_attack_option_numbers_are_bounded(
    table: OfflineTable, option: str, bound: tuple[str, str]
) -> None:
    await fight(table, "swade", SWADE)
    text = await refusal(table, f"@gm /attack target:Goblin actor:Ana {option}")
    assert all(b in text for b in bound), text


async def test_ds20_empty_n_names_its_bound(table: OfflineTable) -> None:
    await fight(table, "ds20", DS20)
    text = await refusal(table, "@gm /attack target:Goblin actor:Ana flags:empty:11")
    assert "1" in text and "10" in text and "empty:11" in text, text


async def test_an_encounter_name_past_its_bound_is_refused_not_cut(table: OfflineTable) -> None:
    text = await refusal(table, f"@gm /encounter start name:{'x' * 101}")
    assert "100" in text, text
    assert await table.bot.encounters.get(table.channel_id) is None
    sent = await table.run(f"@gm /encounter start name:{'x' * 100}")
    assert not sent[0].ephemeral
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and encounter.name == "x" * 100
