"""DynamicItem buttons: their custom_id carries the ids, so they work after a restart
(``bot/render/views.py`` builds them). Errors go through the bot's one error reporter."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import UserError
from cogs._context import Ctx
from cogs._registry import handler_for


async def _guarded(interaction: discord.Interaction, coro: Any) -> None:
    try:
        await coro
    except Exception as exc:
        await Ctx.of(interaction).bot.report_error(interaction, exc)


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
        await handler_for(f"board:{self.action}", encounter.system)(ctx)


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
            raise UserError("offer.expired")
        offer = encounter.offers[self.index]
        actor = ctx.actor(encounter)
        if not actor.is_gm and offer.user_id != ctx.user_id:
            raise UserError("offer.not_yours")
        await handler_for(f"offer:{offer.action}", encounter.system)(ctx, encounter, offer)
