"""Dread S-20 in the catalogue (placeholder while the moves are written)."""

from __future__ import annotations

from bot.systems.ds20.state import DS20State
from bot.systems.plugin import Plugin

PLUGIN: Plugin[DS20State] = Plugin(
    system="ds20", title="Dread S-20", state=DS20State, renderers="bot.render.ds20", legacy=True
)
