"""/character save|list|show|delete through the real command tree, on each engine: a
name is one character per owner whatever its case (SQLite COLLATE NOCASE, PostgreSQL
lower()), owners do not see each other's, and deleting a name that is not there says so."""

from bench.e2e import PC_BLOCK
from bot.i18n import t
from bot.play.table import OfflineTable


async def _list(table: OfflineTable, user: str) -> str:
    [reply] = await table.run(f"@{user} /character list")
    assert reply.ephemeral
    return reply.text()


async def test_saved_characters_on_each_engine(engine_table: OfflineTable) -> None:
    table = engine_table
    table.user("dj")
    save = f'/character save statblock:"{PC_BLOCK}" system:swade'
    [saved] = await table.run(f"@ana {save} name:Ana")
    assert saved.content == t("character.saved", "es", name="Ana", system="Savage Worlds")
    [replaced] = await table.run(f"@ana {save} name:ANA")
    assert replaced.content == t("character.replaced", "es", name="ANA", system="Savage Worlds")
    await table.run(f"@bruno {save} name:Ana")
    await table.run(f"@ana {save} name:Zoe")

    listed = await _list(table, "ana")
    assert "• Ana (Savage Worlds)" in listed and "• Zoe (Savage Worlds)" in listed
    assert listed.index("Ana") < listed.index("Zoe")
    [shown] = await table.run("@ana /character show name:aNA")
    assert shown.ephemeral and shown.embeds[0]["title"].startswith("Ana · ")

    [deleted] = await table.run("@ana /character delete name:ana")
    # Said back by its name as saved, so the player sees which one went.
    assert deleted.content == t("character.deleted", "es", name="Ana")
    assert "Ana" not in await _list(table, "ana")
    assert "• Ana (Savage Worlds)" in await _list(table, "bruno"), "Bruno's is his own"
    [again] = await table.run("@ana /character delete name:Ana")
    assert again.ephemeral and again.content == t("character.unknown", "es", name="Ana")
