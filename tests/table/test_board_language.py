"""Issue 18 item 2: the board (and its buttons) is in the server's language; without
one, in the language of the GM who started the encounter, from its first message. Replies
stay in each reader's language."""

from __future__ import annotations

from pathlib import Path

from bot.play.recorder import SentMessage
from bot.play.table import OfflineTable
from tests.table.swade.encounter_helpers import GOBLIN


def boards(messages: list[SentMessage]) -> list[SentMessage]:
    return [m for m in messages if m.kind in ("channel", "channel_edit")]


async def test_an_english_gms_board_is_english_from_the_first_message(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "b.sqlite3", locale="en") as table:
        [first] = boards(await table.run("@gm /encounter start name:Bridge"))
        assert "No combatants yet." in first.text()
        table.locale = "es"  # a Spanish-speaking player
        messages = await table.run(f'@gm /combatant add name:Goblin statblock:"{GOBLIN}"')
        assert "entra en el combate" in messages[0].text()  # the reply: the reader's
        [board] = boards(messages)
        assert board.message_id == first.message_id
        assert "No cards dealt yet" in board.text()
        assert [b["label"] for b in board.buttons()] == ["Next turn", "Deal"]
        [shown, *_] = await table.run("@ana /encounter show")
        assert "No cards dealt yet" in shown.text()  # /encounter show posts the board


async def test_a_spanish_gms_board_is_spanish(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "b.sqlite3", locale="es") as table:
        [first] = boards(await table.run("@gm /encounter start"))
        assert "Aún no hay combatientes." in first.text()
        table.locale = "en"
        [board] = boards(await table.run(f'@gm /combatant add name:Goblin statblock:"{GOBLIN}"'))
        assert [b["label"] for b in board.buttons()] == ["Siguiente turno", "Repartir"]


async def test_the_servers_language_wins_over_the_gms(tmp_path: Path) -> None:
    async with OfflineTable(db_path=tmp_path / "b.sqlite3", locale="en") as table:
        await table.run("@gm /server language language:es")
        [first] = boards(await table.run("@gm /encounter start"))
        assert "Aún no hay combatientes." in first.text()
