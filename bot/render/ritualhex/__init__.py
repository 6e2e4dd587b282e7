"""How Ritual Hex is drawn: its board, sheet card, dice views and end summary
(``Plugin.renderers`` of :mod:`bot.systems.ritualhex.plugin`)."""

from bot.render.ritualhex import board, card, dice, summary
from bot.render.systems import Renderers

RENDERERS = Renderers(
    board=board.render,
    card=card.card,
    dice=dice.DICE,
    summary=summary.summary,
    note_ids={"stats": "sheet.ritualhex.stat."},
)
