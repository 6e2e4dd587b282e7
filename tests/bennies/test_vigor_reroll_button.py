"""The "Repetir Vigor (beni)" button on an incapacitation result (SW-4, SW-13, SW-35),
pressed through the offline table: the player's benny pays for the reroll and the
better Vigor roll decides."""

from __future__ import annotations

from bot.play.table import OfflineTable
from bot.systems.swade.state import Trait
from tests.bennies.helpers import dice_left, find, force, hero, key, pools, put, start_encounter


async def test_the_vigor_reroll_button_spends_the_players_benny_and_keeps_the_better(
    table: OfflineTable,
) -> None:
    """Ana (Toughness 5, 3 wounds, Vigor d10) takes 9 damage: a fourth wound incapacitates
    her. Vigor 2 - 3 fails: bleeding out, and the injury table's 10 lames her leg. Her
    player presses the button: Vigor 8 - 3 = 5 succeeds, so the same injury lasts until
    healed and she is no longer bleeding out."""
    await start_encounter(table)
    ana = hero("c1", "Ana", table.user("ana").id, wounds=3)
    ana.attributes["vigor"] = Trait(die=10)
    await put(table, ana)
    await table.run("@gm /bennies session-start")
    assert (await pools(table))[key(table, "ana")] == 3

    force(table, 2, 2, 5, 5)
    await table.run("@gm /act action:damage target:Ana value:9")
    hurt = await find(table, "Ana")
    assert hurt.incapacitated and hurt.bleeding_out

    force(table, 8, 3)
    sent = await table.run('@ana press "Repetir Vigor (beni)"')
    assert not sent[0].ephemeral
    assert dice_left(table) == 0
    saved = await find(table, "Ana")
    assert saved.incapacitated and not saved.bleeding_out and not saved.dead
    assert saved.injury_log == [{"injury": "leg", "duration": "until_healed"}]
    assert (await pools(table))[key(table, "ana")] == 2
