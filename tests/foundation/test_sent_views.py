"""Issue 32: the buttons the bot sends are written as Discord's components directly
(``bot.render.views.Sent``), the very components discord.py's own view and buttons
make, and discord.py keeps none of them (they are finished: the DynamicItem patterns
handle the presses)."""

from __future__ import annotations

import discord
import pytest

from bot.render.limits import BUTTON_LABEL, ROW_BUTTONS
from bot.render.views import MAX_BUTTONS, Sent, board_view, button, offers_view, sent
from bot.systems.base import Offer


def _discord_py(labels: list[str], style: discord.ButtonStyle) -> list[dict]:
    """The components discord.py makes of the same buttons."""
    view = discord.ui.View(timeout=None)
    for i, label in enumerate(labels):
        view.add_item(discord.ui.Button(label=label or None, custom_id=f"id:{i}", style=style))
    return view.to_components()


@pytest.mark.parametrize("count", [1, ROW_BUTTONS - 1, ROW_BUTTONS, ROW_BUTTONS + 1, MAX_BUTTONS])
@pytest.mark.parametrize("style", [discord.ButtonStyle.primary, discord.ButtonStyle.secondary])
async def test_the_components_are_discord_pys(count: int, style: discord.ButtonStyle) -> None:
    labels = [f"Repetir ataque de Ñandú {i} (beni)" for i in range(count)]
    labels[0] = ""  # no label: none written
    if count > 1:
        labels[1] = "x" * BUTTON_LABEL  # the longest a button takes
    ours = sent([button(label, f"id:{i}", style) for i, label in enumerate(labels)])
    assert ours.to_components() == _discord_py(labels, style)


async def test_a_label_too_long_is_clipped_as_before() -> None:
    [row] = sent([button("y" * (BUTTON_LABEL + 9), "id:0", discord.ButtonStyle.primary)])._rows
    [shown] = row["components"]
    assert len(shown["label"]) == BUTTON_LABEL and shown["label"].endswith("…")


async def test_discord_py_keeps_none_of_them() -> None:
    """Finished and not dispatchable: discord.py's send paths store no view (it would
    stay in the view store for the life of the process)."""
    offers = [Offer(action="reroll_attack", label_key="swade.combat.offer.reroll_attack")] * 3
    view = offers_view(7, 3, offers, "es")
    assert isinstance(view, Sent) and isinstance(view, discord.ui.View)
    assert view.__discord_ui_view__ and view.is_finished() and not view.is_dispatchable()
    assert view.timeout is None and not view.has_components_v2()
    [row] = view.to_components()
    assert [b["custom_id"] for b in row["components"]] == [
        "cmd:o:7:3:0",
        "cmd:o:7:3:1",
        "cmd:o:7:3:2",
    ]
    assert {b["label"] for b in row["components"]} == {"Repetir ataque (beni)"}


async def test_the_board_buttons_and_no_buttons() -> None:
    view = board_view(9, [("swade.board.next", "next"), ("swade.board.deal", "deal")], "en")
    assert view is not None
    [row] = view.to_components()
    assert [(b["label"], b["custom_id"], b["style"]) for b in row["components"]] == [
        ("Next turn", "cmd:b:next:9", 1),
        ("Deal", "cmd:b:deal:9", 1),
    ]
    assert board_view(9, [], "en") is None and offers_view(9, 1, [], "en") is None
