"""/encounter settings through the tree: anyone lists them, only the GM changes them."""

from bot.play.table import OfflineTable


async def test_settings_listed_and_changed_by_the_gm_only(table: OfflineTable) -> None:
    await table.run("@gm /encounter start")
    [listing] = await table.run("@ana /encounter settings")
    assert listing.ephemeral and "wound_cap" in listing.text()
    [refused] = await table.run("@ana /encounter settings setting:wound_cap value:on")
    assert refused.ephemeral
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and not encounter.state.settings.wound_cap
    await table.run("@gm /encounter settings setting:wound_cap value:on")
    encounter = await table.bot.encounters.get(table.channel_id)
    assert encounter is not None and encounter.state.settings.wound_cap  # SW-12 setting
