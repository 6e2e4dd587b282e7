"""README's "Encounter settings" table, run through the offline table: every value of
every setting is set in English and in Spanish on a fresh encounter of each system (the
tests' coin duel too: the settings are every system's); the two words of a pair must
leave the same setting, and an encounter nobody has set must have the one the table
calls the default. The table is read, so it cannot drift from
what the bot does (as ``tests/hostile/test_permissions.py`` reads "Who may do what")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.play.table import OfflineTable
from bot.systems.encounter import Encounter
from tests.every_system import every_system

README = Path(__file__).resolve().parents[2] / "README.md"
# Where each setting is kept: the README's words, and the bot's state.
KEPT: dict[str, Callable[[Encounter], object]] = {
    "pings": lambda e: e.pings,
    "reminders": lambda e: e.reminders,
    "heroes": lambda e: e.state.heroes_per_player,
}


@dataclass(frozen=True)
class Setting:
    name: str
    values: tuple[str, ...]
    spanish: tuple[str, ...]
    default: str


def _words(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([^`]+)`", cell))


def read_table() -> list[Setting]:
    text = README.read_text(encoding="utf-8")
    table = text.split("<!-- settings:start -->")[1].split("<!-- settings:end -->")[0]
    lines = [line for line in table.strip().splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header == ["Setting", "Values", "Spanish", "Default", "What it does"], header
    found = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        [name] = _words(cells[0])
        values, spanish, [default] = _words(cells[1]), _words(cells[2]), _words(cells[3])
        assert len(values) == len(spanish) >= 2, line
        assert default in values, line
        found.append(Setting(name, values, spanish, default))
    return found


SETTINGS = read_table()


def test_the_table_names_every_setting_every_system_shares() -> None:
    assert [s.name for s in SETTINGS] == list(KEPT)


async def _kept(table: OfflineTable, setting: Setting, value: str | None) -> object:
    if value is not None:
        [said] = await table.run(f'@gm /encounter settings setting:{setting.name} value:"{value}"')
        assert not said.ephemeral, f"{setting.name}={value!r} refused: {said.text()}"
    assert table.bot is not None
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None
    return KEPT[setting.name](encounter)


@every_system
@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s.name)
async def test_every_value_in_both_languages(tmp_path: Path, setting: Setting, system: str) -> None:
    for lang in ("es", "en"):
        async with OfflineTable(db_path=tmp_path / f"{lang}.sqlite3", locale=lang) as table:
            await table.run(f"@gm /encounter start system:{system}")
            fresh = await _kept(table, setting, None)
            kept = {}
            for english, spanish in zip(setting.values, setting.spanish, strict=True):
                kept[english] = await _kept(table, setting, english)
                assert await _kept(table, setting, spanish) == kept[english], (english, spanish)
            assert len(set(map(repr, kept.values()))) == len(kept), "each value is its own"
            assert fresh == kept[setting.default], f"{setting.name}: the default"
