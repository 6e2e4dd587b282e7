"""Sending what the bot says to an interaction: every reply and error goes through here.

- Fitted: :func:`bot.render.fit.fit_message` turns one reply into one or more messages
  within Discord's limits (the content cut with a visible count, each embed paged). The
  first page answers the interaction, the others follow it up; the buttons go on the last
  page, a file on the first.
- Unechoed: :func:`without_echo`: the interaction's answers are sent without asking
  Discord to send them back (discord.py would parse the echo, and the bot never reads it).
- Deferred: :func:`defer` acknowledges an interaction at once ("thinking…"), for work that
  may take longer than Discord's 3 seconds; the first page then answers the loading
  message. Its ephemeral flag is fixed by the defer, so a reply that needs the other
  (an ephemeral error after a public defer) deletes the loading message and follows up.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.render.fit import Page, fit_message

log = logging.getLogger("comodin")
DEFERRED = "comodin.deferred"  # interaction.extras: the ephemeral flag of a pending defer
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"


class _UnechoedAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, but an interaction's answer (its callback) goes
    without ``?with_response=1``.

    discord.py 2.5+ always asks Discord to send the answer back (the interaction callback
    response, ``InteractionCallbackResponse``) and parses the message in it as an
    ``InteractionMessage`` (its embeds, components and author): about a tenth of the
    bot's CPU for an attack (issue 32). The bot never reads it: ``replies`` drops what
    ``send_message`` and ``defer`` return; views are sent finished
    (``bot.render.views.Sent``), so discord.py never stores one by the answer's
    message id; the board is a channel message whose id comes from ``channel.send``;
    ``edit_original_response`` and followups go through the interaction's webhook. Without
    the parameter Discord answers 204 No Content (the double does the same), and what
    discord.py then needs of the response is the interaction's id, given here.

    Installed through discord.py's own switch for the webhook adapter (the context
    variable ``async_context``; the offline table installs its recorder the same way),
    for one interaction's task at a time (:func:`without_echo`)."""

    async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:
        params = kwargs.get("params")
        if route.path != CALLBACK or not params or "with_response" not in params:
            return await super().request(route, session, **kwargs)
        kwargs["params"] = {k: v for k, v in params.items() if k != "with_response"} or None
        data = await super().request(route, session, **kwargs)
        return data or {"interaction": {"id": str(route.webhook_id)}}


_UNECHOED = _UnechoedAdapter()


def without_echo() -> None:
    """From now on, the running task's interaction answers are not echoed back (see
    :class:`_UnechoedAdapter`). Only over discord.py's own adapter: another one (the
    offline table's recorder) is kept."""
    if type(async_context.get()) is AsyncWebhookAdapter:
        async_context.set(_UNECHOED)


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
    written = [e.to_dict() for e in embeds or []]
    pages = fit_message(content, written, lang)
    last = len(pages) - 1
    for number, page in enumerate(pages):
        await _send(
            interaction,
            page,
            written,
            ephemeral=ephemeral,
            view=view if number == last else None,
            file=file if number == 0 else None,
            allowed_mentions=allowed_mentions if number == 0 else None,
        )


class _Written(discord.Embed):
    """An embed already written as Discord's dict (issue 32): discord.py reads an embed
    it sends only through ``to_dict()`` (an interaction's answer, a followup, an edit, a
    channel message), so a page :func:`~bot.render.fit.fit_message` left as the reply's
    own ``to_dict()`` goes as it is, not rebuilt into an ``Embed`` to be written out
    again (a tenth of an /attack's reply)."""

    __slots__ = ("_written",)

    def __init__(self, written: dict[str, Any]) -> None:  # nothing of Embed's to set up
        self._written = written

    def to_dict(self) -> Any:
        return self._written

    def __repr__(self) -> str:  # Embed's would read the fields never set
        return f"<_Written {self._written!r}>"


@cache
def _bare(colour: int) -> dict[str, Any]:
    return discord.Embed(colour=colour).to_dict()  # type: ignore[return-value]


def embed(*, title: str, description: str, colour: int) -> discord.Embed:
    """An embed of a title, a description and a colour, written at once as discord.py's
    ``Embed.to_dict()`` writes it (its fields with nothing set, then these two when not
    empty): an action's result is sent without building an ``Embed`` (issue 32)."""
    written = dict(_bare(colour))
    if description:
        written["description"] = description
    if title:
        written["title"] = title
    return _Written(written)


def _embed(page: dict[str, Any], written: Sequence[dict[str, Any]]) -> discord.Embed:
    """A page's embed: the reply's own as written when fitting left it whole, else
    rebuilt from the page (cut, paged)."""
    if any(page is w for w in written):
        return _Written(page)
    return discord.Embed.from_dict(page)


def _message(
    page: Page,
    view: discord.ui.View | None,
    allowed_mentions: discord.AllowedMentions | None,
    written: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """``written``: the reply's embeds as ``to_dict()`` wrote them (sent as they are)."""
    kwargs: dict[str, Any] = {}
    if allowed_mentions is not None:
        kwargs["allowed_mentions"] = allowed_mentions
    if page.content is not None:
        kwargs["content"] = page.content
    if page.embeds:
        kwargs["embeds"] = [_embed(e, written) for e in page.embeds]
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def _send(
    interaction: discord.Interaction,
    page: Page,
    written: Sequence[dict[str, Any]],
    *,
    ephemeral: bool,
    view: discord.ui.View | None,
    file: discord.File | None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    kwargs = _message(page, view, allowed_mentions, written)
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
    written = [e.to_dict() for e in embeds or []]
    pages = fit_message(content, written, lang)
    for number, page in enumerate(pages):
        last = view if number == len(pages) - 1 else None
        mentions = allowed_mentions if number == 0 else None
        await channel.send(**_message(page, last, mentions, written))


def only_users(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions for exactly these users (a turn's players, the one on deck):
    never roles, everyone or the replied user."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in user_ids], roles=False, everyone=False, replied_user=False
    )


def only_user(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions for exactly one user (a turn's player, an effect's controller)."""
    return only_users((user_id,))
