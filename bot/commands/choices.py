"""Fixed choices of the shared options (range bands, cover, lighting, sides) and the
game systems a command can name, built from the catalogue."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.systems import catalogue

RANGE = [app_commands.Choice(name=_(n), value=n) for n in ("short", "medium", "long", "extreme")]
COVER = [
    app_commands.Choice(name=_(n), value=n) for n in ("light", "medium", "heavy", "near_total")
]
LIGHT = [app_commands.Choice(name=_(n), value=n) for n in ("dim", "dark", "pitch_black")]
SIDES = [
    app_commands.Choice(name=_("heroes"), value="heroes"),
    app_commands.Choice(name=_("foes"), value="foes"),
]


def system_choices() -> list[app_commands.Choice[str]]:
    """Every system in the catalogue, by its title (translated as ``cmd.<title>``).

    Read when a cog's module runs: discord.py runs an extension's module afresh each time
    it loads it, so a system installed in the catalogue before the bot starts (the tests'
    coin-flip duel) is offered, with no change to any cog."""
    return [app_commands.Choice(name=_(p.title), value=p.system) for p in catalogue.plugins()]
