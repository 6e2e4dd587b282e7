"""Issue 19's SW-40 setting (a failed activation costs the full cost) is listed with its
name and the GM turns it on like the others."""

from bot.play.table import OfflineTable


async def test_the_full_cost_setting_is_listed_and_changed_by_the_gm(table: OfflineTable) -> None:
    await table.run("@gm /encounter start")
    [listing] = await table.run("@gm /encounter settings")
    assert "failed_cast_full_cost" in listing.text()
    assert "swade.setting" not in listing.text()
    await table.run("@gm /encounter settings setting:failed_cast_full_cost value:on")
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and encounter.state.settings.failed_cast_full_cost
