"""Autocomplete for every command: combatant names, and the channel's system's own
suggestions (weapons, actions, conditions, body parts).

Combatant names are filtered by the one filter (:func:`bot.systems.lookup.matching`:
folded, contained), so what is offered is what the resolver accepts. A system suggests
through its plugin (``Plugin.suggest[kind](state, asker, typed)``; :func:`suggestions`
for an option of a system's own command).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot.app import ComodinBot
from bot.render.limits import CHOICE_NAME, CHOICE_VALUE, CHOICES, clip
from bot.systems import catalogue
from bot.systems.encounter import Encounter
from bot.systems.lookup import matching
from bot.systems.plugin import Asker, Suggestion

AUTOCOMPLETE_LIMIT = CHOICES
Choices = list[app_commands.Choice[str]]


def name_choices(names: Iterable[str]) -> Choices:
    """Autocomplete choices whose value is the name itself, at most 25, within Discord's
    100 characters (no name the bot accepts today is that long)."""
    return [
        app_commands.Choice(name=clip(n, CHOICE_NAME), value=clip(n, CHOICE_VALUE))
        for n in list(names)[:AUTOCOMPLETE_LIMIT]
    ]


def suggestion_choices(suggestions: Iterable[Suggestion]) -> Choices:
    """A system's ``(label, value)`` suggestions as choices, at most 25."""
    return [
        app_commands.Choice(name=clip(label, CHOICE_NAME), value=clip(value, CHOICE_VALUE))
        for label, value in list(suggestions)[:AUTOCOMPLETE_LIMIT]
    ]


async def _encounter(interaction: discord.Interaction) -> Encounter | None:
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    return await bot.encounters.get(interaction.channel_id or 0)


def command_name(interaction: discord.Interaction) -> str:
    """The command being typed as a move names it: ``"act"``, ``"react:with"``."""
    names: list[str] = []
    command: Any = getattr(interaction, "command", None)
    while command is not None:
        names.append(str(getattr(command, "name", "")))
        command = getattr(command, "parent", None)
    return ":".join(reversed([n for n in names if n]))


def focused_option(interaction: discord.Interaction) -> str:
    """The name of the option being typed (the one Discord marks ``focused``)."""

    def walk(options: list[dict[str, Any]]) -> str:
        for o in options:
            if o.get("focused"):
                return str(o.get("name", ""))
            found = walk(o.get("options", []))
            if found:
                return found
        return ""

    data: Any = getattr(interaction, "data", None) or {}
    return walk(data.get("options", []))


def asker(interaction: discord.Interaction, encounter: Encounter) -> Asker:
    """Who asks: the user, whether they are the encounter's GM, the ``actor`` typed so
    far and their language; the command, the option being typed and the other text
    options typed so far."""
    bot: ComodinBot = interaction.client  # type: ignore[assignment]
    user = interaction.user.id
    typed = {k: v for k, v in vars(interaction.namespace).items() if isinstance(v, str) and v}
    return Asker(
        user_id=user,
        is_gm=user == encounter.gm_id,
        actor=typed.get("actor"),
        lang=bot.language_for(interaction),
        command=command_name(interaction),
        option=focused_option(interaction),
        options=typed,
    )


async def system_choices(
    kind: str, interaction: discord.Interaction, encounter: Encounter, current: str
) -> Choices:
    """The channel's system's suggestions of ``kind`` for what was typed."""
    plugin = catalogue.plugin(encounter.system)
    suggest = plugin.suggest.get(kind)
    if suggest is None:
        return []
    return suggestion_choices(suggest(encounter.state, asker(interaction, encounter), current))


# -- the callbacks the cogs declare --------------------------------------------------------


async def combatant_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """Names of the channel's combatants containing what was typed (folded)."""
    encounter = await _encounter(interaction)
    if encounter is None:
        return []
    return name_choices(matching((c.name for c in encounter.state.combatants), current))


async def _system_autocomplete(
    kind: str, interaction: discord.Interaction, current: str
) -> Choices:
    encounter = await _encounter(interaction)
    if encounter is None:
        return []
    return await system_choices(kind, interaction, encounter, current)


def suggestions(kind: str) -> Callable[[discord.Interaction, str], Awaitable[Choices]]:
    """The autocomplete callback of an option of a system's own command: the channel's
    system's suggestions of ``kind`` (``@app_commands.autocomplete(action=
    suggestions("grant"))``); none in a channel whose system has no such kind."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        return await _system_autocomplete(kind, interaction, current)

    return complete


weapon_autocomplete = suggestions("weapon")
action_autocomplete = suggestions("action")
condition_autocomplete = suggestions("condition")
limb_autocomplete = suggestions("limb")
