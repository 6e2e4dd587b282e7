"""Turn pings (issue 18): when an action starts a turn, the reply that announces it
mentions the player who controls that combatant, and names who is on deck.

- Which turn: the channel's system says whose turn it is (``Plugin.turn``, a
  :class:`~bot.systems.plugin.Turn`); a turn starts when its ``mark`` after an action
  differs from the one before it (``/deal``, ``/next``, a Hold released, a Ritual Hex
  opportunity...), whatever command or button caused it.
- Whom: the players who control the combatants whose turn it is; a combatant the GM
  controls (no controller, or the GM's own) pings nobody. The encounter's ``pings``
  setting (``/encounter settings setting:pings value:off|turn|deck``) turns the mention
  off or adds the player on deck.
- Nothing else: the message's ``allowed_mentions`` names exactly the users its content
  mentions (both Discord doubles refuse a message that would allow more,
  :mod:`bot.render.discord_rules`); every other message allows none (``bot/app.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot import replies
from bot.commands.envelope_settings import EnvelopeSetting, answer
from bot.encounter.service import EncounterService
from bot.encounter.turns import turn_of
from bot.i18n import t
from bot.render.text import event_lines
from bot.render.waiting import reminders_line
from bot.systems import catalogue
from bot.systems.encounter import Encounter
from bot.systems.heroes import allowance_line
from bot.systems.pending import owners
from bot.systems.plugin import Show, Turn
from bot.systems.words import fold

if TYPE_CHECKING:
    from bot.commands.context import Ctx

PING_MODES = ("turn", "deck", "off")
# /encounter settings: what the setting and its values are called, in both languages.
SETTING_NAMES = frozenset({"pings", "ping", "menciones", "mencion", "avisos", "aviso"})
VALUES: dict[str, str] = {
    "turn": "turn", "turno": "turn", "on": "turn", "si": "turn", "yes": "turn",
    "deck": "deck", "next": "deck", "siguiente": "deck", "on deck": "deck",
    "a continuacion": "deck", "off": "off", "no": "off", "ninguno": "off", "none": "off",
}  # fmt: skip


@dataclass(frozen=True)
class Announcement:
    content: str
    allowed_mentions: discord.AllowedMentions
    users: tuple[int, ...]


def whose_turn(encounter: Encounter | None) -> Turn | None:
    """The channel's turn in progress, if its system has turns (kept for the state it is
    asked of: :func:`bot.encounter.turns.turn_of`, which the tests check)."""
    if encounter is None:
        return None
    plugin = catalogue.plugin(encounter.system)
    return turn_of(plugin, encounter.state, checked=EncounterService.check_inputs_unchanged)


def _players(encounter: Encounter, ids: Iterable[str]) -> list[int]:
    """The players who control these combatants (never the GM), each once."""
    return owners(encounter.state.combatants, ids, encounter.gm_id)


def _names(encounter: Encounter, ids: Iterable[str]) -> str:
    wanted = list(ids)
    by_id = {c.id: c.name for c in encounter.state.combatants}
    return ", ".join(by_id[i] for i in wanted if i in by_id)


def announcement(before: Turn | None, encounter: Encounter, lang: str) -> Announcement | None:
    """What the reply of an action that started a turn says first, and whom it may
    mention; None when no turn started."""
    after = whose_turn(encounter)
    if after is None or not after.now or (before is not None and before.mark == after.mark):
        return None
    mode = encounter.pings
    players = _players(encounter, after.now) if mode != "off" else []
    names = after.name or _names(encounter, after.now)
    if players:
        mention = " ".join(f"<@{u}>" for u in players)
        line = t("turn.ping.player", lang, mention=mention, names=names)
    else:
        line = t("turn.ping.gm", lang, names=names)
    deck_users: list[int] = []
    if after.on_deck:
        if mode == "deck":
            deck_users = [u for u in _players(encounter, after.on_deck) if u not in players]
        deck = after.deck_name or _names(encounter, after.on_deck)
        if deck_users:
            deck += " " + " ".join(f"<@{u}>" for u in deck_users)
        line += t("turn.ping.on_deck", lang, names=deck)
    users = (*players, *deck_users)
    return Announcement(line, replies.only_users(users), users)


# -- the setting -------------------------------------------------------------------------


def ping_mode(value: str | None) -> str | None:
    """The mode ``value`` names (in either language), or None."""
    if value is None:
        return None
    return VALUES.get(fold(value).strip().replace("-", " "))


def setting_line(encounter: Encounter, lang: str) -> str:
    return t("turn.ping.setting", lang, value=f"turn.ping.mode.{encounter.pings}")


def listing(encounter: Encounter, lang: str) -> discord.Embed:
    """``/encounter settings`` without a setting: this one, then the system's own (its
    ``encounter:settings`` move's :class:`~bot.systems.plugin.Show`), in one reply."""
    plugin = catalogue.plugin(encounter.system)
    move = plugin.move("encounter:settings")
    shown = move.play(move.read({}, plugin.system)) if move is not None else None
    if isinstance(shown, Show):
        lines = event_lines(shown.lines(encounter.state), lang)
        title = t(shown.title, lang)
    else:  # every system's own setting (issue 21)
        lines = event_lines([allowance_line(encounter.state)], lang)
        title = t("turn.ping.settings_title", lang)
    return discord.Embed(
        title=title,
        description="\n".join(
            [*lines, setting_line(encounter, lang), reminders_line(encounter, lang)]
        ),
    )


PINGS = EnvelopeSetting(
    SETTING_NAMES, "pings", lambda v: ping_mode(v), "turn.ping.error.value", setting_line
)


async def ping_settings(
    ctx: Ctx, encounter: Encounter, setting: str | None, value: str | None
) -> bool:
    """``/encounter settings`` for the turn pings setting; True when it answered. Without
    a setting, lists the settings (this one first; the system's follow, where it has
    them)."""
    if setting is None:
        await ctx.send(embed=listing(encounter, ctx.lang), ephemeral=True)
        return True
    return await answer(ctx, encounter, setting, value, PINGS)
