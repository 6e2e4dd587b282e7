"""Sending what the bot says to an interaction: every reply and error goes through here.

- Fitted: :func:`bot.render.fit.fit_message` turns one reply into one or more messages
  within Discord's limits (the content cut with a visible count, each embed paged). The
  first page answers the interaction, the others follow it up; the buttons go on the last
  page, a file on the first.
- Deferred: :func:`defer` acknowledges an interaction at once ("thinking…"), for work that
  may take longer than Discord's 3 seconds; the first page then answers the loading
  message. Its ephemeral flag is fixed by the defer, so a reply that needs the other
  (an ephemeral error after a public defer) deletes the loading message and follows up.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from bot.render.fit import Page, fit_message

log = logging.getLogger("comodin")
DEFERRED = "comodin.deferred"  # interaction.extras: the ephemeral flag of a pending defer


async def defer(interaction: discord.Interaction, *, ephemeral: bool) -> bool:
    """Acknowledge now, answer later (up to 15 minutes). False if already answered, or if
    Discord refused (an expired or replayed interaction): the reply then takes its own
    path (a fresh answer, or the channel when that fails too)."""
    if interaction.response.is_done():
        return False
    try:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.HTTPException as exc:
        log.warning("could not defer interaction %s: %s", interaction.id, exc)
        return False
    interaction.extras[DEFERRED] = ephemeral
    return True


async def reply(
    interaction: discord.Interaction,
    lang: str,
    *,
    content: str | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool = False,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Answer ``interaction`` with the reply, fitted into as many messages as it needs.
    ``allowed_mentions`` (the turn's player, issue 18) goes with the first page, whose
    content holds the mention; every other message pings nobody (the bot's default)."""
    pages = fit_message(content, [e.to_dict() for e in embeds or []], lang)
    last = len(pages) - 1
    for number, page in enumerate(pages):
        await _send(
            interaction,
            page,
            ephemeral=ephemeral,
            view=view if number == last else None,
            file=file if number == 0 else None,
            allowed_mentions=allowed_mentions if number == 0 else None,
        )


def _message(
    page: Page,
    view: discord.ui.View | None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    if allowed_mentions is not None:
        kwargs["allowed_mentions"] = allowed_mentions
    if page.content is not None:
        kwargs["content"] = page.content
    if page.embeds:
        kwargs["embeds"] = [discord.Embed.from_dict(e) for e in page.embeds]
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def _send(
    interaction: discord.Interaction,
    page: Page,
    *,
    ephemeral: bool,
    view: discord.ui.View | None,
    file: discord.File | None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    kwargs = _message(page, view, allowed_mentions)
    if not interaction.response.is_done():
        if file is not None:
            kwargs["file"] = file
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        return
    deferred = interaction.extras.pop(DEFERRED, None)
    if deferred is not None and deferred == ephemeral:
        if file is not None:
            kwargs["attachments"] = [file]
        await interaction.edit_original_response(**kwargs)
        return
    if deferred is not None:
        await interaction.delete_original_response()
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(ephemeral=ephemeral, **kwargs)


async def post(
    channel: discord.abc.Messageable,
    lang: str,
    *,
    content: str | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """The same reply posted in a channel (when the interaction can no longer be
    answered): fitted the same way."""
    pages = fit_message(content, [e.to_dict() for e in embeds or []], lang)
    for number, page in enumerate(pages):
        last = view if number == len(pages) - 1 else None
        await channel.send(**_message(page, last, allowed_mentions if number == 0 else None))


def only_users(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions for exactly these users (a turn's players, the one on deck):
    never roles, everyone or the replied user."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in user_ids], roles=False, everyone=False, replied_user=False
    )


def only_user(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions for exactly one user (a turn's player, an effect's controller)."""
    return only_users((user_id,))
