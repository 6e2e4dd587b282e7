"""DynamicItem buttons: their custom_id carries the ids, so they work after a restart
(``bot/render/views.py`` builds them). Errors go through the bot's one error reporter.

Modals (forms) the same way: discord.py's DynamicItem does not cover them, and the view
store it dispatches submits to (``ViewStore.dispatch_modal``, by the modal's custom_id)
forgets an open form when the bot restarts. So a form is sent finished (never kept in
that store) with a custom_id that carries what its submit needs, and the submit is
routed here from ``on_interaction`` (:func:`modal_route`, :func:`dispatch_modal_submit`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.commands.context import Ctx
from bot.commands.dispatch import press_board, press_offer
from bot.errors import UserError
from bot.i18n import has


async def _guarded(interaction: discord.Interaction, coro: Any) -> None:
    bot = Ctx.of(interaction).bot
    try:
        await bot.begin_interaction(interaction)  # as the tree does for commands
        await coro
    except Exception as exc:
        await bot.report_error(interaction, exc)
    finally:
        coro.close()  # never awaited when begin_interaction failed


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmd:b:(?P<action>[a-z_]+):(?P<channel>\d+)",
):
    def __init__(self, action: str, channel_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"cmd:b:{action}:{channel_id}"))
        self.action = action
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.encounter()
        await press_board(ctx, encounter, self.action)


def expired(system: str) -> UserError:
    """A button pressed after another action: what to use instead, in the channel's
    system's own commands (``offer.expired.<system>``; a system without that text is
    pointed to the board)."""
    key = f"offer.expired.{system}"
    return UserError(key if has(key) else "offer.expired")


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cmd:o:(?P<channel>\d+):(?P<seq>\d+):(?P<index>\d+)",
):
    def __init__(self, channel_id: int, seq: int, index: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"cmd:o:{channel_id}:{seq}:{index}"))
        self.channel_id = channel_id
        self.seq = seq
        self.index = index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OfferButton:
        return cls(int(match["channel"]), int(match["seq"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, self._press(interaction))

    async def _press(self, interaction: discord.Interaction) -> None:
        ctx = Ctx.of(interaction)
        encounter = await ctx.encounter()
        if encounter.seq != self.seq or self.index >= len(encounter.offers):
            raise expired(encounter.system)
        offer = encounter.offers[self.index]
        actor = ctx.actor(encounter)
        if not actor.is_gm and offer.user_id != ctx.user_id:
            raise UserError("offer.not_yours")
        await press_offer(ctx, encounter, offer)


# -- forms ------------------------------------------------------------------------------------

ModalHandler = Callable[[discord.Interaction, re.Match[str], dict[str, str]], Awaitable[None]]
_MODAL_ROUTES: list[tuple[re.Pattern[str], ModalHandler]] = []


def modal_route(template: str) -> Callable[[ModalHandler], ModalHandler]:
    """Handle the submits of every form whose custom_id matches ``template`` (a regex,
    matched in full): ``handler(interaction, match, values by input custom_id)``."""

    def register(handler: ModalHandler) -> ModalHandler:
        _MODAL_ROUTES.append((re.compile(template), handler))
        return handler

    return register


def unkept(modal: discord.ui.Modal) -> discord.ui.Modal:
    """Finish ``modal`` before it is sent: discord.py then keeps it out of its view store
    and its submit comes only through :func:`dispatch_modal_submit`."""
    modal.stop()
    return modal


def submitted_values(data: dict[str, Any]) -> dict[str, str]:
    """What the user typed, by input custom_id (action rows or Label components)."""
    values: dict[str, str] = {}
    for row in data.get("components") or []:
        inner = row.get("components") or ([row["component"]] if row.get("component") else [])
        for component in inner:
            if "custom_id" in component and isinstance(component.get("value"), str):
                values[component["custom_id"]] = component["value"]
    return values


async def dispatch_modal_submit(interaction: discord.Interaction) -> None:
    """The ``on_interaction`` listener: route a form's submit by its custom_id."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    for pattern, handler in _MODAL_ROUTES:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            await _guarded(interaction, handler(interaction, match, submitted_values(data)))
            return
