"""Reminders that follow an action: a custom effect ending this turn (issue 18) is said
to its controller, in a message that mentions that user and allows a mention of that
user only (``AllowedMentions(users=[...])``: no one else, no role, no @everyone). This
message is the one place the end is announced (the action's result leaves the line
out, :func:`bot.render.text.result_lines`). A GM's combatant (no controller) reminds the
encounter's GM.

The rules say it with ``*.effect.reminder`` events (``user_id``, ``combatant``,
``effect``); the text is in the server's language when it has one set (the message is
the channel's), else in the language of whoever ended the turn (usually the GM)."""

from __future__ import annotations

from bot import replies
from bot.commands.context import Ctx
from bot.i18n import t
from bot.render.text import is_reminder
from bot.systems.base import Outcome
from bot.systems.encounter import Encounter


async def follow_up(ctx: Ctx, encounter: Encounter, outcome: Outcome) -> None:
    """One message per reminder event of ``outcome``, each to its user alone."""
    for event in outcome.events:
        if not is_reminder(event):
            continue
        lang = ctx.bot.guild_locales.get(encounter.guild_id) or ctx.lang
        user = event.params.get("user_id") or encounter.gm_id
        text = t(
            "reminder.effect_ends",
            lang,
            user=f"<@{user}>",
            combatant=event.params.get("combatant", ""),
            effect=event.params.get("effect", ""),
        )
        await ctx.send(text, allowed_mentions=replies.only_user(int(user)))
