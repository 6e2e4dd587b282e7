"""``/encounter settings`` for a setting kept around the state, the same in every system
(``Encounter.pings``, issue 18; ``Encounter.reminders``, issue 27): its names in both
languages, how its value is read, and the line that says it. Without a value the line
is said privately; with one, only the GM changes it (not a rules action, not undoable)
and the line says the new value to the channel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.errors import UserError
from bot.systems.encounter import Encounter
from bot.systems.words import fold

if TYPE_CHECKING:
    from bot.commands.context import Ctx


@dataclass(frozen=True)
class EnvelopeSetting:
    """``names``: the setting as typed (folded); ``field``: the encounter's field;
    ``read``: a value as typed to the field's value, None when it is none; ``error``:
    the refusal's i18n key (``{value}``: what was typed), saying how to fix it;
    ``line``: the setting in words, in a language."""

    names: frozenset[str]
    field: str
    read: Callable[[str], Any | None]
    error: str
    line: Callable[[Encounter, str], str]

    def named(self, setting: str | None) -> bool:
        return setting is not None and fold(setting).strip() in self.names


async def answer(
    ctx: Ctx, encounter: Encounter, setting: str | None, value: str | None, which: EnvelopeSetting
) -> bool:
    """Answer ``/encounter settings`` when it names ``which``; True when it did."""
    if not which.named(setting):
        return False
    if value is None:
        await ctx.send(which.line(encounter, ctx.lang), ephemeral=True)
        return True
    if not ctx.actor(encounter).is_gm:
        raise UserError("encounter.gm_only")
    read = which.read(value)
    if read is None:
        raise UserError(which.error, value=value)
    await ctx.bot.encounters.set_envelope(ctx.channel_id, **{which.field: read})
    await ctx.send(which.line(encounter.model_copy(update={which.field: read}), ctx.lang))
    return True
