"""/server language and /server gm-role: Manage Server only; the board follows the language.
On each engine (``engine_table``): the setting is a guild_settings row."""

from bot.play.table import OfflineTable


async def test_server_language_changes_the_board_and_is_kept(engine_table: OfflineTable) -> None:
    table = engine_table
    await table.run("@gm /encounter start")
    [reply] = await table.run("@gm /server language language:en")
    assert reply.ephemeral and "inglés" in reply.content
    messages = await table.run(
        '@gm /encounter start name:"x"'
    )  # refused, but in Spanish (user locale)
    assert "Ya hay un encuentro" in messages[0].content
    row = await table.bot.db.fetchone(
        "SELECT locale FROM guild_settings WHERE guild_id = ?", (table.guild_id,)
    )
    assert row["locale"] == "en"
    await table.run("@gm /encounter end")
    boards = [m for m in await table.run("@gm /encounter start") if m.kind == "channel"]
    assert boards and "No combatants yet." in boards[0].text()


async def test_only_server_managers_change_settings(engine_table: OfflineTable) -> None:
    table = engine_table
    table.user("gm")
    [reply] = await table.run("@ana /server language language:en")
    assert reply.ephemeral
    row = await table.bot.db.fetchone(
        "SELECT locale FROM guild_settings WHERE guild_id = ?", (table.guild_id,)
    )
    assert row is None
