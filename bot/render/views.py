"""Buttons as plain discord.ui components. Their custom_ids carry the ids a press needs,
so presses are handled by DynamicItem patterns (``bot/commands/buttons.py``) even after a
restart. discord.py never needs to keep these views: each is sent finished
(:class:`Sent`), so it is not put in the view store (a ``timeout=None`` view with
custom_ids is persistent there: every reply's view stayed for the life of the process).

- board buttons: ``cmd:b:{action}:{channel_id}``
- offers (soak, reroll, react...): ``cmd:o:{channel_id}:{seq}:{index}`` — valid while the
  encounter's ``seq`` is still the one the offer was made at.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.i18n.catalog import text_of
from bot.render.limits import BUTTON_LABEL, ROW_BUTTONS, clip
from bot.systems.base import Offer

MAX_BUTTONS = 5 * ROW_BUTTONS  # five action rows of five

BOARD_ID = "cmd:b:{action}:{channel_id}"
OFFER_ID = "cmd:o:{channel_id}:{seq}:{index}"


class Sent(discord.ui.View):
    """Buttons for one message, already as Discord's components (issue 32).

    A view the bot sends is never kept: its buttons' custom_ids carry what a press
    needs, and the DynamicItem patterns handle the presses. So discord.py only reads
    the components of it, and whether it is finished (it is: it is never stored) and
    dispatchable (it is not). Building ``discord.ui`` buttons for that, a view with its
    future and its row weights, cost an attack's reply a third of its rendering; these
    are the same components (``tests/foundation/test_sent_views.py`` compares them with
    discord.py's own, button by button)."""

    timeout = None  # type: ignore[assignment]  # never waited on

    def __init__(self, rows: list[dict[str, Any]]) -> None:  # nothing of View's to set up
        self._rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False

    def stop(self) -> None:  # View's would reach for what __init__ never set
        pass

    def __repr__(self) -> str:
        return f"<Sent rows={len(self._rows)}>"


def button(label: str, custom_id: str, style: discord.ButtonStyle) -> dict[str, Any]:
    """A button as discord.py writes one (``discord.Button.to_dict``: no label when it
    is empty)."""
    shown: dict[str, Any] = {"type": 2, "style": style.value, "disabled": False}
    label = clip(label, BUTTON_LABEL)
    if label:
        shown["label"] = label
    shown["custom_id"] = custom_id
    return shown


def sent(buttons: list[dict[str, Any]]) -> Sent:
    """The buttons in rows of :data:`ROW_BUTTONS`, in order (as discord.py lays them)."""
    rows = [
        {"type": 1, "components": buttons[i : i + ROW_BUTTONS]}
        for i in range(0, len(buttons), ROW_BUTTONS)
    ]
    return Sent(rows)


def board_view(channel_id: int, buttons: list[tuple[str, str]], lang: str) -> Sent | None:
    if not buttons:
        return None
    return sent(
        [
            button(
                t(label_key, lang),
                BOARD_ID.format(action=action, channel_id=channel_id),
                discord.ButtonStyle.primary,
            )
            for label_key, action in buttons
        ]
    )


def offers_view(channel_id: int, seq: int, offers: list[Offer], lang: str) -> Sent | None:
    if not offers:
        return None
    return sent(
        [
            button(
                text_of(offer.label_key, lang, {**offer.data, **offer.label}),
                OFFER_ID.format(channel_id=channel_id, seq=seq, index=index),
                discord.ButtonStyle.secondary,
            )
            for index, offer in enumerate(offers[:MAX_BUTTONS])
        ]
    )
