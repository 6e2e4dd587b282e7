"""Ritual Hex in the catalogue. Still answered by the old handlers in ``cogs/``
(``legacy``) until phase B of issue 22 gives it its moves here, like
:mod:`bot.systems.ds20.plugin`."""

from __future__ import annotations

from bot.systems.plugin import Plugin
from bot.systems.ritualhex.state import RitualHexState

PLUGIN: Plugin[RitualHexState] = Plugin(
    system="ritualhex",
    title="Ritual Hex",
    state=RitualHexState,
    renderers="bot.render.ritualhex",
    legacy=True,
)
