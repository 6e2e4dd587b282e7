"""Savage Worlds in the catalogue. Still answered by the old handlers in ``cogs/``
(``legacy``) until phase B of issue 22 gives it its moves here, like
:mod:`bot.systems.ds20.plugin`."""

from __future__ import annotations

from bot.systems.plugin import Plugin
from bot.systems.swade.state import SwadeState

PLUGIN: Plugin[SwadeState] = Plugin(
    system="swade",
    title="Savage Worlds",
    state=SwadeState,
    renderers="bot.render.swade",
    legacy=True,
)
