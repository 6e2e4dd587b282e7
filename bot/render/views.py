"""Buttons as plain discord.ui components. Their custom_ids carry the ids a press needs,
so presses are handled by DynamicItem patterns (``bot/commands/buttons.py``) even after a
restart. discord.py never needs to keep these views: each is sent finished
(:func:`_unkept`), so it is not put in the view store (a ``timeout=None`` view with
custom_ids is persistent there: every reply's view stayed for the life of the process).

- board buttons: ``cmd:b:{action}:{channel_id}``
- offers (soak, reroll, react...): ``cmd:o:{channel_id}:{seq}:{index}`` — valid while the
  encounter's ``seq`` is still the one the offer was made at.
"""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.render.limits import BUTTON_LABEL, ROW_BUTTONS, clip
from bot.systems.base import Offer

MAX_BUTTONS = 5 * ROW_BUTTONS  # five action rows of five

BOARD_ID = "cmd:b:{action}:{channel_id}"
OFFER_ID = "cmd:o:{channel_id}:{seq}:{index}"


def _unkept(view: discord.ui.View) -> discord.ui.View:
    """Finish ``view`` before it is sent: discord.py still sends its components but keeps
    a finished view out of its store. Presses are handled by the DynamicItem patterns."""
    view.stop()
    return view


def let_go(view: discord.ui.View | None) -> None:
    """Once ``view`` is sent: drop its buttons. A view and its buttons point at each other
    (a cycle only the garbage collector frees); emptied, both are freed at once."""
    if view is not None:
        view.clear_items()


def board_view(
    channel_id: int, buttons: list[tuple[str, str]], lang: str
) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for label_key, action in buttons:
        view.add_item(
            discord.ui.Button(
                label=clip(t(label_key, lang), BUTTON_LABEL),
                custom_id=BOARD_ID.format(action=action, channel_id=channel_id),
                style=discord.ButtonStyle.primary,
            )
        )
    return _unkept(view)


def offers_view(
    channel_id: int, seq: int, offers: list[Offer], lang: str
) -> discord.ui.View | None:
    if not offers:
        return None
    view = discord.ui.View(timeout=None)
    for index, offer in enumerate(offers[:MAX_BUTTONS]):
        view.add_item(
            discord.ui.Button(
                label=clip(t(offer.label_key, lang, **{**offer.data, **offer.label}), BUTTON_LABEL),
                custom_id=OFFER_ID.format(channel_id=channel_id, seq=seq, index=index),
                style=discord.ButtonStyle.secondary,
            )
        )
    return _unkept(view)
