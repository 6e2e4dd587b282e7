"""How Savage Worlds is drawn: its board, sheet card, dice views and end summary
(``Plugin.renderers`` of :mod:`bot.systems.swade.plugin`)."""

from bot.render.swade import board, card, dice, summary
from bot.render.systems import Renderers

RENDERERS = Renderers(
    board=board.render,
    card=card.card,
    dice=dice.DICE,
    roll_notes=dice.roll_notes,
    summary=summary.summary,
    note_ids={"attributes": "sheet.swade.attr."},
)
