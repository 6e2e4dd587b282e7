"""Issue 21, leftover of phase 1: the free text a sheet card shows (gear, notes, the words
the parser did not use) is escaped, so a masked link, a mention, strike-through or a
heading typed into a sheet shows as typed instead of rendering. Each failed before."""

from __future__ import annotations

from bot.play.table import OfflineTable

SHEET = (
    "Atributos: Agilidad d8, Vigor d6\\n"
    "Equipo: [Beni gratis](https://x.example), <@123456789012345678>, ~~oro~~, @everyone\\n"
    "Tesoro: [mapa](https://x.example)"
)


async def card_text(table: OfflineTable, line: str) -> str:
    sent = await table.run(line)
    return "\n".join(m.text() for m in sent)


async def test_a_sheet_cards_free_text_is_escaped(table: OfflineTable) -> None:
    text = await card_text(table, f'@ana /character save name:Ana statblock:"{SHEET}"')
    assert "\\[Beni gratis](https://x.example)" in text, text
    assert "<@123456789012345678>" not in text and "<@\u200b123456789012345678>" in text
    assert "\\~\\~oro~~" in text
    assert "@\u200beveryone" in text
    assert "\\[mapa](https://x.example)" in text, text  # a word the parser did not use


async def test_plain_gear_is_shown_as_it_was(table: OfflineTable) -> None:
    sheet = "Atributos: Agilidad d8\\nEquipo: cuerda (10 m), antorcha|2"
    text = await card_text(table, f'@ana /character save name:Ana statblock:"{sheet}"')
    assert "cuerda (10 m), antorcha|2" in text, text
