"""Shards (issue 20 item 2): which shard a server is on, the --shards list of `comodin
run`, its refusals, and /ping naming the shard in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.play.table import GUILD_ID, OfflineTable
from bot.shards import ShardError, format_shard_ids, parse_shard_ids, shard_of


def test_a_server_is_on_the_shard_of_its_id_timestamp() -> None:
    # Discord: (guild_id >> 22) % shard_count; the table's server 1100000000000000001
    # has 262260437011 above its low 22 bits.
    assert GUILD_ID >> 22 == 262_260_437_011
    assert shard_of(GUILD_ID, 8) == 262_260_437_011 % 8 == 3
    assert shard_of(GUILD_ID, 5) == 1
    assert shard_of(GUILD_ID, 1) == 0
    assert shard_of(None, 8) == 0  # direct messages come through shard 0


def test_shard_lists_are_ranges_and_single_ids() -> None:
    assert parse_shard_ids("0-3", 8) == [0, 1, 2, 3]
    assert parse_shard_ids("6, 0,2-3", 8) == [0, 2, 3, 6]
    assert parse_shard_ids("7", 8) == [7]
    assert format_shard_ids([0, 1, 2, 3, 6, 8, 9]) == "0-3, 6, 8-9"
    assert format_shard_ids(range(1)) == "0"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("0-8", "shard 8 does not exist with --shard-count 8 (shards are 0 to 7)"),
        ("3-1", "is not a range from low to high"),
        ("a-b", "is not a shard id or a range"),
        ("0,,1", "empty item"),
        ("-1", "is not a shard id or a range"),
    ],
)
def test_a_bad_shard_list_is_refused_saying_how_to_write_it(text: str, says: str) -> None:
    with pytest.raises(ShardError) as refused:
        parse_shard_ids(text, 8)
    assert says in str(refused.value)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--shards", "0-3"], "--shards needs --shard-count"),
        (["--shards", "4-8", "--shard-count", "8"], "shard 8 does not exist"),
        (["--shard-count", "0"], "--shard-count: expected 1 to 65536, got 0"),
    ],
)
def test_comodin_run_refuses_bad_shards_before_starting(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "COMODIN_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    assert main(["run", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("comodin: ") and says in err
    assert not (tmp_path / "comodin.sqlite3").exists(), "nothing was started"


async def test_ping_names_the_shard_and_this_process_shards(table: OfflineTable) -> None:
    bot = table.bot
    assert bot is not None
    [alone] = await table.run("/ping")
    assert "Shard 0 de 1 (este proceso: 0)." in alone.embeds[0]["description"]
    bot.shard_count, bot.shard_ids = 8, [2, 3, 4]  # as `comodin run --shards 2-4 --shard-count 8`
    [reply] = await table.run("/ping")
    assert "Shard 3 de 8 (este proceso: 2-4)." in reply.embeds[0]["description"]


async def test_ping_in_english_names_the_shard(table_en: OfflineTable) -> None:
    bot = table_en.bot
    assert bot is not None
    bot.shard_count, bot.shard_ids = 4, [0, 3]
    [reply] = await table_en.run("@ana /ping")
    assert "Shard 3 of 4 (this process: 0, 3)." in reply.embeds[0]["description"]
