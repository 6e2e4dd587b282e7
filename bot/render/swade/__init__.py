"""How Savage Worlds is drawn: its board, sheet card and dice views (its end summary
reads the bennies ledger: still the old handler in ``cogs/swade_encounter.py``)."""

from bot.render.swade import board, card, dice
from bot.render.systems import Renderers

RENDERERS = Renderers(
    board=board.render, card=card.card, dice=dice.DICE, roll_notes=dice.roll_notes
)
