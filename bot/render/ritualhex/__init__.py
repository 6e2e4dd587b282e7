"""How Ritual Hex is drawn: its board, sheet card and dice views (its end summary is
still the old handler in ``cogs/ritualhex.py``)."""

from bot.render.ritualhex import board, card, dice
from bot.render.systems import Renderers

RENDERERS = Renderers(board=board.render, card=card.card, dice=dice.DICE)
